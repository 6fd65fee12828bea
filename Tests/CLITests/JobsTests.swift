import Foundation
import Testing

/// `--jobs N` must write exactly what one thread writes — stdout, stderr, the rejects file,
/// the summary and the exit status — whatever the options, across many batches, oversized
/// records, CRLF, NUL-terminated records, several files and `--on-invalid abort`.
@Suite struct JobsTests {
    /// About 2 MB of numbers (8 batches: more than the 6 that three threads keep in flight),
    /// mostly valid de_DE ones, with rejections of several kinds, CRLF endings, records of 150
    /// bytes and one of 600 KB (longer than the reader's 256 KB block).
    static let input: String = {
        // A linear congruential sequence: the same input every run.
        var state: UInt64 = 42
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        var lines: [String] = []
        for index in 0..<160_000 {
            let roll = next(100)
            let number = next(10_000_000)
            switch roll {
            case 0: lines.append("\(number)x")
            case 1: lines.append("1,2,3")
            case 2: lines.append("\(number),5\r")
            case 3: lines.append(String(repeating: "9", count: 150))
            case 4: lines.append("")
            default: lines.append("\(number / 100),\(number % 100)")
            }
            if index == 80_000 { lines.append(String(repeating: "1", count: 600_000)) }
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    struct Written: Equatable {
        var stdout: String
        var stderr: String
        var status: Int32
        var rejects: String
    }

    static func run(_ args: [String], jobs: Int, input: String) throws -> Written {
        let rejects = CLI.temporaryFile("rejects")
        defer { try? FileManager.default.removeItem(at: rejects) }
        let outcome = try CLI.run(args + ["--jobs", String(jobs), "--rejects", rejects.path], input: input)
        let rejected = (try? String(contentsOf: rejects, encoding: .utf8)) ?? ""
        return Written(stdout: outcome.stdout, stderr: outcome.stderr, status: outcome.status, rejects: rejected)
    }

    @Test(arguments: [
        ["number", "--locale", "de_DE", "--summary"],
        ["number", "--locale", "de_DE", "--json", "--summary"],
        ["number", "--locale", "de_DE", "--on-invalid", "keep", "--max-record-bytes", "100", "--summary"],
        ["number", "--locale", "de_DE", "--on-invalid", "blank", "--quiet", "--summary"],
        ["number", "--locale", "de_DE", "--check", "--max-record-bytes", "100"],
        ["number", "--locale", "de_DE", "--on-invalid", "abort", "--max-record-bytes", "100"],
        ["text", "--allow", "[0-9,]", "--max-length", "12", "--summary"],
        ["date", "--locale", "de_DE", "--pattern", "dd.MM.yyyy", "--summary", "--quiet"],
        ["number", "--locale", "de_DE", "--on-invalid", "keep", "--quiet"],
        ["date", "--locale", "de_DE", "--pattern", "dd.MM.yyyy", "--on-invalid", "blank", "--quiet"],
    ])
    func sameAsOneThread(args: [String]) throws {
        let one = try Self.run(args, jobs: 1, input: Self.input)
        let three = try Self.run(args, jobs: 3, input: Self.input)
        #expect(one.status == three.status)
        #expect(one.stdout == three.stdout)
        #expect(one.stderr == three.stderr)
        #expect(one.rejects == three.rejects)
        // The comparison means something only if the run wrote something.
        #expect(!(one.stdout + one.stderr).isEmpty)
    }

    @Test(arguments: [false, true])
    func severalFilesAndNulRecords(nul: Bool) throws {
        let first = CLI.temporaryFile("first")
        let second = CLI.temporaryFile("second")
        defer { for file in [first, second] { try? FileManager.default.removeItem(at: file) } }
        let text = nul ? Self.input.replacingOccurrences(of: "\n", with: "\0") : Self.input
        try Data(text.utf8.prefix(700_000)).write(to: first)
        try Data(text.utf8.suffix(500_000)).write(to: second)
        let args = ["number", "--locale", "de_DE", "--summary", first.path, "-", second.path] + (nul ? ["-z"] : [])
        let stdin = String(text.prefix(300_000))
        let one = try Self.run(args, jobs: 1, input: stdin)
        let two = try Self.run(args, jobs: 2, input: stdin)
        #expect(one == two)
        #expect(one.stderr.contains("\(second.path): \(nul ? "record" : "line") "))
    }

    @Test func abortStopsAtTheFirstRejectionInOrder() throws {
        let input = String(repeating: "1,5\n", count: 200_000) + "bad\n" + String(repeating: "2,5\n", count: 200_000)
        let run = try Self.run(["number", "--locale", "de_DE", "--on-invalid", "abort"], jobs: 2, input: input)
        #expect(run.status == 1)
        #expect(run.stdout == String(repeating: "1.5\n", count: 200_000))
        #expect(run.stderr.hasPrefix("fieldcheck: line 200001: 'bad'"))
        #expect(run.rejects == "bad\n")
    }

    /// Issue 29, 2: a rejection in the last batch of a short input, under every `--on-invalid`
    /// mode, from stdin and from a file: `--jobs 2` and `3` write exactly what one thread
    /// writes (abort lost the rejected record and exited 2 with `StopReading()`).
    @Test(arguments: [
        ["number", "--locale", "de_DE"], ["text", "--allow", "[0-9,]"], ["date", "--locale", "de_DE"],
    ])
    func shortInputsInEveryMode(command: [String]) throws {
        let input = "x\n1,5\n12.04.26\n\n7\nx2\n"
        let file = CLI.temporaryFile("short")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(input.utf8).write(to: file)
        for mode in ["drop", "keep", "blank", "abort"] {
            for source in [[], [file.path]] {
                let args = command + ["--on-invalid", mode] + source
                let one = try Self.run(args, jobs: 1, input: source.isEmpty ? input : "")
                #expect(one.status == 1, "\(args)")
                #expect(one.rejects.hasPrefix("x\n"), "\(args)")
                for jobs in [2, 3] {
                    let many = try Self.run(args, jobs: jobs, input: source.isEmpty ? input : "")
                    #expect(many == one, "\(args) --jobs \(jobs)")
                }
            }
        }
    }

    /// Issue 29, 9: the run's budget for patterns that time out is drawn on in input order.
    /// About 570 KB (three batches) of short values for `(a+)+$`, with values that time out
    /// (enough to spend the budget) and values that take it between 10,000 and 3 million
    /// steps (decided before the budget is spent, pattern_budget_exhausted after) spread over
    /// every batch: one thread and `--jobs` must reject exactly the same ones, in the line
    /// commands and in a CSV column, written as they are and normalized.
    @Test func patternBudgetIsSpentInInputOrder() throws {
        var state: UInt64 = 7
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        var values = (0..<104_000).map { _ in String(repeating: "a", count: 1 + next(8)) }
        for _ in 0..<56 { values[next(values.count)] = String(repeating: "a", count: 30) + "b" }
        for _ in 0..<120 { values[next(values.count)] = String(repeating: "a", count: 15) + "b" }
        let lines = values.joined(separator: "\n") + "\n"
        let text = ["text", "--pattern", "(a+)+$", "--json"]
        let one = try Self.run(text, jobs: 1, input: lines)
        #expect(try Self.run(text, jobs: 2, input: lines) == one)
        // The comparison means something only if values were decided each way.
        for code in ["pattern_timeout", "pattern_mismatch", "pattern_budget_exhausted"] {
            #expect(one.stdout.contains("\"code\":\"\(code)\""), "\(code)")
        }

        let schema = CLI.temporaryFile("schema.yaml")
        defer { try? FileManager.default.removeItem(at: schema) }
        try Data(
            "fields:\n  - {name: a, constraints: {pattern: \"(a+)+$\"}}\n  - {name: n, type: integer}\n".utf8
        ).write(to: schema)
        let table = "a,n\n" + values.enumerated().map { "\($1),\($0)\n" }.joined()
        for mode in [["--summary"], ["--normalize"]] {
            let csv = ["csv", "--schema", schema.path] + mode
            // The summary names the rejects file, which is another one in each run.
            func withoutRejectsPath(_ run: Written) -> Written {
                var run = run
                run.stderr = run.stderr.replacing(/\(rejected rows in [^)]*\)/, with: "")
                return run
            }
            let one = withoutRejectsPath(try Self.run(csv, jobs: 1, input: table))
            #expect(one.stderr.contains("[pattern_budget_exhausted]"))
            #expect(withoutRejectsPath(try Self.run(csv, jobs: 3, input: table)) == one, "\(mode)")
        }
    }

    @Test func jobsOutOfRangeIsAUsageError() throws {
        let run = try CLI.run(["number", "--jobs", "0"], input: "1\n")
        #expect(run.status == 2)
        #expect(run.stderr.contains("--jobs"))
    }
}
