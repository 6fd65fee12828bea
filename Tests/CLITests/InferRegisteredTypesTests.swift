import Foundation
import Testing

/// `infer` tries the registered types that say so (`FieldType.inferred`: datetime, time,
/// yearmonth, duration) on a column no number, date or identifier convention reads, and
/// `infer --schema` names them as Table Schema does: the schema `csv` and Frictionless read.
@Suite struct InferRegisteredTypesTests {
    static let table = """
        id,at,took,month,opens
        1,2026-04-13T13:45:30Z,P1D,2026-04,13:45:30
        2,2026-04-14T10:00:00+02:00,PT2H,2026-05,08:00:00.5
        3,2026-04-15T10:00:00,P1Y2M,2025-12,23:59:59Z
        4,2026-04-15T10:00:00.250Z,P3W,2024-01,07:15:00+01:00

        """

    static func folder() throws -> URL {
        let folder = CLI.temporaryFile("infer-types")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(table.utf8).write(to: folder.appendingPathComponent("events.csv"))
        return folder
    }

    @Test func isoColumnsAreInferredAsTheirTableSchemaTypes() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("events.csv").path
        let report = try CLI.run(["infer", csv])
        #expect(report.status == 0, "\(report.stderr)")
        for (column, type) in [("at", "datetime"), ("took", "duration"), ("month", "yearmonth"), ("opens", "time")] {
            #expect(report.stdout.contains("column '\(column)': \(type)\n"), "\(report.stdout)")
        }
        // The header is told from the data by the types too.
        #expect(report.stdout.contains("header: yes"))
        let json = try CLI.run(["infer", "--json", csv])
        let types = json.objects.compactMap { $0["type"] as? String }
        #expect(types == ["integer", "datetime", "duration", "yearmonth", "time"], "\(json.stdout)")

        // The schema names them, and csv reads the file with it.
        let schema = folder.appendingPathComponent("events.schema.yaml")
        let written = try CLI.run(["infer", "--schema", csv])
        #expect(written.status == 0)
        try Data(written.stdout.utf8).write(to: schema)
        for type in ["datetime", "duration", "yearmonth", "time"] {
            #expect(written.stdout.contains("type: \"\(type)\""), "\(written.stdout)")
        }
        let check = try CLI.run(["csv", "--schema", schema.path, "--check", csv])
        #expect(check.status == 0, "\(check.stderr)")
    }

    /// A column is a datetime with at most a tenth of its values other (each an outlier), and
    /// text past that share; integers and dates keep their types.
    @Test func theOutlierShareDecides() throws {
        let datetimes = (10..<19).map { "2026-04-\($0)T13:45:30Z" }
        let one = try CLI.run(["infer"], input: (datetimes + ["soon"]).joined(separator: "\n") + "\n")
        #expect(one.stdout.contains("values: datetime"), "\(one.stdout)")
        #expect(one.stdout.contains("outlier: row 10 'soon'"), "\(one.stdout)")
        let two = try CLI.run(
            ["infer"], input: (datetimes.dropLast() + ["soon", "later"]).joined(separator: "\n") + "\n")
        #expect(two.stdout.contains("values: string"), "\(two.stdout)")
        #expect(try CLI.run(["infer"], input: "2026\n1300\n800\n").stdout.contains("values: integer"))
        // 0800 keeps its zero: a code, not a quantity.
        #expect(try CLI.run(["infer"], input: "2026\n1300\n0800\n").stdout.contains("values: string ('0800'"))
        #expect(try CLI.run(["infer"], input: "2026-04-13\n2026-04-14\n").stdout.contains("values: date"))
    }

    /// The types tell a header from the data: a first row that is no datetime is its names.
    @Test func theHeaderIsToldByTheTypes() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let isoOnly = folder.appendingPathComponent("iso.csv")
        try Data("at,took\n2026-04-13T13:45:30Z,P1D\n2026-04-14T10:00:00Z,PT2H\n".utf8).write(to: isoOnly)
        let run = try CLI.run(["infer", isoOnly.path])
        #expect(
            run.stdout.contains("header: yes ('at' in row 1 is not a datetime value like the rest"), "\(run.stdout)")
    }

    /// frictionless-py reads the file with the schema infer wrote, and finds it valid.
    @Test(
        .enabled(
            if: InferPackageTests.frictionless != nil, "needs python3 with frictionless (pip install frictionless)"))
    func frictionlessReadsTheTypes() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let written = try CLI.run(["infer", "--schema", folder.appendingPathComponent("events.csv").path])
        try Data(written.stdout.utf8).write(to: folder.appendingPathComponent("events.schema.yaml"))
        let printed = try InferPackageTests.frictionlessOutput(
            """
            from frictionless import Resource, Schema
            schema = Schema.from_descriptor("events.schema.yaml")
            report = Resource(path="events.csv", schema=schema).validate()
            print([field.type for field in schema.fields], report.valid)
            """, in: folder)
        #expect(printed == "['integer', 'datetime', 'duration', 'yearmonth', 'time'] True\n", "\(printed)")
    }
}
