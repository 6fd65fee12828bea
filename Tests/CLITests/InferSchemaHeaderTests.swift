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
