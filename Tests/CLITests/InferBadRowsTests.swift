import Foundation
import Testing

/// Rows csv rejects for their shape (a blank line, too many or too few cells, a quote never
/// closed, rows ending with lone CRs) are said by infer as csv says them, at the same row
/// numbers, and lend no values to the columns: a trial found infer skipping a blank line (every
/// row number after it one short of csv's), a phantom column of cells past the header, and a
/// quote never closed passing with exit status 0.
@Suite struct InferBadRowsTests {
    /// (row, line, code) of each bad row infer finds, and of each row csv rejects with the
    /// schema infer wrote: the same.
    @Test(arguments: [
        ("header.csv", "a,b\n1,2\n\n3,4\n5\n6,7,8\n9,10\n"),
        ("noheader.csv", "1,2\n\n3,4\n5\n6,7,8\n9,10\n"),
    ])
    func badRowsAreThoseCsvRejects(name: String, text: String) throws {
        let url = try CLI.temporaryFile(name, holding: text)
        let schema = CLI.temporaryFile(name + ".yaml")
        defer { for file in [url, schema] { try? FileManager.default.removeItem(at: file) } }
        let infer = try CLI.run(["infer", "--json", url.path])
        #expect(infer.status == 1, "\(infer.stderr)")
        let fileRecord = try #require(infer.objects.first)
        let badRows = try #require(fileRecord["badRows"] as? [[String: Any]])
        #expect(fileRecord["badRowCount"] as? Int == 3)
        let inferred = badRows.map {
            "\($0["row"] as? Int ?? 0) \($0["line"] as? Int ?? 0) \($0["code"] as? String ?? "")"
        }
        let written = try CLI.run(["infer", "--schema", url.path])
        #expect(
            written.stdout.contains(
                "# 3 rows csv rejects for their shape (infer lists them): row 2 (line \(name == "header.csv" ? 3 : 2)) "
                    + "ragged_row, row 4"),
            "\(written.stdout)")
        try Data(written.stdout.utf8).write(to: schema)
        let csv = try CLI.run(["csv", "--schema", schema.path, "--json", url.path])
        #expect(csv.status == 1)
        let rejected = csv.objects.filter { $0["severity"] as? String == "error" }.map {
            "\($0["row"] as? Int ?? 0) \($0["line"] as? Int ?? 0) \($0["code"] as? String ?? "")"
        }
        #expect(inferred == rejected, "\(infer.stdout)\n\(csv.stdout)")
        // The header's two columns, or the first row's: no column for the cells past them.
        let columns = infer.objects.filter { $0["kind"] as? String == "column" }
        #expect(columns.count == 2)
        #expect(
            columns.allSatisfy { $0["type"] as? String == "integer" && ($0["outliers"] as? [Any])?.isEmpty == true })
        #expect(fileRecord["rows"] as? Int == 6)
    }

    /// A name with a comma, unquoted, shifts the row's cells: the row is a bad row, and its
    /// shifted cells are no outliers of the columns they fall under.
    @Test func aShiftedRowLendsNoValues() throws {
        let url = try CLI.temporaryFile(
            "phantom.csv",
            holding: "Date,Note,Amount\n2025-01-01,a,1.50\n2025-01-02,Smith, John,2.50\n2025-01-03,c,3.50\n")
        defer { try? FileManager.default.removeItem(at: url) }
        let run = try CLI.run(["infer", url.path])
        #expect(run.status == 1)
        #expect(
            run.stdout.contains("  bad row: row 2 (line 3): the row has 4 cells where the header has 3 [ragged_row]\n"),
            "\(run.stdout)")
        #expect(!run.stdout.contains("outlier"), "\(run.stdout)")
        #expect(!run.stdout.contains("\nvalues:"), "\(run.stdout)")
        #expect(run.stdout.contains("column 'Amount': number\n"), "\(run.stdout)")
    }

    /// Amounts with a thousands comma, unquoted, in a comma file: the header still splits at
    /// the comma, and the rows that split otherwise are bad rows (the dialect fell back to ';'
    /// and one column, and csv passed the broken file).
    @Test func unquotedCommasInValuesKeepTheCommaDelimiter() throws {
        let url = try CLI.temporaryFile(
            "unquoted.csv",
            holding:
                "Date,Desc,Amount\n13/10/2024,TESCO,2,839.52\n13/12/2024,AMAZON,61.78\n14/12/2024,AMAZON,1,061.78\n")
        defer { try? FileManager.default.removeItem(at: url) }
        let run = try CLI.run(["infer", url.path])
        #expect(run.status == 1)
        #expect(
            run.stdout.contains(
                "  delimiter ',' (',' splits the header into 3 fields, but only 2 of the first 4 records alike: "
                    + "values with ',' in them, unquoted, make the others ragged rows)"),
            "\(run.stdout)")
        #expect(
            run.stdout.contains(
                "  bad row: row 1 (line 2): the row has 4 cells where the header has 3 [ragged_row]\n"
                    + "  bad row: row 3 (line 4): the row has 4 cells where the header has 3 [ragged_row]\n"),
            "\(run.stdout)")
        #expect(run.stdout.contains("column 'Amount': number\n"), "\(run.stdout)")
    }

    @Test func aQuoteNeverClosedIsABadRow() throws {
        let url = try CLI.temporaryFile("unterminated.csv", holding: "a,b\n\"unterminated,1\n2,3\n")
        defer { try? FileManager.default.removeItem(at: url) }
        let run = try CLI.run(["infer", url.path])
        #expect(run.status == 1)
        #expect(
            run.stdout.contains(
                "  bad row: row 1 (line 2): the quote at byte 1 of the row is never closed, so the rest of the input "
                    + "was read as one cell [malformed_csv]\n"),
            "\(run.stdout)")
        #expect(
            run.stdout.contains("column 'a': empty (no value read: the rows were too long or bad)\n"), "\(run.stdout)")
    }

    @Test func rowsEndingWithLoneCarriageReturnsAreSaid() throws {
        let url = try CLI.temporaryFile("mac.csv", holding: "Datum;Betrag\r13.01.2025;1,50\r14.01.2025;2,50\r")
        defer { try? FileManager.default.removeItem(at: url) }
        let run = try CLI.run(["infer", url.path])
        #expect(run.status == 1)
        #expect(
            run.stdout.contains(
                "  bad row: the header (line 1): it holds a carriage return that no line feed follows"),
            "\(run.stdout)")
    }

    /// In a file of one column a blank line is a row of one empty cell, which csv reads: no
    /// bad row.
    @Test func aBlankLineInOneColumnIsAnEmptyValue() throws {
        let url = try CLI.temporaryFile("one.csv", holding: "n\n1\n\n2\n")
        defer { try? FileManager.default.removeItem(at: url) }
        let run = try CLI.run(["infer", "--json", url.path])
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.objects.first?["badRowCount"] as? Int == 0)
        #expect(run.objects.first?["rows"] as? Int == 3)
    }
}
