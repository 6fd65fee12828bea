import ArgumentParser
import FieldCheck

extension CharacterPreset: ExpressibleByArgument {}
extension CaseMapping: ExpressibleByArgument {}
extension Normalization: ExpressibleByArgument {}
extension LengthUnit: ExpressibleByArgument {}
extension OutputForm: ExpressibleByArgument {}

/// What stdout gets for a rejected value.
enum InvalidPolicy: String, ExpressibleByArgument, CaseIterable {
    case drop, keep, blank, abort
}

enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never
}
extension NumberStyle: ExpressibleByArgument {}
extension OutputFormat: ExpressibleByArgument {}

extension ExactDecimal: ExpressibleByArgument {
    /// `--min` and `--max` take plain ASCII decimals (`-1.5`, `1000`, `1e6`).
    public init?(argument: String) { self.init(argument) }
}
extension DateStyle: ExpressibleByArgument {}
extension ComparedType: ExpressibleByArgument {}

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
