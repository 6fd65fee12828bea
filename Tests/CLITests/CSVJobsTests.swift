import Foundation
import Testing

/// `csv --jobs N` must write exactly what one thread writes — rows, diagnostics, JSON Lines,
/// the rejects file, the summary and the exit status — across many batches, with repeats of
/// unique values far apart and in one row, a primary key, quoted and malformed rows, ragged
/// and oversized rows, CRLF, several files and `--on-invalid abort`.
@Suite struct CSVJobsTests {
    static let schema = schemaWithoutKey + "primaryKey: [price, when]\n"

    /// The same columns without a primary key: the main thread's lookups in input order are
    /// then of unique values alone, with repeats in rows whose other unique values are new.
    static let schemaWithoutKey = """
        fields:
          - {name: id, type: integer, constraints: {required: true, unique: true}}
          - {name: price, type: number, locale: de_DE}
          - {name: label, type: string, constraints: {unique: true, maxLength: 8}}
          - {name: when, type: date, format: "%d.%m.%Y"}
          - {name: amount, type: number, bareNumber: false, constraints: {unique: true}}

        """

    /// One unique column, and nothing else that looks at more than one cell: rows with nothing
    /// to report take the clean-row path (one thread, and each worker), and under `--quiet`
    /// one thread rejects rows on the fast paths. `amount` (non-ASCII) is not checked, only
    /// copied.
    static let schemaForTheCleanRowPath = """
        fields:
          - {name: id, type: integer, constraints: {required: true, unique: true}}
          - {name: price, type: number, locale: de_DE}
          - {name: label, type: string, constraints: {maxLength: 8}}
          - {name: when, type: date, format: "%d.%m.%Y"}
        fieldsMatch: subset

        """

    /// 25,000 rows (some 25 batches): mostly valid, with every kind of trouble.
    static let table: String = {
        // A linear congruential sequence: the same input every run.
        var state: UInt64 = 7
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        var rows = ["id,price,label,when,amount"]
        for index in 0..<25_000 {
            let id = next(100) == 0 ? next(index + 1) : index
            // Now and then the same price and date: the primary key repeats.
            let fixed = next(150) == 0
            let price = fixed ? "1,5" : "\(next(100_000)),\(next(100))"
            let label = next(50) == 0 ? "L\(next(200))" : "L\(index)"
            let when = fixed ? "01.02.2003" : "\(next(28) + 1).\(next(12) + 1).\(1950 + next(100))"
            let amount = next(40) == 0 ? "€ \(next(300))" : "€ \(index).5"
            var row = "\(id),\"\(price)\",\(label),\(when),\(amount)"
            switch next(200) {
            case 0: row = "\(id),\"\(price)\"x,\(label),\(when),\(amount)"  // text after a quote
            case 1: row = "\(id),\"\(price)\""  // ragged: cells missing
            case 2: row = row + ",extra"  // ragged: a cell too many
            case 3: row = ""  // a blank line
            case 4: row = "\(id),\"\(price)\",\"two\nlines\",\(when),\(amount)"  // a line break inside quotes
            case 5: row = "\(id),\"\(price)\",\"say \"\"hi\"\"\",\(when),\(amount)"  // doubled quotes
            case 6: row = "\(id),\(String(repeating: "9", count: 300)),\(label),\(when),\(amount)"  // oversized
            case 7: row = row + "\r"  // CRLF
            case 8: row = "\(next(index + 1)),1.2.3,\(label),31.02.2001,\(amount)"  // a repeat, then two bad cells
            default: break
            }
            rows.append(row)
        }
        return rows.joined(separator: "\n") + "\n"
    }()

    /// The table's first 8,000 rows (some 30 batches, five times the six that three threads
    /// keep in flight), for the comparisons run with every option: 60 runs of the whole table
    /// took a tenth of the test suite's time.
    static let fewerRows: String = {
        var lines = Self.table.split(separator: "\n", omittingEmptySubsequences: false).prefix(8_001)
        // Not in the middle of a quoted cell that holds a line break: an even count of quotes.
        while lines.joined(separator: "\n").count(where: { $0 == "\"" }) % 2 == 1 { lines = lines.dropLast() }
        return lines.joined(separator: "\n") + "\n"
    }()

    struct Written: Equatable {
        var stdout: String
        var stderr: String
        var status: Int32
        var rejects: String
    }

    static func run(
        _ args: [String], jobs: Int, input: String, files: [URL] = [], schema: String = schema
    ) throws -> Written {
        let schemaFile = CLI.temporaryFile("schema.yaml")
        let rejects = CLI.temporaryFile("rejects")
        defer { for file in [schemaFile, rejects] { try? FileManager.default.removeItem(at: file) } }
        try Data(schema.utf8).write(to: schemaFile)
        let outcome = try CLI.run(
            ["csv", "--schema", schemaFile.path] + args + ["--jobs", String(jobs), "--rejects", rejects.path]
                + files.map(\.path),
            input: input)
        let rejected = (try? String(contentsOf: rejects, encoding: .utf8)) ?? ""
        // The summary names the rejects file, which is another one in each run.
        let stderr = outcome.stderr.replacingOccurrences(of: rejects.path, with: "REJECTS")
        return Written(stdout: outcome.stdout, stderr: stderr, status: outcome.status, rejects: rejected)
    }

    @Test(arguments: [
        ["--summary"],
        ["--normalize", "--summary"],
        ["--json"],
        ["--on-invalid", "keep", "--max-record-bytes", "200", "--summary"],
        ["--on-invalid", "blank", "--normalize", "--quiet", "--summary", "--max-record-bytes", "200"],
        ["--check", "--max-record-bytes", "200"],
        ["--on-invalid", "abort", "--max-record-bytes", "200"],
        ["--normalize", "--quiet"],
        ["--quiet", "--on-invalid", "keep"],
    ])
    func sameAsOneThread(args: [String]) throws {
        for schema in [Self.schema, Self.schemaWithoutKey, Self.schemaForTheCleanRowPath] {
            let one = try Self.run(args, jobs: 1, input: Self.fewerRows, schema: schema)
            let three = try Self.run(args, jobs: 3, input: Self.fewerRows, schema: schema)
            #expect(one.status == three.status)
            #expect(one.stdout == three.stdout)
            #expect(one.stderr == three.stderr)
            #expect(one.rejects == three.rejects)
            // The comparison means something only if the run found something.
            #expect(one.status == 1)
            #expect(!one.rejects.isEmpty)
        }
    }

    /// Every kind of finding the table is built to have shows up, so the comparison covers them.
    @Test func theTableHasEveryKindOfFinding() throws {
        let one = try Self.run(["--json", "--max-record-bytes", "200"], jobs: 2, input: Self.table)
        for code in [
            "not_unique", "malformed_csv", "ragged_row", "missing_column", "record_too_long",
            "misplaced_grouping_separator", "field_out_of_range", "too_long",
        ] {
            #expect(one.stdout.contains("\"code\":\"\(code)\""), "no \(code)")
        }
        // The primary key repeats too.
        #expect(one.stdout.contains("the primary key (price, when) repeats row"))
    }

    /// Each file is checked against its own header; a value of the first file repeated in a
    /// later one is a repeat; stdin between files; rows rewritten by `--normalize` (on the
    /// workers) end as their own file's first record does, CRLF in the first file, LF after.
    @Test func severalFiles() throws {
        let first = CLI.temporaryFile("first.csv")
        let second = CLI.temporaryFile("second.csv")
        defer { for file in [first, second] { try? FileManager.default.removeItem(at: file) } }
        let lines = Self.table.split(separator: "\n", omittingEmptySubsequences: false)
        try Data(lines[0..<10_000].joined(separator: "\r\n").utf8 + [0x0D, 0x0A]).write(to: first)
        try Data(([lines[0]] + lines[15_000...]).joined(separator: "\n").utf8).write(to: second)
        let stdin = ([lines[0]] + lines[8_000..<12_000]).joined(separator: "\n") + "\n"
        let args = ["--summary", "--normalize"]
        let one = try Self.run(args, jobs: 1, input: stdin, files: [first, URL(fileURLWithPath: "-"), second])
        let two = try Self.run(args, jobs: 2, input: stdin, files: [first, URL(fileURLWithPath: "-"), second])
        #expect(one == two)
        let bytes = Array(one.stdout.utf8)
        let lineFeeds = bytes.indices.filter { bytes[$0] == 0x0A }
        let crlf = lineFeeds.filter { $0 > 0 && bytes[$0 - 1] == 0x0D }.count
        #expect(crlf > 9_000 && lineFeeds.count - crlf > 9_000, "\(crlf) CRLF of \(lineFeeds.count)")
        #expect(one.stderr.contains("\(second.path): row "))
        #expect(one.stderr.contains("already appeared in row"))
    }

    /// A regular file: after its first rows the unique sets are told how many rows are coming
    /// (its size over theirs) and grow once; a repeat thousands of rows apart is still found,
    /// with one thread or two.
    @Test(arguments: [1, 2])
    func repeatsInALargeFileAreFound(jobs: Int) throws {
        let table = CLI.temporaryFile("ids.csv")
        let schema = CLI.temporaryFile("ids.yaml")
        defer { for file in [table, schema] { try? FileManager.default.removeItem(at: file) } }
        var rows = ["id,name"]
        for index in 1...30_000 { rows.append("\(index == 29_000 ? 3 : 1_000 + index * 7),n\(index)") }
        try Data((rows.joined(separator: "\n") + "\n").utf8).write(to: table)
        try Data(
            "fields:\n  - {name: id, type: integer, constraints: {unique: true}}\n  - {name: name, type: string, constraints: {unique: true}}\n"
                .utf8
        ).write(to: schema)
        let run = try CLI.run(["csv", "--schema", schema.path, "--jobs", String(jobs), "--check", table.path])
        #expect(run.status == 0)
        var repeated = rows
        repeated[25_000] = "\(1_000 + 10 * 7),n25000"
        try Data((repeated.joined(separator: "\n") + "\n").utf8).write(to: table)
        let again = try CLI.run(["csv", "--schema", schema.path, "--jobs", String(jobs), "--check", table.path])
        #expect(again.status == 1)
        #expect(again.stderr.contains("row 25000 (line 25001), column 'id'"))
        #expect(again.stderr.contains("already appeared in row 10"))
    }

    @Test func abortStopsAtTheFirstRejectionInOrder() throws {
        let good = (1...10_000).map { "\($0),\"\($0),5\",L\($0),01.02.2003,€ \($0)" }
        let later = (10_002...20_000).map { "\($0),\"\($0),5\",L\($0),01.02.2003,€ \($0)" }
        let input =
            (["id,price,label,when,amount"] + good + ["10001,bad,x,01.02.2003,€ 0"] + later)
            .joined(separator: "\n") + "\n"
        let run = try Self.run(["--on-invalid", "abort", "--normalize"], jobs: 2, input: input)
        #expect(run.status == 1)
        #expect(run.stdout.split(separator: "\n").count == 10_001)
        #expect(run.stderr.hasPrefix("fieldcheck: row 10001 (line 10002), column 'price': 'bad'"))
        #expect(run.rejects == "id,price,label,when,amount\n10001,bad,x,01.02.2003,€ 0\n")
    }

    /// The progress bar on a terminal counts rows as they are written, with `--jobs 2` too,
    /// where the rows after the first block reach the workers as chunks of many rows each (a
    /// chunk once counted as one row). It draws at every 1,024th row, at most five times a
    /// second, and is cleared at the end.
    @Test(.needsPython3) func progressBarCountsRowsUnderJobs() throws {
        let table = CLI.temporaryFile("progress.csv")
        let schema = CLI.temporaryFile("progress.yaml")
        let out = CLI.temporaryFile("progress-stdout")
        defer { for file in [table, schema, out] { try? FileManager.default.removeItem(at: file) } }
        let rows = 150_000
        var text = "id,price,day,code\n"
        for index in 0..<rows {
            text +=
                "\(index),\"\(index % 9973),\(index % 100)\",\(1 + index % 28).\(1 + index % 12).\(1950 + index % 100),AB\(10 + index % 90)\n"
        }
        try Data(text.utf8).write(to: table)
        try Data(
            """
            fields:
              - {name: id, type: integer, constraints: {unique: true}}
              - {name: price, type: number, locale: de_DE}
              - {name: day, type: date, format: "%d.%m.%Y"}
              - {name: code, type: string, constraints: {pattern: "[A-Z]{2}[0-9]{2}"}}

            """.utf8
        ).write(to: schema)
        let command = [
            "python3", PromptTests.driver, "[]", out.path, "--", CLI.binary.path, "csv", "--schema", schema.path,
            "--normalize", "--jobs", "2", table.path,
        ]
        let run = try CLI.shell(
            command.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " "))
        let session = try JSONDecoder().decode(PromptTests.Session.self, from: Data(run.stdout.utf8))
        #expect(session.status == 0)
        #expect(session.stdout.split(separator: "\n").count == rows + 1)
        let drawn = session.screen.components(separatedBy: "\r\u{1B}[K").compactMap { line in
            line.split(separator: " ").first.flatMap { Int($0) }
        }
        #expect(drawn.allSatisfy { $0 % 1024 == 0 }, "\(drawn)")
        #expect(drawn == drawn.sorted())
        #if DEBUG
            // A debug build takes about a second for these rows: the bar is drawn, and counts
            // far past the first 256 KiB (6,500 rows) read row by row. A release binary
            // (FIELDCHECK_TEST_BINARY) may finish before the first drawing.
            if CLI.otherBinary == nil { #expect((drawn.last ?? 0) > 20_000, "\(drawn)") }
        #endif
        if !drawn.isEmpty { #expect(session.screen.hasSuffix("\r\u{1B}[K")) }
    }

    /// A disk error partway through a file (EIO, made here by a `read` preloaded in front of
    /// libc's): the whole rows read before it are checked and written with `--jobs 2` as with
    /// one thread. Chunk mode, past the first 256 KiB, lost the rows scanned but not yet
    /// handed to a worker (up to 8 KiB).
    @Test(arguments: [300_000, 600_001, 1_000_000])
    func aReadErrorMidFileLosesNoRowReadBeforeIt(failAfter: Int) throws {
        let shim = CLI.temporaryFile("failread.c")
        let library = CLI.temporaryFile("failread.so")
        let table = CLI.temporaryFile("eio.csv")
        defer { for file in [shim, library, table] { try? FileManager.default.removeItem(at: file) } }
        try Data(
            #"""
            #define _GNU_SOURCE
            #include <dlfcn.h>
            #include <errno.h>
            #include <stdio.h>
            #include <stdlib.h>
            #include <string.h>
            #include <unistd.h>
            static long taken[1024];
            ssize_t read(int fd, void *buffer, size_t count) {
                static ssize_t (*real)(int, void *, size_t);
                if (!real) real = dlsym(RTLD_NEXT, "read");
                const char *suffix = getenv("FAIL_SUFFIX");
                char link[64], path[4096];
                snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
                ssize_t length = fd > 2 && fd < 1024 && suffix ? readlink(link, path, sizeof path - 1) : -1;
                if (length <= 0) return real(fd, buffer, count);
                path[length] = 0;
                if (length < (ssize_t)strlen(suffix) || strcmp(path + length - strlen(suffix), suffix) != 0)
                    return real(fd, buffer, count);
                long after = atol(getenv("FAIL_AFTER"));
                if (taken[fd] >= after) { errno = EIO; return -1; }
                if (taken[fd] + (long)count > after) count = after - taken[fd];
                ssize_t got = real(fd, buffer, count);
                if (got > 0) taken[fd] += got;
                return got;
            }
            """#.utf8
        ).write(to: shim)
        let compiled = try CLI.shell("cc -shared -fPIC -o '\(library.path)' '\(shim.path)' -ldl")
        try #require(compiled.status == 0, "cc: \(compiled.stderr)")
        try Data((Self.table + Self.table).utf8).write(to: table)
        let environment = [
            "LD_PRELOAD": library.path, "FAIL_SUFFIX": "-eio.csv", "FAIL_AFTER": String(failAfter),
        ]
        func run(_ jobs: Int) throws -> CLI.Outcome {
            let schemaFile = CLI.temporaryFile("schema.yaml")
            defer { try? FileManager.default.removeItem(at: schemaFile) }
            try Data(Self.schemaWithoutKey.utf8).write(to: schemaFile)
            return try CLI.run(
                ["csv", "--schema", schemaFile.path, "--normalize", "--summary", "--jobs", String(jobs), table.path],
                environment: environment)
        }
        let one = try run(1)
        #expect(one.status == 3)
        #expect(one.stderr.contains("Input/output error"))
        #expect(one.stdout.utf8.count > failAfter * 3 / 4, "most of what was read is written")
        for jobs in [2, 3] {
            let many = try run(jobs)
            #expect(many.status == one.status)
            #expect(many.stdout == one.stdout, "--jobs \(jobs)")
            #expect(many.stderr == one.stderr, "--jobs \(jobs)")
        }
    }

    @Test func jobsOutOfRangeIsAUsageError() throws {
        let run = try CLI.run(["csv", "--column", "a=string", "--jobs", "300"], input: "a\n1\n")
        #expect(run.status == 2)
        #expect(run.stderr.contains("--jobs"))
    }
}
