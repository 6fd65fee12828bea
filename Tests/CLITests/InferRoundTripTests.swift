import Foundation
import Testing

/// What a new user found trying `infer` (stop 45): a schema it writes must read the file it
/// came from, and the rows it names are the rows `csv` names.
@Suite struct InferRoundTripTests {
    /// Writes `text` to a temporary file; the caller removes it.
    static func file(_ name: String, _ text: String) throws -> URL {
        try CLI.temporaryFile(name, holding: text)
    }

    /// A percent or currency column: `infer --schema` writes `bareNumber: false` (which other
    /// tools read), and for a currency `style` (fieldcheck's); `csv` read the second first,
    /// stripped the sign, and rejected every cell for the missing sign. A percent column's
    /// `style: percent` read 12% as 0.12 where other tools read the same schema as 12: it
    /// has `percentValue: written`, and reads 12.
    @Test(arguments: [
        ("p\n12%\n5%\n0.5%\n", "percentValue: \"written\"", "p\n12\n5\n0.5\n", "0.5\n", ": '0.5': "),
        (
            "c;u\n1.234,56 €;$1,234.56\n99,90 €;$5.00\n0,99 €;$12.00\n", "style: \"currency\"", nil, "12 $;$5.00\n",
            ": '12 $': "
        ),
    ])
    func aStyledNumberColumnReadsBackThroughItsSchema(
        csv: String, style: String, normalized: String?, badRow: String, quoted: String
    ) throws {
        let data = try Self.file("styled.csv", csv)
        let schema = CLI.temporaryFile("styled.yaml")
        defer { for url in [data, schema] { try? FileManager.default.removeItem(at: url) } }
        let written = try CLI.run(["infer", "--schema", data.path])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stdout.contains(style), "\(written.stdout)")
        #expect(written.stdout.contains("bareNumber: false"), "\(written.stdout)")
        try Data(written.stdout.utf8).write(to: schema)
        let checked = try CLI.run(["csv", "--schema", schema.path, "--normalize", data.path])
        #expect(checked.status == 0, "\(checked.stderr)")
        #expect(checked.stderr.isEmpty, "\(checked.stderr)")
        if let normalized { #expect(checked.stdout == normalized) }
        // A cell the column does not read is still rejected, quoted whole.
        let bad = try Self.file("styled-bad.csv", csv + badRow)
        defer { try? FileManager.default.removeItem(at: bad) }
        let rejected = try CLI.run(["csv", "--schema", schema.path, "--check", bad.path])
        #expect(rejected.status == 1, "\(rejected.stderr)")
        #expect(rejected.stderr.contains(quoted), "\(rejected.stderr)")
    }

    /// Without a header the first record is data row 1: `infer` read it last and numbered it
    /// after the others, every other row one early.
    @Test(arguments: [["--no-header"], []])
    func aFileWithoutAHeaderIsNumberedAsCSVNumbersIt(options: [String]) throws {
        let rows = (1...20).map { row in
            let day = row == 10 ? "31.02.2026" : String(format: "%02d.04.2026", row)
            return "\(row),\(day),\(row % 2 == 0 ? "DE" : "FR")"
        }
        let data = try Self.file("no-header.csv", rows.joined(separator: "\n") + "\n")
        defer { try? FileManager.default.removeItem(at: data) }
        let inferred = try CLI.run(["infer"] + options + [data.path])
        #expect(inferred.stdout.contains("header: no"), "\(inferred.stdout)")
        #expect(inferred.stdout.contains("outlier: row 10 '31.02.2026'"), "\(inferred.stdout)")
        // The rows named as deciding evidence are the rows holding those values.
        for line in inferred.stdout.split(separator: "\n") where line.contains("decided by: '") {
            let value = line.split(separator: "'")[1]
            guard let row = line.range(of: "(row ").map({ line[$0.upperBound...].prefix { $0.isNumber } }),
                let number = Int(row)
            else { continue }
            #expect(rows[number - 1].contains(value), "\(line) is not row \(number): \(rows[number - 1])")
        }
        let checked = try CLI.run(["csv", "--no-header", "--column", "column2=date::dd.MM.yyyy", "--check", data.path])
        #expect(checked.stderr.contains("row 10 (line 10)"), "\(checked.stderr)")
        // Told there is no header, infer reads the first record in its turn: the first value
        // that rules a convention out is row 1's.
        if options == ["--no-header"] {
            let amounts = try Self.file("amounts.csv", "1,\"1.234,5\"\n2,\"2.000,25\"\n3,\"0,99\"\n")
            defer { try? FileManager.default.removeItem(at: amounts) }
            let first = try CLI.run(["infer", "--no-header", amounts.path])
            #expect(first.stdout.contains("decided by: '1.234,5' (row 1) rules out fr_FR"), "\(first.stdout)")
        }
    }

    /// A value that rules out an identifier convention is named with the code that convention
    /// gives it: read strictly, `DE` is a language tag only with a warning (code_normalized),
    /// not an invalid date.
    @Test func anIdentifierRuledOutSaysWhy() throws {
        let data = try Self.file("countries.csv", "c\nDE\nFR\nAT\n")
        defer { try? FileManager.default.removeItem(at: data) }
        let inferred = try CLI.run(["infer", data.path])
        #expect(
            inferred.stdout.contains("rules out language BCP 47 language tag [code_normalized]"), "\(inferred.stdout)")
        #expect(!inferred.stdout.contains("[invalid_date]"), "\(inferred.stdout)")
    }

    /// `csv --schema -` reads the schema from standard input, so that `infer --schema` pipes
    /// into it; the data then comes from the files named, never from the same input.
    @Test func theSchemaMayComeFromStandardInput() throws {
        let data = try Self.file("piped.csv", "id,price\n1,\"1.234,50\"\n2,\"9,99\"\n")
        defer { try? FileManager.default.removeItem(at: data) }
        let schema = try CLI.run(["infer", "--schema", data.path])
        #expect(schema.status == 0, "\(schema.stderr)")
        let checked = try CLI.run(["csv", "--schema", "-", "--normalize", data.path], input: schema.stdout)
        #expect(checked.status == 0, "\(checked.stderr)")
        #expect(checked.stdout == "id,price\n1,1234.50\n2,9.99\n")
        let both = try CLI.run(["csv", "--schema", "-"], input: schema.stdout)
        #expect(both.status == 2)
        #expect(both.stderr.contains("standard input cannot be both"), "\(both.stderr)")
    }

    /// A decided column's facet that the values do not show (the decimal mark of integers) is
    /// said so, not called undecided beside an answer that is decided.
    @Test func aFacetTheValuesDoNotShowIsNotUndecided() throws {
        let data = try Self.file("integers.csv", "n\n12\n13\n1400\n")
        defer { try? FileManager.default.removeItem(at: data) }
        let inferred = try CLI.run(["infer", data.path])
        #expect(inferred.status == 0, "\(inferred.stderr)")
        #expect(inferred.stdout.contains("decimal mark: not shown by the values: . or ,"), "\(inferred.stdout)")
        #expect(!inferred.stdout.contains("undecided"), "\(inferred.stdout)")
    }

    /// A header and no data: the columns are empty, not past the column limit.
    @Test func aHeaderWithoutDataIsEmptyColumns() throws {
        let data = try Self.file("header-only.csv", "a,b\n")
        defer { try? FileManager.default.removeItem(at: data) }
        let inferred = try CLI.run(["infer", data.path])
        #expect(inferred.status == 0, "\(inferred.stderr)")
        #expect(inferred.stdout.contains("column 'a': empty (no data rows)"), "\(inferred.stdout)")
        #expect(!inferred.stdout.contains("4096"), "\(inferred.stdout)")
    }
}
