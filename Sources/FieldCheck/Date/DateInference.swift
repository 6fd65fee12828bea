/// The date conventions `infer` tries (`FieldType.date`'s candidates): numeric patterns in
/// every field order and separator, the styles with month names of the most common
/// languages, and the calendars other than the Gregorian.
extension InferenceCandidate {
    /// Built once: each style's pattern is ICU's.
    static let allDates = dates()

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
                list.append(
                    written(
                        pattern, in: locale, name: "\(pattern) (\(style.rawValue) style, \(id))",
                        monthNames: named ? LocaleID.displayName(id) : "none (numbers)", calendar: calendar))
            }
        }
        /// A pattern of `locale`'s (`format` and `locale` in a schema).
        func written(_ pattern: String, in locale: LocaleID, name: String, monthNames: String, calendar: String)
            -> InferenceCandidate
        {
            var date = DateSpec()
            date.format = .pattern(pattern)
            return InferenceCandidate(
                name: name, type: .date, spec: FieldSpec(kind: .date(date), locale: locale),
                facets: [("pattern", pattern), ("month names", monthNames), ("calendar", calendar)],
                schemaKeys: [("format", pattern), ("locale", locale.identifier)])
        }
        for id in ["en_US", "en_GB", "de_DE", "fr_FR", "es_ES", "it_IT", "nl_NL", "pt_BR"] {
            styles(id, calendar: "Gregorian", numericToo: false)
        }
        // The English month abbreviated between hyphens, as bank statements and Oracle write
        // dates (`16-Sep-2025`, `16-SEP-25`): no locale's style, and common in exports.
        if let english = try? LocaleID("en_US") {
            for pattern in ["dd-MMM-yyyy", "dd-MMM-yy"] {
                list.append(
                    written(
                        pattern, in: english, name: "\(pattern) (en_US)", monthNames: LocaleID.displayName("en_US"),
                        calendar: "Gregorian"))
            }
        }
        for other in otherCalendars {
            // Numeric styles too where the locale's digits are not ASCII (fa_IR's ۱۴۰۵/۱/۲۴).
            let digits = (try? LocaleID(other.locale)).map { NumberSymbols(locale: $0).digits.first } ?? nil
            styles(other.locale, calendar: "\(other.calendar) (\(other.locale))", numericToo: digits != "0")
        }
        return list
    }
}
