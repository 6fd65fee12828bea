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
        let needsQuotes = cell.contains { $0 == delimiter || $0 == quote || $0 == 0x0A || $0 == 0x0D }
        guard needsQuotes else {
            if let base = cell.baseAddress { target.update(from: base, count: cell.count) }
            return cell.count
        }
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

    /// Appends a row to `output`: each cell in its canonical form when `normalized` and the
    /// table made one, else as read; the rejected cells empty when `blankRejected`; then
    /// `newline` (the file's own line ending).
    public static func write(
        _ record: CSVRecord, _ result: RowResult, blankRejected: Bool, normalized: Bool, delimiter: UInt8,
        newline: [UInt8], to output: FieldOutput
    ) {
        newline.withUnsafeBufferPointer { newline in
            _ = output.appendFast(room: room(for: record, result, newline: newline.count)) {
                write(
                    record, result, blankRejected: blankRejected, normalized: normalized, delimiter: delimiter,
                    newline: newline, at: $0)
            }
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
