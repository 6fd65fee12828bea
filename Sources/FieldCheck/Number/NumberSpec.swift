/// How a number is written.
public enum NumberStyle: String, Sendable, Hashable, CaseIterable {
    case decimal, integer, percent, currency, scientific
}

/// The rules and output of a number field.
public struct NumberSpec: Sendable, Hashable {
    public var style: NumberStyle = .decimal
    /// The ISO 4217 currency expected under the currency style; the locale's own when nil.
    public var currency: String? = nil
    /// No fraction and no exponent.
    public var integerOnly = false
    public var allowNegative = true
    public var allowExponent = true
    /// Whether grouping separators may appear (Table Schema's number without `groupChar`
    /// allows none).
    public var allowGrouping = true
    public var minimum: ExactDecimal? = nil
    public var maximum: ExactDecimal? = nil
    public var maxFractionDigits: Int? = nil
    /// ICU's lenient parsing instead of fieldcheck's strict reading.
    public var lenient = false
    /// Format accepted values for this locale…
    public var toLocale: LocaleID? = nil
    /// …in this style (the input style when nil).
    public var toStyle: NumberStyle? = nil
    /// Round the formatted output to this many fraction digits (half-even).
    public var fractionDigits: Int? = nil
    /// The decimal separator, instead of the locale's (Table Schema's `decimalChar`): one
    /// character.
    public var decimalSeparator: String? = nil
    /// The grouping separator, instead of the locale's (Table Schema's `groupChar`): one
    /// character, or empty for none.
    public var groupingSeparator: String? = nil
    /// Under the percent style, whether a value is the number as written (5% is 5, as Table
    /// Schema's `bareNumber: false` reads it in other tools) rather than the fraction it
    /// stands for (0.05, ICU's reading). The form is checked alike either way.
    public var percentAsWritten = false
    /// Table Schema's special values of a `number`: `NaN`, `INF` and `-INF` (in any case),
    /// read as themselves and written so. The line command's own policy refuses them.
    public var specialValues = false

    public init() {}

    /// Whether output is formatted rather than canonical.
    public var formatsOutput: Bool { toLocale != nil || toStyle != nil || fractionDigits != nil }

    /// Whether only whole numbers are read: `integerOnly`, or the integer style.
    var wholeOnly: Bool { integerOnly || style == .integer }

    /// The most fraction digits a value may be written with: none for whole numbers, else
    /// `maxFractionDigits` (nil: any).
    var mostFractionDigits: Int? { wholeOnly ? 0 : maxFractionDigits }

    /// The power of ten from a value to its digits as written: 2 for a percent (0.001 is
    /// written 0.1 %), 0 otherwise. Fraction digits and wholeness are counted as written.
    /// A percent read as written is its digits as written.
    var writtenScale: Int { style == .percent && !percentAsWritten ? 2 : 0 }

    /// The power of ten from a value to the fraction a percent format writes: -2 for a
    /// percent read as written (5 is 5 %), 0 otherwise.
    var fractionShift: Int { percentAsWritten && style == .percent ? -2 : 0 }
}
