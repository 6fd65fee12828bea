internal import CICU

/// The styles of date a locale writes, as ICU names them.
public enum DateStyle: String, Sendable, Hashable, CaseIterable {
    case short, medium, long, full

    var icu: UDateFormatStyle {
        switch self {
        case .short: UDAT_SHORT
        case .medium: UDAT_MEDIUM
        case .long: UDAT_LONG
        case .full: UDAT_FULL
        }
    }
}

/// A locale's date patterns (UTS #35), read from ICU.
public enum DatePatterns {
    /// The pattern a locale uses for a date style (`dd.MM.yy` for de_DE short).
    public static func pattern(for style: DateStyle, locale: LocaleID) -> String {
        pattern(for: style, content: .date, locale: locale)
    }

    /// The pattern a locale uses for a style of date, time of day (`HH:mm` for de_DE short)
    /// or both (`dd.MM.yy, HH:mm`).
    static func pattern(for style: DateStyle, content: DateContent, locale: LocaleID) -> String {
        var status = U_ZERO_ERROR
        let timeStyle = content == .date ? UDAT_NONE : style.icu
        let dateStyle = content == .time ? UDAT_NONE : style.icu
        guard let format = cicu_udat_open(timeStyle, dateStyle, locale.identifier, nil, 0, nil, 0, &status),
            !ICU.failed(status)
        else { return "" }
        defer { cicu_udat_close(format) }
        return ICU.utf16String { cicu_udat_toPattern(format, 0, $0, $1, &$2) } ?? ""
    }

    /// Refuses an output pattern ICU would write nonsense with: an unterminated quote, no
    /// date field at all (`''` writes a quote for every date), or a time field (a date has no
    /// time: `HH` would always write 12).
    public static func checkOutputPattern(_ pattern: String) throws(ConfigurationError) {
        var quoted = false
        var quoteColumn = 0
        var fields = 0
        for (index, character) in pattern.enumerated() {
            if character == "'" {
                quoted.toggle()
                if quoted { quoteColumn = index + 1 }
                continue
            }
            guard !quoted, character.isASCII, character.isLetter else { continue }
            if "HhKkmsSAaBbzZOvVXxj".contains(character) {
                throw ConfigurationError(
                    "output date pattern '\(pattern)': '\(character)' at column \(index + 1) is a time field, and a "
                        + "date has no time; quote literal letters ('T')")
            }
            fields += 1
        }
        if quoted {
            throw ConfigurationError(
                "output date pattern '\(pattern)': the quote at column \(quoteColumn) is never closed "
                    + "(write '' for a quote character)")
        }
        if fields == 0 {
            throw ConfigurationError(
                "output date pattern '\(pattern)' has no date field: it would write the same text for every date "
                    + "(fields are letters such as y, M, d, E; quote literal text)")
        }
    }

    /// The pattern with a two-letter year (`yy`, two digits) made the full year (`y`):
    /// `M/d/yy` becomes `M/d/y`, which writes 4/13/2026. Quoted text is left alone.
    public static func fullYear(_ pattern: String) -> String {
        replacingRuns(pattern) { letter, count in letter == "y" && count == 2 ? "y" : nil }
    }

    /// The pattern with each one-letter year (`y`) written with four digits (`yyyy`), for a
    /// year below 1000; nil when it has none, or names an era (`G`). Quoted text is left alone.
    static func paddedYear(_ pattern: String) -> String? {
        var padded = false
        var era = false
        let out = replacingRuns(pattern) { letter, count in
            if letter == "G" { era = true }
            guard letter == "y" && count == 1 else { return nil }
            padded = true
            return "yyyy"
        }
        return padded && !era ? out : nil
    }

    /// `pattern` with each run of one letter outside quotes (`yy`, `MM`) replaced by what
    /// `replace` gives for the letter and the run's length (the run itself when nil).
    static func replacingRuns(_ pattern: String, _ replace: (Character, Int) -> String?) -> String {
        var out = ""
        var quoted = false
        var characters = Array(pattern)[...]
        while let character = characters.first {
            if character == "'" {
                quoted.toggle()
                out.append(character)
                characters = characters.dropFirst()
                continue
            }
            let run = characters.prefix { $0 == character }
            out.append(contentsOf: (quoted ? nil : replace(character, run.count)) ?? String(run))
            characters = characters.dropFirst(run.count)
        }
        return out
    }

    /// The locale's best pattern for a skeleton (`yMd` → `d.M.y` in de_DE).
    public static func bestPattern(skeleton: String, locale: LocaleID) throws(ConfigurationError) -> String {
        var status = U_ZERO_ERROR
        guard let generator = cicu_udatpg_open(locale.identifier, &status), !ICU.failed(status) else {
            throw ConfigurationError("cannot open ICU's date pattern generator for \(locale)")
        }
        defer { cicu_udatpg_close(generator) }
        let units = skeleton.icuUnits
        guard
            let pattern = ICU.utf16String(
                capacity: 64, { cicu_udatpg_getBestPattern(generator, units, Int32(units.count), $0, $1, &$2) }),
            !pattern.isEmpty
        else {
            throw ConfigurationError("malformed skeleton '\(skeleton)': a skeleton looks like 'yMd' or 'yMMMMd'")
        }
        return pattern
    }

    /// A Gregorian date written with `pattern` in `locale` (and the locale's calendar); empty
    /// when the pattern is not one ICU can format with.
    public static func format(year: Int, month: Int, day: Int, pattern: String, locale: LocaleID) -> String {
        guard let date = CivilDate(year: year, month: month, day: day),
            let writer = try? DateWriter(pattern: pattern, locale: locale)
        else { return "" }
        return writer.string(date)
    }
}
