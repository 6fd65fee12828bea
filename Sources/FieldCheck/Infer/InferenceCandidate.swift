/// The conventions `infer` tries on a column: one candidate per way of writing numbers
/// (decimal mark, grouping, digits) or dates (field order, separator, year digits, month
/// names and their language). Each is a `FieldSpec` read by the same strict readers as the
/// line commands, so a convention `infer` names is one `fieldcheck number` or `date` (and a
/// schema written from it) accepts.

/// What a column holds: `integer`, `number`, `date`, `boolean`, `string`, `empty` (every
/// cell is empty), or an identifier kind (`country`).
public struct InferredType: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let integer = InferredType(rawValue: "integer")
    public static let number = InferredType(rawValue: "number")
    public static let date = InferredType(rawValue: "date")
    public static let boolean = InferredType(rawValue: "boolean")
    public static let string = InferredType(rawValue: "string")
    public static let empty = InferredType(rawValue: "empty")

    /// An identifier kind's column (`country`): a Table Schema string with that `format`.
    public static func identifier(_ kind: IdentifierKind) -> InferredType { InferredType(rawValue: kind.rawValue) }

    /// The identifier kind, when the column holds one.
    public var identifierKind: IdentifierKind? { IdentifierKind(rawValue: rawValue) }

    /// Whether the column holds a registered type `infer` tries (`FieldType.inferred`), which
    /// a schema names as it is (`type: datetime`).
    public var isRegistered: Bool { FieldType.named(rawValue)?.inferred == true }
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
    /// Table Schema constraints the convention reads with (`minimum` and `maximum` of the
    /// dates a calendar other than the Gregorian is read for).
    public var schemaConstraints: [(key: String, value: String)] = []

    public static func == (a: InferenceCandidate, b: InferenceCandidate) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// Every number, date and identifier candidate `infer` tries, in rank order.
    public static let allNumbers = numbers()
    public static let allDates = dates()
    public static let allIdentifiers = identifiers()

    /// The registered types `infer` tries (`FieldType.inferred`: time, datetime, yearmonth,
    /// duration, and a library user's), each in the form its name alone reads (ISO 8601):
    /// read from the registry when asked, so that a type registered later is tried too.
    public static var allRegistered: [InferenceCandidate] {
        FieldType.inferred.compactMap { type in
            guard let name = type.names.first else { return nil }
            var field = SchemaField(
                object: ["name": "value", "type": name], path: "infer", typeName: name, locale: .posix,
                hasOwnLocale: false)
            guard let spec = try? type.make(&field) else { return nil }
            return InferenceCandidate(
                name: name, type: InferredType(rawValue: name), spec: spec, facets: [], schemaKeys: [])
        }
    }

    /// The locales whose names `infer` tries on an identifier column, by kind: the languages
    /// most exports are written in. A kind not listed is tried by its codes only (building a
    /// time-zone name index takes a tenth of a second per locale).
    static let identifierNameLocales: [IdentifierKind: [String]] = [
        .country: ["en", "de", "fr", "es", "it", "pt", "nl", "pl", "sv", "ru", "tr", "ja", "zh", "ar"]
    ]

    /// Identifier conventions: each kind's code (a country's alpha-3 code too), then its names
    /// in each locale of `identifierNameLocales`. A code candidate reads codes only, and a name
    /// candidate names only, so that a column says which it holds.
    static func identifiers() -> [InferenceCandidate] {
        var list: [InferenceCandidate] = []
        for kind in IdentifierKind.allCases {
            for form in kind.forms where form != .name && form != .symbol {
                var identifier = IdentifierSpec(kind: kind)
                identifier.accept = [form]
                list.append(
                    InferenceCandidate(
                        name: "\(kind.noun) \(kind.describe(form))", type: .identifier(kind),
                        spec: FieldSpec(kind: .identifier(identifier), locale: .posix),
                        facets: [("written as", kind.describe(form))], schemaKeys: [("format", kind.rawValue)]))
            }
        }
        for kind in IdentifierKind.allCases {
            for id in identifierNameLocales[kind] ?? [] {
                guard let locale = try? LocaleID(id) else { continue }
                var identifier = IdentifierSpec(kind: kind)
                identifier.accept = Set(kind.forms.filter { $0 == .name || $0 == .symbol })
                list.append(
                    InferenceCandidate(
                        name: "\(kind.noun) names, \(id)", type: .identifier(kind),
                        spec: FieldSpec(kind: .identifier(identifier), locale: locale),
                        facets: [("written as", "names"), ("names in", id)],
                        schemaKeys: [("format", kind.rawValue), ("locale", id)]))
            }
        }
        return list
    }

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
                // A locale without a currency has no currency form. (Only that form is
                // opened to see: each opening costs ICU a number format.)
                guard style != .currency || (try? FieldValidator(spec)) != nil else { continue }
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

    /// Calendars other than the Gregorian that dates are commonly written in, each with the
    /// locale whose default calendar it is, that locale with ASCII digits, and the numeric
    /// patterns (ASCII digits) it writes.
    static let otherCalendars:
        [(calendar: String, locale: String, asciiLocale: String, numeric: [(order: String, fields: [String])])] = [
            ("Buddhist", "th_TH", "th_TH", [("DMY", ["dd", "MM", "yy"]), ("DMY", ["dd", "MM", "yyyy"])]),
            ("Persian", "fa_IR", "fa_IR@numbers=latn", [("YMD", ["yyyy", "MM", "dd"])]),
            ("Islamic (Umm al-Qura)", "ar_SA", "ar_SA@numbers=latn", [("DMY", ["dd", "MM", "yyyy"])]),
            ("Japanese", "ja_JP@calendar=japanese", "ja_JP@calendar=japanese", []),
        ]

    /// The dates a numeric candidate of another calendar reads. Its years cannot be told from
    /// Gregorian ones by their shape (`13/4/2569` is a Buddhist year; `13/4/69` is 2026 in
    /// th_TH, 1969 in Gregorian), so it reads only the dates of two and a half centuries
    /// around today: a Gregorian year read in another calendar falls far outside them
    /// (2026 read as a Buddhist year is 1483), while that calendar's own years land inside.
    /// A column the two read alike is then undecided, never read as Gregorian on a guess.
    static let otherCalendarRange = (
        CivilDate(year: 1850, month: 1, day: 1)!, CivilDate(year: 2149, month: 12, day: 31)!
    )

    /// Date conventions: numeric patterns in every field order and separator (Gregorian, then
    /// the other calendars' own numeric patterns), then the styles with month names of the
    /// most common languages, then the styles of the locales whose calendar is not Gregorian.
    static func dates() -> [InferenceCandidate] {
        var list: [InferenceCandidate] = []
        let posix = LocaleID.posix
        let orders: [(String, String, [String])] = [
            ("YMD", "year, month, day", ["yyyy", "MM", "dd"]),
            ("DMY", "day, month, year", ["dd", "MM", "yyyy"]),
            ("MDY", "month, day, year", ["MM", "dd", "yyyy"]),
        ]
        let words = Dictionary(uniqueKeysWithValues: orders.map { ($0.0, $0.1) })
        func numeric(_ pattern: String, order: String, separator: String, years: String) -> [(String, String)] {
            [
                ("field order", "\(order) (\(words[order] ?? ""))"), ("separator", "'\(separator)'"),
                ("year digits", years == "yyyy" ? "4" : "2"),
            ]
        }
        for years in ["yyyy", "yy"] {
            for separator in ["-", ".", "/"] {
                for (order, _, fields) in orders {
                    if order == "YMD" && years == "yy" { continue }  // 25-12-31 is too rare to rank
                    let pattern = fields.map { $0 == "yyyy" ? years : $0 }.joined(separator: separator)
                    var date = DateSpec()
                    date.format = .pattern(pattern)
                    list.append(
                        InferenceCandidate(
                            name: pattern, type: .date, spec: FieldSpec(kind: .date(date), locale: posix),
                            facets: numeric(pattern, order: order, separator: separator, years: years)
                                + [("calendar", "Gregorian")],
                            schemaKeys: [("format", pattern)]))
                }
            }
        }
        let (earliest, latest) = otherCalendarRange
        for other in otherCalendars {
            guard let locale = try? LocaleID(other.asciiLocale) else { continue }
            for (order, fields) in other.numeric {
                let pattern = fields.joined(separator: "/")
                var date = DateSpec()
                date.format = .pattern(pattern)
                date.minimum = earliest
                date.maximum = latest
                let years = fields.first { $0.hasPrefix("y") } ?? "yyyy"
                list.append(
                    InferenceCandidate(
                        name: "\(pattern) (\(other.calendar) calendar, \(other.asciiLocale))", type: .date,
                        spec: FieldSpec(kind: .date(date), locale: locale),
                        facets: numeric(pattern, order: order, separator: "/", years: years)
                            + [
                                (
                                    "calendar",
                                    "\(other.calendar) (\(other.asciiLocale); dates \(earliest.year)–\(latest.year))"
                                )
                            ],
                        schemaKeys: [("format", pattern), ("locale", other.asciiLocale)],
                        schemaConstraints: [("minimum", earliest.description), ("maximum", latest.description)]))
            }
        }
        func styles(_ id: String, calendar: String, numericToo: Bool) {
            guard let locale = try? LocaleID(id) else { return }
            for style in DateStyle.allCases {
                let pattern = DatePatterns.pattern(for: style, locale: locale)
                // Numeric styles in ASCII digits are the patterns above; month names, eras and
                // other digits add a convention.
                let named = pattern.contains("MMM") || pattern.contains("LLL") || pattern.contains("G")
                guard named || numericToo, !pattern.isEmpty else { continue }
                guard !list.contains(where: { $0.name.hasPrefix("\(pattern) (") && $0.spec.locale == locale })
                else { continue }
                var date = DateSpec()
                date.format = .pattern(pattern)
                list.append(
                    InferenceCandidate(
                        name: "\(pattern) (\(style.rawValue) style, \(id))", type: .date,
                        spec: FieldSpec(kind: .date(date), locale: locale),
                        facets: [
                            ("pattern", pattern),
                            ("month names", named ? LocaleID.displayName(id) : "none (numbers)"),
                            ("calendar", calendar),
                        ],
                        schemaKeys: [("format", pattern), ("locale", id)]))
            }
        }
        for id in ["en_US", "en_GB", "de_DE", "fr_FR", "es_ES", "it_IT", "nl_NL", "pt_BR"] {
            styles(id, calendar: "Gregorian", numericToo: false)
        }
        for other in otherCalendars {
            // Numeric styles too where the locale's digits are not ASCII (fa_IR's ۱۴۰۵/۱/۲۴).
            let digits = (try? LocaleID(other.locale)).map { NumberSymbols(locale: $0).digits.first } ?? nil
            styles(other.locale, calendar: "\(other.calendar) (\(other.locale))", numericToo: digits != "0")
        }
        return list
    }
}
