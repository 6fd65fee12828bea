/// The number conventions `infer` tries (`FieldType.number`'s candidates): one per way of
/// writing numbers — decimal mark, grouping, digits — in the plain, percent and currency forms.
extension InferenceCandidate {
    /// Built once: opening the currency forms costs ICU a number format each.
    static let allNumbers = numbers()

    /// Number conventions, most widely used first: the order ranks candidates that read a
    /// column alike. Each locale stands for every locale that reads numbers as it does.
    static func numbers() -> [InferenceCandidate] {
        let plain = ["en_US", "de_DE", "fr_FR", "de_CH", "en_IN", "ar_EG", "fa_IR", "bn_BD", "mr_IN"]
        // Locales whose plain numbers read as one above but whose currency is written its own
        // way (`21 613,01 zł`, `R$ 88.391,29`, `€ 12,50`, `£1,234.50`): their currency form alone.
        let currencies = [
            "en_GB", "ja_JP", "zh_CN", "ko_KR", "pt_BR", "nl_NL", "da_DK", "tr_TR", "pl_PL", "cs_CZ", "hu_HU",
            "sv_SE", "nb_NO", "ru_RU",
        ]
        let forms = (plain + currencies).compactMap { try? LocaleID($0) }.map(numbers(of:))
        // Plain decimals first, then the locales' percent and currency forms (`12,5 %`,
        // `1.234,56 €`), read by the same styles `number --style` reads.
        return styles.indices.flatMap { style in
            forms.prefix(styles[style] == .currency ? forms.count : plain.count).map { $0[style] }
        }
    }

    /// The forms `infer` reads numbers in, in rank order.
    static let styles = [NumberStyle.decimal, .percent, .currency]

    /// The plain, percent and currency forms of one locale's numbers (`styles`), described by
    /// its symbols: the conventions above, and what `infer --locale` adds when the locale is
    /// none of them (ja_JP writes numbers as en_US does; the schema then names ja_JP). A
    /// currency form the locale has not fails to open where `infer` opens the candidates,
    /// which drops it: opened here to see, each would cost ICU a number format twice.
    static func numbers(of locale: LocaleID) -> [InferenceCandidate] {
        let symbols = NumberSymbols(locale: locale)
        let id = locale.identifier
        let size =
            symbols.secondaryGroupingSize != symbols.primaryGroupingSize
            ? "lakh: \(symbols.primaryGroupingSize), then \(symbols.secondaryGroupingSize)"
            : "groups of \(symbols.primaryGroupingSize)"
        let grouping =
            switch symbols.groupingSeparator {
            case "\u{202F}": "space (U+202F, U+00A0 or U+0020; \(size))"
            case "\u{A0}", " ": "space (U+00A0 or U+0020; \(size))"
            case "’", "'": "’ or ' (\(size))"
            case let separator: "\(separator) (\(size))"
            }
        return styles.map { style in
            var number = NumberSpec()
            number.style = style
            let what: String =
                switch style {
                case .percent: "percent (\(symbols.percentSign))"
                case .currency: "currency (\(symbols.currencyCode ?? "?"))"
                default: "plain"
                }
            return InferenceCandidate(
                name: style == .decimal ? id : "\(id) \(style.rawValue)", type: .number,
                spec: FieldSpec(kind: .number(number), locale: locale),
                facets: [
                    ("decimal mark", symbols.decimalSeparator), ("grouping", grouping),
                    ("digits", symbols.numberingSystem), ("form", what),
                ],
                schemaKeys: [("locale", id)] + (style == .decimal ? [] : [("style", style.rawValue)]))
        }
    }
}
