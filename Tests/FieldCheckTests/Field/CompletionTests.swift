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

    /// A refused key names the field's rule it breaks, not only "no number begins so".
    @Test func aRefusalNamesTheRuleItBreaks() throws {
        var positive = NumberSpec()
        positive.allowNegative = false
        let noNegatives = try Self.field(.number(positive))
        let minus = try #require(noNegatives.refusal(ofPrefix: "-"))
        #expect(minus.reason.hasPrefix("negative number not allowed"), "\(minus.reason)")
        var whole = NumberSpec()
        whole.integerOnly = true
        let integers = try Self.field(.number(whole), "de_DE")
        let comma = try #require(integers.refusal(ofPrefix: "12,"))
        #expect(comma.reason.hasPrefix("fraction not allowed"), "\(comma.reason)")
        #expect(comma.offset == 2 && comma.character == ",")
        // A shape no number has keeps the general reason.
        let letter = try #require(integers.refusal(ofPrefix: "1x"))
        #expect(letter.reason.hasPrefix("no number begins so"), "\(letter.reason)")
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

    /// A text over --max-length is refused at its first scalar past the limit in the field's
    /// unit, after --normalize as the pipeline counts (the prompt named the last character,
    /// walked graphemes whatever the unit, and counted before NFKC).
    @Test(
        arguments: [
            ("abcdefgh", LengthUnit.graphemes, 3, nil, 3),
            ("abe\u{301}", .scalars, 3, nil, 3),
            ("e\u{301}", .bytes, 2, nil, 1),
            ("ab\u{337B}", .graphemes, 3, Normalization.nfkc, 2),
        ] as [(String, LengthUnit, Int, Normalization?, Int)])
    func aTextTooLongIsRefusedAtItsFirstExcessScalar(
        text: String, unit: LengthUnit, maximum: Int, normalization: Normalization?, offset: Int
    ) throws {
        let field = try Self.field(.text) {
            $0.maxLength = maximum
            $0.lengthUnit = unit
            $0.normalization = normalization
        }
        let refusal = try #require(field.refusal(ofPrefix: text))
        #expect(refusal.offset == offset)
        #expect(refusal.character == Array(text.unicodeScalars)[offset])
        #expect(!field.validate(text).isValid)
    }

    /// A minimum or maximum past every completion sample (years 2000 onwards, numbers of a few
    /// digits) refused every key: `--min 2026-01-01` took no date at all. Every prefix of a
    /// value in range can complete; a prefix of no value of the shape still cannot.
    @Test func boundsPastTheSamplesRefuseNoPrefixOfAValueInRange() throws {
        func date(_ pattern: String, _ min: String?, _ max: String?) throws -> FieldValidator {
            var date = DateSpec()
            date.format = .pattern(pattern)
            date.minimum = min.flatMap { CivilDate(iso: $0) }
            date.maximum = max.flatMap { CivilDate(iso: $0) }
            return try Self.field(.date(date), "de_DE")
        }
        func number(_ locale: String, _ min: String?, _ max: String?) throws -> FieldValidator {
            var number = NumberSpec()
            number.minimum = min.flatMap { ExactDecimal($0) }
            number.maximum = max.flatMap { ExactDecimal($0) }
            return try Self.field(.number(number), locale)
        }
        func temporal(_ unit: TemporalUnit, _ min: String?, _ max: String?) throws -> FieldValidator {
            var temporal = TemporalSpec(unit: unit)
            temporal.minimum = min.flatMap { TemporalValue(iso: $0, unit: unit) }
            temporal.maximum = max.flatMap { TemporalValue(iso: $0, unit: unit) }
            return try Self.field(.temporal(temporal))
        }
        let cases: [(FieldValidator, String, refused: String)] = [
            (try date("dd.MM.yyyy", "2026-01-01", nil), "13.04.2026", "32"),
            (try temporal(.year, "2000", nil), "2026", "20x"),
            (try temporal(.year, nil, "1950"), "1949", "19x"),
            (try temporal(.yearMonth, "2000-01", nil), "2026-04", "2026-1x"),
            (try temporal(.time, "09:00:00", "17:00:00"), "12:30:00", "12:3x"),
            (try date("dd.MM.yyyy", nil, "1950-01-01"), "31.12.1949", "13.13"),
            (try date("yyyy-MM-dd", "2026-01-01", nil), "2026-04-13", "2026-1x"),
            (try number("en_US", "10000000", nil), "12,345,678", "1,2345"),
            (try number("de_DE", "0.5", "0.7"), "0,6", "0,6,"),
            (try number("en_US", "0.5", nil), "0.6", "0.6."),
            (try number("de_DE", "1e30", nil), "2000000000000000000000000000000", "2a"),
        ]
        for (field, value, refused) in cases {
            #expect(field.validate(value).isValid, "\(value)")
            var prefix = ""
            for scalar in value.unicodeScalars {
                prefix.unicodeScalars.append(scalar)
                #expect(field.refusal(ofPrefix: prefix) == nil, "'\(prefix)' of '\(value)'")
            }
            #expect(field.refusal(ofPrefix: refused) != nil, "'\(refused)'")
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

    /// The other direction: a prefix answered "can complete" has a completion the full reader
    /// accepts, found here by a search of our own (short continuations over the field's
    /// alphabet), over generated prefixes. A "can complete" with no completion is a bug.
    @Test(arguments: [
        ("number", "en_US", "0123456789.,-E"), ("number", "de_DE", "0123456789.,-E"),
        ("number", "fr_FR", "0123456789,\u{202F} -"), ("pattern", "en_US", "AZ09a-"),
        ("date", "de_DE", "0123456789."),
    ])
    func everyPrefixAnsweredCanCompleteHasACompletion(kind: String, locale: String, alphabet: String) throws {
        let field: FieldValidator
        switch kind {
        case "number": field = try Self.field(.number(NumberSpec()), locale)
        case "date":
            var date = DateSpec()
            date.format = .pattern("dd.MM.yyyy")
            field = try Self.field(.date(date), locale)
        default: field = try Self.field(.text, locale) { $0.pattern = "[A-Z]{2}-?[0-9]{3}" }
        }
        let characters = Array(alphabet)
        // Continuations: up to 3 characters of the alphabet, or (for dates and the pattern,
        // whose completions are longer) the tail of a whole valid value.
        func completes(_ prefix: String) -> Bool {
            var frontier = [prefix]
            for _ in 0..<3 {
                var next: [String] = []
                for text in frontier {
                    for character in characters {
                        let longer = text + String(character)
                        if field.validate(longer).isValid { return true }
                        next.append(longer)
                    }
                }
                frontier = next
            }
            let tail = kind == "date" ? "01.01.2000" : "AA-000"
            for cut in 0...tail.count
            where field.validate(prefix + tail.dropFirst(cut)).isValid
                || field.validate(prefix + "0" + tail.dropFirst(cut)).isValid
            {
                return true
            }
            return false
        }
        var generator = SystemRandomNumberGenerator()
        var answered = 0
        var failures: [String] = []
        for _ in 0..<400 {
            let length = Int.random(in: 1...6, using: &generator)
            let prefix = String((0..<length).map { _ in characters.randomElement(using: &generator)! })
            guard field.refusal(ofPrefix: prefix) == nil, !field.validate(prefix).isValid else { continue }
            answered += 1
            if !completes(prefix) { failures.append(prefix) }
        }
        #expect(failures.isEmpty, "\(kind) \(locale): can complete, but no completion found: \(failures)")
        #expect(answered > 0, "no generated prefix was answered 'can complete'")
    }
}
