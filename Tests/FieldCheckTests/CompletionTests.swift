import FoundationEssentials
import Testing

@testable import FieldCheck

/// The prompt's per-keystroke answer, `FieldValidator.refusal(ofPrefix:)`: a prefix that can
/// still become valid is never refused, and one that cannot is.
@Suite struct CompletionTests {
    static func field(_ kind: FieldKind, _ locale: String = "en_US", _ configure: (inout FieldSpec) -> Void = { _ in })
        throws -> FieldValidator
    {
        var spec = FieldSpec(kind: kind, locale: try LocaleID(locale))
        configure(&spec)
        return try FieldValidator(spec)
    }

    /// The first prefix of `text` refused, or nil.
    static func firstRefused(_ field: FieldValidator, _ text: String) -> String? {
        var prefix = ""
        for character in text {
            prefix.append(character)
            if field.refusal(ofPrefix: prefix) != nil { return prefix }
        }
        return nil
    }

    @Test func theSeedFieldsRefuseTheRightKeys() throws {
        let vowels = try Self.field(.text) {
            $0.allow = CharacterRule("aeiouAEIOU")
            $0.maxLength = 6
        }
        #expect(Self.firstRefused(vowels, "aeiou") == nil)
        #expect(Self.firstRefused(vowels, "aex") == "aex")
        #expect(vowels.refusal(ofPrefix: "aex")?.reason == "not in the allowed characters aeiouAEIOU")
        #expect(Self.firstRefused(vowels, "aeiouae") == "aeiouae")
        let noVowels = try Self.field(.text) {
            $0.deny = CharacterRule("aeiouAEIOU")
            $0.maxLength = 8
        }
        #expect(Self.firstRefused(noVowels, "rhythm") == nil)
        #expect(Self.firstRefused(noVowels, "hello") == "he")
        let digits = try Self.field(.text) {
            $0.preset = .numberPad
            $0.maxLength = 3
        }
        #expect(Self.firstRefused(digits, "123") == nil)
        #expect(Self.firstRefused(digits, "1234") == "1234")
        #expect(Self.firstRefused(digits, "1a") == "1a")
        let integer = try Self.field(.number(NumberSpec()), "en_US") {
            $0.maxLength = 5
            if case .number(var number) = $0.kind {
                number.integerOnly = true
                number.allowNegative = false
                $0.kind = .number(number)
            }
        }
        #expect(Self.firstRefused(integer, "12345") == nil)
        #expect(Self.firstRefused(integer, "-1") == "-")
        #expect(Self.firstRefused(integer, "1.5") == "1.")
        #expect(Self.firstRefused(integer, "123456") == "123456")
    }

    @Test func numbersInALocale() throws {
        let german = try Self.field(.number(NumberSpec()), "de_DE") { $0.maxLength = 7 }
        for prefix in ["1", "1,", "-", "1.", "1.2", "1.234,", "-0,5"] {
            #expect(german.refusal(ofPrefix: prefix) == nil, "\(prefix)")
        }
        for prefix in ["1,2,", "1a", "1.2,", ",,"] {
            #expect(german.refusal(ofPrefix: prefix) != nil, "\(prefix)")
        }
        let english = try Self.field(.number(NumberSpec()), "en_US") { $0.maxLength = 7 }
        #expect(english.refusal(ofPrefix: "1,") == nil)
        #expect(english.refusal(ofPrefix: "1.5.") != nil)
        let euros = try Self.field(
            .number(
                {
                    var n = NumberSpec()
                    n.style = .currency
                    return n
                }()), "de_DE")
        #expect(euros.refusal(ofPrefix: "1.234,5") == nil)
        #expect(euros.refusal(ofPrefix: "1.234,56 ") == nil)
    }

    @Test func datesInAPattern() throws {
        var spec = DateSpec()
        spec.format = .pattern("dd.MM.yyyy")
        let date = try Self.field(.date(spec), "de_DE")
        for prefix in ["3", "31", "31.", "31.1", "31.12.", "31.12.2", "29.02.2024", "29.02.2"] {
            #expect(date.refusal(ofPrefix: prefix) == nil, "\(prefix)")
        }
        for prefix in ["32", "31.13", "1x", "31.04.2026x"] {
            #expect(date.refusal(ofPrefix: prefix) != nil, "\(prefix)")
        }
    }

    /// Every prefix of a valid value can complete: differentially, over values ICU writes.
    @Test(arguments: ["en_US", "de_DE", "fr_FR", "de_CH", "en_IN", "ar_EG", "hi_IN", "ja_JP"])
    func everyPrefixOfAValidValueCanComplete(locale: String) throws {
        let id = try LocaleID(locale)
        for style in [NumberStyle.decimal, .currency, .percent] {
            var number = NumberSpec()
            number.style = style
            guard let field = try? Self.field(.number(number), locale) else { continue }
            for value in ["0.5", "12", "1234.5", "-98765.43", "1234567"] {
                guard
                    let format =
                        (try? NumberFormat(
                            locale: id, style: style,
                            currency: style == .currency ? NumberSymbols(locale: id).currencyCode : nil,
                            fractionDigits: nil))?.string(ExactDecimal(value)!)
                else { continue }
                #expect(field.validate(format).isValid, "\(locale) \(style) '\(format)'")
                var prefix = ""
                for scalar in format.unicodeScalars {
                    prefix.unicodeScalars.append(scalar)
                    #expect(field.refusal(ofPrefix: prefix) == nil, "\(locale) \(style) '\(prefix)' of '\(format)'")
                }
            }
        }
        for style in DateStyle.allCases {
            var date = DateSpec()
            date.format = .style(style)
            let field = try Self.field(.date(date), locale)
            // Years the completion samples do not hold, too: a prefix is matched by its shape.
            let days = [(2026, 4, 13), (2025, 12, 31), (1987, 6, 15), (2031, 2, 28)].compactMap {
                CivilDate(year: $0.0, month: $0.1, day: $0.2)
            }
            for day in days {
                let written = try DateWriter(pattern: DatePatterns.pattern(for: style, locale: id), locale: id).string(
                    day)
                var prefix = ""
                for scalar in written.unicodeScalars {
                    prefix.unicodeScalars.append(scalar)
                    #expect(field.refusal(ofPrefix: prefix) == nil, "\(locale) \(style) '\(prefix)' of '\(written)'")
                }
            }
        }
    }
}
