import Foundation
import Testing

/// `fieldcheck number` through the real binary: the acceptance examples and the two
/// numeric fields of the iOS constrained-field demo.
@Suite struct NumberCommandTests {
    /// A negative value that rounds to zero is written as zero, without a sign (ICU wrote -0).
    @Test func aNegativeValueThatRoundsToZeroHasNoSign() throws {
        let integer = try CLI.run(
            ["number", "--to-style", "integer", "--fraction-digits", "0"], input: "-0.4\n-0.5\n-0.6\n-1.5\n")
        #expect(integer.stdout == "0\n0\n-1\n-2\n")
        let cents = try CLI.run(["number", "--to", "en_US", "--fraction-digits", "2"], input: "-0.004\n-0.006\n")
        #expect(cents.stdout == "0.00\n-0.01\n")
        let percent = try CLI.run(
            ["number", "--to", "en_US", "--to-style", "percent", "--fraction-digits", "1"], input: "-0.0004\n")
        #expect(percent.stdout == "0.0%\n")
    }

    /// A value written plainly comes out plainly however long: a 61-digit integer came out as
    /// 1.1…E+60, which the same `--integer` field then refused. Only an exponent makes the
    /// short form.
    /// --integer counts digits as written: under the percent style it means whole percents,
    /// as the man page says (12 % is 0.12 and accepted; 12,5 % is a fraction).
    @Test func integerPercentsAreWholePercents() throws {
        let run = try CLI.run(
            ["number", "--locale", "de_DE", "--style", "percent", "--integer"], input: "12 %\n12,5 %\n")
        #expect(run.status == 1)
        #expect(run.stdout == "0.12\n")
        #expect(run.stderr.contains("line 2: '12,5 %'") && run.stderr.contains("[fraction_not_allowed]"))
    }

    @Test func aLongPlainValueStaysPlain() throws {
        let ones = String(repeating: "1", count: 61)
        let power = "1" + String(repeating: "0", count: 70)
        let tiny = "0." + String(repeating: "0", count: 70) + "1"
        let run = try CLI.run(["number", "--integer"], input: "\(ones)\n\(power)\n")
        #expect(run.stdout == "\(ones)\n\(power)\n")
        let again = try CLI.run(["number", "--integer"], input: run.stdout)
        #expect(again.status == 0 && again.stdout == run.stdout)
        let exponents = try CLI.run(["number"], input: "1E+61\n\(tiny)\n1.5E-70\n")
        #expect(exponents.stdout == "1E+61\n\(tiny)\n1.5E-70\n")
    }

    @Test func germanNumbersWithReasons() throws {
        let run = try CLI.run(
            ["number", "--locale", "de_DE", "--json"], input: "1.234,56\n1,2,3\n1.23,4\n12a,5\n-0,5\n")
        #expect(run.status == 1)
        let objects = run.objects
        try #require(objects.count == 5)
        #expect(objects[0]["value"] as? String == "1234.56")
        #expect(objects[1].errorCodes == ["multiple_decimal_separators"])
        #expect(objects[1].firstError?["offset"] as? Int == 3)
        #expect(objects[2].errorCodes == ["misplaced_grouping_separator"])
        #expect(objects[2].firstError?["offset"] as? Int == 1)
        #expect(objects[3].errorCodes == ["unexpected_character"])
        #expect(objects[3].firstError?["offset"] as? Int == 2)
        #expect(objects[3].firstError?["character"] as? String == "a")
        #expect(objects[4]["value"] as? String == "-0.5")
    }

    /// A bound is canonical whatever the locale, and said without the zeros it was written
    /// with: "the maximum 1.000" would read as a thousand to a de_DE user.
    @Test func aBoundIsSaidCanonically() throws {
        let run = try CLI.run(["number", "--locale", "de_DE", "--max", "1.000"], input: "1\n5\n1.000\n")
        #expect(run.status == 1)
        #expect(run.stdout == "1\n")
        #expect(run.stderr.contains("line 2: '5': 5 is greater than the maximum 1;"))
        #expect(run.stderr.contains("line 3: '1.000': 1000 is greater than the maximum 1;"))
    }

    /// `--max-fraction-digits` counts the digits after the point as the value is written
    /// plainly: `1e-3` (0.001) passed a cents column, as no digit stands after its separator.
    @Test func anExponentCannotSlipFractionDigitsPastTheMaximum() throws {
        let run = try CLI.run(
            ["number", "--max-fraction-digits", "2"], input: "1e-3\n1.5e-1\n1.505e1\n1.234\n12e-2\n5e2\n")
        #expect(run.status == 1)
        #expect(run.stdout == "0.15\n15.05\n0.12\n500\n")
        #expect(
            run.stderr.contains(
                "line 1: '1e-3': character 'e' (U+0065 LATIN SMALL LETTER E) at column 2: the exponent makes it "
                    + "0.001: at most 2 digits after the decimal separator;"), "\(run.stderr)")
        #expect(run.stderr.contains("line 4: '1.234': character '4' (U+0034 DIGIT FOUR) at column 5: at most 2 digits"))
        let json = try CLI.run(["number", "--max-fraction-digits", "2", "--json"], input: "1e-3\n")
        #expect(json.objects.first?["valid"] as? Bool == false)
    }

    /// Another reading is never the field's own locale: a scientific en_US field said
    /// "'1,234' is not a number in en_US, but in en_US it reads as 1234".
    @Test func anotherReadingIsAnotherLocale() throws {
        let run = try CLI.run(["number", "--locale", "en_US", "--style", "scientific"], input: "1,234\n")
        #expect(run.status == 1)
        #expect(!run.stderr.contains("but in en_US"), "\(run.stderr)")
        #expect(
            run.stderr.contains("'1,234' is not a number in en_US, but in de_DE it reads as 1.234"), "\(run.stderr)")
    }

    /// Formatting keeps every digit: the integer style refuses a value with a fraction
    /// (it wrote 2.5 as 2 and -0.4 as -0, silently) unless --fraction-digits 0 asks for the
    /// rounding.
    @Test func theIntegerStyleRoundsOnlyWhenAsked() throws {
        let run = try CLI.run(["number", "--to-style", "integer"], input: "2.5\n1e-5\n2.0\n1e3\n")
        #expect(run.status == 1)
        #expect(run.stdout == "2\n1000\n")
        #expect(
            run.stderr.contains(
                "line 1: '2.5': character '.' (U+002E FULL STOP) at column 2: the integer style writes no fraction, "
                    + "and 2.5 would be rounded; ask for 0 fraction digits to round it;"), "\(run.stderr)")
        #expect(run.stderr.contains("line 2: '1e-5'"))
        #expect(run.stderr.contains("[fraction_not_allowed]"))
        let rounded = try CLI.run(["number", "--to-style", "integer", "--fraction-digits", "0"], input: "2.5\n3.5\n")
        #expect(rounded.status == 0)
        #expect(rounded.stdout == "2\n4\n")
    }

    /// The example of a valid value keeps to the field's rules: "expected a number like
    /// 1234.56" was said of a field whose maximum is 10.
    @Test(arguments: [
        (["--max", "10"], "11", "a number like 1.5 ("),
        (["--locale", "de_DE", "--integer", "--max", "100"], "101", "a number like 12 (de_DE)"),
        (["--max-length", "3"], "1234.5", "a number like 1.5 ("),
        (["--max-fraction-digits", "1"], "1.25", "a number like 12.5 ("),
        (["--min", "5000000"], "1", "a number like 5000000 ("),
        (["--locale", "de_DE"], "x", "a number like 1.234,56 (de_DE)"),
    ])
    func theExampleKeepsToTheRules(options: [String], value: String, example: String) throws {
        let run = try CLI.run(["number"] + options + ["--value", value], input: "")
        #expect(run.status == 1)
        #expect(run.stderr.contains("expected \(example)"), "\(run.stderr)")
    }

    @Test func swappedSeparatorsOfferTheEnglishReading() throws {
        let run = try CLI.run(["number", "--locale", "de_DE"], input: "1,234.5\n")
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("in en_US it reads as 1234.5"))
        #expect(run.stderr.contains("expected a number like 1.234,56 (de_DE)"))
    }

    /// SPEC: "where another common reading exists, say so" — not only the swap of en_US and
    /// de_DE: fr_FR's space, de_CH's apostrophe and en_IN's lakh grouping too (a new user
    /// found `1 234,56` in en_US without a word of fr_FR).
    @Test(arguments: [
        ("en_US", "1 234,56", "in fr_FR it reads as 1234.56"),
        ("en_US", "1’234.56", "in de_CH it reads as 1234.56"),
        ("en_US", "12,34,567.5", "in en_IN it reads as 1234567.5"),
        ("fr_FR", "1.234,56", "in de_DE it reads as 1234.56"),
        ("de_CH", "1,234.56", "in en_US it reads as 1234.56"),
        ("en_IN", "1,234,567.5", "in en_US it reads as 1234567.5"),
        ("de_DE", "1,234.5", "in en_US it reads as 1234.5"),
    ])
    func anotherCommonReadingIsNamed(locale: String, value: String, reading: String) throws {
        let run = try CLI.run(["number", "--locale", locale], input: value + "\n")
        #expect(run.status == 1)
        #expect(run.stderr.contains("'\(value)' is not a number in \(locale), but \(reading)"), "\(run.stderr)")
    }

    /// Issue 22: a value grouped only in part is refused on every path (`--quiet` takes the
    /// fast path), with the fully grouped form and the other reading; fully grouped and
    /// ungrouped values pass.
    @Test func partialGroupingIsRefused() throws {
        let input = "1,234567\n12,345678.5\n1,234,567\n1234567\n"
        let run = try CLI.run(["number", "--locale", "en_US"], input: input)
        #expect(run.status == 1)
        #expect(run.stdout == "1234567\n1234567\n")
        #expect(run.stderr.contains("did you mean 1,234,567?"))
        #expect(run.stderr.contains("did you mean 12,345,678.5?"))
        #expect(run.stderr.contains("in de_DE it reads as 1.234567"))
        #expect(run.stderr.contains("[misplaced_grouping_separator]"))
        let quiet = try CLI.run(["number", "--locale", "en_US", "--quiet"], input: input)
        #expect(quiet.status == 1)
        #expect(quiet.stdout == "1234567\n1234567\n")
        let currency = try CLI.run(["number", "--locale", "de_AT", "--style", "currency"], input: "€ 1.234,56\n")
        #expect(currency.status == 0)
        #expect(currency.stdout == "1234.56\n")
    }

    /// Issue 22: the scientific style writes what it reads. ICU 72 split the surrogate pairs of a
    /// two-digit exponent in ccp and ff_Adlm (U+FFFD, exit 0); lo and si, whose scientific pattern
    /// has no exponent, wrote 0.5 as 0. Each written value reads back to the value.
    @Test(arguments: [
        ("ff_Adlm", "123456789012", "𞥑.𞥒𞥓𞥔𞥕𞥖𞥗𞥘𞥙𞥐𞥑𞥒𞤉𞥑𞥑"),
        ("ccp_BD", "123456789012", "𑄷.𑄸𑄹𑄺𑄻𑄼𑄽𑄾𑄿𑄶𑄷𑄸E𑄷𑄷"),
        ("ccp", "0.000000000001", "𑄷E-𑄷𑄸"),
        ("lo_LA", "0.5", "0,5"),
        ("si", "0.125", "0.125"),
    ])
    func scientificOutputReadsBack(locale: String, value: String, written: String) throws {
        let run = try CLI.run(
            ["number", "--locale", "en_US", "--to", locale, "--to-style", "scientific"], input: value + "\n")
        #expect(run.status == 0)
        #expect(run.stdout == written + "\n")
        let back = try CLI.run(["number", "--locale", locale, "--style", "scientific"], input: run.stdout)
        #expect(back.status == 0)
        #expect(back.stdout == value + "\n")
    }

    /// Issue 22: --help states the grouping rule the reader applies, as the README and man page do.
    @Test func helpStatesTheCompleteGroupingRule() throws {
        let help = try CLI.run(["number", "--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("either without grouping or grouped at every boundary the locale's pattern groups"))
        #expect(help.contains("never 1,234567"))
        #expect(!help.contains("optional but must stand"))
    }

    @Test func formatsForAnotherLocale() throws {
        let run = try CLI.run(["number", "--locale", "en_US", "--to", "de_CH"], input: "1234567.891\n")
        #expect(run.status == 0)
        #expect(run.stdout == "1’234’567.891\n")
    }

    @Test func demoNumericValueOfAtMostSevenCharacters() throws {
        let run = try CLI.run(
            ["number", "--max-length", "7", "--locale", "en_US", "--json"],
            input: "1.5e10\n-12.5\n1234567\n12345678\n1,2\n")
        #expect(run.objects.map { $0["value"] as? String } == ["15000000000", "-12.5", "1234567", nil, nil])
        #expect(run.objects[3].errorCodes == ["too_long"])
        #expect(run.objects[4].errorCodes == ["misplaced_grouping_separator"])
    }

    @Test func demoPositiveIntegerOfAtMostFiveCharacters() throws {
        let run = try CLI.run(
            ["number", "--integer", "--no-negative", "--max-length", "5", "--locale", "en_US", "--json"],
            input: "12345\n123456\n-1\n1.5\n1e3\n")
        #expect(
            run.objects.map(\.errorCodes) == [
                [], ["too_long"], ["negative_not_allowed"], ["fraction_not_allowed"], ["exponent_not_allowed"],
            ])
    }

    @Test func currencyReportsTheISOCode() throws {
        let run = try CLI.run(["number", "--locale", "de_DE", "--style", "currency", "--json"], input: "1.234,56 €\n")
        #expect(run.objects.first?["currency"] as? String == "EUR")
        #expect(run.objects.first?["value"] as? String == "1234.56")
    }

    @Test func outputInputEchoesTheAcceptedValue() throws {
        let run = try CLI.run(["number", "--locale", "de_DE", "--output", "input"], input: "1.234,5\n")
        #expect(run.stdout == "1.234,5\n")
    }

    @Test func emptyLineIsEmpty() throws {
        let run = try CLI.run(["number", "--json"], input: "\n")
        #expect(run.objects.first?.errorCodes == ["empty"])
    }

    @Test func arabicIndicDigitsAndLatinKeyword() throws {
        #expect(try CLI.run(["number", "--locale", "ar_EG"], input: "١٢٣٫٥\n").stdout == "123.5\n")
        #expect(try CLI.run(["number", "--locale", "ar-EG-u-nu-latn"], input: "123.5\n").stdout == "123.5\n")
    }

    @Test func recordLimitAppliesToEveryRecord() throws {
        let input = "short\n" + String(repeating: "x", count: 200_000) + "\nend\n"
        let run = try CLI.run(["text", "--max-record-bytes", "50", "--summary", "-q"], input: input)
        #expect(run.stdout == "short\nend\n")
        #expect(run.stderr.contains("1 rejected (record_too_long: 1)"))
        let many = try CLI.run(
            ["text", "--max-record-bytes", "5", "--check", "--summary"],
            input: String(repeating: "xxxxxxxxx\n", count: 50_000))
        #expect(many.stderr.contains("50000 values read, 0 accepted, 50000 rejected"))
    }

    /// `--quiet` builds no messages: the verdicts, outputs and summary must not change, and
    /// `--json`, which carries messages, must still have them.
    @Test func quietChangesNothingButTheMessages() throws {
        let input = "1.234,56\n1,2,3\n12a,5\n\n1 234\n-0,5\n1,234.5\n"
        for command in [
            ["number", "--locale", "de_DE"], ["date", "--locale", "de_DE"], ["text", "--allow", "[0-9,.]"],
        ] {
            let loud = try CLI.run(command + ["--summary", "--on-invalid", "blank"], input: input)
            let quiet = try CLI.run(command + ["--summary", "--on-invalid", "blank", "--quiet"], input: input)
            #expect(quiet.stdout == loud.stdout)
            #expect(quiet.status == loud.status)
            let summary = loud.stderr.split(separator: "\n").last.map(String.init)
            #expect(summary?.hasPrefix("fieldcheck: summary:") == true)
            #expect(quiet.stderr == summary.map { $0 + "\n" })
            let json = try CLI.run(command + ["--json", "--quiet"], input: input)
            let messages = json.objects.flatMap { $0["errors"] as? [[String: Any]] ?? [] }.map {
                $0["message"] as? String
            }
            #expect(!messages.isEmpty && messages.allSatisfy { !($0 ?? "").isEmpty })
        }
    }

    /// `--quiet` without `--summary` decides some rejections on the fast path (a letter in a
    /// number, a date off its pattern, a refused character): stdout, the rejects file and the
    /// exit status must be what a run that explains every rejection writes.
    @Test(arguments: [
        (
            ["number", "--locale", "de_DE"],
            "1.234,56\n12a,5\n\n1 234\n1,2,3\n-0,5\n1,234.5\n7\u{0}\n\u{FF}9\n+5\n1E3\n42\n"
        ),
        (
            ["date", "--locale", "de_DE", "--pattern", "dd.MM.yyyy"],
            "13.04.2026\n13/04/2026\n31.02.2026\n13.04.26\n\n13.04.2026 x\n5.4.2026\n13.13.2026\n01.01.1999\n"
        ),
        (["text", "--allow", "[a-z]", "--max-length", "3"], "abc\nabcd\nab1\n\nx\u{0}\ndé\nok\n"),
    ])
    func quietRejectionsAreRoutedAsLoudOnes(command: [String], input: String) throws {
        for policy in [["--on-invalid", "keep"], ["--on-invalid", "blank"], ["--on-invalid", "abort"], ["--check"]] {
            let loud = try JobsTests.run(command + policy, jobs: 1, input: input)
            let quiet = try JobsTests.run(command + policy + ["--quiet"], jobs: 1, input: input)
            #expect(quiet.stdout == loud.stdout, "\(command) \(policy)")
            #expect(quiet.rejects == loud.rejects, "\(command) \(policy)")
            #expect(quiet.status == loud.status && loud.status == 1, "\(command) \(policy)")
            #expect(quiet.stderr.isEmpty && !loud.stderr.isEmpty)
        }
    }

    /// The field's own currency symbol on the wrong side is a misplaced symbol, not another
    /// currency (it read "not the currency symbol of this field, which is written '$' or 'USD'",
    /// or without a space "not part of a number").
    @Test(arguments: [
        ("1234 USD", 6, "the currency symbol 'USD' stands before the number"),
        ("1234 $", 6, "the currency symbol '$' stands before the number"),
        ("1234$", 5, "the currency symbol '$' stands before the number"),
        ("1234 $ ", 6, "the currency symbol '$' stands before the number"),
        ("1234 €", 6, "not the currency symbol of this field, which is written '$' or 'USD'"),
    ])
    func aCurrencySymbolAfterTheNumber(value: String, column: Int, reason: String) throws {
        let run = try CLI.run(["number", "--locale", "en_US", "--style", "currency", "--value", value])
        #expect(run.status == 1)
        #expect(run.stderr.contains("at column \(column): \(reason)"), "\(run.stderr)")
        #expect(run.stderr.contains("expected a number like $1,234.56 (en_US) [unexpected_character]"))
        // Where every form writes the symbol after the number, it is not said to go before.
        let german = try CLI.run(["number", "--locale", "de_DE", "--style", "currency", "--value", "1.234,00 $"])
        #expect(german.stderr.contains("not the currency symbol of this field, which is written 'EUR' or '€'"))
    }

    /// A grouped number never begins with a group of zeros: `0,123` (en_US) and `0.500`
    /// (de_DE) were read as 123 and 500, silently, where Babel's strict reader refuses them
    /// and the other decimal mark is the likelier story (a trial against Babel's tests).
    @Test(arguments: [
        ("en_US", "0,123", "in de_DE it reads as 0.123"), ("de_DE", "0.500", "in en_US it reads as 0.500"),
        ("en_US", "-0,123", "in de_DE it reads as -0.123"), ("en_US", "0,000,001", ""), ("en_IN", "0,12,345", ""),
        ("en_US", "00,123", "in de_DE it reads as 0.123"),
    ])
    func aGroupOfZerosBeginsNoGroupedNumber(locale: String, value: String, otherReading: String) throws {
        let run = try CLI.run(["number", "--locale", locale, "--value", value])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("no grouped number begins with a group of zeros"), "\(run.stderr)")
        #expect(run.stderr.hasSuffix("[misplaced_grouping_separator]\n"))
        if !otherReading.isEmpty { #expect(run.stderr.contains(otherReading), "\(run.stderr)") }
        // Neither on the fast path (a csv column) nor with other numbers beside it.
        let column = try CLI.run(["csv", "--column", "v=number:\(locale)", "--normalize"], input: "v\n\(value)\n1\n")
        #expect(column.status == 1)
        #expect(column.stdout == "v\n1\n")
        let plain = try CLI.run(["number", "--locale", "en_US"], input: "0.5\n1,234\n0123\n0\n")
        #expect(plain.status == 0 && plain.stdout == "0.5\n1234\n123\n0\n", "\(plain.stderr)")
    }

    /// `--lenient` keeps the scale written, as the strict reading does (ICU's text has none:
    /// 3,00 was 3, and 1.500 passed --max-fraction-digits 2), and refuses a grouping
    /// separator before the first digit, which ICU skips (de .9 was 9).
    @Test func theLenientReadingKeepsTheScaleAndRefusesALeadingGroupingSeparator() throws {
        for (locale, value, expected) in [
            ("de", "3,00", "3.00"), ("en", "1,234.50", "1234.50"), ("de", "1,50E1", "15.0"), ("en", "-0.00", "0.00"),
            ("en", "1.25E2", "125"),
        ] {
            let run = try CLI.run(["number", "--locale", locale, "--lenient", "--value", value])
            #expect(run.status == 0 && run.stdout == expected + "\n", "\(value): \(run.stdout) \(run.stderr)")
        }
        let digits = try CLI.run(
            ["number", "--locale", "en", "--lenient", "--max-fraction-digits", "2", "--value", "1.500"])
        #expect(digits.status == 1)
        #expect(digits.stderr.contains("[too_many_fraction_digits]"))
        let formatted = try CLI.run(["number", "--locale", "en", "--lenient", "--to", "de_DE", "--value", "3.00"])
        #expect(formatted.stdout == "3,00\n")
        for (locale, value, other) in [
            ("de", ".9", "in en_US it reads as 0.9"), ("en", ",9", "in de_DE it reads as 0.9"),
        ] {
            let run = try CLI.run(["number", "--locale", locale, "--lenient", "--value", value])
            #expect(run.status == 1)
            #expect(run.stderr.contains("a grouping separator must stand between digits"), "\(run.stderr)")
            #expect(run.stderr.contains(other))
        }
    }
}
