/// How a date field's values are written.
public enum DateFormat: Sendable, Hashable {
    /// The locale's own pattern for a style (`dd.MM.yy` for de_DE short).
    case style(DateStyle)
    /// The locale's best pattern for a skeleton (`yMMMd` → `d. MMM y` in de_DE).
    case skeleton(String)
    /// A UTS #35 pattern, used as given; `strptimeYears` when it was a strptime format, whose
    /// `%y` reads two digits as strptime does (69–99 in the 1900s, 00–68 in the 2000s, two
    /// digits only), not through ICU's window, so that a Table Schema's `%y` means here what
    /// it means to Python and Frictionless.
    case pattern(String, strptimeYears: Bool = false)
    /// Any of ISO 8601 (`yyyy-MM-dd`) and the locale's four styles: Table Schema's `any`.
    case any
    /// The locale's pattern for a style, and ISO 8601 (`yyyy-MM-dd`) as well: what `fieldcheck
    /// date` reads when no format is given, since it writes ISO 8601 and users expect it read.
    case styleOrISO(DateStyle)

    /// Whether the format is a pattern given as it is (the locale then only names months and
    /// weekdays), not one the locale chooses.
    var isPattern: Bool { uts35Pattern != nil }

    /// A strptime format (`%d.%m.%Y`, as Table Schema and `date(1)` write them) as the UTS #35
    /// pattern that reads the same dates (`dd.MM.yyyy`).
    /// - Throws: `ConfigurationError` for a directive that is not a date's (`%H`) or a lone `%`.
    public static func strptime(_ format: String) throws(ConfigurationError) -> DateFormat {
        try strptime(format, content: .date)
    }

    /// A strptime format for a date, a time or both (`%H:%M` too).
    static func strptime(_ format: String, content: DateContent) throws(ConfigurationError) -> DateFormat {
        .pattern(try strptimeToUTS35(format, content: content), strptimeYears: true)
    }

    /// The UTS #35 pattern of a pattern format (a strptime one as converted); nil for the others.
    public var uts35Pattern: String? {
        if case .pattern(let text, _) = self { return text }
        return nil
    }
}

/// The rules and output of a date field.
public struct DateSpec: Sendable, Hashable {
    public var format: DateFormat = .style(.short)
    /// A calendar other than the locale's default (`gregorian`, `buddhist`, `japanese`, …).
    public var calendar: String? = nil
    /// The time zone that decides which day "today" is, for the two-digit-year window.
    public var timeZone = "UTC"
    public var minimum: CivilDate? = nil
    public var maximum: CivilDate? = nil
    /// Format accepted values for this locale…
    public var toLocale: LocaleID? = nil
    /// …in this style…
    public var toStyle: DateStyle? = nil
    /// …or with this pattern.
    public var toPattern: String? = nil
    /// "Today", which places ICU's two-digit-year window (80 years before to 20 years after);
    /// the current date in `timeZone` when nil.
    public var today: CivilDate? = nil
    /// Whether values are dates, times of day or both (the `time` and `datetime` types read
    /// their formats with this reader); the latter two are written in ISO 8601.
    var content: DateContent = .date

    public init() {}

    /// Whether a two-digit year is read as strptime reads it (the format was a strptime one).
    var strptimeYears: Bool {
        if case .pattern(_, strptimeYears: true) = format { return true }
        return false
    }

    /// Whether output is formatted rather than ISO 8601.
    public var formatsOutput: Bool { toLocale != nil || toStyle != nil || toPattern != nil }

    /// The calendars fieldcheck reads: ICU's, less the lunisolar ones with leap months and
    /// cyclic years (chinese, dangi) whose patterns use fields it does not read.
    public static let calendars = [
        "gregorian", "iso8601", "buddhist", "japanese", "roc", "islamic", "islamic-civil", "islamic-umalqura",
        "islamic-tbla", "islamic-rgsa", "persian", "hebrew", "indian", "coptic", "ethiopic",
        "ethiopic-amete-alem",
    ]
}
