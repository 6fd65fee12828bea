import Foundation
import Testing

/// Runs the built `fieldcheck` binary with real stdin and captures stdout, stderr and the
/// exit status. The binary sits next to the test bundle in SwiftPM's build folder.
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

    static let binary: URL = {
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

    /// Runs `fieldcheck args…` with `stdin` as standard input.
    static func run(_ args: [String], stdin: Data = Data(), environment: [String: String] = [:]) throws -> Outcome {
        let input = temporaryFile("stdin")
        let output = temporaryFile("stdout")
        let errors = temporaryFile("stderr")
        defer { for file in [input, output, errors] { try? FileManager.default.removeItem(at: file) } }
        try stdin.write(to: input)
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        let process = Process()
        process.executableURL = binary
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
    /// Runs the binary with stdin and stdout on /dev/null and returns its exit status and
    /// its peak resident memory in KiB (from wait4, so other children do not count).
    ///
    /// Linux carries the spawning process's peak into the child's across exec, so the test
    /// process resets its own peak first (`clear_refs` 5): the figure is then the larger of
    /// the child's peak and the test process's current size.
    static func peakMemory(_ args: [String]) throws -> (status: Int32, peakKiB: Int) {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([binary.path] + args).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, binary.path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw CocoaError(.executableLoad) }
        var status: Int32 = 0
        var usage = rusage()
        _ = wait4(pid, &status, 0, &usage)
        return ((status >> 8) & 0xFF, usage.ru_maxrss)
    }
}
