/// Diagnostics without the value in them, for logs of sensitive columns (`--redact`, and the
/// prompt's secure field): the code, the offset, the length and the category of the character
/// stay; the value, the character, its name and every message that quotes them go.
extension Diagnostic {
    /// This diagnostic with nothing of the value: no character or byte, the category of the
    /// character instead, and a reason that words the code alone, followed by `expected`
    /// (the field's own example, which is not the value's) when given: the same finding,
    /// rendered without the value (`Reason.redacted`).
    public func redacted(expected: String? = nil) -> Diagnostic {
        var copy = Diagnostic(code: code, offset: offset, length: length, reason: .redacted(expected: expected))
        copy.category = character.map(Self.category) ?? (byte != nil ? "a byte that is not UTF-8" : nil)
        return copy
    }

    /// What kind of character a scalar is, in words that say nothing of which one it is:
    /// "a lowercase letter", "a digit", "a space".
    public static func category(_ scalar: Unicode.Scalar) -> String {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter: "an uppercase letter"
        case .lowercaseLetter: "a lowercase letter"
        case .titlecaseLetter, .modifierLetter, .otherLetter: "a letter"
        case .decimalNumber: "a digit"
        case .letterNumber, .otherNumber: "a number sign"
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation:
            "a punctuation mark"
        case .mathSymbol: "a math symbol"
        case .currencySymbol: "a currency symbol"
        case .modifierSymbol, .otherSymbol: "a symbol"
        case .spaceSeparator, .lineSeparator, .paragraphSeparator: "a space"
        case .control: "a control character"
        case .format: "an invisible format character"
        case .nonspacingMark, .spacingMark, .enclosingMark: "a combining mark"
        case .privateUse: "a private-use character"
        case .surrogate, .unassigned: "an unassigned code point"
        @unknown default: "a character"
        }
    }
}

extension FieldResult {
    /// The result with nothing of the value: no input, canonical value or output, and each
    /// diagnostic redacted (`expected` is the field's example, see `Diagnostic.redacted`).
    public func redacted(expected: String? = nil) -> FieldResult {
        var copy = FieldResult(input: "")
        copy.isRedacted = true
        copy.currency = currency
        copy.errors = errors.map { $0.redacted(expected: expected) }
        copy.warnings = warnings.map { $0.redacted() }
        copy.removed = removed.map { $0.redacted() }
        return copy
    }
}

extension ErrorCode {
    /// The code in a few words, saying nothing of the value: the start of a redacted message.
    public var summary: String {
        switch self {
        case .invalidUTF8: "not valid UTF-8"
        case .nulCharacter: "a NUL character"
        case .recordTooLong: "record too long"
        case .empty: "empty value"
        case .normalizationTooLong: "normalization would make the value too long"
        case .disallowedCharacter: "disallowed character"
        case .tooLong: "too long"
        case .tooShort: "too short"
        case .patternMismatch: "does not match the pattern"
        case .patternTimeout: "the pattern took too long on the value"
        case .patternBudgetExhausted: "the run's time for patterns is used up"
        case .invalidBase64: "not base64"
        case .notANumber: "not a number"
        case .unexpectedCharacter: "unexpected character"
        case .misplacedSign: "misplaced sign"
        case .multipleDecimalSeparators: "second decimal separator"
        case .misplacedGroupingSeparator: "misplaced grouping separator"
        case .mixedDigits: "digits of two numbering systems"
        case .exponentNotAllowed: "exponent not allowed"
        case .exponentOutOfRange: "exponent out of range"
        case .fractionNotAllowed: "fraction not allowed"
        case .negativeNotAllowed: "negative number not allowed"
        case .tooManyFractionDigits: "too many fraction digits"
        case .outOfRange: "out of range"
        case .invalidDate: "not a date"
        case .fieldOutOfRange: "date field out of range"
        case .twoDigitYear: "two-digit year"
        case .trailingText: "trailing text"
        case .notABoolean: "not a boolean"
        case .invalidValue: "not a value of the field's type"
        case .malformedCSV: "malformed CSV"
        case .raggedRow: "wrong number of cells"
        case .missingColumn: "missing column"
        case .extraColumn: "a column the schema does not define"
        case .misplacedColumn: "a column out of the schema\'s order"
        case .required: "required value missing"
        case .notUnique: "value repeated in a unique column"
        case .notInEnum: "value not in the allowed list"
        case .foreignKey: "no match in the referenced table"
        case .removedCharacter: "character removed"
        case .spaceAsGroupingSeparator: "space variant read as the grouping separator"
        case .currencySymbolVariant: "currency symbol variant read for the locale's own"
        case .unknownCode: "no such code"
        case .deprecatedCode: "a deprecated code"
        case .groupingCode: "a code of a group, not one"
        case .formerCurrency: "a former currency"
        case .unknownName: "no such name"
        case .ambiguousName: "a name several share"
        case .formNotAccepted: "a form the field does not accept"
        case .nameReadLoosely: "name read loosely"
        case .codeNormalized: "code normalized"
        case .illFormedTag: "a language tag that is not well-formed"
        }
    }
}
