import Foundation
import Testing

/// `csv --package` (issue 18): the resources of a Frictionless Data Package, a multipart
/// resource as one table, foreign keys between resources, and `--one-table` without a package.
@Suite struct DataPackageTests {
    /// A folder holding `files` (name → content); removed by the caller.
    static func folder(_ files: [String: String]) throws -> URL {
        let folder = CLI.temporaryFile("package")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    static let staffSchema = """
        fields:
          - {name: id, type: integer}
          - {name: dept, type: integer}
        primaryKey: id
        """

    /// Two resources; staff is in two parts, whose second repeats id 10 and names department 3.
    static let shop: [String: String] = [
        "datapackage.json": """
        {"name": "shop", "resources": [
          {"name": "departments", "path": "departments.csv",
           "schema": {"fields": [{"name": "id", "type": "integer"}, {"name": "title"}], "primaryKey": "id"}},
          {"name": "staff", "path": ["staff1.csv", "staff2.csv"], "schema": "staff.yaml"}
        ]}
        """,
        "departments.csv": "id,title\n1,Sales\n2,Support\n",
        "staff.yaml": staffSchema + """

            foreignKeys:
              - fields: dept
                reference: {resource: departments, fields: id}
            """,
        "staff1.csv": "id,dept\n10,1\n11,2\n",
        "staff2.csv": "id,dept\n12,3\n10,1\n",
    ]

    @Test func aPackageChecksEachResource() throws {
        var files = Self.shop
        files["departments.csv"] = "id,title\n1,Sales\n2,Support\nx,Other\n"
        let folder = try Self.folder(files)
        defer { try? FileManager.default.removeItem(at: folder) }
        let package = folder.appendingPathComponent("datapackage.json").path
        let outcome = try CLI.run(["csv", "--package", package, "--json"])
        #expect(outcome.status == 1)
        let found = outcome.objects.map {
            "\(($0["file"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent } ?? "-") \($0["row"] ?? "-") \($0["code"] ?? "-")"
        }
        // Each resource's files, in the package's order; no rows on stdout.
        #expect(
            found == [
                "departments.csv 3 not_a_number", "staff2.csv 3 foreign_key", "staff2.csv 4 not_unique",
            ])
        let summary = try CLI.run(["csv", "--package", package, "--summary", "--quiet"])
        #expect(summary.stdout.isEmpty)
        #expect(summary.stderr.contains("summary: resource 'departments': 3 rows read, 2 accepted, 1 rejected"))
        #expect(summary.stderr.contains("summary: resource 'staff': 4 rows read, 2 accepted, 2 rejected"))
        // A good package passes.
        files = Self.shop
        files["staff2.csv"] = "id,dept\n12,2\n"
        let good = try Self.folder(files)
        defer { try? FileManager.default.removeItem(at: good) }
        let passed = try CLI.run(["csv", "--package", good.appendingPathComponent("datapackage.json").path])
        #expect(passed.status == 0)
        #expect(passed.stderr.isEmpty)
    }

    @Test func aMultipartResourceIsOneTable() throws {
        let folder = try Self.folder(Self.shop)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try CLI.run(["csv", "--package", folder.appendingPathComponent("datapackage.json").path])
        #expect(outcome.status == 1)
        // The second part's header is skipped and its rows count on: id 10 again is row 4, line 3.
        #expect(
            outcome.stderr.contains(
                "staff2.csv: row 4 (line 3), column 'id': '10': the primary key (id) repeats row 1 [not_unique]"))
        #expect(!outcome.stderr.contains("row 1 (line 2), column 'id'"))
        // A part whose header differs from the first is refused.
        var files = Self.shop
        files["staff2.csv"] = "id,department\n12,1\n"
        let other = try Self.folder(files)
        defer { try? FileManager.default.removeItem(at: other) }
        let refused = try CLI.run(["csv", "--package", other.appendingPathComponent("datapackage.json").path])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("differs from the first part's (id, dept)"))
    }

    @Test func aForeignKeyMissIsReported() throws {
        let folder = try Self.folder(Self.shop)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try CLI.run([
            "csv", "--package", folder.appendingPathComponent("datapackage.json").path, "--json",
        ])
        #expect(outcome.status == 1)
        let miss = try #require(outcome.objects.first { $0["code"] as? String == "foreign_key" })
        #expect(miss["row"] as? Int == 3)
        #expect(miss["line"] as? Int == 2)
        #expect(miss["column"] as? String == "dept")
        #expect(miss["input"] as? String == "3")
        #expect(miss["reference"] as? String == "departments")
        #expect(outcome.objects.filter { $0["code"] as? String == "foreign_key" }.count == 1)
        // A key to the same table works without a package; stdin cannot be read twice.
        let tree = try Self.folder([
            "tree.yaml": """
            fields: [{name: id, type: integer}, {name: boss, type: integer}]
            foreignKeys: [{fields: boss, reference: {resource: "", fields: id}}]
            """,
            "tree.csv": "id,boss\n1,\n2,3\n3,1\n4,9\n",
        ])
        defer { try? FileManager.default.removeItem(at: tree) }
        let schema = tree.appendingPathComponent("tree.yaml").path
        let own = try CLI.run(["csv", "--schema", schema, tree.appendingPathComponent("tree.csv").path])
        #expect(own.status == 1)
        #expect(
            own.stderr.contains(
                "row 4 (line 5), column 'boss': '9': the foreign key (boss) has no match in this table (id) [foreign_key]"
            ))
        #expect(own.lines == ["id,boss", "1,", "2,3", "3,1"])
        // A key to another resource needs the package that names it.
        let staff = try Self.folder(Self.shop)
        defer { try? FileManager.default.removeItem(at: staff) }
        let alone = try CLI.run([
            "csv", "--schema", staff.appendingPathComponent("staff.yaml").path,
            staff.appendingPathComponent("staff1.csv").path,
        ])
        #expect(alone.status == 2)
        #expect(alone.stderr.contains("foreignKeys[0].reference.resource: 'departments' is another resource"))
    }

    @Test func oneTableReportsAsThePackageDoes() throws {
        // The staff resource without its foreign key, as a package and as --one-table.
        var files = Self.shop
        files["staff.yaml"] = Self.staffSchema
        let folder = try Self.folder(files)
        defer { try? FileManager.default.removeItem(at: folder) }
        let parts = ["staff1.csv", "staff2.csv"].map { folder.appendingPathComponent($0).path }
        let package = try CLI.run([
            "csv", "--package", folder.appendingPathComponent("datapackage.json").path, "--json",
        ])
        let oneTable = try CLI.run(
            ["csv", "--schema", folder.appendingPathComponent("staff.yaml").path, "--one-table", "--json"] + parts)
        #expect(package.status == 1)
        #expect(oneTable.status == 1)
        #expect(oneTable.stdout == package.stdout)
        #expect(oneTable.lines.count == 1)
        #expect(oneTable.objects.first?["row"] as? Int == 4)
        // Without --one-table the files are two tables: no repeat, rows from 1 in each.
        let two = try CLI.run(["csv", "--schema", folder.appendingPathComponent("staff.yaml").path, "--json"] + parts)
        #expect(two.status == 0)
    }

    @Test(arguments: [
        "/etc/passwd", "../outside.csv", "a/../../b.csv", "https://example.com/a.csv", "file:///etc/passwd",
    ])
    func aPathOutsideThePackageIsRefused(_ path: String) throws {
        let folder = try Self.folder([
            "datapackage.yaml": """
            resources:
              - name: x
                path: "\(path)"
                schema: {fields: [{name: a}]}
            """
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try CLI.run(["csv", "--package", folder.appendingPathComponent("datapackage.yaml").path])
        #expect(outcome.status == 2)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.contains("resources[0].path: '\(path)'"))
        #expect(outcome.stderr.contains("stay inside it"))
        #expect(!outcome.stderr.contains("root:"))
    }

    @Test func aSymbolicLinkOutOfThePackageIsRefused() throws {
        let folder = try Self.folder([
            "datapackage.json":
                #"{"resources": [{"name": "x", "path": "x.csv", "schema": {"fields": [{"name": "a"}]}}]}"#
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("x.csv").path, withDestinationPath: "/etc/passwd")
        let outcome = try CLI.run(["csv", "--package", folder.appendingPathComponent("datapackage.json").path])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("leads out of the package's folder through a symbolic link (to /etc/passwd)"))
        #expect(!outcome.stderr.contains("root:"))
    }

    /// Builds a layout in `folder` with `/bin/sh` (paths past PATH_MAX cannot be made by one name).
    static func shell(_ script: String, in folder: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = folder
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "the layout could not be built: \(script)")
    }

    /// Issue 29, 1: two links in the package whose targets resolve past PATH_MAX, so that
    /// `realpath()` fails with ENAMETOOLONG, and a third that climbs out from there to
    /// /etc/passwd. The kernel follows it; fieldcheck must refuse it, in every output mode.
    @Test(arguments: [[], ["--json"]])
    func linksThatResolvePastPathMaxAreRefused(_ mode: [String]) throws {
        let folder = try Self.folder([
            "datapackage.json":
                #"{"resources": [{"name": "x", "path": "x.csv", "schema": {"fields": [{"name": "a"}]}}]}"#
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let chain = String(repeating: String(repeating: "d", count: 200) + "/", count: 15)
        let up = String(repeating: "../", count: 64)
        try Self.shell(
            """
            mkdir -p '\(chain)' && (cd '\(chain)' && mkdir -p '\(chain)' && ln -s '\(chain)' l2) &&
            ln -s '\(chain)' l1 && ln -s 'l1/l2/\(up)etc/passwd' x.csv && test -r x.csv
            """, in: folder)
        let outcome = try CLI.run(
            ["csv", "--package", folder.appendingPathComponent("datapackage.json").path] + mode)
        #expect(outcome.status == 2)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.contains("'x.csv' leads above the package's folder through a symbolic link"))
        #expect(!outcome.stderr.contains("root:"))
    }

    /// Links that stay inside the folder are followed, the way a package's author uses them;
    /// one that climbs out by `..`, or a schema file that links out, is refused.
    @Test func linksInsideTheFolderAreFollowedAndNoOthers() throws {
        let folder = try Self.folder([
            "datapackage.yaml": """
            resources:
              - {name: x, path: data/x.csv, schema: {fields: [{name: a, type: integer}]}}
            """,
            "real.csv": "a\n1\n2\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.shell("mkdir data && ln -s ../real.csv data/x.csv", in: folder)
        let package = folder.appendingPathComponent("datapackage.yaml").path
        let inside = try CLI.run(["csv", "--package", package, "--summary"])
        #expect(inside.status == 0, "\(inside.stderr)")
        #expect(inside.stderr.contains("2 rows read"))

        try Self.shell("rm data/x.csv && ln -s ../../real.csv data/x.csv && cp real.csv ../real.csv", in: folder)
        defer {
            try? FileManager.default.removeItem(
                at: folder.deletingLastPathComponent().appendingPathComponent("real.csv"))
        }
        let out = try CLI.run(["csv", "--package", package])
        #expect(out.status == 2)
        #expect(out.stderr.contains("'data/x.csv' leads above the package's folder through a symbolic link"))

        try Self.shell(
            """
            rm data/x.csv && ln -s ../real.csv data/x.csv && ln -s /etc/passwd schema.yaml &&
            printf 'resources:\\n  - {name: x, path: data/x.csv, schema: schema.yaml}\\n' > datapackage.yaml
            """, in: folder)
        let schema = try CLI.run(["csv", "--package", package])
        #expect(schema.status == 2)
        #expect(
            schema.stderr.contains(
                "'schema.yaml' leads out of the package's folder through a symbolic link (to /etc/passwd)"))
        #expect(!schema.stderr.contains("root:"))
    }

    /// Issue 29, 9 and 10: a FIFO among the package's files is refused at once (it hung the run
    /// forever), and so are a directory and the path `.`, each saying what it is.
    @Test(arguments: [
        ("pipe.csv", "is a FIFO (named pipe), not a regular file"), ("sub", "is a directory, not a regular file"),
        (".", "is the package's folder itself, not a file in it"),
    ])
    func whatIsNotARegularFileIsRefused(_ path: String, _ why: String) throws {
        let folder = try Self.folder([
            "datapackage.yaml": """
            resources:
              - {name: x, path: "\(path)", schema: {fields: [{name: a}]}}
            """
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.shell("mkfifo pipe.csv && mkdir sub", in: folder)
        let outcome = try CLI.run(["csv", "--package", folder.appendingPathComponent("datapackage.yaml").path])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("'\(path)' \(why)"), "\(outcome.stderr)")
    }
}

/// Issue 29, 7: the tables foreign keys refer to are read once for all their keys, and a key
/// names each field once.
@Suite struct ForeignKeyOnePassTests {
    /// A repeated name in a key's fields or reference.fields is a configuration error naming
    /// its place (it was read, and cost one more read and set of the referenced table).
    @Test(arguments: [
        ("[a, a]", "[x, y]", "foreignKeys[0].fields[1]: the field 'a' is named twice in one key"),
        ("[a, b]", "[x, x]", "foreignKeys[0].reference.fields[1]: the field 'x' is named twice in one key"),
    ])
    func issue29_7_aFieldNamedTwiceInAKeyIsRefused(fields: String, referenced: String, message: String) throws {
        let folder = try DataPackageTests.folder([
            "datapackage.yaml": """
            resources:
              - {name: ref, path: ref.csv, schema: {fields: [{name: x}, {name: y}]}}
              - name: main
                path: main.csv
                schema:
                  fields: [{name: a}, {name: b}]
                  foreignKeys: [{fields: \(fields), reference: {resource: ref, fields: \(referenced)}}]
            """,
            "ref.csv": "x,y\n1,2\n", "main.csv": "a,b\n1,2\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try CLI.run(["csv", "--package", folder.appendingPathComponent("datapackage.yaml").path])
        #expect(run.status == 2)
        #expect(run.stderr.contains(message))
        #expect(run.stderr.contains("name each field once"))
    }

    /// Several keys to one table, read in one pass: each finds its own misses, and a referenced
    /// row with a rejected cell adds nothing to the keys that use that cell, and still adds to
    /// the others.
    @Test func severalKeysToOneTableEachFindTheirMisses() throws {
        let folder = try DataPackageTests.folder([
            "datapackage.yaml": """
            resources:
              - name: ref
                path: ref.csv
                schema: {fields: [{name: x, type: integer}, {name: y, type: integer}, {name: z}]}
              - name: main
                path: main.csv
                schema:
                  fields: [{name: a, type: integer}, {name: b, type: integer}, {name: c}]
                  foreignKeys:
                    - {fields: a, reference: {resource: ref, fields: x}}
                    - {fields: [a, b], reference: {resource: ref, fields: [x, y]}}
                    - {fields: [b, a], reference: {resource: ref, fields: [y, x]}}
                    - {fields: c, reference: {resource: ref, fields: z}}
            """,
            "ref.csv": "x,y,z\n1,2,p\n3,oops,q\n",
            "main.csv": "a,b,c\n1,2,p\n3,4,q\n5,2,r\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try CLI.run(["csv", "--package", folder.appendingPathComponent("datapackage.yaml").path, "--json"])
        #expect(run.status == 1)
        let misses = run.objects.filter { $0["code"] as? String == "foreign_key" }.map {
            "\($0["row"] ?? "-") \($0["column"] ?? "-")"
        }
        // Row 2: (3, 4) is not a key (ref's row 2 has y rejected), but a = 3 and c = q are.
        // Row 3: a = 5 matches nothing, nor (5, 2), nor (2, 5); c = r neither.
        #expect(misses == ["2 a, b", "2 b, a", "3 a", "3 a, b", "3 b, a", "3 c"])
    }
}
