/// Why a text is not a date (or time) the field accepts, as data: where the pattern reader
/// stopped and what it expected there, or which field of a read date is out of range and
/// why. Worded in one place, `write(to:)`, only when a message is wanted: a value is read
/// against each of the field's patterns, and the failures of all but the one that got
/// furthest were built for nothing when each made a sentence (issue 30: findings as data).
public enum DateProblem: Sendable, Hashable {
    /// The value ends where the pattern has this literal character.
    case valueEndsAtLiteral(Unicode.Scalar)
    /// The pattern has this literal character where the value has another.
    case literalExpected(Unicode.Scalar)
    /// The pattern's literal Z (UTC) is missing (`valueEnded`: the value ended there).
    case utcMarkExpected(valueEnded: Bool)
    /// A name was expected (a month's, a weekday's, AM or PM, an era's); `example` is one.
    case nameExpected(DateName, example: String)
    /// The whole date, time or datetime (`content`) was read by the 0-based `column`, and
    /// text follows.
    case textAfter(content: String, column: Int)
    /// The value ends before a field of the pattern (its name and letters, `day (dd)`).
    case valueEndsBeforeField(name: String, letters: String)
    /// A digit of another numbering system; `mixed` when the value has the locale's too.
    case otherNumberingSystem(mixed: Bool, digits: String)
    /// A field of the pattern was expected here (`year (yyyy)`).
    case fieldExpected(name: String, letters: String)
    /// The value ends where the pattern has a UTC offset.
    case valueEndsBeforeOffset
    /// Something else where the pattern has a UTC offset.
    case offsetExpected
    /// A UTC offset's sign without two digits of hours.
    case offsetHoursExpected
    /// A UTC offset of more than 14 hours.
    case offsetHoursOutOfRange(Int)
    /// A UTC offset's minutes above 59.
    case offsetMinutesOutOfRange(Int)
    /// Minutes after an offset of 14 hours: offsets run from −14:00 to +14:00.
    case offsetBeyondFourteenHours(minutes: Int)
    /// A field of the value, at a 1-based column, and what is wrong with it.
    case field(DateFieldProblem, column: Int)

    /// The kinds of names a date pattern reads.
    public enum DateName: Sendable, Hashable {
        case month, weekday, dayPeriod, era
    }
}

/// What is wrong with one field of a date that was read: its subject (`day 31`, `the year
/// '26'`) and what is said of it.
public enum DateFieldProblem: Sendable, Hashable {
    /// A word where a name stands, which is not one (`'Aprl'`).
    case notAName(word: String, DateProblem.DateName, example: String)
    /// An hour outside 1–12 where the pattern has AM or PM.
    case hour12OutOfRange(Int)
    /// An hour outside 00–23.
    case hourOutOfRange(Int)
    /// A minute or a second (`name`) above 59.
    case sixtyOrMore(name: String, value: Int)
    /// More digits than the field has (`001` for a day).
    case tooManyDigits(name: String, written: String, digits: Int, most: Int)
    /// A two-digit year where the pattern asks for `letters` digits; ICU would read `readAs`.
    case twoDigitYear(written: String, pattern: String, letters: Int, readAs: Int)
    /// A month outside the calendar's (`lowest`–`highest`).
    case monthOutsideCalendar(month: Int, lowest: Int, highest: Int)
    /// A day past the `days` of a month of the calendar.
    case dayOutsideCalendarMonth(day: Int, month: Int, year: Int, days: Int)
    /// A year the calendar cannot convert.
    case yearOutsideCalendar(year: Int, calendar: String)
    /// An era before the year 1, which ISO 8601 dates cannot write.
    case eraBeforeYearOne
    /// A year not of four digits (or two, `twoDigitsToo`), or outside 1–9999.
    case yearOutOfRange(written: String, twoDigitsToo: Bool)
    /// The year 0 (`0000`): ISO 8601 dates here run from the year 1.
    case yearZero(written: String)
    /// A year not of two digits where strptime's `%y` reads two.
    case yearNotTwoDigits(written: String)
    /// A Gregorian month outside 1–12.
    case monthOutOfRange(Int)
    /// Day 0 of a month of `days` days.
    case dayZero(days: Int)
    case dayBeyondMonth(day: Int, monthName: String, year: Int, days: Int)
    /// A weekday the date does not fall on (`date`: ISO, `weekday`: the one it is).
    case weekdayMismatch(written: String, date: String, weekday: String)
}

extension DateProblem {
    /// The reason in words, as `Diagnostic.withMessage` gives it.
    var text: String { MessageWriter.string { write(to: &$0) } }

    func write(to writer: inout MessageWriter) {
        switch self {
        case .valueEndsAtLiteral(let literal):
            writer.put("the value ends where the pattern has ")
            writer.put(Self.quote(literal))
        case .literalExpected(let literal):
            writer.put("the pattern has ")
            writer.put(Self.quote(literal))
            writer.put(" here")
        case .utcMarkExpected(let valueEnded):
            writer.put(valueEnded ? "the value ends where the pattern has 'Z' (UTC)" : "the pattern has 'Z' (UTC) here")
        case .nameExpected(let name, let example):
            writer.put("expected ")
            name.write(example: example, to: &writer)
        case .textAfter(let content, let column):
            writer.put("the ")
            writer.put(content)
            writer.put(" is complete at column ")
            writer.put(decimal: column)
            writer.put(", and text follows it")
        case .valueEndsBeforeField(let name, let letters):
            writer.put("the value ends before the ")
            writer.put(name)
            writer.put(" (")
            writer.put(letters)
            writer.put(")")
        case .otherNumberingSystem(let mixed, let digits):
            writer.put(mixed ? "digits of two numbering systems" : "a digit of another numbering system")
            writer.put("; dates in this locale use ")
            writer.put(digits)
        case .fieldExpected(let name, let letters):
            writer.put("expected the ")
            writer.put(name)
            writer.put(" (")
            writer.put(letters)
            writer.put(") here")
        case .valueEndsBeforeOffset: writer.put("the value ends before the UTC offset")
        case .offsetExpected: writer.put("expected a UTC offset such as +02:00, +0200 or Z here")
        case .offsetHoursExpected: writer.put("expected the two digits of the offset's hours")
        case .offsetHoursOutOfRange(let hours):
            writer.put("the offset's hours ")
            writer.put(decimal: hours)
            writer.put(" are out of range (00 to 14)")
        case .offsetMinutesOutOfRange(let minutes):
            writer.put("the offset's minutes ")
            writer.put(decimal: minutes)
            writer.put(" are out of range (00 to 59)")
        case .offsetBeyondFourteenHours(let minutes):
            writer.put("the offset's minutes ")
            writer.put(decimal: minutes)
            writer.put(" are out of range (00 after 14 hours: offsets run from -14:00 to +14:00)")
        case .field(let problem, let column): problem.write(atColumn: column, to: &writer)
        }
    }

    /// A literal of the pattern as messages show it: quoted, or named when invisible.
    private static func quote(_ scalar: Unicode.Scalar) -> String {
        CharacterDescription.isInvisible(scalar)
            ? CharacterDescription.describe(scalar) : "'\(Character(scalar))'"
    }
}

extension DateProblem.DateName {
    /// "a month name (such as 'April')".
    func write(example: String, to writer: inout MessageWriter) {
        switch self {
        case .month: writer.put("a month name (such as '")
        case .weekday: writer.put("a weekday name (such as '")
        case .dayPeriod: writer.put("AM or PM (such as '")
        case .era: writer.put("an era (such as '")
        }
        writer.put(example)
        writer.put("')")
    }
}

extension DateFieldProblem {
    /// "day 31 at column 1 is out of range: …": the field, where it stands, what is wrong.
    fileprivate func write(atColumn column: Int, to writer: inout MessageWriter) {
        /// The field as a number (`day 31`) or as written (`the year '26'`), and its column.
        func subject(_ words: StaticString, _ value: Int) {
            writer.put(words)
            writer.put(decimal: value)
            at()
        }
        func subject(_ words: StaticString, written: String) {
            writer.put(words)
            writer.put("'")
            writer.put(written)
            writer.put("'")
            at()
        }
        func at() {
            writer.put(" at column ")
            writer.put(decimal: column)
            writer.put(" ")
        }
        /// `(lowest–highest)`.
        func range(_ lowest: Int, _ highest: Int) {
            writer.put("(")
            writer.put(decimal: lowest)
            writer.put("–")
            writer.put(decimal: highest)
            writer.put(")")
        }
        switch self {
        case .notAName(let word, let name, let example):
            subject("", written: word)
            writer.put("is not ")
            name.write(example: example, to: &writer)
        case .hour12OutOfRange(let hour):
            subject("hour ", hour)
            writer.put("is out of range (1–12 with AM or PM)")
        case .hourOutOfRange(let hour):
            subject("hour ", hour)
            writer.put("is out of range (00–23)")
        case .sixtyOrMore(let name, let value):
            writer.put(name)
            subject(" ", value)
            writer.put("is out of range (00–59)")
        case .tooManyDigits(let name, let written, let digits, let most):
            writer.put("the ")
            writer.put(name)
            subject(" ", written: written)
            writer.put("has ")
            writer.put(decimal: digits)
            writer.put(" digits; a ")
            writer.put(name)
            writer.put(" has at most ")
            writer.put(decimal: most)
        case .twoDigitYear(let written, let pattern, let letters, let readAs):
            subject("the year ", written: written)
            writer.put("is too short: the pattern ")
            writer.put(pattern)
            writer.put(" asks for all ")
            writer.put(decimal: letters)
            writer.put(" digits (ICU would read it as the year ")
            writer.put(decimal: readAs)
            writer.put(")")
        case .monthOutsideCalendar(let month, let lowest, let highest):
            subject("month ", month)
            writer.put("is out of range ")
            range(lowest, highest)
        case .dayOutsideCalendarMonth(let day, let month, let year, let days):
            subject("day ", day)
            writer.put("is out of range: month ")
            writer.put(decimal: month)
            writer.put(" of ")
            writer.put(decimal: year)
            writer.put(" has ")
            writer.put(decimal: days)
            writer.put(" days")
        case .yearOutsideCalendar(let year, let calendar):
            subject("the year ", year)
            writer.put("is out of the ")
            writer.put(calendar)
            writer.put(" calendar's range")
        case .eraBeforeYearOne:
            writer.put("the era")
            at()
            writer.put("is before the year 1, which ISO 8601 dates cannot write")
        case .yearOutOfRange(let written, let twoDigitsToo):
            subject("the year ", written: written)
            writer.put("is out of range: write all four digits (2026)")
            if twoDigitsToo { writer.put(" or the last two (26)") }
        case .yearZero(let written):
            subject("the year ", written: written)
            writer.put("is out of range: years run from 0001 to 9999")
        case .yearNotTwoDigits(let written):
            subject("the year ", written: written)
            writer.put("is not two digits: %y reads the last two digits of the year (26 for 2026); use %Y for four")
        case .monthOutOfRange(let month):
            subject("month ", month)
            writer.put("is out of range (1–12)")
        case .dayZero(let days):
            subject("day ", 0)
            writer.put("is out of range ")
            range(1, days)
        case .dayBeyondMonth(let day, let monthName, let year, let days):
            subject("day ", day)
            writer.put("is out of range: ")
            writer.put(monthName)
            writer.put(" ")
            writer.put(decimal: year)
            writer.put(" has ")
            writer.put(decimal: days)
            writer.put(" days")
        case .weekdayMismatch(let written, let date, let weekday):
            subject("the weekday ", written: written)
            writer.put("does not fit the date: ")
            writer.put(date)
            writer.put(" is a ")
            writer.put(weekday)
        }
    }
}
