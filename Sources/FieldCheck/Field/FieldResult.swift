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
    var table: [Int]? = nil

    func original(_ index: Int) -> Int {
        guard let table else { return index + shift }
        if index < table.count { return table[index] }
        return (table.last.map { $0 + 1 } ?? shift) + (index - table.count)
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
