import Testing

@testable import FieldCheck

/// Findings as data (issue 30): a diagnostic's `Reason` is worded in one place,
/// `Diagnostic.withMessage`, into memory sized from its arguments; `message` is the same words.
@Suite struct ReasonTests {
    static func bytes(_ diagnostic: Diagnostic) -> String {
        var text = ""
        diagnostic.withMessage { text = String(decoding: $0, as: UTF8.self) }
        return text
    }

    @Test func aLongRuleIsWordedWhole() throws {
        // The rule's words are an argument of the finding: the room for the message is sized
        // from them, so a rule of thousands of characters is neither cut nor overrun.
        let letters = String(repeating: "aeiou", count: 2_000)
        var spec = FieldSpec(kind: .text, locale: try LocaleID("en_US"))
        spec.allow = CharacterRule(letters)
        let found = try #require(try FieldValidator(spec).validate("x").errors.first)
        #expect(found.code == .disallowedCharacter)
        #expect(found.message.hasPrefix("disallowed character 'x' (U+0078 LATIN SMALL LETTER X) at column 1: "))
        #expect(found.message.contains("not in the allowed characters \(letters); expected "))
        // Whole, to its last word: the room was sized from the rule, not cut at a guess.
        #expect(
            Self.bytes(found)
                == "disallowed character 'x' (U+0078 LATIN SMALL LETTER X) at column 1: not in the allowed characters "
                + letters + "; expected text like 'aeiou'")
    }

    @Test func aValueInAMessageIsQuotedAndCutPast200Characters() {
        let long = String(repeating: "é", count: 300)
        let missed = Diagnostic(
            code: .notInEnum, offset: nil, length: 0, reason: .notInEnum(value: long, meaning: nil, allowed: "'a', 'b'")
        )
        #expect(
            missed.message
                == "'\(String(repeating: "é", count: 200))…' (300 characters) is not one of the allowed values: 'a', 'b'"
        )
        let short = Diagnostic(
            code: .notInEnum, offset: nil, length: 0, reason: .notInEnum(value: "x'y", meaning: nil, allowed: "'a'"))
        #expect(short.message == "'x'y' is not one of the allowed values: 'a'")
    }

    @Test func aRedactedFindingKeepsNothingOfTheValue() throws {
        var spec = FieldSpec(kind: .text, locale: try LocaleID("en_US"))
        spec.maxLength = 2
        let found = try #require(try FieldValidator(spec).validate("abcd").errors.first)
        #expect(found.message.contains("'c' (U+0063 LATIN SMALL LETTER C)"))
        let redacted = found.redacted(expected: "text like 'ab'")
        #expect(redacted.character == nil)
        #expect(redacted.message == "too long at column 3 (a lowercase letter); expected text like 'ab'")
    }

    /// What a reader found in the first rejection of `value` (nil: another kind of reason),
    /// and the rejection.
    static func why(_ field: FieldValidator, _ value: String) throws -> (Why?, Diagnostic) {
        let found = try #require(field.validate(value).errors.first, "\(value) accepted")
        switch found.reason {
        case .refused(_, let why, _, _, _), .unreadable(let why, _, _): return (why, found)
        default: return (nil, found)
        }
    }

    /// A number reader's findings are data a library user can switch on: the rule, the
    /// locale's words and numbers, not a sentence; the message words them.
    @Test func aNumberFindingCarriesWhatTheReaderFound() throws {
        var number = NumberSpec()
        number.maxFractionDigits = 1
        let field = try FieldValidator(FieldSpec(kind: .number(number), locale: try LocaleID("en_US")))
        func why(_ value: String) throws -> (Why?, Diagnostic) { try Self.why(field, value) }
        let (grouping, groupingFinding) = try why("1,23,456")
        #expect(grouping == .number(.groupSize(digitsAfter: 5, place: "en_US", example: "1,234,567")))
        #expect(groupingFinding.message.contains("5 digits follow it; en_US groups as in 1,234,567"))
        #expect(try why("1.5.5").0 == .number(.secondDecimal(firstColumn: 2)))
        #expect(try why("1.25").0 == .number(.tooManyFractionDigits(maximum: 1)))
        let (partial, partialFinding) = try why("1,234567")
        #expect(
            partial
                == .number(
                    .partialGrouping(suggestion: "1,234,567", gapColumn: 6, place: "en_US", example: "1,234,567")))
        #expect(
            Self.bytes(partialFinding)
                == "misplaced grouping separator ',' (U+002C COMMA) at column 2: grouped only in part: did you mean "
                + "1,234,567? No separator stands before column 6, and en_US groups at every boundary, as in 1,234,567; "
                + "expected a number like 12.5 (en_US); '1,234567' is not a number in en_US, but in de_DE it reads "
                + "as 1.234567")
        #expect(try why("12a").0 == .number(.notPartOfNumber(place: "en_US")))
    }

    /// A date reader's findings too: where the pattern stopped and what it expected, or which
    /// field is out of range, at which column of the input.
    @Test func aDateFindingCarriesWhatTheReaderFound() throws {
        var date = DateSpec()
        date.format = .pattern("dd.MM.yyyy")
        var spec = FieldSpec(kind: .date(date), locale: try LocaleID("de_DE"))
        spec.trim = true  // the column is the input's, before the space is trimmed
        let field = try FieldValidator(spec)
        func why(_ value: String) throws -> (Why?, Diagnostic) { try Self.why(field, value) }
        let (day, dayFinding) = try why(" 31.02.2026")
        #expect(day == .date(.field(.dayBeyondMonth(day: 31, monthName: "Februar", year: 2026, days: 28), column: 2)))
        #expect(dayFinding.message.hasPrefix("day 31 at column 2 is out of range: Februar 2026 has 28 days"))
        #expect(
            Self.bytes(dayFinding)
                == "day 31 at column 2 is out of range: Februar 2026 has 28 days; expected a date like 13.04.2026 "
                + "(dd.MM.yyyy)")
        #expect(try why("13.04").0 == .date(.valueEndsAtLiteral(".")))
        #expect(try why("13-04-2026").0 == .date(.literalExpected(".")))
        #expect(try why("13.04.2026x").0 == .date(.textAfter(content: "date", column: 10)))
        #expect(
            try why("13.04.26").0
                == .date(.field(.twoDigitYear(written: "26", pattern: "dd.MM.yyyy", letters: 4, readAs: 26), column: 7))
        )
    }

    /// Another common reading of a refused value is data too, worded after the reason.
    @Test func anotherReadingIsData() throws {
        func after(_ spec: FieldSpec, _ value: String) throws -> (OtherReading?, Diagnostic) {
            let found = try #require(try FieldValidator(spec).validate(value).errors.first, "\(value) accepted")
            switch found.reason {
            case .refused(_, _, _, _, let after), .unreadable(_, _, let after): return (after, found)
            default: return (nil, found)
            }
        }
        let number = FieldSpec(kind: .number(NumberSpec()), locale: try LocaleID("de_DE"))
        let (swapped, numberFinding) = try after(number, "1,099.98")
        #expect(swapped == OtherReading(.number, value: "1,099.98", own: "de_DE", other: "en_US", read: "1099.98"))
        #expect(
            numberFinding.message.hasSuffix("; '1,099.98' is not a number in de_DE, but in en_US it reads as 1099.98"))
        #expect(
            Self.bytes(numberFinding)
                == "misplaced grouping separator '.' (U+002E FULL STOP) at column 6: a grouping separator cannot stand "
                + "after the decimal separator; expected a number like 1.234,56 (de_DE); '1,099.98' is not a number in "
                + "de_DE, but in en_US it reads as 1099.98")
        // The value is quoted as it is shown: an invisible character escaped.
        let (spaced, spacedFinding) = try after(
            FieldSpec(kind: .number(NumberSpec()), locale: try LocaleID("en_US")), "1\u{202F}234,5")
        #expect(spaced?.other == "fr_FR")
        #expect(
            spacedFinding.message.hasSuffix(
                "; '1\\u{202F}234,5' is not a number in en_US, but in fr_FR it reads as 1234.5"))
        var date = DateSpec()
        date.format = .style(.short)
        let (reading, dateFinding) = try after(
            FieldSpec(kind: .date(date), locale: try LocaleID("en_US")), "13.04.2026")
        #expect(
            reading
                == OtherReading(
                    .date, value: "13.04.2026", own: "en_US", other: "de_DE", pattern: "dd.MM.yy", read: "2026-04-13"))
        #expect(
            dateFinding.message.hasSuffix(
                "; '13.04.2026' is not a date in en_US, but in de_DE (dd.MM.yy) it reads as 2026-04-13"))
        #expect(try after(number, "12a").0 == nil)
    }

    @Test func settingTheMessageGivesTheWordsAsTheReason() {
        var diagnostic = Diagnostic(code: .empty, offset: nil, length: 0, reason: .empty(expected: "expected 5"))
        #expect(diagnostic.message == "empty value; expected 5")
        diagnostic.message += "; or nothing"
        #expect(diagnostic.reason == .sentence("empty value; expected 5; or nothing"))
    }

    /// A bound's finding carries the value and the bound; the words say less or earlier by
    /// the kind of value, and a value with a UTC offset against a bound without one is not
    /// ordered at all.
    @Test func boundsAreWordedFromTheirArguments() throws {
        var number = NumberSpec()
        number.minimum = ExactDecimal("0")
        number.maximum = ExactDecimal("100")
        let field = try FieldValidator(FieldSpec(kind: .number(number), locale: try LocaleID("en_US_POSIX")))
        let low = try #require(field.validate("-5").errors.first)
        #expect(low.code == .outOfRange && low.offset == nil)
        #expect(low.message == "-5 is less than the minimum 0; expected \(field.example)")
        #expect(
            try #require(field.validate("500").errors.first).message.hasPrefix("500 is greater than the maximum 100;"))
        // The example keeps to the field's bounds (1234.56 is past the maximum).
        #expect(Self.bytes(low) == "-5 is less than the minimum 0; expected a number like 12.5 (en_US_POSIX)")
        let unordered = Diagnostic(
            code: .outOfRange, offset: nil, length: 0,
            reason: .incomparable(
                value: "10:00:00+02:00", bound: "09:00:00", minimum: true, valueHasOffset: true,
                expected: "a time of 09:00:00 or later"))
        #expect(
            unordered.message
                == "10:00:00+02:00 cannot be compared with the minimum 09:00:00: 10:00:00+02:00 has a UTC offset, "
                + "09:00:00 has none, and less than 14 hours apart the order depends on the offset; expected a time "
                + "of 09:00:00 or later, with an offset where the bound has one and without where it has none")
        // Nobody reads the words under .codes: the finding is the same, without them.
        let quiet = try #require(field.validate("-5", detail: .codes).errors.first)
        #expect(quiet.code == low.code && quiet.offset == low.offset && quiet.message.isEmpty)
    }

    /// A warning names the character it read and what the locale writes instead.
    @Test func aWarningNamesTheCharacterAndTheLocalesOwn() throws {
        let field = try FieldValidator(FieldSpec(kind: .number(NumberSpec()), locale: try LocaleID("fr_FR")))
        let result = field.validate("1 234,5")
        #expect(result.isValid)
        let warning = try #require(result.warnings.first)
        #expect(warning.code == .spaceAsGroupingSeparator && warning.offset == 1)
        #expect(
            warning.message
                == "' ' (U+0020 SPACE) at column 2 read as the grouping separator (fr_FR writes invisible U+202F "
                + "NARROW NO-BREAK SPACE)")
    }
}
