import Foundation
import Testing

/// Issue 32: every `--json` record carries `"formatVersion":1` first, and
/// `schema/fieldcheck-output.schema.json` (draft 2020-12, closed objects) describes each kind
/// of record. A broad corpus — every command, accepted and rejected values, csv findings and
/// summaries, infer, compare, locale, version — is validated with Python's jsonschema through
/// `scripts/validate_json_output.py`, and the schema is shown to fail on a mistyped, missing or
/// unknown key. (`.ci/run` also validates the `--json` output of every other CLI test.)
@Suite struct JSONSchemaTests {
    static let schema = ManPageTests.root.appendingPathComponent("schema/fieldcheck-output.schema.json")
    static let validator = ManPageTests.root.appendingPathComponent("scripts/validate_json_output.py")
    static let data = ManPageTests.root.appendingPathComponent("Data")

    /// A python3 that imports jsonschema.
    static let python = Python.interpreter(importing: "jsonschema")

    /// Runs the validator on `paths` (or on `stdin` with `-`).
    static func validate(_ paths: [String], stdin: String = "", requireAllKinds: Bool = false) throws -> CLI.Outcome {
        try CLI.run(
            [validator.path] + (requireAllKinds ? ["--require-all-kinds"] : []) + paths, stdin: Data(stdin.utf8),
            program: python)
    }

    /// What the corpus runs: (arguments, stdin).
    static var corpus: [([String], String)] {
        let vowels = data.appendingPathComponent("vowels.txt").path
        let orders = data.appendingPathComponent("orders.csv").path
        let ordersSchema = data.appendingPathComponent("orders.schema.yaml").path
        let package = data.appendingPathComponent("package/datapackage.yaml").path
        let long = String(repeating: "1", count: 300) + "\n1,5\n"
        return [
            // Line commands: accepted, rejected, warnings, removed characters, a file's name,
            // -z records, invalid UTF-8, a record too long, redacted, --value, a summary.
            (["text", "--allow", "aeiouAEIOU", "--max-length", "6", "--json", vowels], ""),
            (["text", "--allow", "abc", "--strip", "--json", "--summary"], "a1b2c\nabc\nxyz\n"),
            (["text", "--json", "-z"], "ab\u{0}c\u{200B}d\u{0}"),
            (["text", "--json", "--pattern", "[a-z]+", "--redact"], "abc\nab1\n"),
            (["text", "--json", "--value", "héllo", "--case", "upper"], ""),
            (["number", "--locale", "de_DE", "--json", "--summary"], "1.234,5\n1,234.5\n12a\n\n-0,5\n"),
            (["number", "--locale", "fr_FR", "--json", "--to", "en_US"], "1 234,5\n1\u{A0}234,5\n"),
            (["number", "--locale", "de_DE", "--style", "currency", "--json"], "1.234,56 €\n12 $\n"),
            (["number", "--locale", "de_DE", "--json", "--max-record-bytes", "100", "--jobs", "2"], long),
            (["number", "--format", "json", "--integer", "--min", "0", "--redact", "--summary"], "5\n-3\n2.5\n"),
            (
                ["date", "--locale", "de_DE", "--pattern", "dd.MM.yyyy", "--json", "--to-style", "long"],
                "13.04.2026\n31.02.2026\n13.04.26\n"
            ),
            (["date", "--locale", "fr_FR", "--style", "full", "--json", "--summary"], "lundi 13 avril 2026\nlundi\n"),
            // csv: findings (cells, the header, a ragged row), summaries, a Data Package.
            (["csv", "--schema", ordersSchema, "--json", "--summary", orders], ""),
            (["csv", "--schema", ordersSchema, "--json", "--redact", orders], ""),
            (
                ["csv", "--column", "price=number:de_DE", "--column", "x=integer", "--json", "--summary"],
                "price,x\n\"1.234,5\",1\n12a,2\n1,2,3\n\"unclosed\n"
            ),
            (["csv", "--package", package, "--json", "--summary"], ""),
            // infer, compare, locale, version.
            (["infer", "--json", orders, data.appendingPathComponent("bank_de.csv").path], ""),
            (["infer", "--json", "--redact", data.appendingPathComponent("bank_fr.csv").path], ""),
            (["infer", "--json"], "1,5\n2,25\n3,75\n1.234,5\n"),
            (["compare", "--json", "1,234", "13.04.2026", "abc"], ""),
            (["compare", "--json", "--type", "date", "--redact", "03/04/2025"], ""),
            (["compare", "--json", "--type", "country", "--locales", "fr_FR,de_DE", "Chypre"], ""),
            (["compare", "--json", "--type", "timezone", "Europe/Berlin"], ""),
            (["locale", "--json", "de_DE", "ar_EG", "th_TH", "hi_IN"], ""),
            (["locale", "--list", "--json"], ""),
            (["--version", "--json"], ""),
        ]
    }

    @Test(.enabled(if: python != nil, "needs python3 with jsonschema (pip install jsonschema)"))
    func everyKindOfRecordMatchesTheSchema() throws {
        let directory = CLI.temporaryFile("json-corpus")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (index, (args, stdin)) in Self.corpus.enumerated() {
            let run = try CLI.run(args, input: stdin)
            #expect(run.status == 0 || run.status == 1, "\(args): \(run.stderr)")
            #expect(!run.lines.isEmpty, "\(args) wrote no records")
            // The format version comes first in every record, as the schema has it.
            for line in run.lines {
                #expect(line.hasPrefix(#"{"formatVersion":1,"#), "\(args): \(line.prefix(80))")
            }
            try run.stdoutBytes.write(to: directory.appendingPathComponent("\(index).jsonl"))
            try Data((["fieldcheck"] + args).joined(separator: " ").utf8).write(
                to: directory.appendingPathComponent("\(index).cmd"))
        }
        let check = try Self.validate([directory.path], requireAllKinds: true)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains(", 0 invalid"), "\(check.stdout)")
    }

    /// The schema's version is the one the records carry.
    @Test func theSchemaDescribesFormatVersion1() throws {
        let schema = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: Self.schema)) as? [String: Any])
        #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        let definitions = try #require(schema["$defs"] as? [String: Any])
        let version = try #require(definitions["formatVersion"] as? [String: Any])
        #expect(version["const"] as? Int == 1)
        let run = try CLI.run(["number", "--json"], input: "1\n")
        #expect(run.stdout.hasPrefix(#"{"formatVersion":1,"line":1,"#))
    }

    /// The schema can fail: a record with a key of the wrong type, a key missing, a key it does
    /// not know, or another format version is rejected, and the message names the key.
    @Test(.enabled(if: python != nil, "needs python3 with jsonschema (pip install jsonschema)"))
    func aMistypedMissingOrUnknownKeyIsRejected() throws {
        let value = try CLI.run(["number", "--locale", "de_DE", "--json"], input: "12a\n").stdout
        let finding = try CLI.run(
            ["csv", "--column", "price=number:de_DE", "--json"], input: "price\n12a\n"
        ).stdout
        let summary = try CLI.run(["number", "--json", "--summary"], input: "1\n").lines.last ?? ""
        #expect(try Self.validate(["-"], stdin: value + finding + summary + "\n").status == 0)
        let broken: [(record: String, says: String)] = [
            (value.replacingOccurrences(of: #""line":1"#, with: #""line":"1""#), "line: '1' is not of type 'integer'"),
            (value.replacingOccurrences(of: #""valid":false,"#, with: ""), "'valid' is a required property"),
            (value.replacingOccurrences(of: #""offset":2"#, with: #""offset":-1"#), "offset"),
            (
                value.replacingOccurrences(of: #""errors":["#, with: #""errors":[{"code":"x"},"#),
                "is a required property"
            ),
            (value.replacingOccurrences(of: #""formatVersion":1"#, with: #""formatVersion":2"#), "1 was expected"),
            (
                value.replacingOccurrences(of: #""valid":false"#, with: #""valid":false,"extra":1"#),
                "'extra' was unexpected"
            ),
            (finding.replacingOccurrences(of: #""severity":"error""#, with: #""severity":"fatal""#), "severity"),
            (finding.replacingOccurrences(of: #""row":1,"#, with: ""), "'row' is a required property"),
            (summary.replacingOccurrences(of: #""read":1"#, with: #""read":true"#), "read: True is not of type"),
            (#"{"line":1}"#, "invalid"),
            ("not json", "not JSON"),
        ]
        for (record, says) in broken {
            let check = try Self.validate(["-"], stdin: record.hasSuffix("\n") ? record : record + "\n")
            #expect(check.status == 1, "accepted: \(record)")
            #expect(check.stdout.contains(says), "\(check.stdout)")
        }
    }

    /// `--summary` under `--json` is the last record on stdout, not a line on stderr.
    @Test func theSummaryIsTheLastRecord() throws {
        let values = try CLI.run(["text", "--allow", "abc", "--json", "--summary"], input: "ab\nxa\nxx\n")
        #expect(values.status == 1)
        #expect(values.stderr == "")
        #expect(
            values.lines.last
                == #"{"formatVersion":1,"kind":"summary","read":3,"accepted":1,"rejected":2,"warned":0,"codes":{"disallowed_character":2}}"#
        )
        let rejects = CLI.temporaryFile("rejects")
        defer { try? FileManager.default.removeItem(at: rejects) }
        let rows = try CLI.run(
            ["csv", "--column", "n=integer", "--json", "--summary", "--rejects", rejects.path], input: "n\n1\nx\n")
        #expect(rows.status == 1)
        #expect(rows.stderr == "")
        #expect(
            rows.lines.last
                == #"{"formatVersion":1,"kind":"summary","resource":null,"read":2,"accepted":1,"rejected":1,"rejects":"\#(rejects.path)","headerProblems":0,"columns":{"n":{"not_a_number":1}},"codes":{"not_a_number":1}}"#
        )
    }

    /// `make dist`'s archive carries the schema beside the man page.
    @Test(.enabled(if: DistBinary.dist != nil, "needs FIELDCHECK_DIST_BINARY (make dist)"))
    func theReleaseArchiveHoldsTheSchema() throws {
        let folder = DistBinary.dist!.deletingLastPathComponent()
        let archive = try #require(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasSuffix(".tar.gz") })
        let list = try CLI.run(
            ["-tzf", folder.appendingPathComponent(archive).path], program: URL(fileURLWithPath: "/bin/tar"))
        #expect(list.stdout.contains("/share/fieldcheck/fieldcheck-output.schema.json\n"), "\(list.stdout)")
    }
}
