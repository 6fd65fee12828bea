/// The stable codes of every rejection and warning. They are part of fieldcheck's contract
/// (JSON output, the man page): a code is never renamed once released.
public enum ErrorCode: String, Sendable, Hashable, CaseIterable, Codable {
    // Input
    case invalidUTF8 = "invalid_utf8"
    case nulCharacter = "nul_character"
    case recordTooLong = "record_too_long"
    case empty
    /// Normalizing the value would make it many times longer (see `FieldValidator`).
    case normalizationTooLong = "normalization_too_long"
    // Text
    case disallowedCharacter = "disallowed_character"
    case tooLong = "too_long"
    case tooShort = "too_short"
    case patternMismatch = "pattern_mismatch"
    /// The pattern took too long on the value (catastrophic backtracking); no verdict.
    case patternTimeout = "pattern_timeout"
    /// The run's budget for patterns that time out is spent, and the value needed more than the
    /// small limit left (see `PatternTimeBudget`); no verdict.
    case patternBudgetExhausted = "pattern_budget_exhausted"
    /// A cell of a string column with `format: binary` that is not strict base64.
    case invalidBase64 = "invalid_base64"
    // Numbers
    case notANumber = "not_a_number"
    case unexpectedCharacter = "unexpected_character"
    case misplacedSign = "misplaced_sign"
    case multipleDecimalSeparators = "multiple_decimal_separators"
    case misplacedGroupingSeparator = "misplaced_grouping_separator"
    case mixedDigits = "mixed_digits"
    case exponentNotAllowed = "exponent_not_allowed"
    /// An exponent beyond ±999999999 (`NumberParser.largestExponent`), in every reading.
    case exponentOutOfRange = "exponent_out_of_range"
    case fractionNotAllowed = "fraction_not_allowed"
    case negativeNotAllowed = "negative_not_allowed"
    case tooManyFractionDigits = "too_many_fraction_digits"
    case outOfRange = "out_of_range"
    // Dates
    case invalidDate = "invalid_date"
    case fieldOutOfRange = "field_out_of_range"
    case twoDigitYear = "two_digit_year"
    case trailingText = "trailing_text"
    // Booleans
    case notABoolean = "not_a_boolean"
    /// A library user's registered type refused the value (`ValueReader`).
    case invalidValue = "invalid_value"
    // Tables (CSV)
    case malformedCSV = "malformed_csv"
    case raggedRow = "ragged_row"
    case missingColumn = "missing_column"
    /// A header column the schema does not define, where its `fieldsMatch` forbids extras.
    case extraColumn = "extra_column"
    /// A header column at another position than the schema's, under `fieldsMatch: exact`.
    case misplacedColumn = "misplaced_column"
    case required
    case notUnique = "not_unique"
    case notInEnum = "not_in_enum"
    /// A row's foreign key has no match among the referenced resource's key values.
    case foreignKey = "foreign_key"
    // Warnings: the value was accepted but changed on the way.
    case removedCharacter = "removed_character"
    case spaceAsGroupingSeparator = "space_as_grouping_separator"
    /// A currency sign read for the locale's own: `¥` for `￥`, `1,235円` for `￥1,235`.
    case currencySymbolVariant = "currency_symbol_variant"
    // Identifiers (country, currency, language, time zone).
    /// A value with a code's shape that names no identifier of the kind (`XX`).
    case unknownCode = "unknown_code"
    /// A code that was withdrawn or never was the standard one (`UK` for GB, `SU`).
    case deprecatedCode = "deprecated_code"
    /// A code that names a group of countries, not one (`EU`, `150`, `UN`).
    case groupingCode = "grouping_code"
    /// A currency no longer in use (`DEM`, `FRF`), refused unless the field is historic.
    case formerCurrency = "former_currency"
    /// A name (or symbol) that names nothing of the kind in the locale.
    case unknownName = "unknown_name"
    /// A name or symbol that several identifiers share in the locale (`$` in fr_FR).
    case ambiguousName = "ambiguous_name"
    /// A form the field does not accept (a name where `--accept code` asks for codes).
    case formNotAccepted = "form_not_accepted"
    /// Warning: a name read loosely, as the locale's collation matches names (`allemagne`).
    case nameReadLoosely = "name_read_loosely"
    /// Warning: a code written in another form and normalized (`de` for `DE`, an alias).
    case codeNormalized = "code_normalized"
    /// A language tag that is not well-formed BCP 47 (`a-b-c`, `de-XX-x`): where it breaks.
    case illFormedTag = "ill_formed_tag"
}
