import Testing

@testable import FieldCheck

/// Issue 22: every style reads back what ICU writes for it, in every locale ICU has, and a
/// value grouped only in part is rejected. The values are formatted by ICU at test time, so
/// the table follows the ICU the tool runs on instead of a list frozen in the repository.
@Suite struct StrictGroupingTests {
    static let values = [
        "1234567.89", "-1234567.891", "123456789012.5", "1000000", "98765432", "0.5", "-42",
    ]

    static let styles: [NumberStyle] = [.decimal, .percent, .currency, .scientific]

    /// The grouping separators of a written value that stand between two digits.
    static func separatorOffsets(_ written: [Unicode.Scalar], field: FieldValidator, style: NumberStyle) -> [Int] {
        guard style != .scientific, case .number = field.spec.kind else { return [] }
        let symbols = NumberSymbols(locale: field.spec.locale).forStyle(style)
        guard symbols.usesGrouping, let group = symbols.groupingSeparator.unicodeScalars.first else { return [] }
        return written.indices.filter { index in
            index > 0 && index + 1 < written.count && written[index] == group
                && symbols.digitValue(written[index - 1]) != nil && symbols.digitValue(written[index + 1]) != nil
        }
    }

    static func field(_ locale: String, _ style: NumberStyle = .decimal) throws -> FieldValidator {
        var number = NumberSpec()
        number.style = style
        return try FieldValidator(FieldSpec(kind: .number(number), locale: try LocaleID(locale)))
    }

    // The marker ⏵ stands before the separator named.
    @Test(arguments: [
        ("en_US", "1⏵,234567", "1,234,567"),
        ("en_US", "12⏵,345678.5", "12,345,678.5"),
        ("en_US", "1,234⏵,567890", "1,234,567,890"),
        ("en_US", "-1⏵,234567", "-1,234,567"),
        ("bg_BG", "4⏵ 280464,56", "4 280 464,56"),
        ("ca_ES", "775⏵.072791", "775.072.791"),
        ("en_IN", "12⏵,34567", "12,34,567"),
        ("de_DE", "1⏵.234567,5", "1.234.567,5"),
    ])
    func partialGroupingIsRejectedWithTheFullyGroupedForm(locale: String, marked: String, suggestion: String) throws {
        let input = Marked(marked)
        let error = try #require(try Self.field(locale).validate(input.text).errors.first)
        #expect(error.code == .misplacedGroupingSeparator)
        #expect(error.offset == input.offset)
        #expect(error.message.contains("did you mean \(suggestion)?"), "\(error.message)")
    }

    @Test func partialGroupingNamesTheOtherReading() throws {
        let message = try Self.field("en_US").validate("1,234567").errors.first?.message ?? ""
        #expect(message.contains("in de_DE it reads as 1.234567"), "\(message)")
        // Fully grouped and ungrouped forms stay accepted.
        for text in ["1,234,567", "1234567", "1,234", "123", "1,234,567.125"] {
            #expect(try Self.field("en_US").validate(text).isValid, "\(text)")
        }
        #expect(try Self.field("en_IN").validate("12,34,567").value == "1234567")
        #expect(try Self.field("es_ES").validate("1.234").value == "1234")
    }

    @Test func aDecimalSeparatorDirectlyBeforeTheExponentIsRejected() throws {
        let input = Marked("428,⏵e6")
        let error = try #require(try Self.field("lt_LT").validate(input.text).errors.first)
        #expect(error.code == .unexpectedCharacter)
        #expect(error.offset == input.offset)
        #expect(try Self.field("en_US").validate("1.e5").errors.first?.code == .unexpectedCharacter)
        #expect(try Self.field("en_US").validate("1.5e5").value == "150000")
    }

    @Test func eachStyleReadsItsOwnSeparatorsAndGrouping() throws {
        #expect(try Self.field("de_AT", .currency).validate("€ 1.234,56").value == "1234.56")
        #expect(try Self.field("fr_CH", .currency).validate("1\u{202F}234.56 CHF").value == "1234.56")
        #expect(try Self.field("mr_IN", .currency).validate("₹१,०००,०००.००").value == "1000000.00")
        #expect(try Self.field("mr_IN", .percent).validate("१२३,४५०%").value == "1234.50")
        // The decimal style keeps the locale's own: lakh grouping, space grouping.
        #expect(try Self.field("mr_IN").validate("१०,००,०००").value == "1000000")
        #expect(try Self.field("de_AT").validate("1\u{A0}234,56").value == "1234.56")
        // A bidi mark around the exponent's sign, as ICU writes it in ar_MA.
        #expect(try Self.field("ar_MA", .scientific).validate("5E\u{200E}-1").value == "0.5")
    }

    /// Issue 29, item 11: the scientific pattern (#E0) has no grouping, and ICU's strict parser
    /// stops at 123 in 123,456; the scientific style read it as 123456 (it_IT 123.456 alike).
    @Test(arguments: [
        ("en_US", "123⏵,456"), ("it_IT", "123⏵.456"), ("en_US", "1⏵,234.5E3"), ("fr_FR", "123⏵\u{202F}456"),
        ("fr_FR", "123⏵ 456"), ("de_CH", "1⏵’234"), ("en_IN", "12⏵,34,567"),
    ])
    func scientificStyleRejectsGrouping(locale: String, marked: String) throws {
        let input = Marked(marked)
        let error = try #require(try Self.field(locale, .scientific).validate(input.text).errors.first)
        #expect(error.code == .misplacedGroupingSeparator)
        #expect(error.offset == input.offset)
        #expect(error.message.contains("the scientific style writes no grouping separator"), "\(error.message)")
    }

    @Test func scientificStyleStillReadsPlainAndScientificValues() throws {
        #expect(try Self.field("en_US", .scientific).validate("123456").value == "123456")
        #expect(try Self.field("en_US", .scientific).validate("1.23456E5").value == "123456")
        #expect(try Self.field("it_IT", .scientific).validate("1,5E3").value == "1500")
        #expect(try Self.field("it_IT", .scientific).validate("123,456").value == "123.456")
    }

    /// ICU 72 inserts a multi-digit exponent's supplementary-plane digits one UTF-16 unit apart;
    /// the scientific style of lo and si has no exponent and must keep every fraction digit.
    @Test func scientificStyleWritesEveryDigitInEveryNumberingSystem() throws {
        func written(_ locale: String, _ value: String) throws -> String {
            try NumberFormat(locale: try LocaleID(locale), style: .scientific, currency: nil, fractionDigits: nil)
                .string(try #require(ExactDecimal(value)))
        }
        #expect(try written("ff_Adlm", "-1.5E-123") == "-𞥑.𞥕𞤉-𞥑𞥒𞥓")
        #expect(try written("ccp_IN", "1E99") == "𑄷E𑄿𑄿")
        #expect(try written("en-u-nu-adlm", "0.5") == "𞥕E-𞥑")
        #expect(try written("lo", "0.5") == "0,5")
        #expect(try written("si_LK", "-0.0125") == "-0.0125")
        // Written as a plain decimal, a tiny value is refused as in the decimal style, not rounded to 0.
        let lo = try NumberFormat(locale: try LocaleID("lo"), style: .scientific, currency: nil, fractionDigits: nil)
        let tiny = try #require(ExactDecimal("1E-2000"))
        let refusal = try #require(lo.refusal(tiny)).text
        #expect(refusal.contains("canonically it is 1E-2000"), "\(refusal)")
        // Digits inside the BMP are ICU's own, untouched.
        #expect(
            try written("ar_EG", "123456789012")
                == "\u{661}\u{66B}\u{662}\u{663}\u{664}\u{665}\u{666}\u{667}\u{668}\u{669}\u{660}\u{661}\u{662}\u{627}\u{633}\u{661}\u{661}"
        )
    }

    struct Failure: CustomStringConvertible {
        var text: String
        var description: String { text }
    }

    @Test(arguments: styles)
    func everyLocaleReadsBackWhatItWritesAndRefusesPartialGrouping(style: NumberStyle) throws {
        var failures: [Failure] = []
        var checkedRemovals = 0
        for name in LocaleID.available {
            guard let locale = try? LocaleID(name) else { continue }
            guard
                let field = try? FieldValidator(
                    {
                        var number = NumberSpec()
                        number.style = style
                        return FieldSpec(kind: .number(number), locale: locale)
                    }())
            else { continue }  // no currency for the locale
            guard
                let format = try? NumberFormat(
                    locale: locale, style: style,
                    currency: style == .currency ? NumberSymbols(locale: locale).currencyCode : nil,
                    fractionDigits: nil)
            else { continue }
            for text in Self.values {
                let value = try #require(ExactDecimal(text))
                let written = format.string(value)
                let result = field.validate(written)
                // The same value; its scale is what the style wrote (12 345,50 % is 123.4550).
                if result.value.flatMap(ExactDecimal.init) != value {
                    failures.append(
                        Failure(
                            text:
                                "\(name) \(style) '\(written)': read \(result.value ?? "nil") \(result.errors.map(\.message))"
                        ))
                    continue
                }
                let scalars = Array(written.unicodeScalars)
                let separators = Self.separatorOffsets(scalars, field: field, style: style)
                guard separators.count >= 2 else { continue }
                for removed in separators {
                    var partial = scalars
                    partial.remove(at: removed)
                    let text = String(String.UnicodeScalarView(partial))
                    let outcome = field.validate(text)
                    checkedRemovals += 1
                    if outcome.errors.first?.code != .misplacedGroupingSeparator {
                        failures.append(
                            Failure(
                                text:
                                    "\(name) \(style) '\(text)': \(outcome.value.map { "accepted as \($0)" } ?? "\(outcome.errors.map(\.code))")"
                            ))
                    }
                }
            }
        }
        #expect(
            failures.isEmpty,
            "\(failures.count) failures, first: \(failures.prefix(30).map(\.text).joined(separator: "\n"))")
        if style != .scientific { #expect(checkedRemovals > 1000) }
    }
}
