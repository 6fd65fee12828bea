/// The values a field allows (Table Schema's `enum`), compared in the canonical form the
/// field writes: a value is looked up, not compared with each in turn. A rule of the field,
/// not of a table, so that a line command (`fieldcheck as … --rule enum=[…]`), a csv column
/// and the prompt refuse the same values with the same `not_in_enum`.
struct AllowedValues: Sendable {
    private let values: Set<String>
    /// Numbers keep the scale written (3.00), but compare as values: `3.00` is in `enum: [3]`.
    let comparesAsNumbers: Bool
    /// The values as a `not_in_enum` message lists them, built once per field: as the field's
    /// input writes them (`'3,5'` for `3.5` in de_DE, a boolean's first word), so that a value
    /// copied from the message is one the field reads.
    let listed: String

    /// `written` gives how the field's input writes a canonical value.
    init(_ values: [String], comparesAsNumbers: Bool, written: (String) -> String = { $0 }) {
        self.comparesAsNumbers = comparesAsNumbers
        self.values = Set(
            values.map { value in Array(value.utf8).withUnsafeBufferPointer { Self.compared($0, comparesAsNumbers) } })
        listed = Self.listed(values.prefix(Self.shown).map(written), of: values.count)
    }

    /// Whether the canonical value `bytes` is one of the values.
    func contains(canonical bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        values.contains(Self.compared(bytes, comparesAsNumbers))
    }

    /// Whether the canonical value `value` is one of the values.
    func contains(_ value: String) -> Bool {
        var value = value
        return value.withUTF8 { contains(canonical: $0) }
    }

    /// The part of a canonical value that compares, as text.
    private static func compared(_ bytes: UnsafeBufferPointer<UInt8>, _ asNumber: Bool) -> String {
        String(decoding: bytes[comparedRange(0..<bytes.count, in: bytes, asNumber: asNumber)], as: UTF8.self)
    }

    /// The part of a canonical value at `range` of `bytes` that compares: a decimal number
    /// (`asNumber`) without the zeros that end its fraction (`3.10` compares as `3.1`, `3.00`
    /// as `3`); anything else whole.
    static func comparedRange(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>, asNumber: Bool) -> Range<Int> {
        guard asNumber, let point = bytes[range].firstIndex(of: UInt8(ascii: ".")),
            !bytes[range].contains(UInt8(ascii: "E"))
        else { return range }
        var end = range.upperBound
        while end > point + 1 && bytes[end - 1] == UInt8(ascii: "0") { end -= 1 }
        if end == point + 1 { end = point }
        return range.lowerBound..<end
    }

    /// The values of an `enum` as a message lists them: the first few, each quoted (and cut as
    /// any quoted value is), then how many more, so that a list of ten 1 MB values does not
    /// put 10 MB on stderr for every value that misses it.
    static func listed(_ values: [String], of count: Int) -> String {
        let list = values.prefix(shown).map(quoted).joined(separator: ", ")
        return count > shown ? list + " and \(count - shown) more" : list
    }

    /// How many values a message lists.
    static let shown = 5
}
