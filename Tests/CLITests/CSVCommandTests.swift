import Foundation
import Testing

/// `fieldcheck csv` through the real binary, on the bundled sample and on small tables.
@Suite struct CSVCommandTests {
    static let data = ManPageTests.root.appendingPathComponent("Data")
    static var sample: String { data.appendingPathComponent("orders.csv").path }
    static var yamlSchema: String { data.appendingPathComponent("orders.schema.yaml").path }
    static var jsonSchema: String { data.appendingPathComponent("orders.schema.json").path }

    static func problems(_ run: CLI.Outcome) -> [String] {
        run.objects.map {
            "row \($0["row"]!) line \($0["line"]!) \($0["column"] as? String ?? "-") \($0["code"]!) @\(($0["offset"] as? Int).map(String.init) ?? "null")"
        }
    }

    /// A column no field checks passes through as read, but a cell in it that is not text
    /// (bytes that are not UTF-8, a NUL) is rejected as in any column: it was written out with
    /// exit status 0 while the run said each such cell was rejected. One thread or two, on the
    /// clean-row path (`--normalize`) and the full one.
    @Test func aCellNoFieldChecksIsStillRejectedWhenItIsNotText() throws {
        var table = Data("a,b,c\n".utf8)
        for row in 0..<3_000 {
            let cell: [UInt8] =
                switch row % 5 {
                case 0: Array("caf\u{E9}".utf8)
                case 1: [0x63, 0x61, 0x66, 0xE9]
                case 2: [0x78, 0x00, 0x79]
                case 3: [0x22, 0x71, 0x2C, 0xFF, 0x22]
                default: Array("ok".utf8)
                }
            table.append(Data("\(row),".utf8) + Data(cell) + Data(",z\n".utf8))
        }
        var outcomes: [CLI.Outcome] = []
        for jobs in ["1", "2"] {
            for mode in [[], ["--normalize"]] {
                let run = try CLI.run(["csv", "--column", "a=integer", "--jobs", jobs, "--json"] + mode, stdin: table)
                #expect(run.status == 1)
                let codes = run.objects.map { "\($0["row"]!) \($0["column"]!) \($0["field"]!) \($0["code"]!)" }
                #expect(codes.count == 1_800)
                #expect(codes.prefix(3) == ["2 b 2 invalid_utf8", "3 b 2 nul_character", "4 b 2 invalid_utf8"])
                outcomes.append(run)
            }
        }
        #expect(Set(outcomes.map(\.stdout)).count == 1)
        let written = try CLI.run(["csv", "--column", "a=integer", "--normalize"], stdin: table)
        #expect(written.status == 1)
        // Rows 1 and 5 of every five: valid UTF-8 passes through as read.
        #expect(written.lines.count == 1 + 1_200)
        #expect(written.lines[1] == "0,caf\u{E9},z")
        #expect(written.stderr.contains("row 2 (line 3), column 'b': 'caf\u{FFFD}': invalid UTF-8: byte 0xE9"))
        let headless = try CLI.run(["csv", "--no-header", "--column", "1=integer"], stdin: Data([0x31, 0x2C, 0x00]))
        #expect(headless.status == 1)
        #expect(headless.stderr.contains("column 'cell 2': '\\u{0}': NUL character"), "\(headless.stderr)")
    }

    /// A repeated primary key quotes the key's cells (joined as a foreign key's are): it
    /// quoted '' as if the cell were empty.
    @Test func aRepeatedPrimaryKeyQuotesItsCells() throws {
        let schema = CLI.temporaryFile("pk.yaml")
        defer { try? FileManager.default.removeItem(at: schema) }
        try Data("fields:\n  - {name: id, type: integer}\n  - {name: x, type: string}\nprimaryKey: [id, x]\n".utf8)
            .write(to: schema)
        let table = "id,x\n10,a\n11,b\n10,a\n"
        let human = try CLI.run(["csv", "--schema", schema.path], input: table)
        #expect(human.status == 1)
        #expect(
            human.stderr
                == "fieldcheck: row 3 (line 4), column 'id, x': '10, a': the primary key (id, x) repeats row 1 [not_unique]\n"
        )
        let json = try CLI.run(["csv", "--schema", schema.path, "--json"], input: table)
        #expect(json.objects.first?["input"] as? String == "10, a")
    }

    /// Table Schema's special numbers under bounds: INF and -INF lie past every bound on
    /// their side, NaN meets none.
    @Test func specialNumbersMeetBoundsAsTheyShould() throws {
        let schema = CLI.temporaryFile("bounds.yaml")
        defer { try? FileManager.default.removeItem(at: schema) }
        try Data("fields:\n  - {name: n, type: number, constraints: {minimum: 0}}\n".utf8).write(to: schema)
        let run = try CLI.run(["csv", "--schema", schema.path, "--normalize"], input: "n\nNaN\ninf\n-INF\n5\n")
        #expect(run.status == 1)
        #expect(run.stdout == "n\nINF\n5\n")
        #expect(
            run.stderr.contains(
                "row 1 (line 2), column 'n': 'NaN': NaN has no order, so it meets no minimum or maximum;"))
        #expect(run.stderr.contains("row 3 (line 4), column 'n': '-INF': -INF is less than the minimum 0;"))
        let line = try CLI.run(["number"], input: "NaN\n")
        #expect(line.status == 1)
    }

    /// A header that is not well-formed CSV is said to be so: text after a closing quote was
    /// passed through with exit status 0 (the same in a data row is malformed_csv), a quote
    /// never closed advised `-d ','`, and an empty first line asked "did you mean ''?".
    @Test func aMalformedHeaderIsSaidToBeSo() throws {
        let after = try CLI.run(["csv", "--column", "a=integer"], input: "a,\"b\"x\n1,2\n")
        #expect(after.status == 1)
        #expect(after.stdout == "a,\"b\"x\n1,2\n")
        #expect(
            after.stderr.contains("header (line 1): text after the closing quote at byte 6 of the row"),
            "\(after.stderr)")
        #expect(after.stderr.contains("[malformed_csv]"))
        let unclosed = try CLI.run(["csv", "--column", "a=integer"], input: "\"a,b\n1,2\n")
        #expect(unclosed.status == 2)
        #expect(
            unclosed.stderr.hasPrefix(
                "fieldcheck: stdin: the header (line 1) is not well-formed CSV: the quote at byte 1 of the row is never closed"
            ), "\(unclosed.stderr)")
        #expect(!unclosed.stderr.contains("-d ','"))
        let empty = try CLI.run(["csv", "--column", "a=integer"], input: "\n1,2\n")
        #expect(empty.status == 2)
        #expect(empty.stderr.contains("the header is an empty line"), "\(empty.stderr)")
        #expect(!empty.stderr.contains("did you mean ''"))
    }

    /// A row too long to hold that ends the input inside a quote goes to the rejects file as
    /// read: its last line break is its own (a second one was added).
    @Test func anOversizedRowInAnOpenQuoteIsRejectedByteForByte() throws {
        let rejects = CLI.temporaryFile("rejects.csv")
        defer { try? FileManager.default.removeItem(at: rejects) }
        let row = "1,\"" + String(repeating: "x", count: 24) + "\n"
        let run = try CLI.run(
            ["csv", "--column", "a=integer", "--rejects", rejects.path, "--max-record-bytes", "10"],
            input: "a,b\n" + row)
        #expect(run.status == 1)
        #expect(try String(contentsOf: rejects, encoding: .utf8) == "a,b\n" + row)
    }

    /// The issue's acceptance run: exactly the bad cells, with row, line, column, code and offset.
    @Test func reportsExactlyTheBadCellsOfTheSample() throws {
        let run = try CLI.run(["csv", "--schema", Self.yamlSchema, "--json", Self.sample])
        #expect(run.status == 1)
        #expect(
            Self.problems(run) == [
                "row 4 line 5 price misplaced_grouping_separator @5",
                "row 5 line 6 date field_out_of_range @0",
                "row 7 line 8 code pattern_mismatch @0",
                "row 8 line 9 id not_unique @null",
                "row 10 line 12 price misplaced_grouping_separator @1",
                "row 11 line 13 price required @null",
                "row 12 line 14 date two_digit_year @5",
            ])
    }

    @Test func jsonAndYAMLSchemasGiveTheSameReport() throws {
        let yaml = try CLI.run(["csv", "--schema", Self.yamlSchema, "--json", Self.sample])
        let json = try CLI.run(["csv", "--schema", Self.jsonSchema, "--json", Self.sample])
        #expect(json.status == 1)
        #expect(json.stdout == yaml.stdout)
    }

    /// Rows written + rows rejected = rows read; rejected rows are kept byte for byte; the
    /// normalized output validates clean.
    /// Under --quiet a row goes the fast ways (the clean-row path, a rejection certain on the
    /// fast paths, its findings never made), on one thread or on `--jobs` workers; with
    /// diagnostics, through the full check. Both
    /// must write the same rows, reject the same rows and exit alike — a repeat of the good id
    /// of a row rejected for another cell included.
    @Test(arguments: [
        ["--normalize"], [], ["--on-invalid", "keep"], ["--on-invalid", "abort"], ["--normalize", "--jobs", "2"],
        ["--jobs", "3", "--on-invalid", "keep"],
    ])
    func quietRunsWriteAndRejectWhatDiagnosedRunsDo(mode: [String]) throws {
        var table = "id,price,paid,at,note\n"
        for row in 1...300 {
            let id = row % 7 == 0 ? "\(row - 3)" : row % 11 == 0 ? "1.5" : "\(row)"
            let price = ["1.234,5", "\"17,73\"", "\"12,34\"", "x", "", "-0,50"][row % 6]
            let paid = ["true", "0", "yes", "False"][row % 4]
            let at = [
                "2038-02-04T02:53:25", "\"2038-02-04T02:53:25,5\"", "1949-01-01T00:00:00", "2038-13-04T00:00:00",
            ][
                row % 4]
            table += "\(id),\(price),\(paid),\(at),n\(row % 5 == 0 ? "\"a,\"\"b\"\"\"" : "")\n"
        }
        let schema = CLI.temporaryFile("schema.yaml")
        try """
        fields:
          - {name: id, type: integer, constraints: {required: true, unique: true}}
          - {name: price, type: number, locale: de_DE, constraints: {required: true}}
          - {name: paid, type: boolean}
          - {name: at, type: datetime, constraints: {minimum: "1950-01-01T00:00:00"}}
          - {name: note, type: string}
        """.write(to: schema, atomically: true, encoding: .utf8)
        func run(_ extra: [String]) throws -> (CLI.Outcome, String) {
            let rejects = CLI.temporaryFile("rejects.csv")
            let run = try CLI.run(
                ["csv", "--schema", schema.path, "--rejects", rejects.path] + mode + extra + ["-"], input: table)
            return (run, try String(contentsOf: rejects, encoding: .utf8))
        }
        let (diagnosed, diagnosedRejects) = try run([])
        let (quiet, quietRejects) = try run(["--quiet"])
        #expect(diagnosed.status == 1)
        #expect(diagnosed.stderr.contains("already appeared in row") || mode.contains("abort"))
        #expect(quiet.status == diagnosed.status)
        #expect(quiet.stderr.isEmpty)
        #expect(quiet.stdout == diagnosed.stdout)
        #expect(quietRejects == diagnosedRejects)
        #expect(quietRejects.split(separator: "\n").count > (mode.contains("abort") ? 1 : 100))
    }

    @Test func rowsReconcileAndNormalizedOutputIsClean() throws {
        let rejects = CLI.temporaryFile("rejects.csv")
        let run = try CLI.run([
            "csv", "--schema", Self.yamlSchema, "--normalize", "--rejects", rejects.path, "--summary", "--quiet",
            Self.sample,
        ])
        #expect(run.status == 1)
        #expect(run.stderr.contains("summary: 12 rows read, 5 accepted, 7 rejected"))
        let normalized = run.stdout
        #expect(normalized.hasPrefix("id,price,date,code,note\n1,1234.56,2026-04-13,DE01,"))
        let rejected = try String(contentsOf: rejects, encoding: .utf8)
        let original = try String(contentsOfFile: Self.sample, encoding: .utf8)
        // Header + 7 rows; every rejected row is a verbatim slice of the input.
        #expect(rejected.hasPrefix("id,price,date,code,note\n"))
        for line in ["4,\"1,234.56\",14.04.2026,DE02,price in en_US form\n", "10,,18.04.2026,IT55,price missing\n"] {
            #expect(rejected.contains(line))
            #expect(original.contains(line))
        }
        // The normalized rows are valid under an ISO/canonical schema of the same columns.
        let again = try CLI.run(
            [
                "csv", "--column", "id=integer", "--column", "price=number", "--column", "date=date::yyyy-MM-dd",
                "--column", "code=string", "--summary", "-",
            ], input: normalized)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout == normalized)
        #expect(again.stderr.contains("summary: 5 rows read, 5 accepted, 0 rejected"))
        let rejectedRows = try CLI.run(["csv", "--column", "id=string", "--summary", "--check", rejects.path])
        #expect(rejectedRows.stderr.contains("7 rows read"))
    }

    @Test(arguments: [
        ("a,b\n1,\"open\n2,3\n", "malformed_csv"),
        ("a,b\n\"x\"y,2\n", "malformed_csv"),
        ("a,b\n1,2,3\n", "ragged_row"),
        ("a,b\n\n", "ragged_row"),
        ("a,b\n1\n", "missing_column"),
        ("a,b\n,2\n", "required"),
        ("a,b\n1,2\n1,3\n", "not_unique"),
        ("a,b\n7,2\n", "not_in_enum"),
    ])
    func structuralAndTableCodes(input: String, code: String) throws {
        let schema = CLI.temporaryFile("codes.json")
        try
            #"{"fields":[{"name":"a","type":"integer","constraints":{"required":true,"unique":true,"enum":[1,2,3]}},{"name":"b","type":"integer"}]}"#
            .write(to: schema, atomically: true, encoding: .utf8)
        let run = try CLI.run(["csv", "--schema", schema.path, "--json"], input: input)
        #expect(run.status == 1)
        #expect(run.objects.map { $0["code"] as? String } == [code], "\(run.stdout)")
    }

    @Test func rowAndLineNumbersWithNewlinesInsideQuotes() throws {
        let input = "id,note\n1,\"a\nb\"\n2,\"c\nd\ne\"\nx,ok\n"
        let run = try CLI.run(["csv", "--column", "id=integer", "--json"], input: input)
        #expect(run.objects.count == 1)
        #expect(run.objects.first?["row"] as? Int == 3)
        #expect(run.objects.first?["line"] as? Int == 7)
        let human = try CLI.run(["csv", "--column", "id=integer"], input: input)
        #expect(human.stderr.hasPrefix("fieldcheck: row 3 (line 7), column 'id': 'x':"))
        #expect(human.stdout == "id,note\n1,\"a\nb\"\n2,\"c\nd\ne\"\n")
    }

    @Test func onInvalidPolicies() throws {
        let input = "n,d\n\"1,5\",13.04.2026\nx,13.04.2026\n"
        let args = ["csv", "--column", "n=number:de_DE", "--column", "d=date:de_DE:dd.MM.yyyy", "--normalize", "-q"]
        #expect(try CLI.run(args, input: input).stdout == "n,d\n1.5,2026-04-13\n")
        #expect(
            try CLI.run(args + ["--on-invalid", "blank"], input: input).stdout == "n,d\n1.5,2026-04-13\n,2026-04-13\n")
        #expect(
            try CLI.run(args + ["--on-invalid", "keep"], input: input).stdout == "n,d\n1.5,2026-04-13\nx,13.04.2026\n")
    }

    @Test(arguments: [
        (["csv", "--column", "price=number:de_DE", "-"], "'price' is not in the header"),
        (["csv", "--column", "a=geopoint", "-"], "unknown or unsupported type 'geopoint'"),
        (["csv", "--column", "a=number:xx_YY", "-"], "unknown locale"),
        (["csv", "-"], "give --schema"),
        (["csv", "--column", "a=string", "--delimiter", "ab", "-"], "--delimiter"),
    ])
    func configurationErrorsExitTwo(arguments: [String], phrase: String) throws {
        let run = try CLI.run(arguments, input: "a,b\n1,2\n")
        #expect(run.status == 2)
        #expect(run.stderr.contains(phrase), "\(run.stderr)")
    }

    /// Issue 15: csv's summary counts bad cells per code, as the line summary counts values:
    /// one cell `abc1` against `[0-9]` is one bad cell, not three.
    @Test func summaryCountsACellOncePerCode() throws {
        let schema = CLI.temporaryFile("digits.yaml")
        try "fields:\n  - {name: a, type: string, allow: \"[0-9]\"}\n  - {name: b, type: string}\n".write(
            to: schema, atomically: true, encoding: .utf8)
        let run = try CLI.run(["csv", "--schema", schema.path, "--summary", "-q", "-"], input: "a,b\nabc1,x\n12,y\n")
        #expect(run.status == 1)
        #expect(run.stderr.contains("column 'a': 1 rejected cell (disallowed_character: 1)"), "\(run.stderr)")
        #expect(run.stderr.contains("by code: disallowed_character: 1"), "\(run.stderr)")
        let line = try CLI.run(["text", "--allow", "[0-9]", "--summary", "-q"], input: "abc1\n12\n")
        #expect(line.stderr.contains("disallowed_character: 1"), "\(line.stderr)")
    }

    /// Issue 15: the run options are declared once; csv and the line commands refuse the
    /// same mistakes with the same words.
    @Test(arguments: [
        ["--jobs", "0"], ["--max-record-bytes", "0"], ["--max-record-bytes", "67108865"], ["--rejects", "-"],
        ["--json", "--check"],
    ])
    func runOptionsAreSharedWithTheLineCommands(options: [String]) throws {
        let csv = try CLI.run(["csv", "--column", "a=string"] + options + ["-"], input: "a\n1\n")
        let number = try CLI.run(["number"] + options, input: "1\n")
        #expect(csv.status == 2 && number.status == 2)
        let reason = { (stderr: String) in stderr.split(separator: "\n").first.map(String.init) ?? "" }
        #expect(
            !reason(csv.stderr).isEmpty && reason(csv.stderr) == reason(number.stderr),
            "\(csv.stderr)\n\(number.stderr)")
    }

    /// Issue 16: `-d` is `--delimiter`, as in csvkit and cut.
    @Test func dashDIsTheDelimiter() throws {
        let run = try CLI.run(
            ["csv", "-d", ";", "--column", "b=number:de_DE", "--normalize", "-"], input: "a;b\nx;1.234,5\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "a;b\nx;1234.5\n")
    }

    @Test func missingSchemaColumnNamesTheSchemaPath() throws {
        let schema = CLI.temporaryFile("missing.yaml")
        try "fields:\n  - {name: a, type: integer}\n  - {name: price, type: number}\n".write(
            to: schema, atomically: true, encoding: .utf8)
        let run = try CLI.run(["csv", "--schema", schema.path], input: "a,b\n1,2\n")
        #expect(run.status == 2)
        #expect(run.stderr.contains("missing.yaml: fields[1].name: the column 'price' is not in the header of stdin"))
    }
}

/// The Table Schema keys and reading options beyond the sample.
@Suite struct CSVSchemaOptionTests {
    static func schema(_ json: String) throws -> String {
        let file = CLI.temporaryFile("schema.json")
        try json.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    @Test func noHeaderMatchesColumnsByPositionAndTabDelimits() throws {
        let run = try CLI.run(
            ["csv", "--no-header", "--delimiter", "tab", "--column", "1=number:de_DE", "--normalize", "--json"],
            input: "1.234,5\tx\n12a\ty\n")
        #expect(run.objects.map { $0["row"] as? Int } == [2])
        let normalized = try CLI.run(
            ["csv", "--no-header", "--delimiter", "tab", "--column", "1=number:de_DE", "--normalize", "-q"],
            input: "1.234,5\tx\n12a\ty\n")
        #expect(normalized.stdout == "1234.5\tx\n")
    }

    /// Table Schema's email, uri and uuid formats give an example of their own.
    @Test func stringFormatsGiveAnExample() throws {
        let schema = CLI.temporaryFile("formats.json")
        defer { try? FileManager.default.removeItem(at: schema) }
        try
            #"{"fields":[{"name":"e","type":"string","format":"email"},{"name":"u","type":"string","format":"uuid"},{"name":"r","type":"string","format":"uri"}]}"#
            .write(to: schema, atomically: true, encoding: .utf8)
        let run = try CLI.run(["csv", "--schema", schema.path], input: "e,u,r\nx@y,zz,nope\n")
        #expect(run.status == 1)
        for example in ["name@example.com", "123e4567-e89b-12d3-a456-426614174000", "https://example.com/"] {
            #expect(run.stderr.contains("; expected text like '\(example)' [pattern_mismatch]"), "\(run.stderr)")
        }
        let good = try CLI.run(
            ["csv", "--schema", schema.path],
            input: "e,u,r\nname@example.com,123e4567-e89b-12d3-a456-426614174000,https://example.com/\n")
        #expect(good.status == 0, "\(good.stderr)")
    }

    /// A file whose rows end with a lone CR read as one header and no row, and passed with exit
    /// 0 whatever its cells held; a schema's `lineTerminator: "\r"` was accepted and ignored.
    /// Both are usage errors that say how to convert the file; a CR in a quoted header cell, or
    /// in a row, is still data.
    @Test func rowsEndingWithALoneCarriageReturnAreRefused() throws {
        let macOS = try CLI.run(["csv", "--column", "a=integer", "--summary"], input: "a,b\rX,x\rY,y\r")
        #expect(macOS.status == 2)
        #expect(macOS.stderr.contains("the header (line 1) holds a carriage return that no line feed follows"))
        #expect(macOS.stderr.contains("tr '\\r' '\\n'"), "\(macOS.stderr)")
        let schema = CLI.temporaryFile("cr.json")
        defer { try? FileManager.default.removeItem(at: schema) }
        try #"{"fields":[{"name":"a","type":"integer"}],"dialect":{"lineTerminator":"\r"}}"#.write(
            to: schema, atomically: true, encoding: .utf8)
        let dialect = try CLI.run(["csv", "--schema", schema.path], input: "a\n1\n")
        #expect(dialect.status == 2)
        #expect(dialect.stderr.contains("dialect.lineTerminator: rows end with \\n or \\r\\n"), "\(dialect.stderr)")
        for input in ["a,\"b\rc\"\n1,2\n", "a,b\r\n1,2\r\n", "a,b\n1,x\ry\n", "a,b\r"] {
            let data = try CLI.run(["csv", "--column", "a=integer"], input: input)
            #expect(data.status == 0, "\(input.debugDescription): \(data.stderr)")
        }
    }

    /// Without a header a column is named by its cell's number, or `columnN` as infer calls
    /// it; another name is refused. It was bound by its place among the columns, so that
    /// `--column q=… --column 3=… --column r=…` checked cell 3 twice and cell 2 never.
    @Test func noHeaderNamesCellsByNumber() throws {
        let input = "1,x,2\n"
        for columns in [["2=integer"], ["column2=integer"], ["3=integer", "column2=integer"]] {
            let run = try CLI.run(["csv", "--no-header"] + columns.flatMap { ["--column", $0] }, input: input)
            #expect(run.status == 1, "\(columns)")
            #expect(run.stderr.contains("row 1 (line 1), column '"), "\(columns): \(run.stderr)")
            #expect(run.stderr.contains("'x': character 'x'"), "\(columns): \(run.stderr)")
        }
        let refused = try CLI.run(
            ["csv", "--no-header", "--column", "q=integer", "--column", "3=integer", "--column", "r=integer"],
            input: input)
        #expect(refused.status == 2)
        #expect(
            refused.stderr.hasPrefix(
                "fieldcheck: --column 'q=integer': the file has no header, so no cell is named 'q'"))
    }

    @Test func missingValuesPrimaryKeyBareNumberAndAnyDate() throws {
        let path = try Self.schema(
            #"""
            {"fields": [
              {"name": "id", "type": "string"},
              {"name": "amount", "type": "number", "bareNumber": false, "decimalChar": ",", "groupChar": "."},
              {"name": "when", "type": "date", "format": "any", "locale": "de_DE"}
            ], "missingValues": ["", "NA"], "primaryKey": "id"}
            """#)
        let input = "id,amount,when\na,\"€ 1.234,50\",13.04.2026\nb,NA,2026-04-13\na,5 %,13. April 2026\n,1,NA\n"
        let run = try CLI.run(["csv", "--schema", path, "--normalize", "--json"], input: input)
        #expect(run.objects.map { "\($0["row"]!) \($0["code"]!)" } == ["3 not_unique", "4 required"])
        let rows = try CLI.run(["csv", "--schema", path, "--normalize", "-q"], input: input)
        #expect(rows.stdout == "id,amount,when\na,1234.50,2026-04-13\nb,,2026-04-13\n")
    }
}

/// Regressions from the review of the first csv version.
@Suite struct CSVReviewRegressionTests {
    @Test func localeOptionAppliesToColumnsWithoutOne() throws {
        let run = try CLI.run(
            ["csv", "--locale", "de_DE", "--column", "p=number", "--normalize", "-q"], input: "p\n\"1.234,5\"\n")
        #expect(run.status == 0)
        #expect(run.stdout == "p\n1234.5\n")
    }

    @Test func recordLimitHoldsWhateverTheReadSize() throws {
        let long = "a,b\n1,\"" + String(repeating: "x", count: 3000) + "\"\n2,3\n"
        let run = try CLI.run(
            ["csv", "--column", "a=integer", "--max-record-bytes", "1000", "--on-invalid", "keep", "--json"],
            input: long)
        #expect(run.objects.map { $0["code"] as? String } == ["record_too_long"])
        let kept = try CLI.run(
            ["csv", "--column", "a=integer", "--max-record-bytes", "1000", "--on-invalid", "keep", "-q"], input: long)
        #expect(kept.stdout == long)
    }

    @Test func abortStopsReading() throws {
        let input = "a\nx\n" + String(repeating: "1\n", count: 200_000)
        let run = try CLI.run(
            ["csv", "--column", "a=integer", "--on-invalid", "abort", "--summary", "-q"], input: input)
        #expect(run.status == 1)
        #expect(run.stderr.contains("1 row read, 0 accepted, 1 rejected"))
    }

    @Test func filesWithDifferentHeadersAreRefused() throws {
        let first = CLI.temporaryFile("f1.csv")
        let second = CLI.temporaryFile("f2.csv")
        try "id,price\n1,5\n".write(to: first, atomically: true, encoding: .utf8)
        try "price,id\n7,2\n".write(to: second, atomically: true, encoding: .utf8)
        let run = try CLI.run(["csv", "--column", "price=number", first.path, second.path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("differs from the first file's"))
    }

    @Test func malformedRowNamesTheCharacterAfterTheQuote() throws {
        let run = try CLI.run(["csv", "--column", "a=string", "--json"], input: "a,b\n\"x\"y,2\n")
        #expect(run.objects.first?["code"] as? String == "malformed_csv")
        #expect(run.objects.first?["offset"] as? Int == 3)
        #expect(run.objects.first?["character"] as? String == "y")
    }

    @Test func bareNumberFalseKeepsTheSignAndRefusesBadUTF8() throws {
        let schema = CLI.temporaryFile("bare.json")
        try #"{"fields":[{"name":"p","type":"number","bareNumber":false}]}"#.write(
            to: schema, atomically: true, encoding: .utf8)
        let run = try CLI.run(
            ["csv", "--schema", schema.path, "--normalize"],
            stdin: Data("p\n-€5\n($5)\n(12.5) EUR\n€ 95\n".utf8) + Data([0x78, 0xFF, 0x0A]))
        // Parentheses are text around the number, dropped as Table Schema and Frictionless
        // drop them: (12.5) is 12.5 in every tool, never -12.5 in one of them.
        #expect(run.stdout == "p\n-5\n5\n12.5\n95\n")
        #expect(run.stderr.contains("[invalid_utf8]"))
    }

    /// Trial defect 2 (stop 55): a percent column's schema read `0.05` and `5‰` (the outliers
    /// infer listed) as numbers. `percentValue: written` reads 5% as 5, as other tools read
    /// `bareNumber: false`, while the style still checks the form; bounds are in those units,
    /// and the example is a percent the bounds admit.
    @Test func aPercentReadAsWrittenKeepsItsFormAndItsUnits() throws {
        let schema = CLI.temporaryFile("percent-written.yaml")
        defer { try? FileManager.default.removeItem(at: schema) }
        try
            "fields:\n  - {name: p, type: number, locale: de_DE, style: percent, percentValue: written, bareNumber: false, constraints: {maximum: 50}}\n"
            .write(to: schema, atomically: true, encoding: .utf8)
        let run = try CLI.run(
            ["csv", "--schema", schema.path, "--normalize"],
            input: "p\n5 %\n\"12,5 %\"\n\"0,05\"\n5 ‰\n60 %\n\"-2,25 %\"\n")
        #expect(run.status == 1)
        #expect(run.stdout == "p\n5\n12.5\n-2.25\n", "\(run.stdout)")
        #expect(run.stderr.contains("row 3 (line 4), column 'p': '0,05': missing the percent sign"), "\(run.stderr)")
        #expect(run.stderr.contains("row 4 (line 5), column 'p': '5 ‰': unexpected character '‰'"), "\(run.stderr)")
        #expect(run.stderr.contains("row 5 (line 6), column 'p': '60 %': "), "\(run.stderr)")
        #expect(run.stderr.contains("[out_of_range]"), "\(run.stderr)")
        #expect(run.stderr.contains("expected a number like 12,5\u{A0}% (de_DE)"), "\(run.stderr)")
        // The fraction, as before, without the key.
        try "fields:\n  - {name: p, type: number, locale: de_DE, style: percent}\n".write(
            to: schema, atomically: true, encoding: .utf8)
        let fraction = try CLI.run(["csv", "--schema", schema.path, "--normalize"], input: "p\n5 %\n\"12,5 %\"\n")
        #expect(fraction.stdout == "p\n0.05\n0.125\n")
    }

    /// Trial 56, defect 9: `infer --schema` writes `groupChar` U+00A0 for a fr_FR file that
    /// groups so, and csv then warned on every such value that fr_FR writes U+202F: the
    /// schema's separator is the field's own, and the other spaces are the variants.
    @Test func aGroupCharThatIsAnotherSpaceIsTheFieldsOwn() throws {
        let schema = CLI.temporaryFile("nbsp.yaml")
        defer { try? FileManager.default.removeItem(at: schema) }
        try "dialect: {delimiter: \";\"}\nfields:\n  - {name: s, type: number, locale: fr_FR, groupChar: \"\u{A0}\"}\n"
            .write(to: schema, atomically: true, encoding: .utf8)
        let run = try CLI.run(
            ["csv", "--schema", schema.path, "--normalize", "--warnings", "all"],
            input: "s\n5\u{A0}744,40\n1\u{A0}234,00\n2\u{202F}000,5\n")
        #expect(run.status == 0)
        #expect(run.stdout == "s\n5744.40\n1234.00\n2000.5\n")
        #expect(run.stderr.components(separatedBy: "[space_as_grouping_separator]").count == 2, "\(run.stderr)")
        #expect(
            run.stderr.contains(
                "row 3 (line 4), column 's': '2\\u{202F}000,5': warning: invisible U+202F NARROW NO-BREAK SPACE at "
                    + "column 2 read as the grouping separator (this field writes invisible U+00A0 NO-BREAK SPACE)"),
            "\(run.stderr)")
    }

    @Test(arguments: [
        ("{name: p, type: number, style: percent, percentValue: as-is}", "expected 'written' or 'fraction'"),
        ("{name: p, type: number, percentValue: written}", "only a field of style percent has one"),
    ])
    func aPercentValueOutOfPlaceIsAConfigurationError(field: String, message: String) throws {
        let schema = CLI.temporaryFile("percent-bad.yaml")
        defer { try? FileManager.default.removeItem(at: schema) }
        try "fields:\n  - \(field)\n".write(to: schema, atomically: true, encoding: .utf8)
        let run = try CLI.run(["csv", "--schema", schema.path], input: "p\n5%\n")
        #expect(run.status == 2)
        #expect(run.stderr.contains("percentValue"), "\(run.stderr)")
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }

    /// `--on-invalid blank` empties bad cells of a well-shaped row only: a short row with a
    /// bad cell went out blanked and short (`,1` under `a,b,c`), where a short row without one
    /// was dropped.
    @Test func blankDropsEveryRowOfTheWrongShape() throws {
        let run = try CLI.run(
            ["csv", "--column", "a=integer", "--column", "c=integer", "--on-invalid", "blank"],
            input: "a,b,c\nx,1\n2,3\n4,5,6\ny,7,8\n")
        #expect(run.status == 1)
        #expect(run.stdout == "a,b,c\n4,5,6\n,7,8\n", "\(run.stdout)")
    }
}
