import Foundation
import Testing

/// Issue 21, item 9: nothing from input reaches a terminal as a control character — file
/// names, header names, cells quoted in messages (not_in_enum, not_unique), values in compare
/// and infer, JSON.
@Suite struct TerminalEscapeTests {
    /// An OSC 52 clipboard write, a screen clear, a bell, an 8-bit CSI and a bidi override.
    static let hostile = "a\u{1B}]52;c;aGk=\u{07}\u{1B}[2J\u{9B}31m\u{202E}z"

    static func assertClean(_ text: String, _ what: String) {
        let bad = text.unicodeScalars.filter {
            ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value)
        }
        #expect(bad.isEmpty, "\(what) carries \(bad.map { String($0.value, radix: 16) }): \(text.debugDescription)")
    }

    /// Printable ASCII is recognized eight bytes at a time: a control character or DEL at any
    /// place in a word, in the value and in a file name, is still escaped.
    @Test func aControlCharacterAnywhereInALongASCIIValueIsEscaped() throws {
        let controls = (0x01...0x1F).filter { $0 != 0x0A && $0 != 0x0D } + [0x7F]
        var input = ""
        for (index, control) in controls.enumerated() {
            let place = index % 17
            input +=
                String(repeating: "a", count: place) + String(UnicodeScalar(UInt8(control)))
                + String(repeating: "b", count: 20 - place) + "\n"
        }
        let run = try CLI.run(["text", "--allow", "ab"], input: input)
        #expect(run.status == 1)
        Self.assertClean(run.stderr, "stderr")
        for control in controls {
            #expect(run.stderr.contains("\\u{\(String(control, radix: 16, uppercase: true))}"), "\(control)")
        }
        let named = try CLI.run(["number", "missing-abcdefgh\u{7F}ijklmnop\u{1B}qrstuvw.txt"], input: "")
        #expect(named.status == 3)
        Self.assertClean(named.stderr, "stderr")
        #expect(named.stderr.contains("abcdefgh\\u{7F}ijklmnop\\u{1B}qrstuvw"), "\(named.stderr)")
    }

    @Test func fileNamesAreEscaped() throws {
        let run = try CLI.run(["number", "missing-\(Self.hostile).txt"], input: "")
        #expect(run.status == 3)
        Self.assertClean(run.stderr, "stderr")
        #expect(run.stderr.contains("\\u{1B}]52;"))
    }

    @Test func headerNamesAreEscaped() throws {
        let header = "\"\(Self.hostile)\",b\n1,2\n"
        let missing = try CLI.run(["csv", "--column", "price=number"], input: header)
        #expect(missing.status == 2)
        Self.assertClean(missing.stderr, "stderr")
        let summary = try CLI.run(["csv", "--column", "b=integer", "--summary"], input: header + "x,y\n")
        Self.assertClean(summary.stderr, "stderr")
    }

    @Test func cellsInEnumAndUniqueMessagesAreEscaped() throws {
        let schema = CLI.temporaryFile("escape.yaml")
        try Data(
            "fields:\n  - {name: a, constraints: {unique: true, enum: [x]}}\n  - {name: b, constraints: {unique: true}}\n"
                .utf8
        )
        .write(to: schema)
        let input = "a,b\n\"\(Self.hostile)\",\"\(Self.hostile)\"\nx,\"\(Self.hostile)\"\n"
        for extra in [[], ["--color", "always"], ["--json"], ["--summary"]] {
            let run = try CLI.run(["csv", "--schema", schema.path] + extra, input: input)
            #expect(run.status == 1)
            if extra == ["--color", "always"] {
                // Colour codes are fieldcheck's own; strip them and nothing else may remain.
                let plain = run.stderr.replacingOccurrences(
                    of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
                Self.assertClean(plain, "stderr \(extra)")
            } else {
                Self.assertClean(run.stderr, "stderr \(extra)")
            }
            if extra == ["--json"] { Self.assertClean(run.stdout, "JSON") }
            #expect(run.stderr.contains("not_in_enum") || run.stdout.contains("not_in_enum"))
            #expect(run.stderr.contains("not_unique") || run.stdout.contains("not_unique"))
        }
    }

    @Test func valuesInLineCommandsCompareAndInferAreEscaped() throws {
        let value = "1\(Self.hostile)"
        for args in [
            ["number"], ["text", "--max-length", "2"], ["date"], ["compare"], ["infer"], ["number", "--json"],
        ] {
            let run = try CLI.run(args, input: value + "\n" + value + "\n")
            Self.assertClean(run.stderr, "\(args) stderr")
            Self.assertClean(run.stdout, "\(args) stdout")
        }
    }

    /// `--json` strings escape exactly what RFC 8259 requires (`"`, `\`, controls) and what a
    /// terminal would act on (DEL, C1 controls, the line and paragraph separators, bidi
    /// embeddings, overrides and isolates), and read back as the value: in a line command's
    /// record and in a csv problem's record, beside characters that stay as they are.
    @Test func jsonStringsEscapeWhatATerminalActsOnAndReadBack() throws {
        let value =
            "q\"b\\s\u{1}t\tn\u{7F}\u{85}\u{9F}\u{A0}é\u{2027}\u{2028}\u{2029}\u{202E}\u{202F}\u{2066}\u{2069}\u{206A}😀\u{1F}"
        let escaped =
            #"q\"b\\s\u0001t\tn\u007f\u0085\u009f\#u{A0}é\#u{2027}\u2028\u2029\u202e\#u{202F}\u2066\u2069\#u{206A}😀\u001f"#
        let line = try CLI.run(["text", "--max-length", "2", "--json"], input: value + "\n")
        #expect(line.stdout.contains("\"input\":\"\(escaped)\""), "\(line.stdout)")
        #expect(line.objects.first?["input"] as? String == value)
        let csv = try CLI.run(
            ["csv", "--column", "a=integer", "--json"],
            input: "a\n\"\(value.replacingOccurrences(of: "\"", with: "\"\""))\"\n")
        #expect(csv.stdout.contains("\"input\":\"\(escaped)\""), "\(csv.stdout)")
        #expect(csv.objects.first?["input"] as? String == value)
    }

    /// JSON strings are scanned eight bytes at a time: a character to escape is found at every
    /// place of a long value, with plain ASCII before and after it.
    @Test func aCharacterToEscapeAnywhereInALongJSONStringIsEscaped() throws {
        let specials: [(String, String)] = [
            ("\"", #"\""#), ("\\", #"\\"#), ("\u{1}", #"\u0001"#), ("\u{7F}", #"\u007f"#), ("\u{85}", #"\u0085"#),
            ("\u{2028}", #"\u2028"#), ("é", "é"),
        ]
        var values: [String] = []
        for (special, _) in specials {
            for place in 0..<17 {
                values.append(
                    String(repeating: "a", count: place) + special + String(repeating: "b", count: 24 - place))
            }
        }
        let run = try CLI.run(["text", "--max-length", "2", "--json"], input: values.joined(separator: "\n") + "\n")
        #expect(run.status == 1)
        #expect(run.objects.map { $0["input"] as? String } == values)
        for (index, line) in run.lines.enumerated() {
            let (special, escaped) = specials[index / 17]
            let place = index % 17
            let expected = String(repeating: "a", count: place) + escaped + String(repeating: "b", count: 24 - place)
            #expect(
                line.contains("\"input\":\"\(expected)\""),
                "\(special.unicodeScalars.first!.value) at \(place): \(line)")
        }
    }

    /// A short string is checked as one word (its ends overlapping, or padded): a character to
    /// escape is found at every place of every length up to 17 bytes, and a plain one is
    /// copied whole.
    @Test func aCharacterToEscapeAnywhereInAShortJSONStringIsEscaped() throws {
        let specials: [(String, String)] = [
            ("\"", #"\""#), ("\\", #"\\"#), ("\u{1}", #"\u0001"#), ("\u{85}", #"\u0085"#),
        ]
        var values: [String] = []
        var expected: [String] = []
        for length in 1...17 {
            values.append(String(repeating: "a", count: length))
            expected.append(values.last!)
            for (special, escaped) in specials {
                for place in 0..<length {
                    let after = String(repeating: "b", count: length - place - 1)
                    values.append(String(repeating: "a", count: place) + special + after)
                    expected.append(String(repeating: "a", count: place) + escaped + after)
                }
            }
        }
        let run = try CLI.run(["text", "--json"], input: values.joined(separator: "\n") + "\n")
        #expect(run.status == 0)
        #expect(run.objects.map { $0["input"] as? String } == values)
        #expect(run.objects.map { $0["value"] as? String } == values)
        for (line, escaped) in zip(run.lines, expected) {
            #expect(line.contains("\"input\":\"\(escaped)\",\"valid\":true,\"value\":\"\(escaped)\""), "\(line)")
        }
    }
}
