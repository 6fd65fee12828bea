/// The words diagnostics use for the rules of a field, chosen by the front end that took
/// them: the command line names its options (`not in --allow aeiou`), a Table Schema its
/// keys (`not in allow: aeiou`), a library caller gets plain words. The library never names
/// a command-line option on its own.
public struct RuleVocabulary: Sendable, Hashable {
    public var allow: String
    public var deny: String
    public var preset: String
    public var minimum: String
    public var maximum: String
    public var minLength: String
    public var maxLength: String
    /// How the currency style is named, and where a currency is given.
    public var currencyStyle: String
    public var currency: String
    /// What makes a currency field accept former currencies.
    public var historic: String
    /// Said of white space at either end of a rejected value, when the front end can trim.
    public var trimHint: String?
    /// Said of a NUL inside a value, when the front end reads NUL-separated records.
    public var nulHint: String?

    public init(
        allow: String = "the allowed characters", deny: String = "the denied characters",
        preset: String = "the character preset", minimum: String = "the minimum",
        maximum: String = "the maximum", minLength: String = "the minimum length",
        maxLength: String = "the maximum length", currencyStyle: String = "the currency style",
        currency: String = "a currency", historic: String = "the historic setting",
        trimHint: String? = nil, nulHint: String? = nil
    ) {
        self.allow = allow
        self.deny = deny
        self.preset = preset
        self.minimum = minimum
        self.maximum = maximum
        self.minLength = minLength
        self.maxLength = maxLength
        self.currencyStyle = currencyStyle
        self.currency = currency
        self.historic = historic
        self.trimHint = trimHint
        self.nulHint = nulHint
    }

    /// Plain words, for a library caller.
    public static let plain = RuleVocabulary()

    /// A Table Schema's keys (`csv --schema`, `--column`).
    public static let tableSchema = RuleVocabulary(
        allow: "allow:", deny: "deny:", preset: "preset:", minimum: "minimum", maximum: "maximum",
        minLength: "minLength", maxLength: "maxLength", currencyStyle: "style: currency", currency: "currency:",
        historic: "historic: true",
        trimHint: "a field's trim: true ignores white space at the ends")
}
