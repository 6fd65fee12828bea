import Foundation
import Testing

/// Issue 29, Table Schema items, each checked against what frictionless-py reads or what a
/// careful user expects of it.
@Suite struct TableSchemaIssue29Tests {
    static func schema(_ text: String, _ name: String = "schema.yaml") throws -> String {
        let url = CLI.temporaryFile(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// 29.15: Table Schema v1's `fmt:` prefix before a strptime format is stripped, as
    /// frictionless does, for date, time and datetime (it was read as literal text `fmt:`).
    @Test(arguments: [
        ("date", "fmt:%d/%m/%y", "13/04/26", "2026-04-13"),
        ("time", "fmt:%H.%M", "10.30", "10:30:00"),
        ("datetime", "fmt:%d/%m/%Y %H:%M", "13/04/2026 10:30", "2026-04-13T10:30:00"),
    ])
    func issue29_15_fmtPrefix(type: String, format: String, cell: String, normalized: String) throws {
        let path = try Self.schema("fields:\n  - {name: v, type: \(type), format: \"\(format)\"}\n")
        let run = try CLI.run(["csv", "--schema", path, "--normalize"], input: "v\n\(cell)\n")
        #expect(run.stderr == "")
        #expect(run.status == 0)
        #expect(run.stdout == "v\n\(normalized)\n")
    }

    /// 29.16: `format: binary` is a string whose value is base64, checked strictly, kept as written.
    @Test func issue29_16_binaryAcceptsBase64AsWritten() throws {
        let path = try Self.schema("fields:\n  - {name: b, type: string, format: binary}\n")
        let run = try CLI.run(["csv", "--schema", path, "--normalize"], input: "b\nSGVsbG8=\nQUI=\nQUJD\n\"\"\n")
        #expect(run.stderr == "")
        #expect(run.status == 0)
        #expect(run.stdout == "b\nSGVsbG8=\nQUI=\nQUJD\n\"\"\n")
    }

    @Test(arguments: [
        ("SGVs-bG8", 4, "-", "not a base64 character; base64 uses A–Z, a–z, 0–9, + and /, then = padding (- and _"),
        ("SGVs bG8=", 4, " ", "without spaces or line breaks"),
        ("SGVsbG8", 4, "b", "the last group has 3; pad it with = to four"),
        ("A===", 1, "=", "this = is character 2 of its group"),
        ("QQ==x", 4, "x", "text after the = padding"),
        ("QR==", 1, "R", "sets bits after the last byte, which must be zero; the same bytes are written with Q"),
    ])
    func issue29_16_binaryRefusesWhatIsNotStrictBase64(cell: String, offset: Int, character: String, reason: String)
        throws
    {
        let path = try Self.schema("fields:\n  - {name: b, type: string, format: binary}\n")
        let run = try CLI.run(["csv", "--schema", path, "--check"], input: "b\n\(cell)\n")
        #expect(run.status == 1)
        #expect(run.stderr.contains("[invalid_base64]"))
        #expect(run.stderr.contains(reason))
        #expect(run.stderr.contains("at column \(offset + 1)"))
        #expect(run.stderr.contains("expected a value like SGVsbG8="))
        let json = try CLI.run(["csv", "--schema", path, "--json"], input: "b\n\(cell)\n")
        #expect(
            json.stdout.contains(#""code":"invalid_base64","offset":\#(offset),"length":1,"character":"\#(character)""#)
        )
    }

    /// 29.18: a datetime (or time) format ending in a literal Z reads UTC: normalized with its Z.
    @Test func issue29_18_literalZStaysUTC() throws {
        let path = try Self.schema(
            "fields:\n  - {name: t, type: datetime, format: \"%Y-%m-%dT%H:%M:%SZ\"}\n"
                + "  - {name: u, type: time, format: \"HH:mm'Z'\", constraints: {minimum: \"09:00:00Z\"}}\n")
        let run = try CLI.run(["csv", "--schema", path, "--normalize"], input: "t,u\n2026-04-13T10:00:00Z,10:00Z\n")
        #expect(run.stderr == "")
        #expect(run.stdout == "t,u\n2026-04-13T10:00:00Z,10:00:00Z\n")
        // Only Z: an offset where the format writes Z is refused at its sign.
        let offset = try CLI.run(["csv", "--schema", path, "--json"], input: "t,u\n2026-04-13T10:00:00+02:00,10:00Z\n")
        #expect(offset.status == 1)
        #expect(offset.stdout.contains(#""code":"invalid_date","offset":19,"length":1,"character":"+""#))
        // A word that ends in Z is text, not UTC.
        let word = try CLI.run(
            ["csv", "--column", "t=time::HH:mm 'GMTZ'", "--normalize"], input: "t\n10:00 GMTZ\n")
        #expect(word.stdout == "t\n10:00:00\n")
    }

    /// 29.19: in a string field's enum a plain YAML scalar is the text written: `NO` is not
    /// false, `007` not 7.
    @Test func issue29_19_yamlEnumKeepsTheTextWritten() throws {
        let path = try Self.schema(
            "fields:\n  - name: c\n    constraints:\n      enum: [SE, NO, DK, 007, ~]\n")
        let run = try CLI.run(["csv", "--schema", path, "--check"], input: "c\nNO\n007\nSE\n~\n")
        #expect(run.stderr == "")
        #expect(run.status == 0)
        let refused = try CLI.run(["csv", "--schema", path, "--check"], input: "c\nfalse\n7\n")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("row 1 (line 2), column 'c': 'false'"))
        #expect(refused.stderr.contains("row 2 (line 3), column 'c': '7'"))
    }

    /// 29.10: missingValues holds strings only; anything else is a configuration error naming
    /// its place, with the advice to quote it.
    @Test(arguments: [
        ("missingValues: [\"\", 1]\n", "schema.yaml", "missingValues[1]: 1 is not a string", "quote it (\"1\")"),
        ("missingValues: [NO]\n", "schema.yaml", "missingValues[0]: NO is not a string", "quote it (\"NO\")"),
        (
            "{\"fields\":[{\"name\":\"x\",\"type\":\"integer\"}],\"missingValues\":[1]}", "schema.json",
            "missingValues[0]: 1 is not a string", "quote it"
        ),
        (
            "{\"fields\":[{\"name\":\"x\",\"type\":\"integer\"}],\"missingValues\":[true]}", "schema.json",
            "missingValues[0]: true is not a string", "quote it"
        ),
        (
            "{\"fields\":[{\"name\":\"x\",\"type\":\"integer\"}],\"missingValues\":[null]}", "schema.json",
            "missingValues[0]: null is not a string", "quote it"
        ),
        (
            "{\"fields\":[{\"name\":\"x\",\"type\":\"integer\"}],\"missingValues\":[[]]}", "schema.json",
            "missingValues[0]: expected a string", "such as [\"\", \"NA\"]"
        ),
    ])
    func issue29_10_missingValuesAreStrings(text: String, name: String, message: String, advice: String) throws {
        let document =
            name.hasSuffix(".json") ? text : "fields:\n  - {name: x, type: integer, constraints: {maximum: 0}}\n" + text
        let path = try Self.schema(document, name)
        let run = try CLI.run(["csv", "--schema", path], input: "x\n1\n")
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(run.stderr.contains(message))
        #expect(run.stderr.contains(advice))
    }
}
