import ArgumentParser
import FieldCheck

/// An option's value that is one of the cases of a string enum (`--case lower|upper|title`).
///
/// ArgumentParser lists such values through a key path to `rawValue` that it makes at run
/// time, once per option, before any argument is read: 2.5 M of the 28 M instructions a line
/// command took to start (issue 35). Listed directly, they cost nothing worth counting.
protocol ArgumentCases: ExpressibleByArgument, CaseIterable, RawRepresentable<String> {}

extension ArgumentCases {
    public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
    public var defaultValueDescription: String { rawValue }
}

extension CharacterPreset: ArgumentCases {}
extension CaseMapping: ArgumentCases {}
extension Normalization: ArgumentCases {}
extension LengthUnit: ArgumentCases {}
extension OutputForm: ArgumentCases {}

/// What stdout gets for a rejected value.
enum InvalidPolicy: String, ArgumentCases {
    case drop, keep, blank, abort
}

enum ColorChoice: String, ArgumentCases {
    case auto, always, never
}
extension NumberStyle: ArgumentCases {}
extension OutputFormat: ArgumentCases {}

extension ExactDecimal: ExpressibleByArgument {
    /// `--min` and `--max` take plain ASCII decimals (`-1.5`, `1000`, `1e6`).
    public init?(argument: String) { self.init(argument) }
}
extension DateStyle: ArgumentCases {}
extension ComparedType: ArgumentCases {}

extension CivilDate: ExpressibleByArgument {
    /// `--min` and `--max` of dates take ISO 8601 calendar dates (`2026-04-13`).
    public init?(argument: String) { self.init(iso: argument) }
}

extension RuleVocabulary {
    /// The line commands' option names, in their diagnostics (`not in --allow aeiou`).
    static let commandLine = RuleVocabulary(
        allow: "--allow", deny: "--deny", preset: "--preset", minimum: "--min", maximum: "--max",
        minLength: "--min-length", maxLength: "--max-length", currencyStyle: "--style currency",
        currency: "--currency", historic: "--historic", trimHint: "--trim ignores white space at the ends",
        nulHint: "for NUL-separated records use -z")
}

extension ConfigurationError {
    /// The message with its advice in the command line's terms.
    var commandLineMessage: String {
        var text = message
        if advice.contains(.listLocales) { text += " (fieldcheck locale --list shows all)" }
        if advice.contains(.setLocale) { text += "; set --locale" }
        return text
    }
}

extension CompletionKind {
    /// Locale ids, for `--locale` and `--to`: the shell asks the binary, which lists ICU's.
    static var localeIDs: CompletionKind {
        .custom { _, _, prefix in LocaleID.available.filter { $0.hasPrefix(prefix) } }
    }
}
