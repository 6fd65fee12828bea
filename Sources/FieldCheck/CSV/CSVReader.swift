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

    public init(delimiter: UInt8 = UInt8(ascii: ","), maxRecordBytes: Int = RecordReader.defaultMaxRecordBytes) {
        self.delimiter = delimiter
        self.maxRecordBytes = min(max(1, maxRecordBytes), 64 << 20)
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
        let capacity = maxRecordBytes + Self.blockSize
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        var cells: [UInt8] = []
        cells.reserveCapacity(4096)
        var ends: [Int] = []
        ends.reserveCapacity(64)
        let delimiter = self.delimiter
        let quote = UInt8(ascii: "\"")
        let lf = UInt8(ascii: "\n")
        let cr = UInt8(ascii: "\r")

        var start = 0  // first byte of the current record in the buffer
        var position = 0  // next byte to look at
        var end = 0  // bytes in the buffer
        var eof = false
        var firstBlock = true
        var state = State.fieldStart
        var number = 0
        var line = 1
        var recordLine = 1
        var problem: CSVProblem? = nil
        var quoteStart = 0  // offset of the current quoted field's opening quote in the record
        var oversized: Int? = nil  // bytes of an oversized record streamed so far
        var consumedBefore = 0  // bytes of this record already moved out (oversized only)

        func finishRecord(terminatorLength: Int) throws {
            number += 1
            ends.append(cells.count)
            let rawLength = position - start
            // A record longer than the limit that still fit in the buffer is treated alike.
            if oversized == nil && rawLength - terminatorLength > maxRecordBytes { oversized = 0 }
            if let streamed = oversized {
                try overflow(UnsafeBufferPointer(start: buffer + start, count: rawLength))
                cells.removeAll(keepingCapacity: true)
                ends = [0]
                try body(
                    CSVRecord(
                        raw: UnsafeBufferPointer(start: buffer + start, count: 0), number: number, line: recordLine,
                        problem: CSVProblem(kind: .tooLong, offset: 0), oversizedLength: streamed + rawLength,
                        terminator: UnsafeBufferPointer(
                            start: buffer + position - terminatorLength, count: terminatorLength),
                        cellBytes: UnsafeBufferPointer(start: nil, count: 0),
                        cellEnds: UnsafeBufferPointer(start: nil, count: 0)))
            } else {
                try cells.withUnsafeBufferPointer { cellBytes in
                    try ends.withUnsafeBufferPointer { cellEnds in
                        try body(
                            CSVRecord(
                                raw: UnsafeBufferPointer(start: buffer + start, count: rawLength), number: number,
                                line: recordLine, problem: problem, oversizedLength: nil,
                                terminator: UnsafeBufferPointer(
                                    start: buffer + position - terminatorLength, count: terminatorLength),
                                cellBytes: cellBytes, cellEnds: cellEnds))
                    }
                }
            }
            cells.removeAll(keepingCapacity: true)
            ends.removeAll(keepingCapacity: true)
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
                    // The common case: run to the next delimiter or line feed.
                    var scan = position
                    while scan < end {
                        let b = buffer[scan]
                        if b == delimiter || b == lf { break }
                        scan += 1
                    }
                    if oversized == nil {
                        cells.append(contentsOf: UnsafeBufferPointer(start: buffer + position, count: scan - position))
                    }
                    position = scan
                    guard scan < end else { break }
                    if buffer[scan] == delimiter {
                        ends.append(cells.count)
                        state = .fieldStart
                        position += 1
                    } else {
                        // LF ends the record; a CR before it belongs to the terminator.
                        var terminator = 1
                        if oversized == nil, cells.last == cr, position > start, buffer[position - 1] == cr {
                            cells.removeLast()
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
                        cells.append(contentsOf: UnsafeBufferPointer(start: buffer + position, count: scan - position))
                    }
                    position = scan
                    if scan < end {
                        state = .quoteInQuoted
                        position += 1
                    }
                case .quoteInQuoted:
                    if byte == quote {
                        if oversized == nil { cells.append(quote) }
                        state = .quoted
                        position += 1
                    } else if byte == delimiter {
                        ends.append(cells.count)
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
                        if oversized == nil { cells.append(cr) }
                        state = .unquoted
                    }
                }
            }
            if eof {
                if position > start || state != .fieldStart || !ends.isEmpty {
                    if state == .quoted, problem == nil {
                        problem = CSVProblem(kind: .unterminatedQuote, offset: quoteStart)
                    }
                    if state == .crAfterQuote, oversized == nil { cells.append(cr) }
                    try finishRecord(terminatorLength: 0)
                }
                return
            }
            // The record in progress is incomplete: stream it out if too long, else compact.
            if oversized != nil || position - start > maxRecordBytes {
                try overflow(UnsafeBufferPointer(start: buffer + start, count: position - start))
                oversized = (oversized ?? 0) + position - start
                consumedBefore += position - start
                cells.removeAll(keepingCapacity: true)
                ends.removeAll(keepingCapacity: true)
                position = 0
                end = 0
                start = 0
            } else if start > 0 {
                memmove(buffer, buffer + start, end - start)
                end -= start
                position -= start
                start = 0
            }
            // One block at a time, so only the pages in use become resident.
            let got = try readBlock(fd, into: buffer + end, count: min(capacity - end, Self.blockSize))
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
}
