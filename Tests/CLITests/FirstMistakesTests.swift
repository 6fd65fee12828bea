import Foundation
import Testing

/// Issue 33, "errors that name the fix": the first mistakes a new user makes, each answered
/// with a message that says what to type instead.
@Suite struct FirstMistakesTests {
    /// Item 4: `--allow a-z` is three characters; it works, with a warning naming `[a-z]`.
    @Test func aLiteralListThatLooksLikeARangeIsWarnedAbout() throws {
        let run = try CLI.run(["text", "--allow", "a-z"], input: "a-z\nabc\n")
        #expect(run.status == 1)
        #expect(run.lines == ["a-z"])
        #expect(
            run.stderr.hasPrefix(
                "fieldcheck: warning: --allow 'a-z' is a list of characters, so 'a-z' is the three characters "
                    + "'a', '-' and 'z'; for every character from 'a' to 'z' write --allow '[a-z]'\n"))
        let deny = try CLI.run(["text", "--deny", "0-9A-Z"], input: "x\n")
        #expect(deny.status == 0)
        #expect(deny.stderr.contains("--deny '0-9A-Z' is a list of characters, so '0-9' is the three characters"))
        #expect(deny.stderr.contains("write --deny '[0-9A-Z]'"))
        // A set in UnicodeSet syntax, and a list with a dash that is no range, are left alone.
        for set in ["[a-z]", "+-", "z-a", "a-Z"] {
            let quiet = try CLI.run(["text", "--allow", set], input: "")
            #expect(quiet.stderr == "", "--allow \(set)")
        }
    }

    /// Item 5: a locale written with a country code mix-up gets the id it meant first.
    @Test func knownLocaleMixUpsAreSuggestedFirst() throws {
        for (typed, meant) in [("en_UK", "en_GB"), ("jp_JP", "ja_JP"), ("en-EN", "en_GB"), ("cn", "zh")] {
            let run = try CLI.run(["number", "--locale", typed, "--value", "1"], input: "")
            #expect(run.status == 2)
            #expect(
                run.stderr.hasPrefix(
                    "fieldcheck: unknown locale '\(typed)': ICU has no data for it; nearest known: \(meant), "),
                "\(typed): \(run.stderr)")
        }
    }

    /// Item 9: `--column` typos, its error prefix, and a header that did not split.
    @Test func columnOptionMistakesNameTheFix() throws {
        let csv = CLI.temporaryFile("prices.csv")
        defer { try? FileManager.default.removeItem(at: csv) }
        try Data("name,price\nTee,\"1,5\"\n".utf8).write(to: csv)
        let typo = try CLI.run(["csv", "--column", "price=numbr:de_DE", csv.path], input: "")
        #expect(typo.status == 2)
        #expect(
            typo.stderr.hasPrefix(
                "fieldcheck: --column 'price=numbr:de_DE': unknown or unsupported type 'numbr' (did you mean 'number'?); "
            ))
        let text = try CLI.run(["csv", "--column", "name=text", csv.path], input: "")
        #expect(text.stderr.contains("unknown or unsupported type 'text' (did you mean 'string'?)"))
        let missing = try CLI.run(["csv", "--column", "Price=number:de_DE", csv.path], input: "")
        #expect(missing.status == 2)
        #expect(
            missing.stderr
                == "fieldcheck: --column 'Price=number:de_DE': the column 'Price' is not in the header of \(csv.path) "
                + "(its columns: name, price); did you mean 'price'?\n")
        let semicolons = try CLI.run(["csv", "--column", "b=number"], input: "a;b\n1;2\n")
        #expect(semicolons.status == 2)
        #expect(
            semicolons.stderr.hasSuffix(
                "(its columns: a;b); the header did not split into columns: 'a;b' splits at ';', so give -d ';'\n"))
        let fixed = try CLI.run(["csv", "-d", ";", "--column", "b=number"], input: "a;b\n1;2\n")
        #expect(fixed.status == 0)
        // A schema's path keeps its key.
        let schema = CLI.temporaryFile("schema.yaml")
        defer { try? FileManager.default.removeItem(at: schema) }
        try Data("fields:\n  - name: price\n    type: numbr\n".utf8).write(to: schema)
        let inSchema = try CLI.run(["csv", "--schema", schema.path, csv.path], input: "")
        #expect(
            inSchema.stderr.contains("fields[0].type: unknown or unsupported type 'numbr' (did you mean 'number'?)"))
    }

    /// Item 11: the small things.
    @Test func countsAreSingularForOne() throws {
        let run = try CLI.run(["csv", "--column", "a=integer"], input: "a,b\n1\n")
        #expect(run.status == 1)
        #expect(run.stderr == "fieldcheck: row 1 (line 2): the row has 1 cell where the header has 2 [ragged_row]\n")
    }

    @Test func aNegativeLengthIsRefusedAsNegative() throws {
        for option in ["--max-length", "--min-length"] {
            let run = try CLI.run(["text", option, "-1"], input: "x\n")
            #expect(run.status == 2)
            #expect(run.stderr.hasPrefix("fieldcheck: \(option) must not be negative\n"))
        }
    }

    @Test func aNegativeNumberReadAsAnOptionShowsTheDoubleDash() throws {
        let run = try CLI.run(["compare", "-5", "--locales", "de_DE"], input: "")
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("fieldcheck: Unknown option '-5'\n"))
        #expect(
            run.stderr.contains(
                "fieldcheck: '-5' is read as an option; to give it as a value, put -- before it: "
                    + "fieldcheck compare --locales de_DE -- -5\n"))
        let fixed = try CLI.run(["compare", "--locales", "de_DE", "--", "-5"], input: "")
        #expect(fixed.status == 0)
        // An unknown option that is no number gets no such hint.
        let other = try CLI.run(["compare", "-x"], input: "")
        #expect(!other.stderr.contains("put --"))
    }

    @Test func promptWithoutATerminalSaysWhyItEndedWithNoAnswer() throws {
        let run = try CLI.run(["prompt", "number", "--no-tty"], input: "")
        #expect(run.status == 130)
        #expect(run.stdout == "")
        #expect(
            run.stderr
                == "fieldcheck: no answer: stdin ended before a line was read (--no-tty reads one line from stdin); cancelled\n"
        )
    }

    /// Item 2: under the environment's locale, messages say where it came from and which
    /// locale reads the value; `date` reads ISO 8601 as well as the locale's short style.
    @Test func theEnvironmentsLocaleIsNamedWithWhatWouldReadTheValue() throws {
        let environment = ["LANG": "C.UTF-8"]
        let number = try CLI.run(["number"], input: "1,234.5\n1.234,5\n1,234\n", environment: environment)
        #expect(number.status == 1)
        #expect(
            number.stderr.contains(
                "expected a number like 1234.56 (en_US_POSIX, from LANG=C.UTF-8); '1,234.5' is not a number in "
                    + "en_US_POSIX, but in en_US it reads as 1234.5 [unexpected_character]"))
        #expect(number.stderr.contains("'1.234,5' is not a number in en_US_POSIX, but in de_DE it reads as 1234.5"))
        // Both read `1,234`: en_US, whose grouped numbers are the likelier under LANG=C, is named.
        #expect(number.stderr.contains("'1,234' is not a number in en_US_POSIX, but in en_US it reads as 1234"))
        let lcAll = try CLI.run(["number", "--value", "x"], environment: ["LC_ALL": "de_DE.UTF-8"])
        #expect(lcAll.stderr.contains("expected a number like 1.234,56 (de_DE, from LC_ALL=de_DE.UTF-8)"))
        // A locale given by name is not annotated.
        let named = try CLI.run(["number", "--locale", "de_DE", "--value", "x"], environment: environment)
        #expect(named.stderr.contains("expected a number like 1.234,56 (de_DE) [not_a_number]"))

        let date = try CLI.run(
            ["date", "--value", "2026-04-13", "--value", "4/13/26", "--value", "13.04.2026", "--value", "13/04/2026"],
            environment: environment)
        #expect(date.status == 1)
        #expect(date.lines == ["2026-04-13", "2026-04-13"])
        #expect(
            date.stderr.contains(
                "expected a date like 4/13/26 (M/d/yy) or 2026-04-13 (yyyy-MM-dd) in en_US_POSIX, from LANG=C.UTF-8; "
                    + "'13.04.2026' is not a date in en_US_POSIX, but in de_DE (dd.MM.yy) it reads as 2026-04-13"))
        #expect(
            date.stderr.contains(
                "'13/04/2026' is not a date in en_US_POSIX, but in en_GB (dd/MM/y) it reads as 2026-04-13"))
        // A named style reads that style only, and says where ISO 8601 would have read it.
        let long = try CLI.run(["date", "--locale", "en_US", "--style", "long", "--value", "2026-04-13"])
        #expect(long.status == 1)
        #expect(
            long.stderr.contains(
                "'2026-04-13' is not a date in en_US, but in ISO 8601 (yyyy-MM-dd) it reads as 2026-04-13"))
        // ISO 8601 years are Gregorian: th_TH's short style counts Buddhist years, and reads only that.
        let thai = try CLI.run(["date", "--locale", "th_TH", "--value", "2026-04-13", "--value", "13/4/69"])
        #expect(thai.status == 1)
        #expect(thai.lines == ["2026-04-13"])
        // A pattern given as it is gets no other locale's reading.
        let pattern = try CLI.run(["date", "--pattern", "dd.MM.yyyy", "--value", "4/13/26"], environment: environment)
        #expect(pattern.status == 1)
        #expect(!pattern.stderr.contains("is not a date in"))
        #expect(!pattern.stderr.contains("from LANG"))
    }

    /// Item 8: infer takes csv's -d, a --locale that settles an undecided column, and says
    /// when a file not named .csv looks like CSV.
    @Test func inferTakesTheCSVOptionsThatApplyAndSaysWhenATextFileIsCSV() throws {
        let semicolons = try CLI.run(["infer", "-d", ";"], input: "a;b\n1;x\n2;y\n")
        #expect(
            semicolons.stdout.contains("delimiter ';' (given)") && semicolons.stdout.contains("column 'a': integer"),
            "\(semicolons.stdout)")

        // 1,234 and 5,678 are thousands in en_US and decimals in de_DE: no value rules either out.
        let prices = "price\n1,234\n5,678\n"
        let undecided = try CLI.run(["infer", "--csv"], input: prices)
        #expect(undecided.status == 1)
        #expect(undecided.stdout.contains("undecided"))
        let settled = try CLI.run(["infer", "--csv", "--locale", "de_DE"], input: prices)
        #expect(settled.status == 0, "\(settled.stdout)")
        #expect(settled.stdout.contains("(settled by --locale de_DE)"), "\(settled.stdout)")
        #expect(settled.stdout.contains("decimal mark: ,\n"), "\(settled.stdout)")
        let schema = try CLI.run(["infer", "--csv", "--locale", "de_DE", "--schema"], input: prices)
        #expect(schema.stdout.contains("locale: \"de_DE\""), "\(schema.stdout)")
        // en_GB writes numbers as en_US does: its own forms are tried, and the schema names it.
        let english = try CLI.run(["infer", "--csv", "--locale", "en_GB", "--schema"], input: prices)
        #expect(english.stdout.contains("locale: \"en_GB\""), "\(english.stdout)")
        #expect(english.stdout.contains("groupChar: \",\""), "\(english.stdout)")
        let unknown = try CLI.run(["infer", "--locale", "xx_YY"], input: prices)
        #expect(unknown.status == 2)

        let text = CLI.temporaryFile("export.txt")
        defer { try? FileManager.default.removeItem(at: text) }
        try Data("name,price\nTee,2\nKaffee,3\n".utf8).write(to: text)
        let asValues = try CLI.run(["infer", text.path], input: "")
        #expect(
            asValues.stderr.contains(
                "read as one value per line (only .csv and .tsv files are read as CSV), but its lines look like CSV "
                    + "delimited by ',': give --csv to read its columns, --values to keep this reading"))
        let chosen = try CLI.run(["infer", "--values", text.path], input: "")
        #expect(chosen.stderr == "")
        // Numbers with a decimal comma are values, not CSV.
        try Data("1,5\n2,5\n3,5\n".utf8).write(to: text)
        let numbers = try CLI.run(["infer", text.path], input: "")
        #expect(numbers.stderr == "")
        // Piped in, a CSV was read as values without a word; a delimiter inside quotes made
        // a record look ragged, so a bank export with `"Einkauf; Markt"` said nothing either.
        let bank = "Tag;Zweck;Betrag\n02.01.2025;Miete;-1.250,00\n03.02.2025;\"Einkauf; Markt\";-45,99\n"
        let piped = try CLI.run(["infer"], input: bank)
        #expect(piped.status == 0)
        #expect(
            piped.stderr
                == "fieldcheck: stdin: read as one value per line (standard input is read as CSV only with --csv), "
                + "but its lines look like CSV delimited by ';': give --csv to read its columns, --values to keep "
                + "this reading\n")
        #expect(piped.stdout.contains("3 values read"), "\(piped.stdout)")
        #expect(try CLI.run(["infer", "--values"], input: bank).stderr == "")
        #expect(try CLI.run(["infer"], input: "1,5\n2,5\n3,5\n").stderr == "")
        let columns = try CLI.run(["infer", "--csv"], input: bank)
        #expect(columns.stderr == "")
        #expect(columns.stdout.contains("column 'Betrag': number"), "\(columns.stdout)")
    }

    /// Item 6: a warning true of every value is said once, with a count at the end, in the
    /// same order whatever --jobs; --warnings all and none; errors never held back.
    @Test func aRepeatedWarningIsSaidOnceWithACount() throws {
        let values = (100...999).map { "1 \($0)" } + ["x"] + (100...999).map { "2 \($0)" }
        let input = values.joined(separator: "\n") + "\n"
        let once = try CLI.run(["number", "--locale", "fr_FR", "--check"], input: input)
        #expect(once.status == 1)
        #expect(
            once.stderr == "fieldcheck: line 1: '1 100': warning: ' ' (U+0020 SPACE) at column 2 read as the grouping "
                + "separator (fr_FR writes invisible U+202F NARROW NO-BREAK SPACE) [space_as_grouping_separator]\n"
                + "fieldcheck: line 901: 'x': character 'x' (U+0078 LATIN SMALL LETTER X) at column 1: no digits; "
                + "expected a number like 1\u{202F}234,56 (fr_FR) [not_a_number]\n"
                + "fieldcheck: warning space_as_grouping_separator: 1799 more not shown (--warnings all shows every one)\n"
        )
        for jobs in ["2", "3"] {
            let parallel = try CLI.run(["number", "--locale", "fr_FR", "--check", "--jobs", jobs], input: input)
            #expect(parallel.stderr == once.stderr, "--jobs \(jobs)")
        }
        let all = try CLI.run(["number", "--locale", "fr_FR", "--check", "--warnings", "all"], input: input)
        #expect(all.stderr.split(separator: "\n").count == 1801)
        let none = try CLI.run(["number", "--locale", "fr_FR", "--check", "--warnings", "none"], input: input)
        #expect(none.stderr.split(separator: "\n") == [once.stderr.split(separator: "\n")[1]])
        // JSON has every warning.
        let json = try CLI.run(["number", "--locale", "fr_FR", "--json"], input: input)
        #expect(json.objects.filter { ($0["warnings"] as? [Any])?.isEmpty == false }.count == 1800)
        // csv the same, and the summary still counts every warned value.
        let csv = "p\n" + (100...999).map { "\"1 \($0)\"" }.joined(separator: "\n") + "\n"
        let table = try CLI.run(["csv", "--column", "p=number:fr_FR", "--check", "--jobs", "2"], input: csv)
        #expect(table.status == 0)
        #expect(
            table.stderr.hasSuffix(
                "fieldcheck: warning space_as_grouping_separator: 899 more not shown (--warnings all shows every one)\n"
            ))
        #expect(table.stderr.split(separator: "\n").count == 2)
    }

    /// Item 11: help examples fit 80 columns (none wraps mid-comment).
    @Test func helpExamplesDoNotWrap() throws {
        for command in [
            ["text"], ["number"], ["date"], ["csv"], ["infer"], ["compare"], ["locale"], ["prompt", "text"],
        ] {
            let help = try CLI.run(command + ["--help"], environment: ["COLUMNS": "80"])
            var inExamples = false
            for line in help.stdout.split(separator: "\n", omittingEmptySubsequences: false) {
                if line == "Examples:" {
                    inExamples = true
                } else if line.isEmpty {
                    inExamples = false
                } else if inExamples {
                    #expect(line.hasPrefix("  "), "\(command): '\(line)'")
                }
            }
        }
    }

    /// Item 10: the example comes from the field's own rules: its characters, its lengths.
    @Test func theExampleFollowsTheFieldsRules() throws {
        let letters = try CLI.run(["text", "--preset", "letters", "--min-length", "8"], input: "ab\n")
        #expect(letters.stderr.contains("expected text like 'abcdefgh' [too_short]"), "\(letters.stderr)")
        let russian = try CLI.run(
            ["text", "--locale", "ru_RU", "--preset", "letters", "--min-length", "8"], input: "ab\n")
        #expect(!russian.stderr.contains("like 'abc"), "\(russian.stderr)")
        let vowels = try CLI.run(["text", "--allow", "aeiouAEIOU"], input: "x\n")
        #expect(vowels.stderr.contains("expected text like 'aeiou'"))
        let schema = CLI.temporaryFile("names.yaml")
        defer { try? FileManager.default.removeItem(at: schema) }
        try Data("fields:\n  - name: name\n    type: string\n    constraints: {minLength: 3}\n".utf8).write(to: schema)
        let names = try CLI.run(["csv", "--schema", schema.path], input: "name\nab\n")
        #expect(names.stderr.contains("at least 3 required; expected text like 'abcde' [too_short]"), "\(names.stderr)")
        let digits = try CLI.run(["text", "--allow", "[0-9]", "--min-length", "4"], input: "1\n")
        #expect(digits.stderr.contains("expected text like '12345' [too_short]"), "\(digits.stderr)")
    }

    /// Item 3: a windows-1252 file read as UTF-8 is named once, with the option that reads it,
    /// and its cells' invalid_utf8 is shown once and counted — every row still rejected, every
    /// cell still in the JSON Lines, and the rows' other errors still shown.
    @Test(arguments: ["1", "2"])
    func aFileInAnotherEncodingIsNamedOnceWithTheOptionThatReadsIt(jobs: String) throws {
        let csv = CLI.temporaryFile("latin-\(jobs).csv")
        let rejects = CLI.temporaryFile("latin-rejects-\(jobs).csv")
        defer {
            try? FileManager.default.removeItem(at: csv)
            try? FileManager.default.removeItem(at: rejects)
        }
        try Data(
            [UInt8]("name,price\n".utf8) + [0x4D, 0xFC, 0x6C, 0x6C, 0x65, 0x72] + [UInt8](",1\n".utf8)
                + [0x47, 0xE4, 0x72, 0x74, 0x6E, 0x65, 0x72] + [UInt8](",2\n".utf8)
                + [0x4B, 0xF6, 0x68, 0x6C, 0x65, 0x72] + [UInt8](",x\n".utf8) + [UInt8]("Anna,4\n".utf8)
        ).write(to: csv)
        let columns = ["--column", "name=string", "--column", "price=integer"]
        let run = try CLI.run(["csv", "--jobs", jobs] + columns + ["--rejects", rejects.path, csv.path], input: "")
        #expect(run.status == 1)
        #expect(run.stdout == "name,price\nAnna,4\n")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.first?.hasPrefix("fieldcheck: \(csv.path): not UTF-8: it looks like windows-1252 (") == true)
        #expect(
            lines.first?.hasSuffix(
                "give --encoding windows-1252 to read it; each cell with such bytes is rejected as invalid_utf8 "
                    + "(the first shown below)") == true, "\(run.stderr)")
        #expect(lines.filter { $0.contains("not UTF-8: it looks like") }.count == 1)
        #expect(lines.filter { $0.hasSuffix("[invalid_utf8]") }.count == 1, "\(run.stderr)")
        #expect(lines.contains { $0.contains("row 1 (line 2), column 'name'") && $0.hasSuffix("[invalid_utf8]") })
        #expect(lines.contains { $0.contains("row 3 (line 4), column 'price': 'x'") }, "\(run.stderr)")
        #expect(
            lines.last.map(String.init)
                == "fieldcheck: invalid_utf8: 2 more cells not shown, each rejected for the encoding named above "
                + "(--json lists every one)")
        #expect(try String(contentsOf: rejects, encoding: .isoLatin1).split(separator: "\n").count == 4)
        let json = try CLI.run(["csv", "--jobs", jobs, "--json"] + columns + [csv.path], input: "")
        #expect(json.stdout.split(separator: "\n").filter { $0.contains("\"code\":\"invalid_utf8\"") }.count == 3)
        let fixed = try CLI.run(["csv", "--encoding", "windows-1252"] + columns + [csv.path], input: "")
        #expect(fixed.status == 1)
        #expect(fixed.stderr.split(separator: "\n").count == 1, "\(fixed.stderr)")
        #expect(fixed.stdout.contains("Müller,1\nGärtner,2\nAnna,4\n"))
    }

    /// A byte windows-1252 does not define (0x81, 0x8D, 0x8F, 0x90, 0x9D) ends the file with an
    /// I/O error, as the man page says and `iconv` does; ICU's table read it as a C1 control,
    /// and the row passed. ISO-8859-1, whose 0x80–0x9F are C1 controls, still reads them.
    @Test func aByteTheEncodingDoesNotDefineIsAnIOError() throws {
        let csv = CLI.temporaryFile("cp1252.csv")
        defer { try? FileManager.default.removeItem(at: csv) }
        for byte: UInt8 in [0x81, 0x8D, 0x8F, 0x90, 0x9D] {
            try Data("a,b\n1,x\n2,".utf8 + [byte] + Data("y\n".utf8)).write(to: csv)
            let run = try CLI.run(["csv", "--column", "a=integer", "--encoding", "windows-1252", csv.path], input: "")
            #expect(run.status == 3)
            #expect(
                run.stderr.contains("not valid windows-1252 at byte 11 (0x\(String(byte, radix: 16, uppercase: true)))")
            )
            let latin1 = try CLI.run(["csv", "--column", "a=integer", "--encoding", "ISO-8859-1", csv.path], input: "")
            #expect(latin1.status == 0)
        }
        try Data([0x61, 0x2C, 0x62, 0x0A, 0x31, 0x2C, 0x80, 0x0A]).write(to: csv)
        let euro = try CLI.run(["csv", "--column", "a=integer", "--encoding", "windows-1252", csv.path], input: "")
        #expect(euro.status == 0 && euro.stdout == "a,b\n1,\u{20AC}\n")
    }
}
