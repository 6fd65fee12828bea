/// A UTS #35 date pattern (`dd.MM.yyyy`, `EEEE d MMMM y`) split into the fields and literal
/// text fieldcheck reads. Pure: no ICU, so the tokenizing rules are tested on their own.
/// The same reader takes the times of the `time` and `datetime` types (`HH:mm`,
/// `dd.MM.yyyy HH:mm:ss XXX`): `content` says which fields a pattern must have.
public struct DatePattern: Sendable, Hashable {
    /// The pattern as given.
    public let source: String
    let tokens: [Token]
    let content: DateContent

    enum Token: Sendable, Hashable {
        /// Text that must appear as written (quotes already removed).
        case literal([Unicode.Scalar])
        /// A field; `.zone` with a count of 0 is a literal Z at the end: UTC, written Z only.
        case field(DateField, count: Int)
    }

    /// - Throws: `ConfigurationError` for an unterminated quote, a time field, or a field
    ///   fieldcheck cannot read, naming the letter and its position.
    public init(_ source: String) throws(ConfigurationError) { try self.init(source, content: .date) }

    /// A pattern of a date, a time of day, or both.
    init(_ source: String, content: DateContent) throws(ConfigurationError) {
        self.source = source
        self.content = content
        var tokens: [Token] = []
        var literal: [Unicode.Scalar] = []
        let scalars = Array(source.unicodeScalars)
        var index = 0
        func flushLiteral() {
            if !literal.isEmpty { tokens.append(.literal(literal)) }
            literal.removeAll()
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "'" {
                if index + 1 < scalars.count && scalars[index + 1] == "'" {
                    literal.append("'")
                    index += 2
                    continue
                }
                // Quoted text runs to the next lone quote; '' inside it is a quote.
                var end = index + 1
                var closed = false
                while end < scalars.count {
                    if scalars[end] == "'" {
                        if end + 1 < scalars.count && scalars[end + 1] == "'" {
                            literal.append("'")
                            end += 2
                            continue
                        }
                        closed = true
                        break
                    }
                    literal.append(scalars[end])
                    end += 1
                }
                guard closed else {
                    throw ConfigurationError(
                        "malformed date pattern '\(source)': the quote at column \(index + 1) is never closed "
                            + "(write '' for a quote character)")
                }
                index = end + 1
                continue
            }
            guard scalar.isASCII, scalar.properties.isAlphabetic else {
                literal.append(scalar)
                index += 1
                continue
            }
            var count = 1
            while index + count < scalars.count && scalars[index + count] == scalar { count += 1 }
            guard let field = DateField(letter: Character(scalar), count: count),
                content != .date || !field.isTime
            else {
                throw ConfigurationError(Self.unsupported(scalar, at: index, in: source, content: content))
            }
            if content == .time && !field.isTime {
                throw ConfigurationError(
                    "time pattern '\(source)': '\(Character(scalar))' at column \(index + 1) is a date field, and a "
                        + "time column reads times of day (a datetime column reads both); quote literal letters")
            }
            flushLiteral()
            tokens.append(.field(field, count: count))
            index += count
        }
        flushLiteral()
        // A time written with a literal Z at its end (strptime's `%H:%M:%SZ`, UTS #35's
        // `HH:mm:ss'Z'`) is in UTC: the Z is read as the offset it stands for, so that the value
        // keeps it (written `…Z` under --normalize, compared as UTC), and it still reads only Z.
        // Only a Z of its own: the end of a quoted word ('GMTZ') is text.
        if content != .date, case .literal(var text)? = tokens.last, text.last == "Z",
            text.count == 1 || !text[text.count - 2].properties.isAlphabetic,
            !tokens.contains(where: { if case .field(.zone, _) = $0 { true } else { false } })
        {
            tokens.removeLast()
            text.removeLast()
            if !text.isEmpty { tokens.append(.literal(text)) }
            tokens.append(.field(.zone, count: 0))
        }
        self.tokens = tokens
        if content != .time {
            for needed in [DateField.year, .month, .day] where !fields.contains(needed) {
                throw ConfigurationError(
                    "\(content.name) pattern '\(source)' has no \(needed.name) field; fieldcheck reads whole dates "
                        + "(a year y, a month M or MMMM, a day d), as in 'dd.MM.yyyy'")
            }
        }
        if content != .date {
            guard fields.contains(.hour) || fields.contains(.hour12), fields.contains(.minute) else {
                throw ConfigurationError(
                    "\(content.name) pattern '\(source)' has no hour or no minutes; a time has an hour H (or h "
                        + "with a), minutes m and may have seconds s, a fraction S and an offset X, as in 'HH:mm:ss'")
            }
            if fields.contains(.hour12) != fields.contains(.dayPeriod) {
                throw ConfigurationError(
                    "\(content.name) pattern '\(source)': the hour h (1–12) needs the AM/PM marker a, and a needs h; "
                        + "use H for hours 0–23")
            }
            if fields.contains(.hour12) && fields.contains(.hour) {
                throw ConfigurationError("\(content.name) pattern '\(source)' has the hour twice (H and h)")
            }
        }
        for field in [
            DateField.year, .month, .day, .weekday, .era, .hour, .hour12, .minute, .second, .fraction, .dayPeriod,
            .zone,
        ]
        where fields.filter({ $0 == field }).count > 1 {
            throw ConfigurationError("\(content.name) pattern '\(source)' has the \(field.name) twice")
        }
    }

    /// How many digits the numeric field at token `position` reads at most: its pattern width
    /// where another numeric field follows directly (`yyyyMMdd`), else up to 9, so that a field
    /// with too many digits is reported as such rather than split.
    func maxDigits(at position: Int) -> Int {
        guard position + 1 < tokens.count, tokens[position + 1].isNumericField,
            case .field(let field, let count) = tokens[position]
        else { return 9 }
        switch field {
        case .year: return count == 2 ? 2 : max(count, 4)
        case .fraction: return count
        default: return 2
        }
    }

    var fields: [DateField] {
        tokens.compactMap {
            if case .field(let field, _) = $0 { return field }
            return nil
        }
    }

    private static func unsupported(
        _ letter: Unicode.Scalar, at index: Int, in source: String, content: DateContent
    ) -> String {
        if content != .date {
            let what =
                "zZOvV".unicodeScalars.contains(letter)
                ? "is a time zone name, which fieldcheck does not read; it reads UTC offsets (X, XXX, x, Z)"
                : "is a field fieldcheck cannot read"
            return "\(content.name) pattern '\(source)': '\(Character(letter))' at column \(index + 1) \(what); "
                + "the time fields it reads are H (0–23), h (1–12) with a (AM/PM), m (minutes), s (seconds), "
                + "S (fraction), X, x or Z (UTC offset)"
                + (content == .dateTime ? ", and the date fields G, y, M, d, E" : "") + "; quote literal letters ('T')"
        }
        let time = "aBbHhKkmSsAzZOvVXxj"
        let what =
            time.unicodeScalars.contains(letter)
            ? "is a time field, and fieldcheck date reads dates only"
            : "is a field fieldcheck date cannot read"
        return "date pattern '\(source)': '\(Character(letter))' at column \(index + 1) \(what); the fields it reads "
            + "are G (era), y (year), M or L (month), d (day), E, EEEE or cccc (weekday); quote literal "
            + "letters ('de')"
    }
}

/// What a pattern holds: a date (the `date` type and command), a time of day (`time`), or
/// both (`datetime`).
enum DateContent: Sendable, Hashable {
    case date, time, dateTime

    /// The value, in messages ("time pattern 'HH:mm'", "a time like 13:45").
    var name: String {
        switch self {
        case .date: "date"
        case .time: "time"
        case .dateTime: "datetime"
        }
    }
}

/// A field of a date pattern that fieldcheck reads.
enum DateField: Sendable, Hashable {
    case era, year, month, day, weekday
    /// H (0–23), h (1–12, with `dayPeriod`), m, s, S (the digits of a fraction of a second),
    /// a (AM or PM), and a UTC offset (X, x, Z).
    case hour, hour12, minute, second, fraction, dayPeriod, zone

    init?(letter: Character, count: Int) {
        switch letter {
        case "G": self = .era
        case "y": self = .year
        case "M", "L": self = .month
        case "d" where count <= 2: self = .day
        case "E": self = .weekday
        // c and e are numeric below three letters (the local day of the week): not read.
        case "c" where count >= 3, "e" where count >= 3: self = .weekday
        case "H" where count <= 2: self = .hour
        case "h" where count <= 2: self = .hour12
        case "m" where count <= 2: self = .minute
        case "s" where count <= 2: self = .second
        case "S": self = .fraction
        case "a": self = .dayPeriod
        case "X" where count <= 5, "x" where count <= 5: self = .zone
        // ZZZZ is the localized GMT form ("GMT+02:00"), a name rather than an offset.
        case "Z" where count != 4 && count <= 5: self = .zone
        default: return nil
        }
    }

    /// Whether the field is a time of day's.
    var isTime: Bool {
        switch self {
        case .era, .year, .month, .day, .weekday: false
        default: true
        }
    }

    var name: String {
        switch self {
        case .era: "era"
        case .year: "year"
        case .month: "month"
        case .day: "day"
        case .weekday: "weekday"
        case .hour, .hour12: "hour"
        case .minute: "minute"
        case .second: "second"
        case .fraction: "fraction of a second"
        case .dayPeriod: "AM/PM marker"
        case .zone: "UTC offset"
        }
    }

    /// The pattern letter, for messages.
    var letter: String {
        switch self {
        case .era: "G"
        case .year: "y"
        case .month: "M"
        case .day: "d"
        case .weekday: "E"
        case .hour: "H"
        case .hour12: "h"
        case .minute: "m"
        case .second: "s"
        case .fraction: "S"
        case .dayPeriod: "a"
        case .zone: "X"
        }
    }
}
