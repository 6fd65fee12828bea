import Foundation
import Testing

/// Regression tests for issue 21 ("Hardening"): each reproduction of the issue, run through
/// the binary, ends with a verdict or a configuration error, never a crash or a blow-up.
@Suite struct Issue21HardeningTests {
    // MARK: 1. Unknown locale keywords

    @Test(arguments: [
        ["number", "--locale", "en-u-nu-foo"],
        ["number", "--locale", "en-u-nu"],
        ["number", "--locale", "en@numbers=foo"],
        ["number", "--to", "en-u-nu-foo"],
        ["text", "--preset", "number-pad", "--locale", "en-u-nu-foo"],
        ["date", "--locale", "en-u-nu-foo"],
        ["locale", "en-u-nu-foo"],
    ])
    func unknownNumberingSystemIsAConfigurationError(args: [String]) throws {
        let run = try CLI.run(args, input: "1\n")
        #expect(run.status == 2)
        #expect(run.stderr.contains("numbering system"))
        #expect(["(keyword nu)", "keyword (nu)", "(keyword numbers)"].contains { run.stderr.contains($0) })
        #expect(run.stderr.contains("latn, "))
        #expect(!run.stderr.contains("year field"))
        #expect(run.stdout.isEmpty)
    }

    /// A record past the highest limit is not told to raise the limit it is already at.
    @Test func aRecordPastTheHighestLimitSaysSo() throws {
        var line = Data(repeating: 0x61, count: (64 << 20) + 10)
        line.append(0x0A)
        let run = try CLI.run(["text", "--max-record-bytes", "67108864", "--quiet", "--summary"], stdin: line)
        #expect(run.status == 1)
        let highest = try CLI.run(["text", "--max-record-bytes", "67108864"], stdin: line)
        #expect(highest.stderr.contains("it was not checked (64 MiB is the most --max-record-bytes allows)"))
        let lower = try CLI.run(["text", "--max-record-bytes", "100"], stdin: line)
        #expect(lower.stderr.contains("(raise --max-record-bytes up to 64 MiB to check it)"))
    }

    @Test func unknownNumberingSystemNamesTheValueWritten() throws {
        let run = try CLI.run(["number", "--locale", "en-u-nu-foo"], input: "1\n")
        #expect(run.stderr.contains("locale 'en-u-nu-foo': unknown numbering system 'foo' (keyword nu)"))
        let bare = try CLI.run(["number", "--locale", "en-u-nu"], input: "1\n")
        #expect(bare.stderr.contains("the numbering system keyword (nu) has no value"))
    }

    @Test func unknownNumberingSystemInTheEnvironmentOrACSVColumn() throws {
        let environment = try CLI.run(["number"], input: "1\n", environment: ["LC_ALL": "en-u-nu-foo"])
        #expect(environment.status == 2)
        #expect(environment.stderr.contains("LC_ALL=en-u-nu-foo"))
        #expect(environment.stderr.contains("unknown numbering system 'foo'"))
        let csv = try CLI.run(["csv", "--column", "a=number:en-u-nu-foo"], input: "a\n1\n")
        #expect(csv.status == 2)
        #expect(csv.stderr.contains("unknown numbering system 'foo'"))
    }

    @Test(arguments: ["en@numbers=roman", "ja-u-nu-jpan", "zh-u-nu-finance"])
    func numberingSystemWithoutDigitsIsRefused(locale: String) throws {
        let run = try CLI.run(["number", "--locale", locale], input: "1\n")
        #expect(run.status == 2)
        #expect(run.stderr.contains("not with ten decimal digits"))
        #expect(!run.stdout.contains("0000000000"))
    }

    @Test(arguments: ["en-u-ca-foo", "en@calendar=foo", "en-u-ca"])
    func unknownCalendarKeywordIsRefused(locale: String) throws {
        for command in ["number", "date"] {
            let run = try CLI.run([command, "--locale", locale], input: "1\n")
            #expect(run.status == 2)
            #expect(run.stderr.contains("calendar"))
            #expect(run.stderr.contains("buddhist"))
        }
    }

    @Test(arguments: [
        (["number", "--locale", "en-u-cu-foo"], "unknown currency 'foo' (keyword cu)"),
        (["number", "--to", "en-u-cu-foo"], "unknown currency 'foo' (keyword cu)"),
        (["date", "--locale", "en-u-cu-foo"], "unknown currency 'foo' (keyword cu)"),
        (["locale", "en-u-cu-foo"], "unknown currency 'foo' (keyword cu)"),
        (["number", "--locale", "en@currency=foo"], "unknown currency 'foo' (keyword currency)"),
        (
            ["number", "--locale", "en-u-cu-euro"],
            "unknown currency 'euro' (keyword cu); a currency is an ISO 4217 code ICU knows (did you mean EUR?)"
        ),
        (["number", "--locale", "en-u-cu"], "the currency keyword (cu) has no value"),
        (["csv", "--column", "a=number:en-u-cu-foo"], "unknown currency 'foo' (keyword cu)"),
    ])
    func unknownCurrencyKeywordIsRefused(args: [String], message: String) throws {
        let run = try CLI.run(args, input: "a\n1\n")
        #expect(run.status == 2)
        #expect(run.stderr.contains("locale '"))
        #expect(run.stderr.contains(message))
        #expect(run.stdout.isEmpty)
    }

    @Test func unknownCurrencyKeywordInTheEnvironmentIsRefused() throws {
        let run = try CLI.run(["number"], input: "1\n", environment: ["LC_ALL": "en-u-cu-foo"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("LC_ALL=en-u-cu-foo: locale 'en-u-cu-foo': unknown currency 'foo' (keyword cu)"))
    }

    @Test(arguments: ["en-u-cu-eur", "en@currency=EUR", "de-CH-u-cu-chf", "en-u-cu-dem"])
    func knownCurrencyKeywordsStillWork(locale: String) throws {
        let run = try CLI.run(["number", "--locale", locale, "--to", locale], input: "1\n")
        #expect(run.status == 0)
        #expect(run.stdout == "1\n")
    }

    @Test func knownKeywordsStillWork() throws {
        let run = try CLI.run(["number", "--locale", "ar-EG-u-nu-latn"], input: "1\n")
        #expect(run.status == 0)
        let thai = try CLI.run(["number", "--locale", "th-u-nu-thai"], input: "๑๒\n")
        #expect(thai.stdout == "12\n")
        let buddhist = try CLI.run(
            ["date", "--locale", "th-u-ca-buddhist", "--pattern", "d/M/y"], input: "13/4/2569\n")
        #expect(buddhist.stdout == "2026-04-13\n")
    }

    // MARK: 2. Exponent amplification

    @Test(arguments: [
        ["--to", "de_DE"], ["--fraction-digits", "2"], ["--to-style", "decimal"], ["--to-style", "percent"],
        ["--to-style", "integer"],
    ])
    func formattingAHugeExponentIsRefused(options: [String]) throws {
        let run = try CLI.run(["number"] + options + ["--json"], input: "1E99999999\n1E999999999\n")
        #expect(run.status == 1)
        #expect(run.stdoutBytes.count < 10_000)
        #expect(run.objects.count == 2)
        for object in run.objects {
            #expect(object.errorCodes == ["out_of_range"])
            #expect(object.firstError?["offset"] is NSNull)
            #expect((object.firstError?["message"] as? String)?.contains("more than the 1000") == true)
        }
        let file = CLI.temporaryFile("exponents")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("1E99999999\n1E999999999\n".utf8).write(to: file)
        let memory = try CLI.peakMemory(["number"] + options + [file.path])
        #expect(memory.status == 1)
        #expect(memory.peakKiB < 100_000)
    }

    @Test func formattingStaysExactWithinTheBound() throws {
        let run = try CLI.run(["number", "--to", "de_DE"], input: "1E999\n1E-999\n1E-2000\n")
        #expect(run.status == 1)
        #expect(run.lines.count == 2)
        #expect(run.lines[0].hasPrefix("1.000.000.000"))
        #expect(run.lines[1].hasSuffix("0001"))
        #expect(run.stderr.contains("formatted, 1E-2000 would have 2001 digits"))
        let scientific = try CLI.run(["number", "--to-style", "scientific"], input: "1E99999999\n")
        #expect(scientific.status == 0)
        #expect(scientific.stdout == "1E+99999999\n")
        let canonical = try CLI.run(["number"], input: "1E99999999\n1E-99999999\n")
        #expect(canonical.stdout == "1E+99999999\n1E-99999999\n")
    }

    // MARK: 3. Huge length limits

    @Test func aHugeMinimumLengthIsDescribedNotSpelledOut() throws {
        let run = try CLI.run(["text", "--min-length", "9223372036854775807"], input: "ab\n")
        #expect(run.status == 1)
        #expect(
            run.stderr.contains(
                "at least 9223372036854775807 required; expected text of at least 9223372036854775807 characters, "
                    + "like 'abcdefghij…' [too_short]"))
        #expect(run.stderr.count < 500)
        let short = try CLI.run(["text", "--min-length", "64", "--allow", "ab"], input: "a\n")
        #expect(short.stderr.contains("expected text like '\(String(repeating: "ab", count: 32))'"))
    }

    @Test func aHugeSchemaMinLengthIsDescribedNotSpelledOut() throws {
        let schema = CLI.temporaryFile("schema.yaml")
        defer { try? FileManager.default.removeItem(at: schema) }
        try Data(
            "fields:\n  - name: a\n    type: string\n    constraints:\n      minLength: 9223372036854775807\n".utf8
        ).write(to: schema)
        let run = try CLI.run(["csv", "--schema", schema.path], input: "a\nab\n")
        #expect(run.status == 1)
        #expect(run.stderr.contains("expected text of at least 9223372036854775807 characters"))
    }

    // MARK: 5. Regular expressions with a time limit

    @Test func aBacktrackingPatternTimesOutAndTheRunGoesOn() throws {
        let started = Date()
        let input = String(repeating: "a", count: 30) + "b\naaa\nab\n"
        let run = try CLI.run(["text", "--pattern", "(a+)+$", "--json"], input: input)
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(run.status == 1)
        let objects = run.objects
        #expect(objects.count == 3)
        #expect(objects.first?.errorCodes == ["pattern_timeout"])
        #expect(objects.first?.firstError?["offset"] is NSNull)
        #expect((objects.first?.firstError?["message"] as? String)?.contains("took too long on this value") == true)
        #expect(objects.dropFirst().first?["valid"] as? Bool == true)
        #expect(objects.last?.errorCodes == ["pattern_mismatch"])
        let quiet = try CLI.run(["text", "--pattern", "(a+)+$", "--quiet", "--summary"], input: input)
        #expect(quiet.status == 1)
    }

    @Test func aBacktrackingSchemaPatternTimesOut() throws {
        let schema = CLI.temporaryFile("schema.yaml")
        defer { try? FileManager.default.removeItem(at: schema) }
        try Data(
            "fields:\n  - name: a\n    type: string\n    constraints:\n      pattern: \"(a+)+$\"\n".utf8
        ).write(to: schema)
        let run = try CLI.run(
            ["csv", "--schema", schema.path], input: "a\n" + String(repeating: "a", count: 30) + "b\naaa\n")
        #expect(run.status == 1)
        #expect(run.stderr.contains("[pattern_timeout]"))
        #expect(!run.stderr.contains("line 3"))
    }

    // MARK: 8. The rules hold under --lenient

    @Test func lenientReadingKeepsTheRules() throws {
        let run = try CLI.run(
            ["number", "--lenient", "--no-exponent", "--integer", "--max-fraction-digits", "2", "--json"],
            input: "1e5\n1.5\n1.23456\n12\n")
        #expect(run.status == 1)
        let codes = run.objects.map(\.errorCodes)
        #expect(
            codes == [
                ["exponent_not_allowed"], ["fraction_not_allowed"],
                ["fraction_not_allowed", "too_many_fraction_digits"],
                [],
            ])
        #expect(run.objects.map { $0.firstError?["offset"] as? Int } == [1, 1, 1, nil])
        let german = try CLI.run(
            ["number", "--lenient", "--locale", "de_DE", "--max-fraction-digits", "2", "--no-exponent"],
            input: "1,5\n1.234,567\n1,5e3\n")
        #expect(german.stdout == "1.5\n")
        #expect(german.stderr.contains("'1.234,567': character '7' (U+0037 DIGIT SEVEN) at column 9"))
        #expect(german.stderr.contains("[exponent_not_allowed]"))
    }

    @Test func lenientReadingTakesLongValues() throws {
        let long = String(repeating: "1", count: 600) + "." + String(repeating: "5", count: 600)
        let run = try CLI.run(["number", "--lenient"], input: long + "\n")
        #expect(run.status == 0)
        #expect(run.stdout == long + "\n")
    }

    // MARK: 6. Normalization that expands without bound

    @Test func normalizationThatExpandsTooMuchIsRefused() throws {
        let file = CLI.temporaryFile("ligatures")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data((String(repeating: "\u{FDFA}", count: 2_000_000) + "\n１２３\n").utf8).write(to: file)
        let run = try CLI.run(["number", "--normalize", "nfkc", "--json", file.path])
        #expect(run.status == 1)
        #expect(run.objects.map(\.errorCodes) == [["normalization_too_long"], []])
        #expect(run.objects.last?["value"] as? String == "123")
        let memory = try CLI.peakMemory(["number", "--normalize", "nfkc", file.path])
        #expect(memory.status == 1)
        #expect(memory.peakKiB < 150_000)
        // A short value may still expand as NFKC says.
        let short = try CLI.run(["text", "--normalize", "nfkc"], input: "\u{FDFA}\n")
        #expect(short.status == 0)
        #expect(short.stdout.unicodeScalars.count == 19)
    }

    @Test func strippingMillionsOfCharactersListsAHundred() throws {
        // 3 million removed characters made 3 million diagnostics (15 million took 11 GB).
        let file = CLI.temporaryFile("strip")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data((String(repeating: "a1", count: 3_000_000) + "\n").utf8).write(to: file)
        let memory = try CLI.peakMemory(["text", "--strip", "--allow", "[a]", "--json", file.path])
        #expect(memory.status == 0)
        #expect(memory.peakKiB < 100_000)
        let run = try CLI.run(
            ["text", "--strip", "--allow", "[a]", "--json"], input: String(repeating: "a1", count: 150) + "\n")
        #expect(run.status == 0)
        let removed = try #require(run.objects.first?["removed"] as? [[String: Any]])
        #expect(removed.count == 101)
        #expect(removed[99]["offset"] as? Int == 199)
        #expect(removed[100]["offset"] as? Int == 201)
        #expect(removed[100]["length"] as? Int == 99)
        #expect(
            (removed[100]["message"] as? String)?.contains("removed 50 more characters from column 202 to column 300")
                == true)
        #expect(run.objects.first?["value"] as? String == String(repeating: "a", count: 150))
    }
}

/// A plain number written as currency takes the target locale's currency, its keyword
/// included; a value read as currency keeps its own.
@Suite struct CurrencyOutputTests {
    @Test(arguments: [
        (["number", "--to", "en-u-cu-eur", "--to-style", "currency"], "1234.5", "€1,234.50"),
        (["number", "--to", "de_DE", "--to-style", "currency"], "1234.5", "1.234,50\u{A0}€"),
        (
            ["number", "--locale", "de_DE", "--style", "currency", "--to", "en_US", "--to-style", "currency"],
            "1.234,50\u{A0}€", "€1,234.50"
        ),
        (["number", "--locale", "en_US", "--to-style", "currency"], "1234.5", "$1,234.50"),
    ])
    func currencyOfTheOutput(arguments: [String], input: String, output: String) throws {
        let run = try CLI.run(arguments, input: input + "\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == output + "\n")
    }
}

/// Issue 29, 9: the run's budget for patterns that time out.
@Suite struct PatternBudgetTests {
    /// 60 values that make (a+)+$ backtrack cost a few seconds, not 60 time-outs: past the
    /// budget they are pattern_budget_exhausted; a value the pattern decides quickly is still
    /// accepted or pattern_mismatch, and every row is accounted for.
    @Test func timeOutsShareOneBudgetAndTheRunGoesOn() throws {
        let input = String(repeating: String(repeating: "a", count: 30) + "b\n", count: 60) + "aaa\nab\n"
        let run = try CLI.run(["text", "--pattern", "(a+)+$", "--json"], input: input)
        #expect(run.status == 1)
        let codes = run.objects.map { ($0["errors"] as? [[String: Any]])?.first?["code"] as? String ?? "valid" }
        #expect(codes.count == 62)
        let timedOut = codes.filter { $0 == "pattern_timeout" }.count
        #expect(timedOut >= 1 && timedOut <= 34)
        #expect(codes[..<timedOut].allSatisfy { $0 == "pattern_timeout" })
        #expect(codes[timedOut..<60].allSatisfy { $0 == "pattern_budget_exhausted" })
        #expect(codes.suffix(2) == ["valid", "pattern_mismatch"])
        let first = try #require(run.objects[timedOut]["errors"] as? [[String: Any]]).first
        #expect(first?["offset"] is NSNull)
        #expect(
            (first?["message"] as? String)?.contains(
                "the run's budget for patterns that take too long (100 million steps") == true)
        // The same in a CSV column, with the rows rejected and counted.
        let schema = CLI.temporaryFile("schema.yaml")
        defer { try? FileManager.default.removeItem(at: schema) }
        try Data("fields:\n  - {name: a, constraints: {pattern: \"(a+)+$\"}}\n".utf8).write(to: schema)
        let csv = try CLI.run(["csv", "--schema", schema.path, "--summary"], input: "a\n" + input)
        #expect(csv.status == 1)
        #expect(csv.stdout == "a\naaa\n")
        #expect(csv.stderr.contains("[pattern_budget_exhausted]"))
        #expect(csv.stderr.contains("62 rows read, 1 accepted, 61 rejected"))
    }
}
