internal import CICU
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The date stage of the pipeline: reads the value against the pattern in force, checks that
/// the date exists (in the locale's calendar), applies the range rules and writes the
/// accepted date as ISO 8601 or formatted for another locale.
///
/// ICU's own parser is not used to read: even non-lenient it accepts trailing text, reads
/// `13.04.26` against `yyyy` as the year 26, and cannot say which field is wrong. ICU supplies
/// the patterns, names, digits and non-Gregorian calendars.
final class DateValidator: TypedValidator {
    /// The patterns read, for the prompt's completion samples.
    private var samplePatterns: [String] = []
    private lazy var samples: [String] = {
        // Every day of a leap year and of the next, in each pattern read: a prefix that can
        // still become a date shares its shape with one of them.
        // Every day of 28 years (every weekday falls on every date), in each pattern read and
        // in its unpadded form (5.4.2026 for dd.MM.yyyy, which reads it).
        let patterns = samplePatterns.flatMap { pattern in
            [pattern, Self.unpadded(pattern)]
        }
        let writers = Set(patterns).compactMap { try? DateWriter(pattern: $0, locale: locale) }
        guard let first = CivilDate(year: 2000, month: 1, day: 1) else { return [] }
        let start = first.daysSinceEpoch
        // A weekday must fit its date: 28 years hold every combination. Without one, four
        // years (a leap year among them) hold every day and month.
        let weekday = patterns.contains { $0.contains("E") || $0.contains("c") }
        let days = weekday ? 28 * 365 + 7 : 4 * 365 + 1
        return writers.flatMap { writer in
            (0..<days).compactMap { CivilDate(daysSinceEpoch: start + $0).map(writer.string) }
        }
    }()

    func completionSamples() -> [String] { samples }
    var completionFreeFrom: Int?

    /// The pattern with two-digit days and months written as one digit where one will do
    /// (`dd.MM.yyyy` as `d.M.yyyy`); quoted text is left alone.
    static func unpadded(_ pattern: String) -> String {
        DatePatterns.replacingRuns(pattern) { letter, count in
            (letter == "d" || letter == "M") && count == 2 ? String(letter) : nil
        }
    }
    func completionTokens() -> [String] { (0...9).map(String.init) }

    let spec: DateSpec
    let locale: LocaleID
    /// The patterns in force: one, or several for Table Schema's `any` (tried in order).
    private let readers: [Reader]
    private let symbols: DateSymbols
    private let calendar: DateCalendar?
    private let output: DateWriter?

    /// No `--to` formatting: the fast path writes the ISO date, and that is all.
    var fastOutputIsValue: Bool { output == nil }
    /// One pattern, compiled. A class: as a struct it was copied, with its parser's tables,
    /// for every value read.
    private final class Reader {
        let pattern: DatePattern
        let parser: DateParser
        /// The pattern's year letters: `yy` and `y` read two digits through the century window.
        let yearLetters: Int
        let usesCenturyWindow: Bool
        /// Whether the month is written as a number (M, MM) rather than a name.
        let monthIsNumeric: Bool
        /// What an ASCII value must hold for the pattern to read it (see
        /// `DateParser.ASCIIReading`). Made on first use: the names are read only when a value
        /// needs them.
        lazy var asciiReading: DateParser.ASCIIReading? = parser.asciiReading()

        init(pattern: DatePattern, parser: DateParser, yearLetters: Int, usesCenturyWindow: Bool, monthIsNumeric: Bool)
        {
            self.pattern = pattern
            self.parser = parser
            self.yearLetters = yearLetters
            self.usesCenturyWindow = usesCenturyWindow
            self.monthIsNumeric = monthIsNumeric
        }
    }
    /// The first day of the two-digit-year window, in the calendar's own year, month and day.
    private let windowStart: (year: Int, month: Int, day: Int)
    /// A valid value, written on first use: it takes an ICU date format per pattern (42 M
    /// instructions at start-up for `infer`'s 56 date candidates, which seldom explain one).
    var example: String {
        if let writtenExample { return writtenExample }
        let made = makeExample()
        writtenExample = made
        return made
    }
    private var writtenExample: String?
    private let makeExample: () -> String
    /// How the example names the field's content and, for a locale's formats, the locale
    /// (`a date like …`, ` in de_DE`), and how it writes a day (see `inputForm(ofCanonical:)`).
    private let exampleWords: (noun: String, locale: String)
    private let writeDay: ((CivilDate) -> String)?
    /// What a value must be for the bounds, said once (`a date from 01.01.2030 to 31.12.2030
    /// (dd.MM.yyyy)`): in the field's own pattern where ISO 8601 is not read, else in ISO.
    private let boundsPhrase: String
    /// `expected 13.04.26`, worded once: every empty value's reason says it.
    private lazy var expectedPhrase = "expected " + example
    /// The patterns this field reads, which "did you mean" does not suggest again.
    private let ownPatterns: [String]

    /// The short-style readers of the locales whose dates are most often met where another
    /// locale is in force, and ISO 8601: made at the first date read in none of a field's
    /// patterns, and used under the lock (a validator is not shared between threads otherwise).
    private static let otherReadings = Mutex<[(locale: LocaleID, pattern: String, validator: DateValidator)]?>(nil)

    private static func makeOtherReadings() -> [(locale: LocaleID, pattern: String, validator: DateValidator)] {
        var readings: [(locale: LocaleID, pattern: String, validator: DateValidator)] = []
        for (id, format) in [
            ("en_US_POSIX", DateFormat.pattern("yyyy-MM-dd")), ("en_US", .style(.short)), ("en_GB", .style(.short)),
            ("de_DE", .style(.short)), ("nl_NL", .style(.short)), ("ja_JP", .style(.short)),
        ] {
            var spec = DateSpec()
            spec.format = format
            guard let locale = try? LocaleID(id), let validator = try? DateValidator(spec, locale: locale) else {
                continue
            }
            readings.append((locale, validator.ownPatterns[0], validator))
        }
        return readings
    }

    /// "; '13.04.2026' is not a date in en_US_POSIX, but in de_DE (dd.MM.yy) it reads as
    /// 2026-04-13": the first other reading that accepts a value this field cannot read.
    private func otherReading(_ value: String) -> OtherReading? {
        // A pattern given as it is says how the dates are written: no locale would change that.
        guard spec.content == .date, !spec.format.isPattern, spec.calendar == nil, calendar == nil else { return nil }
        // The locale's own other styles are not "another reading" (13.04.26 under dd.MM.yyyy).
        let own = ownPatterns
        let ownLocale = locale.identifier
        let found: (place: String, pattern: String, read: String)? = Self.otherReadings.withLock { readings in
            if readings == nil { readings = Self.makeOtherReadings() }
            // By index: a loop over the readings copied each one (a locale, a pattern and a
            // validator) for every value.
            for index in readings!.indices {
                let validator = readings![index].validator
                guard !own.contains(readings![index].pattern), readings![index].locale.identifier != ownLocale else {
                    continue
                }
                // A value the other reading's fast path certainly rejects (the rejection
                // FastPathTests holds to the full reading) is not read again in full.
                if value.utf8.withContiguousStorageIfAvailable({ validator.rejectsFast($0) }) == true { continue }
                var result = FieldResult(input: value)
                validator.validate(value, map: OffsetMap(), detail: .verdict, into: &result)
                guard result.isValid, let read = result.value else { continue }
                let other = readings![index]
                return (other.pattern == "yyyy-MM-dd" ? "ISO 8601" : other.locale.identifier, other.pattern, read)
            }
            return nil
        }
        guard let found else { return nil }
        return OtherReading(
            .date, value: value, own: locale.identifier, other: found.place, pattern: found.pattern, read: found.read)
    }

    init(_ spec: DateSpec, locale: LocaleID, vocabulary: RuleVocabulary = .plain) throws(ConfigurationError) {
        self.spec = spec
        if let name = spec.calendar {
            guard DateSpec.calendars.contains(name) else {
                throw ConfigurationError(
                    "unknown or unsupported calendar '\(name)'; fieldcheck reads: "
                        + DateSpec.calendars.joined(separator: ", "))
            }
            self.locale = locale.setting(keyword: "calendar", to: name)
        } else {
            self.locale = locale
        }
        let locale = self.locale
        let content = spec.content
        let calendar = DateCalendar(locale: locale)
        let sources: [String]
        switch spec.format {
        case .style(let style): sources = [DatePatterns.pattern(for: style, content: content, locale: locale)]
        case .styleOrISO(let style):
            let own = DatePatterns.pattern(for: style, content: content, locale: locale)
            let iso = content == .date ? "yyyy-MM-dd" : content == .time ? "HH:mm:ss" : "yyyy-MM-dd'T'HH:mm:ss"
            // ISO 8601 years are Gregorian: in another calendar (th_TH's Buddhist one) 2026-04-13
            // would read as another year.
            sources = own == iso || calendar != nil ? [own] : [own, iso]
        case .skeleton(let skeleton): sources = [try DatePatterns.bestPattern(skeleton: skeleton, locale: locale)]
        case .pattern(let text, _): sources = [text]
        case .any:
            var all: [String]
            switch content {
            case .date: all = ["yyyy-MM-dd"]
            case .time: all = ["HH:mm:ss", "HH:mm:ssXXX"]
            case .dateTime: all = ["yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd'T'HH:mm:ssXXX"]
            }
            for style in DateStyle.allCases {
                let pattern = DatePatterns.pattern(for: style, content: content, locale: locale)
                // A time style that writes a zone name (full, long) is not one fieldcheck reads.
                if content != .date && (try? DatePattern(pattern, content: content)) == nil { continue }
                if !all.contains(pattern) { all.append(pattern) }
            }
            sources = all
        }
        // The names are read at once where a pattern reads them; otherwise when a message
        // first wants one.
        let readsNames = sources.contains { source in
            guard let pattern = try? DatePattern(source, content: content) else { return true }
            return pattern.tokens.contains { token in
                guard case .field(let field, _) = token else { return false }
                return field != .zone && !token.isNumericField
            }
        }
        let symbols = DateSymbols(locale: locale, namesAtOnce: readsNames)
        self.symbols = symbols
        self.calendar = calendar
        readers = try sources.map { (source) throws(ConfigurationError) in
            let pattern: DatePattern
            do throws(ConfigurationError) {
                pattern = try DatePattern(source, content: content)
            } catch {
                // A skeleton's pattern is ICU's: the skeleton given is what to name.
                guard case .skeleton(let skeleton) = spec.format else { throw error }
                throw ConfigurationError(
                    "skeleton '\(skeleton)' gives the pattern '\(source)' in \(locale): \(error.message)")
            }
            let yearLetters =
                pattern.tokens.lazy.compactMap { token -> Int? in
                    if case .field(.year, let count) = token { return count }
                    return nil
                }.first ?? 4
            // Era-numbered years (Japanese 令和8年) are never two-digit abbreviations.
            let monthIsNumeric = pattern.tokens.contains {
                if case .field(.month, let count) = $0 { return count <= 2 }
                return false
            }
            return Reader(
                pattern: pattern, parser: DateParser(pattern: pattern, symbols: symbols), yearLetters: yearLetters,
                usesCenturyWindow: !pattern.fields.contains(.era) && calendar?.type != "japanese",
                monthIsNumeric: monthIsNumeric)
        }
        if let min = spec.minimum, let max = spec.maximum, max < min {
            throw ConfigurationError("\(vocabulary.minimum) \(min) is later than \(vocabulary.maximum) \(max)")
        }
        fastSteps = Self.makeFastSteps(readers: readers, calendar: calendar, spec: spec, symbols: symbols)
        let today: CivilDate
        if let given = spec.today { today = given } else { today = try Self.today(in: spec.timeZone) }
        let start =
            CivilDate(year: max(1, today.year - 80), month: today.month, day: today.day)
            ?? CivilDate(year: max(1, today.year - 80), month: today.month, day: 28)!
        windowStart = calendar?.fields(of: start) ?? (start.year, start.month, start.day)

        // The example is a date the field accepts: 2026-04-13, or the bound it passes.
        var sample = CivilDate(year: 2026, month: 4, day: 13)!
        if let min = spec.minimum, sample < min { sample = min }
        if let max = spec.maximum, max < sample { sample = max }
        samplePatterns = sources
        // A date outside the two-digit-year window is written with its whole year: 01.01.90
        // for 2090-01-01 would read as 1990 (yy reads four digits too).
        let window: Range<CivilDate> =
            spec.strptimeYears
            ? CivilDate(year: 1969, month: 1, day: 1)!..<CivilDate(year: 2069, month: 1, day: 1)!
            : start..<(CivilDate(year: start.year + 100, month: start.month, day: start.day) ?? start)
        func years(_ pattern: String, for day: CivilDate) -> String {
            window.contains(day) || window.isEmpty ? pattern : DatePatterns.fullYear(pattern)
        }
        func written(_ pattern: String) -> String {
            guard let writer = try? DateWriter(pattern: years(pattern, for: sample), locale: locale) else { return "" }
            // A time of day is shown at 13:45:30 (UTC, so that an offset is written Z).
            if content == .date { return writer.string(sample) }
            return writer.string(millis: Double(sample.daysSinceEpoch * 86_400 + 49_530) * 1000) ?? ""
        }
        let words = (
            noun: "a \(content.name)",
            locale: locale.origin == nil || spec.format.isPattern ? "" : " in \(locale.nameAndOrigin)"
        )
        exampleWords = words
        makeExample = {
            "\(words.noun) like " + sources.prefix(2).map { "\(written($0)) (\($0))" }.joined(separator: " or ")
                + words.locale
        }
        ownPatterns = sources
        let readsISO =
            switch spec.format {
            case .any, .styleOrISO: true
            case .pattern(let pattern, _): pattern == "yyyy-MM-dd"
            case .style, .skeleton: false
            }
        // (a writer opened only for bounds to write: it is an ICU date format)
        let hasBounds = spec.minimum != nil || spec.maximum != nil
        let boundWriter =
            readsISO || content != .date || !hasBounds ? nil : try? DateWriter(pattern: sources[0], locale: locale)
        /// A day in the first pattern, its year whole outside the window (`writer` writes the
        /// pattern itself, when one is open).
        func inFirstPattern(_ day: CivilDate, _ writer: DateWriter?) -> String? {
            if let writer, window.contains(day) { return writer.string(day) }
            return (try? DateWriter(pattern: years(sources[0], for: day), locale: locale))?.string(day)
        }
        func bound(_ day: CivilDate) -> String {
            boundWriter == nil ? day.description : inFirstPattern(day, boundWriter) ?? day.description
        }
        let inPattern = boundWriter == nil ? "" : " (\(sources[0]))"
        writeDay = content != .date ? nil : { day in inFirstPattern(day, boundWriter) ?? "" }
        boundsPhrase =
            switch (spec.minimum, spec.maximum) {
            case (let low?, let high?): "a date from \(bound(low)) to \(bound(high))\(inPattern)"
            case (let low?, nil): "a date of \(bound(low))\(inPattern) or later"
            case (nil, let high?): "a date of \(bound(high))\(inPattern) or earlier"
            case (nil, nil): ""
            }
        if spec.formatsOutput {
            let target = spec.toLocale ?? locale
            let targetPattern: String
            if let toPattern = spec.toPattern {
                try DatePatterns.checkOutputPattern(toPattern)
                targetPattern = toPattern
            } else if let toStyle = spec.toStyle {
                targetPattern = DatePatterns.pattern(for: toStyle, locale: target)
            } else {
                // The input's style in the other locale, but never a two-digit year where no
                // one asked for one: that would lose the century the input had.
                switch spec.format {
                case .style(let style), .styleOrISO(let style):
                    targetPattern = DatePatterns.fullYear(DatePatterns.pattern(for: style, locale: target))
                case .skeleton(let skeleton):
                    targetPattern = try DatePatterns.bestPattern(skeleton: skeleton, locale: target)
                case .pattern, .any:
                    targetPattern = DatePatterns.fullYear(DatePatterns.pattern(for: .short, locale: target))
                }
            }
            output = try DateWriter(pattern: targetPattern, locale: target)
        } else {
            output = nil
        }
    }

    /// The example names the first pattern that reads `value`, as the field's own example does.
    func adoptExample(_ value: String) {
        let scalars = Array(value.unicodeScalars)
        let reader = readers.first { if case .success = $0.parser.parse(scalars) { true } else { false } }
        let pattern = reader.map { " (\($0.pattern.source))" } ?? ""
        writtenExample = "\(exampleWords.noun) like \(value)\(pattern)\(exampleWords.locale)"
    }

    func inputForm(ofCanonical value: String) -> String? { CivilDate(iso: value).flatMap { writeDay?($0) } }

    /// Today's date in a time zone, which ICU must know.
    static func today(in zone: String) throws(ConfigurationError) -> CivilDate {
        let units = zone.icuUnits
        var isSystem: UBool = 0
        var status = U_ZERO_ERROR
        let canonical = ICU.utf16String {
            cicu_ucal_getCanonicalTimeZoneID(units, Int32(units.count), $0, $1, &isSystem, &$2)
        }
        guard let canonical, !canonical.isEmpty, isSystem != 0 || zone == "UTC" else {
            throw ConfigurationError(
                "unknown time zone '\(zone)': use an IANA id such as UTC, Europe/Berlin or America/New_York")
        }
        let canonicalUnits = canonical.icuUnits
        guard
            let calendar = cicu_ucal_open(
                canonicalUnits, Int32(canonicalUnits.count), "en_US@calendar=gregorian", UCAL_GREGORIAN, &status)
        else { throw ConfigurationError("cannot open ICU's calendar for '\(zone)'") }
        defer { cicu_ucal_close(calendar) }
        cicu_ucal_setMillis(calendar, Double(time(nil)) * 1000, &status)
        let year = Int(cicu_ucal_get(calendar, UCAL_YEAR, &status))
        let month = Int(cicu_ucal_get(calendar, UCAL_MONTH, &status)) + 1
        let day = Int(cicu_ucal_get(calendar, UCAL_DATE, &status))
        guard let date = CivilDate(year: year, month: month, day: day) else {
            throw ConfigurationError("cannot read today's date in '\(zone)'")
        }
        return date
    }

    func validate(_ value: String, map: OffsetMap, detail: CheckDetail, into result: inout FieldResult) {
        let explains = detail.explains
        let scalars = value.scalarArray
        func add(
            _ code: ErrorCode, at index: Int, length: Int = 1, _ problem: DateProblem, wholeField: Bool = false
        ) {
            result.errors.append(
                diagnostic(code, index, length, scalars, map, explains, problem, wholeField: wholeField))
        }
        if scalars.isEmpty {
            result.errors.append(
                Diagnostic(
                    code: .empty, offset: nil, length: 0,
                    reason: .ifExplained(explains, .empty(expected: expectedPhrase))))
            return
        }
        var parsed: ParsedDate? = nil
        var reader = readers[0]
        var furthest: DateFailure? = nil
        for candidate in readers {
            switch candidate.parser.parse(scalars) {
            case .success(let date):
                parsed = date
                reader = candidate
            case .failure(let failure):
                if furthest == nil || failure.index > furthest!.index { furthest = failure }
            }
            if parsed != nil { break }
        }
        /// Another reading of the value, said after the last finding: a value this field cannot
        /// read, or whose field is out of range (13/04/2026 read as M/d/y), is most often
        /// written in another order.
        func addOtherReading() {
            if explains, let last = result.errors.indices.last, let reading = otherReading(value) {
                result.errors[last].add(reading)
            }
        }
        switch parsed.map(Result<ParsedDate, DateFailure>.success) ?? .failure(furthest!) {
        case .failure(let failure):
            if case .field(let problem, _) = failure.problem {
                // A whole word: its column in the input.
                let column = map.original(failure.index) + 1
                add(
                    failure.code, at: failure.index, length: failure.length, .field(problem, column: column),
                    wholeField: true)
            } else {
                add(failure.code, at: failure.index, failure.problem)
            }
            addOtherReading()
            return
        case .success: break
        }
        guard let parsed else { return }
        /// "day 31 at column 1 is out of range: …"
        func field(_ part: ParsedDate.Part, _ code: ErrorCode, _ problem: DateFieldProblem) {
            let column = map.original(part.start) + 1
            add(code, at: part.start, length: part.length, .field(problem, column: column), wholeField: true)
            addOtherReading()
        }
        /// The time of day in ISO 8601 (`13:45:00`, `13:45:30.250+02:00`), or nil when a field
        /// is out of range (reported).
        func timeOfDay() -> String? {
            guard let minutePart = parsed.minute, let hourPart = parsed.hour ?? parsed.hour12 else { return nil }
            var hour = hourPart.value
            if parsed.hour12 != nil {
                guard (1...12).contains(hour) else {
                    field(hourPart, .fieldOutOfRange, .hour12OutOfRange(hour))
                    return nil
                }
                hour = hour % 12 + (parsed.dayPeriod?.value == 1 ? 12 : 0)
            } else if hour > 23 || hourPart.length > 2 {
                field(hourPart, .fieldOutOfRange, .hourOutOfRange(hour))
                return nil
            }
            for (part, name) in [(minutePart, "minute"), (parsed.second, "second")] {
                guard let part, part.value > 59 || part.length > 2 else { continue }
                field(part, .fieldOutOfRange, .sixtyOrMore(name: name, value: part.value))
                return nil
            }
            func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
            var text = "\(two(hour)):\(two(minutePart.value)):\(two(parsed.second?.value ?? 0))"
            if let fraction = parsed.fraction {
                text += "."
                for scalar in scalars[fraction.start..<fraction.start + fraction.length] {
                    text += String(symbols.digits.firstIndex(of: scalar) ?? Int(scalar.value) - 0x30)
                }
            }
            if let zone = parsed.zone {
                if parsed.zoneIsZ {
                    text += "Z"
                } else {
                    let minutes = abs(zone.value) / 60
                    text += (zone.value < 0 ? "-" : "+") + two(minutes / 60) + ":" + two(minutes % 60)
                }
            }
            return text
        }
        if spec.content == .time {
            if let time = timeOfDay() { result.value = time }
            return
        }
        guard let yearPart = parsed.year, let monthPart = parsed.month, let dayPart = parsed.day else {
            return
        }
        // More digits than a day, month or year has (001, 02026) are a typo, not a padding.
        var numbers = [(dayPart, "day", 2), (yearPart, "year", 4)]
        if reader.monthIsNumeric { numbers.append((monthPart, "month", 2)) }
        for (part, name, most) in numbers {
            guard part.length > most else { continue }
            field(
                part, .fieldOutOfRange,
                .tooManyDigits(name: name, written: text(scalars, part), digits: part.length, most: most))
            return
        }
        var year = yearPart.value
        let yearLetters = reader.yearLetters
        if yearLetters >= 3 && yearPart.length <= 2 {
            field(
                yearPart, .twoDigitYear,
                .twoDigitYear(
                    written: text(scalars, yearPart), pattern: reader.pattern.source, letters: yearLetters,
                    readAs: year))
            return
        }
        if reader.usesCenturyWindow && yearLetters <= 2 && yearPart.length == 2 {
            year = windowed(year, month: monthPart.value, day: dayPart.value)
        }
        let date: CivilDate
        if let calendar {
            switch calendar.resolve(era: parsed.era?.value, year: year, month: monthPart.value, day: dayPart.value) {
            case .date(let resolved): date = resolved
            case .monthOutOfRange(let lowest, let highest):
                field(
                    monthPart, .fieldOutOfRange,
                    .monthOutsideCalendar(month: monthPart.value, lowest: lowest, highest: highest))
                return
            case .dayOutOfRange(let highest):
                field(
                    dayPart, .fieldOutOfRange,
                    .dayOutsideCalendarMonth(day: dayPart.value, month: monthPart.value, year: year, days: highest))
                return
            case .invalid:
                field(yearPart, .fieldOutOfRange, .yearOutsideCalendar(year: year, calendar: calendar.type))
                return
            }
        } else {
            if let era = parsed.era, era.value == 0 {
                field(era, .fieldOutOfRange, .eraBeforeYearOne)
                return
            }
            if spec.strptimeYears && yearLetters <= 2 && yearPart.length != 2 {
                field(yearPart, .fieldOutOfRange, .yearNotTwoDigits(written: text(scalars, yearPart)))
                return
            }
            let yearDigitsFit =
                yearLetters <= 2 ? (yearPart.length == 2 || yearPart.length == 4) : yearPart.length >= yearLetters
            if yearDigitsFit && year == 0 {
                field(yearPart, .fieldOutOfRange, .yearZero(written: text(scalars, yearPart)))
                return
            }
            if !yearDigitsFit || !(1...9999).contains(year) {
                field(
                    yearPart, .fieldOutOfRange,
                    .yearOutOfRange(written: text(scalars, yearPart), twoDigitsToo: yearLetters <= 2))
                return
            }
            guard (1...12).contains(monthPart.value) else {
                field(monthPart, .fieldOutOfRange, .monthOutOfRange(monthPart.value))
                return
            }
            let days = CivilDate.daysIn(month: monthPart.value, year: year)
            guard let resolved = CivilDate(year: year, month: monthPart.value, day: dayPart.value) else {
                field(
                    dayPart, .fieldOutOfRange,
                    dayPart.value == 0
                        ? .dayZero(days: days)
                        : .dayBeyondMonth(
                            day: dayPart.value, monthName: monthName(monthPart.value), year: year, days: days))
                return
            }
            date = resolved
        }
        if let weekday = parsed.weekday, weekday.value != date.weekday,
            weekday.start < completionFreeFrom ?? Int.max
        {
            field(
                weekday, .invalidDate,
                .weekdayMismatch(
                    written: text(scalars, weekday), date: date.description, weekday: weekdayName(date.weekday)))
            return
        }
        func beyond(_ bound: CivilDate, minimum: Bool) {
            // What a value must be, as a time's or a year's range is said: an example of a valid
            // value in words (`a date of 2021-01-01 or later`).
            let reason = Reason.beyond(
                value: date.description, bound: bound.description, minimum: minimum, inTime: true,
                expected: boundsPhrase)
            result.errors.append(
                Diagnostic(code: .outOfRange, offset: nil, length: 0, reason: .ifExplained(explains, reason)))
        }
        if let min = spec.minimum, date < min { beyond(min, minimum: true) }
        if let max = spec.maximum, max < date { beyond(max, minimum: false) }
        if result.errors.isEmpty {
            if spec.content == .dateTime {
                if let time = timeOfDay() { result.value = date.description + "T" + time }
                return
            }
            result.value = date.description
            result.output = output?.string(date)
        }
    }

    // MARK: The fast path

    /// The fast path's plan of each numeric Gregorian pattern read (`dd.MM.yyyy`, `M/d/yy`,
    /// `yyyyMMdd`; a style's and ISO 8601's for a style): nil when a pattern has names,
    /// non-ASCII or letter literals, or the calendar, digits or output ask for ICU. A
    /// constant, read for every value without an access check.
    private let fastSteps: [[FastStep]]?

    private enum FastStep {
        case literal(UInt8)
        case number(DateField, maxDigits: Int)
    }

    private static func makeFastSteps(
        readers: [Reader], calendar: DateCalendar?, spec: DateSpec, symbols: DateSymbols
    ) -> [[FastStep]]? {
        guard calendar == nil, !spec.formatsOutput, spec.content == .date,
            symbols.digits == Unicode.Scalar.asciiDigits
        else { return nil }
        var plans: [[FastStep]] = []
        for reader in readers {
            var steps: [FastStep] = []
            for (position, token) in reader.pattern.tokens.enumerated() {
                switch token {
                case .literal(let scalars):
                    for scalar in scalars {
                        guard scalar.isASCII, !scalar.properties.isAlphabetic else { return nil }
                        steps.append(.literal(UInt8(scalar.value)))
                    }
                case .field(let field, _):
                    guard token.isNumericField else { return nil }
                    steps.append(.number(field, maxDigits: reader.pattern.maxDigits(at: position)))
                }
            }
            plans.append(steps)
        }
        return plans
    }

    /// Reads a numeric date byte by byte, exactly as `DateParser` and the checks below would,
    /// and writes the ISO date; declines (returns 0) on anything else.
    func acceptFast(_ bytes: UnsafeBufferPointer<UInt8>, at out: UnsafeMutablePointer<UInt8>) -> Int {
        readFast(bytes)?.writeISO(to: out) ?? 0
    }

    /// Empty, or, for numeric patterns, an ASCII value the fast reader does not take: on ASCII
    /// it reads exactly what `DateParser` and the checks below accept, so what it declines
    /// is rejected.
    ///
    /// Without the fast reader (names, another calendar, the locale's own digits), an ASCII
    /// value no pattern can read as `DateParser` reads: one with a character no reading
    /// consumes (`x12` against `d. MMMM y` in de_DE, whose names have no x), fewer digits than
    /// the numeric fields (`x0` against `d MMM y`), ASCII digits where the locale's are not
    /// (`2201` against fa_IR's `y/M/d`), or no letter where a name needs one (`2024-01-05`
    /// against `d MMM y`). Infer asks this of every value of a column against some sixty
    /// patterns; a value that fails it cost the full reading (7,000 instructions).
    func rejectsFast(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if bytes.isEmpty { return true }
        if fastSteps != nil { return !bytes.contains(where: { $0 >= 0x80 }) && readFast(bytes) == nil }
        return noPatternReads(bytes)
    }

    /// Whether no pattern can read an ASCII value (see `rejectsFast`). Apart from
    /// `rejectsFast`, which is asked of every value and stays small enough to inline.
    @inline(never)
    private func noPatternReads(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var digits = 0
        var letters = false
        for byte in bytes {
            if byte >= 0x80 { return false }
            if byte &- 0x30 < 10 { digits += 1 } else if (byte | 0x20) &- 0x61 < 26 { letters = true }
        }
        return readers.allSatisfy { reader in
            guard let reading = reader.asciiReading else { return true }
            return digits < reading.digits || !letters && reading.needsALetter
                || reading.characters.missesSomeASCII(of: bytes)
        }
    }

    /// The date of a value in the numeric patterns, read byte by byte, or nil: as `validate`
    /// reads it, the first pattern whose shape the value has decides (a date it refuses
    /// there, `31.02.26`, is not looked for in the next pattern).
    private func readFast(_ bytes: UnsafeBufferPointer<UInt8>) -> CivilDate? {
        guard let plans = fastSteps else { return nil }
        for index in plans.indices {
            switch readFast(bytes, plans[index], readers[index]) {
            case .unread: continue
            case .refused: return nil
            case .date(let date): return date
            }
        }
        return nil
    }

    /// What one pattern makes of a value: not its shape (`DateParser` fails: a literal or a
    /// digit missing, text after it), its shape but a date the checks below refuse (a day
    /// of three digits, a two-digit year where four are asked for, 31 February), or a date.
    private enum FastReading {
        case unread, refused
        case date(CivilDate)
    }

    private func readFast(_ bytes: UnsafeBufferPointer<UInt8>, _ steps: [FastStep], _ reader: Reader) -> FastReading {
        var index = 0
        var year = 0
        var yearDigits = 0
        var month = 0
        var day = 0
        // Refusals of a value of the pattern's shape, known only once the whole shape is read.
        var refused = false
        for step in steps {
            switch step {
            case .literal(let byte):
                guard index < bytes.count, bytes[index] == byte else { return .unread }
                index += 1
            case .number(let field, let maxDigits):
                var value = 0
                let start = index
                while index < bytes.count, index - start < maxDigits, bytes[index] &- 0x30 < 10 {
                    value = value * 10 + Int(bytes[index] &- 0x30)
                    index += 1
                }
                guard index > start else { return .unread }
                switch field {
                case .year:
                    year = value
                    yearDigits = index - start
                    if yearDigits > 4 { refused = true }
                case .month: month = value
                default: day = value
                }
                if field != .year && index - start > 2 { refused = true }
            }
        }
        guard index == bytes.count else { return .unread }
        if refused { return .refused }
        if reader.yearLetters >= 3 && yearDigits < reader.yearLetters { return .refused }
        if reader.usesCenturyWindow && reader.yearLetters <= 2 && yearDigits == 2 {
            year = windowed(year, month: month, day: day)
        } else if reader.yearLetters <= 2 && (yearDigits != 4 || spec.strptimeYears) {
            return .refused
        }
        guard let date = CivilDate(year: year, month: month, day: day) else { return .refused }
        if let min = spec.minimum, date < min { return .refused }
        if let max = spec.maximum, max < date { return .refused }
        return .date(date)
    }

    /// ICU's reading of a two-digit year: the year in the hundred years that start 80 years
    /// before today; or strptime's, 1969–2068, for a strptime format.
    private func windowed(_ twoDigits: Int, month: Int, day: Int) -> Int {
        if spec.strptimeYears { return twoDigits + (twoDigits < 69 ? 2000 : 1900) }
        var year = (windowStart.year / 100) * 100 + twoDigits
        // ICU compares the parsed day at midnight with the window's first instant, later that same day.
        if (year, month, day) <= windowStart { year += 100 }
        return year
    }

    private func monthName(_ month: Int) -> String {
        symbols.months.first { $0.value == month }?.text ?? "month \(month)"
    }

    private func weekdayName(_ weekday: Int) -> String {
        symbols.weekdays.first { $0.value == weekday }?.text ?? "weekday \(weekday)"
    }

    private func text(_ scalars: [Unicode.Scalar], _ part: ParsedDate.Part) -> String {
        String(String.UnicodeScalarView(scalars[part.start..<part.start + part.length]))
    }

    private func diagnostic(
        _ code: ErrorCode, _ index: Int, _ length: Int, _ scalars: [Unicode.Scalar], _ map: OffsetMap,
        _ explains: Bool, _ problem: DateProblem, wholeField: Bool
    ) -> Diagnostic {
        let offset = map.original(index)
        guard index < scalars.count else {
            return Diagnostic(
                code: code, offset: offset, length: 0,
                reason: .ifExplained(explains, .unreadable(why: .date(problem), expected: example, after: nil)))
        }
        let character = scalars[index]
        guard explains else {
            return Diagnostic(code: code, offset: offset, length: length, character: character, message: "")
        }
        return Diagnostic(
            code: code, offset: offset, length: length, character: character,
            reason: wholeField
                ? .unreadable(why: .date(problem), expected: example, after: nil)
                : .refused(
                    code == .trailingText ? .trailingText : .unexpected, why: .date(problem), hint: "",
                    expected: example,
                    after: nil))
    }
}
