internal import CICU

/// Writes exact decimals in a locale and style through ICU, keeping every digit unless a
/// number of fraction digits is asked for (then rounding half-even, ICU's default).
final class NumberFormat {
    private let format: UnsafeMutablePointer<UNumberFormat?>
    private let style: NumberStyle
    /// The style whose digit counts the written value follows: the scientific style of a
    /// locale whose scientific pattern has no exponent (lo and si) writes a plain decimal,
    /// and keeps its fraction digits as the decimal style does (0.5 is `0,5`, not `0`).
    private let layout: NumberStyle
    /// The locale's digits, zero to nine, when they lie outside the BMP (ccp, ff_Adlm) in the
    /// scientific style: ICU 72 inserts a multi-digit exponent one UTF-16 unit per digit back
    /// (`ScientificModifier::apply`), splitting the surrogate pairs, so 1.2E11 comes out with lone
    /// surrogates. The format writes Latin digits instead and `string` maps them back.
    private let supplementaryDigits: [Unicode.Scalar]?
    private let fractionDigits: Int?
    private let mostFractionDigits: Int?
    /// The digits the currency is written with (2 for EUR, 0 for JPY).
    private let currencyDigits: Int

    /// - Parameter mostFractionDigits: the most fraction digits the field allows: a currency's
    ///   own digits are written only up to it (`12,5 €` under one, `1.234 €` under none).
    init(
        locale: LocaleID, style: NumberStyle, currency: String?, fractionDigits: Int?, mostFractionDigits: Int? = nil
    ) throws(ConfigurationError) {
        var status = U_ZERO_ERROR
        let icuStyle: UNumberFormatStyle =
            switch style {
            case .decimal, .integer: UNUM_DECIMAL
            case .percent: UNUM_PERCENT
            case .currency: UNUM_CURRENCY
            case .scientific: UNUM_SCIENTIFIC
            }
        guard let format = cicu_unum_open(icuStyle, nil, 0, locale.identifier, &status), !ICU.failed(status) else {
            throw ConfigurationError("ICU cannot open a \(style.rawValue) number format for \(locale)")
        }
        self.format = format
        self.style = style
        let pattern = ICU.utf16String { cicu_unum_toPattern(format, 0, $0, $1, &$2) } ?? ""
        layout = style == .scientific && !pattern.contains("E") ? .decimal : style
        supplementaryDigits = style == .scientific ? Self.substituteLatinDigits(format) : nil
        self.fractionDigits = fractionDigits
        self.mostFractionDigits = mostFractionDigits
        // Only a currency format takes the currency: given to a decimal one, ICU writes it with
        // the locale's currency separators (1 234$56 in pt_CV, 1,234.56 in en_DE).
        if let currency, style == .currency {
            let units = currency.uppercased().icuUnits
            cicu_unum_setTextAttribute(format, UNUM_CURRENCY_CODE, units, Int32(units.count), &status)
        }
        currencyDigits = Int(cicu_unum_getAttribute(format, UNUM_MIN_FRACTION_DIGITS))
        cicu_unum_setAttribute(format, UNUM_ROUNDING_MODE, Int32(UNUM_ROUND_HALFEVEN.rawValue))
        if style == .integer {
            cicu_unum_setAttribute(format, UNUM_MAX_FRACTION_DIGITS, 0)
        }
    }

    deinit { cicu_unum_close(format) }

    /// Gives `format` the Latin digits when its own lie outside the BMP, and returns its own.
    private static func substituteLatinDigits(_ format: UnsafeMutablePointer<UNumberFormat?>) -> [Unicode.Scalar]? {
        let symbols =
            [UNUM_ZERO_DIGIT_SYMBOL]
            + (0..<9).map { UNumberFormatSymbol(rawValue: UNUM_ONE_DIGIT_SYMBOL.rawValue + UInt32($0)) }
        let digits = symbols.map { symbol in
            ICU.utf16String { cicu_unum_getSymbol(format, symbol, $0, $1, &$2) }?.unicodeScalars.first
        }
        guard digits.contains(where: { ($0?.value ?? 0) > 0xFFFF }) else { return nil }
        let own = digits.compactMap { $0 }
        guard own.count == 10 else { return nil }
        for (value, symbol) in symbols.enumerated() {
            let latin = [UChar(0x30 + value)]
            var status = U_ZERO_ERROR
            cicu_unum_setSymbol(format, symbol, latin, 1, &status)
        }
        return own
    }

    /// The most digits a formatted number may have, unless the value itself has more
    /// significant digits. The exponent of an 11-byte value (`1E99999999`) would otherwise
    /// have ICU write a hundred million zeros; and ICU writes at most 999 fraction digits,
    /// rounding away (to 0 for `1E-2000`) any it cannot write.
    static let maximumDigits = 1_000

    /// Why `value` cannot be formatted with every digit (in the integer style, a fraction;
    /// else within `maximumDigits`), or nil when it can.
    func refusal(_ value: ExactDecimal) -> NumberProblem? {
        // Formatting keeps every digit: the integer style rounds only when asked to.
        if layout == .integer && fractionDigits == nil && value.exponent < 0 {
            return .integerStyleDropsFraction(canonical: value.description)
        }
        let count = digitCount(value)
        guard count > max(Self.maximumDigits, value.digits.count) else { return nil }
        return .formattedTooLong(
            canonical: value.description, digits: count, maximum: Self.maximumDigits, scientific: style == .scientific)
    }

    /// How many digits `string(value)` writes (the mantissa's in the scientific style).
    private func digitCount(_ value: ExactDecimal) -> Int {
        let scale = layout == .percent ? 2 : 0
        // Clamped: no count may overflow, whatever exponent a reader let through.
        let exponent = min(max(value.exponent, -(1 << 40)), 1 << 40)
        let integerDigits = max(1, value.digits.count + exponent + scale)
        switch layout {
        case .scientific: return max(value.digits.count, (fractionDigits ?? 0) + 1)
        case .integer: return integerDigits
        default: return integerDigits + fractionDigitRange(value).max
        }
    }

    /// The fewest and most fraction digits written for `value` (not in the integer style).
    private func fractionDigitRange(_ value: ExactDecimal) -> (min: Int, max: Int) {
        let shift = layout == .percent ? 2 : 0
        var digits = fractionDigits ?? max(0, value.fractionDigitCount - shift)
        // The scale written stays (9583105164.80 is 9.583.105.164,80 in de_DE), as ICU
        // writes a decimal with a scale.
        let written = min(max(0, value.scale - shift), ExactDecimal.maximumWrittenScale)
        if layout == .scientific && fractionDigits == nil { digits = max(0, value.digits.count - 1) }
        if layout == .currency && fractionDigits == nil {
            // Never fewer digits than the currency writes (1.5 € is 1,50 €) unless the field
            // allows fewer, never lose one.
            let least = min(max(currencyDigits, written), mostFractionDigits ?? .max)
            return (least, max(digits, least))
        }
        if layout == .scientific || layout == .integer { return (fractionDigits ?? 0, max(digits, 0)) }
        return (fractionDigits ?? written, max(digits, fractionDigits ?? written))
    }

    func string(_ value: ExactDecimal) -> String {
        var value = value
        var mostFractionDigits = 0
        if style != .integer {
            let range = fractionDigitRange(value)
            cicu_unum_setAttribute(format, UNUM_MIN_FRACTION_DIGITS, Int32(clamping: range.min))
            cicu_unum_setAttribute(format, UNUM_MAX_FRACTION_DIGITS, Int32(clamping: range.max))
            mostFractionDigits = range.max
        }
        // A negative value that rounds to zero is written as zero: ICU writes -0.4 with no
        // fraction digit as -0, and zero has no sign. A percent is the value times 100.
        if value.negative && layout != .scientific
            && value.roundsToZero(keepingFractionDigits: mostFractionDigits + (layout == .percent ? 2 : 0))
        {
            value.negative = false
        }
        let text = value.description
        guard
            // Room for the digits, a separator every few and the affixes, so that a long value
            // is formatted once (a second call, after ICU says the size, doubles the work).
            let written = ICU.utf16String(
                capacity: text.utf8.count * 3 / 2 + 64,
                { cicu_unum_formatDecimal(format, text, Int32(text.utf8.count), $0, $1, &$2) })
        else { return text }
        guard let digits = supplementaryDigits else { return written }
        var scalars = String.UnicodeScalarView()
        for scalar in written.unicodeScalars {
            let value = Int(scalar.value) - 0x30
            scalars.append(0 <= value && value < 10 ? digits[value] : scalar)
        }
        return String(scalars)
    }
}
