import Foundation
import Testing

/// `fieldcheck compare` through the real binary (issue 16): which locales read a value, as
/// what, and a warning and exit status 1 where they disagree.
@Suite struct CompareCommandTests {
    @Test func aNumberTheLocalesDisagreeOn() throws {
        let run = try CLI.run(["compare", "--locales", "de_DE,en_US,fr_FR", "1.234"])
        #expect(run.status == 1)
        #expect(run.stderr.isEmpty)
        #expect(run.lines.first == "'1.234' as a number:")
        func row(_ value: String) -> [String] {
            run.lines.filter { $0.hasPrefix("  \(value) ") }.map { $0.split(separator: " ").map(String.init) }
                .first ?? []
        }
        #expect(row("1234") == ["1234", "de_DE"])
        #expect(row("1.234") == ["1.234", "en_US"])
        #expect(run.stdout.contains("fr_FR"))
        #expect(
            run.stdout.contains("warning: the locales disagree on what '1.234' means: 1234 in de_DE; 1.234 in en_US"))
    }

    @Test func aDateReadAsDayFirstAndMonthFirst() throws {
        let run = try CLI.run(["compare", "--locales", "en_GB,en_US,de_DE", "--json", "03/04/2025"])
        #expect(run.status == 1)
        let object = try #require(run.objects.first)
        #expect(object["type"] as? String == "date")
        #expect(object["ambiguous"] as? Bool == true)
        #expect(object["meanings"] as? [String] == ["2025-04-03", "2025-03-04"])
        let readings = try #require(object["readings"] as? [[String: Any]])
        #expect(readings.count == 3)
        #expect(readings[0]["locales"] as? [String] == ["en_GB"])
        #expect(readings[1]["locales"] as? [String] == ["en_US"])
        #expect(readings[2]["valid"] as? Bool == false)
        #expect(readings[2]["locales"] as? [String] == ["de_DE"])
    }

    @Test func oneMeaningEverywhereExitsZero() throws {
        let run = try CLI.run(["compare", "--locales", "de_DE,en_US,fr_FR,en_IN", "--json", "--", "1234", "-5"])
        #expect(run.status == 0)
        #expect(run.objects.count == 2)
        #expect(run.objects.allSatisfy { $0["ambiguous"] as? Bool == false && $0["readable"] as? Bool == true })
        // Long style names are read too.
        let french = try CLI.run(["compare", "--locales", "fr_FR,en_US", "--type", "date", "13 avril 2026"])
        #expect(french.status == 0)
        #expect(french.stdout.contains("2026-04-13"))
    }

    /// A line that is not UTF-8 is skipped, saying which byte and where, as the line commands
    /// say it (it said only "not valid UTF-8").
    @Test func aLineNotUTF8NamesItsByte() throws {
        let run = try CLI.run(
            ["compare", "--locales", "de_DE"], stdin: Data([0x31, 0x0A, 0x61, 0x62, 0xFF, 0x63, 0x0A]))
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "fieldcheck: line 2: not valid UTF-8: byte 0xFF at byte offset 2 is not part of a well-formed UTF-8 "
                + "sequence; skipped; the input must be UTF-8 text [invalid_utf8]\n")
    }

    @Test func valuesFromStdinAndFiles() throws {
        let file = CLI.temporaryFile("values")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("2,5\n".utf8).write(to: file)
        let run = try CLI.run(
            ["compare", "--locales", "de_DE,en_US", "--json", "--input", file.path, "--input", "-"],
            input: "1,234\r\nabc\n")
        #expect(run.status == 1)
        #expect(run.objects.map { $0["input"] as? String } == ["2,5", "1,234", "abc"])
        #expect(run.objects[2]["readable"] as? Bool == false)
        let stdin = try CLI.run(["compare", "--locales", "de_DE"], input: "1,5\n")
        #expect(stdin.status == 0)
        #expect(stdin.stdout == "'1,5' as a number:\n  1.5  de_DE\n")
    }

    @Test func configurationErrors() throws {
        #expect(try CLI.run(["compare", "--locales", "xx_YY", "1"]).status == 2)
        #expect(try CLI.run(["compare", "--all", "--locales", "de_DE", "1"]).status == 2)
        #expect(try CLI.run(["compare", "--type", "time", "1"]).status == 2)
    }

    @Test func everyLocaleGroupsIntoFewRows() throws {
        let run = try CLI.run(["compare", "--all", "1.234"])
        #expect(run.status == 1)
        #expect(run.lines.count < 10)
        #expect(run.stdout.contains("more"))
        let json = try CLI.run(["compare", "--all", "--json", "1.234"])
        let readings = try #require(json.objects.first?["readings"] as? [[String: Any]])
        let named = readings.flatMap { $0["locales"] as? [String] ?? [] }
        #expect(named.count > 700)
        #expect(named.contains("de_DE") && named.contains("en_US"))
    }
}
