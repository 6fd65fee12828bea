internal import CICU

/// The iOS keyboard types as character sets, plus the locale's letters. Locale-aware where
/// the keyboard is: `number-pad` under ar_EG is the Arabic-Indic digits.
public enum CharacterPreset: String, Sendable, Hashable, CaseIterable {
    case numberPad = "number-pad"
    case decimalPad = "decimal-pad"
    case phonePad = "phone-pad"
    case asciiCapable = "ascii-capable"
    case numbersAndPunctuation = "numbers-and-punctuation"
    case emailAddress = "email-address"
    case url
    case letters

    /// What the preset holds, for the man page and messages.
    public var summary: String {
        switch self {
        case .numberPad: "the locale's digits"
        case .decimalPad: "the locale's digits and decimal separator"
        case .phonePad: "the locale's digits and + * # , ;"
        case .asciiCapable: "printable ASCII (U+0020 to U+007E)"
        case .numbersAndPunctuation: "ASCII digits, punctuation, symbols and space, and the locale's digits"
        case .emailAddress: "ASCII letters, digits and . @ _ - + ! # $ % & ' * / = ? ^ ` { | } ~"
        case .url: "ASCII letters, digits and - . _ ~ : / ? # [ ] @ ! $ & ' ( ) * + , ; = %"
        case .letters: "the locale's exemplar letters, upper and lower case"
        }
    }

    /// A value typed on that keyboard, for the placeholder example, where letters or digits
    /// alone would not look like one (an address for `email-address`).
    var example: String? {
        switch self {
        case .emailAddress: "name@example.com"
        case .url: "https://example.com/a"
        case .phonePad: "+15550100"
        default: nil
        }
    }

    /// Builds the set for `locale`.
    func makeSet(locale: LocaleID) -> CharacterSetHandle {
        let set = cicu_uset_openEmpty()!
        let symbols = NumberSymbols(locale: locale)
        func addDigits() { for digit in symbols.digits { cicu_uset_add(set, UChar32(digit.value)) } }
        func add(_ characters: String) {
            for scalar in characters.unicodeScalars { cicu_uset_add(set, UChar32(scalar.value)) }
        }
        func addASCIIAlphanumerics() {
            cicu_uset_addRange(set, 0x30, 0x39)
            cicu_uset_addRange(set, 0x41, 0x5A)
            cicu_uset_addRange(set, 0x61, 0x7A)
        }
        switch self {
        case .numberPad:
            addDigits()
        case .decimalPad:
            addDigits()
            add(symbols.decimalSeparator)
        case .phonePad:
            addDigits()
            add("+*#,;")
        case .asciiCapable:
            cicu_uset_addRange(set, 0x20, 0x7E)
        case .numbersAndPunctuation:
            addDigits()
            for value in 0x20...0x7E {
                let scalar = Unicode.Scalar(UInt8(value))
                if !scalar.properties.isAlphabetic { cicu_uset_add(set, UChar32(value)) }
            }
        case .emailAddress:
            addASCIIAlphanumerics()
            add(".@_-+!#$%&'*/=?^`{|}~")
        case .url:
            addASCIIAlphanumerics()
            add("-._~:/?#[]@!$&'()*+,;=%")
        case .letters:
            var status = U_ZERO_ERROR
            if let exemplars = cicu_exemplarSet(locale.identifier, ULOCDATA_ES_STANDARD, &status) {
                cicu_uset_addAll(set, exemplars)
                cicu_uset_close(exemplars)
            }
            cicu_uset_closeOver(set, Int32(USET_ADD_CASE_MAPPINGS))
        }
        return CharacterSetHandle(owning: set)
    }
}

extension CharacterRule {
    /// Compiles the rule; a malformed set pattern is a configuration error that says where.
    func makeSet(option: String) throws(ConfigurationError) -> CharacterSetHandle {
        let set = cicu_uset_openEmpty()!
        if isSetPattern {
            let units = source.icuUnits
            var status = U_ZERO_ERROR
            let stop = cicu_uset_applyPattern(set, units, Int32(units.count), 0, &status)
            if ICU.failed(status) || Int(stop) < units.count {
                cicu_uset_close(set)
                let column = ICU.string(utf16: units.prefix(Int(stop))).unicodeScalars.count + 1
                let reason = ICU.failed(status) ? ICU.explain(status) : "unexpected text after the set"
                throw ConfigurationError(
                    "malformed character set in \(option) '\(source)' at column \(column): \(reason); "
                        + "a set looks like '[a-z]', '[[:L:]-[aeiou]]' or '\\p{Script=Cyrillic}'")
            }
        } else {
            for scalar in source.unicodeScalars { cicu_uset_add(set, UChar32(scalar.value)) }
        }
        return CharacterSetHandle(owning: set)
    }
}
