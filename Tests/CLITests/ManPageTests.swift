import Foundation
import Testing

/// The man page, `--help` and the README describe the same tool.
@Suite struct ManPageTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func subcommands() throws -> [String] {
        let help = try CLI.run(["--help"]).stdout
        guard let range = help.range(of: "SUBCOMMANDS:") else { return [] }
        return help[range.upperBound...].split(separator: "\n").compactMap {
            $0.split(separator: " ").first.map(String.init)
        }.filter { $0 != "help" && !$0.hasPrefix("See") }
    }

    @Test func everyOptionInHelpIsInTheManPage() throws {
        let man = try String(contentsOf: Self.root.appendingPathComponent("man/fieldcheck.1"), encoding: .utf8)
            .replacingOccurrences(of: "\\-", with: "-")
        let regex = try NSRegularExpression(pattern: "--[a-z][a-z0-9-]+")
        var missing: [String] = []
        for command in [""] + (try Self.subcommands()) {
            let help = try CLI.run(command.isEmpty ? ["--help"] : [command, "--help"]).stdout
            let options = Set(
                regex.matches(in: help, range: NSRange(help.startIndex..., in: help)).map {
                    String(help[Range($0.range, in: help)!])
                })
            for option in options.sorted() where !man.contains(option) { missing.append("\(command) \(option)") }
        }
        #expect(missing.isEmpty, "options in --help but not in man/fieldcheck.1: \(missing)")
    }
}
