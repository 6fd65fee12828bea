/// Why a text is not a number the field accepts, as data: what the strict reader (or ICU's
/// lenient one, or a rule) found, with what the words need — the locale's place name, its
/// digits, a grouping example, a column. It is worded in one place, `write(to:)`, and only
/// when a message is wanted: a reading tries several forms of a number (positive and
/// negative, with and without a symbol) and keeps the failure that got furthest, so the
/// others were built for nothing when each made a sentence (issue 30: findings as data).
public enum NumberProblem: Sendable, Hashable {
    /// The value is empty.
    case empty
    /// NaN or infinity, in any of their spellings.
    case notANumberWord
    /// Signs or separators without a digit.
    case noDigits
    /// A digit of another numbering system; `mixed` when the value has the locale's too.
    case otherNumberingSystem(mixed: Bool, place: String, digits: String, system: String)
    /// A grouping separator after the decimal separator.
    case groupingAfterDecimal
    /// A grouping separator at the start, or beside another.
    case groupingNotBetweenDigits
    /// A second decimal separator; the first stood at this 1-based column.
    case secondDecimal(firstColumn: Int)
    /// The exponent symbol right after the decimal separator (`1.E5`).
    case exponentRightAfterDecimal
    /// A sign where the locale writes none (`example`: a negative number as it writes one).
    case signPlace(place: String, example: String)
    /// A decimal or grouping separator in the exponent.
    case separatorInExponent
    /// A grouping separator in the scientific style, which writes none.
    case scientificGrouping(decimal: String)
    /// A character no number of the locale (its place name) holds.
    case notPartOfNumber(place: String)
    /// An exponent symbol without digits after it.
    case exponentWithoutDigits
    /// An exponent past ±999999999, the largest read.
    case exponentBeyondBound
    /// A separator followed by a group of the wrong size.
    case groupSize(digitsAfter: Int, place: String, example: String)
    /// More digits before the first separator than a group holds.
    case firstGroupTooLong(digits: Int, place: String, example: String)
    /// Only zeros before the first separator (`0,123`): no grouped number begins so.
    case zeroBeforeGrouping(place: String, example: String)
    /// Separators at some boundaries but not all: the value grouped in full, and the column
    /// before which none stands.
    case partialGrouping(suggestion: String?, gapColumn: Int?, place: String, example: String)
    /// No form of the style matched: the sign or symbol it writes is missing.
    case missingAffix(MissingAffix, style: NumberStyle)
    /// The field's own currency symbol or percent sign, after the number where every form
    /// writes it before.
    case symbolAfterNumber(SymbolKind, symbol: String)
    /// A symbol that is not the field's (`$` where the currency is EUR).
    case notTheSymbol(SymbolKind, written: [String])
    /// ICU's lenient parser could not be used, or stopped before the end.
    case lenientFailed
    case lenientStops
    /// ICU's lenient parser read an amount in another currency (`read`, when it says which).
    case lenientOtherCurrency(read: String?, own: String, symbol: String?)
    /// The value hands ICU's lenient parser more digits than it may read in reasonable time.
    case lenientTooManyDigits(limit: Int, run: Int)
    /// A fraction where the field takes whole numbers only.
    case fractionNotAllowed
    /// An exponent where the field takes none.
    case exponentNotAllowed
    /// A negative number where the field takes none.
    case negativeNotAllowed
    /// More digits after the decimal separator than `maximum`.
    case tooManyFractionDigits(maximum: Int)
    /// More digits after the point than `maximum` once the exponent is applied (`1e-3` is
    /// `plain`, 0.001), though fewer stand after a decimal separator.
    case tooManyFractionDigitsByExponent(plain: String, maximum: Int)
    /// Table Schema's `NaN` in a field with a minimum or maximum: it has no order, so no
    /// bound can be met.
    case notANumberHasNoOrder
    /// Formatted in the integer style, the value would lose its fraction (`canonical`: the
    /// value as fieldcheck writes it); asking for no fraction digits asks for the rounding.
    case integerStyleDropsFraction(canonical: String)
    /// Formatted for another locale or style, the value would have more digits than a
    /// formatted number may (`canonical`: the value as fieldcheck writes it).
    case formattedTooLong(canonical: String, digits: Int, maximum: Int, scientific: Bool)

    /// What a style writes that the value lacks.
    public enum MissingAffix: Sendable, Hashable {
        case percentSign, currency, signOrSymbols
    }

    /// The symbol a currency or percent field writes.
    public enum SymbolKind: Sendable, Hashable {
        case currencySymbol, percentSign
    }
}

extension NumberProblem {
    /// The reason in words, as `Diagnostic.withMessage` gives it.
    var text: String { MessageWriter.string { write(to: &$0) } }

    /// "at most 2 digits after the decimal separator".
    private static func writeAtMost(_ maximum: Int, to writer: inout MessageWriter) {
        writer.put("at most ")
        writer.put(decimal: maximum)
        writer.put(maximum == 1 ? " digit after the decimal separator" : " digits after the decimal separator")
    }

    func write(to writer: inout MessageWriter) {
        switch self {
        case .empty: writer.put("empty value")
        case .notANumberWord: writer.put("NaN and infinity are not accepted as numbers")
        case .noDigits: writer.put("no digits")
        case .otherNumberingSystem(let mixed, let place, let digits, let system):
            writer.put(mixed ? "digits of two numbering systems" : "a digit of another numbering system")
            writer.put("; ")
            writer.put(place)
            writer.put(" writes the digits ")
            writer.put(digits)
            writer.put(" (")
            writer.put(system)
            writer.put(")")
        case .groupingAfterDecimal: writer.put("a grouping separator cannot stand after the decimal separator")
        case .groupingNotBetweenDigits: writer.put("a grouping separator must stand between digits")
        case .secondDecimal(let column):
            writer.put("the first is at column ")
            writer.put(decimal: column)
        case .exponentRightAfterDecimal:
            writer.put("an exponent cannot follow the decimal separator directly; write a digit between them")
        case .signPlace(let place, let example):
            writer.put("a sign can only stand where ")
            writer.put(place)
            writer.put(" writes it, as in ")
            writer.put(example)
        case .separatorInExponent: writer.put("a separator cannot stand in the exponent")
        case .scientificGrouping(let decimal):
            writer.put("the scientific style writes no grouping separator; write 123456 or 1")
            writer.put(decimal)
            writer.put("23456E5")
        case .notPartOfNumber(let place):
            writer.put("not part of a number in ")
            writer.put(place)
        case .exponentWithoutDigits: writer.put("the exponent has no digits")
        case .exponentBeyondBound:
            writer.put(
                "the exponent is beyond ±999999999, the largest fieldcheck reads (nine digits, leading zeros aside)")
        case .groupSize(let after, let place, let example):
            writer.put(decimal: after)
            writer.put(after == 1 ? " digit follows it; " : " digits follow it; ")
            writer.put(place)
            writer.put(" groups as in ")
            writer.put(example)
        case .firstGroupTooLong(let digits, let place, let example):
            writer.put(decimal: digits)
            writer.put(" digits stand before it without a separator; ")
            writer.put(place)
            writer.put(" groups as in ")
            writer.put(example)
        case .zeroBeforeGrouping(let place, let example):
            writer.put("no grouped number begins with a group of zeros; ")
            writer.put(place)
            writer.put(" groups as in ")
            writer.put(example)
        case .partialGrouping(let suggestion, let gapColumn, let place, let example):
            guard let suggestion else {
                writer.put("the number is grouped only in part")
                return
            }
            writer.put("grouped only in part: did you mean ")
            writer.put(suggestion)
            writer.put("? No separator stands")
            if let gapColumn {
                writer.put(" before column ")
                writer.put(decimal: gapColumn)
            }
            writer.put(", and ")
            writer.put(place)
            writer.put(" groups at every boundary, as in ")
            writer.put(example)
        case .missingAffix(let what, let style):
            writer.put("missing ")
            switch what {
            case .percentSign: writer.put("the percent sign")
            case .currency: writer.put("the currency")
            case .signOrSymbols: writer.put("the sign or symbols")
            }
            writer.put(" the ")
            writer.put(style.rawValue)
            writer.put(" style writes")
        case .symbolAfterNumber(let kind, let symbol):
            writer.put(kind.words)
            writer.put(" '")
            writer.put(symbol)
            writer.put("' stands before the number in this field, not after it")
        case .notTheSymbol(let kind, let written):
            writer.put("not ")
            writer.put(kind.words)
            writer.put(" of this field")
            if !written.isEmpty {
                writer.put(", which is written ")
                for (index, symbol) in written.enumerated() {
                    if index > 0 { writer.put(" or ") }
                    writer.put("'")
                    writer.put(symbol)
                    writer.put("'")
                }
            }
        case .lenientFailed: writer.put("ICU failed")
        case .lenientStops: writer.put("ICU's lenient parser stops here")
        case .lenientOtherCurrency(let read, let own, let symbol):
            writer.put("ICU's lenient parser reads an amount in ")
            writer.put(read ?? "another currency")
            writer.put(" here; this field's currency is ")
            writer.put(own)
            if let symbol {
                writer.put(" (")
                writer.put(symbol)
                writer.put(")")
            }
        case .lenientTooManyDigits(let limit, let run):
            writer.put("in lenient reading a value may hand ICU's parser at most ")
            writer.put(decimal: limit)
            writer.put(" digits (runs of more than ")
            writer.put(decimal: run)
            writer.put(" digits count ")
            writer.put(decimal: run)
            writer.put("); its reading takes time in the square of the digits")
        case .fractionNotAllowed: writer.put("only whole numbers are allowed")
        case .exponentNotAllowed: writer.put("an exponent (scientific notation) is not allowed")
        case .negativeNotAllowed: writer.put("negative numbers are not allowed")
        case .tooManyFractionDigitsByExponent(let plain, let maximum):
            writer.put("the exponent makes it ")
            writer.put(plain)
            writer.put(": ")
            Self.writeAtMost(maximum, to: &writer)
        case .tooManyFractionDigits(let maximum):
            Self.writeAtMost(maximum, to: &writer)
        case .notANumberHasNoOrder:
            writer.put("NaN has no order, so it meets no minimum or maximum")
        case .integerStyleDropsFraction(let canonical):
            writer.put("the integer style writes no fraction, and ")
            writer.put(canonical)
            writer.put(" would be rounded; ask for 0 fraction digits to round it")
        case .formattedTooLong(let canonical, let digits, let maximum, let scientific):
            writer.put("formatted, ")
            writer.put(canonical)
            writer.put(" would have ")
            writer.put(decimal: digits)
            writer.put(" digits, more than the ")
            writer.put(decimal: maximum)
            writer.put(" a formatted number may have; canonically")
            if !scientific { writer.put(" (or in the scientific style)") }
            writer.put(" it is ")
            writer.put(canonical)
        }
    }
}

extension NumberProblem {
    /// The problem with the columns it names moved by `offset`: a number read out of a longer
    /// cell (`bareNumber: false`) names the cell's columns.
    func shifted(by offset: Int) -> NumberProblem {
        switch self {
        case .secondDecimal(let column): .secondDecimal(firstColumn: column + offset)
        case .partialGrouping(let suggestion, let gap, let place, let example):
            .partialGrouping(suggestion: suggestion, gapColumn: gap.map { $0 + offset }, place: place, example: example)
        default: self
        }
    }
}

extension Diagnostic {
    /// Moves the columns a number reader's finding names by `offset` (see
    /// `NumberProblem.shifted`); its own `offset` is the caller's to move.
    mutating func moveNumberColumns(by offset: Int) {
        switch reason {
        case .refused(let what, .number(let problem), let hint, let expected, let after):
            reason = .refused(
                what, why: .number(problem.shifted(by: offset)), hint: hint, expected: expected, after: after)
        case .unreadable(.number(let problem), let expected, let after):
            reason = .unreadable(why: .number(problem.shifted(by: offset)), expected: expected, after: after)
        default: break
        }
    }
}

extension NumberProblem.SymbolKind {
    fileprivate var words: StaticString {
        switch self {
        case .currencySymbol: "the currency symbol"
        case .percentSign: "the percent sign"
        }
    }
}
