import Foundation
import Testing

/// A schema's numbers are read as written, and a schema or `--column` that says something
/// fieldcheck cannot honour is a configuration error (exit status 2), never a silent default.
@Suite struct SchemaExactnessTests {
    static func schema(_ text: String, _ name: String = "schema.yaml") throws -> String {
        let url = CLI.temporaryFile(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// A 20-digit `enum` value in JSON was read as a Double: the value itself was refused and
    /// another one accepted.
    @Test func aTwentyDigitEnumValueIsExact() throws {
        let path = try Self.schema(
            #"{"fields":[{"name":"a","type":"number","constraints":{"enum":[12345678901234567891]}}]}"#,
            "schema.json")
        let run = try CLI.run(["csv", "--schema", path], input: "a\n12345678901234567891\n12345678901234567000\n")
        #expect(run.status == 1)
        #expect(run.stdout == "a\n12345678901234567891\n")
        #expect(run.stderr.contains("row 2 (line 3), column 'a': '12345678901234567000'"))
        #expect(run.stderr.contains("allowed values: '12345678901234567891'"))
    }

    @Test(arguments: [
        // YAML, unquoted: past a Double's 17 digits, and with YAML's digit separators.
        "minimum: 1234567890123456789.5, maximum: 1_000_000_000_000_000_000_000.25",
        #"minimum: "1234567890123456789.5", maximum: "1000000000000000000000.25""#,
    ])
    func boundsAreExact(bounds: String) throws {
        let path = try Self.schema("fields:\n  - {name: a, type: number, constraints: {\(bounds)}}\n")
        let run = try CLI.run(
            ["csv", "--schema", path],
            input: "a\n1234567890123456789.4\n1234567890123456789.6\n1000000000000000000000.26\n")
        #expect(run.status == 1)
        #expect(run.stdout == "a\n1234567890123456789.6\n")
        #expect(run.stderr.contains("is less than the minimum 1234567890123456789.5"))
        #expect(run.stderr.contains("is greater than the maximum 1000000000000000000000.25"))
    }

    /// Exponents whose arithmetic overflowed crashed the run (a schema's numbers are now read
    /// as written, and reached the exact reader): a configuration error.
    @Test(arguments: [
        "maximum: 9e9223372036854775807", "minimum: 1.5e-9223372036854775808", "enum: [1e99999999999999]",
    ])
    func aHugeExponentInASchemaIsAConfigurationError(rule: String) throws {
        let path = try Self.schema("fields:\n  - {name: a, type: number, constraints: {\(rule)}}\n")
        let run = try CLI.run(["csv", "--schema", path], input: "a\n5\n")
        #expect(run.status == 2)
        #expect(run.stderr.contains("is not a number"), "\(run.stderr)")
    }

    @Test(arguments: [
        ("type: [number]", "fields[0].type: expected one type name, such as type: number"),
        ("type: {x: 1}", "fields[0].type: expected one type name"),
        ("type: null", "fields[0].type: expected one type name"),
        ("type: number, constraints: {maximum: [1]}", "fields[0].constraints.maximum: expected a single value"),
        ("type: number, constraints: {enum: []}", "fields[0].constraints.enum: expected a list of at least one"),
    ])
    func aMalformedFieldIsAConfigurationError(field: String, message: String) throws {
        let path = try Self.schema("fields:\n  - {name: a, \(field)}\n")
        let run = try CLI.run(["csv", "--schema", path], input: "a\nabc\n")
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }

    @Test(arguments: ["a=number:de_DE:bogus", "a=integer::Percent", "a=number::#,##0.00"])
    func anUnknownNumberStyleInAColumnIsRefused(column: String) throws {
        let run = try CLI.run(["csv", "--column", column], input: "a,b\n1,x\n")
        #expect(run.status == 2)
        #expect(run.stderr.contains("unknown number style"))
        #expect(run.stderr.contains("use decimal, integer, percent, currency, scientific"))
    }

    @Test func aKnownNumberStyleInAColumnIsTaken() throws {
        let run = try CLI.run(
            ["csv", "--column", "a=number:de_DE:percent", "--normalize"], input: "a\n\"12,5 %\"\n")
        #expect(run.status == 0)
        #expect(run.stdout == "a\n0.125\n")
    }

    /// ICU fills these in from its default locale or the likely subtags (en_US_POSIX data).
    @Test(arguments: ["_", "__", "_Latn", "en_Zzzz", "en_ZZ", "und_DE"])
    func anIdWithoutALanguageIsUnknown(id: String) throws {
        for args in [["locale", id], ["number", "--locale", id, "--value", "1,234"]] {
            let run = try CLI.run(args)
            #expect(run.status == 2, "\(args)")
            #expect(run.stderr.contains("unknown locale '\(id)'"), "\(run.stderr)")
        }
    }
}
