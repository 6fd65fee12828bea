/// Writes CSV the way RFC 4180 asks: a cell is quoted when it holds the delimiter, a quote,
/// CR or LF, and quotes inside it are doubled.
public enum CSVWriter {
    public static func append(
        _ cell: UnsafeBufferPointer<UInt8>, delimiter: UInt8, to out: inout [UInt8]
    ) {
        let room = cell.count * 2 + 2
        let start = out.count
        out.append(contentsOf: repeatElement(0, count: room))
        let written = out.withUnsafeMutableBufferPointer {
            write(cell, delimiter: delimiter, at: $0.baseAddress! + start)
        }
        out.removeLast(room - written)
    }

    /// Writes one cell at `target`, which has room for `2 * cell.count + 2` bytes; returns
    /// how many bytes it wrote.
    static func write(
        _ cell: UnsafeBufferPointer<UInt8>, delimiter: UInt8, at target: UnsafeMutablePointer<UInt8>
    ) -> Int {
        let quote = UInt8(ascii: "\"")
        // Copied while looking for a byte that needs quotes (a cell is a few bytes: a scan,
        // then a call to copy them, cost twice as much): eight bytes at a time while none is
        // the delimiter or below 0x23 (quote, LF and CR all are), then byte by byte.
        var index = 0
        let count = cell.count
        if count >= 8, let base = cell.baseAddress {
            let delimiterWord = UInt64(delimiter) &* 0x0101_0101_0101_0101
            while index &+ 8 <= count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                guard !mayHoldQuoted(word, delimiterWord) else { break }
                UnsafeMutableRawPointer(target + index).storeBytes(of: word.littleEndian, as: UInt64.self)
                index &+= 8
            }
        }
        while index < count {
            let byte = cell[index]
            if needsQuotes(byte, delimiter) { break }
            target[index] = byte
            index &+= 1
        }
        guard index < count else { return count }
        var end = 0
        target[end] = quote
        end += 1
        for byte in cell {
            if byte == quote {
                target[end] = quote
                end += 1
            }
            target[end] = byte
            end += 1
        }
        target[end] = quote
        return end + 1
    }

    /// Whether `cell` must be quoted: it holds the delimiter, a quote, CR or LF.
    static func needsQuotes(_ cell: UnsafeBufferPointer<UInt8>, _ delimiter: UInt8) -> Bool {
        guard let base = cell.baseAddress else { return false }
        let count = cell.count
        var index = 0
        let delimiterWord = UInt64(delimiter) &* 0x0101_0101_0101_0101
        while index &+ 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            if mayHoldQuoted(word, delimiterWord) { break }
            index &+= 8
        }
        while index < count {
            if needsQuotes(base[index], delimiter) { return true }
            index &+= 1
        }
        return false
    }

    /// Whether a byte makes its cell need quotes: the delimiter, a quote, LF or CR.
    @inline(__always)
    static func needsQuotes(_ byte: UInt8, _ delimiter: UInt8) -> Bool {
        byte == delimiter || (byte < 0x23 && (byte == UInt8(ascii: "\"") || byte == 0x0A || byte == 0x0D))
    }

    /// Whether eight bytes may hold one that needs quotes: one equal to the delimiter
    /// (`delimiterWord` repeats it) or below 0x23 (quote, LF and CR all are), by the reader's
    /// byte tests; the bytes are then looked at one by one.
    @inline(__always)
    static func mayHoldQuoted(_ word: UInt64, _ delimiterWord: UInt64) -> Bool {
        CSVReader.zeroBytes(word ^ delimiterWord) | CSVReader.bytesBelow(word, 0x23) != 0
    }

    /// Appends a row to `output`: each cell in its canonical form when `normalized` and the
    /// table made one, else as read; the rejected cells empty when `blankRejected`; then
    /// `newline` (the file's own line ending).
    public static func write(
        _ record: CSVRecord, _ result: RowResult, blankRejected: Bool, normalized: Bool, delimiter: UInt8,
        newline: CSVNewline, to output: FieldOutput
    ) {
        let newline = newline.bytes
        _ = output.appendFast(room: room(for: record, result, newline: newline.count)) {
            write(
                record, result, blankRejected: blankRejected, normalized: normalized, delimiter: delimiter,
                newline: newline, at: $0)
        }
    }

    /// The most bytes `write(_:_:…)` can write for a row: every cell quoted, every byte a
    /// quote to double.
    static func room(for record: CSVRecord, _ result: RowResult, newline: Int) -> Int {
        2 * (record.cellBytes.count + result.outputEnd) + 3 * record.count + newline
    }

    /// Writes a row at `target` (room for `room(for:_:newline:)` bytes): each cell in its
    /// canonical form when `normalized` and the table made one, else as read; the rejected
    /// cells empty when `blankRejected`. Returns how many bytes it wrote.
    static func write(
        _ record: CSVRecord, _ result: RowResult, blankRejected: Bool, normalized: Bool, delimiter: UInt8,
        newline: UnsafeBufferPointer<UInt8>, at target: UnsafeMutablePointer<UInt8>
    ) -> Int {
        result.outputBytes.withUnsafeBufferPointer { canonical in
            var end = 0
            for index in 0..<record.count {
                if index > 0 {
                    target[end] = delimiter
                    end += 1
                }
                if blankRejected && result.rejectedCells.contains(index) { continue }
                var cell = record[index]
                if normalized, index < result.outputRanges.count, let range = result.outputRanges[index] {
                    cell = UnsafeBufferPointer(rebasing: canonical[range])
                }
                end += write(cell, delimiter: delimiter, at: target + end)
            }
            // A row of one empty cell is written `""`, as RFC 4180 writers do: a blank line is
            // no row at all to Python's csv, pandas and DuckDB.
            if end == 0 && record.count == 1 {
                target[0] = UInt8(ascii: "\"")
                target[1] = UInt8(ascii: "\"")
                end = 2
            }
            if let base = newline.baseAddress { (target + end).update(from: base, count: newline.count) }
            return end + newline.count
        }
    }
}

/// How a file's rewritten rows end: "\n" or "\r\n", as its first record did (what `CSVReader`
/// reads as a terminator). Held in static memory: handing it to every row counts no references,
/// as an array of its bytes did.
public struct CSVNewline: Sendable, Equatable {
    private let crlf: Bool

    public static let lf = CSVNewline(crlf: false)
    public static let crlf = CSVNewline(crlf: true)

    private init(crlf: Bool) { self.crlf = crlf }

    /// The ending of a record read: CRLF when it is "\r\n", else LF.
    public init(terminator: UnsafeBufferPointer<UInt8>) {
        crlf = terminator.count == 2
    }

    public var bytes: UnsafeBufferPointer<UInt8> {
        let text: StaticString = crlf ? "\r\n" : "\n"
        return UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
    }
}
