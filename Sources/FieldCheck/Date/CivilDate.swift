/// A day in the proleptic Gregorian calendar, as ISO 8601 writes it (`2026-04-13`): the
/// canonical value of every date field, whatever calendar the input was written in.
///
/// Pure arithmetic, no ICU: comparing, validating and printing ISO dates is on every value's path.
public struct CivilDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var year: Int
    /// 1–12.
    public var month: Int
    /// 1–31.
    public var day: Int

    /// A date that exists: month 1–12 and a day the month has. Year 1–9999 (what ISO's
    /// four-digit `yyyy` can write).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Self.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Reads `yyyy-MM-dd` (ASCII digits, exactly as ISO 8601's calendar date writes it).
    public init?(iso text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// `2026-04-13`.
    /// Written in place for every date a `--json` record or a full result holds: built by
    /// interpolation, a date's value cost a tenth of an explained run.
    public var description: String {
        if (0...9999).contains(year) && (0...99).contains(month) && (0...99).contains(day) {
            return String(unsafeUninitializedCapacity: 10) { writeISO(to: $0.baseAddress!) }
        }
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    /// Writes `yyyy-MM-dd` (a year of at most four digits) at `out` and returns its length, 10.
    func writeISO(to out: UnsafeMutablePointer<UInt8>) -> Int {
        func digit(_ value: Int) -> UInt8 { 0x30 + UInt8(truncatingIfNeeded: value % 10) }
        out[0] = digit(year / 1000)
        out[1] = digit(year / 100)
        out[2] = digit(year / 10)
        out[3] = digit(year)
        out[4] = UInt8(ascii: "-")
        out[5] = digit(month / 10)
        out[6] = digit(month)
        out[7] = UInt8(ascii: "-")
        out[8] = digit(day / 10)
        out[9] = digit(day)
        return 10
    }

    public static func < (a: CivilDate, b: CivilDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    public static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 (negative before), by Howard Hinnant's days-from-civil algorithm.
    public var daysSinceEpoch: Int { Self.days(year: year, month: month, day: day) }

    /// Days since 1970-01-01 of a proleptic Gregorian date, year 0 included: `daysSinceEpoch`
    /// of fields that need not make a valid `CivilDate` (the ISO readers' years 0–9999).
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146097 + dayOfEra - 719468
    }

    /// The date `days` after 1970-01-01, or nil outside years 1–9999.
    public init?(daysSinceEpoch days: Int) {
        let z = days + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let dayOfEra = z - era * 146097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        self.init(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    /// 1 = Sunday … 7 = Saturday, ICU's numbering of weekdays.
    public var weekday: Int {
        let days = daysSinceEpoch
        // 1970-01-01 was a Thursday (5).
        return ((days % 7 + 7) % 7 + 4) % 7 + 1
    }

    /// Milliseconds since the epoch at noon UTC of this day: an instant that is this day in
    /// every time zone within ±12 hours, for formatting with ICU.
    var noonUTCMillis: Double { (Double(daysSinceEpoch) * 86_400 + 43_200) * 1000 }

    /// The first day of the Gregorian calendar in ICU's calendars: the days before it are
    /// counted in the Julian calendar there.
    static let gregorianReform = CivilDate(year: 1582, month: 10, day: 15)!

    /// Noon of this day as a calendar writes it that counts the days before 1582-10-15 in the
    /// Julian calendar (ICU's Buddhist, Japanese and ROC ones, whose Julian reckoning cannot be
    /// turned off), when `countsJulianDays`: the instant whose Julian date has this date's year,
    /// month and day, so that the calendar writes them. The ten days from 1582-10-05 to the
    /// reform have no date there (their Julian dates fall after it): they are ICU's own day.
    func noonUTCMillis(countingJulianDays countsJulianDays: Bool) -> Double {
        guard countsJulianDays && self < CivilDate(year: 1582, month: 10, day: 5)! else { return noonUTCMillis }
        let shift = (14 - month) / 12
        let years = year + 4800 - shift
        let months = month + 12 * shift - 3
        let julianDay = day + (153 * months + 2) / 5 + 365 * years + years / 4 - 32083
        return (Double(julianDay - 2_440_588) * 86_400 + 43_200) * 1000
    }

    /// The year, month and day the Julian calendar gives the day `days` after 1970-01-01: for a
    /// calendar that counts days before 1582-10-15 in it, the date its fields meant.
    static func julianFields(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        let c = days + 2_440_588 + 32082
        let d = (4 * c + 3) / 1461
        let e = c - 1461 * d / 4
        let m = (5 * e + 2) / 153
        return (d - 4800 + m / 10, m + 3 - 12 * (m / 10), e - (153 * m + 2) / 5 + 1)
    }
}
