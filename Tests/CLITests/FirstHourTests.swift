import Foundation
import Testing

/// Issue 19, "First hour with fieldcheck": values, options and names as people type them.
@Suite struct FirstHourTests {
    // MARK: Values as arguments

    @Test func valuesGivenAsArgumentsAreCheckedInOrder() throws {
        let run = try CLI.run(
            ["number", "--locale", "de_DE", "--value", "1.234,56", "--value", "12a", "--value", "-5"], input: "")
        #expect(run.status == 1)
        #expect(run.lines == ["1234.56", "-5"])
        #expect(run.stderr.contains("value 2: '12a': unexpected character 'a'"))
        let json = try CLI.run(["number", "--value", "7", "--json"], input: "")
        #expect(json.objects.first?["line"] as? Int == 1)
        #expect(json.objects.first?["value"] as? String == "7")
    }

    @Test func valuesAndFilesTogetherAreAUsageError() throws {
        let run = try CLI.run(["text", "--value", "a", "file.txt"], input: "")
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("fieldcheck: give values with --value or files to read, not both"))
        let broken = try CLI.run(["text", "--value", "a\nb"], input: "")
        #expect(broken.status == 2)
        let nul = try CLI.run(["text", "-z", "--value", "a\nb"], input: "")
        #expect(nul.status == 0)
        #expect(nul.stdoutBytes == Data("a\nb\u{0}".utf8))
    }

    @Test func valuesWithJobsKeepTheirOrder() throws {
        let values = (1...500).flatMap { ["--value", $0 % 7 == 0 ? "x\($0)" : String($0)] }
        let run = try CLI.run(["number", "--jobs", "2"] + values, input: "")
        #expect(run.status == 1)
        #expect(run.lines == (1...500).filter { $0 % 7 != 0 }.map(String.init))
    }

    // MARK: Options as people type them

    @Test func negativeBoundsNeedNoEqualsSign() throws {
        let run = try CLI.run(["number", "--min", "-5", "--max", "-1", "--value", "-5", "--value", "0"], input: "")
        #expect(run.status == 1)
        #expect(run.lines == ["-5"])
        #expect(run.stderr.contains("0 is greater than the maximum -1"))
    }

    @Test func inputOutputWithFormattingIsAUsageError() throws {
        for args in [
            ["number", "--output", "input", "--to", "de_DE"], ["date", "--output", "input", "--to", "en_US"],
        ] {
            let run = try CLI.run(args + ["--value", "1"], input: "")
            #expect(run.status == 2)
            #expect(run.stderr.contains("--output input prints values unchanged"))
        }
    }

    @Test func rejectsToStandardOutputIsRefused() throws {
        for args in [["number", "--rejects", "-", "--value", "x"], ["csv", "--column", "a=number", "--rejects", "-"]] {
            let run = try CLI.run(args, input: "a\n1\n")
            #expect(run.status == 2)
            #expect(run.stderr.contains("--rejects - would mix rejected values"))
            #expect(!FileManager.default.fileExists(atPath: "-"))
        }
    }

    @Test func strptimeFormatsForDates() throws {
        let run = try CLI.run(
            ["date", "--format", "%d.%m.%Y", "--value", "31.12.2025", "--value", "32.01.2025"], input: "")
        #expect(run.status == 1)
        #expect(run.lines == ["2025-12-31"])
        #expect(run.stderr.contains("day 32"))
        let asPattern = try CLI.run(["date", "--pattern", "%d.%m.%Y", "--value", "1"], input: "")
        #expect(asPattern.status == 2)
        #expect(asPattern.stderr.contains("give it with --format, or as the UTS #35 pattern --pattern 'dd.MM.yyyy'"))
        let time = try CLI.run(["date", "--format", "%H:%M", "--value", "1"], input: "")
        #expect(time.status == 2)
        #expect(time.stderr.contains("'%H' in '%H:%M' is not a date directive"))
    }

    @Test func formattedDatesKeepTheCenturyUnlessAsked() throws {
        let plain = try CLI.run(
            ["date", "--pattern", "yyyy-MM-dd", "--to", "en_US", "--value", "2026-04-13"], input: "")
        #expect(plain.lines == ["4/13/2026"])
        let short = try CLI.run(["date", "--locale", "de_DE", "--to", "en_US", "--value", "13.04.26"], input: "")
        #expect(short.lines == ["4/13/2026"])
        let asked = try CLI.run(
            ["date", "--pattern", "yyyy-MM-dd", "--to", "en_US", "--to-style", "short", "--value", "2026-04-13"],
            input: "")
        #expect(asked.lines == ["4/13/26"])
    }

    // MARK: Messages

    @Test func oneDigitFollowsIt() throws {
        let run = try CLI.run(["number", "--locale", "de_DE", "--value", "1.2,34", "--value", "1.23,4"], input: "")
        #expect(run.stderr.contains("1 digit follows it;"))
        #expect(run.stderr.contains("2 digits follow it;"))
    }

    @Test func thePresetValuesAreListedOnceAndTheirExamplesLookTyped() throws {
        let help = try CLI.run(["text", "--help"], input: "").stdout
        #expect(help.components(separatedBy: "numbers-and-punctuation").count == 2)
        let email = try CLI.run(["text", "--preset", "email-address", "--value", "a b"], input: "")
        #expect(email.stderr.contains("expected text like 'name@example.com'"))
        let short = try CLI.run(
            ["text", "--preset", "email-address", "--max-length", "4", "--value", "a b"], input: "")
        #expect(!short.stderr.contains("example.com"))
    }

    // MARK: Errors

    @Test func everyErrorHasTheSamePrefix() throws {
        for args in [["number", "--bogus"], ["number", "--jobs", "0"], ["txt"], ["number", "--locale", "xx_YY"]] {
            let run = try CLI.run(args, input: "1\n")
            #expect(run.status == 2)
            #expect(run.stderr.hasPrefix("fieldcheck: "), "\(args): \(run.stderr)")
        }
    }

    @Test func aMistypedCommandIsNamed() throws {
        let run = try CLI.run(["txt", "--value", "a"], input: "")
        #expect(run.status == 2)
        #expect(run.stderr.contains("unknown command 'txt' (did you mean 'text'?)"))
        #expect(
            run.stderr.contains("the commands are text, number, date, country, currency, language, timezone, as, csv"))
        let far = try CLI.run(["frobnicate"], input: "")
        #expect(far.status == 2)
        #expect(!far.stderr.contains("did you mean"))
    }

    // MARK: Locale names

    @Test(arguments: [
        ("en_US.UTF-8", "en_US"), ("de_DE.UTF-8@euro", "de_DE@currency=EUR"), ("de_DE@euro", "de_DE@currency=EUR"),
        ("sr_RS@latin", "sr_Latn_RS"), ("ca_ES.UTF-8@valencia", "ca_ES_VALENCIA"),
    ])
    func posixLocaleNamesAreAcceptedAsLANGIs(name: String, id: String) throws {
        let run = try CLI.run(["locale", name], input: "")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("locale:               \(id) "))
        let environment = try CLI.run(["locale"], input: "", environment: ["LC_ALL": name])
        #expect(environment.stdout.hasPrefix("locale:               \(id) "))
    }

    @Test func aUnknownPOSIXModifierIsNamed() throws {
        let run = try CLI.run(["number", "--locale", "de_DE@foo", "--value", "1"], input: "")
        #expect(run.status == 2)
        #expect(run.stderr.contains("the POSIX modifier '@foo'"))
    }

    @Test(arguments: ["german", "Deutsch", "GERMAN"])
    func aLanguageNameListsThatLanguagesLocales(name: String) throws {
        let run = try CLI.run(["number", "--locale", name, "--value", "1"], input: "")
        #expect(run.status == 2)
        #expect(run.stderr.contains("that is the name of a language (German, Deutsch), not a locale id"))
        #expect(run.stderr.contains("de, de_AT, de_BE, de_CH, de_DE"))
        #expect(run.stderr.contains("for example de_DE"))
        #expect(!run.stderr.contains("ar_AE"))
    }

    @Test func aLanguageNameInItsOwnScript() throws {
        let run = try CLI.run(["date", "--locale", "français", "--value", "1"], input: "")
        #expect(run.status == 2)
        #expect(run.stderr.contains("(French, français)"))
        #expect(run.stderr.contains("for example fr_FR"))
    }

    // MARK: Currency

    @Test(arguments: [("EURO", "did you mean EUR?"), ("XYZ", "such as EUR"), ("E1", "such as EUR")])
    func anUnknownCurrencyCodeIsAConfigurationError(code: String, hint: String) throws {
        let run = try CLI.run(
            ["number", "--style", "currency", "--currency", code, "--locale", "de_DE", "--value", "1,00 €"], input: "")
        #expect(run.status == 2)
        #expect(run.stderr.contains("unknown currency '\(code)': not an ISO 4217 code ICU knows (\(hint)"))
    }

    @Test func aWrongSymbolIsBlamedNotTheSpaceBeforeIt() throws {
        let run = try CLI.run(["number", "--style", "currency", "--locale", "de_DE", "--json"], input: "1.234,56 $\n")
        #expect(run.status == 1)
        let error = try #require(run.objects.first?.firstError)
        #expect(error["character"] as? String == "$")
        #expect(error["offset"] as? Int == 9)
        #expect((error["message"] as? String)?.contains("not the currency symbol of this field") == true)
        #expect((error["message"] as? String)?.contains("'€'") == true)
    }

    @Test func yenVariantsReadWithAWarning() throws {
        let run = try CLI.run(
            ["number", "--style", "currency", "--locale", "ja_JP", "--json"], input: "￥1,235\n¥1,235\n1,235円\n1,235$\n")
        #expect(run.status == 1)
        let objects = run.objects
        #expect(objects.prefix(3).map { $0["value"] as? String } == ["1235", "1235", "1235"])
        let warnings = objects.prefix(3).map { ($0["warnings"] as? [[String: Any]])?.first?["code"] as? String }
        #expect(warnings == [nil, "currency_symbol_variant", "currency_symbol_variant"])
        #expect(objects[3]["valid"] as? Bool == false)
    }

    // MARK: CSV and the man page

    /// A header without rows is a table of no rows; an empty file has no header to find the
    /// schema's columns in, as a blank header line has none (exit 2, as Frictionless calls an
    /// empty source an error; it passed with "0 rows read").
    @Test func aHeaderOnlyCSVHasNoRowsAndAnEmptyOneNoColumns() throws {
        for input in ["a\n", "a"] {
            let run = try CLI.run(["csv", "--column", "a=number", "--summary"], input: input)
            #expect(run.status == 0, "\(input.debugDescription): \(run.stderr)")
            #expect(run.stderr.contains("0 rows read"))
        }
        let empty = try CLI.run(["csv", "--column", "a=number", "--summary"], input: "")
        #expect(empty.status == 2)
        #expect(
            empty.stderr == "fieldcheck: stdin is empty: it has no header, so the schema's columns (a) are not found\n")
        let headless = try CLI.run(["csv", "--no-header", "--column", "1=number"], input: "")
        #expect(headless.status == 0)
        let wrongHeader = try CLI.run(["csv", "--column", "a=number"], input: "b\n")
        #expect(wrongHeader.status == 2)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/groff"), "needs groff"))
    func theManPageRendersWithoutWarnings() throws {
        let page = ManPageTests.root.appendingPathComponent("man/fieldcheck.1").path
        for device in ["", "-Tutf8"] {
            let run = try CLI.shell("groff -man -ww -z \(device) '\(page)' 2>&1")
            #expect(run.stdout.isEmpty, "\(device): \(run.stdout)")
        }
        let terminal = try CLI.shell("groff -k -man -Tutf8 '\(page)' 2>/dev/null")
        #expect(terminal.stdout.contains("апреля"))
        #expect(terminal.stdout.contains("１２３"))
    }
}

/// Issue 33, 1: a value typed where a file is read (`fieldcheck number 1,5`) is an I/O error
/// still (no file of that name), and the message shows the `--value` form that checks it.
@Suite struct ValueGivenAsFileTests {
    @Test(arguments: [
        (
            ["number", "--locale", "de_DE", "1,5"],
            "it is no file, but it reads as a valid value: to check the value itself, give it with --value '1,5'"
        ),
        (["number", "1,5"], "if it is a value and not a file, give it with --value '1,5'"),
        (["date", "13.04.2026"], "if it is a value and not a file, give it with --value '13.04.2026'"),
        (["number", "--jobs", "2", "1,5"], "if it is a value and not a file, give it with --value '1,5'"),
    ])
    func theMessageNamesTheValueForm(_ args: [String], _ hint: String) throws {
        let run = try CLI.run(args)
        #expect(run.status == 3)
        #expect(run.stderr.contains("\(args.last!): No such file or directory; \(hint)"), "\(run.stderr)")
        let fixed = try CLI.run(Array(args.dropLast()) + ["--value", args.last!])
        #expect(fixed.status != 3)
    }

    @Test func aMissingFileWithAnExtensionIsOnlyMissing() throws {
        let run = try CLI.run(["text", "data.txt"])
        #expect(run.status == 3)
        #expect(run.stderr == "fieldcheck: data.txt: No such file or directory\n")
    }
}
