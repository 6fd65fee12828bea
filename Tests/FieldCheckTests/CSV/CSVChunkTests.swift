import Glibc
import Testing

@testable import FieldCheck

/// Chunk mode (`csv --jobs`): the reading thread hands out whole records found by
/// `CSVBoundaryScanner`, and other threads read their cells. Whatever the bytes, the records
/// read from the chunks must be the records `CSVReader` reads one by one: same bytes, cells,
/// numbers, lines, problems and terminators, and every oversized record still streamed.
@Suite struct CSVChunkTests {
    /// One thing the reader handed out, in order.
    enum Event: Equatable, CustomStringConvertible {
        case record(number: Int, line: Int, raw: [UInt8], cells: [[UInt8]], problem: CSVProblem?, terminator: [UInt8])
        case oversized(number: Int, line: Int, length: Int, terminator: [UInt8])
        case overflow([UInt8])

        init(_ record: CSVRecord) {
            if let length = record.oversizedLength {
                self = .oversized(
                    number: record.number, line: record.line, length: length, terminator: Array(record.terminator))
            } else {
                self = .record(
                    number: record.number, line: record.line, raw: Array(record.raw),
                    cells: (0..<record.count).map { Array(record[$0]) }, problem: record.problem,
                    terminator: Array(record.terminator))
            }
        }

        var description: String {
            switch self {
            case .record(let number, let line, let raw, _, let problem, _):
                "record \(number) line \(line) \(String(decoding: raw, as: UTF8.self).debugDescription) \(problem.map { "\($0)" } ?? "")"
            case .oversized(let number, let line, let length, _): "oversized \(number) line \(line) \(length) bytes"
            case .overflow(let bytes): "overflow \(bytes.count) bytes"
            }
        }
    }

    /// Reads `bytes` through a file, one record at a time or, once past the first record,
    /// in chunks; overflow pieces are joined, since only their order and bytes matter.
    static func read(_ bytes: [UInt8], reader: CSVReader, chunked: Bool) throws -> (events: [Event], chunks: Int) {
        try withTemporaryFile(holding: bytes) { fd in try read(fd: fd, reader: reader, chunked: chunked) }
    }

    /// Chunks are read alternately as `csv --jobs` reads them, through one record batch reused
    /// (taken whole, read into the batch's memory, walked), and with `forEachRecord(in:)`.
    static func read(fd: Int32, reader: CSVReader, chunked: Bool) throws -> (events: [Event], chunks: Int) {
        var events: [Event] = []
        var chunks = 0
        var chunkProblems: [String] = []
        let batch = CSVRecordBatch()
        let handler = CSVChunkHandler(
            ready: { !events.isEmpty },
            take: { chunk in
                chunks += 1
                var count = 0
                func add(_ record: CSVRecord) {
                    if record.oversizedLength != nil { chunkProblems.append("oversized record in a chunk") }
                    events.append(Event(record))
                    count += 1
                }
                if chunks % 2 == 0 {
                    try reader.forEachRecord(in: chunk, add)
                } else {
                    batch.removeAll()
                    batch.take(chunk)
                    try batch.readChunk(with: reader)
                    batch.forEach { add($1) }
                }
                if count != chunk.records { chunkProblems.append("chunk said \(chunk.records) records, held \(count)") }
            })
        try reader.forEachRecord(
            fd: fd,
            overflow: { piece in
                if case .overflow(let before) = events.last {
                    events[events.count - 1] = .overflow(before + Array(piece))
                } else {
                    events.append(.overflow(Array(piece)))
                }
            }, chunks: chunked ? handler : nil
        ) { events.append(Event($0)) }
        #expect(chunkProblems.isEmpty, "\(chunkProblems.prefix(3))")
        return (events, chunks)
    }

    /// Returns how many chunks the chunked reading handed out.
    @discardableResult
    static func expectSame(_ bytes: [UInt8], reader: CSVReader, minimumChunks: Int = 1) throws -> Int {
        let one = try read(bytes, reader: reader, chunked: false)
        let chunked = try read(bytes, reader: reader, chunked: true)
        #expect(chunked.chunks >= minimumChunks)
        guard one.events != chunked.events else { return chunked.chunks }
        let index =
            Array(zip(one.events, chunked.events)).firstIndex { $0 != $1 }
            ?? min(one.events.count, chunked.events.count)
        Issue.record(
            """
            records differ at event \(index) of \(one.events.count) (chunked: \(chunked.events.count)):
            one by one: \(one.events[min(index, one.events.count - 1)])
            chunked:    \(chunked.events[min(index, chunked.events.count - 1)])
            input: \(String(decoding: bytes, as: UTF8.self).debugDescription.prefix(2000))
            """)
        return chunked.chunks
    }

    /// Random bytes drawn from what moves the state machine — quotes at a field's start and
    /// inside fields, doubled, closing with text after them, CR before and after quotes, blank
    /// lines, a byte order mark, no final newline, unterminated quotes, records over the limit
    /// — read with small blocks and chunks so that every edge falls everywhere.
    @Test(arguments: [",", ";", "\t"])
    func randomBytesReadAlike(delimiter: Character) throws {
        let separator = UInt8(ascii: delimiter.unicodeScalars.first!)
        let pieces: [[UInt8]] = [
            [0x61], [0x62, 0x63], [separator], [0x22], [0x22, 0x22], [0x0A], [0x0D, 0x0A], [0x0D], [separator, 0x22],
            [0x0A, 0x22], [0x22, separator], [0x22, 0x0A], [0x22, 0x0D, 0x0A], [0x22, 0x0D, 0x61], [0xC3, 0xA9],
        ]
        var generator = SeededGenerator(seed: 0xC4C4 &+ UInt64(separator))
        var chunks = 0
        for round in 0..<400 {
            var bytes: [UInt8] = round % 7 == 0 ? [0xEF, 0xBB, 0xBF] : []
            let target = Int.random(in: 0...3000, using: &generator)
            // Mostly plain rows with a few quotes, so that chunks are cut; sometimes long runs
            // without a line end, over the limit.
            let quoteHeavy = round % 3 == 0
            while bytes.count < target {
                if !quoteHeavy && Int.random(in: 0..<4, using: &generator) > 0 {
                    bytes += Array("x\(round),yy\(bytes.count)".utf8) + [0x0A]
                } else if Int.random(in: 0..<60, using: &generator) == 0 {
                    bytes += [UInt8](repeating: 0x7A, count: Int.random(in: 100...400, using: &generator))
                } else {
                    bytes += pieces.randomElement(using: &generator)!
                }
            }
            let reader = CSVReader(
                delimiter: separator, maxRecordBytes: [128, 160, 300][round % 3], blockSize: 64,
                chunkBytes: [8, 16, 40][round % 3])
            chunks += try Self.expectSame(bytes, reader: reader, minimumChunks: 0)
        }
        // Many inputs are too short or too tangled for chunks; the comparison means something
        // only if many others went through chunk mode.
        #expect(chunks > 1000, "\(chunks) chunks in all")
    }

    /// Well-formed rows with quoted fields holding delimiters, quotes and line breaks: chunks
    /// are cut (many of them), and read back alike.
    @Test func quotedLineBreaksAcrossChunkEdges() throws {
        var bytes = Array("id,text\n".utf8)
        for index in 0..<2000 {
            let row = index % 3 == 0 ? "\(index),\"a,\"\"b\"\"\nc\"\r\n" : "\(index),plain \(index)\n"
            bytes += Array(row.utf8)
        }
        try Self.expectSame(
            bytes, reader: CSVReader(delimiter: 0x2C, maxRecordBytes: 1 << 12, blockSize: 512, chunkBytes: 100),
            minimumChunks: 50)
        // And at the command line's sizes.
        try Self.expectSame(bytes + bytes + bytes + bytes + bytes, reader: CSVReader(), minimumChunks: 0)
    }

    /// A record longer than the limit in the middle of chunked reading is read one record at
    /// a time (streamed to overflow), and chunks start again after it.
    /// `csv --jobs --max-record-bytes 100000`: a reader made for chunks reads blocks of half
    /// the limit, so that chunk mode still runs (with 256 KiB blocks it needs a limit of
    /// 512 KiB), and records longer than the limit less a block go one by one. Under a limit
    /// of 32 KiB there are no chunks: blocks would be too small to read.
    @Test(arguments: [(100_000, true), (40_000, true), (20_000, false)])
    func aSmallerLimitStillHasChunks(limit: Int, chunked: Bool) throws {
        var bytes = Array("id,text\n".utf8)
        var index = 0
        while bytes.count < 600_000 {
            // Now and then a record of a quarter of the limit, inside a chunk; once, one of
            // three quarters, past the limit less a block: read one by one.
            let length = index % 997 == 0 ? limit / 4 : index == 20_000 ? limit * 3 / 4 : 0
            let text = length > 0 ? String(repeating: "x", count: length) : "plain \(index)"
            bytes += Array("\(index),\"\(text)\"\n".utf8)
            index += 1
        }
        let reader = CSVReader(delimiter: 0x2C, maxRecordBytes: limit, chunked: true)
        let chunks = try Self.expectSame(bytes, reader: reader, minimumChunks: 0)
        #expect(chunked ? chunks > 20 : chunks == 0, "\(chunks) chunks")
    }

    @Test func oversizedRecordLeavesChunkModeAndComesBack() throws {
        var bytes: [UInt8] = []
        for index in 0..<300 { bytes += Array("\(index),row\n".utf8) }
        bytes += Array("big,\"".utf8) + [UInt8](repeating: 0x41, count: 5000) + Array("\n\"\n".utf8)
        for index in 0..<300 { bytes += Array("\(index),after\n".utf8) }
        let reader = CSVReader(delimiter: 0x2C, maxRecordBytes: 1000, blockSize: 256, chunkBytes: 64)
        try Self.expectSame(bytes, reader: reader, minimumChunks: 20)
        let events = try Self.read(bytes, reader: reader, chunked: true).events
        #expect(events.contains { if case .oversized(_, _, 5008, _) = $0 { true } else { false } })
    }
}
