internal import CICU

/// A calendar other than the Gregorian, through ICU: which months a year has, how many days
/// a month has, and which Gregorian day a date is. The Gregorian calendar (and ISO 8601's)
/// never comes here: `CivilDate`'s arithmetic does it without ICU.
final class DateCalendar {
    /// ICU's name for the calendar ("buddhist", "japanese").
    let type: String
    private let calendar: UnsafeMutablePointer<UCalendar?>

    /// Nil when the calendar is the Gregorian one.
    init?(locale: LocaleID) {
        var status = U_ZERO_ERROR
        let zone = "UTC".icuUnits
        guard let calendar = cicu_ucal_open(zone, Int32(zone.count), locale.identifier, UCAL_DEFAULT, &status),
            !ICU.failed(status)
        else { return nil }
        let type = cicu_ucal_getType(calendar, &status).map { String(cString: $0) } ?? "gregorian"
        if type == "gregorian" || type == "iso8601" {
            cicu_ucal_close(calendar)
            return nil
        }
        cicu_ucal_setAttribute(calendar, UCAL_LENIENT, 0)
        self.calendar = calendar
        self.type = type
        countsJulianDays = Self.countsJulianDays(type)
    }

    /// Whether the calendar is the Gregorian one with other years (Buddhist, Japanese, ROC):
    /// ICU counts its days before 1582-10-15 in the Julian calendar, and refuses to move the
    /// switch for any calendar but the Gregorian itself (`ucal_setGregorianChange`). ISO 8601
    /// is proleptic Gregorian: such a date's fields are read and written as Gregorian here.
    let countsJulianDays: Bool

    static func countsJulianDays(_ type: String) -> Bool { ["buddhist", "japanese", "roc"].contains(type) }

    deinit { cicu_ucal_close(calendar) }

    /// What is wrong with a date in this calendar, or the Gregorian day it is.
    enum Outcome {
        case date(CivilDate)
        case monthOutOfRange(lowest: Int, highest: Int)
        case dayOutOfRange(highest: Int)
        /// ICU cannot place the date (a year before the calendar's start, an unknown era).
        case invalid
    }

    func resolve(era: Int?, year: Int, month: Int, day: Int) -> Outcome {
        var status = U_ZERO_ERROR
        cicu_ucal_clear(calendar)
        if let era { cicu_ucal_set(calendar, UCAL_ERA, Int32(era)) }
        cicu_ucal_set(calendar, UCAL_YEAR, Int32(clamping: year))
        cicu_ucal_set(calendar, UCAL_MONTH, 0)
        cicu_ucal_set(calendar, UCAL_DATE, 1)
        cicu_ucal_set(calendar, UCAL_HOUR_OF_DAY, 12)
        let lowestMonth = Int(cicu_ucal_getLimit(calendar, UCAL_MONTH, UCAL_ACTUAL_MINIMUM, &status)) + 1
        let highestMonth = Int(cicu_ucal_getLimit(calendar, UCAL_MONTH, UCAL_ACTUAL_MAXIMUM, &status)) + 1
        guard !ICU.failed(status) else { return .invalid }
        guard (lowestMonth...highestMonth).contains(month) else {
            return .monthOutOfRange(lowest: lowestMonth, highest: highestMonth)
        }
        cicu_ucal_set(calendar, UCAL_MONTH, Int32(month - 1))
        let highestDay = Int(cicu_ucal_getLimit(calendar, UCAL_DATE, UCAL_ACTUAL_MAXIMUM, &status))
        guard !ICU.failed(status) else { return .invalid }
        guard (1...highestDay).contains(day) else { return .dayOutOfRange(highest: highestDay) }
        cicu_ucal_set(calendar, UCAL_DATE, Int32(day))
        let millis = cicu_ucal_getMillis(calendar, &status)
        guard !ICU.failed(status), millis.isFinite else { return .invalid }
        let days = Int((millis / 86_400_000).rounded(.down))
        if countsJulianDays && days < CivilDate.gregorianReform.daysSinceEpoch {
            // ICU read the fields as a Julian date: the same fields as a Gregorian one.
            let fields = CivilDate.julianFields(daysSinceEpoch: days)
            guard let date = CivilDate(year: fields.year, month: fields.month, day: fields.day) else {
                return .dayOutOfRange(highest: CivilDate.daysIn(month: fields.month, year: fields.year))
            }
            return .date(date)
        }
        guard let date = CivilDate(daysSinceEpoch: days) else { return .invalid }
        return .date(date)
    }

    /// The year, month and day of a Gregorian day in this calendar.
    func fields(of date: CivilDate) -> (year: Int, month: Int, day: Int) {
        var status = U_ZERO_ERROR
        cicu_ucal_clear(calendar)
        cicu_ucal_setMillis(calendar, date.noonUTCMillis(countingJulianDays: countsJulianDays), &status)
        return (
            Int(cicu_ucal_get(calendar, UCAL_YEAR, &status)), Int(cicu_ucal_get(calendar, UCAL_MONTH, &status)) + 1,
            Int(cicu_ucal_get(calendar, UCAL_DATE, &status))
        )
    }
}

/// Formats Gregorian days with a pattern in a locale (and its calendar): the `--to` output and
/// the examples in messages. Opened once, reused for every value.
final class DateWriter {
    let pattern: String
    private let locale: LocaleID
    private let format: UnsafeMutablePointer<UDateFormat?>
    private var buffer = [UChar](repeating: 0, count: 128)
    /// The writer of a year below 1000: the pattern with each one-letter year written with
    /// four digits (`d.M.yyyy` for `d.M.y`). ICU writes the year 26 through `y` as `26`,
    /// which every reader takes for 2026: the output would mean another date. Nil when the
    /// pattern has no such year or names an era (whose years are small by nature).
    private lazy var smallYear: DateWriter? = {
        guard let padded = DatePatterns.paddedYear(pattern) else { return nil }
        return try? DateWriter(pattern: padded, locale: locale)
    }()

    init(pattern: String, locale: LocaleID) throws(ConfigurationError) {
        var status = U_ZERO_ERROR
        let units = pattern.icuUnits
        let zone = "UTC".icuUnits
        guard
            let format = cicu_udat_open(
                UDAT_PATTERN, UDAT_PATTERN, locale.identifier, zone, Int32(zone.count), units, Int32(units.count),
                &status), !ICU.failed(status)
        else {
            throw ConfigurationError("malformed date pattern '\(pattern)': \(ICU.explain(status))")
        }
        self.format = format
        self.pattern = pattern
        self.locale = locale
        // ISO 8601 is proleptic Gregorian: no switch from the Julian calendar in 1582 (which
        // ICU allows only for the Gregorian calendar: the others are written by `string`).
        var ignored = U_ZERO_ERROR
        var type = "gregorian"
        if let calendar = cicu_udat_getCalendar(format), let copy = cicu_ucal_clone(calendar, &ignored) {
            type = cicu_ucal_getType(copy, &ignored).map { String(cString: $0) } ?? type
            cicu_ucal_setGregorianChange(copy, -8.64e15, &ignored)
            cicu_udat_setCalendar(format, copy)
            cicu_ucal_close(copy)
        }
        countsJulianDays = DateCalendar.countsJulianDays(type)
    }

    /// Whether the writer's calendar counts days before 1582-10-15 as Julian ones
    /// (`DateCalendar.countsJulianDays`).
    private let countsJulianDays: Bool

    deinit { cicu_udat_close(format) }

    func string(_ date: CivilDate) -> String {
        if date.year < 1000, let smallYear { return smallYear.string(date) }
        return string(millis: date.noonUTCMillis(countingJulianDays: countsJulianDays)) ?? date.description
    }

    /// The instant `millis` after 1970-01-01T00:00:00Z, written in UTC; nil when ICU fails.
    func string(millis: Double) -> String? {
        var status = U_ZERO_ERROR
        let length = cicu_udat_format(format, millis, &buffer, Int32(buffer.count), &status)
        if status == U_BUFFER_OVERFLOW_ERROR {
            buffer = [UChar](repeating: 0, count: Int(length) + 1)
            status = U_ZERO_ERROR
            _ = cicu_udat_format(format, millis, &buffer, Int32(buffer.count), &status)
        }
        guard !ICU.failed(status) else { return nil }
        return ICU.string(utf16: buffer[0..<Int(length)])
    }
}
