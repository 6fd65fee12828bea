import FieldCheck
import Testing

@Suite struct TextFieldTests {
    static func validator(_ configure: (inout FieldSpec) -> Void = { _ in }, locale: String = "en_US") throws
        -> FieldValidator
    {
        var spec = FieldSpec(kind: .text, locale: try LocaleID(locale))
        configure(&spec)
        return try FieldValidator(spec)
    }

    @Test(arguments: [
        (LengthUnit.graphemes, 1), (.scalars, 2), (.utf16, 4), (.bytes, 8),
    ])
    func lengthUnits(unit: LengthUnit, expected: Int) throws {
        let field = try Self.validator { $0.lengthUnit = unit }
        #expect(field.length(of: "👍🏽") == expected)
    }

    @Test func graphemesCountWhatAPersonSees() throws {
        let field = try Self.validator()
        #expect(field.length(of: "e\u{301}") == 1)
        #expect(field.length(of: "🇩🇪🇫🇷") == 2)
        #expect(field.length(of: "a\r\nb") == 3)
        #expect(field.length(of: "नमस्ते") == 3)
    }

    @Test(arguments: [
        ("aeio⏵x", "disallowed_character"),
        ("⏵Xaeiou", "disallowed_character"),
        ("aeiouA⏵E", "too_long"),
        ("aei ⏵\u{200B}", "disallowed_character"),
    ])
    func findingsLandOnTheMarker(marked: String, code: String) throws {
        let input = Marked(marked)
        let field = try Self.validator {
            $0.allow = CharacterRule("[aeiouAEIOU ]")
            $0.maxLength = 6
        }
        let result = field.validate(input.text)
        let first = try #require(result.errors.first)
        #expect(first.code.rawValue == code)
        #expect(first.offset == input.offset)
    }

    @Test func offsetsSurviveTrimAndNormalization() throws {
        // Full-width digits normalize to ASCII; the offset still points at the raw input.
        let input = Marked("  １２⏵x")
        let field = try Self.validator {
            $0.trim = true
            $0.normalization = .nfkc
            $0.allow = CharacterRule("[0-9]")
        }
        let result = field.validate(input.text)
        #expect(result.errors.first?.offset == input.offset)
        #expect(result.errors.first?.character == "x")
    }

    @Test func offsetsSurviveStripping() throws {
        let input = Marked("1-2-3⏵45")
        let field = try Self.validator {
            $0.preset = .numberPad
            $0.strip = true
            $0.maxLength = 3
        }
        let result = field.validate(input.text)
        #expect(result.removed.map(\.offset) == [1, 3])
        #expect(result.errors.first?.code == .tooLong)
        #expect(result.errors.first?.offset == input.offset)
    }

    @Test func caseMappingFollowsTheLocale() throws {
        let turkish = try Self.validator({ $0.caseMapping = .upper }, locale: "tr_TR")
        #expect(turkish.validate("i").value == "İ")
        let german = try Self.validator({ $0.caseMapping = .upper }, locale: "de_DE")
        #expect(german.validate("straße").value == "STRASSE")
        let title = try Self.validator({ $0.caseMapping = .title }, locale: "en_US")
        #expect(title.validate("hello world").value == "Hello World")
    }

    @Test func lengthIsCheckedAfterCaseMapping() throws {
        let input = Marked("straß⏵e")
        let field = try Self.validator(
            {
                $0.caseMapping = .upper
                $0.maxLength = 6
            }, locale: "de_DE")
        let result = field.validate(input.text)
        #expect(result.errors.first?.code == .tooLong)
        #expect(result.errors.first?.offset == input.offset)
    }

    @Test func nfkcFoldsCompatibilityCharacters() throws {
        let field = try Self.validator { $0.normalization = .nfkc }
        #expect(field.validate("１２３").value == "123")
        #expect(field.validate("ﬁ").value == "fi")
        let nfc = try Self.validator { $0.normalization = .nfc }
        #expect(nfc.validate("e\u{301}").value == "é")
    }

    @Test func malformedSetIsAConfigurationErrorWithAColumn() throws {
        #expect(throws: ConfigurationError.self) { try Self.validator { $0.allow = CharacterRule("[a-") } }
        let error = #expect(throws: ConfigurationError.self) {
            try Self.validator {
                $0.deny = CharacterRule("[[:L:]")
                $0.vocabulary.deny = "--deny"  // the front end's name for the rule (issue 15)
            }
        }
        #expect(error?.message.contains("--deny") == true)
        #expect(error?.message.contains("column") == true)
    }

    @Test func literalListsAreNotSetPatterns() throws {
        let field = try Self.validator { $0.allow = CharacterRule("a-z") }
        #expect(field.validate("a-z").isValid)
        #expect(!field.validate("b").isValid)
    }

    @Test func invalidUTF8ReportsTheFirstBadByte() throws {
        let field = try Self.validator()
        let bytes: [UInt8] = [0x61, 0xC3, 0x28]
        let result = bytes.withUnsafeBufferPointer { field.validate(bytes: $0) }
        #expect(result.errors.first?.code == .invalidUTF8)
        #expect(result.errors.first?.offset == 1)
        #expect(result.errors.first?.byte == 0xC3)
    }

    @Test func examplesFollowTheRules() throws {
        let vowels = try Self.validator {
            $0.allow = CharacterRule("aeiouAEIOU")
            $0.maxLength = 6
        }
        #expect(vowels.placeholderPhrase == "text like 'aeiou'")
        let digits = try Self.validator {
            $0.preset = .numberPad
            $0.maxLength = 3
        }
        #expect(digits.placeholderPhrase == "text like '123'")
        let long = try Self.validator { $0.minLength = 9 }
        #expect(long.placeholderPhrase == "text like 'abcdefghi'")
        let none = try Self.validator { $0.maxLength = 0 }
        #expect(none.placeholderPhrase == "empty text")
        let arabic = try Self.validator({ $0.preset = .numberPad }, locale: "ar_EG")
        #expect(arabic.placeholderPhrase == "text like '٠١٢٣٤'")
    }
}
