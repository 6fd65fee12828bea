/// The conventions `infer` tries on a column: one candidate per way of writing numbers
/// (decimal mark, grouping, digits) or dates (field order, separator, year digits, month
/// names and their language). Each is a `FieldSpec` read by the same strict readers as the
/// line commands, so a convention `infer` names is one `fieldcheck number` or `date` (and a
/// schema written from it) accepts.

/// What a column holds.
public enum InferredType: String, Sendable, Hashable {
    case integer, number, date, boolean, string
    /// Every cell is empty.
    case empty
}

/// One convention a column may be written in.
public struct InferenceCandidate: Sendable, Hashable {
    /// A short name: the locale for numbers (`de_DE`), the pattern and locale for dates
    /// (`dd.MM.yyyy`, `long style, fr_FR`).
    public var name: String
    /// `number` or `date`.
    public var type: InferredType
    public var spec: FieldSpec
    /// The conventions, as facets a person checks one by one (`decimal mark` → `,`).
    public var facets: [(key: String, value: String)]
    /// The Table Schema keys that describe the convention (`locale: de_DE`, `format: dd.MM.yyyy`).
    public var schemaKeys: [(key: String, value: String)]

    public static func == (a: InferenceCandidate, b: InferenceCandidate) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// Every number and date candidate `infer` tries, in rank order.
    public static let allNumbers = numbers()
    public static let allDates = dates()

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
        var list: [InferenceCandidate] = []
        // Plain decimals first, then the locales' percent and currency forms (`12,5 %`,
        // `1.234,56 €`), read by the same styles `number --style` reads.
        for style in [NumberStyle.decimal, .percent, .currency] {
            for (id, decimal, grouping, digits) in table {
                guard let locale = try? LocaleID(id) else { continue }
                var number = NumberSpec()
                number.style = style
                let spec = FieldSpec(kind: .number(number), locale: locale)
                // A locale without a currency has no currency form.
                guard (try? FieldValidator(spec)) != nil else { continue }
                let symbols = NumberSymbols(locale: locale)
                let what: String =
                    switch style {
                    case .percent: "percent (\(symbols.percentSign))"
                    case .currency: "currency (\(symbols.currencyCode ?? "?"))"
                    default: "plain"
                    }
                list.append(
                    InferenceCandidate(
                        name: style == .decimal ? id : "\(id) \(style.rawValue)", type: .number, spec: spec,
                        facets: [
                            ("decimal mark", decimal), ("grouping", grouping), ("digits", digits), ("form", what),
                        ],
                        schemaKeys: [("locale", id)] + (style == .decimal ? [] : [("style", style.rawValue)])))
            }
        }
        return list
    }

    /// Date conventions: numeric patterns in every field order and separator, then the
    /// styles with month names of the most common languages.
    static func dates() -> [InferenceCandidate] {
        var list: [InferenceCandidate] = []
        let posix = LocaleID.posix
        let orders: [(String, String, [String])] = [
            ("YMD", "year, month, day", ["yyyy", "MM", "dd"]),
            ("DMY", "day, month, year", ["dd", "MM", "yyyy"]),
            ("MDY", "month, day, year", ["MM", "dd", "yyyy"]),
        ]
        for years in ["yyyy", "yy"] {
            for separator in ["-", ".", "/"] {
                for (order, words, fields) in orders {
                    if order == "YMD" && years == "yy" { continue }  // 25-12-31 is too rare to rank
                    let pattern = fields.map { $0 == "yyyy" ? years : $0 }.joined(separator: separator)
                    var date = DateSpec()
                    date.format = .pattern(pattern)
                    list.append(
                        InferenceCandidate(
                            name: pattern, type: .date, spec: FieldSpec(kind: .date(date), locale: posix),
                            facets: [
                                ("field order", "\(order) (\(words))"), ("separator", "'\(separator)'"),
                                ("year digits", years == "yyyy" ? "4" : "2"),
                                ("calendar", "Gregorian (assumed: years of another era read as Gregorian ones)"),
                            ],
                            schemaKeys: [("format", pattern)]))
                }
            }
        }
        for id in ["en_US", "en_GB", "de_DE", "fr_FR", "es_ES", "it_IT", "nl_NL", "pt_BR"] {
            guard let locale = try? LocaleID(id) else { continue }
            for style in [DateStyle.medium, .long, .full] {
                let pattern = DatePatterns.pattern(for: style, locale: locale)
                // Numeric styles are the patterns above; only month names add a convention.
                guard pattern.contains("MMM") || pattern.contains("LLL") else { continue }
                guard !list.contains(where: { $0.name.hasPrefix("\(pattern) (") && $0.spec.locale == locale })
                else { continue }
                var date = DateSpec()
                date.format = .pattern(pattern)
                list.append(
                    InferenceCandidate(
                        name: "\(pattern) (\(style.rawValue) style, \(id))", type: .date,
                        spec: FieldSpec(kind: .date(date), locale: locale),
                        facets: [("pattern", pattern), ("month names", LocaleID.displayName(id))],
                        schemaKeys: [("format", pattern), ("locale", id)]))
            }
        }
        return list
    }
}
