import Foundation
import Testing

/// Usage and configuration errors: exit status 2 with a message that says what and where.
@Suite struct ConfigurationErrorTests {
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
