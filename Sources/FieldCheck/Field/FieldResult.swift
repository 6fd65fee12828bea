/// What the pipeline made of one value.
public struct FieldResult: Sendable, Hashable {
    /// The input as decoded (invalid UTF-8 shown with U+FFFD).
    public var input: String
    /// The canonical value when accepted (`-1234.56`, `2026-04-13`, or the transformed text).
    public var value: String?
    /// The value formatted for another locale, style or pattern, when one was asked for.
    public var output: String?
    /// The ISO 4217 code of the currency a currency-style number was written in.
    public var currency: String?
    /// Why the value was rejected; empty when it was accepted.
    public var errors: [Diagnostic] = []
    /// Changes made to an accepted value (a space read as the grouping separator).
    public var warnings: [Diagnostic] = []
    /// Characters `--strip` removed.
    public var removed: [Diagnostic] = []

    /// Whether `redacted` made this: the input, value and output are left out.
    public var isRedacted = false

    public init(input: String) { self.input = input }

    public var isValid: Bool { errors.isEmpty }

    /// What stdout gets for an accepted value.
    public var emitted: String? { output ?? value }
}

/// Maps scalar offsets in the working value back to offsets in the raw input, across the
/// stages that move characters (trim, normalization, stripping, case mapping).
struct OffsetMap: Sendable {
    /// Offset of the working value's first scalar in the input, when nothing else moved.
    var shift = 0
    /// The input offset of every scalar of the working value, once a stage rewrote it.
    var table: OffsetTable? = nil

    func original(_ index: Int) -> Int {
        guard let table else { return index + shift }
        if index < table.count { return table[index] }
        return (table.last.map { $0 + 1 } ?? shift) + (index - table.count)
    }
}

/// The input offsets of a rewritten value's scalars, stored as runs of evenly spaced offsets
/// rather than one integer per scalar: a stage that keeps most characters in place (strip,
/// case mapping, normalization) makes a few runs, so a 16 MB value does not cost 128 MB of
/// offsets. Offsets are appended in order, one per scalar of the rewritten value.
struct OffsetTable: Sendable {
    /// Where each run starts in the rewritten value, its first input offset, and the step
    /// between the input offsets of its consecutive scalars (0 when one input character
    /// became several, 2 when every other character was removed).
    private var starts: [Int] = []
    private var origins: [Int] = []
    private var steps: [Int] = []
    private(set) var count = 0
    private(set) var last: Int? = nil

    init() {}

    /// How many runs the offsets take.
    var runCount: Int { starts.count }

    mutating func append(_ offset: Int) {
        defer {
            count += 1
            last = offset
        }
        if let run = starts.indices.last {
            let length = count - starts[run]
            if length == 1 {
                steps[run] = offset - origins[run]
                return
            }
            if origins[run] + length * steps[run] == offset { return }
        }
        starts.append(count)
        origins.append(offset)
        steps.append(0)
    }

    mutating func append(_ offset: Int, times: Int) {
        for _ in 0..<times { append(offset) }
    }

    subscript(index: Int) -> Int {
        // The last run that starts at or before `index`.
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= index { low = middle } else { high = middle - 1 }
        }
        return origins[low] + (index - starts[low]) * steps[low]
    }

    /// Drops the offsets past the first `newCount`.
    mutating func truncate(to newCount: Int) {
        guard newCount < count else { return }
        var kept = OffsetTable()
        for index in 0..<newCount { kept.append(self[index]) }
        self = kept
    }
}

extension String {
    /// The Unicode scalars as an array, in one pass (`Array(unicodeScalars)` counts them first,
    /// then copies: two passes, on every value the full pipeline reads).
    var scalarArray: [Unicode.Scalar] {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(utf8.count)
        for scalar in unicodeScalars { scalars.append(scalar) }
        return scalars
    }
}
