import Testing

@testable import FieldCheck

@Suite struct DateTests {
    /// "Today" for the two-digit-year window in these tests: the window then runs from
    /// 1949-12-31 to 2049-12-30, so every date of 1950–2049 written with two digits reads back
    /// the same, whatever the date the tests run on.
    static let today = CivilDate(year: 2029, month: 12, day: 31)!

    static func field(_ locale: String, _ configure: (inout DateSpec) -> Void = { _ in }) throws -> FieldValidator {
        var date = DateSpec()
        date.today = today
        configure(&date)
        return try FieldValidator(FieldSpec(kind: .date(date), locale: try LocaleID(locale)))
    }

    /// Latin, Cyrillic, Greek, Arabic (Arabic-Indic digits and RLM marks), Persian (solar
    /// calendar, extended Arabic-Indic digits), Hebrew, Devanagari, Thai (Buddhist calendar),
    /// Han, Kana and Hangul.
    static let roundTripLocales = [
        "en_US", "en_GB", "de_DE", "fr_FR", "es_ES", "it_IT", "pt_BR", "nl_NL", "pl_PL", "cs_CZ", "sv_SE", "fi_FI",
        "tr_TR", "el_GR", "ru_RU", "uk_UA", "ar_EG", "ar_SA", "fa_IR", "he_IL", "hi_IN", "th_TH", "zh_CN", "zh_TW",
        "ja_JP", "ko_KR", "vi_VN", "id_ID",
    ]

    /// Every 97th day of 1950–2049, plus each year's first and last day and 29 February.
    static let roundTripDates: [CivilDate] = {
        let first = CivilDate(year: 1950, month: 1, day: 1)!.daysSinceEpoch
        let last = CivilDate(year: 2049, month: 12, day: 31)!.daysSinceEpoch
        var dates = stride(from: first, through: last, by: 97).compactMap { CivilDate(daysSinceEpoch: $0) }
        for year in stride(from: 1950, through: 2049, by: 7) {
            dates.append(CivilDate(year: year, month: 1, day: 1)!)
            dates.append(CivilDate(year: year, month: 12, day: 31)!)
        }
        dates += [CivilDate(year: 2000, month: 2, day: 29)!, CivilDate(year: 2024, month: 2, day: 29)!]
        return dates
    }()

    @Test(arguments: roundTripLocales, DateStyle.allCases)
    func datesFormattedByICUParseBack(locale: String, style: DateStyle) throws {
        let id = try LocaleID(locale)
        let pattern = DatePatterns.pattern(for: style, locale: id)
        let writer = try DateWriter(pattern: pattern, locale: id)
        let field = try Self.field(locale) { $0.format = .style(style) }
        for date in Self.roundTripDates {
            let written = writer.string(date)
            let result = field.validate(written)
            #expect(
                result.value == date.description,
                "\(locale) \(style) (\(pattern)): '\(written)' for \(date) read as \(result.value ?? "nil"): \(result.errors.map(\.message))"
            )
        }
    }

    @Test func monthAndWeekdayNamesInTheLocalesLanguage() throws {
        #expect(try Self.field("de_DE") { $0.format = .style(.long) }.validate("13. April 2026").value == "2026-04-13")
        #expect(
            try Self.field("fr_FR") { $0.format = .style(.full) }.validate("lundi 13 avril 2026").value == "2026-04-13")
        // Case does not matter, as in ICU.
        #expect(
            try Self.field("fr_FR") { $0.format = .style(.full) }.validate("Lundi 13 Avril 2026").value == "2026-04-13")
        // Russian writes the genitive in a date ("апреля"); the nominative ("апрель") reads too.
        let russian = try Self.field("ru_RU") { $0.format = .style(.long) }
        #expect(russian.validate("13 апреля 2026 г.").value == "2026-04-13")
        // The abbreviated name where the pattern has the wide one.
        #expect(try Self.field("en_US") { $0.format = .style(.long) }.validate("Apr 13, 2026").value == "2026-04-13")
    }

    @Test func buddhistCalendarIsTheThaiDefault() throws {
        #expect(try Self.field("th_TH").validate("13/4/69").value == "2026-04-13")
        #expect(try Self.field("th_TH") { $0.calendar = "gregorian" }.validate("13/4/26").value == "2026-04-13")
    }

    @Test func twoDigitYearsFollowICUsCenturyWindow() throws {
        // today 2029-12-31: the window starts 1949-12-31.
        let field = try Self.field("en_US")
        #expect(field.validate("12/30/49").value == "2049-12-30")
        #expect(field.validate("12/31/49").value == "2049-12-31")
        #expect(field.validate("1/1/50").value == "1950-01-01")
        #expect(field.validate("4/13/2026").value == "2026-04-13")
    }

    /// Each rejection with its code and offset; ⏵ marks where the finding must land.
    @Test(arguments: [
        ("⏵31.02.2026", "field_out_of_range", "day 31"),
        ("⏵29.02.2025", "field_out_of_range", "Februar 2025 has 28 days"),
        ("13.⏵13.2026", "field_out_of_range", "month 13"),
        ("⏵00.04.2026", "field_out_of_range", "day 0"),
        ("13.04.⏵26", "two_digit_year", "asks for all 4 digits"),
        ("13.04.2026⏵x", "trailing_text", "text follows"),
        ("13⏵/04/2026", "invalid_date", "the pattern has '.'"),
        ("13.04.⏵", "invalid_date", "ends before the year"),
        ("13.04⏵", "invalid_date", "ends where the pattern has '.'"),
        ("⏵١٣.04.2026", "mixed_digits", "digits of two numbering systems"),
        ("13.04.⏵0000", "field_out_of_range", "the year '0000'"),
    ])
    func rejections(marked: String, code: String, phrase: String) throws {
        let input = Marked(marked)
        let result = try Self.field("de_DE") { $0.format = .pattern("dd.MM.yyyy") }.validate(input.text)
        let error = try #require(result.errors.first)
        #expect(error.code.rawValue == code, "\(input.text): \(error.message)")
        #expect(error.offset == input.offset, "\(input.text): \(error.message)")
        #expect(error.message.contains(phrase), "\(error.message)")
        #expect(error.message.contains("expected a date like 13.04.2026 (dd.MM.yyyy)"))
    }

    /// Latin digits alone where the locale writes others are not mixed, as numbers say it.
    @Test func anotherNumberingSystemAloneIsAnUnexpectedCharacter() throws {
        let field = try Self.field("ar_EG") { $0.format = .style(.short) }
        let latin = try #require(field.validate("13/4/2026").errors.first)
        #expect(latin.code == .unexpectedCharacter)
        #expect(latin.message.contains("a digit of another numbering system; dates in this locale use ٠١٢٣٤٥٦٧٨٩"))
        let mixed = try #require(field.validate("١٣/4/٢٠٢٦").errors.first)
        #expect(mixed.code == .mixedDigits)
        #expect(mixed.offset == 3)
    }

    @Test func wrongWeekdayIsRejected() throws {
        let result = try Self.field("fr_FR") { $0.format = .style(.full) }.validate("mardi 13 avril 2026")
        #expect(result.errors.map(\.code) == [.invalidDate])
        #expect(result.errors.first?.offset == 0)
        #expect(result.errors.first?.message.contains("2026-04-13 is a lundi") == true)
    }

    @Test func rangeRules() throws {
        let field = try Self.field("en_US") {
            $0.format = .pattern("yyyy-MM-dd")
            $0.minimum = CivilDate(iso: "2026-01-01")
            $0.maximum = CivilDate(iso: "2026-12-31")
        }
        #expect(field.validate("2026-04-13").isValid)
        #expect(field.validate("2025-12-31").errors.map(\.code) == [.outOfRange])
        #expect(field.validate("2027-01-01").errors.map(\.code) == [.outOfRange])
    }

    @Test func abuttingNumericFieldsTakeTheirWidth() throws {
        let field = try Self.field("en_US") { $0.format = .pattern("yyyyMMdd") }
        #expect(field.validate("20260413").value == "2026-04-13")
        #expect(field.validate("202604").errors.map(\.code) == [.invalidDate])
        #expect(field.validate("2026-04-13").errors.map(\.code) == [.invalidDate])
    }

    @Test func patternsFieldcheckCannotReadAreConfigurationErrors() {
        #expect(throws: ConfigurationError.self) { try Self.field("en_US") { $0.format = .pattern("HH:mm") } }
        #expect(throws: ConfigurationError.self) { try Self.field("en_US") { $0.format = .pattern("dd.MM") } }
        #expect(throws: ConfigurationError.self) { try Self.field("en_US") { $0.format = .pattern("dd 'MM.yyyy") } }
        #expect(throws: ConfigurationError.self) { try Self.field("en_US") { $0.calendar = "chinese" } }
    }

    @Test func civilDateArithmeticMatchesTheCalendar() throws {
        #expect(CivilDate(year: 1970, month: 1, day: 1)!.daysSinceEpoch == 0)
        #expect(CivilDate(year: 2026, month: 4, day: 13)!.weekday == 2)  // a Monday
        for days in stride(from: -700_000, through: 2_900_000, by: 997) {
            guard let date = CivilDate(daysSinceEpoch: days) else { continue }
            #expect(date.daysSinceEpoch == days)
        }
        #expect(CivilDate(iso: "2024-02-29") != nil)
        #expect(CivilDate(iso: "2025-02-29") == nil)
        #expect(CivilDate(iso: "2025-2-28") == nil)
    }
}

/// Issue 29, 17: `infer --schema` writes dates as strptime formats, which `csv` reads back as
/// the same pattern; what strptime cannot say stays a UTS #35 pattern.
@Suite struct StrptimeFormatTests {
    @Test(arguments: ["dd.MM.yyyy", "MM/dd/yyyy", "yyyy-MM-dd", "d. MMMM yyyy", "EEEE, d MMM yyyy", "dd'T'MM yyyy"])
    func readsBackAsTheSamePattern(_ pattern: String) throws {
        let format = try #require(uts35ToStrptime(pattern, namesInEnglish: true))
        #expect(format.contains("%"))
        let back = try strptimeToUTS35(format)
        // d and dd (M and MM) read the same values; strptime has one directive for both.
        func unpadded(_ text: String) -> String {
            text.split(separator: "dd", omittingEmptySubsequences: false).joined(separator: "d")
                .split(separator: "MMMM", omittingEmptySubsequences: false).joined(separator: "N")
                .split(separator: "MMM", omittingEmptySubsequences: false).joined(separator: "n")
                .split(separator: "MM", omittingEmptySubsequences: false).joined(separator: "M")
        }
        #expect(unpadded(back) == unpadded(pattern))
    }

    @Test func translations() {
        #expect(uts35ToStrptime("dd.MM.yyyy", namesInEnglish: true) == "%d.%m.%Y")
        #expect(uts35ToStrptime("d MMMM yyyy", namesInEnglish: true) == "%d %B %Y")
        #expect(uts35ToStrptime("yyyy'%'MM", namesInEnglish: true) == "%Y%%%m")
    }

    @Test(arguments: ["dd.MM.yy", "d MMMM y", "G yyyy", "ww/yyyy", "DDD yyyy"])
    func whatStrptimeCannotSayStays(_ pattern: String) {
        #expect(uts35ToStrptime(pattern, namesInEnglish: true) == nil)
    }

    @Test func namesOutsideEnglishStay() {
        #expect(uts35ToStrptime("d. MMMM yyyy", namesInEnglish: false) == nil)
        #expect(uts35ToStrptime("dd.MM.yyyy", namesInEnglish: false) == "%d.%m.%Y")
    }
}
