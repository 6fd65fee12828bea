/// A UTS #35 date pattern (`dd.MM.yyyy`, `EEEE d MMMM y`) split into the fields and literal
/// text fieldcheck reads. Pure: no ICU, so the tokenizing rules are tested on their own.
public struct DatePattern: Sendable, Hashable {
    /// The pattern as given.
    public let source: String
    let tokens: [Token]

    enum Token: Sendable, Hashable {
        /// Text that must appear as written (quotes already removed).
        case literal([Unicode.Scalar])
        case field(DateField, count: Int)
    }

    /// - Throws: `ConfigurationError` for an unterminated quote, a time field, or a field
    ///   fieldcheck cannot read, naming the letter and its position.
    public init(_ source: String) throws(ConfigurationError) {
        self.source = source
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
            guard let field = DateField(letter: Character(scalar), count: count) else {
                throw ConfigurationError(Self.unsupported(scalar, at: index, in: source))
            }
            flushLiteral()
            tokens.append(.field(field, count: count))
            index += count
        }
        flushLiteral()
        self.tokens = tokens
        for needed in [DateField.year, .month, .day] where !fields.contains(needed) {
            throw ConfigurationError(
                "date pattern '\(source)' has no \(needed.name) field; fieldcheck reads whole dates "
                    + "(a year y, a month M or MMMM, a day d), as in 'dd.MM.yyyy'")
        }
        for field in [DateField.year, .month, .day, .weekday, .era] where fields.filter({ $0 == field }).count > 1 {
            throw ConfigurationError("date pattern '\(source)' has the \(field.name) twice")
        }
    }

    /// How many digits the numeric field at token `position` reads at most: its pattern width
    /// where another numeric field follows directly (`yyyyMMdd`), else up to 9, so that a field
    /// with too many digits is reported as such rather than split.
    func maxDigits(at position: Int) -> Int {
        guard position + 1 < tokens.count, tokens[position + 1].isNumericField,
            case .field(let field, let count) = tokens[position]
        else { return 9 }
        return field == .year ? (count == 2 ? 2 : max(count, 4)) : 2
    }

    var fields: [DateField] {
        tokens.compactMap {
            if case .field(let field, _) = $0 { return field }
            return nil
        }
    }

    private static func unsupported(_ letter: Unicode.Scalar, at index: Int, in source: String) -> String {
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

/// A field of a date pattern that fieldcheck reads.
enum DateField: Sendable, Hashable {
    case era, year, month, day, weekday

    init?(letter: Character, count: Int) {
        switch letter {
        case "G": self = .era
        case "y": self = .year
        case "M", "L": self = .month
        case "d" where count <= 2: self = .day
        case "E": self = .weekday
        // c and e are numeric below three letters (the local day of the week): not read.
        case "c" where count >= 3, "e" where count >= 3: self = .weekday
        default: return nil
        }
    }

    var name: String {
        switch self {
        case .era: "era"
        case .year: "year"
        case .month: "month"
        case .day: "day"
        case .weekday: "weekday"
        }
    }
}
