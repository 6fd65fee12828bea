#if canImport(Glibc)
    import Glibc
#endif

/// What is wrong with a record's CSV syntax.
public struct CSVProblem: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// A quoted field that the input ends inside.
        case unterminatedQuote
        /// Text between a closing quote and the next delimiter (`"ab"c`).
        case textAfterQuote
        /// A record longer than the reader's limit: not held, not checked.
        case tooLong
    }
    public var kind: Kind
    /// Byte offset within the record's raw bytes.
    public var offset: Int
    /// The offending byte (the text after a closing quote, or the unclosed quote).
    public var byte: UInt8? = nil
}

/// One CSV record as read: its cells (unquoted, doubled quotes undone) and its raw bytes.
/// Everything points into the reader's buffers and is valid only during the callback.
public struct CSVRecord {
    /// The record exactly as it stood in the input, terminator included (for a rejects file).
    /// For an oversized record: empty (its bytes went to `overflow`).
    public var raw: UnsafeBufferPointer<UInt8>
    /// 1-based record number in its input (the header, when there is one, is record 1).
    public var number: Int
    /// 1-based physical line on which the record starts.
    public var line: Int
    /// The syntax problem of a malformed record; its cells are then best effort.
    public var problem: CSVProblem?
    /// The full length in bytes of an oversized record.
    public var oversizedLength: Int?
    /// The line terminator the record ended with: "\n", "\r\n", or "" at the end of input.
    public var terminator: UnsafeBufferPointer<UInt8>
    let cellBytes: UnsafeBufferPointer<UInt8>
    let cellEnds: UnsafeBufferPointer<Int>

    public var count: Int { cellEnds.count }

    /// Whether writing the record as a line needs a line break after `raw`: the input's last
    /// record had none — unless it ended inside an unterminated quote that holds one, whose
    /// raw bytes already end the line.
    public var needsTerminator: Bool { terminator.isEmpty && raw.last != 0x0A }

    /// The bytes of cell `index`.
    @inline(__always)
    public subscript(index: Int) -> UnsafeBufferPointer<UInt8> {
        let start = index == 0 ? 0 : cellEnds[index - 1]
        return UnsafeBufferPointer(rebasing: cellBytes[start..<cellEnds[index]])
    }

    /// Every cell decoded as text (invalid UTF-8 shown as U+FFFD): a header's names.
    public var texts: [String] { (0..<count).map { String(decoding: self[$0], as: UTF8.self) } }

    /// Whether the record is one empty line.
    public var isBlank: Bool { count == 1 && cellEnds[0] == 0 && problem == nil }
}

/// A streaming RFC 4180 reader: quoted fields, doubled quotes, delimiters and line breaks
/// inside quotes, CRLF or LF, a UTF-8 byte order mark at the start. It reads in large blocks
/// into one buffer and reuses its cell buffers, so memory stays flat whatever the file size;
/// a record longer than `maxRecordBytes` is streamed to `overflow` instead of held.
///
/// Lenient where RFC 4180 is silent and common files differ: a quote inside an unquoted
/// field is an ordinary character, and a lone CR is data.
public final class CSVReader {
    public let delimiter: UInt8
    public let maxRecordBytes: Int
    public static let blockSize = 1 << 18
    /// Called when the next read of the input would wait, as `RecordReader.beforeWaiting`
    /// is. Set it before reading starts.
    public var beforeWaiting: (() throws -> Void)? = nil

    /// The bytes read at a time, and the size chunk mode aims its chunks at.
    let blockSize: Int
    let chunkBytes: Int

    /// - Parameter chunked: whether records will be asked for as chunks (`CSVChunkHandler`).
    ///   Chunk mode needs `maxRecordBytes` of two blocks at least: such a reader reads blocks
    ///   of half `maxRecordBytes` when that is under the usual size, down to 16 KiB, so that
    ///   a limit of 32 KiB to 512 KiB still has chunks (smaller blocks cost more reads, so a
    ///   reader without chunks keeps the usual size).
    public convenience init(
        delimiter: UInt8 = UInt8(ascii: ","), maxRecordBytes: Int = RecordReader.defaultMaxRecordBytes,
        chunked: Bool = false
    ) {
        let half = maxRecordBytes / 2
        let block = chunked && half < Self.blockSize && half >= 1 << 14 ? half : Self.blockSize
        self.init(delimiter: delimiter, maxRecordBytes: maxRecordBytes, blockSize: block, chunkBytes: 1 << 14)
    }

    /// A reader with other block and chunk sizes: tests and fuzzing make them small, to cross
    /// their edges often. Chunk mode needs `maxRecordBytes` of at least two blocks.
    public init(delimiter: UInt8, maxRecordBytes: Int, blockSize: Int, chunkBytes: Int) {
        self.delimiter = delimiter
        self.maxRecordBytes = min(max(1, maxRecordBytes), RecordReader.largestMaxRecordBytes)
        self.blockSize = blockSize
        self.chunkBytes = chunkBytes
    }

    private enum State {
        case fieldStart, unquoted, quoted
        /// A quote inside a quoted field: a doubled quote or the closing one.
        case quoteInQuoted
        /// A CR right after a closing quote: the start of a CRLF, or malformed.
        case crAfterQuote
    }

    /// Reads `fd` to its end, calling `body` for each record in order.
    /// - Parameter overflow: receives, in order, every byte of each oversized record.
    public func forEachRecord(
        fd: Int32,
        overflow: (UnsafeBufferPointer<UInt8>) throws -> Void = { _ in },
        _ body: (CSVRecord) throws -> Void
    ) throws {
        try forEachRecord(fd: fd, overflow: overflow, chunks: nil, body)
    }

    /// Reads `fd` to its end, calling `body` for each record in order.
    /// - Parameters:
    ///   - overflow: receives, in order, every byte of each oversized record.
    ///   - chunks: once `ready`, takes the records as chunks of whole records instead of
    ///     `body` (chunk mode), in the same order, so that other threads read their cells.
    public func forEachRecord(
        fd: Int32,
        overflow: (UnsafeBufferPointer<UInt8>) throws -> Void = { _ in },
        chunks: CSVChunkHandler?,
        _ body: (CSVRecord) throws -> Void
    ) throws {
        // One byte more than a record and a block: the CR a record of the limit may end
        // with, kept while the next block is read.
        let capacity = maxRecordBytes + blockSize + 1
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        // The cells of the record in progress, unquoted. Raw memory, not an Array: appending
        // every cell to an Array (uniqueness check, generic copy) was a tenth of a CSV run.
        // A record's cells are never longer than its raw bytes, which the read buffer holds,
        // so a buffer as large never grows; only the pages written become resident.
        let cells = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { cells.deallocate() }
        // Where each cell of the record in progress ends: raw memory, for the reason `cells` is.
        var ends = GrowingBuffer<Int>()
        defer { ends.deallocate() }
        try read(
            buffer: buffer, capacity: capacity, cells: cells, ends: &ends, end: 0, fd: fd, chunks: chunks,
            overflow: overflow, number: 0, line: 1, body)
    }

    /// Calls `body` for each record of a chunk that chunk mode handed out, in order, with
    /// the numbers and lines they have in the input.
    public func forEachRecord(in chunk: CSVChunk, _ body: (CSVRecord) throws -> Void) throws {
        let cells = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, chunk.bytes.count))
        defer { cells.deallocate() }
        var ends = GrowingBuffer<Int>()
        defer { ends.deallocate() }
        try forEachRecord(in: chunk, cells: cells, ends: &ends, body)
    }

    /// `forEachRecord(in:)` into the caller's memory, which the records' cells then stay in:
    /// each record's cells follow the previous record's in `cells` (room for as many bytes
    /// as the chunk has), and its cell ends follow theirs in `ends`. A record batch keeps them
    /// so, instead of copying every record out.
    func forEachRecord(
        in chunk: CSVChunk, cells: UnsafeMutablePointer<UInt8>, ends: inout GrowingBuffer<Int>,
        _ body: (CSVRecord) throws -> Void
    ) throws {
        guard let start = chunk.bytes.baseAddress, chunk.bytes.count > 0 else { return }
        // Already in memory and whole: the reading below starts at the input's end, and
        // never writes to the buffer (it moves bytes only to make room for more).
        try read(
            buffer: UnsafeMutablePointer(mutating: start), capacity: chunk.bytes.count, cells: cells, ends: &ends,
            end: chunk.bytes.count, fd: nil, chunks: nil, overflow: { _ in }, number: chunk.firstNumber - 1,
            line: chunk.firstLine, body)
    }

    /// Reads records from `buffer[0..<end]` and then, with `fd`, from the input. Without `fd`
    /// (a chunk), records' cells and cell ends are laid one after another in `cells` and
    /// `ends`; with it, each record's take their start again.
    private func read(
        buffer: UnsafeMutablePointer<UInt8>, capacity: Int, cells: UnsafeMutablePointer<UInt8>,
        ends: inout GrowingBuffer<Int>, end: Int, fd: Int32?, chunks: CSVChunkHandler?,
        overflow: (UnsafeBufferPointer<UInt8>) throws -> Void, number: Int, line: Int,
        _ body: (CSVRecord) throws -> Void
    ) throws {
        var cellCount = 0
        // The record in progress's cells and cell ends start here.
        var cells = cells
        var endsStart = ends.count
        let keepsCells = fd == nil
        let delimiter = self.delimiter
        let quote = UInt8(ascii: "\"")
        let lf = UInt8(ascii: "\n")
        let cr = UInt8(ascii: "\r")
        let delimiterWord = UInt64(delimiter) &* 0x0101_0101_0101_0101
        let lfWord = UInt64(lf) &* 0x0101_0101_0101_0101

        var start = 0  // first byte of the current record in the buffer
        var position = 0  // next byte to look at
        var end = end  // bytes in the buffer
        var eof = fd == nil
        var firstBlock = fd != nil
        var state = State.fieldStart
        var number = number
        var line = line
        var recordLine = line
        // Chunk mode is left for a record longer than a chunk may be: it is read here,
        // and chunks may start again after it.
        var chunksAfter = 0
        var problem: CSVProblem? = nil
        var quoteStart = 0  // offset of the current quoted field's opening quote in the record
        var oversized: Int? = nil  // bytes of an oversized record streamed so far
        var consumedBefore = 0  // bytes of this record already moved out (oversized only)

        func finishRecord(terminatorLength: Int) throws {
            number += 1
            ends.append(cellCount)
            let rawLength = position - start
            // A record longer than the limit that still fit in the buffer is treated alike.
            if oversized == nil && rawLength - terminatorLength > maxRecordBytes { oversized = 0 }
            if let streamed = oversized {
                try overflow(UnsafeBufferPointer(start: buffer + start, count: rawLength))
                cellCount = 0
                ends.count = endsStart
                try body(
                    CSVRecord(
                        raw: UnsafeBufferPointer(start: buffer + start, count: 0), number: number, line: recordLine,
                        problem: CSVProblem(kind: .tooLong, offset: 0), oversizedLength: streamed + rawLength,
                        terminator: UnsafeBufferPointer(
                            start: buffer + position - terminatorLength, count: terminatorLength),
                        cellBytes: UnsafeBufferPointer(start: nil, count: 0),
                        cellEnds: UnsafeBufferPointer(start: nil, count: 0)))
            } else {
                try body(
                    CSVRecord(
                        raw: UnsafeBufferPointer(start: buffer + start, count: rawLength), number: number,
                        line: recordLine, problem: problem, oversizedLength: nil,
                        terminator: UnsafeBufferPointer(
                            start: buffer + position - terminatorLength, count: terminatorLength),
                        cellBytes: UnsafeBufferPointer(start: cells, count: cellCount),
                        cellEnds: UnsafeBufferPointer(start: ends.base + endsStart, count: ends.count - endsStart)))
            }
            if keepsCells {
                cells += cellCount
                endsStart = ends.count
            } else {
                ends.count = 0
            }
            cellCount = 0
            problem = nil
            oversized = nil
            consumedBefore = 0
            state = .fieldStart
            start = position
            recordLine = line
        }

        func offsetInRecord(_ index: Int) -> Int { consumedBefore + index - start }

        while true {
            // Parse what the buffer holds — once the start of the input is known not to be a
            // byte order mark, which a slow pipe may deliver a byte at a time.
            while position < end && (!firstBlock || eof) {
                let byte = buffer[position]
                switch state {
                case .fieldStart:
                    if byte == quote {
                        quoteStart = offsetInRecord(position)
                        state = .quoted
                        position += 1
                    } else {
                        state = .unquoted
                    }
                case .unquoted:
                    // The common case: unquoted cells one after another, copied as they are
                    // scanned (a cell is a few bytes: a call to copy them would cost more), eight
                    // bytes at a time while none of them ends the cell. Only a quote opening a
                    // cell, a line feed or the end of what the buffer holds goes back to the
                    // states. An oversized record's cells are copied too, and dropped: they fit
                    // as any record's do, and one loop serves both.
                    var scan = position
                    var count = cellCount
                    var atDelimiter = false
                    while true {
                        while scan &+ 8 <= end {
                            let word = UInt64(
                                littleEndian: UnsafeRawPointer(buffer + scan).loadUnaligned(as: UInt64.self))
                            UnsafeMutableRawPointer(cells + count).storeBytes(of: word.littleEndian, as: UInt64.self)
                            let stops = Self.zeroBytes(word ^ delimiterWord) | Self.zeroBytes(word ^ lfWord)
                            if stops != 0 {
                                let kept = stops.trailingZeroBitCount >> 3
                                count &+= kept
                                scan &+= kept
                                break
                            }
                            count &+= 8
                            scan &+= 8
                        }
                        while scan < end {
                            let b = buffer[scan]
                            if b == delimiter || b == lf { break }
                            cells[count] = b
                            count &+= 1
                            scan &+= 1
                        }
                        guard scan < end, buffer[scan] == delimiter else { break }
                        ends.append(count)
                        scan &+= 1
                        guard scan < end, buffer[scan] != quote else {
                            atDelimiter = true
                            break
                        }
                    }
                    cellCount = count
                    position = scan
                    if atDelimiter {
                        state = .fieldStart
                    } else if scan < end {
                        // LF ends the record; a CR before it belongs to the terminator.
                        var terminator = 1
                        if oversized == nil, cellCount > 0, cells[cellCount - 1] == cr, position > start,
                            buffer[position - 1] == cr
                        {
                            cellCount -= 1
                            terminator = 2
                        }
                        line += 1
                        position += 1
                        try finishRecord(terminatorLength: terminator)
                    }
                case .quoted:
                    var scan = position
                    while scan < end && buffer[scan] != quote {
                        if buffer[scan] == lf { line += 1 }
                        scan += 1
                    }
                    if oversized == nil {
                        (cells + cellCount).update(from: buffer + position, count: scan - position)
                        cellCount += scan - position
                    }
                    position = scan
                    if scan < end {
                        state = .quoteInQuoted
                        position += 1
                    }
                case .quoteInQuoted:
                    if byte == quote {
                        if oversized == nil {
                            cells[cellCount] = quote
                            cellCount += 1
                        }
                        state = .quoted
                        position += 1
                    } else if byte == delimiter {
                        ends.append(cellCount)
                        state = .fieldStart
                        position += 1
                    } else if byte == lf {
                        line += 1
                        position += 1
                        try finishRecord(terminatorLength: 1)
                    } else if byte == cr {
                        state = .crAfterQuote
                        position += 1
                    } else {
                        if problem == nil {
                            problem = CSVProblem(kind: .textAfterQuote, offset: offsetInRecord(position), byte: byte)
                        }
                        state = .unquoted
                    }
                case .crAfterQuote:
                    if byte == lf {
                        line += 1
                        position += 1
                        try finishRecord(terminatorLength: 2)
                    } else {
                        if problem == nil {
                            problem = CSVProblem(kind: .textAfterQuote, offset: offsetInRecord(position - 1), byte: cr)
                        }
                        if oversized == nil {
                            cells[cellCount] = cr
                            cellCount += 1
                        }
                        state = .unquoted
                    }
                }
            }
            if eof {
                if position > start || state != .fieldStart || ends.count > endsStart {
                    if state == .quoted, problem == nil {
                        problem = CSVProblem(kind: .unterminatedQuote, offset: quoteStart)
                    }
                    if state == .crAfterQuote, oversized == nil {
                        cells[cellCount] = cr
                        cellCount += 1
                    }
                    try finishRecord(terminatorLength: 0)
                }
                return
            }
            // The record in progress is incomplete: stream it out if too long, else compact. A
            // CR as the last byte read may begin the CRLF that ends it, and is not counted
            // until the next block tells: a record of exactly `maxRecordBytes` is not too long
            // for where a block happened to end (a pipe's reads, `--jobs`' smaller blocks).
            let pending = position - start - (position > start && buffer[position - 1] == cr ? 1 : 0)
            if oversized != nil || pending > maxRecordBytes {
                try overflow(UnsafeBufferPointer(start: buffer + start, count: position - start))
                oversized = (oversized ?? 0) + position - start
                consumedBefore += position - start
                cellCount = 0
                ends.count = 0
                position = 0
                end = 0
                start = 0
            } else if start > 0 {
                memmove(buffer, buffer + start, end - start)
                end -= start
                position -= start
                start = 0
            }
            guard let fd else { return }
            if let chunks, oversized == nil, !firstBlock, number >= chunksAfter, maxRecordBytes >= 2 * blockSize,
                chunks.ready()
            {
                // The record in progress, compacted to the buffer's start, is read again as
                // the start of the first chunk.
                position = 0
                line = recordLine
                cellCount = 0
                ends.count = 0
                problem = nil
                state = .fieldStart
                if try readChunks(
                    buffer: buffer, capacity: capacity, end: &end, fd: fd, chunks: chunks, number: &number, line: &line)
                {
                    return
                }
                recordLine = line
                chunksAfter = number + 1
                continue
            }
            // One block at a time, so only the pages in use become resident.
            if let beforeWaiting, readWouldWait(fd) { try beforeWaiting() }
            let got = try readBlock(fd, into: buffer + end, count: min(capacity - end, blockSize))
            if got == 0 {
                eof = true
            } else {
                end += got
            }
            if firstBlock && (end >= 3 || eof) {
                firstBlock = false
                // A UTF-8 byte order mark at the start of the input is not data.
                if end >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF {
                    memmove(buffer, buffer + 3, end - 3)
                    end -= 3
                }
            }
        }
    }

    /// Chunk mode: reads the rest of the input in blocks and hands whole records to `chunks`,
    /// about `chunkBytes` at a time, without reading their cells. `buffer[0..<end]` starts at a
    /// record's start. Returns true at the input's end; false, with the buffer holding a record
    /// that has no end in sight within `maxRecordBytes - blockSize` bytes (and `number` and
    /// `line` brought to its start), to read that record one by one.
    private func readChunks(
        buffer: UnsafeMutablePointer<UInt8>, capacity: Int, end: inout Int, fd: Int32, chunks: CSVChunkHandler,
        number: inout Int, line: inout Int
    ) throws -> Bool {
        var scanner = CSVBoundaryScanner(delimiter: delimiter)
        var scanned = 0
        var cutStart = 0
        var eof = false
        func hand(upTo cutEnd: Int, _ counts: (records: Int, lines: Int)) throws {
            try chunks.take(
                CSVChunk(
                    bytes: UnsafeBufferPointer(start: buffer + cutStart, count: cutEnd - cutStart),
                    firstNumber: number + 1, firstLine: line, records: counts.records))
            number += counts.records
            line += counts.lines
            cutStart = cutEnd
        }
        while true {
            while scanned < end {
                let windowEnd = min(end, scanned + chunkBytes)
                scanner.scan(buffer, from: scanned, to: windowEnd)
                scanned = windowEnd
                if scanner.lastBoundary - cutStart >= chunkBytes / 2 {
                    try hand(upTo: scanner.lastBoundary, scanner.cut())
                }
            }
            if eof {
                if end > cutStart { try hand(upTo: end, scanner.rest(end: end)) }
                return true
            }
            if let beforeWaiting, readWouldWait(fd) {
                // The input goes quiet: the whole records read so far are handed out, for the
                // caller to answer before it waits.
                if scanner.lastBoundary > cutStart { try hand(upTo: scanner.lastBoundary, scanner.cut()) }
                try beforeWaiting()
            }
            if end - cutStart > maxRecordBytes - blockSize && scanner.lastBoundary > cutStart {
                // Room for the next block, in which the record in progress may end.
                try hand(upTo: scanner.lastBoundary, scanner.cut())
            }
            if cutStart > 0 {
                memmove(buffer, buffer + cutStart, end - cutStart)
                end -= cutStart
                scanned -= cutStart
                scanner.moved(by: cutStart)
                cutStart = 0
            }
            // Every record of a chunk fits the limit: the one in progress, with the next block,
            // could not.
            if end > maxRecordBytes - blockSize { return false }
            let got: Int
            do {
                got = try readBlock(fd, into: buffer + end, count: min(capacity - end, blockSize))
            } catch {
                // The whole records read before the failure are checked and written, as one
                // thread, reading record by record, has checked and written them.
                if scanner.lastBoundary > cutStart { try hand(upTo: scanner.lastBoundary, scanner.cut()) }
                throw error
            }
            if got == 0 {
                eof = true
            } else {
                end += got
            }
        }
    }

    /// A word whose lowest set bit is the high bit of the first zero byte of `word` (in
    /// memory order, read little-endian), or 0 when it has none. Bits above that one may be
    /// set wrongly (a borrow), so only the lowest is to be read.
    @inline(__always)
    static func zeroBytes(_ word: UInt64) -> UInt64 { bytesBelow(word, 1) }

    /// `zeroBytes` for bytes below `bound` (at most 0x80): the lowest set bit is the high bit
    /// of the first byte of `word` less than `bound`, or 0 when none is.
    @inline(__always)
    static func bytesBelow(_ word: UInt64, _ bound: UInt8) -> UInt64 {
        (word &- UInt64(bound) &* 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
    }
}
