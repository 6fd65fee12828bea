import ArgumentParser
import FieldCheck

extension Fieldcheck {
    /// `fieldcheck number`: strict locale-aware numbers.
    struct NumberCommand: LineCommand, DeclaresFieldBasics {
        static let configuration = CommandConfiguration(
            commandName: "number",
            _superCommandName: Fieldcheck.superCommandName,
            abstract: "Check numbers written in a locale; print them exactly, or formatted for another.",
            discussion: """
                Strict by default: the whole value must be a number as the locale writes it. \
                A number is written either without grouping or grouped at every boundary the \
                locale's pattern groups (en_US 1,234,567 or 1234567, never 1,234567; en_IN \
                12,34,567); one decimal separator; the sign where the locale puts it, a plus \
                sign too (+12.34, which ICU's strict parser refuses: see DIFFERENCES FROM ICU \
                in the man page); the digits \
                of the locale's numbering system; an exponent of at most nine digits (±999999999, \
                under --lenient too). In locales that \
                group with a space, U+0020, U+00A0 and U+202F are all read as the separator \
                (with a warning for a variant). NaN and infinity are rejected.

                The output is the exact canonical decimal (-1234.56: ASCII digits, '.' as the \
                decimal separator, no grouping), never through a binary float, with the scale \
                written (3,00 is 3.00).

                Examples:
                  fieldcheck number --locale de_DE            # 1.234,56 -> 1234.56
                  fieldcheck number --max-length 7            # at most 7 characters
                  fieldcheck number --integer --no-negative --max-length 5
                  fieldcheck number --locale en_US --to de_CH # 1234567.891 -> 1’234’567.891
                """
        )

        @OptionGroup var locale: LocaleOption
        @OptionGroup var rules: NumberRules
        @OptionGroup var length: LengthOptions
        @OptionGroup var prepare: PrepareOptions
        @OptionGroup var lines: LineOptions
        @OptionGroup var run: RunOptions

        mutating func runWithStatus() throws -> Int32 {
            try checkLines(rules.spec(basics))
        }
    }
}

/// The rule options of `fieldcheck number`, shared with `fieldcheck prompt number`.
struct NumberRules: ParsableArguments {

    @Option(
        help:
            "How the input is written: decimal, integer, percent (12 % reads as 0.12), currency or scientific (1.5E3, never grouped)."
    )
    var style: NumberStyle = .decimal

    @Option(
        help: ArgumentHelp(
            "The currency of --style currency (ISO 4217, e.g. EUR); default: the locale's.", valueName: "CODE"))
    var currency: String?

    @Flag(
        help:
            "Accept whole numbers only: no fraction, no exponent. Counted as written: under --style percent, whole percents (12 % is 0.12)."
    )
    var integer = false

    @Flag(help: "Reject negative numbers (and a minus sign on zero).")
    var noNegative = false

    @Flag(help: "Reject scientific notation (1E3).")
    var noExponent = false

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Reject values less than X (an ASCII decimal, compared exactly).", valueName: "X"))
    var min: ExactDecimal?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Reject values greater than X (an ASCII decimal, compared exactly). Bounds that leave no value (--min above --max, or none between them with the fraction digits allowed) are a usage error.",
            valueName: "X"))
    var max: ExactDecimal?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Reject values with more than N digits after the decimal separator, counted as the value is written plainly (1e-3 has three).",
            valueName: "N"))
    var maxFractionDigits: Int?

    @Flag(
        help:
            "Use ICU's lenient parsing of the field's style and currency instead of the strict reading (the whole value must still be consumed; the rules apply after; at most 100,000 digits are handed to ICU)."
    )
    var lenient = false

    @Option(
        help: ArgumentHelp("Format accepted values for this locale.", valueName: "LOCALE"), completion: .localeIDs)
    var to: String?

    @Option(
        help:
            "Format accepted values in this style (default: the input style). Every digit is kept: integer refuses a value with a fraction (fraction_not_allowed) unless --fraction-digits 0 asks for the rounding."
    )
    var toStyle: NumberStyle?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Round formatted output to N fraction digits, half to even (implies formatting in the input locale).",
            valueName: "N"))
    var fractionDigits: Int?

    @Option(
        help:
            "What stdout gets for an accepted value: canonical (or formatted with --to/--to-style) or input (unchanged)."
    )
    var output: OutputForm = .canonical

    func validate() throws {
        if let maxFractionDigits, maxFractionDigits < 0 {
            throw ValidationError("--max-fraction-digits must not be negative")
        }
        if let fractionDigits, fractionDigits < 0 || fractionDigits > 100 {
            throw ValidationError("--fraction-digits must be 0 to 100")
        }
        if noNegative, let max, max.negative && !max.isZero {
            throw ValidationError("--no-negative and --max \(max) leave no value to accept")
        }
        if output == .input && (to != nil || toStyle != nil || fractionDigits != nil) {
            throw ValidationError(
                "--output input prints values unchanged: it cannot be combined with --to, --to-style or --fraction-digits"
            )
        }
    }

    /// The field these options describe.
    func spec(_ basics: FieldBasics) throws -> FieldSpec {
        let resolved = try basics.locale.resolve(category: "LC_NUMERIC")
        var number = NumberSpec()
        number.style = style
        number.currency = currency?.uppercased()
        number.integerOnly = integer
        number.allowNegative = !noNegative
        number.allowExponent = !noExponent
        number.minimum = min
        number.maximum = max
        number.maxFractionDigits = maxFractionDigits
        number.lenient = lenient
        number.toLocale = try to.map { (text) throws(ConfigurationError) in try LocaleID(text) }
        number.toStyle = toStyle
        number.fractionDigits = fractionDigits
        var spec = FieldSpec(kind: .number(number), locale: resolved)
        spec.vocabulary = .commandLine
        spec.output = output
        basics.apply(to: &spec)
        return spec
    }
}
