import Testing

@testable import FieldCheck

@Suite struct NumberTests {
    static func field(_ locale: String, _ configure: (inout NumberSpec) -> Void = { _ in }, trim: Bool = false) throws
        -> FieldValidator
    {
        var number = NumberSpec()
        configure(&number)
        var spec = FieldSpec(kind: .number(number), locale: try LocaleID(locale))
        spec.trim = trim
        return try FieldValidator(spec)
    }

    /// Locales from every script family, with space, apostrophe and lakh grouping.
    static let roundTripLocales = [
        "en_US", "en_GB", "de_DE", "de_AT", "de_CH", "fr_FR", "fr_CH", "es_ES", "es_MX", "it_IT", "pt_BR", "nl_NL",
        "pl_PL", "cs_CZ", "sv_SE", "nb_NO", "fi_FI", "tr_TR", "el_GR", "ru_RU", "uk_UA", "bg_BG", "sr_Cyrl_RS",
        "ar_EG", "ar_SA", "ar-EG-u-nu-latn", "fa_IR", "ur_PK", "he_IL", "hi_IN", "hi-IN-u-nu-deva", "mr_IN",
        "ne_NP", "bn_BD", "en_IN", "th_TH", "th-TH-u-nu-thai", "zh_CN", "zh_TW", "ja_JP", "ko_KR", "vi_VN", "id_ID",
        "my_MM", "de_LI",
    ]

    static let roundTripValues = [
        "0", "7", "-7", "12", "1234.5", "-1234567.891", "1234567890123.25", "0.001", "999999.999", "100000",
        "-0.5", "12345678901234567890123456789012345678901", "3.14159265358979323846264338327950288",
    ]

    @Test(arguments: roundTripLocales)
    func numbersFormattedByICUParseBackExactly(locale: String) throws {
        let id = try LocaleID(locale)
        let format = try NumberFormat(locale: id, style: .decimal, currency: nil, fractionDigits: nil)
        let field = try Self.field(locale)
        var generator = SeededGenerator(
            seed: UInt64(locale.unicodeScalars.reduce(0) { $0 &* 31 &+ Int($1.value) }.magnitude))
        var values = Self.roundTripValues
        for _ in 0..<200 {
            let integer = String(UInt64.random(in: 0...9_999_999_999, using: &generator))
            let fraction = String(UInt32.random(in: 0...99_999, using: &generator))
            values.append((Bool.random(using: &generator) ? "-" : "") + integer + "." + fraction)
        }
        for text in values {
            let value = try #require(ExactDecimal(text))
            let written = format.string(value)
            let result = field.validate(written)
            #expect(result.errors.isEmpty, "\(locale): '\(written)' (\(text)): \(result.errors.map(\.message))")
            #expect(
                result.value == value.description,
                "\(locale): '\(written)' read as \(result.value ?? "nil"), wrote \(value)")
        }
    }

    /// Issue 29, item 8: `--lenient` hands ICU long runs of digits cut short and reads the whole
    /// value itself; the value must be the exact one the strict reader finds.
    @Test(arguments: ["en_US", "de_DE", "fr_FR", "ar_EG", "hi-IN-u-nu-deva"])
    func lenientReadingOfLongRunsIsExact(locale: String) throws {
        let strict = try Self.field(locale)
        let lenient = try Self.field(locale) { $0.lenient = true }
        let format = try NumberFormat(locale: try LocaleID(locale), style: .decimal, currency: nil, fractionDigits: nil)
        var generator = SeededGenerator(seed: 29)
        for _ in 0..<40 {
            let digits = (0..<Int.random(in: 41...300, using: &generator)).map { _ in
                String(Int.random(in: 0...9, using: &generator))
            }.joined()
            let split = Int.random(in: 1..<digits.count, using: &generator)
            let text = digits.prefix(split) + "." + digits.dropFirst(split)
            let value = try #require(ExactDecimal((Bool.random(using: &generator) ? "-" : "") + text))
            // Written without grouping: ICU's lenient parser refuses a middle group of one digit.
            let written = format.string(value).filter {
                String($0) != NumberSymbols(locale: strict.spec.locale).groupingSeparator
            }
            let read = lenient.validate(written)
            #expect(read.errors.isEmpty, "\(locale) \(written): \(read.errors.map(\.message))")
            #expect(
                read.value.flatMap(ExactDecimal.init) == strict.validate(written).value.flatMap(ExactDecimal.init),
                "\(locale) \(written)")
        }
    }

    /// Values far longer than any affix, in every style, positive and negative: the reader
    /// compares affixes on a window at each end of the value (issue 21, item 6: keys for every
    /// scalar took 27 bytes per byte of a 30 MB number), and must read them as before.
    @Test(arguments: ["de_DE", "en_US", "fr_CH", "ar_EG", "he_IL", "fa_IR", "en_IN", "ja_JP"])
    func longValuesReadBackInEveryStyle(locale: String) throws {
        let id = try LocaleID(locale)
        let digits = String(repeating: "9876543210", count: 90)
        for style in [NumberStyle.decimal, .currency, .percent] {
            let currency = style == .currency ? NumberSymbols(locale: id).currencyCode : nil
            let format = try NumberFormat(locale: id, style: style, currency: currency, fractionDigits: nil)
            let field = try Self.field(locale) { $0.style = style }
            for text in [digits + ".25", "-" + digits, "-0." + digits] {
                let value = try #require(ExactDecimal(text))
                let written = format.string(value)
                let result = field.validate(written)
                #expect(result.errors.isEmpty, "\(locale) \(style): \(result.errors.map(\.message))")
                // The same number; written plainly, as it was read (a long value read from
                // its plain form comes out plainly).
                #expect(
                    result.value.flatMap(ExactDecimal.init)?.normalizedDescription == value.normalizedDescription,
                    "\(locale) \(style): read another value")
                #expect(result.value?.contains("E") == false, "\(locale) \(style): not written plainly")
            }
        }
    }

    @Test(arguments: ["de_DE", "en_US", "fr_FR", "ja_JP", "ar_EG", "en_IN", "de_CH"])
    func currencyAndPercentRoundTrip(locale: String) throws {
        let id = try LocaleID(locale)
        let currency = try NumberFormat(locale: id, style: .currency, currency: nil, fractionDigits: nil)
        let currencyField = try Self.field(locale) { $0.style = .currency }
        for text in ["1234.5", "-17.25", "0", "1000000"] {
            let value = try #require(ExactDecimal(text))
            let written = currency.string(value)
            let result = currencyField.validate(written)
            // The same value, with the scale the currency writes (1234.5 is written 1.234,50 €).
            #expect(
                result.value.flatMap(ExactDecimal.init) == value,
                "\(locale) '\(written)': \(result.errors.map(\.message))")
            #expect(result.currency == NumberSymbols(locale: id).currencyCode)
        }
        let percent = try NumberFormat(locale: id, style: .percent, currency: nil, fractionDigits: nil)
        let percentField = try Self.field(locale) { $0.style = .percent }
        for text in ["0.125", "-0.5", "12.3456"] {
            let value = try #require(ExactDecimal(text))
            let written = percent.string(value)
            #expect(percentField.validate(written).value.flatMap(ExactDecimal.init) == value, "\(locale) '\(written)'")
        }
    }

    // One rejection per code, the marker ⏵ standing before the offending character.
    /// A misplaced sign's message shows a negative number as the locale writes it in the
    /// field's style: de_CH's currency writes `CHF-5` (it said "-5", the form it rejected).
    @Test(arguments: [
        ("de_CH", NumberStyle.currency, String?("CHF"), "-CHF 8'649.31", "as in CHF-5;"),
        ("en_US", .currency, "USD", "5-", "as in -$5;"),
        ("de_DE", .percent, nil, "5-", "as in -5\u{A0}%;"),
        ("en_US", .decimal, nil, "5-", "as in -5;"),
        ("ar_EG", .decimal, nil, "٥-", "as in -٥;"),
    ])
    func aMisplacedSignShowsTheLocalesNegativeForm(
        locale: String, style: NumberStyle, currency: String?, value: String, example: String
    ) throws {
        let result = try Self.field(locale) {
            $0.style = style
            $0.currency = currency
        }.validate(value)
        let error = try #require(result.errors.first)
        #expect(error.code == .misplacedSign)
        #expect(error.message.contains(example), "\(error.message)")
    }

    @Test(arguments: [
        ("de_DE", "1,2⏵,3", ErrorCode.multipleDecimalSeparators),
        ("en_US", "1.2⏵.3", .multipleDecimalSeparators),
        ("de_DE", "1⏵.23,4", .misplacedGroupingSeparator),
        ("en_US", "1⏵,23,456", .misplacedGroupingSeparator),
        ("en_US", "12⏵,345,6", .misplacedGroupingSeparator),  // the leftmost misplaced one
        ("en_US", "123⏵,456,7", .misplacedGroupingSeparator),
        ("en_US", "1.5⏵,000", .misplacedGroupingSeparator),
        ("en_US", "⏵,123", .misplacedGroupingSeparator),
        ("en_IN", "1⏵,234,567", .misplacedGroupingSeparator),
        ("de_DE", "12⏵a,5", .unexpectedCharacter),
        ("en_US", "⏵ 5", .unexpectedCharacter),
        ("en_US", "5⏵ ", .unexpectedCharacter),
        ("en_US", "5⏵\u{200B}", .unexpectedCharacter),
        ("en_US", "5⏵-", .misplacedSign),
        ("en_US", "-⏵-5", .misplacedSign),
        ("en_US", "1⏵-2", .misplacedSign),
        ("ar_EG", "⏵123", .unexpectedCharacter),
        ("ar_EG", "١⏵2", .mixedDigits),
    ])
    func rejectionsLandOnTheMarker(locale: String, marked: String, code: ErrorCode) throws {
        let input = Marked(marked)
        let result = try Self.field(locale).validate(input.text)
        let error = try #require(result.errors.first)
        #expect(error.code == code, "\(error.message)")
        #expect(error.offset == input.offset)
        #expect(error.message.contains("expected a number like"))
    }

    @Test func ruleRejectionsLandOnTheMarker() throws {
        let integer = try Self.field("en_US") { $0.integerOnly = true }
        #expect(integer.validate(Marked("1⏵.5").text).errors.first?.offset == 1)
        #expect(integer.validate("1.5").errors.first?.code == .fractionNotAllowed)
        #expect(integer.validate("1e3").errors.first?.code == .exponentNotAllowed)
        let noExponent = try Self.field("en_US") { $0.allowExponent = false }
        #expect(noExponent.validate("2E5").errors.first?.code == .exponentNotAllowed)
        let positive = try Self.field("en_US") { $0.allowNegative = false }
        #expect(positive.validate("-1").errors.first?.code == .negativeNotAllowed)
        #expect(positive.validate("-1").errors.first?.offset == 0)
        #expect(positive.validate("-0").errors.first?.code == .negativeNotAllowed)
        #expect(positive.validate("+1").isValid)
        let cents = try Self.field("de_DE") { $0.maxFractionDigits = 2 }
        let input = Marked("1,23⏵4")
        #expect(cents.validate(input.text).errors.first?.code == .tooManyFractionDigits)
        #expect(cents.validate(input.text).errors.first?.offset == input.offset)
        // Counted from the decimal separator, after a prefix and with an exponent behind.
        let dollars = try Self.field("en_US") {
            $0.style = .currency
            $0.maxFractionDigits = 1
        }
        let price = Marked("-$1,234.5⏵6")
        #expect(dollars.validate(price.text).errors.first?.code == .tooManyFractionDigits)
        #expect(dollars.validate(price.text).errors.first?.offset == price.offset)
        // Counted as the value is written plainly: 1,234567E3 is 1234.567 (the 7 is the third
        // digit after the point), 1E-3 is 0.001 (the exponent made it), 1,5E-2 is 0.015, 1,234E5 is 123400.
        for marked in [Marked("1,23456⏵7E3"), Marked("1⏵E-3"), Marked("12⏵E-3"), Marked("1,⏵5E-2")] {
            #expect(cents.validate(marked.text).errors.first?.code == .tooManyFractionDigits, "\(marked.text)")
            #expect(cents.validate(marked.text).errors.first?.offset == marked.offset, "\(marked.text)")
        }
        #expect(cents.validate("1,234E5").isValid)
    }

    @Test func minimumAndMaximumAreExactAtTheBoundary() throws {
        let field = try Self.field("en_US") {
            $0.minimum = ExactDecimal("0.1")
            $0.maximum = ExactDecimal("99999999999999999999.5")
        }
        #expect(field.validate("0.1").isValid)
        #expect(field.validate("0.10000").isValid)
        #expect(field.validate("0.0999999999999999999999").errors.first?.code == .outOfRange)
        #expect(field.validate("99,999,999,999,999,999,999.5").isValid)
        #expect(field.validate("99999999999999999999.50000000001").errors.first?.code == .outOfRange)
    }

    @Test func edgeCases() throws {
        let field = try Self.field("en_US")
        #expect(field.validate("").errors.first?.code == .empty)
        #expect(field.validate("-").errors.first?.code == .notANumber)
        #expect(field.validate(".").errors.first?.code == .notANumber)
        #expect(field.validate(",").errors.first?.code == .notANumber)
        #expect(field.validate("NaN").errors.first?.code == .notANumber)
        #expect(field.validate("∞").errors.first?.code == .notANumber)
        #expect(field.validate("-∞").errors.first?.code == .notANumber)
        // A value without digits points at its first character that is not a sign or separator.
        let letters = Marked("-⏵x")
        #expect(field.validate(letters.text).errors.first?.offset == letters.offset)
        #expect(field.validate(letters.text).errors.first?.character == "x")
        #expect(field.validate("\u{2212}5").value == "-5")
        #expect(field.validate("0.1").value == "0.1")
        #expect(field.validate("1e400").value == "1E+400")
        #expect(
            field.validate("1234567890123456789012345678901234567890").value
                == "1234567890123456789012345678901234567890")
        // The hint about trimming is the front end's, in its words (issue 15).
        var hinted = field.spec
        hinted.vocabulary.trimHint = "--trim ignores white space at the ends"
        #expect(try FieldValidator(hinted).validate(" 5 ").errors.first?.message.contains("--trim") == true)
        #expect(try Self.field("en_US", trim: true).validate(" 5 ").value == "5")
    }

    @Test func spaceGroupingVariantsAreReadWithAWarning() throws {
        let french = try Self.field("fr_FR")
        let own = french.validate("1\u{202F}234,5")
        #expect(own.value == "1234.5")
        #expect(own.warnings.isEmpty)
        for variant in [" ", "\u{A0}"] {
            let result = french.validate("1\(variant)234,5")
            #expect(result.value == "1234.5")
            #expect(result.warnings.first?.code == .spaceAsGroupingSeparator)
            #expect(result.warnings.first?.offset == 1)
        }
    }

    @Test func swappedSeparatorsOfferTheOtherReading() throws {
        let message = try Self.field("de_DE").validate("1,234.5").errors.first?.message ?? ""
        #expect(message.contains("in en_US it reads as 1234.5"))
        let english = try Self.field("en_US").validate("1.234,5").errors.first?.message ?? ""
        #expect(english.contains("in de_DE it reads as 1234.5"))
    }

    @Test func formattingKeepsEveryDigitAndRoundsOnlyOnRequest() throws {
        let swiss = try Self.field("en_US") { $0.toLocale = try? LocaleID("de_CH") }
        #expect(swiss.validate("1234567.891").output == "1’234’567.891")
        let german = try Self.field("en_US") { $0.toLocale = try? LocaleID("de_DE") }
        #expect(german.validate("1.23456").output == "1,23456")
        let rounded = try Self.field("en_US") { $0.fractionDigits = 1 }
        #expect(rounded.validate("0.25").output == "0.2")
        #expect(rounded.validate("0.35").output == "0.4")
    }

    @Test func exactDecimalText() {
        // The scale written is kept (as Python's Decimal keeps it); the value alone is without it.
        #expect(ExactDecimal("-0001234.5600")?.description == "-1234.5600")
        #expect(ExactDecimal("-0001234.5600")?.normalizedDescription == "-1234.56")
        #expect(ExactDecimal("-0001234.5600") == ExactDecimal("-1234.56"))
        #expect(ExactDecimal("1.50E1")?.description == "15.0")
        #expect(ExactDecimal("1.5E3")?.description == "1500")
        #expect(ExactDecimal("-0.00")?.description == "0.00")
        #expect(ExactDecimal("-0")?.description == "0")
        #expect(ExactDecimal("1E+400")?.description == "1E+400")
        #expect(ExactDecimal("1.5e-3")?.description == "0.0015")
        #expect(ExactDecimal("1.50")! == ExactDecimal("1.5")!)
        #expect(ExactDecimal("-2")! < ExactDecimal("-1.5")!)
        #expect(ExactDecimal("abc") == nil)
        // Each form at its edges: 60 characters plain at most, then d.dddE±n.
        #expect(ExactDecimal("12.5")?.description == "12.5")
        #expect(ExactDecimal("-0.001")?.description == "-0.001")
        #expect(ExactDecimal("1E-59")?.description == "0." + String(repeating: "0", count: 58) + "1")
        #expect(ExactDecimal("1E-70")?.description == "1E-70")
        #expect(ExactDecimal("-1.23E-70")?.description == "-1.23E-70")
        #expect(ExactDecimal("1E59")?.description == "1" + String(repeating: "0", count: 59))
        #expect(ExactDecimal("1E61")?.description == "1E+61")
        #expect(ExactDecimal("123E58")?.description == "1.23E+60")
        #expect(ExactDecimal("0.0")?.normalizedDescription == "0")
    }

    /// The canonical text reads back as the same value, whatever its size and form.
    @Test func exactDecimalTextReadsBack() throws {
        var generator = SeededGenerator(seed: 77)
        for _ in 0..<5_000 {
            let digits = (0..<Int.random(in: 1...12, using: &generator)).map { _ in
                String(Int.random(in: 0...9, using: &generator))
            }.joined()
            let text =
                (Bool.random(using: &generator) ? "-" : "") + digits + "E"
                + String(Int.random(in: -90...90, using: &generator))
            let value = try #require(ExactDecimal(text))
            #expect(ExactDecimal(value.description) == value, "\(text) written as \(value.description)")
            #expect(ExactDecimal(value.normalizedDescription) == value, "\(text): \(value.normalizedDescription)")
        }
    }
}

/// A small deterministic generator (SplitMix64) so that test data is the same every run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The example a number field's messages give is a value the same field accepts, in every
/// locale ICU has and every style: a decimal field was shown the locale's currency separators
/// (`1,234.56` in en_DE, `1 234$56` in pt_CV), which it refuses.
@Suite struct NumberExampleTests {
    /// A number field's rules, the ones its example must keep.
    struct Rules: Sendable, CustomTestStringConvertible {
        var style = NumberStyle.decimal
        var integer = false
        var maxFractionDigits: Int? = nil
        var minLength: Int? = nil
        var maxLength: Int? = nil
        var minimum: String? = nil
        var maximum: String? = nil

        var testDescription: String {
            "\(style)\(integer ? " integer" : "")"
                + [
                    maxFractionDigits.map { " fraction ≤ \($0)" }, minLength.map { " length ≥ \($0)" },
                    maxLength.map { " length ≤ \($0)" }, minimum.map { " ≥ \($0)" }, maximum.map { " ≤ \($0)" },
                ].compactMap { $0 }.joined()
        }

        func spec(_ locale: LocaleID) -> FieldSpec {
            var number = NumberSpec()
            number.style = style
            number.integerOnly = integer
            number.maxFractionDigits = maxFractionDigits
            number.minimum = minimum.flatMap { ExactDecimal($0) }
            number.maximum = maximum.flatMap { ExactDecimal($0) }
            var spec = FieldSpec(kind: .number(number), locale: locale)
            spec.minLength = minLength
            spec.maxLength = maxLength
            return spec
        }
    }

    /// A currency's example kept its cents under rules that refuse them (1.234,00 € under
    /// --integer), and under a most length that 5 € fits (1.234,56 € under --max-length 8); a
    /// least length longer than 1.234,56 was not kept to, nor a most that 1234 fits and 1.234
    /// does not. With bounds, the example is the least value of the digits allowed from the
    /// minimum (2 for an integer from 1.5), or a bound written without grouping where grouped
    /// it is too long (1234567 under --max-length 7). Each was refused by its own field.
    @Test(
        arguments: [
            Rules(), Rules(style: .integer), Rules(style: .percent), Rules(style: .currency),
            Rules(style: .currency, integer: true), Rules(style: .currency, maxFractionDigits: 1),
            Rules(maxFractionDigits: 0), Rules(style: .currency, maxLength: 8), Rules(minLength: 10),
            Rules(style: .integer, minLength: 8, maxLength: 9), Rules(style: .integer, minLength: 4, maxLength: 4),
            Rules(integer: true, minLength: 7, maxLength: 7),
            Rules(style: .integer, minimum: "1.5", maximum: "2.5"), Rules(maxLength: 7, minimum: "1234567"),
            Rules(maxLength: 11, maximum: "-1000000"),
            Rules(style: .percent, integer: true, minimum: "0.001", maximum: "0.019"),
        ])
    func theExampleIsAccepted(rules: Rules) throws {
        // In every ICU locale, the placeholder's example (between "like " and the last " (")
        // is accepted by the field itself.
        var refused: [String] = []
        var checked = 0
        for id in LocaleID.available {
            guard let locale = try? LocaleID(id), let field = try? FieldValidator(rules.spec(locale)) else { continue }
            let phrase = field.placeholderPhrase
            guard let start = phrase.firstRange(of: "like ")?.upperBound,
                let end = phrase[start...].ranges(of: " (").last?.lowerBound
            else {
                refused.append("\(id): \(phrase)")
                continue
            }
            let example = String(phrase[start..<end])
            checked += 1
            if !field.validate(example).isValid { refused.append("\(id): '\(example)'") }
        }
        #expect(checked > 500)
        #expect(refused.isEmpty, "\(refused.count) examples refused: \(refused.prefix(10))")
    }
}
