import Foundation
import Testing

/// Every `$` line of the README runs as printed: on a pseudo-terminal (`script`), with stdout
/// and stderr on it together as a reader sees them, in `LANG=C.UTF-8` and `NO_COLOR=1` as the
/// README says, and prints what the README shows after it. A line `...` in the README marks
/// output left out: everything from there on is not compared.
@Suite struct ReadmeExamplesTests {
    struct Example: CustomStringConvertible {
        var command: String
        var expected: [String]
        /// Whether the README leaves out the end of the output (`...`).
        var elided: Bool
        /// The examples of one code block run in order in one directory (one writes a file the
        /// next reads).
        var block: Int
        var description: String { command }
    }

    static func examples() throws -> [Example] {
        let readme = try String(contentsOf: ManPageTests.root.appendingPathComponent("README.md"), encoding: .utf8)
        var examples: [Example] = []
        var inBlock = false
        var block = 0
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                inBlock.toggle()
                block += 1
                continue
            }
            guard inBlock else { continue }
            if line.hasPrefix("$ ") {
                examples.append(Example(command: String(line.dropFirst(2)), expected: [], elided: false, block: block))
            } else if var last = examples.last, last.block == block, !last.elided {
                if line == "..." { last.elided = true } else { last.expected.append(line) }
                examples[examples.count - 1] = last
            }
        }
        return examples
    }

    @Test func everyExampleRunsAsPrinted() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { return }
        let examples = try Self.examples()
        #expect(examples.count >= 30)
        var directories: [Int: URL] = [:]
        for example in examples {
            let directory: URL
            if let existing = directories[example.block] {
                directory = existing
            } else {
                directory = CLI.temporaryFile("readme")
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try FileManager.default.createSymbolicLink(
                    at: directory.appendingPathComponent("Data"),
                    withDestinationURL: ManPageTests.root.appendingPathComponent("Data"))
                directories[example.block] = directory
            }
            let got = try Self.runOnATerminal(example.command, in: directory)
            var expected = example.expected
            while expected.last == "" { expected.removeLast() }
            let compared = example.elided ? Array(got.prefix(expected.count)) : got
            #expect(compared == expected, "README example: $ \(example.command)")
        }
        for directory in directories.values { try? FileManager.default.removeItem(at: directory) }
    }

    /// What `command` prints on a pseudo-terminal, by line, trailing empty lines dropped.
    static func runOnATerminal(_ command: String, in directory: URL) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command, "/dev/null"]
        process.currentDirectoryURL = directory
        process.environment = [
            "PATH": CLI.binary.deletingLastPathComponent().path + ":/usr/bin:/bin", "LANG": "C.UTF-8",
            "NO_COLOR": "1", "TERM": "xterm", "HOME": directory.path,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var lines = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.last == "" { lines.removeLast() }
        return lines
    }
}
