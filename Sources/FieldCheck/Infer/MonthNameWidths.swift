/// Which width of month names a date column writes: the values (distinct, of the first 4,096
/// the chosen pattern read) whose name is only a full one (`January`, `MMMM`, strptime's `%B`)
/// and those whose name is only an abbreviated one (`Jan`, `MMM`, `%b`). A date pattern here
/// reads both, as ICU's does; Python's strptime (Frictionless) reads one width per format.
/// `May`, both at once, counts in neither.
public struct MonthNameWidths: Sendable, Hashable {
    public var full = 0
    public var abbreviated = 0
    public var fullExample: String?
    public var abbreviatedExample: String?
    /// Whether the values counted are a sample: the column had more distinct values.
    public var isSample = false

    /// The width a pattern's month field writes: 4 for `MMMM`, 3 for `MMM`, nil for none or
    /// numbers.
    public static func width(of candidate: InferenceCandidate) -> Int? {
        guard case .date(let date) = candidate.spec.kind, let pattern = date.format.uts35Pattern,
            let tokens = try? DatePattern(pattern).tokens
        else { return nil }
        for case .field(.month, let count) in tokens where count == 3 || count == 4 { return count }
        return nil
    }

    /// Counts the widths of `values` in `locale`'s month names; nil when no value names a month.
    static func count(_ values: [String], locale: LocaleID, isSample: Bool) -> MonthNameWidths? {
        let names = DateSymbols.Names.monthNamesByWidth(locale: locale)
        var widths = MonthNameWidths(isSample: isSample)
        var named = false
        for value in values {
            let scalars = Array(value.unicodeScalars)
            // Each run of letters (with a dot that ends it: `janv.`, `Jan.`) that is a month name.
            for run in scalars.runs(where: \.properties.isAlphabetic) {
                var word = DateSymbols.fold(scalars[run])
                if run.upperBound < scalars.count, scalars[run.upperBound] == ".",
                    names.abbreviated.contains(word + ["."])
                {
                    word.append(".")
                }
                let isFull = names.full.contains(word)
                let isAbbreviated = names.abbreviated.contains(word)
                if isFull && !isAbbreviated {
                    widths.full += 1
                    if widths.fullExample == nil { widths.fullExample = value }
                } else if isAbbreviated && !isFull {
                    widths.abbreviated += 1
                    if widths.abbreviatedExample == nil { widths.abbreviatedExample = value }
                }
                named = named || isFull || isAbbreviated
            }
        }
        return named ? widths : nil
    }
}
