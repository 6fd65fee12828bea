import Foundation
import Testing

/// `fieldcheck infer` through the real binary (issue 16): the conventions of each column of
/// the four bank exports in `Data/`, undecided where the values cannot tell, and a schema
/// that `csv` reads unchanged and that validates the same file clean.
@Suite struct InferCommandTests {
    static let data = ManPageTests.root.appendingPathComponent("Data")

    static func columns(_ run: CLI.Outcome) -> [String: [String: Any]] {
        var byName: [String: [String: Any]] = [:]
        for object in run.objects where object["kind"] as? String == "column" {
            byName[object["column"] as? String ?? ""] = object
        }
        return byName
    }

    /// A yes/no column may have outliers as any other (one `vielleicht` among 60 ja/nein made
    /// it text); a column of country codes that are mostly NO is no yes/no column.
    @Test func aYesNoColumnHasOutliersToo() throws {
        let table = "b,c\n" + String(repeating: "ja,NO\nnein,NO\n", count: 30) + "vielleicht,SE\n"
        let report = try CLI.run(["infer", "--csv"], input: table)
        #expect(report.status == 1)
        #expect(report.stdout.contains("column 'b': boolean (true: ja; false: nein)\n  outlier: row 61 'vielleicht': "))
        #expect(report.stdout.contains("[not_a_boolean]\n"))
        #expect(report.stdout.contains("column 'c': country"), "\(report.stdout)")
        let schema = try CLI.run(["infer", "--csv", "--schema"], input: table)
        #expect(schema.stdout.contains("  # 1 outlier in the rows read\n  - name: \"b\"\n    type: \"boolean\"\n"))
        // The schema rejects the outlier alone.
        let schemaFile = CLI.temporaryFile("yesno.yaml")
        defer { try? FileManager.default.removeItem(at: schemaFile) }
        try Data(schema.stdout.utf8).write(to: schemaFile)
        let checked = try CLI.run(["csv", "--schema", schemaFile.path, "--json", "-"], input: table)
        #expect(checked.status == 1)
        #expect(checked.objects.filter { $0["code"] != nil }.count == 1, "\(checked.stdout)")
    }

    /// A value the column's type reads only with a warning (UTC is Etc/UTC) is shown as a
    /// warning, not an outlier: `csv` accepts it, and the exit status is 0.
    @Test func aValueReadWithAWarningIsNoOutlier() throws {
        let table = "tz\n" + String(repeating: "Europe/Berlin\nAmerica/New_York\n", count: 30) + "UTC\n"
        let report = try CLI.run(["infer", "--csv"], input: table)
        #expect(report.status == 0, "\(report.stdout)")
        #expect(report.stdout.contains("column 'tz': timezone"))
        #expect(report.stdout.contains("  warning: row 61 'UTC': read 'UTC' as Etc/UTC"))
        #expect(!report.stdout.contains("outlier"))
        let json = try CLI.run(["infer", "--csv", "--json"], input: table)
        let outliers = Self.columns(json)["tz"]?["outliers"] as? [[String: Any]]
        #expect(outliers?.count == 1)
        #expect(outliers?.first?["severity"] as? String == "warning")
        let schema = try CLI.run(["infer", "--csv", "--schema"], input: table)
        #expect(!schema.stdout.contains("outlier"), "\(schema.stdout)")
    }

    /// Whole numbers written with a leading zero are codes: inferred as integers, `csv
    /// --normalize` wrote 01234 as 1234. The schema says why in a comment, JSON in textReason.
    @Test func leadingZerosKeepAColumnText() throws {
        let table = "zip,n\n01234,1\n12345,2\n"
        let report = try CLI.run(["infer", "--csv"], input: table)
        #expect(
            report.stdout.contains(
                "column 'zip': string ('01234' (row 1) has a leading zero, which an integer would drop: a code, not a quantity)"
            ), "\(report.stdout)")
        #expect(report.stdout.contains("column 'n': integer"))
        let schema = try CLI.run(["infer", "--csv", "--schema"], input: table)
        #expect(
            schema.stdout.contains(
                "  # text: '01234' (row 1) has a leading zero, which an integer would drop\n  - name: \"zip\"\n    type: \"string\"\n"
            ), "\(schema.stdout)")
        let file = CLI.temporaryFile("zips.csv")
        let schemaFile = CLI.temporaryFile("zips.yaml")
        defer { for url in [file, schemaFile] { try? FileManager.default.removeItem(at: url) } }
        try Data(table.utf8).write(to: file)
        try Data(schema.stdout.utf8).write(to: schemaFile)
        let normalized = try CLI.run(["csv", "--schema", schemaFile.path, "--normalize", file.path], input: "")
        #expect(normalized.stdout == table)
        let json = try CLI.run(["infer", "--csv", "--json"], input: table)
        #expect(json.objects.first { $0["column"] as? String == "zip" }?["textReason"] as? String != nil)
    }

    /// One value or row is counted in the singular ("1 values read").
    @Test func oneValueIsSaidInTheSingular() throws {
        #expect(try CLI.run(["infer"], input: "5\n").stdout.contains("  1 value read (all)\n"))
        #expect(try CLI.run(["infer", "--csv"], input: "a\n5\n").stdout.contains("  1 data row read (all)\n"))
        #expect(try CLI.run(["infer"], input: "5\n6\n").stdout.contains("  2 values read (all)\n"))
    }

    @Test func germanBankExport() throws {
        let run = try CLI.run(["infer", "--json", Self.data.appendingPathComponent("bank_de.csv").path])
        #expect(run.status == 0)
        let file = try #require(run.objects.first)
        #expect(file["delimiter"] as? String == ";")
        #expect(file["header"] as? Bool == true)
        #expect(file["encoding"] as? String != "UTF-8")  // the file is windows-1252
        let columns = Self.columns(run)
        #expect(columns["Buchungstag"]?["type"] as? String == "date")
        #expect(columns["Buchungstag"]?["candidates"] as? [String] == ["dd.MM.yyyy"])
        #expect(columns["Betrag"]?["type"] as? String == "number")
        #expect((columns["Betrag"]?["candidates"] as? [String])?.first == "de_DE")
        #expect(columns["Aktiv"]?["type"] as? String == "boolean")
        #expect(columns["Verwendungszweck"]?["type"] as? String == "string")
    }

    @Test(arguments: [
        ("bank_fr.csv", "fr_FR", "dd/MM/yyyy"), ("bank_us.csv", "en_US", "MM/dd/yyyy"),
        ("bank_in.csv", "en_IN", "yyyy-MM-dd"),
    ])
    func exportsGoFromUnknownToCleanInTwoCommands(file: String, locale: String, dateFormat: String) throws {
        let path = Self.data.appendingPathComponent(file).path
        let inferred = try CLI.run(["infer", "--json", path])
        let columns = Self.columns(inferred)
        let numbers = columns.values.filter { $0["type"] as? String == "number" }
        #expect(!numbers.isEmpty)
        for column in numbers { #expect((column["candidates"] as? [String])?.first == locale, "\(column)") }
        let dates = columns.values.filter { $0["type"] as? String == "date" }
        #expect(dates.count == 1)
        #expect((dates.first?["candidates"] as? [String]) == [dateFormat])
        let schema = CLI.temporaryFile("schema.yaml")
        defer { try? FileManager.default.removeItem(at: schema) }
        let written = try CLI.run(["infer", "--schema", path])
        #expect(written.status == 0)
        try Data(written.stdout.utf8).write(to: schema)
        let checked = try CLI.run(["csv", "--schema", schema.path, "--check", path])
        #expect(checked.status == 0, "\(checked.stderr)")
        // The same schema as JSON reads the same way.
        let json = try CLI.run(["infer", "--schema", "--json", path])
        try Data(json.stdout.utf8).write(to: schema)
        #expect(try CLI.run(["csv", "--schema", schema.path, "--check", path]).status == 0)
    }

    /// The German export is windows-1252: the schema names the encoding and csv reads it.
    @Test func germanExportFromUnknownToCleanInTwoCommands() throws {
        let path = Self.data.appendingPathComponent("bank_de.csv").path
        let schema = CLI.temporaryFile("schema.yaml")
        defer { try? FileManager.default.removeItem(at: schema) }
        let written = try CLI.run(["infer", "--schema", path])
        // ISO-8859-1 is written as windows-1252, its superset: a '€' (0x80) past the detector's
        // sample must not become a C1 control.
        #expect(written.stdout.contains("encoding: \"windows-1252\""), "\(written.stdout)")
        // Table Schema's own keys beside fieldcheck's locale, and the yes/no column as a boolean.
        #expect(written.stdout.contains("decimalChar: \",\"\n    groupChar: \".\""), "\(written.stdout)")
        #expect(
            written.stdout.contains("type: \"boolean\"\n    trueValues: [\"ja\"]\n    falseValues: [\"nein\"]"),
            "\(written.stdout)")
        try Data(written.stdout.utf8).write(to: schema)
        let checked = try CLI.run(["csv", "--schema", schema.path, "--normalize", path])
        #expect(checked.status == 0, "\(checked.stderr)")
        // Aktiv (ja/nein) is a boolean column now: normalized as false.
        #expect(checked.stdout.contains("2025-04-04;Überweisung Müller;-12500.00;-3669.69;false"))
    }

    /// A one-column file of decimal-comma numbers: ',' splits every value but not the
    /// header, so it is no delimiter; the schema reads the file as one column, clean.
    @Test func aOneColumnFileOfDecimalCommasIsOneColumn() throws {
        let file = CLI.temporaryFile("one-column.csv")
        let schema = CLI.temporaryFile("one-column.yaml")
        defer {
            try? FileManager.default.removeItem(at: file)
            try? FileManager.default.removeItem(at: schema)
        }
        try Data("Betrag\n1.234,56\n-84,20\n0,35\n".utf8).write(to: file)
        let written = try CLI.run(["infer", "--schema", file.path])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(!written.stdout.contains("delimiter: \",\""), "\(written.stdout)")
        #expect(written.stdout.contains("locale: \"de_DE\""), "\(written.stdout)")
        try Data(written.stdout.utf8).write(to: schema)
        let checked = try CLI.run(["csv", "--schema", schema.path, "--normalize", file.path])
        #expect(checked.status == 0, "\(checked.stderr)")
        #expect(checked.stdout == "Betrag\n1234.56\n-84.20\n0.35\n")
    }

    @Test func csvReadsOtherEncodings() throws {
        // UTF-16 with a byte order mark, larger than one conversion block, so that characters
        // are split between blocks.
        var text = "name;amount\n"
        for row in 0..<5000 { text += "Ärger \(row) ✓;\(row),5\n" }
        var utf16 = Data([0xFF, 0xFE])
        for unit in text.utf16 { utf16.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)]) }
        let file = CLI.temporaryFile("utf16.csv")
        defer { try? FileManager.default.removeItem(at: file) }
        try utf16.write(to: file)
        let run = try CLI.run(
            [
                "csv", "--column", "amount=number:de_DE", "--delimiter", ";", "--encoding", "UTF-16", "--check",
                "--summary", file.path,
            ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("5000"))
        let inferred = try CLI.run(["infer", "--json", file.path])
        #expect(inferred.objects.first?["encoding"] as? String == "UTF-16LE")
        // Without it the bytes are not UTF-8: rejected, never misread.
        let latin = try CLI.run(["csv", "--column", "a=string", "--check"], stdin: Data([0x61, 0x0A, 0xC4, 0x0A]))
        #expect(latin.status == 1)
        #expect(latin.stderr.contains("invalid_utf8"))
        let converted = try CLI.run(
            ["csv", "--column", "a=string", "--encoding", "windows-1252"], stdin: Data([0x61, 0x0A, 0xC4, 0x0A]))
        #expect(converted.status == 0)
        #expect(converted.stdout == "a\nÄ\n")
        #expect(try CLI.run(["csv", "--column", "a=string", "--encoding", "nonsense-8"], input: "a\n").status == 2)
    }

    @Test func undecidedNeverGuesses() throws {
        let dates = try CLI.run(["infer", "--json"], input: "03/04/2025\n05/06/2024\n12/11/2023\n")
        #expect(dates.status == 1)
        let column = try #require(Self.columns(dates).values.first)
        #expect(column["type"] as? String == "date")
        #expect(column["decided"] as? Bool == false)
        #expect(Set(column["candidates"] as? [String] ?? []) == ["dd/MM/yyyy", "MM/dd/yyyy"])
        // One day over 12 decides it, and names the value that did.
        let decided = try CLI.run(["infer"], input: "03/04/2025\n05/06/2024\n31/12/2023\n")
        #expect(decided.status == 0)
        #expect(decided.stdout.contains("field order: DMY"))
        #expect(decided.stdout.contains("'31/12/2023' (row 3) rules out MM/dd/yyyy"))
        let numbers = try CLI.run(["infer"], input: "1.234\n5.678\n")
        #expect(numbers.status == 1)
        #expect(numbers.stdout.contains("undecided"))
        // An undecided column is written as a string, with the reason, never as a guess.
        let schema = try CLI.run(["infer", "--schema", "--csv"], input: "amount\n1.234\n5.678\n")
        #expect(schema.stdout.contains("type: \"string\""))
        #expect(schema.stdout.contains("# undecided:"))
    }

    @Test func outliersAreListedWithTheirReasons() throws {
        let values = (1...30).map { "\($0),5" }.joined(separator: "\n") + "\nn/a\n"
        let run = try CLI.run(["infer", "--json"], input: values)
        let column = try #require(Self.columns(run).values.first)
        #expect(column["type"] as? String == "number")
        let outliers = try #require(column["outliers"] as? [[String: Any]])
        #expect(outliers.count == 1)
        #expect(outliers.first?["value"] as? String == "n/a")
        #expect(outliers.first?["row"] as? Int == 31)
        #expect(run.status == 1)
    }

    @Test func headerlessCSVAndIntegers() throws {
        let run = try CLI.run(["infer", "--csv", "--json"], input: "1;2025-01-02\n2;2025-02-03\n3;2025-03-04\n")
        let file = try #require(run.objects.first)
        #expect(file["header"] as? Bool == false)
        #expect(file["rows"] as? Int == 3)
        let columns = Self.columns(run)
        #expect(columns["column1"]?["type"] as? String == "integer")
        #expect(columns["column2"]?["type"] as? String == "date")
    }

    /// Issue 16: th_TH writes Buddhist-era years (`13/4/69` and `13/4/2569` are 2026-04-13).
    /// Read as Gregorian ones (1969, 2569) they would be a confident wrong answer: infer says
    /// the calendar is undecided, and the schema leaves the column a string, as infer read it.
    @Test(arguments: [(["--to-style", "short"], "13/4/69"), ([], "13/4/2569")])
    func thaiBuddhistDatesAreUndecidedBetweenCalendars(options: [String], first: String) throws {
        let written = ["2026-04-13", "1985-04-09", "2001-12-25", "1969-01-30", "2030-07-14"]
        let thai = try CLI.run(
            ["date", "--pattern", "yyyy-MM-dd", "--to", "th_TH"] + options, input: written.joined(separator: "\n"))
        #expect(thai.status == 0, "\(thai.stderr)")
        let values = thai.stdout.split(separator: "\n").map(String.init)
        #expect(values.first == first)
        let run = try CLI.run(["infer", "--json"], input: thai.stdout)
        #expect(run.status == 1)
        let column = try #require(Self.columns(run).values.first)
        #expect(column["type"] as? String == "date")
        #expect(column["decided"] as? Bool == false)
        let conventions = try #require(column["conventions"] as? [String: [String]])
        #expect(conventions["field order"] == ["DMY (day, month, year)"])
        let calendars = conventions["calendar"] ?? []
        #expect(calendars.count == 2 && calendars.contains("Gregorian"), "\(calendars)")
        #expect(calendars.contains { $0.hasPrefix("Buddhist") }, "\(calendars)")
        // The reason names a value with both of its meanings, the Buddhist one as written.
        let reason = column["undecidedReason"] as? String ?? ""
        let pair = zip(values, written).first { reason.hasPrefix("'\($0.0)'") }
        #expect(pair.map { reason.contains($0.1) && reason.contains("Buddhist") } == true, "\(reason)")
        let text = try CLI.run(["infer"], input: thai.stdout)
        #expect(text.stdout.contains("calendar: undecided: Gregorian or Buddhist"), "\(text.stdout)")

        // The schema keeps the column a string: csv reads it as infer did, without a guess.
        let file = CLI.temporaryFile("thai.csv")
        let schema = CLI.temporaryFile("thai.yaml")
        defer {
            try? FileManager.default.removeItem(at: file)
            try? FileManager.default.removeItem(at: schema)
        }
        try Data(("datum\n" + thai.stdout).utf8).write(to: file)
        let inferred = try CLI.run(["infer", "--schema", file.path])
        #expect(inferred.stdout.contains("type: \"string\""), "\(inferred.stdout)")
        #expect(inferred.stdout.contains("# undecided: "), "\(inferred.stdout)")
        try Data(inferred.stdout.utf8).write(to: schema)
        let checked = try CLI.run(["csv", "--schema", schema.path, "--normalize", file.path])
        #expect(checked.status == 0, "\(checked.stderr)")
        #expect(checked.stdout == "datum\n" + thai.stdout)
    }

    /// Buddhist years a Gregorian reading cannot take decide the calendar: 29 February 2567
    /// (2024) exists, 29 February 2567 in the Gregorian calendar does not. Thai month names
    /// are read in th_TH's calendar. Either way the schema reads the dates back as written.
    @Test(arguments: [
        (["--to-pattern", "d/M/yyyy"], "dd/MM/yyyy (Buddhist calendar, th_TH)"),
        (["--to-style", "medium"], "d MMM y (medium style, th_TH)"),
    ])
    func thaiDatesThatDecideTheCalendarReadBackAsWritten(options: [String], candidate: String) throws {
        let written = ["2026-04-13", "2024-02-29", "1997-12-01", "1969-01-30"]
        let thai = try CLI.run(
            ["date", "--pattern", "yyyy-MM-dd", "--to", "th_TH"] + options, input: written.joined(separator: "\n"))
        #expect(thai.status == 0, "\(thai.stderr)")
        let file = CLI.temporaryFile("thai-decided.csv")
        let schema = CLI.temporaryFile("thai-decided.yaml")
        defer {
            try? FileManager.default.removeItem(at: file)
            try? FileManager.default.removeItem(at: schema)
        }
        try Data(("datum\n" + thai.stdout).utf8).write(to: file)
        let run = try CLI.run(["infer", "--json", file.path])
        let column = try #require(Self.columns(run)["datum"])
        #expect(column["decided"] as? Bool == true, "\(column)")
        #expect((column["candidates"] as? [String])?.first == candidate, "\(column)")
        let calendar = (column["conventions"] as? [String: [String]])?["calendar"] ?? []
        #expect(calendar.count == 1 && calendar.first?.hasPrefix("Buddhist") == true, "\(calendar)")
        let inferred = try CLI.run(["infer", "--schema", file.path])
        try Data(inferred.stdout.utf8).write(to: schema)
        let checked = try CLI.run(["csv", "--schema", schema.path, "--normalize", file.path])
        #expect(checked.status == 0, "\(checked.stderr)")
        #expect(checked.stdout == "datum\n" + written.joined(separator: "\n") + "\n")
    }

    /// Issue 16: a convention set aside early (en_US, while every decimal has a comma) must
    /// still win when the rest of the values decide for it: infer reads the file again with
    /// every convention rather than answer from counts it did not finish.
    @Test func aConventionSetAsideEarlyStillWins() throws {
        let values = (1...3000).map { row in row % 10 != 0 ? "\(row)" : row <= 600 ? "\(row),5" : "\(row).5" }
        let file = CLI.temporaryFile("commas-then-points.txt")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data((values.joined(separator: "\n") + "\n").utf8).write(to: file)
        for arguments in [["infer", "--json", file.path], ["infer", "--json", "--all-rows", "-"]] {
            let run =
                arguments.last == "-"
                ? try CLI.run(arguments, stdin: Data(contentsOf: file)) : try CLI.run(arguments)
            let column = try #require(Self.columns(run).values.first)
            #expect((column["candidates"] as? [String])?.first == "en_US", "\(column)")
            let outliers = column["outliers"] as? [[String: Any]] ?? []
            #expect(outliers.count == 20)
            #expect(outliers.first?["value"] as? String == "10,5")
            #expect(outliers.first?["row"] as? Int == 10)
        }
    }

    /// stdin is copied for a second reading into `$TMPDIR` (it went to /tmp whatever TMPDIR
    /// said, so a user could not point it at a larger disk).
    @Test func stdinIsCopiedIntoTMPDIR() throws {
        // A pipe, not a file: a file is read twice without a copy.
        let run = try CLI.shell("printf '1,5\\n2,5\\n' | TMPDIR=/nonexistent-fieldcheck \"$FIELDCHECK\" infer")
        #expect(run.status == 3)
        #expect(run.stderr.contains("cannot create a temporary file in /nonexistent-fieldcheck"))
        let directory = CLI.temporaryFile("tmpdir")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = try CLI.shell("printf '1,5\\n2,5\\n' | TMPDIR='\(directory.path)' \"$FIELDCHECK\" infer")
        #expect(good.status == 0)
        #expect(good.stdout.contains("decimal mark: ,"))
    }

    /// On the bundled sample: the value said to rule a date pattern out is one the chosen
    /// pattern reads (`31.02.2026`, read by none, was named against dd.MM.yyyy). Its dates are
    /// written with four-digit years but one (`19.4.26`): the column's convention is
    /// dd.MM.yyyy with that one as an outlier, and the schema's format is one other tools read
    /// (dd.MM.yy, which reads both, was chosen, said "year digits: 2" and wrote a UTS #35
    /// pattern strptime has no form for).
    @Test func theSampleSaysWhatDecidedAndWhatOtherToolsCannotRead() throws {
        let sample = CSVCommandTests.sample
        let report = try CLI.run(["infer", sample])
        #expect(report.stdout.contains("year digits: 4\n"), "\(report.stdout)")
        #expect(report.stdout.contains("outlier: row 12 '19.4.26': the year '26' at column 6 is too short"))
        #expect(report.stdout.contains("[two_digit_year]\n"))
        #expect(!report.stdout.contains("'31.02.2026' (row 5) rules out"))
        let schema = try CLI.run(["infer", "--schema", sample])
        #expect(
            schema.stdout.contains(
                "# 2 outliers in the rows read\n  - name: \"date\"\n    type: \"date\"\n    format: \"%d.%m.%Y\"\n"),
            "\(schema.stdout)")
    }

    /// Outliers past the twenty listed are counted, in the report, the schema's comment and
    /// the JSON (the schema said "20 outliers" of a column with 250).
    @Test func everyOutlierIsCountedThoughTwentyAreListed() throws {
        let file = CLI.temporaryFile("many-outliers.csv")
        let rows = (1...5000).map { $0 % 20 == 0 ? "31.02.2025" : "13.04.2025" }
        try ("d\n" + rows.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let report = try CLI.run(["infer", file.path])
        #expect(report.status == 1)
        #expect(report.stdout.components(separatedBy: "  outlier: row ").count - 1 == 20)
        #expect(report.stdout.contains("  outliers: 250 in all, the first 20 listed\n"), "\(report.stdout)")
        let schema = try CLI.run(["infer", "--schema", file.path])
        #expect(schema.stdout.contains("# 250 outliers in the rows read\n"), "\(schema.stdout)")
        let json = try CLI.run(["infer", "--json", file.path])
        let column = try #require(json.objects.first { $0["kind"] as? String == "column" })
        #expect(column["outlierCount"] as? Int == 250)
        #expect((column["outliers"] as? [Any])?.count == 20)
    }

    /// Trial defect 8 (stop 55): `1,234` reads in en_US and de_DE; `5,5` rules en_US out and
    /// decides the decimal mark, but en_US differs from de_DE in grouping too, and only
    /// conventions one facet apart were shown: the report named no value for the mark.
    @Test func theValueThatDecidesTheDecimalMarkIsShown() throws {
        let file = CLI.temporaryFile("decimal-mark.csv")
        try "n\n1,234\n5,5\n12,75\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let report = try CLI.run(["infer", file.path])
        #expect(report.stdout.contains("  decimal mark: ,\n"), "\(report.stdout)")
        #expect(
            report.stdout.contains("  decided by: '5,5' (row 2) rules out en_US [misplaced_grouping_separator]\n"),
            "\(report.stdout)")
        // Not the digits nor the calendar, which every value decides.
        #expect(!report.stdout.contains("rules out ar_EG"), "\(report.stdout)")
        let json = try CLI.run(["infer", "--json", file.path])
        let column = try #require(json.objects.first { $0["column"] as? String == "n" })
        let decidedBy = try #require(column["decidedBy"] as? [[String: Any]])
        #expect(decidedBy.contains { $0["candidate"] as? String == "en_US" && $0["value"] as? String == "5,5" })
    }

    /// Trial defect 2 (stop 55): whole German percents (`10 %`) show no decimal mark; the
    /// schema fixed en_US's `.` without a word, and `--locale de_DE` could not choose, for the
    /// column was decided. Now the schema says so, and `--locale` puts its convention first.
    @Test func aDecimalMarkTheValuesDoNotShowIsSaidAndTheLocaleChoosesIt() throws {
        let file = CLI.temporaryFile("whole-percents.csv")
        let schemaFile = CLI.temporaryFile("whole-percents.yaml")
        defer { for url in [file, schemaFile] { try? FileManager.default.removeItem(at: url) } }
        try "q\n10 %\n5 %\n20 %\n".write(to: file, atomically: true, encoding: .utf8)
        let plain = try CLI.run(["infer", "--schema", file.path])
        #expect(plain.stdout.contains("decimalChar: \".\""), "\(plain.stdout)")
        #expect(
            plain.stdout.contains(
                "the values show no decimal mark: decimalChar \".\" is en_US's, one of the conventions that read "
                    + "them alike (. or ,); infer --locale chooses another"), "\(plain.stdout)")
        let german = try CLI.run(["infer", "--locale", "de_DE", "--schema", file.path])
        #expect(german.stdout.contains("locale: \"de_DE\""), "\(german.stdout)")
        #expect(german.stdout.contains("decimalChar: \",\""), "\(german.stdout)")
        #expect(!german.stdout.contains("the values show no decimal mark"), "\(german.stdout)")
        let report = try CLI.run(["infer", "--locale", "de_DE", file.path])
        #expect(report.stdout.contains("column 'q': number (settled by --locale de_DE)\n"), "\(report.stdout)")
        try Data(german.stdout.utf8).write(to: schemaFile)
        let checked = try CLI.run(
            ["csv", "--schema", schemaFile.path, "--normalize"], input: "q\n10 %\n\"10,5 %\"\n")
        #expect(checked.status == 0, "\(checked.stderr)")
        #expect(checked.stdout == "q\n10\n10.5\n")
    }

    /// Trial 57, defect 5: `--locale` adds the locale's own number forms when they are none of
    /// the built-in conventions. ja_JP writes numbers as en_US does, and its schema named en_US;
    /// pl_PL's plain numbers read as fr_FR's (the locale's own grouping, U+00A0, is what csv's
    /// warning then names).
    @Test(arguments: [
        ("ja_JP", "amount\n1234.50\n99.00\n12.5\n", "decimalChar: \".\""),
        ("pl_PL", "kwota\n\"1\u{A0}234,50\"\n99,00\n12,5\n", "decimalChar: \",\""),
    ])
    func theLocaleAskedForIsTheSchemasWhenItReadsTheValues(locale: String, csv: String, decimal: String) throws {
        let file = CLI.temporaryFile("locale-\(locale).csv")
        let schemaFile = CLI.temporaryFile("locale-\(locale).yaml")
        defer { for url in [file, schemaFile] { try? FileManager.default.removeItem(at: url) } }
        try csv.write(to: file, atomically: true, encoding: .utf8)
        let schema = try CLI.run(["infer", "--locale", locale, "--schema", file.path])
        #expect(schema.status == 0, "\(schema.stderr)")
        #expect(schema.stdout.contains("locale: \"\(locale)\""), "\(schema.stdout)")
        #expect(schema.stdout.contains(decimal), "\(schema.stdout)")
        let report = try CLI.run(["infer", "--locale", locale, file.path])
        #expect(report.stdout.contains("(settled by --locale \(locale))"), "\(report.stdout)")
        #expect(report.stdout.contains("read alike by: \(locale), "), "\(report.stdout)")
        // Without it, a built-in convention that reads them alike is named.
        let plain = try CLI.run(["infer", "--schema", file.path])
        #expect(!plain.stdout.contains("locale: \"\(locale)\""), "\(plain.stdout)")
        try Data(schema.stdout.utf8).write(to: schemaFile)
        let checked = try CLI.run(["csv", "--schema", schemaFile.path, "--check", file.path])
        #expect(checked.status == 0, "\(checked.stderr)")
    }

    /// Trial 56, defect 1: a currency or percent column has `bareNumber: false`, under which
    /// other tools take U+2212 MINUS SIGN for text and read `−1 450,37 €` as 1450.37: the
    /// schema says so, where csv reads it negative.
    @Test func aMinusSignOtherToolsReadPastIsSaid() throws {
        let file = CLI.temporaryFile("minus.csv")
        defer { try? FileManager.default.removeItem(at: file) }
        try "Montant;Taux\n−1\u{A0}450,37\u{A0}€;−2,5\u{A0}%\n250,00\u{A0}€;3,1\u{A0}%\n−5,00\u{A0}€;1\u{A0}%\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let schema = try CLI.run(["infer", "--schema", file.path])
        #expect(
            schema.stdout.contains(
                "# 2 values are written with U+2212 MINUS SIGN, which other tools read as text around the number "
                    + "(−5 reads as 5 there); csv reads them negative\n  - name: \"Montant\""), "\(schema.stdout)")
        #expect(schema.stdout.contains("1 value is written with U+2212 MINUS SIGN"), "\(schema.stdout)")
        let plain = try CLI.run(["infer", "--schema"], input: "n\n1,5\n2,5\n")
        #expect(!plain.stdout.contains("MINUS SIGN"))
    }

    /// `-$329.34`: frictionless-py rejects a sign before the currency symbol (it reads text
    /// around a number only), so the schema says how many values write it; `$-5` and `-5 €`
    /// are not counted.
    @Test func aSignBeforeTheCurrencySymbolIsSaid() throws {
        let schema = try CLI.run(
            ["infer", "--schema", "--csv"], input: "Amount\n$256.11\n-$329.34\n$1,250.00\n-$5.00\n")
        #expect(
            schema.stdout.contains(
                "# 2 values write the minus sign before the currency symbol (as -$5), which other tools reject: "
                    + "they read text around a number, not between its sign and its digits; csv reads them negative\n"),
            "\(schema.stdout)")
        let after = try CLI.run(["infer", "--schema", "--csv"], input: "Betrag\n-5,00 €\n12,50 €\n")
        #expect(after.stdout.contains("bareNumber: false"), "\(after.stdout)")
        #expect(!after.stdout.contains("minus sign before"), "\(after.stdout)")
    }

    /// Trial defect 9 (stop 55): birthdates half with two-digit years and half with four said
    /// "year digits: 2" alone, as if every year had two.
    @Test func twoAndFourDigitYearsAreBothSaid() throws {
        let file = CLI.temporaryFile("mixed-years.csv")
        try "name,birthdate\nAnna,13.04.1969\nBert,02.11.85\nCarl,28.02.2001\nDora,15.07.99\nEmil,31.12.1975\n"
            .write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let report = try CLI.run(["infer", file.path])
        #expect(report.status == 0, "\(report.stderr)")
        #expect(
            report.stdout.contains("  year digits: 2 and 4 (3 of the 5 values have four; dd.MM.yy reads both)\n"),
            "\(report.stdout)")
        let json = try CLI.run(["infer", "--json", file.path])
        let column = try #require(json.objects.first { $0["column"] as? String == "birthdate" })
        let four = try #require(column["fourDigitYears"] as? [String: Any])
        #expect(four["count"] as? Int == 3)
        #expect(four["exact"] as? Bool == true)
        let name = try #require(json.objects.first { $0["column"] as? String == "name" })
        #expect(name["fourDigitYears"] is NSNull)
    }

    /// A timestamp whose days are all 12 or less reads as day-first and month-first alike: the
    /// column is undecided, and text in a schema, never a guess.
    @Test func aTimestampOfEitherFieldOrderIsUndecided() throws {
        let file = CLI.temporaryFile("either-order.csv")
        defer { try? FileManager.default.removeItem(at: file) }
        try "at\n01/02/2025 10:00\n03/04/2025 11:30\n".write(to: file, atomically: true, encoding: .utf8)
        let report = try CLI.run(["infer", file.path])
        #expect(report.status == 1)
        #expect(
            report.stdout.contains(
                "column 'at': datetime, undecided: '01/02/2025 10:00' is 2025-02-01T10:00:00 as dd/MM/yyyy HH:mm "
                    + "and 2025-01-02T10:00:00 as MM/dd/yyyy HH:mm"),
            "\(report.stdout)")
        let schema = try CLI.run(["infer", "--schema", file.path])
        #expect(schema.stdout.contains("  - name: \"at\"\n    type: \"string\""), "\(schema.stdout)")
    }

    /// When many conventions are ruled out, the few shown are those of the separators: the
    /// value that rules out en_US's thousands for en_IN's lakh grouping was among "4 more",
    /// behind bn_BD's digits.
    @Test func theLakhEvidenceIsAmongTheFewShown() throws {
        let report = try CLI.run(["infer", "--csv"], input: "Debit\n51,551.98\n2,89,072.09\n1,234.00\n")
        #expect(report.stdout.contains("  grouping: , (lakh: 3, then 2)\n"), "\(report.stdout)")
        #expect(
            report.stdout.contains(
                "  decided by: '2,89,072.09' (row 2) rules out en_US [misplaced_grouping_separator]\n"),
            "\(report.stdout)")
        #expect(report.stdout.contains("more conventions ruled out"), "\(report.stdout)")
        #expect(!report.stdout.contains("rules out bn_BD"), "\(report.stdout)")
    }

    /// The width of month names the values write is said, and a column of both widths gets a
    /// schema comment: fieldcheck reads both, a strptime format one.
    @Test func theWidthOfMonthNamesIsSaid() throws {
        let full = CLI.temporaryFile("full-months.csv")
        let mixed = CLI.temporaryFile("mixed-months.csv")
        defer { for url in [full, mixed] { try? FileManager.default.removeItem(at: url) } }
        try "when\n\"January 13, 2025\"\n\"February 9, 2025\"\n".write(to: full, atomically: true, encoding: .utf8)
        try "when\n\"January 13, 2025\"\n\"Jan 14, 2025\"\n\"May 1, 2025\"\n\"February 2, 2025\"\n"
            .write(to: mixed, atomically: true, encoding: .utf8)
        let report = try CLI.run(["infer", full.path])
        #expect(report.status == 0, "\(report.stderr)")
        #expect(report.stdout.contains("  pattern: MMMM d, y\n"), "\(report.stdout)")
        #expect(
            report.stdout.contains("  month names written: in full, as in 'January 13, 2025' (MMMM)\n"),
            "\(report.stdout)")
        let schema = try CLI.run(["infer", "--schema", full.path])
        #expect(schema.stdout.contains("format: \"%B %d, %Y\""), "\(schema.stdout)")
        let both = try CLI.run(["infer", mixed.path])
        #expect(
            both.stdout.contains(
                "  month names written: in full in 2 values, as in 'January 13, 2025', and abbreviated in 1, "
                    + "as in 'Jan 14, 2025'; MMM d, y reads both, a strptime format one width only (%B or %b)\n"),
            "\(both.stdout)")
        let json = try CLI.run(["infer", "--json", mixed.path])
        let column = try #require(json.objects.first { $0["column"] as? String == "when" })
        let widths = try #require(column["monthNames"] as? [String: Any])
        #expect(widths["full"] as? Int == 2)
        #expect(widths["abbreviated"] as? Int == 1)
        let bothSchema = try CLI.run(["infer", "--schema", mixed.path])
        #expect(
            bothSchema.stdout.contains(
                "# the values write month names in full (2) and abbreviated (1): fieldcheck reads both; other "
                    + "tools' strptime reads one width (%B or %b) and rejects the other\n"),
            "\(bothSchema.stdout)")
        // csv reads every value with the schema written for both.
        let schemaFile = CLI.temporaryFile("mixed-months.yaml")
        defer { try? FileManager.default.removeItem(at: schemaFile) }
        try bothSchema.stdout.write(to: schemaFile, atomically: true, encoding: .utf8)
        let check = try CLI.run(["csv", "--schema", schemaFile.path, "--check", mixed.path])
        #expect(check.status == 0, "\(check.stderr)")
    }

    /// The comment that a date format is fieldcheck's own stays beside the outlier count (the
    /// count replaced it, and Frictionless then refused every date without a word).
    @Test func aFormatOtherToolsCannotReadIsSaidBesideTheOutliers() throws {
        let file = CLI.temporaryFile("two-digit-years.csv")
        try
            "date\n13.04.26\n01.02.26\n28.02.26\n14.4.2026\n15.04.26\n16.04.26\n17.04.26\n18.04.26\n19.04.26\n20.04.26\n31.02.26\n"
            .write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let schema = try CLI.run(["infer", "--schema", file.path])
        #expect(
            schema.stdout.contains(
                "# format is a UTS #35 pattern, a fieldcheck extension: strptime cannot read this pattern, "
                    + "so other tools may not read this field; 1 outlier in the rows read\n  - name: \"date\""),
            "\(schema.stdout)")
    }
}
