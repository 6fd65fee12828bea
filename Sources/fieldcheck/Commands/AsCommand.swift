import ArgumentParser
import FieldCheck

extension Fieldcheck {
    /// `fieldcheck as TYPE[:LOCALE[:FORMAT]]`: the line command of every registered type.
    ///
    /// The types are the registry's (`FieldType.registered`), given as `csv --column` gives
    /// them (`InlineField`): a type registered once is a line command here, a prompt under
    /// `prompt as`, a csv column and a schema type, with nothing else to write.
    struct AsCommand: LineCommand, DeclaresFieldBasics {
        static let configuration = CommandConfiguration(
            commandName: "as",
            _superCommandName: Fieldcheck.superCommandName,
            abstract: "Check values as any type a Table Schema names: datetime, time, year, boolean, and the rest.",
            discussion: """
                TYPE is written as csv --column writes a column's type: TYPE[:LOCALE[:FORMAT]], \
                with the same types and defaults as a Table Schema field of that type. A date \
                without a FORMAT reads the locale's short style and ISO 8601, as fieldcheck date \
                does; a time or datetime reads the \
                short style of a LOCALE written in TYPE (time:de_DE), and ISO 8601 otherwise, \
                --locale or not, as a schema's field does; a year, yearmonth and duration are \
                ISO 8601. FORMAT is a date, time or datetime pattern or style, or a number \
                style; a boolean or an identifier takes none. --min and --max bound a type \
                with an order (marked below), written as a schema's minimum and maximum are \
                (10.5, 2026-04-13, 09:00:00). --rule KEY=VALUE gives the field any key or \
                constraint a schema's field of the type has (pattern, enum, maxLength, format, \
                decimalChar, trueValues...), read by the type as a schema's is; required and \
                unique are a table's (csv). The other options are the locale, length, \
                preparation and run options. Accepted values are written in their \
                canonical form (ISO 8601, true/false, the code); rejections as the line \
                commands report them.

                The types (* takes --min and --max):
                \(FieldType.registered.map { "  \($0.names.joined(separator: ", "))\($0.bound == nil ? "" : " *"): \($0.help)" }.joined(separator: "\n"))

                Examples:
                  fieldcheck as datetime                    # 2026-04-13T13:45:30Z
                  fieldcheck as boolean                     # true, False, 1, 0 -> true/false
                  fieldcheck as time:de_DE                  # 13:45 -> 13:45:00
                  fieldcheck as date:en_US:MM/dd/yyyy       # 04/13/2026 -> 2026-04-13
                  fieldcheck as duration --json
                  fieldcheck as datetime --min 2026-01-01T00:00:00Z
                  fieldcheck as string --rule 'pattern=[A-Z]{2}[0-9]{2}' --rule enum=DE01,FR12
                """
        )

        @OptionGroup var type: TypeArgument
        @OptionGroup var locale: LocaleOption
        @OptionGroup var length: LengthOptions
        @OptionGroup var prepare: PrepareOptions
        @OptionGroup var lines: LineOptions
        @OptionGroup var run: RunOptions

        mutating func runWithStatus() throws -> Int32 {
            try checkLines(type.spec(basics))
        }
    }
}

/// The `TYPE[:LOCALE[:FORMAT]]` of `fieldcheck as` and `prompt as`.
struct TypeArgument: ParsableArguments {
    @Argument(help: ArgumentHelp("The type, as csv --column gives it: TYPE[:LOCALE[:FORMAT]].", valueName: "TYPE"))
    var type: String

    // The type's registration decides whether these apply (`FieldType.bound`) and how a
    // bound is read, as it does for a schema's `minimum` and `maximum`.
    // Unconditional: `--min -5` is a negative bound, not a missing value.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Reject values before or below VALUE, written as the type writes it (10.5, 2026-04-13, 09:00:00); "
                + "for a type with an order.", valueName: "VALUE"))
    var min: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Reject values after or above VALUE, written as the type writes it; for a type with an order.",
            valueName: "VALUE"))
    var max: String?

    @Option(
        name: .customLong("rule"),
        help: ArgumentHelp(
            "A key of a Table Schema field or of its constraints, as KEY=VALUE: 'pattern=[A-Z]{2}[0-9]{2}', "
                + "enum=DE,FR (or YAML: 'enum=[DE, \"F,R\"]'), maxLength=5, trueValues=yes,y, decimalChar=, "
                + "(repeatable; required and unique are a table's: csv).",
            valueName: "KEY=VALUE"))
    var rules: [String] = []

    /// The field the type names, with the length and preparation options.
    func spec(_ basics: FieldBasics) throws -> FieldSpec {
        let category =
            switch type.prefix(while: { $0 != ":" }) {
            case "number", "integer": "LC_NUMERIC"
            case "date", "time", "datetime": "LC_TIME"
            default: "LC_CTYPE"
            }
        let column = try InlineField.column(
            name: "value", type[...], path: "as '\(type)'",
            defaultLocale: try basics.locale.resolve(category: category), keys: try InlineField.keys(rules: rules))
        var spec = column.spec
        spec.vocabulary = .commandLine
        try applyBounds(to: &spec)
        basics.apply(to: &spec)
        return spec
    }

    /// `--min` and `--max`, read by the type's registration as it reads a schema's
    /// `minimum` and `maximum`.
    private func applyBounds(to spec: inout FieldSpec) throws(ConfigurationError) {
        let name = String(type.prefix(while: { $0 != ":" }))
        for (option, value, isMinimum) in [("--min", min, true), ("--max", max, false)] {
            guard let value else { continue }
            guard let bound = FieldType.named(name)?.bound else {
                throw ConfigurationError(
                    "\(option) '\(value)': \(FieldType.named(name)?.noOrder ?? "a \(name) has no order")"
                        + "; --min and --max apply to "
                        + FieldType.registered.filter { $0.bound != nil }.flatMap(\.names).joined(separator: ", "))
            }
            do throws(ConfigurationError) {
                spec.kind = try bound(spec.kind, value, isMinimum)
            } catch {
                throw ConfigurationError("\(option): \(error.message)", advice: error.advice)
            }
        }
    }
}
