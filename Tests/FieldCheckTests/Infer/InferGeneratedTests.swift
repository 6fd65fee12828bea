import Testing

@testable import FieldCheck

/// Issue 16: columns written by ICU in many locales and styles. `infer` must never decide a
/// convention that reads a value as something other than what was written (zero confident
/// wrong answers); where it decides, every value must read back as written; where the values
/// cannot tell, it says undecided. The figures are printed for the closing note.
@Suite struct InferGeneratedTests {
    static let locales = [
        "en_US", "en_GB", "en_IN", "en_CA", "en_AU", "de_DE", "de_AT", "de_CH", "fr_FR", "fr_CA", "fr_CH", "es_ES",
        "es_MX", "it_IT", "pt_BR", "pt_PT", "nl_NL", "sv_SE", "nb_NO", "da_DK", "fi_FI", "pl_PL", "cs_CZ", "ru_RU",
        "uk_UA", "tr_TR", "el_GR", "ar_EG", "fa_IR", "hi_IN", "bn_BD", "ja_JP", "zh_CN", "ko_KR", "th_TH", "id_ID",
    ]

    /// Dates are also written in calendars that are no locale's default above (ar_SA's is
    /// Umm al-Qura; ja_JP's Japanese one is asked for).
    static let dateLocales = locales + ["ar_SA", "ja_JP@calendar=japanese"]

    struct Tally {
        var columns = 0
        var decided = 0
        var undecided = 0
        /// Undecided between calendars (a Gregorian and another reading of the same years).
        var calendarUndecided: [String] = []
        var untyped = 0
        var wrong: [String] = []
        var outliers = 0
    }

    @Test func numberColumns() throws {
        var tally = Tally()
        let inferrer = ColumnInferrer()
        for name in Self.locales {
            let locale = try LocaleID(name)
            for style in [NumberStyle.decimal, .percent, .currency] {
                let currency = style == .currency ? NumberSymbols(locale: locale).currencyCode : nil
                guard style != .currency || currency != nil,
                    let format = try? NumberFormat(
                        locale: locale, style: style, currency: currency, fractionDigits: nil)
                else { continue }
                var generator = SeededGenerator(seed: UInt64(name.utf8.count * 31 + style.rawValue.utf8.count))
                let column = inferrer.column(named: nil)
                var written: [(String, ExactDecimal)] = []
                for row in 1...60 {
                    let cents = Int.random(in: -2_000_000_000...9_000_000_000, using: &generator)
                    let value = ExactDecimal("\(cents / 100).\(String(format2: abs(cents % 100)))")!
                    let text = format.string(value)
                    written.append((text, value))
                    column.add(text, row: row)
                }
                tally.columns += 1
                let answer = inferrer.finish(column)
                guard answer.type == .number || answer.type == .integer, let top = answer.candidates.first else {
                    tally.untyped += 1
                    continue
                }
                guard answer.isDecided else {
                    tally.undecided += 1
                    continue
                }
                tally.decided += 1
                let reader = try FieldValidator(top.spec)
                for (text, value) in written where reader.validate(text).value != value.description {
                    tally.wrong.append(
                        "\(name) \(style): '\(text)' read by \(top.name) as \(reader.validate(text).value ?? "nil"), written \(value)"
                    )
                }
            }
        }
        print(
            "infer, number columns written by ICU: \(tally.columns) columns, \(tally.decided) decided, \(tally.undecided) undecided, \(tally.untyped) not typed as numbers, \(tally.wrong.count) values read wrongly"
        )
        #expect(tally.wrong.isEmpty, "\(tally.wrong.prefix(10))")
        #expect(tally.decided * 2 > tally.columns)
    }

    @Test func dateColumns() throws {
        var tally = Tally()
        let inferrer = ColumnInferrer()
        for name in Self.dateLocales {
            let locale = try LocaleID(name)
            for style in [DateStyle.short, .medium, .long] {
                let pattern = DatePatterns.pattern(for: style, locale: locale)
                var generator = SeededGenerator(seed: UInt64(name.utf8.count * 17 + style.rawValue.utf8.count))
                for days in [12, 28] {  // day <= 12 leaves DMY and MDY undecidable
                    let column = inferrer.column(named: nil)
                    var written: [(String, CivilDate)] = []
                    for row in 1...40 {
                        let date = CivilDate(
                            year: Int.random(in: 1950...2040, using: &generator),
                            month: Int.random(in: 1...12, using: &generator),
                            day: Int.random(in: 1...days, using: &generator))!
                        let text = DatePatterns.format(
                            year: date.year, month: date.month, day: date.day, pattern: pattern, locale: locale)
                        written.append((text, date))
                        column.add(text, row: row)
                    }
                    tally.columns += 1
                    let answer = inferrer.finish(column)
                    guard answer.type == .date, let top = answer.candidates.first else {
                        tally.untyped += 1
                        continue
                    }
                    guard answer.isDecided else {
                        tally.undecided += 1
                        // With days up to 28 the field order is decided: only the calendar is not.
                        if days == 28, (answer.facets.first { $0.key == "calendar" }?.values.count ?? 0) > 1 {
                            tally.calendarUndecided.append("\(name) \(style)")
                        }
                        continue
                    }
                    tally.decided += 1
                    let reader = try FieldValidator(top.spec)
                    for (text, date) in written {
                        // A value the convention rejects is an outlier the report lists (de_AT's
                        // `Jänner` against de_DE's month names); one it reads as another date is wrong.
                        guard let read = reader.validate(text).value else {
                            tally.outliers += 1
                            continue
                        }
                        if read != date.description {
                            tally.wrong.append(
                                "\(name) \(style) \(pattern): '\(text)' read by \(top.name) as \(read), written \(date)"
                            )
                        }
                    }
                }
            }
        }
        print(
            "infer, date columns written by ICU: \(tally.columns) columns, \(tally.decided) decided, \(tally.undecided) undecided, \(tally.untyped) not typed as dates, \(tally.outliers) values left as outliers, \(tally.wrong.count) values read wrongly"
        )
        print(
            "infer, date columns undecided between calendars: \(tally.calendarUndecided.count) (\(tally.calendarUndecided.joined(separator: ", ")))"
        )
        // th_TH's short dates are among them, never decided as Gregorian.
        #expect(tally.calendarUndecided.contains("th_TH short"))
        // Every calendar alike: th_TH's Buddhist-era short dates (`13/4/69` is 2026) read as
        // Gregorian ones (1969) would be wrong; they are undecided between the two instead.
        #expect(tally.wrong.isEmpty, "\(tally.wrong.prefix(10))")
        #expect(tally.decided > 0)
    }
}

extension String {
    /// Two digits, zero-padded.
    fileprivate init(format2 value: Int) { self = value < 10 ? "0\(value)" : "\(value)" }
}
