/// What one identifier kind knows, for `IdentifierValidator`: how to read a code, every
/// identifier's names in a locale, and how to write a code in another form. A kind is one
/// catalog in this folder and one case of `IdentifierKind`.
protocol IdentifierCatalog: Sendable {
    /// What a person calls one ("country", "time zone").
    var noun: String { get }
    /// More than one ("countries", "time zones").
    var pluralNoun: String { get }
    /// Every current identifier's canonical code.
    var codes: [String] { get }
    /// The forms a value can be written in, the canonical code first.
    var forms: [IdentifierForm] { get }
    /// What messages call each form ("ISO 3166-1 alpha-2 code"); a missing one is its raw name.
    var formNames: [IdentifierForm: String] { get }
    /// A value written as a code (`DE`, `DEU`, `276`, `EUR`, `de-CH`, `Europe/Berlin`): the
    /// canonical code, or why it is refused. Nil when the value has no code's shape, so that
    /// only names can read it.
    func readCode(_ text: String, historic: Bool) -> CodeReading?
    /// Every identifier's names in `locale` (and symbols, for currencies), for the name index.
    func names(in locale: String, historic: Bool) -> [NamedIdentifier]
    /// The code written in `form`, names and symbols in `locale`; nil when it has none.
    func write(_ code: String, as form: IdentifierForm, locale: String) -> String?
    /// A code for examples in messages and the prompt's placeholder.
    var exampleCode: String { get }
    /// Whether raw bytes can be a code at all (its characters, its length): false rejects a
    /// value that no name reads either before a String is made of it (see
    /// `IdentifierValidator.rejectsFast`). True when unsure.
    func mayBeCode(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool
    /// What tells `code` apart from the others that share a name, in messages: its name, or
    /// for a time zone its location name (its long name is the one shared).
    func distinguishingName(_ code: String, locale: String) -> String?
    /// Whether a value written exactly as a name of the locale reads as that name when, read
    /// as a code, it is refused or rewritten: many language names are well-formed tags too
    /// (`Alt-Newari`, `ido` in fr_FR). A valid code still comes first.
    var exactNamesOutrankCodes: Bool { get }
}

extension IdentifierCatalog {
    func mayBeCode(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { true }

    /// Whether every byte is an ASCII letter, digit or one of `others`, and there are `lengths`.
    static func only(
        _ bytes: UnsafeBufferPointer<UInt8>, lengths: ClosedRange<Int>, letters: Bool = true, digits: Bool = true,
        others: [UInt8] = []
    ) -> Bool {
        lengths.contains(bytes.count)
            && bytes.allSatisfy { byte in
                (letters && (byte | 0x20) &- 0x61 < 26) || (digits && byte &- 0x30 < 10) || others.contains(byte)
            }
    }
    func distinguishingName(_ code: String, locale: String) -> String? { write(code, as: .name, locale: locale) }
    var exactNamesOutrankCodes: Bool { false }
}

/// One name (or symbol) of an identifier in a locale.
struct NamedIdentifier: Sendable, Hashable {
    var code: String
    var name: String
    var form: IdentifierForm
}

/// What a catalog made of a value written as a code.
enum CodeReading: Sendable, Hashable {
    /// A valid code, canonical (`DEU` gives `DE`, written in `.alpha3`).
    case valid(code: String, form: IdentifierForm)
    /// Accepted but changed, with a warning: an alias (`Asia/Calcutta` is `Asia/Kolkata`), an
    /// ICU id read as a tag (`de_CH` is `de-CH`), a code in lower case.
    case replaced(code: String, form: IdentifierForm, warning: ErrorCode, reason: String)
    /// Refused: a code that names no identifier, or one that must not be used (`UK`, `EU`,
    /// `DEM`), with its own error code and what to write instead. `offset` is the scalar where
    /// the code goes wrong, when one character does (a tag's bad subtag).
    case refused(code: ErrorCode, reason: String, offset: Int? = nil)
}
