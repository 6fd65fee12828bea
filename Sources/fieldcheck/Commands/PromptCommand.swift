import ArgumentParser
import FieldCheck

extension Fieldcheck {
    /// `fieldcheck prompt text|number|date`: the constrained text field on the terminal.
    struct PromptCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "prompt",
            _superCommandName: Fieldcheck.superCommandName,
            abstract: "Ask for a value on the terminal, refusing each key that would make it invalid.",
            discussion: """
                The field takes the same rules as the line command of its type. A key (or a \
                paste, checked whole) that would leave text no valid value begins with is \
                refused with the bell and the reason under the field (--min and --max are \
                judged at Enter); Enter accepts only a valid \
                value, which goes to stdout (canonical, or formatted with --to). Keys: \
                left/right, Home/End (Ctrl-A/E), Tab completes a country, currency, language or time zone \
                as far as its codes and names agree, Backspace/Delete by character, Ctrl-U clears \
                before the cursor; Esc or Ctrl-C cancels (exit status 130), as does Ctrl-D on \
                an empty field; Ctrl-Z stops it (the terminal restored; fg brings the field \
                back). The field holds at most 4096 characters, whatever --max-length \
                allows. The field is drawn on /dev/tty, so that stdout carries only the \
                value:

                  price=$(fieldcheck prompt number --locale de_DE --max-length 7 --label Preis)
                """,
            subcommands: [PromptText.self, PromptNumber.self, PromptDate.self] + identifierPrompts + [PromptAs.self]
        )
    }

    struct PromptText: StatusCommand, DeclaresFieldBasics {
        static let configuration = CommandConfiguration(
            commandName: "text", abstract: "A text field: characters, length and pattern as in fieldcheck text.")
        @OptionGroup var locale: LocaleOption
        @OptionGroup var rules: TextRules
        @OptionGroup var length: LengthOptions
        @OptionGroup var prepare: PrepareOptions
        @OptionGroup var prompt: PromptOptions
        mutating func runWithStatus() throws -> Int32 {
            try prompt.run(FieldValidator(rules.spec(basics)))
        }
    }

    struct PromptNumber: StatusCommand, DeclaresFieldBasics {
        static let configuration = CommandConfiguration(
            commandName: "number", abstract: "A number field in a locale, as in fieldcheck number.")
        @OptionGroup var locale: LocaleOption
        @OptionGroup var rules: NumberRules
        @OptionGroup var length: LengthOptions
        @OptionGroup var prepare: PrepareOptions
        @OptionGroup var prompt: PromptOptions
        mutating func runWithStatus() throws -> Int32 {
            try prompt.run(FieldValidator(rules.spec(basics)))
        }
    }

    struct PromptDate: StatusCommand, DeclaresFieldBasics {
        static let configuration = CommandConfiguration(
            commandName: "date", abstract: "A date field in a locale, as in fieldcheck date.")
        @OptionGroup var locale: LocaleOption
        @OptionGroup var rules: DateRules
        @OptionGroup var length: LengthOptions
        @OptionGroup var prepare: PrepareOptions
        @OptionGroup var prompt: PromptOptions
        @Option(
            help: ArgumentHelp(
                "A strptime format such as %d.%m.%Y, as fieldcheck date --format reads it.", valueName: "FORMAT"))
        var format: String?
        mutating func runWithStatus() throws -> Int32 {
            rules.formatGiven = format
            try rules.checkFormats()
            return try prompt.run(FieldValidator(rules.spec(basics)))
        }
    }
}

extension Fieldcheck {
    struct PromptAs: StatusCommand, DeclaresFieldBasics {
        static let configuration = CommandConfiguration(
            commandName: "as",
            abstract:
                "A field of any type a Table Schema names (datetime, time, boolean...), as in fieldcheck as, --min and --max included."
        )
        @OptionGroup var type: TypeArgument
        @OptionGroup var locale: LocaleOption
        @OptionGroup var length: LengthOptions
        @OptionGroup var prepare: PrepareOptions
        @OptionGroup var prompt: PromptOptions
        mutating func runWithStatus() throws -> Int32 {
            try prompt.run(FieldValidator(type.spec(basics)))
        }
    }
}

/// The options of the field itself: what it shows and how it is read.
struct PromptOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Text shown before the field.", valueName: "TEXT"))
    var label: String?

    @Option(name: .customLong("default"), help: ArgumentHelp("The text the field starts with.", valueName: "VALUE"))
    var defaultValue: String?

    @Flag(help: "Show a bullet for each character and keep the value and characters out of every message.")
    var secure = false

    @Flag(help: "Read one line from stdin instead of the terminal, and check it with the same messages.")
    var noTty = false

    func run(_ field: FieldValidator) throws -> Int32 {
        // A field no value passes could never finish.
        if let reason = field.noValuePasses { throw ConfigurationError(reason) }
        let session = PromptSession(field: field, options: self)
        return noTty ? try session.runWithoutTerminal() : try session.run()
    }
}
