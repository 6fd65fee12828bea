internal import CICU
import Synchronization

/// The words and digits a locale writes dates with, in its calendar: month, weekday and era
/// names in every width and context ICU has (a Russian long date writes the genitive
/// "апреля", a stand-alone month the nominative "апрель"), and the digits of its numbering
/// system.
///
/// The names are read from ICU when first wanted, unless the field's patterns read names
/// (`namesAtOnce`): a numeric pattern wants them only for a message (`Februar 2026 has 28
/// days`), and reading them was a tenth of `csv --schema`'s start-up.
struct DateSymbols {
    /// The ten digits, zero first.
    let digits: [Unicode.Scalar]
    private let names: NameTable

    /// Every name of every month, lower-cased for matching, with the month (1-based).
    var months: [Name] { names.table.months }
    /// Every name of every weekday, with ICU's weekday number (1 = Sunday).
    var weekdays: [Name] { names.table.weekdays }
    /// Every name of every era, with ICU's era number.
    /// (with the narrow ones, `R` for Reiwa, read when a pattern first reads an era).
    var eras: [Name] { names.erasWithNarrow }
    /// AM (0) and PM (1), as the locale writes them.
    var dayPeriods: [Name] { names.table.dayPeriods }
    /// The names a field of names reads: a month's, a weekday's, an AM/PM marker's, else an
    /// era's.
    func names(of field: DateField) -> [Name] {
        switch field {
        case .month: months
        case .weekday: weekdays
        case .dayPeriod: dayPeriods
        default: eras
        }
    }
    /// One name of each month as the pattern's width writes it, for messages.
    var wideMonthExample: String { names.table.wideMonthExample }
    var wideWeekdayExample: String { names.table.wideWeekdayExample }
    /// The current era's shortest name but a one-letter narrow one, for messages: AD, Reiwa, 令和.
    var eraExample: String { names.table.eraExample }

    struct Name: Sendable {
        let folded: [Unicode.Scalar]
        let value: Int
        let text: String
    }

    /// The names of a locale, read from ICU together.
    struct Names: Sendable {
        let months: [Name]
        let weekdays: [Name]
        let eras: [Name]
        let dayPeriods: [Name]
        let wideMonthExample: String
        let wideWeekdayExample: String
        let eraExample: String
    }

    /// A locale's names, read when first asked for (or at once).
    final class NameTable: Sendable {
        private let locale: LocaleID
        private let atOnce: Names?
        private let loaded = Mutex<Names?>(nil)
        private let eras = Mutex<[Name]?>(nil)

        init(locale: LocaleID, atOnce: Bool) {
            self.locale = locale
            self.atOnce = atOnce ? Names(locale: locale) : nil
        }

        var table: Names {
            if let atOnce { return atOnce }
            let locale = self.locale
            return loaded.withLock { names in
                if let names { return names }
                let read = Names(locale: locale)
                names = read
                return read
            }
        }

        /// The eras with their narrow names, which take a date format of their own to read:
        /// read when a pattern first reads an era, not with the month names a message wants.
        var erasWithNarrow: [Name] {
            let table = self.table
            let locale = self.locale
            return eras.withLock { eras in
                if let eras { return eras }
                var all = table.eras
                for narrow in Names.narrowEras(locale: locale, count: Int32((all.map(\.value).max() ?? -1) + 1))
                where !all.contains(where: { $0.folded == narrow.folded && $0.value == narrow.value }) {
                    all.append(narrow)
                }
                all.sort { $0.folded.count > $1.folded.count }
                eras = all
                return all
            }
        }
    }

    init(locale: LocaleID, namesAtOnce: Bool = true) {
        names = NameTable(locale: locale, atOnce: namesAtOnce)
        digits = Self.digits(locale)
    }

    /// The digits of each locale's dates, found once: each takes an ICU date format (`infer`
    /// opened one for each of its 56 date candidates, most of them in one locale).
    private static let digitsByLocale = Mutex<[String: [Unicode.Scalar]]>([:])

    /// The digits `locale`'s dates use: the days 1–9 and 10 as it formats them.
    private static func digits(_ locale: LocaleID) -> [Unicode.Scalar] {
        let key = locale.identifier + "|" + locale.dataLocale
        if let known = digitsByLocale.withLock({ $0[key] }) { return known }
        var digits: [Unicode.Scalar] = []
        // (in the Gregorian calendar, whose day numbers are known, with the locale's numbering)
        if let writer = try? DateWriter(pattern: "d", locale: locale.setting(keyword: "calendar", to: "gregorian")) {
            let ten = writer.string(CivilDate(year: 2026, month: 1, day: 10)!).unicodeScalars
            if ten.count == 2, let zero = ten.last { digits.append(zero) }
            for day in 1...9 {
                let text = writer.string(CivilDate(year: 2026, month: 1, day: day)!).unicodeScalars
                if text.count == 1 { digits.append(text.first!) }
            }
        }
        if digits.count != 10 || !digits.allSatisfy({ $0.properties.numericType == .decimal }) {
            digits = Unicode.Scalar.asciiDigits
        }
        digitsByLocale.withLock { $0[key] = digits }
        return digits
    }
    /// Lower-cases each scalar on its own (names are matched case-insensitively, as ICU does).
    static func fold<S: Sequence<Unicode.Scalar>>(_ scalars: S) -> [Unicode.Scalar] {
        scalars.map(fold)
    }

    static func fold(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar.isASCII {
            let value = scalar.value
            return (0x41...0x5A).contains(value) ? Unicode.Scalar(value + 0x20)! : scalar
        }
        let lower = scalar.properties.lowercaseMapping.unicodeScalars
        return lower.count == 1 ? lower.first! : scalar
    }
}

extension DateSymbols.Names {
    /// The narrow era names (`R` for Reiwa, `A` for AD), which ICU's C API lists with no
    /// symbol type: each written by a `GGGGG` format of a day in that era (its second year,
    /// checked to be in it, for eras shorter than a year are skipped where it is not).
    static func narrowEras(locale: LocaleID, count: Int32) -> [DateSymbols.Name] {
        guard count > 0 else { return [] }
        var status = U_ZERO_ERROR
        let pattern = "GGGGG".icuUnits
        guard
            let format = cicu_udat_open(
                UDAT_PATTERN, UDAT_PATTERN, locale.identifier, nil, 0, pattern, Int32(pattern.count), &status),
            !ICU.failed(status)
        else { return [] }
        defer { cicu_udat_close(format) }
        guard let calendar = cicu_ucal_clone(cicu_udat_getCalendar(format), &status), !ICU.failed(status) else {
            return []
        }
        defer { cicu_ucal_close(calendar) }
        var result: [DateSymbols.Name] = []
        for era in 0..<count {
            cicu_ucal_clear(calendar)
            cicu_ucal_set(calendar, UCAL_ERA, era)
            cicu_ucal_set(calendar, UCAL_YEAR, 2)
            cicu_ucal_set(calendar, UCAL_MONTH, 0)
            cicu_ucal_set(calendar, UCAL_DATE, 1)
            status = U_ZERO_ERROR
            guard let text = ICU.utf16String({ cicu_udat_formatCalendar(format, calendar, $0, $1, &$2) }),
                !text.isEmpty, cicu_ucal_get(calendar, UCAL_ERA, &status) == era, !ICU.failed(status)
            else { continue }
            result.append(DateSymbols.Name(folded: DateSymbols.fold(text.unicodeScalars), value: Int(era), text: text))
        }
        return result
    }

    /// The names of `types` (months, short months…) that `format` writes, each also as the
    /// locale upper-cases it when that folds apart, longest first.
    static func names(
        _ format: UnsafeMutablePointer<UDateFormat?>, _ types: [UDateFormatSymbolType], offset: Int, locale: LocaleID
    ) -> [DateSymbols.Name] {
        func upperCased(_ text: String) -> String {
            let source = Array(text.utf16)
            return ICU.utf16String(capacity: source.count + 8) { dest, capacity, status in
                cicu_u_strToUpper(dest, capacity, source, Int32(source.count), locale.identifier, &status)
            } ?? text
        }
        var result: [DateSymbols.Name] = []
        for type in types {
            for index in 0..<cicu_udat_countSymbols(format, type) {
                guard
                    let text = ICU.utf16String({ cicu_udat_getSymbols(format, type, index, $0, $1, &$2) }),
                    !text.isEmpty
                else { continue }
                // The name as written, and as the locale upper-cases it when that folds apart:
                // Turkish "Nisan" is "NİSAN", Greek "Απριλίου" is "ΑΠΡΙΛΙΟΥ" (no tonos), which
                // lower-casing one character at a time does not bring back.
                for form in [text, upperCased(text)] {
                    let folded = DateSymbols.fold(form.unicodeScalars)
                    if !result.contains(where: { $0.folded == folded && $0.value == Int(index) + offset }) {
                        result.append(DateSymbols.Name(folded: folded, value: Int(index) + offset, text: text))
                    }
                }
            }
        }
        // Longest first, so "Juni" is tried before "Jun".
        return result.sorted { $0.folded.count > $1.folded.count }
    }

    /// The month names of `locale` in the full width (`January`, `MMMM`) and the abbreviated
    /// one (`Jan`, `MMM`), in either context, folded: for telling which width a column writes
    /// (a date pattern reads both, as ICU does; Python's `%b` and `%B` each read one).
    static func monthNamesByWidth(locale: LocaleID) -> (full: Set<[Unicode.Scalar]>, abbreviated: Set<[Unicode.Scalar]>)
    {
        var status = U_ZERO_ERROR
        guard let format = cicu_udat_open(UDAT_NONE, UDAT_SHORT, locale.identifier, nil, 0, nil, 0, &status) else {
            return ([], [])
        }
        defer { cicu_udat_close(format) }
        func folded(_ types: [UDateFormatSymbolType]) -> Set<[Unicode.Scalar]> {
            Set(names(format, types, offset: 1, locale: locale).map(\.folded))
        }
        return (
            folded([UDAT_MONTHS, UDAT_STANDALONE_MONTHS]),
            folded([UDAT_SHORT_MONTHS, UDAT_STANDALONE_SHORT_MONTHS])
        )
    }

    /// Reads every name of `locale` from ICU.
    init(locale: LocaleID) {
        var status = U_ZERO_ERROR
        let format = cicu_udat_open(UDAT_NONE, UDAT_SHORT, locale.identifier, nil, 0, nil, 0, &status)
        defer { if let format { cicu_udat_close(format) } }
        func names(_ types: [UDateFormatSymbolType], offset: Int) -> [DateSymbols.Name] {
            guard let format else { return [] }
            return Self.names(format, types, offset: offset, locale: locale)
        }
        months = names(
            [UDAT_MONTHS, UDAT_SHORT_MONTHS, UDAT_STANDALONE_MONTHS, UDAT_STANDALONE_SHORT_MONTHS], offset: 1)
        weekdays = names(
            [
                UDAT_WEEKDAYS, UDAT_SHORT_WEEKDAYS, UDAT_SHORTER_WEEKDAYS, UDAT_STANDALONE_WEEKDAYS,
                UDAT_STANDALONE_SHORT_WEEKDAYS, UDAT_STANDALONE_SHORTER_WEEKDAYS,
            ], offset: 0)
        eras = names([UDAT_ERAS, UDAT_ERA_NAMES], offset: 0)
        dayPeriods = names([UDAT_AM_PMS], offset: 0)
        wideMonthExample = months.first { $0.value == 4 }?.text ?? "April"
        wideWeekdayExample = weekdays.first { $0.value == 2 }?.text ?? "Monday"
        let current = eras.map(\.value).max()
        eraExample = eras.last { $0.value == current && $0.folded.count > 1 }?.text ?? eras.last?.text ?? "AD"
    }
}
