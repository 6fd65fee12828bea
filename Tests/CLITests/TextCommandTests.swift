import Foundation
import Testing

/// The three text fields of the classic iOS constrained-field demo, and the text command's
/// options, run through the real binary.
@Suite struct TextCommandTests {
    struct Case: Sendable, CustomStringConvertible {
        var args: [String]
        var input: String
        var accepted: Bool
        var code: String?
        var description: String { "\(args.joined(separator: " ")) <- \(input)" }
    }

    static let demoFields: [Case] = [
        // Vowels only, at most 6.
        Case(args: ["--allow", "aeiouAEIOU", "--max-length", "6"], input: "aeio", accepted: true),
        Case(args: ["--allow", "aeiouAEIOU", "--max-length", "6"], input: "aeiouA", accepted: true),
        Case(
            args: ["--allow", "aeiouAEIOU", "--max-length", "6"], input: "aeiouAE", accepted: false, code: "too_long"),
        Case(
            args: ["--allow", "aeiouAEIOU", "--max-length", "6"], input: "aeb", accepted: false,
            code: "disallowed_character"),
        // Anything but vowels, at most 8.
        Case(args: ["--deny", "aeiouAEIOU", "--max-length", "8"], input: "xyz", accepted: true),
        Case(args: ["--deny", "aeiouAEIOU", "--max-length", "8"], input: "bcdfghjk", accepted: true),
        Case(
            args: ["--deny", "aeiouAEIOU", "--max-length", "8"], input: "bcdfghjkl", accepted: false, code: "too_long"),
        Case(
            args: ["--deny", "aeiouAEIOU", "--max-length", "8"], input: "bca", accepted: false,
            code: "disallowed_character"),
        // Digits only, at most 3.
        Case(args: ["--preset", "number-pad", "--max-length", "3"], input: "12", accepted: true),
        Case(args: ["--preset", "number-pad", "--max-length", "3"], input: "123", accepted: true),
        Case(args: ["--preset", "number-pad", "--max-length", "3"], input: "1234", accepted: false, code: "too_long"),
        Case(
            args: ["--preset", "number-pad", "--max-length", "3"], input: "1a", accepted: false,
            code: "disallowed_character"),
    ]

    @Test(arguments: demoFields)
    func demoField(_ field: Case) throws {
        let run = try CLI.run(["text"] + field.args, input: field.input + "\n")
        if field.accepted {
            #expect(run.status == 0)
            #expect(run.stdout == field.input + "\n")
            #expect(run.stderr.isEmpty)
        } else {
            #expect(run.status == 1)
            #expect(run.stdout.isEmpty)
            #expect(run.stderr.contains("[\(field.code!)]"))
            #expect(run.stderr.contains("line 1: '\(field.input)'"))
        }
    }

    @Test func vowelsFieldReportsWhatWhereAndWhichInJSON() throws {
        let run = try CLI.run(
            ["text", "--allow", "aeiouAEIOU", "--max-length", "6", "--json"], input: "aeiou\naeioux\nAEIOUAE\n")
        #expect(run.status == 1)
        let objects = run.objects
        try #require(objects.count == 3)
        #expect(objects[0]["valid"] as? Bool == true)
        #expect(objects[0]["value"] as? String == "aeiou")
        let x = try #require(objects[1].firstError)
        #expect(x["code"] as? String == "disallowed_character")
        #expect(x["offset"] as? Int == 5)
        #expect(x["character"] as? String == "x")
        #expect(x["codepoint"] as? String == "U+0078")
        #expect(x["name"] as? String == "LATIN SMALL LETTER X")
        #expect((x["message"] as? String)?.contains("expected text like") == true)
        #expect(objects[2].errorCodes == ["too_long"])
        #expect(objects[2].firstError?["offset"] as? Int == 6)
        #expect(objects[2]["line"] as? Int == 3)
        #expect(run.stderr.isEmpty, "--json carries the diagnostics; stderr stays quiet")
    }

    @Test(arguments: [("graphemes", 1), ("scalars", 2), ("utf16", 4), ("bytes", 8)])
    func thumbsUpWithSkinToneCountsPerUnit(unit: String, length: Int) throws {
        let atLimit = try CLI.run(["text", "--count", unit, "--max-length", "\(length)"], input: "👍🏽\n")
        #expect(atLimit.status == 0)
        let under = try CLI.run(["text", "--count", unit, "--max-length", "\(length - 1)"], input: "👍🏽\n")
        #expect(under.status == 1)
        #expect(under.stderr.contains("[too_long]"))
    }

    @Test func combiningAccentIsOneCharacter() throws {
        let run = try CLI.run(["text", "--max-length", "1"], input: "e\u{301}\n")
        #expect(run.status == 0)
        #expect(run.stdout == "e\u{301}\n")
    }

    @Test func turkishUpperCaseDottedI() throws {
        let run = try CLI.run(["text", "--case", "upper", "--locale", "tr_TR"], input: "istanbul\n")
        #expect(run.stdout == "İSTANBUL\n")
        let english = try CLI.run(["text", "--case", "upper", "--locale", "en_US"], input: "istanbul\n")
        #expect(english.stdout == "ISTANBUL\n")
    }

    /// A finding after a stage that rewrote characters names the input's character at its
    /// offset: `straße` upper-cased is `STRASSE`, too long at its `E`, which is `e` at input
    /// offset 5 (JSON said "offset":5,"character":"E").
    @Test func aFindingAfterCaseMappingNamesTheInputsCharacter() throws {
        let run = try CLI.run(
            ["text", "--locale", "de_DE", "--case", "upper", "--max-length", "6", "--json"], input: "straße\n")
        #expect(run.status == 1)
        let error = try #require((run.objects.first?["errors"] as? [[String: Any]])?.first)
        #expect(error["code"] as? String == "too_long")
        #expect(error["offset"] as? Int == 5)
        #expect(error["character"] as? String == "e")
        #expect(error["length"] as? Int == 1)
        let pattern = try CLI.run(["text", "--case", "upper", "--pattern", "[A-Z]+", "--json"], input: "abç1\n")
        let mismatch = try #require((pattern.objects.first?["errors"] as? [[String: Any]])?.first)
        #expect(mismatch["code"] as? String == "pattern_mismatch")
        #expect(mismatch["character"] as? String == "ç")
    }

    @Test func nfkcTurnsFullWidthDigitsIntoASCII() throws {
        let run = try CLI.run(["text", "--normalize", "nfkc", "--allow", "[0-9]"], input: "１２３\n")
        #expect(run.status == 0)
        #expect(run.stdout == "123\n")
        let without = try CLI.run(["text", "--allow", "[0-9]"], input: "１２３\n")
        #expect(without.status == 1)
    }

    @Test func invalidUTF8IsRejectedWithByteOffsetAndNextLinesGoOn() throws {
        var input = Data("ab".utf8)
        input.append(0xFF)
        input.append(contentsOf: Array("cd\nok\n".utf8))
        let run = try CLI.run(["text", "--json"], stdin: input)
        #expect(run.status == 1)
        let objects = run.objects
        try #require(objects.count == 2)
        #expect(objects[0].errorCodes == ["invalid_utf8"])
        #expect(objects[0].firstError?["offset"] as? Int == 2)
        #expect(objects[0].firstError?["byte"] as? String == "0xFF")
        #expect(objects[1]["valid"] as? Bool == true)
        #expect(objects[1]["value"] as? String == "ok")
    }

    @Test func nulInsideALineIsRejectedAndTheNextLineIsKept() throws {
        let run = try CLI.run(["text"], stdin: Data("a\0b\nok\n".utf8))
        #expect(run.status == 1)
        #expect(run.stdout == "ok\n")
        #expect(run.stderr.contains("[nul_character]"))
        #expect(run.stderr.contains("column 2"))
    }

    @Test func nullDataReadsAndWritesNULRecords() throws {
        let run = try CLI.run(["text", "-z", "--max-length", "3"], stdin: Data("ab\0abcd\0x\ny\0".utf8))
        #expect(run.status == 1)
        #expect(run.stdoutBytes == Data("ab\0x\ny\0".utf8))
        #expect(run.stderr.contains("record 2"))
    }

    @Test func crlfLineEndingsLeaveNoCarriageReturnInValues() throws {
        let run = try CLI.run(["text", "--max-length", "2", "--json"], input: "ab\r\ncd\r\n")
        #expect(run.status == 0)
        #expect(run.objects.map { $0["value"] as? String } == ["ab", "cd"])
    }

    @Test func emptyInputIsSuccessWithNoOutput() throws {
        let run = try CLI.run(["text", "--max-length", "3"], input: "")
        #expect(run.status == 0)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.isEmpty)
    }

    @Test func lastLineWithoutNewlineIsStillRead() throws {
        let run = try CLI.run(["text"], input: "a\nb")
        #expect(run.stdout == "a\nb\n")
    }

    @Test func hundredMegabyteLineIsRejectedInBoundedMemory() throws {
        let file = CLI.temporaryFile("big.txt")
        defer { try? FileManager.default.removeItem(at: file) }
        // Written in chunks so that the test process itself stays small (see CLI.peakMemory).
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        let chunk = Data(repeating: UInt8(ascii: "a"), count: 1_000_000)
        for _ in 0..<100 { try handle.write(contentsOf: chunk) }
        try handle.write(contentsOf: Data("\nok\n".utf8))
        try handle.close()
        let rejects = CLI.temporaryFile("rejects.txt")
        defer { try? FileManager.default.removeItem(at: rejects) }
        let run = try CLI.run(["text", "--max-length", "10", file.path, "--rejects", rejects.path])
        #expect(run.status == 1)
        #expect(run.stdout == "ok\n")
        #expect(run.stderr.contains("[record_too_long]"))
        // Nothing lost: the rejects file holds the whole line.
        let attributes = try FileManager.default.attributesOfItem(atPath: rejects.path)
        #expect((attributes[.size] as? NSNumber)?.intValue == 100_000_001)
        // Memory stays bounded by the record limit (8 MiB), far below the line's 100 MB.
        let measured = try CLI.peakMemory(["text", "--max-length", "10", file.path])
        #expect(measured.status == 1)
        #expect(measured.peakKiB < 80_000, "peak RSS was \(measured.peakKiB) KiB")
    }

    @Test func stripRemovesAndReportsCharacters() throws {
        let run = try CLI.run(["text", "--preset", "number-pad", "--strip", "--json"], input: "1a2\u{200B}3\n")
        #expect(run.status == 0)
        let object = try #require(run.objects.first)
        #expect(object["value"] as? String == "123")
        let removed = try #require(object["removed"] as? [[String: Any]])
        #expect(removed.map { $0["offset"] as? Int } == [1, 3])
        #expect(removed.last?["codepoint"] as? String == "U+200B")
        #expect((removed.last?["message"] as? String)?.contains("invisible U+200B ZERO WIDTH SPACE") == true)
    }

    @Test func offsetsPointIntoTheRawInputAfterTrimming() throws {
        let run = try CLI.run(["text", "--trim", "--allow", "[a-z]", "--json"], input: "  abC\n")
        #expect(run.objects.first?.firstError?["offset"] as? Int == 4)
    }

    @Test func patternMustMatchTheWholeValueAndNamesTheCulprit() throws {
        let run = try CLI.run(["text", "--pattern", "[A-Z]{2}[0-9]{2}", "--json"], input: "AB12\nAB1x\nAB1\nAB123\n")
        let objects = run.objects
        try #require(objects.count == 4)
        #expect(objects[0]["valid"] as? Bool == true)
        #expect(objects[1].firstError?["offset"] as? Int == 3)
        #expect(objects[2].firstError?["offset"] as? Int == 3)
        #expect((objects[2].firstError?["message"] as? String)?.contains("ends before") == true)
        #expect(objects[3].firstError?["offset"] as? Int == 4)
    }

    /// A mismatch names an example of a value the pattern (and the other rules) accept, and the
    /// example is accepted when it is given back.
    @Test func patternMismatchGivesAnExampleThatMatches() throws {
        let cases: [([String], String)] = [
            (["--pattern", "[A-Z]{2}[0-9]{4}"], "AB1234"), (["--pattern", "\\d{3}-\\d{4}"], "123-4567"),
            (["--pattern", "\\p{Lu}{2}"], "AB"),
            (["--pattern", "[a-z0-9]+", "--deny", "abc", "--max-length", "3"], "def"),
            // Case-insensitive: an example of the rest of the pattern (there was none).
            (["--pattern", "(?i)hello"], "hello"), (["--pattern", "(?i)[A-Z]{2}-\\d{2}"], "AB-12"),
            // Letters beyond ASCII, which the automaton does not read: sketched (there was none).
            (["--pattern", "café"], "café"), (["--pattern", "[äöü]+"], "ä"),
            (["--pattern", "(?:Straße|Weg) \\d+"], "Straße 1"), (["--pattern", "[α-ω]{3,}"], "ααα"),
            (["--pattern", "[äöü]+", "--min-length", "4"], "äääää"),
            // Digits beyond ASCII that `\d` matches: the preset's own (there was none).
            (["--preset", "number-pad", "--locale", "ar_EG", "--pattern", "\\d{2}"], "٠١"),
            (["--allow", "абвгд", "--pattern", "\\p{Ll}{3}"], "абв"),
        ]
        for (rules, example) in cases {
            let run = try CLI.run(["text"] + rules + ["--json"], input: "!\n")
            #expect(run.status == 1)
            let message = try #require(run.objects.first?.firstError?["message"] as? String)
            #expect(message.hasSuffix("; expected text like '\(example)'"), "\(rules): \(message)")
            let back = try CLI.run(["text"] + rules, input: example + "\n")
            #expect(back.status == 0 && back.stdout == example + "\n", "\(rules): \(back.stderr)")
        }
        // Every letter and digit denied: punctuation (it said no character was allowed).
        let denied = try CLI.run(["text", "--deny", "[[:L:][:N:]]"], input: "a\n-_.+*\n")
        #expect(denied.stderr.contains("expected text like '-_.+*' [disallowed_character]"), "\(denied.stderr)")
        #expect(denied.stdout == "-_.+*\n")
        // No example is invented when none can be found: the message says what to match.
        let none = try CLI.run(["text", "--pattern", "\\p{Lu}{2}[0-9]{4}", "--max-length", "3"], input: "AB12345\n")
        #expect(none.stderr.contains("expected text that matches the pattern '\\p{Lu}{2}[0-9]{4}' [too_long]"))
    }

    /// Rules no value can pass are a configuration error (exit 2, nothing read), saying which
    /// rules exclude each other; they rejected every value with exit 1, and a prompt of them
    /// could never finish. Rules some value passes run as before.
    @Test func rulesNoValueCanPassAreAConfigurationError() throws {
        let refused: [([String], String)] = [
            (
                ["--allow", "abc", "--pattern", "[0-9]+"],
                "the pattern '[0-9]+' matches no text made of the characters the field allows (--allow abc)"
            ),
            (
                ["--preset", "number-pad", "--pattern", "[a-z]+"],
                "made of the characters the field allows (--preset number-pad)"
            ),
            (["--deny", "abc", "--pattern", "[a-c]+"], "made of the characters the field allows (--deny abc)"),
            (["--allow", "abc", "--pattern", "\\d{2}"], "the pattern '\\d{2}' matches no text made of"),
            (
                ["--max-length", "3", "--pattern", "[A-Z]{2}[0-9]{4}"],
                "matches no text of at most 3 characters (--max-length 3)"
            ),
            (
                ["--min-length", "4", "--pattern", "[a-z]{1,3}"],
                "matches no text of at least 4 characters (--min-length 4)"
            ),
            (
                ["--count", "bytes", "--min-length", "2", "--max-length", "3", "--pattern", "(ab){2}x"],
                "of 2 to 3 bytes (--min-length 2, --max-length 3)"
            ),
            (
                ["--allow", "abc", "--max-length", "2", "--pattern", "[a-c]{3}|[0-9]"],
                "of at most 2 characters (--max-length 2) made of the characters the field allows (--allow abc)"
            ),
        ]
        for (rules, reason) in refused {
            let run = try CLI.run(["text"] + rules, input: "abc\n")
            #expect(run.status == 2, "\(rules)")
            #expect(run.stdout.isEmpty)
            #expect(run.stderr.hasPrefix("fieldcheck: no value can pass these rules: "), "\(run.stderr)")
            #expect(run.stderr.contains(reason), "\(rules): \(run.stderr)")
        }
        // Some value passes: a pattern that matches beyond ASCII beside characters beyond it,
        // a case mapping before the pattern, three code points that are two characters.
        let running: [([String], String, Int32)] = [
            (["--deny", "abc", "--pattern", ".+"], "def\n", 0),
            (["--allow", "abc", "--case", "upper", "--pattern", "[A-C]+"], "cab\n", 0),
            (["--pattern", "[a-z]{3}"], "abc\n", 0), (["--max-length", "2", "--pattern", ".{3}"], "e\u{301}x\n", 0),
        ]
        for (rules, input, status) in running {
            let run = try CLI.run(["text"] + rules, input: input)
            #expect(run.status == status, "\(rules): \(run.stderr)")
            #expect(!run.stderr.contains("no value can pass"))
        }
        // The prompt, which could never finish, and `as string` refuse such rules alike.
        let prompt = try CLI.run(
            ["prompt", "text", "--no-tty", "--allow", "abc", "--pattern", "[0-9]+"], input: "ab\n")
        #expect(prompt.status == 2 && prompt.stderr.contains("no value can pass these rules"), "\(prompt.stderr)")
        let rule = try CLI.run(["as", "string", "--rule", "allow=abc", "--rule", "pattern=[0-9]+"], input: "ab\n")
        #expect(rule.status == 2, "\(rule.stderr)")
        #expect(
            rule.stderr.contains("matches no text made of the characters the field allows (--allow abc)"),
            "\(rule.stderr)")
    }

    @Test func arabicNumberPadMeansArabicIndicDigits() throws {
        let run = try CLI.run(["text", "--preset", "number-pad", "--locale", "ar_EG"], input: "١٢٣\n123\n")
        #expect(run.stdout == "١٢٣\n")
        #expect(run.status == 1)
    }

    @Test func lettersPresetUsesTheLocaleAlphabet() throws {
        let run = try CLI.run(["text", "--preset", "letters", "--locale", "ru_RU"], input: "Привет\nHello\n")
        #expect(run.stdout == "Привет\n")
    }

    @Test func setPatternsAndLiteralLists() throws {
        let run = try CLI.run(["text", "--allow", "[[:L:]-[aeiou]]"], input: "bcd\nabc\n")
        #expect(run.stdout == "bcd\n")
        let cyrillic = try CLI.run(["text", "--allow", "\\p{Script=Cyrillic}"], input: "мир\nmир\n")
        #expect(cyrillic.stdout == "мир\n")
    }

    @Test func minLength() throws {
        let run = try CLI.run(["text", "--min-length", "2", "--json"], input: "a\nab\n\n")
        #expect(run.objects.map(\.errorCodes) == [["too_short"], [], ["too_short"]])
    }

    @Test func onInvalidPolicies() throws {
        let input = "ok\nbad!\nfine\n"
        let args = ["text", "--allow", "[a-z]"]
        #expect(try CLI.run(args, input: input).stdout == "ok\nfine\n")
        #expect(try CLI.run(args + ["--on-invalid", "keep"], input: input).stdout == input)
        #expect(try CLI.run(args + ["--on-invalid", "blank"], input: input).stdout == "ok\n\nfine\n")
        let abort = try CLI.run(args + ["--on-invalid", "abort"], input: input)
        #expect(abort.stdout == "ok\n")
        #expect(abort.status == 1)
    }

    @Test func rejectsFileReceivesRawRejectedValues() throws {
        let rejects = CLI.temporaryFile("rejects")
        defer { try? FileManager.default.removeItem(at: rejects) }
        let run = try CLI.run(["text", "--allow", "[a-z]", "--rejects", rejects.path], input: "ok\nBAD\nfine\nNO!\n")
        #expect(run.stdout == "ok\nfine\n")
        #expect(try String(contentsOf: rejects, encoding: .utf8) == "BAD\nNO!\n")
    }

    @Test func checkQuietAndSummary() throws {
        let check = try CLI.run(["text", "--allow", "[a-z]", "--check"], input: "ok\nBAD\n")
        #expect(check.stdout.isEmpty)
        #expect(check.status == 1)
        #expect(check.stderr.contains("[disallowed_character]"))
        let quiet = try CLI.run(["text", "--allow", "[a-z]", "--quiet", "--summary"], input: "ok\nBAD\nCC\n")
        #expect(quiet.stdout == "ok\n")
        #expect(
            quiet.stderr == "fieldcheck: summary: 3 values read, 1 accepted, 2 rejected (disallowed_character: 2)\n")
    }

    @Test func colorAlwaysDrawsACaret() throws {
        let run = try CLI.run(["text", "--allow", "[a-z]", "--color", "always"], input: "abXd\n")
        #expect(run.stderr.contains("\u{1B}["))
        #expect(run.stderr.contains("\n    abXd\n      \u{1B}[32m^"))
        let never = try CLI.run(["text", "--allow", "[a-z]", "--color", "never"], input: "abXd\n")
        #expect(!never.stderr.contains("\u{1B}["))
    }

    /// The caret stands under the character found as a terminal draws the line: after wide
    /// characters two cells each, and under an invisible one as the line shows it escaped (no
    /// caret was drawn for it).
    @Test func theCaretCountsTerminalCells() throws {
        let wide = try CLI.run(["text", "--allow", "[漢字a-z]", "--color", "always"], input: "漢字X\n")
        #expect(wide.stderr.contains("\n    漢字X\n        \u{1B}[32m^\u{1B}[0m\n"), "\(wide.stderr)")
        let emoji = try CLI.run(["text", "--allow", "[a-z]", "--color", "always"], input: "ab😀\n")
        #expect(emoji.stderr.contains("\n    ab😀\n      \u{1B}[32m^^\u{1B}[0m\n"), "\(emoji.stderr)")
        let invisible = try CLI.run(["text", "--allow", "[0-9]", "--color", "always"], input: "12\u{200B}3\n")
        #expect(
            invisible.stderr.contains("\n    12\\u{200B}3\n      \u{1B}[32m^^^^^^^^\u{1B}[0m\n"), "\(invisible.stderr)"
        )
    }

    @Test func filesAreReadInOrderAndNamedInDiagnostics() throws {
        let first = CLI.temporaryFile("a.txt")
        let second = CLI.temporaryFile("b.txt")
        defer { for file in [first, second] { try? FileManager.default.removeItem(at: file) } }
        try Data("one\n".utf8).write(to: first)
        try Data("TWO\n".utf8).write(to: second)
        let run = try CLI.run(["text", "--allow", "[a-z]", first.path, second.path])
        #expect(run.stdout == "one\n")
        #expect(run.stderr.contains("\(second.path): line 1:"))
    }

    @Test func missingFileIsAnIOError() throws {
        let run = try CLI.run(["text", "/nonexistent/file"])
        #expect(run.status == 3)
        #expect(run.stderr.contains("/nonexistent/file"))
    }

    @Test func closedStdoutEndsQuietly() throws {
        let run = try CLI.shell("yes abc | head -n 2000000 | \"$FIELDCHECK\" text | head -1")
        #expect(run.stdout.hasPrefix("abc\n"))
        #expect(run.stderr.isEmpty)
    }

    /// A reader gone away ends the run quietly, with 1 when a value read by then was rejected
    /// (it was 0, and a pipeline under `set -o pipefail` passed with rejected values), on
    /// stdout or stderr, with one thread or two, for a line command and for csv.
    @Test(arguments: [
        ("(echo x; seq 1 300000)", "number 2>/dev/null", "head -1", 1),
        ("(echo x; seq 1 300000)", "number --jobs 2 2>/dev/null", "head -1", 1),
        ("seq 1 300000", "number", "head -1", 0),
        ("yes 1,234.5 | head -n 100000", "number --locale de_DE 2>&1 >/dev/null", "head -c 10", 1),
        ("(echo a; echo x; seq 1 300000)", "csv --column a=integer 2>/dev/null", "head -1", 1),
    ])
    func aBrokenPipeAfterARejectionIsStatusOne(input: String, command: String, reader: String, status: Int32) throws {
        let file = CLI.temporaryFile("status")
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try CLI.shell(
            "\(input) | { \"$FIELDCHECK\" \(command); echo $? > '\(file.path)'; } | \(reader) > /dev/null")
        #expect(run.stderr.isEmpty)
        let written = try String(contentsOf: file, encoding: .utf8)
        #expect(Int32(written.trimmingCharacters(in: .whitespacesAndNewlines)) == status, "\(written)")
    }
}
