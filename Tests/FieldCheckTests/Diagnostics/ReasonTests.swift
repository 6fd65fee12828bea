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
        #expect(Self.bytes(found) == found.message)
    }

    @Test func aValueInAMessageIsQuotedAndCutPast200Characters() {
        let long = String(repeating: "é", count: 300)
        let missed = Diagnostic(
            code: .notInEnum, offset: nil, length: 0, reason: .notInEnum(value: long, allowed: "'a', 'b'"))
        #expect(
            missed.message
                == "'\(String(repeating: "é", count: 200))…' (300 characters) is not one of the allowed values: 'a', 'b'"
        )
        let short = Diagnostic(
            code: .notInEnum, offset: nil, length: 0, reason: .notInEnum(value: "x'y", allowed: "'a'"))
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
        #expect(Self.bytes(redacted) == redacted.message)
    }

    @Test func settingTheMessageGivesTheWordsAsTheReason() {
        var diagnostic = Diagnostic(code: .empty, offset: nil, length: 0, reason: .empty(expected: "expected 5"))
        #expect(diagnostic.message == "empty value; expected 5")
        diagnostic.message += "; or nothing"
        #expect(diagnostic.reason == .sentence("empty value; expected 5; or nothing"))
    }
}
