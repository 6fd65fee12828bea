import Foundation
import Testing

/// The command line is parsed twice when it must be: a subcommand named first is parsed on its
/// own (a fifth of a line command's start-up, issue 35), and whatever that parse does not hand
/// to one of fieldcheck's commands is parsed again from the root. What users see must be the
/// root's: usage lines and hints that name `fieldcheck` and the whole command.
@Suite struct CommandLineParsingTests {
    static let commands: [[String]] = [
        ["text"], ["number"], ["date"], ["country"], ["timezone"], ["csv"], ["locale"], ["compare"], ["infer"],
        ["prompt"], ["prompt", "number"], ["prompt", "currency"],
    ]

    @Test(arguments: commands, ["--help", "-h"])
    func helpNamesTheWholeCommand(command: [String], flag: String) throws {
        let run = try CLI.run(command + [flag], input: "")
        #expect(run.status == 0)
        let usage = run.stdout.split(separator: "\n").first { $0.hasPrefix("USAGE: ") }
        #expect(usage?.hasPrefix("USAGE: fieldcheck \(command.joined(separator: " "))") == true, "\(run.stdout)")
    }

    @Test(arguments: commands.filter { $0 != ["prompt"] })
    func aUsageErrorNamesTheWholeCommand(command: [String]) throws {
        let run = try CLI.run(command + ["--no-such-option"], input: "")
        #expect(run.status == 2)
        let name = command.joined(separator: " ")
        // csv names what it lacks first (a schema or a column), the others the option.
        #expect(run.stderr.hasPrefix("fieldcheck: "), "\(run.stderr)")
        #expect(run.stderr.contains("Usage: fieldcheck \(name)"), "\(run.stderr)")
        #expect(run.stderr.contains("See 'fieldcheck \(name) --help' for more information."), "\(run.stderr)")
    }

    @Test func aCommandParsedOnItsOwnRunsAsFromTheRoot() throws {
        let run = try CLI.run(["number", "--locale", "de_DE", "--max-fraction-digits", "1"], input: "1.234,5\n1,25\n")
        #expect(run.status == 1)
        #expect(run.lines == ["1234.5"])
        #expect(run.stderr.contains("[too_many_fraction_digits]"), "\(run.stderr)")
    }
}
