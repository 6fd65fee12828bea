import ArgumentParser
import FieldCheck

#if canImport(Glibc)
    import Glibc
#endif

/// The root command: it only lists the subcommands and maps every outcome to an exit status
/// (0 accepted, 1 rejected, 2 usage or configuration error, 3 I/O error).
@main
struct Fieldcheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fieldcheck",
        abstract:
            "Validate, filter and format strings as numbers, dates, identifiers (countries, currencies, languages, time zones) or constrained text, in any locale.",
        discussion: """
            Reads one value per line (or per NUL-terminated record with -z) and checks it the way \
            an iOS constrained text field would, with ICU's locale data. Accepted values go to \
            stdout; each rejection is reported on stderr with a stable code, the offset and name \
            of the offending character, and an example of a valid value.

            Exit status: 0 every value accepted, 1 at least one rejected, 2 usage or \
            configuration error, 3 I/O error. See fieldcheck(1).
            """,
        version: VersionReport.text,
        subcommands: namedSubcommands.map(\.type)
    )

    /// The subcommands, in the order `--help` lists them, each with the name it is called by.
    /// `checkSubcommandName` and `parseCommand` read the names at every start, without
    /// building this root's configuration (its version line asks ICU for its versions) or an
    /// identifier command's (its help).
    static let namedSubcommands: [(name: String, type: any ParsableCommand.Type)] =
        [TextCommand.self, NumberCommand.self, DateCommand.self].map(named) + identifierCommands
        // `as` by name: its configuration lists the registered types, made only when it is asked for.
        + [("as", AsCommand.self)]
        + [CSVCommand.self, LocaleCommand.self, CompareCommand.self, InferCommand.self, PromptCommand.self].map(named)

    /// What every subcommand gives as its `_superCommandName`, so that a subcommand parsed on
    /// its own (`parseCommand`) skips ArgumentParser's look for `--generate-completion-script`:
    /// it parses two more commands at every start, 5.3 M instructions, a fifth of a line
    /// command's start-up (issue 35). ArgumentParser reads the name only at the root of a
    /// parse, and help, usage lines, errors and completion scripts all come from the root's
    /// parse here (`parseCommand`), so the name is never printed.
    static let superCommandName = "fieldcheck"

    private static func named(_ type: any ParsableCommand.Type) -> (name: String, type: any ParsableCommand.Type) {
        (type.configuration.commandName ?? "", type)
    }

    static func main() {
        signal(SIGPIPE, SIG_IGN)
        let status: Int32
        do {
            guard ProcessArguments.readable else {
                // Never run as if given no arguments: that printed the help and exited 0.
                throw ConfigurationError("cannot read the command line's arguments")
            }
            let arguments = ProcessArguments.arguments
            if Set(arguments) == ["--version", "--json"] && arguments.count == 2 {
                try Streams.standardOutput.write(VersionReport.json)
                try Streams.standardOutput.flush()
                Glibc.exit(0)
            }
            try checkSubcommandName(arguments)
            var command = try parseCommand(arguments)
            if var runnable = command as? StatusCommand {
                status = try runnable.runWithStatus()
            } else {
                try command.run()
                status = 0
            }
        } catch let error as ConfigurationError {
            Streams.complain(error.commandLineMessage)
            status = 2
        } catch let error as InputOutputError {
            Streams.complain(error.description)
            status = 3
        } catch is BrokenPipe {
            // The reader went away: quietly, and 0 only when nothing read so far was rejected.
            status = Summary.anyRejectedInProcess ? 1 : 0
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success {
                try? Streams.standardOutput.write(message + "\n")
                status = 0
            } else {
                // Usage errors are status 2, as in grep and numfmt (ArgumentParser says 64), and
                // carry the prefix every other error has.
                let prefixed = message.hasPrefix("Error: ") ? "fieldcheck: " + message.dropFirst(7) : message
                try? Streams.standardError.write(prefixed + "\n" + negativeNumberHint(message))
                status = 2
            }
        }
        // What is still buffered (`locale`, `--help`, `--version`) must reach its reader: a
        // full disk is an I/O error, not a silent success. A reader gone away is not.
        var final = status
        do {
            try Streams.standardOutput.flush()
        } catch let error as InputOutputError {
            Streams.complain(error.description)
            if final == 0 || final == 1 { final = 3 }
        } catch {}
        // Diagnostics and messages still held (stderr is buffered unless it is a terminal).
        do {
            try Streams.standardError.flush()
        } catch is InputOutputError {
            if final == 0 || final == 1 { final = 3 }
        } catch {}
        Glibc.exit(final)
    }
}

extension Fieldcheck {
    /// For "Unknown option '-5'": a negative number read as an option, and how to give it.
    static func negativeNumberHint(_ message: String) -> String {
        let marker = "Unknown option '"
        guard let start = message.firstRange(of: marker)?.upperBound,
            let end = message[start...].firstIndex(of: "'")
        else { return "" }
        let option = message[start..<end]
        guard option.count > 1, option.dropFirst().first?.isNumber == true || option.dropFirst().first == "."
        else { return "" }
        let others = ProcessArguments.arguments.filter { $0 != option && $0 != "--" }
        return "fieldcheck: '\(option)' is read as an option; to give it as a value, put -- before it: "
            + "fieldcheck \(others.joined(separator: " ")) -- \(option)\n"
    }

    /// The command the arguments name. A subcommand named first is parsed on its own: parsing
    /// from the root reflects over every option of the subcommand once more (ArgumentParser
    /// asks whether it takes all the input that remains), a fifth of a line command's start-up
    /// (issue 35). What that parse refuses or does not hand to one of ours — a usage error,
    /// `--help`, a completion script — is parsed again from the root, so that every message
    /// and usage line is the root's own.
    static func parseCommand(_ arguments: [String]) throws -> ParsableCommand {
        if let first = arguments.first, let subcommand = namedSubcommands.first(where: { $0.name == first }),
            let command = try? subcommand.type.parseAsRoot(Array(arguments.dropFirst())),
            // Not ArgumentParser's own help command, which `-h` there becomes: its usage line
            // would lack the root's name.
            command is StatusCommand
        {
            return command
        }
        return try parseAsRoot(arguments)
    }

    /// Refuses a first argument that is no subcommand (`fieldcheck txt`) by naming the nearest
    /// ones, which ArgumentParser does not do for subcommands.
    static func checkSubcommandName(_ arguments: [String]) throws(ConfigurationError) {
        guard let first = arguments.first, !first.hasPrefix("-") else { return }
        let names = namedSubcommands.map(\.name) + ["help"]
        // `help foo` printed the main help with exit 0: the command it names is checked too.
        if first == "help", arguments.count > 1 { return try checkSubcommandName(Array(arguments.dropFirst())) }
        guard !names.contains(first) else { return }
        if FieldType.named(first) != nil {
            // A type a Table Schema names, which has no command of its own (datetime, boolean).
            throw ConfigurationError(
                "unknown command '\(first)'; values of the type \(first) are checked with 'fieldcheck as \(first)' "
                    + "(fieldcheck as --help)")
        }
        let nearest = names.filter {
            Suggestion.editDistance($0, first) <= 2 || $0.hasPrefix(first) || first.hasPrefix($0)
        }
        let guess = nearest.isEmpty ? "" : " (did you mean '\(nearest.joined(separator: "' or '"))'?)"
        throw ConfigurationError(
            "unknown command '\(first)'\(guess); the commands are \(names.dropLast().joined(separator: ", ")) "
                + "(fieldcheck --help)")
    }
}

/// A command that reports its outcome as an exit status instead of throwing for it.
protocol StatusCommand: ParsableCommand {
    mutating func runWithStatus() throws -> Int32
}

extension StatusCommand {
    mutating func run() throws {
        let status = try runWithStatus()
        if status != 0 { throw ExitCode(status) }
    }
}
