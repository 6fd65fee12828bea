import Foundation
import Testing

/// Issue 29, 17: what `infer` writes, other tools read. `infer --package` writes a Data Package
/// (resource, dialect, encoding, schema) that `fieldcheck csv --package` reads clean and that
/// frictionless-py validates, with dates in Table Schema's strptime form (`%d.%m.%Y`).
@Suite struct InferPackageTests {
    static let banks = ["bank_de.csv", "bank_fr.csv", "bank_in.csv", "bank_us.csv"]

    /// A folder holding copies of the bank exports; removed by the caller.
    static func folder() throws -> URL {
        let folder = CLI.temporaryFile("infer-package")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in banks {
            try FileManager.default.copyItem(
                at: InferCommandTests.data.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        return folder
    }

    /// The python3 on the PATH, when it can import frictionless.
    static let frictionless: String? = {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let python = "\(directory)/python3"
            guard FileManager.default.isExecutableFile(atPath: python) else { continue }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: python)
            process.arguments = ["-c", "import frictionless"]
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { continue }
            process.waitUntilExit()
            return process.terminationStatus == 0 ? python : nil
        }
        return nil
    }()

    /// Runs `script` with the python3 that has frictionless, in `folder`; returns its stdout.
    static func frictionlessOutput(_ script: String, arguments: [String] = [], in folder: URL) throws -> String {
        let output = CLI.temporaryFile("frictionless")
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(frictionless))
        process.arguments = ["-c", script] + arguments
        process.currentDirectoryURL = folder
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: output)
        try process.run()
        process.waitUntilExit()
        return try String(contentsOf: output, encoding: .utf8)
    }

    @Test func thePackageIsReadByCsvAndItsDatesAreStrptime() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let package = folder.appendingPathComponent("datapackage.yaml")
        let infer = try CLI.run(
            ["infer", "--package", package.path] + Self.banks.map { folder.appendingPathComponent($0).path })
        #expect(infer.status == 0, "\(infer.stderr)")
        let text = try String(contentsOf: package, encoding: .utf8)
        #expect(text.contains("path: \"bank_de.csv\""))
        #expect(text.contains("encoding: \"windows-1252\""))
        #expect(text.contains("format: \"%d.%m.%Y\""))
        #expect(text.contains("format: \"%m/%d/%Y\""))
        #expect(!text.contains("dd.MM.yyyy"))
        let csv = try CLI.run(["csv", "--package", package.path, "--summary"])
        #expect(csv.status == 0, "\(csv.stderr)")
        // The same with JSON.
        let jsonPackage = folder.appendingPathComponent("datapackage.json")
        let json = try CLI.run(
            ["infer", "--package", jsonPackage.path] + Self.banks.map { folder.appendingPathComponent($0).path })
        #expect(json.status == 0)
        #expect(try CLI.run(["csv", "--package", jsonPackage.path]).status == 0)
    }

    @Test func aFileOutsideThePackageFolderIsRefused() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sub = folder.appendingPathComponent("sub")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        let package = sub.appendingPathComponent("datapackage.yaml")
        let run = try CLI.run(["infer", "--package", package.path, folder.appendingPathComponent("bank_de.csv").path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("is not inside"))
        #expect(!FileManager.default.fileExists(atPath: package.path))
    }

    /// frictionless-py reads the package `infer` wrote and finds every bank export valid.
    @Test(.enabled(if: frictionless != nil, "needs python3 with frictionless (pip install frictionless)"))
    func frictionlessValidatesWhatInferWrote() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let package = folder.appendingPathComponent("datapackage.yaml")
        let infer = try CLI.run(
            ["infer", "--package", package.path] + Self.banks.map { folder.appendingPathComponent($0).path })
        #expect(infer.status == 0)
        let printed = try Self.frictionlessOutput(
            """
            import sys, frictionless
            report = frictionless.validate(sys.argv[1])
            for task in report.tasks:
                print(task.name, task.valid, task.stats.get("rows"), [e.message for e in task.errors][:3])
            print("valid", report.valid)
            """, arguments: [package.path], in: folder)
        #expect(printed.contains("valid True"), "\(printed)")
        for name in ["bank_de", "bank_fr", "bank_in", "bank_us"] {
            #expect(printed.contains("\(name) True"), "\(printed)")
        }
    }

    /// What infer writes for whole numbers with grouping, identifiers and percents is read by
    /// frictionless-py, and to the same values as by fieldcheck: an integer with `1,234` was
    /// refused there, `format: country` made the whole schema invalid, and `style: percent`
    /// read 5% as 0.05 where frictionless (`bareNumber: false`) reads 5; en_US's month names
    /// are strptime's `%b` (a UTS #35 `MMM d, y` made frictionless refuse every date).
    @Test(.enabled(if: frictionless != nil, "needs python3 with frictionless (pip install frictionless)"))
    func frictionlessReadsWhatInferWroteAsFieldcheckDoes() throws {
        let folder = CLI.temporaryFile("interop")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let table =
            "n,pct,cc,cur,when\n\"1,234\",5%,DE,EUR,\"Jan 5, 2025\"\n5,10%,FR,USD,\"Feb 13, 2025\"\n"
            + "\"12,345,678\",12.5%,ES,JPY,\"Sep 30, 2025\"\n"
        try Data(table.utf8).write(to: folder.appendingPathComponent("t.csv"))
        let package = folder.appendingPathComponent("datapackage.json")
        let infer = try CLI.run(["infer", "--package", package.path, folder.appendingPathComponent("t.csv").path])
        #expect(infer.status == 0, "\(infer.stderr)")
        let schema = try CLI.run(["infer", "--schema", folder.appendingPathComponent("t.csv").path])
        let schemaFile = folder.appendingPathComponent("t.schema.yaml")
        try Data(schema.stdout.utf8).write(to: schemaFile)
        let normalized = try CLI.run(
            ["csv", "--schema", schemaFile.path, "--normalize", folder.appendingPathComponent("t.csv").path])
        #expect(normalized.status == 0, "\(normalized.stderr)")
        #expect(schema.stdout.contains("format: \"%b %d, %Y\""), "\(schema.stdout)")
        #expect(
            normalized.stdout
                == "n,pct,cc,cur,when\n1234,5,DE,EUR,2025-01-05\n5,10,FR,USD,2025-02-13\n12345678,12.5,ES,JPY,2025-09-30\n"
        )
        let printed = try Self.frictionlessOutput(
            """
            import sys, frictionless
            package = frictionless.Package(sys.argv[1])
            report = frictionless.validate(sys.argv[1])
            print("valid", report.valid, [e.message for task in report.tasks for e in task.errors][:3])
            for row in package.resources[0].read_rows():
                print(",".join(str(row[name]) for name in ["n", "pct", "cc", "cur", "when"]))
            """, arguments: [package.path], in: folder)
        #expect(printed.contains("valid True"), "\(printed)")
        #expect(
            printed.contains("1234,5,DE,EUR,2025-01-05\n5,10,FR,USD,2025-02-13\n12345678,12.5,ES,JPY,2025-09-30\n"),
            "\(printed)")
    }
}

extension InferPackageTests {
    /// Trial defect 4 (stop 55): fr_FR's own separator is U+202F, but a file grouped with
    /// U+00A0 (as spreadsheets write it) or with an apostrophe in de_CH where the locale has
    /// U+2019 got the locale's character as `groupChar`, and Frictionless rejected every
    /// grouped value. The schema names the character the values write.
    @Test(.enabled(if: frictionless != nil, "needs python3 with frictionless (pip install frictionless)"))
    func groupCharIsTheSeparatorTheValuesWrite() throws {
        let folder = CLI.temporaryFile("groupchar")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let table = "montant;chf\n1\u{A0}250,00;1'250.50\n4,50;12'345.00\n3\u{A0}480,15;7.25\n"
        let file = folder.appendingPathComponent("t.csv")
        try Data(table.utf8).write(to: file)
        let package = folder.appendingPathComponent("datapackage.json")
        let infer = try CLI.run(["infer", "--package", package.path, file.path])
        #expect(infer.status == 0, "\(infer.stderr)")
        let printed = try Self.frictionlessOutput(
            """
            import sys, frictionless
            package = frictionless.Package(sys.argv[1])
            print("groupChar", [f.group_char for f in package.resources[0].schema.fields])
            report = frictionless.validate(sys.argv[1])
            print("valid", report.valid, [e.message for task in report.tasks for e in task.errors][:3])
            for row in package.resources[0].read_rows():
                print(row["montant"], row["chf"])
            """, arguments: [package.path], in: folder)
        #expect(printed.contains("groupChar ['\\xa0', \"'\"]"), "\(printed)")
        #expect(printed.contains("valid True"), "\(printed)")
        #expect(printed.contains("1250.00 1250.50\n4.50 12345.00\n3480.15 7.25\n"), "\(printed)")
    }

    /// Dates with full English month names get strptime's `%B`, which Python reads them with
    /// (`%b` made frictionless-py reject every row), and csv reads the schema alike.
    @Test(.enabled(if: frictionless != nil, "needs python3 with frictionless (pip install frictionless)"))
    func fullMonthNamesAreReadByOtherTools() throws {
        let folder = CLI.temporaryFile("month-width")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("t.csv")
        try Data("when,n\n\"January 13, 2025\",1\n\"February 9, 2025\",2\n\"May 3, 2025\",3\n".utf8).write(to: file)
        let package = folder.appendingPathComponent("datapackage.json")
        let infer = try CLI.run(["infer", "--package", package.path, file.path])
        #expect(infer.status == 0, "\(infer.stderr)")
        let printed = try Self.frictionlessOutput(
            """
            import sys, frictionless
            package = frictionless.Package(sys.argv[1])
            print("format", package.resources[0].schema.fields[0].format)
            report = frictionless.validate(sys.argv[1])
            print("valid", report.valid, [e.message for task in report.tasks for e in task.errors][:3])
            print([str(row["when"]) for row in package.resources[0].read_rows()])
            """, arguments: [package.path], in: folder)
        #expect(printed.contains("format %B %d, %Y"), "\(printed)")
        #expect(printed.contains("valid True"), "\(printed)")
        #expect(printed.contains("['2025-01-13', '2025-02-09', '2025-05-03']"), "\(printed)")
        let check = try CLI.run(["csv", "--package", package.path, "--check"])
        #expect(check.status == 0, "\(check.stderr)")
    }

    /// Timestamps written with a space (`2025-07-18 19:57:44`, `18.07.2025 19:57`) are datetimes
    /// with the strptime format that reads them (they were text), read alike by frictionless-py
    /// and csv; ISO 8601 ones stay `type: datetime` alone.
    @Test(.enabled(if: frictionless != nil, "needs python3 with frictionless (pip install frictionless)"))
    func timestampsWithASpaceAreDatetimesOtherToolsRead() throws {
        let printed = try Self.packageReadByFrictionless(
            "id,booked,local,iso\n1,2025-07-18 19:57:44,18.07.2025 19:57,2025-07-18T19:57:44Z\n"
                + "2,2025-10-15 21:57:57,15.10.2025 21:57,2025-10-15T21:57:57Z\n", column: "booked"
        ) { package, _ in
            let checked = try CLI.run(["csv", "--package", package.path])
            #expect(checked.status == 0, "\(checked.stderr)")
        }
        #expect(
            printed.contains(
                "('booked', 'datetime', '%Y-%m-%d %H:%M:%S'), ('local', 'datetime', '%d.%m.%Y %H:%M'), "
                    + "('iso', 'datetime', 'default')"),
            "\(printed)")
        #expect(printed.contains("valid True"), "\(printed)")
        #expect(printed.contains("['2025-07-18 19:57:44', '2025-10-15 21:57:57']"), "\(printed)")
    }

    /// `csv` written to a folder of its own, `infer --package` run on it, and what frictionless-py
    /// makes of the package: its fields (name, type, format), whether it validates, and the
    /// values of `column` as it reads them. `then` runs with the package and the CSV file
    /// before the folder is removed.
    static func packageReadByFrictionless(_ csv: String, column: String, then: (URL, URL) throws -> Void) throws
        -> String
    {
        let folder = CLI.temporaryFile("package-\(column)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("t.csv")
        try Data(csv.utf8).write(to: file)
        let package = folder.appendingPathComponent("datapackage.json")
        let infer = try CLI.run(["infer", "--package", package.path, file.path])
        #expect(infer.status == 0, "\(infer.stderr)")
        let printed = try frictionlessOutput(
            """
            import sys, frictionless
            package = frictionless.Package(sys.argv[1])
            print([(f.name, f.type, f.format) for f in package.resources[0].schema.fields])
            report = frictionless.validate(sys.argv[1])
            print("valid", report.valid, [e.message for task in report.tasks for e in task.errors][:3])
            print([str(row[sys.argv[2]]) for row in package.resources[0].read_rows()])
            """, arguments: [package.path, column], in: folder)
        try then(package, file)
        return printed
    }

    /// Trial 57, defect 4: the timestamps databases and US or Japanese exports write were text:
    /// fractions of a second and a UTC offset with its minutes (PostgreSQL's `+01:00`), a
    /// twelve-hour clock (`10/28/2025 10:51:29 AM`, `2:30 PM`), `2025/01/03 14:05:00`, the
    /// abbreviated month between hyphens (`16-Sep-2025`). Each is now typed with the strptime
    /// format frictionless-py reads them with, and csv reads them with the same schema.
    @Test(.enabled(if: frictionless != nil, "needs python3 with frictionless (pip install frictionless)"))
    func timestampsOfDatabasesAndExportsAreTypesOtherToolsRead() throws {
        let csv =
            "pg,micro,us,jp,at,day\n"
            + "2025-03-04 12:34:56+01:00,2025-03-04 12:34:56.123456,10/28/2025 10:51:29 AM,2025/01/03 14:05:00,2:30 PM,16-Sep-2025\n"
            + "2025-03-05 08:00:00-05:00,2025-03-05 12:34:56.5,8/15/2025 1:46:44 PM,2025/12/31 23:59:59,11:05 AM,01-Jan-2024\n"
        let printed = try Self.packageReadByFrictionless(csv, column: "us") { package, file in
            let checked = try CLI.run(["csv", "--package", package.path])
            #expect(checked.status == 0, "\(checked.stderr)")
            let schema = try CLI.run(["infer", "--schema", file.path])
            let check = try CLI.run(["csv", "--schema", "-", "--normalize", file.path], input: schema.stdout)
            #expect(check.status == 0, "\(check.stderr)")
            #expect(
                check.stdout.split(separator: "\n").last
                    == "2025-03-05T08:00:00-05:00,2025-03-05T12:34:56.5,2025-08-15T13:46:44,2025-12-31T23:59:59,11:05:00,2024-01-01",
                "\(check.stdout)")
        }
        #expect(
            printed.contains(
                "[('pg', 'datetime', '%Y-%m-%d %H:%M:%S%z'), ('micro', 'datetime', '%Y-%m-%d %H:%M:%S.%f'), "
                    + "('us', 'datetime', '%m/%d/%Y %I:%M:%S %p'), ('jp', 'datetime', '%Y/%m/%d %H:%M:%S'), "
                    + "('at', 'time', '%I:%M %p'), ('day', 'date', '%d-%b-%Y')]"),
            "\(printed)")
        #expect(printed.contains("valid True"), "\(printed)")
        #expect(printed.contains("['2025-10-28 10:51:29', '2025-08-15 13:46:44']"), "\(printed)")
    }

    /// PostgreSQL writes a UTC offset of hours alone (`+01`), which fieldcheck reads and
    /// strptime's `%z` does not: the schema says so beside the format.
    @Test func anOffsetOfHoursAloneIsSaidInTheSchema() throws {
        let data = CLI.temporaryFile("pg-offsets.csv")
        defer { try? FileManager.default.removeItem(at: data) }
        try Data("id,created_at\n1,2025-06-05 12:41:03.075954+01\n2,2025-10-02 16:13:02.090122+01\n".utf8).write(
            to: data)
        let schema = try CLI.run(["infer", "--schema", data.path])
        #expect(schema.status == 0, "\(schema.stderr)")
        #expect(
            schema.stdout.contains(
                "  # 2 values write the UTC offset in hours alone (+01, as PostgreSQL does), which strptime's %z does not "
                    + "read: other tools may reject them; csv reads them\n  - name: \"created_at\"\n    type: \"datetime\"\n"
                    + "    format: \"%Y-%m-%d %H:%M:%S.%f%z\"\n"), "\(schema.stdout)")
        let check = try CLI.run(["csv", "--schema", "-", "--check", data.path], input: schema.stdout)
        #expect(check.status == 0, "\(check.stderr)")
    }

    /// A file that groups with several space variants gets the most used one, and a comment
    /// saying which others the values write (other tools reject those; csv reads all alike).
    @Test func valuesGroupedWithSeveralSpacesAreNamedInTheSchema() throws {
        let table = "id;n\n1;1\u{A0}250,00\n2;3\u{A0}480,15\n3;6\u{202F}730,15\n4;6 725,65\n5;2\u{A0}000,5\n"
        let data = CLI.temporaryFile("several-spaces.csv")
        let file = CLI.temporaryFile("several-spaces.yaml")
        defer { for url in [data, file] { try? FileManager.default.removeItem(at: url) } }
        try Data(table.utf8).write(to: data)
        let schema = try CLI.run(["infer", "--schema", data.path])
        #expect(schema.status == 0, "\(schema.stderr)")
        #expect(schema.stdout.contains("groupChar: \"\u{A0}\""), "\(schema.stdout)")
        #expect(
            schema.stdout.contains(
                "the values group with U+00A0 3 times, U+0020 once, U+202F once: groupChar is U+00A0; "
                    + "csv reads each as the locale's separator, other tools only groupChar"),
            "\(schema.stdout)")
        try Data(schema.stdout.utf8).write(to: file)
        let checked = try CLI.run(["csv", "--schema", file.path, "--normalize", "--warnings", "none", data.path])
        #expect(checked.status == 0, "\(checked.stderr)")
        #expect(checked.stdout == "id;n\n1;1250.00\n2;3480.15\n3;6730.15\n4;6725.65\n5;2000.5\n")
    }
}
