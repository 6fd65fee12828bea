internal import CICU

/// Writes exact decimals in a locale and style through ICU, keeping every digit unless a
/// number of fraction digits is asked for (then rounding half-even, ICU's default).
final class NumberFormat {
    private let format: UnsafeMutablePointer<UNumberFormat?>
    private let style: NumberStyle
    private let fractionDigits: Int?
    /// The digits the currency is written with (2 for EUR, 0 for JPY).
    private let currencyDigits: Int

    init(locale: LocaleID, style: NumberStyle, currency: String?, fractionDigits: Int?) throws(ConfigurationError) {
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
        self.fractionDigits = fractionDigits
        if let currency {
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

    func string(_ value: ExactDecimal) -> String {
        if style != .integer {
            var digits =
                fractionDigits ?? (style == .percent ? max(0, value.fractionDigitCount - 2) : value.fractionDigitCount)
            if style == .scientific && fractionDigits == nil { digits = max(0, value.digits.count - 1) }
            if style == .currency && fractionDigits == nil {
                // Never fewer digits than the currency writes (1.5 € is 1,50 €), never lose one.
                cicu_unum_setAttribute(format, UNUM_MIN_FRACTION_DIGITS, Int32(currencyDigits))
                cicu_unum_setAttribute(format, UNUM_MAX_FRACTION_DIGITS, Int32(max(digits, currencyDigits)))
            } else {
                cicu_unum_setAttribute(format, UNUM_MIN_FRACTION_DIGITS, Int32(fractionDigits ?? 0))
                cicu_unum_setAttribute(format, UNUM_MAX_FRACTION_DIGITS, Int32(max(digits, 0)))
            }
        }
        let text = value.description
        return ICU.utf16String { cicu_unum_formatDecimal(format, text, Int32(text.utf8.count), $0, $1, &$2) } ?? text
    }
}
