import Foundation
import Testing

/// Runs the built `fieldcheck` binary with real stdin and captures stdout, stderr and the
/// exit status. The binary sits next to the test bundle in SwiftPM's build folder, unless
/// `FIELDCHECK_TEST_BINARY` names another one: the whole CLI suite then runs against it, as
/// against the self-contained binary of `make dist`, whose ICU data is trimmed (issue 31), as
/// `.ci/run` does: `FIELDCHECK_TEST_BINARY=$PWD/.build/dist/fieldcheck swift test`.
struct CLI {
    struct Outcome {
        var stdout: String
        var stderr: String
        var status: Int32
        var stdoutBytes: Data
        /// Stdout split into lines (without the final empty one).
        var lines: [String] {
            stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
        /// Each stdout line parsed as a JSON object.
        var objects: [[String: Any]] {
            lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        }
    }

    /// The binary `FIELDCHECK_TEST_BINARY` names, if any: not the build under test, so not
    /// necessarily a debug build (a test that times the debug build asks).
    static let otherBinary: URL? = ProcessInfo.processInfo.environment["FIELDCHECK_TEST_BINARY"].flatMap {
        $0.isEmpty ? nil : URL(fileURLWithPath: $0)
    }

    static let binary: URL = {
        if let otherBinary { return otherBinary }
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var directory = me.deletingLastPathComponent()
        // The test runner may live inside an .xctest bundle directory.
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("fieldcheck").path),
            directory.path != "/"
        {
            directory = directory.deletingLastPathComponent()
        }
        return directory.appendingPathComponent("fieldcheck")
    }()

    static func temporaryFile(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("fieldcheck-test-\(UUID().uuidString)-\(name)")
    }

    /// A temporary file holding `text`; the caller removes it.
    static func temporaryFile(_ name: String, holding text: String) throws -> URL {
        let url = temporaryFile(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    /// Runs `fieldcheck args…` (or `program args…`) with `stdin` as standard input.
    static func run(
        _ args: [String], stdin: Data = Data(), environment: [String: String] = [:], program: URL? = nil
    ) throws -> Outcome {
        let input = temporaryFile("stdin")
        let output = temporaryFile("stdout")
        let errors = temporaryFile("stderr")
        defer { for file in [input, output, errors] { try? FileManager.default.removeItem(at: file) } }
        try stdin.write(to: input)
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        let process = Process()
        process.executableURL = program ?? binary
        process.arguments = args
        var env = ["PATH": "/usr/bin:/bin", "LANG": "C"]
        env.merge(environment) { $1 }
        process.environment = env
        process.standardInput = try FileHandle(forReadingFrom: input)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        process.waitUntilExit()
        let out = try Data(contentsOf: output)
        JSONCorpus.keep(out, of: args)
        return Outcome(
            stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errors), as: UTF8.self),
            status: process.terminationStatus, stdoutBytes: out)
    }

    static func run(_ args: [String], input: String, environment: [String: String] = [:]) throws -> Outcome {
        try run(args, stdin: Data(input.utf8), environment: environment)
    }

    /// Runs a shell pipeline with `$FIELDCHECK` set to the binary.
    static func shell(_ script: String) throws -> Outcome {
        try run([], stdin: Data(), environment: [:], shell: script)
    }

    private static func run(_ args: [String], stdin: Data, environment: [String: String], shell: String) throws
        -> Outcome
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", shell]
        process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C", "FIELDCHECK": binary.path]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(
            stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self),
            status: process.terminationStatus, stdoutBytes: out)
    }
}

extension Dictionary where Key == String, Value == Any {
    /// The first error object of a JSON Lines result.
    var firstError: [String: Any]? { (self["errors"] as? [[String: Any]])?.first }
    var errorCodes: [String] { (self["errors"] as? [[String: Any]])?.compactMap { $0["code"] as? String } ?? [] }
}

extension CLI {
    /// Runs the binary with stdin, stdout and stderr on /dev/null and returns its exit status
    /// and its peak resident memory in KiB.
    ///
    /// Linux carries the spawning process's peak into the child across exec (posix_spawn
    /// shares the parent's memory until exec), and this test process can be large while
    /// other tests run. So a small Python process starts the binary and reports its
    /// children's peak (`RUSAGE_CHILDREN`): only Python's few MB are carried over.
    static func peakMemory(_ args: [String]) throws -> (status: Int32, peakKiB: Int) {
        let script = """
            import resource, subprocess, sys
            code = subprocess.run(sys.argv[1:], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL).returncode
            print(code, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
            """
        let outcome = try shell(
            (["python3", "-c", script, binary.path] + args).map {
                "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'"
            }
            .joined(separator: " "))
        let fields = outcome.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Int($0) }
        guard fields.count == 2 else { throw CocoaError(.executableLoad) }
        return (Int32(fields[0]), fields[1])
    }

}

/// The `--json` output of every CLI test, kept for `scripts/validate_json_output.py` when
/// `FIELDCHECK_JSON_CORPUS` names a directory (`.ci/run` sets it): one `.jsonl` file per run,
/// and the command beside it in a `.cmd` file, so that an invalid record names its test.
/// Of a long output only the first `keptLines` records and the last are kept: a few tests
/// write 100,000 records and more of one kind, which took jsonschema minutes, and the last
/// is the one of another kind (`--summary`).
enum JSONCorpus {
    static let keptLines = 1000

    static let directory: URL? = ProcessInfo.processInfo.environment["FIELDCHECK_JSON_CORPUS"].flatMap {
        $0.isEmpty ? nil : URL(fileURLWithPath: $0)
    }

    /// Whether `args` ask for JSON Lines records: `--json` or `--format json`, but not
    /// `infer --schema` or `--package`, which write a Table Schema or a Data Package.
    static func writesRecords(_ args: [String]) -> Bool {
        let json =
            args.contains("--json") || args.contains("--format=json")
            || zip(args, args.dropFirst()).contains { $0 == "--format" && $1 == "json" }
        let document = args.first == "infer" && (args.contains("--schema") || args.contains("--package"))
        return json && !document
    }

    static func keep(_ stdout: Data, of args: [String]) {
        guard let directory, !stdout.isEmpty, writesRecords(args) else { return }
        let name = UUID().uuidString
        var kept = stdout
        let lines = stdout.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if lines.count > keptLines + 2 {
            kept = Data(
                (lines.prefix(keptLines) + lines.suffix(2)).joined(separator: [UInt8(ascii: "\n")]))
        }
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? kept.write(to: directory.appendingPathComponent(name + ".jsonl"))
        try? Data((["fieldcheck"] + args).joined(separator: " ").utf8).write(
            to: directory.appendingPathComponent(name + ".cmd"))
    }
}

enum Python {
    /// The interpreter of the first python3 on the PATH that imports `module`: the interpreter
    /// itself (`sys.executable`), not a pyenv shim, which needs an environment the runs here
    /// do not get.
    static func interpreter(importing module: String) -> URL? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let python = URL(fileURLWithPath: "\(directory)/python3")
            guard FileManager.default.isExecutableFile(atPath: python.path) else { continue }
            let process = Process()
            process.executableURL = python
            process.arguments = ["-c", "import \(module), sys; print(sys.executable)"]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { continue }
            let path = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            if process.terminationStatus == 0 {
                return URL(fileURLWithPath: path.trimmingCharacters(in: .whitespacesAndNewlines))
            }
        }
        return nil
    }
}
