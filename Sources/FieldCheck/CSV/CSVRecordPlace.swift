/// Where a finding's character stands in the file a record was read from: the physical line
/// and the column on it, as an editor or a GitHub annotation counts them.
///
/// A cell's offsets count the scalars of the cell as read (unquoted, doubled quotes undone);
/// the file has the quotes, and a quoted cell may span lines. Reading the record's raw bytes
/// again with the reader's grammar maps one onto the other, only for a finding that is shown.
public struct CSVPlace: Sendable, Hashable {
    /// 1-based physical line of the file.
    public var line: Int
    /// 1-based column on that line, in Unicode scalars.
    public var column: Int
}

extension CSVRecord {
    /// The place of scalar `scalar` (0-based) of cell `cell`, or of the cell's end when
    /// `scalar` is its length (a quoted cell's closing quote: an empty `""` is placed at its
    /// second quote); nil when the record has no such cell or its bytes were not held.
    public func place(ofCell cell: Int, scalar: Int, delimiter: UInt8) -> CSVPlace? {
        guard !raw.isEmpty, cell >= 0, scalar >= 0 else { return nil }
        let quote = UInt8(ascii: "\"")
        var index = 0
        var current = 0
        // Whether the cell being walked is quoted and still inside its quotes.
        var quoted = false
        var scalarsSeen = 0
        var atCellStart = true
        // The closing quote of the cell looked for, where its end is placed.
        var closingQuote: Int? = nil
        while index < raw.count {
            let byte = raw[index]
            if atCellStart {
                atCellStart = false
                if byte == quote {
                    quoted = true
                    index += 1
                    continue
                }
            }
            var isContent = true
            if quoted {
                if byte == quote {
                    if index + 1 < raw.count, raw[index + 1] == quote {
                        // A doubled quote is one quote of the cell: the first stands for it.
                        if current == cell && scalarsSeen == scalar { return place(ofByte: index) }
                        scalarsSeen += current == cell ? 1 : 0
                        index += 2
                        continue
                    }
                    quoted = false
                    isContent = false
                    if current == cell { closingQuote = index }
                }
            } else if byte == delimiter || byte == UInt8(ascii: "\n")
                || (byte == UInt8(ascii: "\r") && index + 1 < raw.count && raw[index + 1] == UInt8(ascii: "\n"))
            {
                if current == cell { return place(ofByte: closingQuote ?? index) }
                guard byte == delimiter else { return nil }
                current += 1
                scalarsSeen = 0
                atCellStart = true
                isContent = false
            }
            if isContent && current == cell && byte & 0xC0 != 0x80 {
                if scalarsSeen == scalar { return place(ofByte: index) }
                scalarsSeen += 1
            }
            index += 1
        }
        return current == cell ? place(ofByte: closingQuote ?? raw.count) : nil
    }

    /// The place of byte `offset` of cell `cell`'s content as read (an `invalid_utf8`
    /// finding's offset): the bytes before it are well-formed, so their scalars are counted.
    public func place(ofCell cell: Int, byte offset: Int, delimiter: UInt8) -> CSVPlace? {
        guard cell >= 0, cell < count else { return nil }
        let content = self[cell]
        let before = content[..<min(max(offset, 0), content.count)]
        return place(ofCell: cell, scalar: scalarCount(ofWellFormed: before), delimiter: delimiter)
    }

    /// The place of byte `offset` of the record's raw bytes (a syntax problem's offset).
    public func place(ofByte offset: Int) -> CSVPlace? {
        guard !raw.isEmpty, offset >= 0, offset <= raw.count else { return nil }
        var line = line
        var column = 1
        for byte in raw[..<offset] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return CSVPlace(line: line, column: column)
    }
}
