import Testing

@testable import FieldCheck

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
        // Lengths counted in bytes or UTF-16 units: as many characters as the unit lets fit
        // (the example 'äöü' broke a 3-byte maximum).
        let bytes = try Self.validator {
            $0.allow = CharacterRule("äöü")
            $0.maxLength = 3
            $0.lengthUnit = .bytes
        }
        #expect(bytes.placeholderPhrase == "text like 'ä'")
        #expect(bytes.validate("ä").isValid)
        let units = try Self.validator {
            $0.allow = CharacterRule("😀")
            $0.maxLength = 5
            $0.lengthUnit = .utf16
        }
        #expect(units.placeholderPhrase == "text like '😀😀'")
        // A capitalized word, for a pattern the ASCII automaton does not read.
        let capitalized = try Self.validator { $0.pattern = "\\p{Lu}\\p{Ll}+" }
        #expect(capitalized.placeholderPhrase == "text like 'Abcde'")
    }
}

/// A value the pattern refuses names the first character after which no continuation can
/// match, however long the value and whatever its characters: past 512 characters the
/// search halves (it named none before); below, it reads prefix by prefix.
@Suite struct PatternStopTests {
    static func stop(_ pattern: String, _ value: String) throws -> (offset: Int?, character: Unicode.Scalar?) {
        let field = try TextFieldTests.validator { $0.pattern = pattern }
        let error = try #require(field.validate(value).errors.first { $0.code == .patternMismatch })
        return (error.offset, error.character)
    }

    @Test func aLongValueNamesItsOffendingCharacter() throws {
        let long = "abä" + String(repeating: "a", count: 600)
        #expect(try Self.stop("[a-z]{3}", long) == (2, "ä"))
        #expect(try Self.stop(".{3}", String(repeating: "é", count: 513)) == (3, "é"))
        #expect(try Self.stop(".{3}", String(repeating: "é", count: 512)) == (3, "é"))
        // A long ASCII value, read by the automaton, and one with a pattern it leaves to ICU.
        #expect(try Self.stop("[A-Z]{2}[0-9]{2}", "DE0" + String(repeating: "x", count: 700)) == (3, "x"))
        #expect(try Self.stop("\\p{Lu}{2}\\d{2}", "DE0" + String(repeating: "é", count: 700)) == (3, "é"))
        // A value every prefix of which may still become a match stops short: no character.
        let short = try Self.stop("a*b", String(repeating: "ä", count: 0) + String(repeating: "a", count: 900))
        #expect(short.offset == 900 && short.character == nil)
    }

    /// The halving finds what reading prefix by prefix finds, on values of random letters.
    @Test func halvingFindsWhatEachPrefixFinds() throws {
        var generator = SeededGenerator(seed: 515)
        let letters: [Unicode.Scalar] = ["a", "b", "é", "ß", "1", "-", "😀"]
        var compared = 0
        for pattern in ["[a-zé]*-?[a-z]+", "(ab|é)+", "\\p{L}+1*", "[^-]*-[^-]*"] {
            let regex = try #require(try? RegexHandle(pattern: pattern))
            for _ in 0..<6 {
                let count = Int.random(in: 513...700, using: &generator)
                var scalars = (0..<count).map { _ in letters[Int.random(in: 0..<3, using: &generator)] }
                scalars[Int.random(in: 0..<count, using: &generator)] =
                    letters[Int.random(in: 0..<letters.count, using: &generator)]
                let value = String(String.UnicodeScalarView(scalars))
                guard !regex.matches(value.utf16).matched else { continue }
                var expected: Int? = nil
                var prefix: [UInt16] = []
                for (index, scalar) in scalars.enumerated() {
                    prefix.append(contentsOf: scalar.utf16)
                    let attempt = regex.matches(prefix)
                    if !attempt.matched && !attempt.hitEnd {
                        expected = index
                        break
                    }
                }
                let found = try Self.stop(pattern, value)
                #expect(found.offset == (expected ?? count), "\(pattern): \(String(describing: expected))")
                compared += 1
            }
        }
        #expect(compared >= 10, "only \(compared) values were refused")
    }
}
