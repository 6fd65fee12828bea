import ArgumentParser
import FieldCheck

extension Fieldcheck {
    /// `fieldcheck date`: strict locale-aware dates.
    struct DateCommand: LineCommand, DeclaresFieldBasics {
        static let configuration = CommandConfiguration(
            commandName: "date",
            _superCommandName: Fieldcheck.superCommandName,
            abstract: "Check dates written in a locale; print them as ISO 8601, or formatted for another locale.",
            discussion: """
                Reads each value against one pattern: the locale's pattern for --style, its best \
                pattern for --skeleton, or a UTS #35 --pattern. With none of them, the locale's short \
                style and ISO 8601 (2026-04-13, in Gregorian locales) are both read. Strict: the \
                whole value must be consumed (trailing_text), the date must exist in the calendar \
                (31.02.2026 and month 13 are field_out_of_range), and a pattern that asks for a \
                four-digit year (yyyy) rejects two digits (two_digit_year). Month, weekday and era \
                names are read in the locale's language, in any width, case-insensitively. d and M \
                take one or two digits; where numeric fields abut (yyyyMMdd) each takes its \
                pattern width.

                Two-digit years (yy, or y given two digits) are read as ICU reads them: in the \
                hundred years starting 80 years before today (in --timezone). In 2026, 26 is \
                2026, 45 is 2045 and 47 is 1947. A strptime %y (--format) reads two digits as \
                strptime does: 69-99 are 1969-1999, 00-68 are 2000-2068.

                Examples:
                  fieldcheck date --locale en_US                   # 11/15/2010 -> 2010-11-15
                  fieldcheck date --pattern dd.MM.yyyy             # 13.04.2026 -> 2026-04-13
                  fieldcheck date --locale de_DE --style long      # 13. April 2026
                  fieldcheck date --pattern yyyy-MM-dd --to fr_FR --to-style full
                """
        )

        @OptionGroup var locale: LocaleOption
        @OptionGroup var rules: DateRules
        @OptionGroup var length: LengthOptions
        @OptionGroup var prepare: PrepareOptions
        @OptionGroup var lines: LineOptions
        @OptionGroup var run: RunOptions

        mutating func runWithStatus() throws -> Int32 {
            // `--format` is shared with the report formats: a strptime one is the date's.
            rules.formatGiven = run.strptimeFormat
            try rules.checkFormats()
            return try checkLines(rules.spec(basics), readsStrptimeFormat: true)
        }
    }
}

/// The rule options of `fieldcheck date`, shared with `fieldcheck prompt date`.
struct DateRules: ParsableArguments {

    @Option(
        help:
            "The locale's pattern for a style: short, medium, long or full (default: short, with ISO 8601 too).")
    var style: DateStyle?

    @Option(
        help: ArgumentHelp(
            "The locale's best pattern for a skeleton such as yMd or yMMMMd.", valueName: "SKELETON"))
    var skeleton: String?

    @Option(
        help: ArgumentHelp(
            "A UTS #35 pattern such as dd.MM.yyyy or 'd MMMM y' (quote literal letters: d 'de' MMMM).",
            valueName: "PATTERN"))
    var pattern: String?

    @Option(
        help: ArgumentHelp(
            "A strptime format such as %d.%m.%Y (%d %e %m %Y %y %b %B %a %A), as Table Schema writes them; --format FORMAT is the same.",
            valueName: "FORMAT"))
    var strptime: String?

    /// A strptime format given as `--format FORMAT`, which the command parses with the
    /// report formats (`RunOptions`), or `prompt date` with its own.
    var formatGiven: String? = nil

    /// The strptime format the dates are read in.
    var format: String? { strptime ?? formatGiven }

    @Option(help: ArgumentHelp("Reject dates earlier than DATE (yyyy-MM-dd).", valueName: "DATE"))
    var min: CivilDate?

    @Option(help: ArgumentHelp("Reject dates later than DATE (yyyy-MM-dd).", valueName: "DATE"))
    var max: CivilDate?

    @Option(
        help: ArgumentHelp(
            "The time zone that decides today's date, which places the two-digit-year window.",
            valueName: "TZ"))
    var timezone = "UTC"

    @Option(
        help: ArgumentHelp(
            "Read dates in this calendar instead of the locale's default (gregorian, buddhist, japanese, …).",
            valueName: "NAME"))
    var calendar: String?

    @Option(
        help: ArgumentHelp("Format accepted dates for this locale.", valueName: "LOCALE"), completion: .localeIDs)
    var to: String?

    @Option(help: "Format accepted dates in this style of the output locale.")
    var toStyle: DateStyle?

    @Option(help: ArgumentHelp("Format accepted dates with this UTS #35 pattern.", valueName: "PATTERN"))
    var toPattern: String?

    @Option(
        help:
            "What stdout gets for an accepted value: canonical (ISO 8601, or formatted with --to/--to-style/--to-pattern) or input (unchanged)."
    )
    var output: OutputForm = .canonical

    func validate() throws {
        try checkFormats()
        if toStyle != nil && toPattern != nil { throw ValidationError("give one of --to-style and --to-pattern") }
        if output == .input && (to != nil || toStyle != nil || toPattern != nil) {
            throw ValidationError(
                "--output input prints values unchanged: it cannot be combined with --to, --to-style or --to-pattern"
            )
        }
        if let pattern, pattern.contains("%"), let uts35 = (try? DateFormat.strptime(pattern))?.uts35Pattern {
            throw ValidationError(
                "'\(pattern)' is a strptime format: give it with --format, or as the UTS #35 pattern --pattern '\(uts35)'"
            )
        }
    }

    /// Refuses two ways of giving the date's format.
    func checkFormats() throws {
        let formats =
            [style != nil, skeleton != nil, pattern != nil, strptime != nil || formatGiven != nil].filter { $0 }
            .count
        if formats > 1 { throw ValidationError("give one of --style, --skeleton, --pattern and --format") }
    }

    /// The field these options describe.
    func spec(_ basics: FieldBasics) throws -> FieldSpec {
        let resolved = try basics.locale.resolve(category: "LC_TIME")
        var date = DateSpec()
        // No format given: the locale's short style, and ISO 8601 too (what fieldcheck writes).
        date.format = .styleOrISO(.short)
        if let style { date.format = .style(style) }
        if let skeleton { date.format = .skeleton(skeleton) }
        if let pattern { date.format = .pattern(pattern) }
        if let format { date.format = try DateFormat.strptime(format) }
        date.minimum = min
        date.maximum = max
        date.timeZone = timezone
        date.calendar = calendar
        date.toLocale = try to.map { (text) throws(ConfigurationError) in try LocaleID(text) }
        date.toStyle = toStyle
        date.toPattern = toPattern
        var spec = FieldSpec(kind: .date(date), locale: resolved)
        spec.vocabulary = .commandLine
        spec.output = output
        basics.apply(to: &spec)
        return spec
    }
}
