/// A field's length rule as a value and its example must keep it: the least and most, counted
/// in the field's unit (`FieldSpec.lengthUnit`, graphemes through the field's ICU counter).
/// The field checks values with it, and hands it to a typed validator, whose example must fit
/// the same rule in the same unit.
struct LengthRule {
    let least: Int?
    let most: Int?
    /// The length of a text in the field's unit.
    let length: (String) -> Int

    /// No rule: every length is admitted.
    static var none: LengthRule { LengthRule(least: nil, most: nil, length: { $0.unicodeScalars.count }) }

    /// Whether `text`'s length is within the rule.
    func admits(_ text: String) -> Bool {
        guard least != nil || most != nil else { return true }
        let count = length(text)
        return count >= least ?? 0 && count <= most ?? Int.max
    }
}

extension LengthUnit {
    /// The length of `value` in this unit; graphemes as `counter` breaks them.
    func count(_ value: String, graphemes counter: GraphemeCounter) -> Int {
        switch self {
        case .graphemes: counter.count(value)
        case .scalars: value.unicodeScalars.count
        case .utf16: value.utf16.count
        case .bytes: value.utf8.count
        }
    }
}
