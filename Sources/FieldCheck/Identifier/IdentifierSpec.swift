/// The identifier types: values whose valid codes and localized names ICU carries.
public enum IdentifierKind: String, Sendable, Hashable, CaseIterable {
    /// ISO 3166-1 countries and territories: alpha-2, alpha-3 and numeric codes, names.
    case country
    /// ISO 4217 currencies: codes, the locale's symbols, names and plural names.
    case currency
    /// BCP 47 language tags (`de-CH`) and the names of languages and locales.
    case language
    /// IANA time zones: ids (aliases read as their zone) and localized names.
    case timezone

    /// What a person calls one ("country", "time zone").
    public var noun: String { catalog.noun }
}

/// How an identifier is written: the forms a field accepts, and the form it writes.
public enum IdentifierForm: String, Sendable, Hashable, CaseIterable {
    /// The canonical code: ISO 3166-1 alpha-2, ISO 4217, a BCP 47 tag, an IANA id.
    case code
    /// ISO 3166-1 alpha-3 (`DEU`); countries only.
    case alpha3
    /// ISO 3166-1 numeric (`276`); countries only.
    case numeric
    /// The display name in the field's locale (`Allemagne`, `Euro`, `Deutsch (Schweiz)`).
    case name
    /// A currency's symbol in the locale (`€`, `$US`); currencies only.
    case symbol
}

/// An identifier field: which kind, which written forms it accepts, and what it writes.
public struct IdentifierSpec: Sendable, Hashable {
    public var kind: IdentifierKind
    /// The forms accepted; nil: every form the kind has.
    public var accept: Set<IdentifierForm>? = nil
    /// What an accepted value is written as: its code by default.
    public var output: IdentifierForm = .code
    /// The locale a written name or symbol is in (`--to`); nil: the field's locale.
    public var to: LocaleID? = nil
    /// Whether former currencies (`DEM`) are accepted.
    public var historic = false

    public init(kind: IdentifierKind) { self.kind = kind }

    /// The forms accepted, in the kind's order.
    public var acceptedForms: [IdentifierForm] {
        kind.forms.filter { accept?.contains($0) ?? true }
    }
}

extension IdentifierKind {
    /// The catalog of this kind's codes and names: a kind's one registration.
    var catalog: any IdentifierCatalog {
        switch self {
        case .country: CountryCatalog()
        case .currency: CurrencyCatalog()
        case .timezone: TimeZoneCatalog()
        case .language: LanguageCatalog()
        }
    }

    /// The forms a value of this kind can be written in, the canonical code first.
    public var forms: [IdentifierForm] { catalog.forms }

    /// What the kind calls a form in messages ("ISO 3166-1 alpha-2 code", "name").
    public func describe(_ form: IdentifierForm) -> String {
        catalog.formNames[form] ?? form.rawValue
    }
}
