/// The number conventions `infer` tries (`FieldType.number`'s candidates): one per way of
/// writing numbers — decimal mark, grouping, digits — in the plain, percent and currency forms.
extension InferenceCandidate {
    /// Built once: opening the currency forms costs ICU a number format each.
    static let allNumbers = numbers()

    /// Number conventions, most widely used first: the order ranks candidates that read a
    /// column alike. Each locale stands for every locale that reads numbers as it does.
    static func numbers() -> [InferenceCandidate] {
        let table: [(String, String, String, String)] = [
            ("en_US", ".", ", (groups of 3)", "latn"),
            ("de_DE", ",", ". (groups of 3)", "latn"),
            ("fr_FR", ",", "space (U+202F, U+00A0 or U+0020; groups of 3)", "latn"),
            ("de_CH", ".", "’ or ' (groups of 3)", "latn"),
            ("en_IN", ".", ", (lakh: 3, then 2)", "latn"),
            ("ar_EG", "٫", "٬ (groups of 3)", "arab"),
            ("fa_IR", "٫", "٬ (groups of 3)", "arabext"),
            ("bn_BD", ".", ", (lakh: 3, then 2)", "beng"),
            ("mr_IN", ".", ", (lakh: 3, then 2)", "deva"),
        ]
        // Locales whose plain numbers read as one above but whose currency is written its own
        // way (`21 613,01 zł`, `R$ 88.391,29`, `€ 12,50`, `£1,234.50`): their currency form alone.
        let currencies: [(String, String, String, String)] = [
            ("en_GB", ".", ", (groups of 3)", "latn"),
            ("ja_JP", ".", ", (groups of 3)", "latn"),
            ("zh_CN", ".", ", (groups of 3)", "latn"),
            ("ko_KR", ".", ", (groups of 3)", "latn"),
            ("pt_BR", ",", ". (groups of 3)", "latn"),
            ("nl_NL", ",", ". (groups of 3)", "latn"),
            ("da_DK", ",", ". (groups of 3)", "latn"),
            ("tr_TR", ",", ". (groups of 3)", "latn"),
            ("pl_PL", ",", "space (U+00A0 or U+0020; groups of 3)", "latn"),
            ("cs_CZ", ",", "space (U+00A0 or U+0020; groups of 3)", "latn"),
            ("hu_HU", ",", "space (U+00A0 or U+0020; groups of 3)", "latn"),
            ("sv_SE", ",", "space (U+00A0 or U+0020; groups of 3)", "latn"),
            ("nb_NO", ",", "space (U+00A0 or U+0020; groups of 3)", "latn"),
            ("ru_RU", ",", "space (U+00A0 or U+0020; groups of 3)", "latn"),
        ]
        var list: [InferenceCandidate] = []
        // Plain decimals first, then the locales' percent and currency forms (`12,5 %`,
        // `1.234,56 €`), read by the same styles `number --style` reads.
        for style in [NumberStyle.decimal, .percent, .currency] {
            for (id, decimal, grouping, digits) in table + (style == .currency ? currencies : []) {
                guard let locale = try? LocaleID(id) else { continue }
                list.append(number(locale, style: style, decimal: decimal, grouping: grouping, digits: digits))
            }
        }
        return list
    }

    /// The plain, percent and currency forms of one locale's numbers, described as the built-in
    /// conventions are (so that a facet they share reads alike): what `infer --locale` adds
    /// when the locale is none of them (ja_JP writes numbers as en_US does; the schema then
    /// names ja_JP).
    static func numbers(of locale: LocaleID) -> [InferenceCandidate] {
        let symbols = NumberSymbols(locale: locale)
        let separator = symbols.groupingSeparator
        let size =
            symbols.secondaryGroupingSize != symbols.primaryGroupingSize
            ? "lakh: \(symbols.primaryGroupingSize), then \(symbols.secondaryGroupingSize)"
            : "groups of \(symbols.primaryGroupingSize)"
        let grouping =
            switch separator {
            case "\u{202F}": "space (U+202F, U+00A0 or U+0020; \(size))"
            case "\u{A0}", " ": "space (U+00A0 or U+0020; \(size))"
            case "’", "'": "’ or ' (\(size))"
            default: "\(separator) (\(size))"
            }
        return [NumberStyle.decimal, .percent, .currency].map { style in
            number(
                locale, style: style, decimal: symbols.decimalSeparator, grouping: grouping,
                digits: symbols.numberingSystem)
        }
    }

    /// One locale's numbers in one style. A currency form the locale has not fails to open
    /// where `infer` opens the candidates, which drops it: opened here to see, each would cost
    /// ICU a number format twice.
    private static func number(
        _ locale: LocaleID, style: NumberStyle, decimal: String, grouping: String, digits: String
    ) -> InferenceCandidate {
        let id = locale.identifier
        var number = NumberSpec()
        number.style = style
        let spec = FieldSpec(kind: .number(number), locale: locale)
        let symbols = NumberSymbols(locale: locale)
        let what: String =
            switch style {
            case .percent: "percent (\(symbols.percentSign))"
            case .currency: "currency (\(symbols.currencyCode ?? "?"))"
            default: "plain"
            }
        return InferenceCandidate(
            name: style == .decimal ? id : "\(id) \(style.rawValue)", type: .number, spec: spec,
            facets: [("decimal mark", decimal), ("grouping", grouping), ("digits", digits), ("form", what)],
            schemaKeys: [("locale", id)] + (style == .decimal ? [] : [("style", style.rawValue)]))
    }
}
