internal import CICU

/// Everything `fieldcheck locale` shows about a locale: what its numbers and dates look
/// like, the characters it writes, and placeholder examples.
public struct LocaleReport: Sendable {
    public var locale: LocaleID
    /// The locale's name in English.
    public var name: String
    public var numbers: NumberSymbols
    /// Date pattern of each style, in `DateStyle.allCases` order.
    public var datePatterns: [(style: DateStyle, pattern: String)]
    /// The locale's main exemplar characters as a UnicodeSet pattern.
    public var exemplarCharacters: String
    /// 1234.56 and -1234.56 written in the locale's decimal style.
    public var exampleNumbers: [String]
    /// 13 April 2026 written in each date style.
    public var exampleDates: [(style: DateStyle, text: String)]

    public init(_ locale: LocaleID) {
        self.locale = locale
        name = LocaleID.displayName(locale.identifier)
        numbers = NumberSymbols(locale: locale)
        datePatterns = DateStyle.allCases.map { ($0, DatePatterns.pattern(for: $0, locale: locale)) }
        var status = U_ZERO_ERROR
        if let set = cicu_exemplarSet(locale.identifier, ULOCDATA_ES_STANDARD, &status), !ICU.failed(status) {
            exemplarCharacters = CharacterSetHandle(owning: set).pattern
        } else {
            exemplarCharacters = ""
        }
        exampleNumbers = ["1234.56", "-1234.56"].map { NumberSymbols.formatExample($0, locale: locale) }
        exampleDates = datePatterns.map {
            ($0.style, DatePatterns.format(year: 2026, month: 4, day: 13, pattern: $0.pattern, locale: locale))
        }
    }
}

extension NumberSymbols {
    /// An exact decimal written in the locale's default decimal style, every digit kept.
    static func formatExample(_ decimal: String, locale: LocaleID) -> String {
        var status = U_ZERO_ERROR
        guard let format = cicu_unum_open(UNUM_DECIMAL, nil, 0, locale.identifier, &status) else { return decimal }
        defer { cicu_unum_close(format) }
        cicu_unum_setAttribute(format, UNUM_MAX_FRACTION_DIGITS, 1000)
        return ICU.utf16String { cicu_unum_formatDecimal(format, decimal, Int32(decimal.utf8.count), $0, $1, &$2) }
            ?? decimal
    }
}
