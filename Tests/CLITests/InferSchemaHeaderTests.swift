import Foundation
import Testing

/// `infer --schema` on a CSV whose header repeats a name or has an empty cell: `csv --schema`
/// reads the schema unchanged and checks the same file clean, though Table Schema names each
/// field once and `csv` finds fields in the header by name.
@Suite struct InferSchemaHeaderTests {
    @Test(arguments: [
        ("dup,dup\n1,2\n", "repeats the name 'dup'"),
        ("a,\n1,2\n", "cell 2 of the header is empty"),
    ])
    func theInferredSchemaChecksTheSameFileClean(csv: String, note: String) throws {
        let input = CLI.temporaryFile("header.csv")
        try Data(csv.utf8).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        for json in [false, true] {
            let schema = CLI.temporaryFile(json ? "schema.json" : "schema.yaml")
            defer { try? FileManager.default.removeItem(at: schema) }
            let inferred = try CLI.run(["infer", "--schema", input.path] + (json ? ["--json"] : []))
            #expect(inferred.status == 0)
            #expect(inferred.stdout.contains(note), "the schema says which column it leaves out")
            try Data(inferred.stdout.utf8).write(to: schema)
            let checked = try CLI.run(["csv", "--schema", schema.path, input.path])
            #expect(checked.status == 0, "\(checked.stderr)")
            #expect(checked.stderr.isEmpty)
            #expect(checked.stdout == csv)
        }
    }

    /// Frictionless refuses `fieldsMatch: subset` on a header that repeats a name ("requires
    /// unique labels"), and checks no row: the schema says so, and not for an empty cell, which
    /// it reads.
    @Test func aRepeatedNameIsSaidToStopOtherTools() throws {
        let warning = "other tools (Frictionless) refuse to match fields by name in a header that repeats one"
        let repeated = try CLI.run(
            ["infer", "--schema", "--csv"], input: "Date,Amount,Amount\n2025-01-08,46.86,15.04\n")
        #expect(repeated.stdout.contains(warning), "\(repeated.stdout)")
        let empty = try CLI.run(["infer", "--schema", "--csv"], input: "Date,,Amount\n2025-01-08,x,15.04\n")
        #expect(empty.stdout.contains("cell 2 of the header is empty"), "\(empty.stdout)")
        #expect(!empty.stdout.contains(warning), "\(empty.stdout)")
    }

    @Test func theNamedColumnsAreStillChecked() throws {
        let input = CLI.temporaryFile("header.csv")
        try Data("n,n,\n1,2,3\n4,5,6\n".utf8).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let schema = CLI.temporaryFile("schema.yaml")
        defer { try? FileManager.default.removeItem(at: schema) }
        let inferred = try CLI.run(["infer", "--schema", input.path])
        try Data(inferred.stdout.utf8).write(to: schema)
        let bad = CLI.temporaryFile("bad.csv")
        try Data("n,n,\nx,2,3\n".utf8).write(to: bad)
        defer { try? FileManager.default.removeItem(at: bad) }
        let checked = try CLI.run(["csv", "--schema", schema.path, bad.path])
        #expect(checked.status == 1)
        #expect(checked.stderr.contains("column 'n'"), "\(checked.stderr)")
    }

    /// The extra cells of a ragged row are no header cells: the schema keeps exact matching
    /// and names no empty cell (it said "cell 3 of the header is empty" of a two-cell header
    /// and switched to subset); csv reports the row as ragged_row.
    @Test func aRaggedRowLeavesTheHeaderAsItIs() throws {
        let input = CLI.temporaryFile("ragged.csv")
        try Data("a,b\n1,2\n3,4,5\n".utf8).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let inferred = try CLI.run(["infer", "--schema", input.path])
        #expect(!inferred.stdout.contains("fieldsMatch"))
        #expect(!inferred.stdout.contains("header is empty"))
        let schema = CLI.temporaryFile("schema.yaml")
        defer { try? FileManager.default.removeItem(at: schema) }
        try Data(inferred.stdout.utf8).write(to: schema)
        let checked = try CLI.run(["csv", "--schema", schema.path, input.path])
        #expect(checked.status == 1)
        #expect(checked.stdout == "a,b\n1,2\n")
        #expect(checked.stderr.contains("the row has 3 cells where the header has 2 [ragged_row]"))
    }
}

extension InferSchemaHeaderTests {
    /// Trial defect 3 (stop 55): a pivot table's header of years (`Region;2023;2024;2025`)
    /// reads as a number in each column, and was taken as data (`header: no`, a schema of
    /// column1..column4). Successive years above columns of other numbers are a header; a
    /// column of years, or years out of step, stay data.
    @Test(arguments: [
        ("Region;2023;2024;2025\nNord;1.234,50;1.300,00;1.410,75\nSüd;980,00;1.020,10;1.100,00\n", true),
        ("Land;2020;2022\nA;120;130\nB;7;9\n", true),
        ("2023;2024\n2019;2020\n2001;2002\n", false),
        ("2023;2025;2024\n120;130;140\n7;9;11\n", false),
    ])
    func aPivotHeaderOfYearsIsAHeader(csv: String, header: Bool) throws {
        let input = CLI.temporaryFile("pivot.csv")
        let schema = CLI.temporaryFile("pivot.yaml")
        defer { for url in [input, schema] { try? FileManager.default.removeItem(at: url) } }
        try Data(csv.utf8).write(to: input)
        let report = try CLI.run(["infer", input.path])
        #expect(report.stdout.contains("  header: \(header ? "yes" : "no") ("), "\(report.stdout)")
        #expect(report.stdout.contains("successive years") == header, "\(report.stdout)")
        guard header else { return }
        let inferred = try CLI.run(["infer", "--schema", input.path])
        let first = csv.split(separator: "\n")[0].split(separator: ";")
        for name in first { #expect(inferred.stdout.contains("- name: \"\(name)\""), "\(inferred.stdout)") }
        try Data(inferred.stdout.utf8).write(to: schema)
        let checked = try CLI.run(["csv", "--schema", schema.path, "--check", input.path])
        #expect(checked.status == 0, "\(checked.stderr)")
    }
}
