import ArgumentParser
import FieldCheck

/// A kind of identifier as a command of its own (`fieldcheck country`, `fieldcheck prompt
/// country`): everything about it comes from the library's `IdentifierKind`; this only names
/// the type ArgumentParser needs for each subcommand. A new kind is one line here.
protocol IdentifierCommandKind {
    static var kind: IdentifierKind { get }
}

enum CountryKind: IdentifierCommandKind { static var kind: IdentifierKind { .country } }
enum CurrencyKind: IdentifierCommandKind { static var kind: IdentifierKind { .currency } }
enum LanguageKind: IdentifierCommandKind { static var kind: IdentifierKind { .language } }
enum TimeZoneKind: IdentifierCommandKind { static var kind: IdentifierKind { .timezone } }

/// The identifier commands, in the order `--help` lists them, each with the name it is called
/// by: read from its kind, since an identifier command's configuration builds its whole help
/// each time it is asked for, and the names are looked up at every start.
let identifierCommands: [(name: String, type: any ParsableCommand.Type)] = [
    IdentifierCommand<CountryKind>.named, IdentifierCommand<CurrencyKind>.named, IdentifierCommand<LanguageKind>.named,
    IdentifierCommand<TimeZoneKind>.named,
]
/// Their `prompt` fields.
let identifierPrompts: [any ParsableCommand.Type] = [
    PromptIdentifier<CountryKind>.self, PromptIdentifier<CurrencyKind>.self, PromptIdentifier<LanguageKind>.self,
    PromptIdentifier<TimeZoneKind>.self,
]

extension IdentifierKind {
    /// The forms, as `--accept` and `--output` name them.
    var formList: String { forms.map(\.optionName).joined(separator: ", ") }

    /// The forms, each with what it is when that says more than its name.
    var formHelp: String {
        forms.map { describe($0) == $0.rawValue ? $0.optionName : "\($0.optionName) (\(describe($0)))" }
            .joined(separator: ", ")
    }

    /// The examples of `fieldcheck KIND --help`.
    var commandExamples: String {
        let examples: [IdentifierKind: String] = [
            .country: """
              fieldcheck country --locale fr_FR            # Allemagne -> DE
              fieldcheck country --output alpha3           # DE -> DEU
              fieldcheck country --output name --to ja     # DE -> ドイツ
              fieldcheck country --accept code             # Germany: rejected
            """,
            .currency: """
              fieldcheck currency --locale fr_FR           # euros -> EUR, $ -> ambiguous
              fieldcheck currency --output symbol --to de  # EUR -> €
              fieldcheck currency --historic               # DEM accepted
            """,
            .language: """
              fieldcheck language --locale de_DE           # Deutsch (Schweiz) -> de-CH
              fieldcheck language                          # de_CH -> de-CH (warning)
              fieldcheck language --output name --to fr    # de-CH -> allemand (Suisse)
            """,
            .timezone: """
              fieldcheck timezone                          # Asia/Calcutta -> Asia/Kolkata
              fieldcheck timezone --locale fr_FR           # heure : Allemagne -> Europe/Berlin
              fieldcheck timezone --output name --to de    # Europe/Paris -> Frankreich (Ortszeit)
            """,
        ]
        return examples[self] ?? "  fieldcheck \(rawValue) --locale fr_FR"
    }
}

extension IdentifierForm {
    /// What `--accept` and `--output` call the form (`code`, `alpha3`).
    var optionName: String { rawValue }
}

/// `fieldcheck country` and the other identifier kinds: codes and names read back to the code.
struct IdentifierCommand<Kind: IdentifierCommandKind>: LineCommand {
    /// The command with its name, which is its kind's.
    static var named: (name: String, type: any ParsableCommand.Type) { (Kind.kind.rawValue, self) }

    static var configuration: CommandConfiguration {
        let kind = Kind.kind
        return CommandConfiguration(
            commandName: named.name,
            _superCommandName: Fieldcheck.superCommandName,
            abstract: "Check \(kind.noun) codes and names in a locale; print the code, or another form.",
            discussion: """
                A value is read as a code first, then as a name of the locale; names are matched as \
                the locale's collation matches them (case and, where the locale says so, accents \
                ignored), with a warning when the value is not written exactly as the locale writes \
                the name. Forms (--accept, --output): \(kind.formHelp). \
                The output is the code by default.

                Examples:
                \(kind.commandExamples)
                """)
    }

    @OptionGroup var locale: LocaleOption
    @OptionGroup var rules: IdentifierRules
    @OptionGroup var prepare: PrepareOptions
    @OptionGroup var lines: LineOptions
    @OptionGroup var run: RunOptions

    mutating func runWithStatus() throws -> Int32 {
        try checkLines(rules.spec(Kind.kind, FieldBasics(locale: locale, length: nil, prepare: prepare)))
    }
}

/// `fieldcheck prompt country` and the other kinds.
struct PromptIdentifier<Kind: IdentifierCommandKind>: StatusCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: Kind.kind.rawValue,
            abstract: "A \(Kind.kind.noun) field: a code or a name, as in fieldcheck \(Kind.kind.rawValue).")
    }
    @OptionGroup var locale: LocaleOption
    @OptionGroup var rules: IdentifierRules
    @OptionGroup var prepare: PrepareOptions
    @OptionGroup var prompt: PromptOptions
    mutating func runWithStatus() throws -> Int32 {
        try prompt.run(
            FieldValidator(rules.spec(Kind.kind, FieldBasics(locale: locale, length: nil, prepare: prepare))))
    }
}

/// The rule options of an identifier command, shared with its prompt.
struct IdentifierRules: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The forms accepted, comma-separated (default: all of the kind's: code, alpha3, numeric, name for a country; code, symbol, name for a currency; code, name otherwise).",
            valueName: "FORMS"))
    var accept: String?

    @Option(
        help: ArgumentHelp(
            "What stdout gets for an accepted value: code (the default; alpha2 for a country), alpha3, numeric, name, symbol, or input (unchanged).",
            valueName: "FORM"))
    var output: String?

    @Option(
        help: ArgumentHelp("Write --output name or symbol in this locale.", valueName: "LOCALE"),
        completion: .localeIDs)
    var to: String?

    @Flag(help: "Accept former currencies (DEM, FRF) as well as current ones (currencies only).")
    var historic = false

    /// The field these options describe, for `kind`.
    func spec(_ kind: IdentifierKind, _ basics: FieldBasics) throws -> FieldSpec {
        var identifier = IdentifierSpec(kind: kind)
        let forms = kind.formList
        if let accept {
            var accepted: Set<IdentifierForm> = []
            for word in accept.split(separator: ",", omittingEmptySubsequences: false) {
                let name = word.trimmingPrefix(" ")
                guard let form = Self.form(String(name), of: kind) else {
                    throw ConfigurationError(
                        "--accept '\(accept)': a \(kind.noun) is not written as '\(name)'; the forms are \(forms)")
                }
                accepted.insert(form)
            }
            identifier.accept = accepted
        }
        var outputForm = OutputForm.canonical
        if let output {
            if output == "input" {
                outputForm = .input
            } else if let form = Self.form(output, of: kind) {
                identifier.output = form
            } else {
                throw ConfigurationError(
                    "--output '\(output)': a \(kind.noun) cannot be written as '\(output)'; use \(forms) or input")
            }
        }
        if historic && kind.rawValue != "currency" {
            throw ConfigurationError("--historic is for currencies: a \(kind.noun) has no former codes to accept")
        }
        identifier.historic = historic
        identifier.to = try to.map { (text) throws(ConfigurationError) in try LocaleID(text) }
        if to != nil && outputForm == .input {
            throw ConfigurationError("--output input prints values unchanged: it cannot be combined with --to")
        }
        if to != nil && identifier.output != .name && identifier.output != .symbol {
            throw ConfigurationError(
                "--to writes a \(kind.noun)'s name or symbol in another locale: give --output name with it")
        }
        var spec = FieldSpec(kind: .identifier(identifier), locale: try basics.locale.resolve(category: "LC_CTYPE"))
        spec.vocabulary = .commandLine
        spec.output = outputForm
        basics.apply(to: &spec)
        return spec
    }

    /// The form `name` names for `kind` (`alpha2` is a country's code).
    static func form(_ name: String, of kind: IdentifierKind) -> IdentifierForm? {
        let form = name == "alpha2" && kind == .country ? .code : IdentifierForm(rawValue: name)
        return form.flatMap { kind.forms.contains($0) ? $0 : nil }
    }
}
