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

    /// ArgumentParser's own words where they misled: `help foo` printed the main help with exit
    /// 0; a negative count read as a missing value; `--json --check` named `--format json`.
    @Test func usageErrorsNameWhatWasGiven() throws {
        let help = try CLI.run(["help", "numbr"], input: "")
        #expect(help.status == 2 && help.stdout.isEmpty)
        #expect(help.stderr.hasPrefix("fieldcheck: unknown command 'numbr' (did you mean 'number'?)"))
        #expect(try CLI.run(["help", "number"], input: "").stdout.hasPrefix("OVERVIEW: Check numbers"))
        for (option, message) in [
            ("--max-fraction-digits", "--max-fraction-digits must not be negative"),
            ("--fraction-digits", "--fraction-digits must be 0 to 100"), ("--jobs", "--jobs must be between 1 and 256"),
        ] {
            let run = try CLI.run(["number", option, "-1"], input: "1\n")
            #expect(run.status == 2)
            #expect(run.stderr.hasPrefix("fieldcheck: \(message)\n"), "\(run.stderr)")
        }
        let check = try CLI.run(["number", "--json", "--check"], input: "1\n")
        #expect(check.status == 2)
        #expect(check.stderr.hasPrefix("fieldcheck: --json and --check cannot be used together"), "\(check.stderr)")
    }

    @Test func aCommandParsedOnItsOwnRunsAsFromTheRoot() throws {
        let run = try CLI.run(["number", "--locale", "de_DE", "--max-fraction-digits", "1"], input: "1.234,5\n1,25\n")
        #expect(run.status == 1)
        #expect(run.lines == ["1234.5"])
        #expect(run.stderr.contains("[too_many_fraction_digits]"), "\(run.stderr)")
    }
}
