import Foundation
import Testing

/// `--redact` (text, number, date, csv): diagnostics and JSON keep codes, offsets, lengths and
/// character categories, and nothing of the value.
@Suite struct RedactTests {
    /// Values whose every distinctive piece must stay out of stderr and JSON.
    static let secrets = ["Zq9#Wv", "4711-xK", "31.02.2026", "QX77"]

    static func assertNothingLeaks(_ text: String) {
        for secret in secrets { #expect(!text.contains(secret), "\(secret) in: \(text)") }
        for fragment in ["'Z'", "'q'", "'#'", "'x'", "'K'", "U+005A", "U+0071", "U+0023", "LATIN", "DIGIT"] {
            #expect(!text.contains(fragment), "\(fragment) in: \(text)")
        }
    }

    @Test func textDiagnosticsNameOnlyTheCategory() throws {
        let run = try CLI.run(
            ["text", "--preset", "number-pad", "--max-length", "3", "--redact"], input: "Zq9#Wv\n4711-xK\n42\n")
        #expect(run.status == 1)
        #expect(run.lines == ["42"])
        Self.assertNothingLeaks(run.stderr)
        #expect(run.stderr.contains("line 1: disallowed character at column 1 (an uppercase letter)"))
        #expect(run.stderr.contains("line 1: disallowed character at column 4 (a punctuation mark)"))
        #expect(run.stderr.contains("[too_long]"))
        #expect(run.stderr.contains("expected text like '123'"))
    }

    /// A byte is counted from 0 when redacted too, as the unredacted message and JSON count
    /// it (it said "at byte 7" of the byte at offset 6).
    @Test func aRedactedByteOffsetCountsFromZero() throws {
        let run = try CLI.run(["text", "--redact"], stdin: Data("abcdef".utf8) + Data([0xFF, 0x0A]))
        #expect(run.status == 1)
        #expect(run.stderr.contains("not valid UTF-8 at byte offset 6 (a byte that is not UTF-8)"), "\(run.stderr)")
    }

    @Test func jsonKeepsCodesOffsetsAndCategories() throws {
        let run = try CLI.run(["number", "--locale", "de_DE", "--redact", "--json"], input: "4711-xK\n1.234,5\n")
        #expect(run.status == 1)
        Self.assertNothingLeaks(run.stdout)
        let objects = run.objects
        #expect(objects.count == 2)
        #expect(objects[0]["input"] is NSNull)
        #expect(objects[1]["value"] is NSNull)
        #expect(objects[1]["valid"] as? Bool == true)
        let error = try #require(objects[0].firstError)
        #expect(error["code"] as? String != nil)
        #expect(error["offset"] as? Int != nil)
        #expect(error["character"] is NSNull)
        #expect(error["category"] as? String != nil)
    }

    @Test func datesAndTheSummary() throws {
        let run = try CLI.run(
            ["date", "--pattern", "dd.MM.yyyy", "--redact", "--summary"], input: "31.02.2026\n13.04.2026\n")
        #expect(run.status == 1)
        #expect(run.lines == ["2026-04-13"])
        Self.assertNothingLeaks(run.stderr)
        #expect(run.stderr.contains("[field_out_of_range]"))
        #expect(run.stderr.contains("2 values read, 1 accepted, 1 rejected"))
    }

    @Test func csvCellsEnumsAndRepeats() throws {
        let schema = CLI.temporaryFile("redact.yaml")
        try Data(
            """
            fields:
              - name: code
                constraints: {unique: true, pattern: "[A-Z]{2}[0-9]{2}"}
              - name: kind
                constraints: {enum: [a, b]}
            """.utf8
        ).write(to: schema)
        let input = "code,kind\nQX77,a\nQX77,b\nZq9#Wv,a\nDE01,4711-xK\n"
        for json in [false, true] {
            let run = try CLI.run(
                ["csv", "--schema", schema.path, "--redact"] + (json ? ["--json"] : []), input: input)
            #expect(run.status == 1)
            Self.assertNothingLeaks(json ? run.stdout : run.stderr)
            let text = json ? run.stdout : run.stderr
            #expect(text.contains("not_unique"))
            #expect(text.contains("pattern_mismatch"))
            #expect(text.contains("not_in_enum"))
            // A cell's finding keeps its column's example, as a line command's does (it was
            // dropped); a repeat or an enum miss has none to give.
            let lines = text.split(separator: "\n")
            let pattern = lines.filter { $0.contains("pattern_mismatch") }
            #expect(pattern.count == 1 && pattern.allSatisfy { $0.contains("expected text like 'AB12'") }, "\(text)")
            #expect(lines.filter { $0.contains("expected") }.count == 1, "\(text)")
        }
        // The rows themselves still go where rows go: --redact is about diagnostics.
        let kept = try CLI.run(["csv", "--schema", schema.path, "--redact", "--on-invalid", "keep"], input: input)
        #expect(kept.stdout == input)
    }
}
