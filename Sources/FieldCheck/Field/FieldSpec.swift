/// Everything that defines one field: its type, locale, character rules, length and pattern
/// rules, transformations and output. The same value drives the line commands, each CSV
/// column and the prompt.
public struct FieldSpec: Sendable, Hashable {
    public var kind: FieldKind
    public var locale: LocaleID
    // prepare
    public var trim = false
    public var normalization: Normalization? = nil
    // filter
    public var allow: CharacterRule? = nil
    public var deny: CharacterRule? = nil
    public var preset: CharacterPreset? = nil
    public var strip = false
    // transform
    public var caseMapping: CaseMapping? = nil
    // validate
    public var minLength: Int? = nil
    public var maxLength: Int? = nil
    public var lengthUnit: LengthUnit = .graphemes
    public var pattern: String? = nil
    /// A value the pattern matches, for its example of a valid value, when the pattern comes
    /// with one (`name@example.com` for Table Schema's `format: email`); else one is found.
    public var patternExample: String? = nil
    /// The values allowed (Table Schema's `enum`), in the canonical form the field writes
    /// (numbers compare as values: `3.00` is `3`); nil: any value the other rules accept.
    public var allowedValues: [String]? = nil
    // format
    public var output: OutputForm = .canonical
    /// How diagnostics name the rules above (the front end's option or key names).
    public var vocabulary: RuleVocabulary = .plain

    public init(kind: FieldKind, locale: LocaleID) {
        self.kind = kind
        self.locale = locale
    }
}

/// The type of value a field holds, with the rules of that type.
public enum FieldKind: Sendable, Hashable {
    case text
    case number(NumberSpec)
    case date(DateSpec)
    case boolean(BooleanSpec)
    /// A `year`, `yearmonth`, `time` or `datetime`.
    case temporal(TemporalSpec)
    /// A type registered by a library user (`FieldType.custom`).
    case custom(CustomType)
    /// A country, currency, language or time zone: a code or a name in the locale.
    case identifier(IdentifierSpec)

    /// What a person calls a value of this kind ("text", "number", "date", "boolean").
    public var noun: String {
        switch self {
        case .text: "text"
        case .number: "number"
        case .date: "date"
        case .boolean: "boolean"
        case .temporal(let temporal): temporal.unit.rawValue
        case .custom(let type): type.name
        case .identifier(let identifier): identifier.kind.noun
        }
    }
}

public enum Normalization: String, Sendable, Hashable, CaseIterable {
    case nfc, nfkc
}

public enum CaseMapping: String, Sendable, Hashable, CaseIterable {
    case lower, upper, title
}

/// What a length counts.
public enum LengthUnit: String, Sendable, Hashable, CaseIterable {
    /// User-perceived characters (Unicode extended grapheme clusters): what a person counts.
    case graphemes
    /// Unicode scalar values (code points).
    case scalars
    /// UTF-16 code units: what UIKit's `NSString.length` counts.
    case utf16
    /// UTF-8 bytes.
    case bytes

    var singular: String {
        switch self {
        case .graphemes: "character"
        case .scalars: "code point"
        case .utf16: "UTF-16 unit"
        case .bytes: "byte"
        }
    }

    func describe(_ count: Int) -> String { "\(count) \(singular)\(count == 1 ? "" : "s")" }
}

/// What goes to stdout for an accepted value.
public enum OutputForm: String, Sendable, Hashable, CaseIterable {
    /// The canonical value (numbers as plain decimals, dates in ISO 8601), or the value
    /// formatted for another locale or style when one was asked for.
    case canonical
    /// The accepted input, unchanged.
    case input
}

/// An `--allow` or `--deny` argument: an ICU UnicodeSet pattern when it starts with `[`,
/// `\p` or `\P`, otherwise a literal list of characters.
public struct CharacterRule: Sendable, Hashable {
    public var source: String
    public init(_ source: String) { self.source = source }

    public var isSetPattern: Bool {
        source.hasPrefix("[") || source.hasPrefix("\\p") || source.hasPrefix("\\P")
            || source.hasPrefix("\\N")
    }
}
