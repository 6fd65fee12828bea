/// One finding about a row: about a cell (with its column), or about the row's shape.
public struct CellProblem: Sendable {
    /// The column's name; nil for a finding about the whole row.
    public var column: String?
    /// 0-based index of the cell in the record; nil for the whole row.
    public var field: Int?
    /// The cell as read (the empty string for a whole-row finding).
    public var input: String
    public var diagnostic: Diagnostic
    /// The resource a `foreign_key` problem's value was looked up in.
    public var reference: String? = nil
}

/// What the table made of one row. One value is reused for every row (its buffers keep
/// their capacity), so a row costs no allocation when its cells take the fast path.
public struct RowResult {
    public var errors: [CellProblem] = []
    public var warnings: [CellProblem] = []
    /// Which cells were rejected.
    public var rejectedCells: Set<Int> = []
    /// The canonical bytes of the accepted checked cells, one after another, up to
    /// `outputEnd`; the bytes after it are room the fast path writes into, kept between rows.
    var outputBytes: [UInt8] = []
    var outputEnd = 0
    /// Where each cell's canonical form lies in `outputBytes` (nil: write the cell as read).
    var outputRanges: [Range<Int>?] = []
    /// The accepted cells of unique columns, whose values `checkUniqueness` has yet to look
    /// up, in column order: the column, where in `errors` a repeat is reported, where the
    /// value lies in `outputBytes`, and its record form and hash (worked out on the thread
    /// that checked it).
    var pendingUnique: [(column: Int, errorPosition: Int, value: Range<Int>, prepared: UniqueSet.Prepared)] = []
    /// The input to report for a pending column when it is not the cell as read (rare: a
    /// number taken out of its surrounding text).
    var pendingInputs: [(column: Int, input: String)] = []

    public init() {}

    @inlinable public var isValid: Bool { errors.isEmpty }

    /// The canonical form of cell `index`, or nil when the cell is to be written as read.
    public func normalized(_ index: Int) -> ArraySlice<UInt8>? {
        guard index < outputRanges.count, let range = outputRanges[index] else { return nil }
        return outputBytes[range]
    }

    mutating func reset(cells: Int) {
        if !errors.isEmpty { errors.removeAll(keepingCapacity: true) }
        if !warnings.isEmpty { warnings.removeAll(keepingCapacity: true) }
        if !rejectedCells.isEmpty { rejectedCells.removeAll(keepingCapacity: true) }
        if !pendingUnique.isEmpty { pendingUnique.removeAll(keepingCapacity: true) }
        if !pendingInputs.isEmpty { pendingInputs.removeAll(keepingCapacity: true) }
        outputEnd = 0
        // Rows mostly have the same number of cells: clear the ranges in place.
        if outputRanges.count == cells {
            outputRanges.withUnsafeMutableBufferPointer { ranges in
                for index in ranges.indices { ranges[index] = nil }
            }
        } else {
            outputRanges.removeAll(keepingCapacity: true)
            outputRanges.append(contentsOf: repeatElement(nil, count: cells))
        }
    }

    /// Puts `text` after the other canonical bytes; returns its range.
    mutating func append(_ text: String) -> Range<Int> {
        return text.withUTF8Bytes { utf8 in
            appendOutput(room: utf8.count) { at in
                if let base = utf8.baseAddress { at.update(from: base, count: utf8.count) }
                return utf8.count
            }
        }!
    }

    /// Lets `write` put a cell's canonical bytes (at most `room`) after the others; returns
    /// their range, or nil when `write` returns nil.
    mutating func appendOutput(room: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Int?) -> Range<Int>? {
        if outputBytes.count < outputEnd + room {
            outputBytes.append(contentsOf: repeatElement(0, count: outputEnd + room - outputBytes.count + 256))
        }
        let start = outputEnd
        guard let length = outputBytes.withUnsafeMutableBufferPointer({ write($0.baseAddress! + start) }) else {
            return nil
        }
        outputEnd += length
        return start..<outputEnd
    }
}
