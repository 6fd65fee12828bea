/// What the pattern-driven reader found in a value: each field's value and where it stands.
struct ParsedDate {
    struct Part {
        var value: Int
        /// Scalar offset and length in the working value.
        var start: Int
        var length: Int
    }
    var era: Part?
    var year: Part?
    var month: Part?
    var day: Part?
    var weekday: Part?
}

/// Why a value does not fit the pattern.
struct DateFailure: Error {
    var code: ErrorCode
    /// Scalar index in the working value; `count` when the value ended early.
    var index: Int
    /// The reason in words, built only when a message is wanted (not under `--quiet`).
    private let explanation: LazyReason
    var reason: String { explanation.text }
    /// What the failure is about when it is a whole word ("'Aprl'"), not one character; it
    /// then covers `length` scalars.
    var subject: String? = nil
    var length = 1

    init(
        code: ErrorCode, index: Int, reason: @escaping @autoclosure () -> String, subject: String? = nil,
        length: Int = 1
    ) {
        self.code = code
        self.index = index
        explanation = LazyReason(reason)
        self.subject = subject
        self.length = length
    }
}

/// Reads a value against a date pattern, field by field: numbers in the locale's digits,
/// month, weekday and era names in any of the locale's widths and contexts (case-insensitive,
/// as ICU matches them), literal text exactly — except that any space variant stands for a
/// space and bidi marks are optional. It checks shape only; ranges and calendars are the
/// validator's.
struct DateParser {
    let pattern: DatePattern
    let symbols: DateSymbols

    /// The space variants read alike (a switch, not a Set: it is asked for every literal, and
    /// hashing cost more than the comparisons).
    private enum SpaceVariants {
        static func contains(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "\u{20}" || scalar == "\u{A0}" || scalar == "\u{202F}" || scalar == "\u{2009}"
        }
    }
    private static let spaces = SpaceVariants.self

    func parse(_ scalars: [Unicode.Scalar]) -> Result<ParsedDate, DateFailure> {
        var parsed = ParsedDate()
        var index = 0
        let tokens = pattern.tokens
        /// The name read last, while nothing after it has been matched: a mismatch right after
        /// it ("Aprl" read as "Apr" + "l") is the name's fault, not the next literal's.
        var lastName: (field: DateField, start: Int, end: Int)? = nil
        for (position, token) in tokens.enumerated() {
            switch token {
            case .literal(let literal):
                for expected in literal {
                    if expected.isBidiMark {
                        if index < scalars.count && scalars[index] == expected { index += 1 }
                        continue
                    }
                    guard index < scalars.count else {
                        return .failure(
                            DateFailure(
                                code: .invalidDate, index: index,
                                reason: "the value ends where the pattern has \(Self.quote(expected))"))
                    }
                    let found = scalars[index]
                    let fits =
                        Self.spaces.contains(expected)
                        ? Self.spaces.contains(found) : DateSymbols.fold(found) == DateSymbols.fold(expected)
                    guard fits else {
                        if let name = lastName, name.end == index, found.properties.isAlphabetic {
                            var end = index
                            while end < scalars.count && scalars[end].properties.isAlphabetic { end += 1 }
                            return .failure(notAName(name.field, scalars, name.start..<end))
                        }
                        return .failure(
                            DateFailure(
                                code: .invalidDate, index: index,
                                reason: "the pattern has \(Self.quote(expected)) here"))
                    }
                    index += 1
                    lastName = nil
                }
            case .field(let field, let count):
                lastName = nil
                let part: ParsedDate.Part
                if token.isNumericField {
                    switch readNumber(
                        scalars, at: index, maxDigits: pattern.maxDigits(at: position), field: field, count: count)
                    {
                    case .success(let number): part = number
                    case .failure(let failure): return .failure(failure)
                    }
                } else {
                    let names: [DateSymbols.Name] =
                        switch field {
                        case .month: symbols.months
                        case .weekday: symbols.weekdays
                        default: symbols.eras
                        }
                    guard let name = Self.longestName(names, in: scalars, at: index) else {
                        return .failure(
                            DateFailure(
                                code: .invalidDate, index: index,
                                reason: "expected \(nameDescription(field))"))
                    }
                    part = ParsedDate.Part(value: name.value, start: index, length: name.folded.count)
                    lastName = (field, index, index + part.length)
                }
                index += part.length
                switch field {
                case .era: parsed.era = part
                case .year: parsed.year = part
                case .month: parsed.month = part
                case .day: parsed.day = part
                case .weekday: parsed.weekday = part
                }
            }
        }
        // A bidi mark the formatter may put at the very end is optional too.
        if index == scalars.count - 1 && scalars[index].isBidiMark { index += 1 }
        if let name = lastName, name.end == index, index < scalars.count, scalars[index].properties.isAlphabetic {
            var end = index
            while end < scalars.count && scalars[end].properties.isAlphabetic { end += 1 }
            return .failure(notAName(name.field, scalars, name.start..<end))
        }
        if index < scalars.count {
            return .failure(
                DateFailure(
                    code: .trailingText, index: index,
                    reason: "the date is complete at column \(index), and text follows it"))
        }
        return .success(parsed)
    }

    private func readNumber(
        _ scalars: [Unicode.Scalar], at start: Int, maxDigits: Int, field: DateField, count: Int
    ) -> Result<ParsedDate.Part, DateFailure> {
        var value = 0
        var index = start
        while index < scalars.count, index - start < maxDigits,
            let digit = symbols.digits.firstIndex(of: scalars[index])
        {
            value = value * 10 + digit
            index += 1
        }
        guard index == start else {
            return .success(ParsedDate.Part(value: value, start: start, length: index - start))
        }
        let letters = String(repeating: field == .year ? "y" : field == .day ? "d" : "M", count: count)
        guard start < scalars.count else {
            return .failure(
                DateFailure(
                    code: .invalidDate, index: start, reason: "the value ends before the \(field.name) (\(letters))"))
        }
        let found = scalars[start]
        if found.properties.numericType == .decimal {
            let digits = String(String.UnicodeScalarView(symbols.digits))
            return .failure(
                DateFailure(
                    code: .mixedDigits, index: start,
                    reason: "a digit of another numbering system; dates in this locale use \(digits)"))
        }
        return .failure(
            DateFailure(code: .invalidDate, index: start, reason: "expected the \(field.name) (\(letters)) here"))
    }

    private func notAName(_ field: DateField, _ scalars: [Unicode.Scalar], _ word: Range<Int>) -> DateFailure {
        DateFailure(
            code: .invalidDate, index: word.lowerBound, reason: "is not \(nameDescription(field))",
            subject: "'\(String(String.UnicodeScalarView(scalars[word])))'", length: word.count)
    }

    private func nameDescription(_ field: DateField) -> String {
        switch field {
        case .month: "a month name (such as '\(symbols.wideMonthExample)')"
        case .weekday: "a weekday name (such as '\(symbols.wideWeekdayExample)')"
        default: "an era (such as '\(symbols.eras.last?.text ?? "AD")')"
        }
    }

    private static func longestName(_ names: [DateSymbols.Name], in scalars: [Unicode.Scalar], at start: Int)
        -> DateSymbols.Name?
    {
        // Names are sorted longest first, so the first that fits is the longest.
        names.first { name in
            guard start + name.folded.count <= scalars.count else { return false }
            for (offset, expected) in name.folded.enumerated()
            where DateSymbols.fold(scalars[start + offset]) != expected {
                if spaces.contains(expected) && spaces.contains(scalars[start + offset]) { continue }
                return false
            }
            return true
        }
    }

    private static func quote(_ scalar: Unicode.Scalar) -> String {
        CharacterDescription.isInvisible(scalar)
            ? CharacterDescription.describe(scalar) : "'\(Character(scalar))'"
    }
}

extension DatePattern.Token {
    var isNumericField: Bool {
        guard case .field(let field, let count) = self else { return false }
        return field == .year || field == .day || (field == .month && count <= 2)
    }
}
