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
    var hour: Part?
    var hour12: Part?
    var minute: Part?
    var second: Part?
    var fraction: Part?
    var dayPeriod: Part?
    /// The offset in seconds east of UTC; `zoneIsZ` when it was written `Z`.
    var zone: Part?
    var zoneIsZ = false
}

/// Why a value does not fit the pattern.
struct DateFailure: Error {
    var code: ErrorCode
    /// Scalar index in the working value; `count` when the value ended early.
    var index: Int
    /// Why, as data: worded only when a message is wanted (not under `--quiet`). A problem
    /// of a whole word (`.field(.notAName…)`, covering `length` scalars) gets its column from
    /// the validator, which knows where the word stood in the input.
    var problem: DateProblem
    var length = 1
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
                            DateFailure(code: .invalidDate, index: index, problem: .valueEndsAtLiteral(expected)))
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
                        if let mixed = mixedDigit(scalars, at: index) { return .failure(mixed) }
                        return .failure(
                            DateFailure(code: .invalidDate, index: index, problem: .literalExpected(expected)))
                    }
                    index += 1
                    lastName = nil
                }
            case .field(let field, let count):
                lastName = nil
                let part: ParsedDate.Part
                if field == .zone && count == 0 {
                    // The pattern's literal Z (UTC), read as the offset it means.
                    guard index < scalars.count, scalars[index] == "Z" || scalars[index] == "z" else {
                        return .failure(
                            DateFailure(
                                code: .invalidDate, index: index,
                                problem: .utcMarkExpected(valueEnded: index >= scalars.count)))
                    }
                    part = ParsedDate.Part(value: 0, start: index, length: 1)
                    parsed.zoneIsZ = true
                } else if field == .zone {
                    switch readOffset(scalars, at: index) {
                    case .success(let offset):
                        part = offset.part
                        parsed.zoneIsZ = offset.isZ
                    case .failure(let failure): return .failure(failure)
                    }
                } else if token.isNumericField {
                    switch readNumber(
                        scalars, at: index, maxDigits: pattern.maxDigits(at: position), field: field, count: count)
                    {
                    case .success(let number): part = number
                    case .failure(let failure): return .failure(failure)
                    }
                } else {
                    guard let name = Self.longestName(symbols.names(of: field), in: scalars, at: index) else {
                        return .failure(
                            DateFailure(code: .invalidDate, index: index, problem: nameExpected(field)))
                    }
                    var length = name.folded.count
                    // A name that ends in a period before the pattern's own period (ksh `d. MMM. y`
                    // with `Apr.`): the period is the pattern's, as ICU writes `13. Apr. 2026`.
                    if name.folded.last == ".", position + 1 < tokens.count,
                        case .literal(let next) = tokens[position + 1], next.first == ".",
                        index + length >= scalars.count || scalars[index + length] != "."
                    {
                        length -= 1
                    }
                    part = ParsedDate.Part(value: name.value, start: index, length: length)
                    lastName = (field, index, index + part.length)
                }
                index += part.length
                switch field {
                case .era: parsed.era = part
                case .year: parsed.year = part
                case .month: parsed.month = part
                case .day: parsed.day = part
                case .weekday: parsed.weekday = part
                case .hour: parsed.hour = part
                case .hour12: parsed.hour12 = part
                case .minute: parsed.minute = part
                case .second: parsed.second = part
                case .fraction: parsed.fraction = part
                case .dayPeriod: parsed.dayPeriod = part
                case .zone: parsed.zone = part
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
            if let mixed = mixedDigit(scalars, at: index) { return .failure(mixed) }
            return .failure(
                DateFailure(
                    code: .trailingText, index: index, problem: .textAfter(content: pattern.content.name, column: index)
                ))
        }
        return .success(parsed)
    }

    /// What an ASCII value must hold for `parse` to read it, found from the same rules. A
    /// necessary condition only: `DateValidator.rejectsFast` rules values out with it.
    struct ASCIIReading {
        /// The ASCII characters a reading can consume: the locale's digits, the literals' and
        /// the names' characters in any case, a space where a space variant stands, `Z`, the
        /// signs, the colon and the digits of an offset.
        var characters = ASCIISet()
        /// The digits it needs: one per numeric field.
        var digits = 0
        /// Whether it needs a letter: the pattern has a name (month, weekday, era, AM/PM) of
        /// which every one has a letter or a character beyond ASCII (`2024-01-05` against
        /// `d MMM y` has none).
        var needsALetter = false
    }

    /// What an ASCII value must hold for `parse` to read it (the names are read if the
    /// pattern has one); nil when a numeric field needs the locale's digits and none of them
    /// is ASCII: no ASCII value is read.
    func asciiReading() -> ASCIIReading? {
        var reading = ASCIIReading()
        /// The ASCII characters that match `expected`, as a literal or a name's (folded)
        /// character matches: a space variant by any, anything else by its case folding.
        func insert(matching expected: Unicode.Scalar) {
            if Self.spaces.contains(expected) { reading.characters.insert(" ") }
            let folded = DateSymbols.fold(expected)
            for value in UInt8(0)..<0x80 where DateSymbols.fold(Unicode.Scalar(value)) == folded {
                reading.characters.insert(Unicode.Scalar(value))
            }
        }
        for token in pattern.tokens {
            switch token {
            case .literal(let literal):
                for expected in literal where !expected.isBidiMark { insert(matching: expected) }
            case .field(.zone, let count):
                reading.characters.insert(contentsOf: (count == 0 ? "Zz" : "Zz+-:0123456789").unicodeScalars)
            case .field(let field, _):
                if token.isNumericField {
                    guard symbols.digits == Unicode.Scalar.asciiDigits else { return nil }
                    reading.characters.insert(contentsOf: symbols.digits)
                    reading.digits += 1
                    continue
                }
                let names = symbols.names(of: field)
                for name in names {
                    for expected in name.folded { insert(matching: expected) }
                }
                if !names.isEmpty
                    && names.allSatisfy({ name in
                        name.folded.contains { !$0.isASCII || $0.properties.isAlphabetic }
                    })
                {
                    reading.needsALetter = true
                }
            }
        }
        return reading
    }

    /// A digit of another numbering system right after the locale's digits (`20٢6`): the
    /// number mixes systems, which is the fault, not the literal or the end it stands at.
    /// Looked for only once a value has failed: on every number it cost a date a tenth more.
    private func mixedDigit(_ scalars: [Unicode.Scalar], at index: Int) -> DateFailure? {
        guard index > 0, index < scalars.count else { return nil }
        let found = scalars[index]
        // Cheap first: an ASCII character is a digit only if it is 0-9.
        let isDigit = found.isASCII ? ("0"..."9").contains(found) : found.properties.numericType == .decimal
        guard isDigit, !symbols.digits.contains(found), symbols.digits.contains(scalars[index - 1]) else { return nil }
        return DateFailure(
            code: .mixedDigits, index: index,
            problem: .otherNumberingSystem(mixed: true, digits: String(String.UnicodeScalarView(symbols.digits))))
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
        let letters = String(repeating: field.letter, count: count)
        guard start < scalars.count else {
            return .failure(
                DateFailure(
                    code: .invalidDate, index: start, problem: .valueEndsBeforeField(name: field.name, letters: letters)
                ))
        }
        let found = scalars[start]
        if found.properties.numericType == .decimal {
            let digits = String(String.UnicodeScalarView(symbols.digits))
            // As numbers say it: mixed only when the value also holds the locale's own digits.
            let mixed = scalars.contains { symbols.digits.contains($0) }
            return .failure(
                DateFailure(
                    code: mixed ? .mixedDigits : .unexpectedCharacter, index: start,
                    problem: .otherNumberingSystem(mixed: mixed, digits: digits)))
        }
        return .failure(
            DateFailure(code: .invalidDate, index: start, problem: .fieldExpected(name: field.name, letters: letters)))
    }

    /// A UTC offset: `Z`, or a sign and two digits of hours, then optionally the minutes, with
    /// or without a colon: `+02`, `+0200`, `+02:00`, whichever of X, x and Z the pattern has
    /// (ICU reads them as leniently; the offset means the same in every form). Zone hours above 14 and minutes
    /// above 59 are `field_out_of_range` at their first digit.
    private func readOffset(_ scalars: [Unicode.Scalar], at start: Int) -> Result<
        (part: ParsedDate.Part, isZ: Bool), DateFailure
    > {
        guard start < scalars.count else {
            return .failure(
                DateFailure(code: .invalidDate, index: start, problem: .valueEndsBeforeOffset))
        }
        let sign = scalars[start]
        if sign == "Z" || sign == "z" {
            return .success((ParsedDate.Part(value: 0, start: start, length: 1), true))
        }
        guard sign == "+" || sign == "-" || sign == "\u{2212}" else {
            return .failure(DateFailure(code: .invalidDate, index: start, problem: .offsetExpected))
        }
        var index = start + 1
        func twoDigits() -> Int? {
            guard index + 1 < scalars.count, let high = digit(scalars[index]), let low = digit(scalars[index + 1])
            else { return nil }
            index += 2
            return high * 10 + low
        }
        let hourStart = index
        guard let hours = twoDigits() else {
            return .failure(
                DateFailure(code: .invalidDate, index: index, problem: .offsetHoursExpected))
        }
        guard hours <= 14 else {
            return .failure(
                DateFailure(code: .fieldOutOfRange, index: hourStart, problem: .offsetHoursOutOfRange(hours)))
        }
        var minutes = 0
        let colon = index < scalars.count && scalars[index] == ":"
        let minuteStart = colon ? index + 1 : index
        if minuteStart + 1 < scalars.count, digit(scalars[minuteStart]) != nil, digit(scalars[minuteStart + 1]) != nil {
            index = minuteStart
            minutes = twoDigits() ?? 0
            guard minutes <= 59 else {
                return .failure(
                    DateFailure(
                        code: .fieldOutOfRange, index: minuteStart, problem: .offsetMinutesOutOfRange(minutes)))
            }
            // Offsets run from −14:00 to +14:00: the hours' range alone let +14:59 through.
            guard hours < 14 || minutes == 0 else {
                return .failure(
                    DateFailure(
                        code: .fieldOutOfRange, index: minuteStart,
                        problem: .offsetBeyondFourteenHours(minutes: minutes)))
            }
        }
        let seconds = (sign == "+" ? 1 : -1) * (hours * 3600 + minutes * 60)
        return .success((ParsedDate.Part(value: seconds, start: start, length: index - start), false))
    }

    private func digit(_ scalar: Unicode.Scalar) -> Int? {
        if let index = symbols.digits.firstIndex(of: scalar) { return index }
        return (0x30...0x39).contains(scalar.value) ? Int(scalar.value - 0x30) : nil
    }

    private func notAName(_ field: DateField, _ scalars: [Unicode.Scalar], _ word: Range<Int>) -> DateFailure {
        let (name, example) = self.name(field)
        return DateFailure(
            code: .invalidDate, index: word.lowerBound,
            problem: .field(
                .notAName(word: String(String.UnicodeScalarView(scalars[word])), name, example: example), column: 0),
            length: word.count)
    }

    private func nameExpected(_ field: DateField) -> DateProblem {
        let (name, example) = self.name(field)
        return .nameExpected(name, example: example)
    }

    /// The kind of name a field reads, and one of its names for messages.
    private func name(_ field: DateField) -> (DateProblem.DateName, String) {
        switch field {
        case .month: (.month, symbols.wideMonthExample)
        case .weekday: (.weekday, symbols.wideWeekdayExample)
        case .dayPeriod: (.dayPeriod, symbols.dayPeriods.last?.text ?? "PM")
        default: (.era, symbols.eraExample)
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
}

extension DatePattern.Token {
    var isNumericField: Bool {
        guard case .field(let field, let count) = self else { return false }
        switch field {
        case .year, .day, .hour, .hour12, .minute, .second, .fraction: return true
        case .month: return count <= 2
        default: return false
        }
    }
}
