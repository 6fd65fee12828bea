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
        examples(in: try String(contentsOf: ManPageTests.root.appendingPathComponent("README.md"), encoding: .utf8))
    }

    static func examples(in readme: String) -> [Example] {
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

    /// The examples of the man page: its `.nf` blocks, with the troff escapes they use read
    /// back into the characters a terminal shows.
    static func manPageExamples() throws -> [Example] {
        let page = try String(
            contentsOf: ManPageTests.root.appendingPathComponent("man/fieldcheck.1"), encoding: .utf8)
        var text = ""
        var inBlock = false
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == ".nf" {
                inBlock = true
                text += "```\n"
            } else if line == ".fi" {
                inBlock = false
                text += "```\n"
            } else if inBlock && !line.hasPrefix(".") {
                text += unescaped(String(line)) + "\n"
            }
        }
        return examples(in: text)
    }

    static func unescaped(_ line: String) -> String {
        var out = line
        for (escape, character) in [
            ("\\(aq", "'"), ("\\(lq", "\u{201C}"), ("\\(rq", "\u{201D}"), ("\\(em", "\u{2014}"),
            ("\\(en", "\u{2013}"), ("\\['e]", "é"), ("\\-", "-"), ("\\&", ""), ("\\~", "\u{A0}"),
        ] {
            out = out.replacingOccurrences(of: escape, with: character)
        }
        while let range = out.range(of: #"\\\[u[0-9A-F]{4,6}\]"#, options: .regularExpression) {
            let hex = out[range].dropFirst(3).dropLast()
            out.replaceSubrange(range, with: String(Unicode.Scalar(UInt32(hex, radix: 16)!)!))
        }
        return out.replacingOccurrences(of: "\\e", with: "\\")
    }

    @Test(.needsScript) func everyManPageExampleRunsAsPrinted() throws {
        let examples = try Self.manPageExamples()
        #expect(examples.count >= 15)
        try Self.check(examples, source: "man page")
    }

    @Test(.needsScript) func everyExampleRunsAsPrinted() throws {
        let examples = try Self.examples()
        #expect(examples.count >= 30)
        try Self.check(examples, source: "README")
    }

    static func check(_ examples: [Example], source: String) throws {
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
            #expect(compared == expected, "\(source) example: $ \(example.command)")
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

extension Trait where Self == ConditionTrait {
    /// The examples run on a pseudo-terminal made by util-linux's `script`.
    static var needsScript: Self {
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script (util-linux)")
    }
}
