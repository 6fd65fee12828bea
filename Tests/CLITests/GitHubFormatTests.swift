import Foundation
import Testing

/// `--format github` (issue 32, CI formats): one GitHub Actions workflow command per finding
/// on stdout, with the file, line and column, escaped as GitHub requires; `--json` is
/// `--format json`; the same under `--jobs`.
@Suite struct GitHubFormatTests {
    @Test func lineCommandAnnotatesEachFindingWithFileLineAndColumn() throws {
        let file = CLI.temporaryFile("prices,100%\nq1.txt")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("1,5\n12a,5\n1.2.3\n".utf8).write(to: file)
        let run = try CLI.run(["number", "--locale", "de_DE", "--format", "github", file.path])
        #expect(run.status == 1)
        #expect(run.stderr.isEmpty)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        // The file name's ',', '%' and line feed escaped in the property (the line feed was
        // written as a terminal shows it, \u{A}, naming no file); no accepted value on stdout.
        let escaped = file.path.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: ",", with: "%2C")
            .replacingOccurrences(of: "\n", with: "%0A")
        #expect(
            lines[0].hasPrefix(
                "::error file=\(escaped),line=2,col=3,title=fieldcheck unexpected_character::'12a,5': unexpected character 'a'"
            ), "\(lines[0])")
        #expect(
            lines[1].hasPrefix("::error file=\(escaped),line=3,col=2,title=fieldcheck misplaced_grouping_separator::"))
    }

    @Test func warningsAndStdinAndRedaction() throws {
        // A space as fr_FR grouping is accepted with a warning; stdin has no file property.
        let run = try CLI.run(["number", "--locale", "fr_FR", "--format", "github", "--redact"], input: "1 234,5\n")
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("::warning line=1,"), "\(run.stdout)")
        #expect(!run.stdout.contains("1 234"))
    }

    @Test func csvAnnotatesTheRowsPhysicalLineAndEscapesLineBreaks() throws {
        let csv = "id,price\n1,\"1,5\"\n2,\"x\ny\"\n3,\"2,5\"\n"
        let run = try CLI.run(
            ["csv", "--column", "price=number:de_DE", "--format", "github", "--summary"], input: csv)
        #expect(run.status == 1)
        #expect(
            run.stdout.hasPrefix(
                "::error line=3,col=4,title=fieldcheck not_a_number::row 2, column 'price': 'x%0Ay': "),
            "\(run.stdout)")
        #expect(run.stdout.split(separator: "\n").count == 1)
        #expect(run.stderr.contains("3 rows read"))
    }

    /// Control characters of the input are written `\u{1B}` as on a terminal: a crafted cell
    /// must not clear the screen of whoever reads the annotations (they were written raw).
    @Test func controlCharactersOfTheInputAreEscaped() throws {
        let csv = try CLI.run(
            ["csv", "--column", "a=integer", "--format", "github"], input: "a\n\"x\u{1B}[2Jy\"\n\"a\u{7}\"\n")
        #expect(csv.status == 1)
        #expect(!csv.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(csv.stdout)")
        #expect(csv.stdout.contains("'x\\u{1B}[2Jy'") && csv.stdout.contains("'a\\u{7}'"), "\(csv.stdout)")
        let line = try CLI.run(["text", "--allow", "abc", "--format", "github"], input: "a\u{1B}]0;x\u{7}\n")
        #expect(line.status == 1)
        #expect(!line.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(line.stdout)")
    }

    /// A csv finding's line and column are where its character stands in the file: after
    /// quotes, doubled quotes and multi-byte characters, on the later lines of a quoted cell,
    /// past a byte order mark and CRLF; a finding without a character points at its cell, and
    /// a syntax problem at its byte. They were the row's first line and no column.
    @Test func csvAnnotatesTheCharactersLineAndColumn() throws {
        let file = CLI.temporaryFile("places.csv")
        defer { try? FileManager.default.removeItem(at: file) }
        let csv = "\u{FEFF}id,code\r\n1,\"a\"\"b9\"\r\n2,\"ab\r\ncdé€X\"\r\n3,\r\n\"4\"z,ab\r\n5,äöü€Xy\r\n"
        try Data(csv.utf8).write(to: file)
        let schema = CLI.temporaryFile("places.yaml")
        defer { try? FileManager.default.removeItem(at: schema) }
        let fields =
            "fields:\n- {name: id, type: integer}\n"
            + "- {name: code, type: string, constraints: {required: true, pattern: '[a-z\\sé€äöü]*'}}\n"
        try Data(fields.utf8).write(to: schema)
        for jobs in ["1", "2"] {
            let run = try CLI.run(["csv", "--schema", schema.path, "--format", "github", "--jobs", jobs, file.path])
            #expect(run.status == 1)
            let places = run.stdout.split(separator: "\n").map { line in
                line.split(separator: ",").filter { $0.hasPrefix("line=") || $0.hasPrefix("col=") }.joined(
                    separator: ",")
            }
            // The doubled quote of a""b (its first '"', column 5); 'X' on the cell's second line
            // after é and €; the empty required cell; 'z' after "4"; 'X' after four two- and
            // three-byte characters.
            #expect(
                places == ["line=2,col=5", "line=4,col=5", "line=5,col=3", "line=6,col=4", "line=7,col=7"],
                "\(run.stdout)")
        }
    }

    /// A byte that is not UTF-8 is placed by the characters before it, in a line and in a
    /// cell (a line command gave no column, csv the cell's start); an empty quoted cell at its
    /// closing quote (it was placed past the cell, beyond the end of a line).
    @Test func invalidBytesAndEmptyQuotedCellsArePlaced() throws {
        let line = try CLI.run(["text", "--format", "github"], stdin: Data("abc".utf8) + Data([0xE9, 0x78, 0x0A]))
        #expect(line.stdout.hasPrefix("::error line=1,col=4,title=fieldcheck invalid_utf8::"), "\(line.stdout)")
        let csv = Data("t\n\"ab\u{E9}".utf8) + Data([0xFF]) + Data("x\"\n\"\"\n".utf8)
        let schema = CLI.temporaryFile("required.json")
        defer { try? FileManager.default.removeItem(at: schema) }
        try Data(#"{"fields": [{"name": "t", "constraints": {"required": true}}]}"#.utf8).write(to: schema)
        let run = try CLI.run(["csv", "--schema", schema.path, "--format", "github"], stdin: csv)
        let places = run.stdout.split(separator: "\n").map { line in
            line.split { $0 == "," || $0 == " " }.filter { $0.hasPrefix("line=") || $0.hasPrefix("col=") }
                .joined(separator: ",")
        }
        #expect(places == ["line=2,col=5", "line=3,col=2"], "\(run.stdout)")
    }

    /// NUL-terminated records and --value have no lines: no line= that would point at the
    /// wrong line of the file; the message names the record or the value.
    @Test func recordsAndValuesAreNamedInTheMessage() throws {
        let records = try CLI.run(["number", "-z", "--format", "github"], input: "12\u{0}x\u{0}")
        #expect(records.status == 1)
        #expect(records.stdout.hasPrefix("::error title=fieldcheck not_a_number::record 2: 'x': "), "\(records.stdout)")
    }

    @Test func sameUnderJobs() throws {
        let input = (0..<60_000).map { $0 % 97 == 0 ? "\($0)x" : "\($0),5" }.joined(separator: "\n") + "\n"
        let one = try CLI.run(["number", "--locale", "de_DE", "--format", "github"], input: input)
        let two = try CLI.run(["number", "--locale", "de_DE", "--format", "github", "--jobs", "2"], input: input)
        #expect(one.stdout == two.stdout)
        #expect(one.stdout.split(separator: "\n").count == 619)
    }

    /// `date --format` was a strptime format before it was the report format: one with a `%`
    /// still is, with a report format beside it; elsewhere it is refused.
    @Test func dateKeepsItsStrptimeFormat() throws {
        let run = try CLI.run(
            ["date", "--format", "%d.%m.%Y", "--format", "github", "--value", "31.12.2025", "--value", "32.01.2025"])
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix("::error title=fieldcheck field_out_of_range::value 2: '32.01.2025': day 32"))
        let strptime = try CLI.run(["date", "--strptime", "%d.%m.%Y", "--value", "31.12.2025"])
        #expect(strptime.stdout == "2025-12-31\n")
        let number = try CLI.run(["number", "--format", "%d", "--value", "1"])
        #expect(number.status == 2)
        #expect(number.stderr.contains("only fieldcheck date reads"))
        let unknown = try CLI.run(["csv", "--column", "a=number", "--format", "xml"], input: "a\n1\n")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("human, json or github"))
    }

    @Test func jsonIsFormatJsonAndCombinationsAreRefused() throws {
        let short = try CLI.run(["number", "--locale", "de_DE", "--json"], input: "1,5\nx\n")
        let long = try CLI.run(["number", "--locale", "de_DE", "--format", "json"], input: "1,5\nx\n")
        #expect(short.stdout == long.stdout)
        #expect(short.stdout.contains("\"valid\":true"))
        let both = try CLI.run(["number", "--json", "--format", "github"], input: "1\n")
        #expect(both.status == 2)
        #expect(both.stderr.contains("--format"))
        let check = try CLI.run(["csv", "--column", "a=number", "--format", "github", "--check"], input: "a\n1\n")
        #expect(check.status == 2)
    }
}
