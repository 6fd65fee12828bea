import Foundation
import Testing

/// Schema files are read by fieldcheck's own composer over the system libyaml: the bounds a
/// file from anywhere needs (issue 21, item 4) and the YAML that schemas are written in.
@Suite struct YAMLSchemaTests {
    static func schema(_ text: String) throws -> String {
        let url = CLI.temporaryFile("schema.yaml")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    static func laughs(depth: Int) -> String {
        var lines = [#"a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]"#]
        let names = Array("abcdefghijklmnop").map(String.init)
        for level in 1..<depth {
            lines.append(
                "\(names[level]): &\(names[level]) ["
                    + Array(repeating: "*\(names[level - 1])", count: 9).joined(separator: ",") + "]")
        }
        return (lines + ["fields: [{name: x, type: string}]"]).joined(separator: "\n") + "\n"
    }

    @Test(arguments: [7, 9, 12])
    func aBillionLaughsIsRefusedBeforeItGrows(depth: Int) throws {
        let path = try Self.schema(Self.laughs(depth: depth))
        let started = Date()
        let memory = try CLI.peakMemory(["csv", "--schema", path, "/dev/null"])
        #expect(memory.status == 2)
        #expect(memory.peakKiB < 100 * 1024)
        #expect(Date().timeIntervalSince(started) < 2)
        let run = try CLI.run(["csv", "--schema", path], input: "x\n1\n")
        #expect(run.stderr.contains("stands for more than 2000000 values (aliases counted as the copies they make)"))
        #expect(run.stdout.isEmpty)
    }

    /// A file under the size limit whose `enum` names one 1 MB scalar many times: counted in
    /// values it is small, but it stands for hundreds of megabytes (about 900 MB at 300 aliases,
    /// past 10 s at 3000) until the expanded bytes are bounded too.
    @Test(arguments: [300, 3000])
    func aliasesToAHugeScalarAreRefusedBeforeTheyGrow(aliases: Int) throws {
        let path = try Self.schema(
            "big: &big \"" + String(repeating: "x", count: 1 << 20) + "\"\n"
                + "fields:\n  - name: c\n    type: string\n    constraints:\n      enum: ["
                + Array(repeating: "*big", count: aliases).joined(separator: ",") + "]\n")
        let started = Date()
        let memory = try CLI.peakMemory(["csv", "--schema", path, "/dev/null"])
        #expect(memory.status == 2)
        #expect(memory.peakKiB < 100 * 1024)
        #expect(Date().timeIntervalSince(started) < 2)
        let run = try CLI.run(["csv", "--schema", path], input: "c\nx\n")
        #expect(run.status == 2)
        #expect(run.stderr.utf8.count < 1000)
        let message = String(run.stderr.prefix(1000))  // a failure prints this, not megabytes
        #expect(
            message.contains(
                "stands for more than 33554432 bytes (aliases counted as the copies they make), the limit of a "
                    + "schema file"))
        #expect(run.stdout.isEmpty)
    }

    /// `maxLength: 020` is 16 to PyYAML (so Frictionless) and 20 to a YAML 1.2 reader: refused,
    /// naming both, where 007 (7 either way), a quoted "020" and a list's 010 are read.
    @Test func aNumberWithALeadingZeroThatReadsTwoWaysIsRefused() throws {
        let octal = try CLI.run(
            [
                "csv", "--schema",
                try Self.schema("fields:\n  - {name: a, type: string, constraints: {maxLength: 020}}\n"),
            ],
            input: "a\nx\n")
        #expect(octal.status == 2)
        #expect(
            octal.stderr.contains(
                "line 2, column 54: '020' has a leading zero, which YAML 1.1 (PyYAML, so Frictionless) reads as 16 "
                    + "and YAML 1.2 as 20"), "\(octal.stderr)")
        let same = try CLI.run(
            [
                "csv", "--schema",
                try Self.schema(
                    "fields:\n  - {name: a, type: string, constraints: {maxLength: 007, enum: [x, 010]}}\n"),
            ], input: "a\nx\n010\n")
        #expect(same.status == 0, "\(same.stderr)")
    }

    @Test func aFewAliasesAreFine() throws {
        let path = try Self.schema(
            """
            money: &money {type: number, locale: de_DE}
            fields:
              - name: price
                <<: *money
              - {name: count, <<: *money, type: integer}
            """)
        let run = try CLI.run(["csv", "--schema", path], input: "price,count\n\"1.234,5\",1.000\n1.5,2\n")
        #expect(run.status == 1)
        #expect(run.lines == ["price,count", "\"1.234,5\",1.000"])
        #expect(run.stderr.contains("row 2 (line 3), column 'price'"))
    }

    @Test func deepNestingIsRefusedWithoutACrash() throws {
        let path = try Self.schema(
            "fields: " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000))
        let run = try CLI.run(["csv", "--schema", path], input: "x\n1\n")
        #expect(run.status == 2)
        #expect(run.stderr.contains("nested deeper than 64 levels"))
    }

    /// The schema of a wide table is read: `infer --schema` wrote 5 MB for 30,000 columns,
    /// which `csv --schema` refused at its 4 MiB limit.
    @Test func theSchemaOfAWideTableIsRead() throws {
        let columns = 30_000
        let fields = (0..<columns).map {
            "  - name: c\($0)\n    type: integer\n    description: the count of column \($0), read from the file\n"
                + "    constraints:\n      required: true\n      minimum: 1\n      maximum: 99\n"
        }
        let text = "fields:\n" + fields.joined()
        #expect(text.utf8.count > 5_000_000)
        let header = (0..<columns).map { "c\($0)" }.joined(separator: ",")
        let row = Array(repeating: "7", count: columns).joined(separator: ",")
        let run = try CLI.run(["csv", "--schema", try Self.schema(text)], input: "\(header)\n\(row)\n")
        #expect(run.status == 0, "\(run.stderr.prefix(1000))")
        #expect(run.stdout == "\(header)\n\(row)\n")
    }

    @Test func aLargeFileIsRefused() throws {
        let path = try Self.schema("fields: []\n# " + String(repeating: "x", count: 33 << 20) + "\n")
        let run = try CLI.run(["csv", "--schema", path], input: "x\n1\n")
        #expect(run.status == 2)
        #expect(run.stderr.contains("more than the 33554432-byte limit of a schema file"))
    }

    @Test func aRepeatedKeyOrASecondDocumentIsRefused() throws {
        let repeated = try Self.schema("fields:\n  - name: x\n    type: string\n    type: number\n")
        let run = try CLI.run(["csv", "--schema", repeated], input: "x\n1\n")
        #expect(run.status == 2)
        #expect(run.stderr.contains("line 4, column 5: the key 'type' appears twice in one mapping"))
        let two = try Self.schema("fields: []\n---\nfields: []\n")
        #expect(try CLI.run(["csv", "--schema", two], input: "x\n").stderr.contains("a second document"))
    }

    @Test func syntaxErrorsNameTheirLine() throws {
        let path = try Self.schema("fields:\n  - name: x\n    type: [number\n")
        let run = try CLI.run(["csv", "--schema", path], input: "x\n1\n")
        #expect(run.status == 2)
        #expect(run.stderr.contains("not valid JSON or YAML: line "))
    }

    /// A file named .json is held to JSON: libyaml reads a trailing comma, a comment or a
    /// single-quoted key, and every JSON reader after fieldcheck (Frictionless) would refuse
    /// the schema fieldcheck passed. The same text named .yaml is still read as YAML.
    @Test(arguments: [
        (#"{"fields": [{"name": "x", "type": "number"},]}"#, "line 1, column 45: a comma before ']'"),
        ("{\"fields\": [{\"name\": \"x\",\n \"type\": \"number\",}]}", "line 2, column 19: a comma before '}'"),
        (#"{'fields': [{'name': 'x', 'type': 'number'}]}"#, "line 1, column 2: expected a key in double quotes"),
        (#"{"fields": [{"name": "x", "type": "number"}]} # note"#, "line 1, column 47: text after the JSON value"),
    ])
    func aJSONFileIsHeldToJSON(text: String, problem: String) throws {
        let json = CLI.temporaryFile("schema.json")
        defer { try? FileManager.default.removeItem(at: json) }
        try Data(text.utf8).write(to: json)
        let run = try CLI.run(["csv", "--schema", json.path], input: "x\n1\n")
        #expect(run.status == 2)
        #expect(run.stderr.contains("not valid JSON: \(problem)"), "\(run.stderr)")
        let yaml = try Self.schema(text)
        let asYAML = try CLI.run(["csv", "--schema", yaml], input: "x\n1\n")
        #expect(asYAML.status == 0, "\(asYAML.stderr)")
        let strict = try Self.schema(#"{"fields": [{"name": "x", "type": "number"}]}"#)
        let renamed = strict.replacingOccurrences(of: ".yaml", with: ".json")
        try FileManager.default.moveItem(atPath: strict, toPath: renamed)
        defer { try? FileManager.default.removeItem(atPath: renamed) }
        #expect(try CLI.run(["csv", "--schema", renamed], input: "x\n1\n").status == 0)
    }

    @Test func scalarsAreTypedAsYAMLTypesThem() throws {
        // `yes` is a boolean (YAML 1.1, as PyYAML reads schemas), `"0"` a string, 0x10 an integer.
        let path = try Self.schema(
            """
            fields:
              - name: code
                type: string
                constraints: {required: yes, maxLength: 0x3, enum: ["001", "002", "abc"]}
            """)
        let run = try CLI.run(["csv", "--schema", path], input: "code\n001\n\nabcd\n")
        #expect(run.status == 1)
        #expect(run.lines == ["code", "001"])
        #expect(run.stderr.contains("row 2"))
        #expect(run.stderr.contains("row 3"))
        let json = try Self.schema(#"{"fields":[{"name":"n","type":"number","constraints":{"minimum":0.5}}]}"#)
        let numbers = try CLI.run(["csv", "--schema", json], input: "n\n0.5\n0.4\n")
        #expect(numbers.lines == ["n", "0.5"])
    }
}
