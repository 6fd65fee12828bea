import Foundation
import Testing

/// Usage and configuration errors: exit status 2 with a message that says what and where.
@Suite struct ConfigurationErrorTests {
    /// A directory given as a schema is called one (it was "cannot read it, or it is more
    /// than the 4194304-byte limit"), and a length too large for any count says the range.
    @Test func aDirectoryOrAnEnormousLengthIsSaidPlainly() throws {
        let directory = try CLI.run(["csv", "--schema", NSTemporaryDirectory()], input: "")
        #expect(directory.status == 2)
        #expect(directory.stderr.contains(": is a directory, not a file"), "\(directory.stderr)")
        let schema = CLI.temporaryFile("huge.yaml")
        defer { try? FileManager.default.removeItem(at: schema) }
        try Data(
            "fields:\n  - {name: a, type: string, constraints: {minLength: 99999999999999999999999}}\n".utf8
        ).write(to: schema)
        let huge = try CLI.run(["csv", "--schema", schema.path], input: "a\nx\n")
        #expect(huge.status == 2)
        #expect(huge.stderr.contains("minLength: expected a whole number from 0 to 9223372036854775807"))
    }

    /// Rules that leave no value to accept are a usage error, as --min above --max is (it
    /// rejected every value, exit 1, with an example the rules refuse).
    @Test func noNegativeWithANegativeMaximumIsRefused() throws {
        let run = try CLI.run(["number", "--no-negative", "--max", "-1"], input: "5\n")
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("fieldcheck: --no-negative and --max -1 leave no value to accept\n"))
        let zero = try CLI.run(["number", "--no-negative", "--max", "0"], input: "0\n")
        #expect(zero.status == 0 && zero.stdout == "0\n")
    }

    /// A bound past the exponents fieldcheck reads is refused, on the line and in a schema
    /// (`minimum: 1e999999999999` ran, rejecting every value with "expected a number like
    /// 1E+999999999999", which the field itself refuses); one at the edge still runs.
    @Test func aBoundPastTheReadableExponentsIsRefused() throws {
        let line = try CLI.run(["number", "--max", "1e-1000000000"], input: "5\n")
        #expect(line.status == 2 && line.stdout.isEmpty)
        #expect(line.stderr.contains("--max 1E-1000000000 is beyond the numbers fieldcheck reads"), "\(line.stderr)")
        let schema = try CLI.run(
            ["as", "integer", "--rule", "minimum=1e999999999999"], input: "5\n")
        #expect(schema.status == 2, "\(schema.stderr)")
        let edge = try CLI.run(["number", "--max", "1e999999999"], input: "5\n")
        #expect(edge.status == 0 && edge.stdout == "5\n", "\(edge.stderr)")
    }

    /// Bounds closer together than the fraction digits allowed leave no value either (every
    /// value was rejected, with an example outside the bounds); a pair with one value between
    /// them, at the edge, still runs.
    @Test(arguments: [
        (["--min", "0.001", "--max", "0.002", "--max-fraction-digits", "2"], "written with at most 2 fraction digits"),
        (["--integer", "--min", "0.5", "--max", "0.7"], "a whole number"),
        (["--integer", "--min", "-0.7", "--max", "-0.5"], "a whole number"),
        (["--min", "0.991", "--max", "0.999", "--max-fraction-digits", "2"], "written with at most 2 fraction digits"),
        // A percent's digits are the hundredfold value's: 0.1 % to 0.9 % has no whole percent.
        (["--style", "percent", "--max-fraction-digits", "0", "--min", "0.001", "--max", "0.009"], "a whole number"),
    ])
    func boundsWithNoValueOfTheAllowedDigitsAreRefused(rules: [String], reason: String) throws {
        let run = try CLI.run(["number"] + rules, input: "1\n")
        #expect(run.status == 2)
        #expect(run.stderr.contains("leave no value: none between them is \(reason)"), "\(run.stderr)")
    }

    @Test func boundsWithOneValueOfTheAllowedDigitsRun() throws {
        let run = try CLI.run(
            ["number", "--min", "0.991", "--max", "1", "--max-fraction-digits", "2"], input: "1\n0.995\n")
        #expect(run.status == 1)
        #expect(run.stdout == "1\n")
        let integer = try CLI.run(["number", "--integer", "--min", "-0.7", "--max", "0.5"], input: "0\n")
        #expect(integer.status == 0 && integer.stdout == "0\n")
    }

    @Test func unknownLocaleNamesNearestKnownIds() throws {
        let run = try CLI.run(["text", "--locale", "de_XX"], input: "a\n")
        #expect(run.status == 2)
        #expect(run.stderr.contains("unknown locale 'de_XX'"))
        #expect(run.stderr.contains("de_DE"))
        #expect(run.stdout.isEmpty)
    }

    @Test func malformedSetSaysWhere() throws {
        let run = try CLI.run(["text", "--allow", "[a-"], input: "a\n")
        #expect(run.status == 2)
        #expect(run.stderr.contains("--allow '[a-'"))
        #expect(run.stderr.contains("column"))
    }

    @Test func malformedRegexSaysWhere() throws {
        let run = try CLI.run(["text", "--pattern", "("], input: "a\n")
        #expect(run.status == 2)
        #expect(run.stderr.contains("malformed regular expression '('"))
        #expect(run.stderr.contains("column"))
    }

    @Test func unknownOptionIsStatusTwo() throws {
        let run = try CLI.run(["text", "--no-such-option"], input: "")
        #expect(run.status == 2)
        #expect(run.stderr.contains("--no-such-option"))
    }

    @Test func badEnvironmentLocaleIsReported() throws {
        let run = try CLI.run(["text", "--case", "upper"], input: "a\n", environment: ["LANG": "xx_YY.UTF-8"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("LANG=xx_YY.UTF-8"))
    }

    @Test func helpIsStatusZero() throws {
        let run = try CLI.run(["text", "--help"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("--max-length"))
    }
}
