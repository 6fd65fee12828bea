import Foundation
import Testing

/// Issue 18: real files as they come — cells with spaces, columns by position, dates as the
/// locale writes them.
@Suite struct CSVRealWorldTests {
    static func schema(_ text: String) throws -> String {
        let url = CLI.temporaryFile("realworld.yaml")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func aColumnByItsPositionWithoutAHeader() throws {
        let run = try CLI.run(
            ["csv", "--no-header", "--column", "5=number:de_DE", "--normalize"],
            input: "a,b,c,d,\"1.234,5\"\nx,y,z,w,1.2.3\n")
        #expect(run.status == 1)
        #expect(run.stdout == "a,b,c,d,1234.5\n")
        #expect(run.stderr.contains("row 2 (line 2), column '5': '1.2.3'"))
        // A row too short for the position is missing that cell.
        let short = try CLI.run(["csv", "--no-header", "--column", "5=number"], input: "1,2,3,4,5\n1,2\n")
        #expect(short.status == 1)
        #expect(short.stderr.contains("[ragged_row]") || short.stderr.contains("[missing_column]"))
    }

    @Test func aNumberNamesAHeaderColumnFirstThenAPosition() throws {
        let byName = try CLI.run(["csv", "--column", "2=integer"], input: "a,2\nx,5\n")
        #expect(byName.status == 0)
        let byPosition = try CLI.run(["csv", "--column", "2=integer"], input: "a,b\nx,y\n")
        #expect(byPosition.status == 1)
        #expect(byPosition.stderr.contains("column '2': 'y'"))
    }

    /// As `fieldcheck date` reads: the locale's short style and ISO 8601, nothing else.
    @Test func anInlineDateReadsTheLocalesShortStyle() throws {
        let run = try CLI.run(
            ["csv", "--column", "Buchungstag=date:de_DE", "--normalize"],
            input: "Buchungstag\n13.04.26\n2026-04-13\n04/13/2026\n")
        #expect(run.status == 1)
        #expect(run.stdout == "Buchungstag\n2026-04-13\n2026-04-13\n")
        #expect(run.stderr.contains("expected a date like 13.04.26 (dd.MM.yy) or 2026-04-13 (yyyy-MM-dd)"))
        let iso = try CLI.run(["csv", "--column", "d=date:de_DE:yyyy-MM-dd"], input: "d\n2026-04-13\n")
        #expect(iso.status == 0)
    }

    /// `bareNumber: false` reads the number inside the text, but a finding is about the cell
    /// as written: its input, and the offset of the offending character in it.
    @Test func aBareNumberFindingQuotesTheCell() throws {
        let schema = try Self.schema("fields:\n  - {name: p, type: number, bareNumber: false, groupChar: ','}\n")
        let run = try CLI.run(
            ["csv", "--schema", schema, "--json"], input: "p\n€ 95\n€ 9x5\n\"-€ 1,2,3\"\nUSD 1.5.5\n\"USD 1,234567\"\n")
        #expect(run.status == 1)
        var objects = run.objects
        #expect(objects.count == 4, "\(run.stdout)")
        // The columns a message names are the cell's too: the first decimal separator, the gap.
        let decimals = objects.count == 4 ? objects.remove(at: 2) : [:]
        #expect((decimals["message"] as? String)?.contains("at column 8: the first is at column 6") == true)
        let partial = objects.count == 3 ? objects.remove(at: 2) : [:]
        #expect((partial["message"] as? String)?.contains("No separator stands before column 10") == true)
        #expect(objects.first?["input"] as? String == "€ 9x5")
        #expect(objects.first?["offset"] as? Int == 3)
        #expect(objects.last?["input"] as? String == "-€ 1,2,3")
        #expect(objects.last?["offset"] as? Int == 4)
        #expect((objects.last?["message"] as? String)?.contains("at column 5") == true)
    }

    @Test func trimmingCells() throws {
        let input = "a,b\n\" 1.000,00\",\" x \"\n"
        let plain = try CLI.run(["csv", "--column", "a=number:de_DE", "--normalize"], input: input)
        #expect(plain.status == 1)
        #expect(plain.stderr.contains("--trim (or a field's trim: true) ignores white space at the ends"))
        let trimmed = try CLI.run(["csv", "--column", "a=number:de_DE", "--normalize", "--trim"], input: input)
        #expect(trimmed.status == 0)
        #expect(trimmed.stdout == "a,b\n1000.00, x \n")
        let key = try Self.schema("fields:\n  - {name: a, type: number, locale: de_DE, trim: true}\n")
        let byKey = try CLI.run(["csv", "--schema", key, "--normalize"], input: input)
        #expect(byKey.stdout == "a,b\n1000.00, x \n")
        let dialect = try Self.schema(
            "dialect: {skipInitialSpace: true}\nfields: [{name: a, type: integer}, {name: b, type: integer}]\n")
        let skipped = try CLI.run(["csv", "--schema", dialect, "--normalize"], input: "a,b\n1, 2\n")
        #expect(skipped.status == 0)
        #expect(skipped.stdout == "a,b\n1,2\n")
    }

    /// A typo in a schema is exit status 2 before any row is read; a custom property passes,
    /// unless --strict-schema.
    @Test func aTypoInASchemaNeverPassesABadFile() throws {
        let typo = try Self.schema("fields:\n  - name: a\n    type: number\n    constraints: {requried: true}\n")
        let run = try CLI.run(["csv", "--schema", typo], input: "a\n\n1\n")
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("constraints.requried: unknown key in constraints (did you mean 'required'?)"))
        let custom = try Self.schema("fields:\n  - name: a\n    type: number\n    x-unit: EUR\n")
        let passes = try CLI.run(["csv", "--schema", custom], input: "a\n1\n")
        #expect(passes.status == 0)
        #expect(passes.stdout == "a\n1\n")
        let strict = try CLI.run(["csv", "--schema", custom, "--strict-schema"], input: "a\n1\n")
        #expect(strict.status == 2)
        #expect(strict.stderr.contains("fields[0].x-unit: unknown key in a field"))
    }

    /// Issue 18: boolean columns, with Table Schema's default words or the schema's own,
    /// compared exactly; a rejection names the character where the value leaves every word.
    @Test func booleanColumns() throws {
        let schema = try Self.schema(
            """
            fields:
              - {name: paid, type: boolean}
              - {name: ok, type: boolean, trueValues: ["ja", "J"], falseValues: ["nein", "N"],
                 constraints: {enum: ["ja"]}}
            """)
        let input = "paid,ok\ntrue,ja\nTRUE,J\nyes,ja\n0,jein\n1,nein\n"
        let run = try CLI.run(["csv", "--schema", schema, "--normalize"], input: input)
        #expect(run.status == 1)
        #expect(run.stdout == "paid,ok\ntrue,true\ntrue,true\n")
        #expect(
            run.stderr.contains(
                "row 3 (line 4), column 'paid': 'yes': not a boolean: 'y' (U+0079 LATIN SMALL LETTER Y) at column 1"))
        #expect(run.stderr.contains("'jein': not a boolean: 'e' (U+0065 LATIN SMALL LETTER E) at column 2"))
        #expect(run.stderr.contains("true is written 'ja', 'J', false 'nein', 'N' [not_a_boolean]"))
        #expect(run.stderr.contains("row 5 (line 6), column 'ok': 'nein'"))
        #expect(run.stderr.contains("[not_in_enum]"))
        let json = try CLI.run(["csv", "--schema", schema, "--json"], input: "paid,ok\nyes,ja\n")
        #expect(json.stdout.contains(#""code":"not_a_boolean","offset":0,"length":1,"character":"y""#))
        // Inline, with the defaults.
        let inline = try CLI.run(["csv", "--column", "paid=boolean", "--normalize"], input: "paid\nFalse\n")
        #expect(inline.status == 0)
        #expect(inline.stdout == "paid\nfalse\n")
        // An unquoted YAML yes is a boolean, not the word: refused, not silently read as 'true'.
        let unquoted = try Self.schema("fields:\n  - {name: ok, type: boolean, trueValues: [yes]}\n")
        let refused = try CLI.run(["csv", "--schema", unquoted], input: "ok\nyes\n")
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("trueValues[0]: yes is not a string"))
        #expect(refused.stderr.contains("quote it (\"yes\")"))
    }
}

/// Issue 18: Table Schema's ISO types, through the registry, with codes and offsets.
@Suite struct ISOTypeColumnTests {
    @Test(
        arguments: [
            ("year", "2026", nil, nil),
            ("year", "26", "invalid_value", 0),
            ("year", "2026x", "trailing_text", 4),
            ("yearmonth", "2026-04", nil, nil),
            ("yearmonth", "2026-13", "field_out_of_range", 5),
            ("time", "13:45:30", nil, nil),
            ("time", "13:45:30.250+02:00", nil, nil),
            ("time", "24:00:00", "field_out_of_range", 0),
            ("time", "13:45", "invalid_value", nil),
            ("datetime", "2026-04-13T13:45:30Z", nil, nil),
            ("datetime", "2024-02-29T00:00:00+01:00", nil, nil),
            ("datetime", "2025-02-29T00:00:00Z", "field_out_of_range", 8),
            ("datetime", "2026-04-13 13:45:30", "invalid_value", 10),
            ("duration", "P1Y2M10DT2H30M", nil, nil),
            ("duration", "PT1.5S", nil, nil),
            ("duration", "P1D2Y", "invalid_value", 4),
            ("duration", "PT", "invalid_value", nil),
        ] as [(String, String, String?, Int?)])
    func isoCells(type: String, cell: String, code: String?, offset: Int?) throws {
        let run = try CLI.run(["csv", "--column", "c=\(type)", "--json", "-"], input: "c\n\(cell)\n")
        if let code {
            #expect(run.status == 1)
            #expect(run.stdout.contains("\"code\":\"\(code)\""), "\(run.stdout)")
            #expect(run.stdout.contains("\"offset\":\(offset.map(String.init) ?? "null")"), "\(run.stdout)")
        } else {
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            #expect(run.stdout.isEmpty)
        }
    }

    /// A year has no other form to read (time and datetime read formats since; see
    /// TemporalColumnTests).
    @Test func aFormatOtherThanDefaultIsRefused() throws {
        let schema = CLI.temporaryFile("year.yaml")
        try "fields:\n  - {name: y, type: year, format: '%Y'}\n".write(to: schema, atomically: true, encoding: .utf8)
        let run = try CLI.run(["csv", "--schema", schema.path, "-"], input: "y\n2026\n")
        #expect(run.status == 2)
        #expect(
            run.stderr.contains("fields[0].format: fieldcheck reads a year in its ISO 8601 form only"), "\(run.stderr)")
    }
}

/// Issue 18: Table Schema v2's fieldsMatch decides what a missing or extra column is.
@Suite struct FieldsMatchTests {
    static func run(_ match: String?, _ csv: String, json: Bool = true) throws -> CLI.Outcome {
        let schema = CLI.temporaryFile("fields-match-\(match ?? "default").yaml")
        let head = match.map { "fieldsMatch: \($0)\n" } ?? ""
        try (head + "fields:\n  - {name: a, type: integer}\n  - {name: b, type: integer}\n").write(
            to: schema, atomically: true, encoding: .utf8)
        return try CLI.run(["csv", "--schema", schema.path] + (json ? ["--json"] : []) + ["-"], input: csv)
    }

    @Test(
        arguments: [
            // (fieldsMatch, header, the header's codes, exit status)
            (nil, "a,b", [], 0),
            (nil, "a,b,extra", ["extra_column"], 1),
            (nil, "b,a", ["misplaced_column"], 1),
            ("exact", "a,b,extra", ["extra_column"], 1),
            ("equal", "b,a", [], 0),
            ("equal", "b,a,extra", ["extra_column"], 1),
            ("subset", "extra,b,a", [], 0),
            ("superset", "a", [], 0),
            ("superset", "a,extra", ["extra_column"], 1),
            ("partial", "extra,b", [], 0),
            ("partial", "x,y", [], 2),
            ("subset", "a,extra", [], 2),
        ] as [(String?, String, [String], Int32)])
    func headers(match: String?, header: String, codes: [String], status: Int32) throws {
        let cells = header.split(separator: ",").map { _ in "1" }.joined(separator: ",")
        let run = try Self.run(match, "\(header)\n\(cells)\n")
        #expect(run.status == status, "\(run.stdout)\(run.stderr)")
        let found = run.stdout.split(separator: "\n").compactMap { line -> String? in
            guard line.contains("\"row\":0") else { return nil }
            return line.components(separatedBy: "\"code\":\"").dropFirst().first?.components(separatedBy: "\"").first
        }
        #expect(found == codes, "\(run.stdout)")
    }

    @Test func anExtraColumnIsSaidOnceAndTheRowsAreStillChecked() throws {
        let run = try Self.run(nil, "a,b,extra\n1,2,3\nx,2,3\n4,5,6\n", json: false)
        #expect(run.status == 1)
        #expect(run.stderr.components(separatedBy: "[extra_column]").count == 2, "\(run.stderr)")
        #expect(run.stderr.contains("header (line 1): the column 'extra' (cell 3) is not a field of the schema"))
        #expect(run.stderr.contains("row 2 (line 3), column 'a': 'x'"), "\(run.stderr)")
        #expect(run.stdout == "a,b,extra\n1,2,3\n4,5,6\n")
    }

    @Test func anUnknownFieldsMatchIsRefused() throws {
        let run = try Self.run("loose", "a,b\n1,2\n")
        #expect(run.status == 2)
        #expect(run.stderr.contains("fieldsMatch: expected one of exact, equal, subset, superset, partial"))
    }
}

/// Issue 18: a number column's fractionDigits rounds its normalized output half to even, in
/// canonical form; uniqueness still compares the values as read.
@Suite struct FractionDigitsTests {
    @Test func normalizedNumbersAreRoundedHalfToEven() throws {
        let schema = CLI.temporaryFile("fraction-digits.yaml")
        try "fields:\n  - {name: p, type: number, locale: de_DE, fractionDigits: 2, constraints: {unique: true}}\n"
            .write(to: schema, atomically: true, encoding: .utf8)
        let run = try CLI.run(
            ["csv", "--schema", schema.path, "--normalize", "-"],
            input: "p\n\"1.234,567\"\n\"2,5\"\n\"0,125\"\n\"0,135\"\n12\n\"0,1251\"\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "p\n1234.57\n2.50\n0.12\n0.14\n12.00\n0.13\n")
        let bad = CLI.temporaryFile("fraction-digits-bad.yaml")
        try "fields:\n  - {name: p, type: number, fractionDigits: -1}\n".write(
            to: bad, atomically: true, encoding: .utf8)
        let refused = try CLI.run(["csv", "--schema", bad.path, "-"], input: "p\n1\n")
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("fractionDigits: expected a whole number from 0 to 100"), "\(refused.stderr)")
    }
}
