internal import CICU

/// The number stage of the pipeline: reads the value strictly (or with ICU's lenient
/// parser), applies the rules, and formats the accepted value.
final class NumberValidator: TypedValidator {
    /// Values written as the field writes them, for the prompt's completions.
    private lazy var samples: [String] = {
        let values = ["0", "5", "12.5", "1234.56", "-1234.56", "1234567.891", "0.125", "-0.5", "1000000"]
        guard
            let format = try? NumberFormat(
                locale: locale, style: spec.style == .scientific ? .decimal : spec.style,
                currency: spec.currency ?? parser.symbols.currencyCode, fractionDigits: nil)
        else { return [] }
        return values.compactMap(ExactDecimal.init).map(format.string)
    }()

    func completionSamples() -> [String] { samples }
    var completionFreeFrom: Int? {
        get { nil }
        set {}
    }

    func completionTokens() -> [String] {
        let symbols = parser.symbols
        // In the locale's own digits: ٠ in ar_EG, a Latin 0 there is another system's.
        let zero = symbols.digits.first.map { String(Character($0)) } ?? "0"
        let exponent = symbols.exponentSymbol.isEmpty ? "E" : symbols.exponentSymbol
        var tokens = [
            zero, zero + zero, zero + zero + zero, symbols.decimalSeparator + zero, exponent + zero,
            exponent + symbols.minusSign + zero, "E" + zero,
        ]
        if symbols.usesGrouping { tokens.append(symbols.groupingSeparator + zero + zero + zero) }
        return tokens
    }

    let spec: NumberSpec
    let locale: LocaleID
    private let parser: NumberParser
    private let output: NumberFormat?
    /// The power of ten from a value to what `output` writes: a percent read as written (5)
    /// is the fraction (0.05) to a percent format.
    private let outputScale: Int

    /// No `--to` formatting and no currency: the fast path writes the value, and that is all.
    var fastOutputIsValue: Bool { output == nil && spec.style != .currency && spec.currency == nil }
    private let lenientFormat: UnsafeMutablePointer<UNumberFormat?>?
    /// The currency a lenient currency-style value must be in (the field's, else the locale's).
    private let lenientCurrency: String?
    /// The common readings of numbers other than the field's, for "did you mean": each with
    /// the mark a value must hold for it to read what the field and the readings tried before
    /// it could not (nil: none; see `OtherReadingMark`). Opened on the first explained
    /// rejection that one may explain: a quiet run never needs them, and opening four was a
    /// tenth of a line command's start-up.
    private lazy var otherReadings: [(locale: LocaleID, parser: NumberParser, mark: OtherReadingMark?)] =
        Self.readings(otherThan: parser.symbols)
    private(set) var example: String
    /// What the example's value is followed by (` (de_DE)`), and how the field writes a value
    /// as an example (see `inputForm(ofCanonical:)`).
    private let exampleLabel: String
    private let writeExample: (ExactDecimal) -> String?
    private let fast: FastNumber?

    /// How messages name the field's rules.
    private let vocabulary: RuleVocabulary
    /// What the front end says of white space at either end (` (--trim …)`), worded once.
    private let trimHint: String

    /// - Parameter lengths: the field's length rule, which the example keeps to.
    init(_ spec: NumberSpec, locale: LocaleID, vocabulary: RuleVocabulary = .plain, lengths: LengthRule = .none)
        throws(ConfigurationError)
    {
        self.spec = spec
        self.locale = locale
        self.vocabulary = vocabulary
        trimHint = vocabulary.trimHint.map { " (\($0))" } ?? ""
        if let min = spec.minimum, let max = spec.maximum, max < min {
            throw ConfigurationError("\(vocabulary.minimum) \(min) is greater than \(vocabulary.maximum) \(max)")
        }
        // A bound past the exponents the field reads (1E+999999999999) is met or missed only by
        // values no one writes, and its example could not be written so that the field reads it.
        for (bound, name) in [(spec.minimum, vocabulary.minimum), (spec.maximum, vocabulary.maximum)] {
            guard let bound, !bound.digits.isEmpty,
                abs(bound.exponent + bound.digits.count - 1) > NumberParser.largestExponent
            else { continue }
            throw ConfigurationError(
                "\(name) \(bound) is beyond the numbers fieldcheck reads (exponents up to ±999999999)")
        }
        // Bounds closer than the digits allowed leave no value (0.001 to 0.002 with two
        // fraction digits): every value would be refused. A percent's digits are those of the
        // hundredfold value as written; a scientific value's stand beside an exponent, which
        // moves them: not checked.
        if let places = spec.mostFractionDigits, spec.style != .scientific, let min = spec.minimum,
            let max = spec.maximum,
            max.scaled(by: spec.writtenScale) < min.scaled(by: spec.writtenScale).ceiling(fractionDigits: places)
        {
            throw ConfigurationError(
                "\(vocabulary.minimum) \(min) and \(vocabulary.maximum) \(max) leave no value: none between them is "
                    + (places == 0 ? "a whole number" : "written with at most \(places) fraction digits"))
        }
        let ownSymbols = NumberSymbols(locale: locale).forStyle(spec.style)
        var symbols = try Self.withSeparators(ownSymbols, of: spec)
        if !spec.allowGrouping { symbols.usesGrouping = false }
        if let currency = spec.currency { try NumberSymbols.checkCurrency(currency) }
        parser = try NumberParser(symbols: symbols, style: spec.style, currency: spec.currency, vocabulary: vocabulary)
        fast = FastNumber(spec: spec, symbols: symbols, grouping: spec.allowGrouping)
        if spec.formatsOutput {
            output = try NumberFormat(
                locale: spec.toLocale ?? locale, style: spec.toStyle ?? spec.style,
                // A value read as currency keeps its currency; a plain number written as
                // currency takes the target locale's (`--to en-u-cu-eur` writes euros).
                currency: spec.currency
                    ?? (spec.style == .currency
                        ? symbols.currencyCode
                        : spec.toStyle == .currency
                            ? NumberSymbols(locale: spec.toLocale ?? locale).currencyCode : nil),
                fractionDigits: spec.fractionDigits)
        } else {
            output = nil
        }
        outputScale = (spec.toStyle ?? spec.style) == .percent ? spec.fractionShift : 0
        lenientCurrency = spec.style == .currency ? (spec.currency ?? symbols.currencyCode)?.uppercased() : nil
        if spec.lenient {
            // ICU's lenient reading of the field's own style, currency and numbering system
            // (the locale id carries its -u-nu- keyword); the field's rules apply after.
            var status = U_ZERO_ERROR
            let style: UNumberFormatStyle =
                switch spec.style {
                case .percent: UNUM_PERCENT
                case .currency: UNUM_CURRENCY
                case .scientific: UNUM_SCIENTIFIC
                case .decimal, .integer: UNUM_DECIMAL
                }
            guard let format = cicu_unum_open(style, nil, 0, locale.identifier, &status), !ICU.failed(status) else {
                throw ConfigurationError("ICU cannot open a \(spec.style.rawValue) number format for \(locale)")
            }
            cicu_unum_setAttribute(format, UNUM_LENIENT_PARSE, 1)
            if let code = lenientCurrency {
                let units = code.icuUnits
                cicu_unum_setTextAttribute(format, UNUM_CURRENCY_CODE, units, Int32(units.count), &status)
            }
            lenientFormat = format
        } else {
            lenientFormat = nil
        }
        // A currency is written with its digits (1.234,00 €), unless the field allows fewer
        // (--integer, --max-fraction-digits 1): then the example has no more than it allows.
        let formatter = try? NumberFormat(
            locale: locale, style: spec.style == .scientific ? .decimal : spec.style,
            currency: spec.currency ?? symbols.currencyCode, fractionDigits: nil,
            mostFractionDigits: spec.mostFractionDigits)
        // Separators of the field's own are put where the locale's stand.
        let custom = spec.decimalSeparator != nil || spec.groupingSeparator != nil
        // A currency's whole value without its cents (5 €), for a field too short for 5,00 €.
        let wholeCurrency =
            spec.style == .currency
            ? try? NumberFormat(
                locale: locale, style: .currency, currency: spec.currency ?? symbols.currencyCode,
                fractionDigits: nil, mostFractionDigits: 0) : nil
        /// A value as the example shows it: as the locale writes it in the field's style, with
        /// the field's own separators, and without grouping where the field has none or where
        /// `grouped` is false (1234 for a field of four characters).
        func shown(_ sample: ExactDecimal, by formatter: NumberFormat?, grouped: Bool = true) -> String {
            let formatted = formatter?.string(sample) ?? sample.description
            let written: String
            if custom && (spec.style == .decimal || spec.style == .integer) && !sample.negative {
                let parts = sample.description.split(separator: ".", maxSplits: 1).map(String.init)
                written = symbols.written(parts[0], fraction: parts.count > 1 ? parts[1] : nil)
            } else {
                written = custom ? formatted.replacingSeparators(of: ownSymbols, with: symbols) : formatted
            }
            // Without grouping (the field's, or the scientific style's), an example must not show any.
            return grouped && (custom || (spec.allowGrouping && spec.style != .scientific))
                ? written : written.replacingGroups(symbols.groupingSeparator)
        }
        // A percent read as written (5) is the fraction (0.05) to the formatter.
        let toFraction = spec.fractionShift
        var writers: [(ExactDecimal) -> String?] = [{ shown($0.scaled(by: toFraction), by: formatter) }]
        if let wholeCurrency { writers.append { $0.exponent < 0 ? nil : shown($0, by: wholeCurrency) } }
        // Grouping is optional when reading: a field too short for 1.234 takes 1234.
        if symbols.usesGrouping && !custom {
            writers.append { shown($0.scaled(by: toFraction), by: formatter, grouped: false) }
            if let wholeCurrency {
                writers.append { $0.exponent < 0 ? nil : shown($0, by: wholeCurrency, grouped: false) }
            }
        }
        let shown = Self.exampleValue(spec, lengths: lengths, writers: writers)
        let label =
            custom
            ? "decimal separator '\(symbols.decimalSeparator)'"
                + (symbols.usesGrouping && spec.allowGrouping
                    ? ", grouping separator '\(symbols.groupingSeparator)'" : ", without grouping")
            : "\(locale.nameAndOrigin)\(spec.allowGrouping ? "" : ", without grouping")"
        example = "a number like \(shown) (\(label))"
        exampleLabel = label
        writeExample = writers[0]
    }

    func adoptExample(_ value: String) { example = "a number like \(value) (\(exampleLabel))" }

    func inputForm(ofCanonical value: String) -> String? { ExactDecimal(value).flatMap(writeExample) }

    /// The example a message and the prompt's placeholder show: the first of a few plain
    /// values that the field's own rules accept (1234.56, or 1234 for whole numbers; then
    /// shorter ones, the bounds themselves, and longer ones for a least length), as the first
    /// of `writers` that writes one the field accepts writes it (a writer may write only some
    /// values), so that "expected a number like 1234.56" is not said of a field whose maximum
    /// is 10. The first value when none fits.
    static func exampleValue(
        _ spec: NumberSpec, lengths: LengthRule, writers: [(ExactDecimal) -> String?]
    ) -> String {
        let whole = spec.wholeOnly
        let plain =
            (spec.style == .percent || whole ? [] : ["1234.56", "12.5", "1.5", "0.5"])
            + ["1234", "12", "5", "1", "0"]
        // A percent's first: 12.5 %, 50 %, 5 % and 100 %, in the value's units.
        let percents =
            spec.style != .percent
            ? [] : ["0.125", "0.5", "0.05", "1"].compactMap { ExactDecimal($0)?.scaled(by: -spec.fractionShift) }
        let long = (whole ? [] : ["1234567.89"]) + ["1234567", "12345678", "1234567890123"]
        let scale = spec.writtenScale
        // The least value of the digits allowed from the minimum up (2 for an integer from 1.5).
        let fromMinimum = spec.mostFractionDigits.flatMap { places in
            spec.minimum.map { $0.scaled(by: scale).ceiling(fractionDigits: places).scaled(by: -scale) }
        }
        let values =
            percents + plain.compactMap { ExactDecimal($0) }
            + [spec.minimum, spec.maximum, fromMinimum].compactMap { $0?.normalized }
            + long.compactMap { ExactDecimal($0) }
        func fits(_ value: ExactDecimal, _ text: String) -> Bool {
            let written = value.scaled(by: scale)
            if let most = spec.mostFractionDigits, written.fractionDigitCount > most { return false }
            if !spec.allowNegative && value.negative { return false }
            if let minimum = spec.minimum, value < minimum { return false }
            if let maximum = spec.maximum, maximum < value { return false }
            return lengths.admits(text)
        }
        for shown in writers {
            for value in values {
                if let text = shown(value), fits(value, text) { return text }
            }
        }
        return writers[0](values[0]) ?? values[0].description
    }

    /// The locale's symbols with the field's own separators (Table Schema's `decimalChar` and
    /// `groupChar`), checked: one character each, neither a digit nor a sign, not the same.
    static func withSeparators(_ own: NumberSymbols, of spec: NumberSpec) throws(ConfigurationError) -> NumberSymbols {
        var symbols = own
        func check(_ text: String, _ what: String) throws(ConfigurationError) {
            guard text.unicodeScalars.count == 1, let scalar = text.unicodeScalars.first else {
                throw ConfigurationError("the \(what) '\(text)' must be one character")
            }
            if scalar.properties.numericType != nil || own.digitValue(scalar) != nil
                || "+-\u{2212}".unicodeScalars.contains(scalar)
                || scalar.properties.isWhitespace && what == "decimal separator"
            {
                throw ConfigurationError("the \(what) '\(text)' cannot be a digit, a sign or a space")
            }
        }
        if let decimal = spec.decimalSeparator {
            try check(decimal, "decimal separator")
            symbols.decimalSeparator = decimal
        }
        if let group = spec.groupingSeparator {
            if group.isEmpty {
                symbols.usesGrouping = false
            } else {
                try check(group, "grouping separator")
                symbols.groupingSeparator = group
                symbols.usesGrouping = true
                if symbols.primaryGroupingSize <= 0 {
                    symbols.primaryGroupingSize = 3
                    symbols.secondaryGroupingSize = 3
                }
            }
        }
        if spec.decimalSeparator != nil || spec.groupingSeparator != nil { symbols.name = "this field's format" }
        if symbols.usesGrouping && symbols.groupingSeparator == symbols.decimalSeparator {
            throw ConfigurationError(
                "the decimal and the grouping separator are both '\(symbols.decimalSeparator)': set the other "
                    + "separator too (an empty grouping separator for none)")
        }
        return symbols
    }

    func acceptFast(_ bytes: UnsafeBufferPointer<UInt8>, at out: UnsafeMutablePointer<UInt8>) -> Int {
        fast?.accept(bytes, into: out) ?? 0
    }

    /// Empty, or, for the strict reader, holding an ASCII character no number can contain (a
    /// letter, a space in a locale that does not group with one) or separators it never reads
    /// (two decimal separators, a grouping one after the decimal one).
    func rejectsFast(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if bytes.isEmpty { return true }
        if spec.lenient { return false }
        if spec.specialValues && Self.special(bytes) != nil { return false }
        return parser.readableASCII.missesSomeASCII(of: bytes) || parser.separatorsCertainlyFail(bytes)
            || parser.everyFormWritesASymbol && bytes.allSatisfy(NumberParser.isPlainBody)
    }

    deinit { if let lenientFormat { cicu_unum_close(lenientFormat) } }

    /// Table Schema's special values, written as the specification writes them: `NaN`,
    /// `INF`, `-INF` for any case of them (compared on the bytes: no String is made); nil for
    /// any other text.
    static func special(_ bytes: some Collection<UInt8>) -> String? {
        guard bytes.count == 3 || bytes.count == 4 else { return nil }
        let lowered = bytes.lazy.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
        for (spelling, written) in [("nan", "NaN"), ("inf", "INF"), ("-inf", "-INF")]
        where lowered.elementsEqual(spelling.utf8) {
            return written
        }
        return nil
    }

    /// `value` past `bound`, said with the bound without the zeros it was written with:
    /// `--max 1.000` is 1, and a reader of a de_DE field would take "the maximum 1.000" for a
    /// thousand.
    private func outOfRange(_ value: String, _ bound: ExactDecimal, minimum: Bool, _ explains: Bool) -> Diagnostic {
        let reason: Reason = .ifExplained(
            explains,
            .beyond(
                value: value, bound: bound.normalizedDescription, minimum: minimum, inTime: false, expected: example))
        return Diagnostic(code: .outOfRange, offset: nil, length: 0, reason: reason)
    }

    /// A special value of a Table Schema `number` (`spec.specialValues`): accepted as itself,
    /// unless a bound refuses it (infinity lies past every bound on its side; NaN, which has
    /// no order, within none).
    private func validateSpecial(_ special: String, detail: CheckDetail, into result: inout FieldResult) {
        switch special {
        case "NaN" where spec.minimum != nil || spec.maximum != nil:
            let why = Reason.unreadable(why: .number(.notANumberHasNoOrder), expected: example, after: nil)
            result.errors.append(
                Diagnostic(code: .outOfRange, offset: nil, length: 0, reason: .ifExplained(detail.explains, why)))
        case "INF" where spec.maximum != nil:
            result.errors.append(outOfRange(special, spec.maximum!, minimum: false, detail.explains))
        case "-INF" where spec.minimum != nil:
            result.errors.append(outOfRange(special, spec.minimum!, minimum: true, detail.explains))
        default:
            result.value = special
            result.output = special
        }
    }

    func validate(_ value: String, map: OffsetMap, detail: CheckDetail, into result: inout FieldResult) {
        if spec.specialValues, let special = Self.special(value.utf8) {
            validateSpecial(special, detail: detail, into: &result)
            return
        }
        let explains = detail.explains
        let scalars = value.scalarArray
        let outcome = spec.lenient ? parseLeniently(value) : parser.parse(scalars)
        switch outcome {
        case .failure(let failure):
            result.errors.append(diagnostic(failure, scalars, map, value: value, explains: explains))
        case .success(let parsed):
            var number = parsed.value
            if spec.writtenScale != 0 { number = number.scaled(by: -spec.writtenScale) }
            for (index, scalar) in parsed.spaceVariants {
                result.warnings.append(
                    Diagnostic(
                        code: .spaceAsGroupingSeparator, offset: map.original(index), character: scalar,
                        reason: .ifExplained(
                            explains,
                            .readAs(
                                .groupingSeparator,
                                // A separator of the field's own (a schema's groupChar) is not the locale's.
                                locale: spec.groupingSeparator == nil ? locale.identifier : "this field",
                                own: parser.symbols.groupingSeparator))
                    ))
            }
            if let variant = parsed.symbolVariant {
                result.warnings.append(
                    Diagnostic(
                        code: .currencySymbolVariant, offset: map.original(variant.index), character: variant.scalar,
                        reason: .ifExplained(
                            explains, .readAs(.currencySymbol, locale: locale.identifier, own: variant.own))))
            }
            applyRules(number, parsed, scalars, map, explains, &result)
            if result.errors.isEmpty {
                result.value = number.canonical(writtenIn: scalars.count)
                result.currency = parsed.currency
                result.output = output?.string(outputScale == 0 ? number : number.scaled(by: outputScale))
            } else {
                result.warnings.removeAll()
            }
        }
    }

    private func applyRules(
        _ number: ExactDecimal, _ parsed: ParsedNumber, _ scalars: [Unicode.Scalar], _ map: OffsetMap,
        _ explains: Bool, _ result: inout FieldResult
    ) {
        func add(_ code: ErrorCode, _ index: Int?, _ problem: NumberProblem) {
            result.errors.append(makeDiagnostic(code, index, scalars, map, explains, problem))
        }
        func beyond(_ bound: ExactDecimal, minimum: Bool) {
            result.errors.append(outOfRange(number.description, bound, minimum: minimum, explains))
        }
        let integerOnly = spec.wholeOnly
        if integerOnly, let decimal = parsed.decimalIndex {
            add(.fractionNotAllowed, decimal, .fractionNotAllowed)
        }
        if let exponent = parsed.exponentIndex, integerOnly || !spec.allowExponent {
            add(.exponentNotAllowed, exponent, .exponentNotAllowed)
        }
        if !spec.allowNegative, parsed.negativeForm || number.negative {
            add(.negativeNotAllowed, parsed.signIndex, .negativeNotAllowed)
        }
        // The digits after the point as the value is written plainly: `1e-3` is 0.001, three
        // of them, though none stands after a decimal separator (it passed a cents column),
        // and `1,234E5` is 123400, none.
        if let max = spec.maxFractionDigits, parsed.value.scale > max {
            // The exponent as written, and where the first digit past the maximum stands among
            // the written fraction digits (before them: the exponent is to blame).
            let shift = parsed.fractionDigitCount - parsed.value.scale
            let place = max + shift
            let offset = parsed.decimalIndex.flatMap { place >= 0 ? $0 + 1 + place : nil } ?? parsed.exponentIndex
            add(
                .tooManyFractionDigits, offset,
                shift == 0
                    ? .tooManyFractionDigits(maximum: max)
                    : .tooManyFractionDigitsByExponent(plain: parsed.value.description, maximum: max))
        }
        if let min = spec.minimum, number < min { beyond(min, minimum: true) }
        if let max = spec.maximum, max < number { beyond(max, minimum: false) }
        if result.errors.isEmpty, let output,
            let problem = output.refusal(outputScale == 0 ? number : number.scaled(by: outputScale))
        {
            if case .integerStyleDropsFraction = problem {
                add(.fractionNotAllowed, parsed.decimalIndex ?? parsed.exponentIndex, problem)
            } else {
                add(.outOfRange, nil, problem)
            }
        }
    }

    private func makeDiagnostic(
        _ code: ErrorCode, _ index: Int?, _ scalars: [Unicode.Scalar], _ map: OffsetMap, _ explains: Bool,
        _ problem: NumberProblem
    ) -> Diagnostic {
        guard let index, index < scalars.count else {
            return Diagnostic(
                code: code, offset: index.map(map.original), length: 0,
                reason: .ifExplained(explains, .unreadable(why: .number(problem), expected: example, after: nil)))
        }
        let offset = map.original(index)
        let character = scalars[index]
        guard explains else { return Diagnostic(code: code, offset: offset, character: character, message: "") }
        let what: Reason.RefusedAs =
            switch code {
            case .unexpectedCharacter: .unexpectedCharacter
            case .misplacedSign: .misplacedSign
            case .multipleDecimalSeparators: .secondDecimalSeparator
            case .misplacedGroupingSeparator: .misplacedGroupingSeparator
            case .mixedDigits: .otherNumberingSystemDigit
            default: .character
            }
        // White space at either end: the front end may say how to ignore it.
        let atEnd = index == 0 || index == scalars.count - 1
        let hint = atEnd && character.properties.isWhitespace ? trimHint : ""
        return Diagnostic(
            code: code, offset: offset, character: character,
            reason: .refused(what, why: .number(problem), hint: hint, expected: example, after: nil))
    }

    private func diagnostic(
        _ failure: NumberFailure, _ scalars: [Unicode.Scalar], _ map: OffsetMap, value: String, explains: Bool
    ) -> Diagnostic {
        var diagnostic = makeDiagnostic(failure.code, failure.index, scalars, map, explains, failure.problem)
        guard explains else { return diagnostic }
        let separatorTrouble =
            failure.code == .misplacedGroupingSeparator || failure.code == .multipleDecimalSeparators
            || failure.code == .unexpectedCharacter
        guard separatorTrouble else { return diagnostic }
        // By index, field by field: a loop over the readings copied each (its locale's
        // strings) for every rejection.
        let readings = otherReadings
        for index in readings.indices {
            // No grouping mark of the reading's own where only grouping could make it read what
            // the others did not, an ASCII character it never reads (a letter, say), or
            // separators it cannot place: its reading certainly fails, and trying it was a
            // fifth of an explained rejection (issue 35).
            if readings[index].mark?.isMissing(in: scalars) == true { continue }
            let other = readings[index].parser
            let unreadable = value.utf8.withContiguousStorageIfAvailable {
                other.readableASCII.missesSomeASCII(of: $0) || other.separatorsCertainlyFail($0)
            }
            if unreadable == true { continue }
            guard case .success(let reading) = other.parse(scalars) else { continue }
            diagnostic.add(
                OtherReading(
                    .number, value: value, own: parser.symbols.placeName, other: readings[index].locale.description,
                    read: reading.value.description))
            break
        }
        return diagnostic
    }

    /// The common readings of numbers that read otherwise than `own`, in the order they are
    /// tried (see `otherReadings`).
    private static func readings(otherThan own: NumberSymbols) -> [(
        locale: LocaleID, parser: NumberParser, mark: OtherReadingMark?
    )] {
        // The common ways of writing numbers, the likeliest confusion first: comma-decimal
        // locales with en_US's point, point-decimal ones with de_DE's comma; then the other
        // of the two, fr_FR's space, de_CH's apostrophe and en_IN's lakh grouping. Only those
        // that read numbers otherwise than the field: "1 234,56 is not a number in en_US, but
        // in fr_FR …".
        // A locale of another decimal mark (ar_EG's ٫) is not confused with these: its values
        // differ by their digits, which its own message names.
        guard own.decimalSeparator == "," || own.decimalSeparator == "." else { return [] }
        // A point-decimal locale that does not group (en_US_POSIX, under LANG=C) is most often
        // given en_US's grouped numbers: `1,234` is 1234 there, 1.234 in de_DE.
        let likeliest = own.decimalSeparator == "," || !own.usesGrouping ? ["en_US", "de_DE"] : ["de_DE", "en_US"]
        let common = likeliest + ["fr_FR", "de_CH", "en_IN"]
        var decimalsTried: Set<String> = [own.decimalSeparator]
        return common.compactMap { other in
            // The field's own locale read otherwise only by the field's style or rules (a
            // scientific field does not group): "not a number in en_US, but in en_US it reads
            // as 1234" says nothing.
            guard let otherLocale = try? LocaleID(other), otherLocale.identifier != own.locale.identifier else {
                return nil
            }
            let theirs = NumberSymbols(locale: otherLocale)
            let same =
                theirs.decimalSeparator == own.decimalSeparator && theirs.usesGrouping == own.usesGrouping
                && (!own.usesGrouping
                    || (theirs.groupingSeparator == own.groupingSeparator
                        && theirs.primaryGroupingSize == own.primaryGroupingSize
                        && theirs.secondaryGroupingSize == own.secondaryGroupingSize))
            guard !same, let otherParser = try? NumberParser(symbols: theirs, style: .decimal, currency: nil) else {
                return nil
            }
            // A reading with a decimal mark already tried reads what that one did not only by
            // its grouping: a value without its grouping mark is not worth reading again.
            let mark = decimalsTried.contains(theirs.decimalSeparator) ? OtherReadingMark(theirs) : nil
            decimalsTried.insert(theirs.decimalSeparator)
            return (otherLocale, otherParser, mark)
        }
    }

    /// How many digits of an unbroken run of digits ICU's lenient parser is handed. Its reading
    /// takes time in the square of the digits (200,000 took 0.5 s, 800,000 through fieldcheck
    /// 19 s), and the digits of a run change nothing in how it reads the rest: only whether a
    /// group has one digit or more (ICU refuses a middle group of one).
    static let lenientRunDigits = 40
    /// The most digits ICU's lenient parser is handed at all (0.13 s), when runs cannot be
    /// shortened further (a long grouped number) or its reading must be taken whole.
    static let lenientDigitLimit = 100_000

    /// ICU's lenient reading; the whole text must still be consumed. Long runs of digits are
    /// handed to ICU shortened to `lenientRunDigits`; its value of the shortened text must then
    /// be the one this reader finds in it, and the same reader gives the value of the whole.
    private func parseLeniently(_ value: String) -> Result<ParsedNumber, NumberFailure> {
        guard lenientFormat != nil else {
            return .failure(NumberFailure(code: .notANumber, index: nil, problem: .lenientFailed))
        }
        if value.isEmpty { return .failure(NumberFailure(code: .empty, index: nil, problem: .empty)) }
        let scalars = Array(value.unicodeScalars)
        // Without a digit there is no number to read leniently: the strict reader says why
        // (no digits, or NaN and infinity), at once, whatever the length.
        guard let firstDigit = scalars.firstIndex(where: Self.isDigit) else { return parser.parse(scalars) }
        // ICU's lenient parser skips a grouping separator before the first digit: `.9` in
        // de_DE read as 9, where it is 0.9 written the English way.
        if let group = parser.symbols.groupingSeparator.unicodeScalars.first, !group.properties.isWhitespace,
            let stray = scalars[..<firstDigit].firstIndex(of: group)
        {
            return .failure(
                NumberFailure(code: .misplacedGroupingSeparator, index: stray, problem: .groupingNotBetweenDigits))
        }
        let (short, origin) = Self.shorteningRuns(scalars)
        let digitsHanded = short.reduce(0) { $0 + (Self.isDigit($1) ? 1 : 0) }
        if digitsHanded > Self.lenientDigitLimit {
            return .failure(Self.tooManyDigitsForICU)
        }
        var reading = icuLenientReading(origin == nil ? value : String(String.UnicodeScalarView(short)))
        if case .failure(let stop) = reading, let origin {
            // Where ICU stopped in the shortened text, in the value.
            let index = stop.index.map { $0 < origin.count ? origin[$0] : scalars.count }
            reading = .failure(NumberFailure(code: stop.code, index: index, problem: stop.problem))
        }
        guard case .success(let icu) = reading else {
            if case .failure(let failure) = reading { return .failure(failure) }
            return .failure(NumberFailure(code: .notANumber, index: nil, problem: .lenientFailed))
        }
        if let lenientCurrency, icu.currency != lenientCurrency {
            // The currency is what is neither digit, sign, separator nor space.
            let symbol =
                scalars.firstIndex {
                    $0.properties.generalCategory == .currencySymbol || $0.properties.isAlphabetic
                } ?? 0
            let own = NumberSymbols.currencySymbol(lenientCurrency, locale: locale).flatMap {
                $0 == lenientCurrency ? nil : $0
            }
            return .failure(
                NumberFailure(
                    code: .unexpectedCharacter, index: symbol,
                    problem: .lenientOtherCurrency(read: icu.currency, own: lenientCurrency, symbol: own)))
        }
        var parsed = ParsedNumber(value: ExactDecimal())
        locateParts(scalars, in: &parsed)
        // The exponent as written, before ICU's reading of it (1E-2147483648 reads as 0).
        var writtenExponent = 0
        if let exponent = parsed.exponentIndex {
            guard let written = Self.writtenExponent(scalars, from: exponent) else {
                return .failure(
                    NumberFailure(code: .exponentOutOfRange, index: exponent, problem: .exponentBeyondBound))
            }
            writtenExponent = written
        }
        guard var number = ExactDecimal(icu.text) else {
            return .failure(
                NumberFailure(code: .notANumber, index: nil, problem: .notANumberWord))
        }
        // ICU's percent parser already divided by 100; undo it so the shared step applies once.
        if spec.style == .percent { number = number.scaled(by: 2) }
        if origin != nil {
            var shortParts = ParsedNumber(value: ExactDecimal())
            locateParts(short, in: &shortParts)
            if Self.value(of: short, parts: shortParts, negative: number.negative) == number {
                number = Self.value(of: scalars, parts: parsed, negative: number.negative).normalized
            } else if scalars.count(where: Self.isDigit) <= Self.lenientDigitLimit {
                // ICU read the shortened text otherwise than this reader would: take its reading whole.
                switch icuLenientReading(value) {
                case .failure(let failure): return .failure(failure)
                case .success(let whole):
                    guard let wholeNumber = ExactDecimal(whole.text) else {
                        return .failure(
                            NumberFailure(code: .notANumber, index: nil, problem: .notANumberWord))
                    }
                    number = spec.style == .percent ? wholeNumber.scaled(by: 2) : wholeNumber
                }
            } else {
                return .failure(Self.tooManyDigitsForICU)
            }
        }
        locateFractionRead(scalars, written: number, in: &parsed)
        // The scale written, as the strict reader keeps it (`3,00` is 3.00; `1,50E1` 15.0):
        // ICU's text has none. Only when it holds the value's own fraction digits (the parts
        // were found where ICU found them).
        let writtenScale = parsed.fractionDigitCount - writtenExponent
        if writtenScale >= number.fractionDigitCount, writtenScale <= ExactDecimal.maximumWrittenScale {
            number.scale = writtenScale
        }
        parsed.value = number
        parsed.currency = lenientCurrency
        parsed.negativeForm = number.negative || value.hasPrefix("-")
        return .success(parsed)
    }

    private static let tooManyDigitsForICU = NumberFailure(
        code: .tooLong, index: nil, problem: .lenientTooManyDigits(limit: lenientDigitLimit, run: lenientRunDigits))

    /// Whether ICU's lenient parser reads the scalar as a decimal digit: General Category Nd,
    /// in ICU's Unicode version. A lookup in ICU's property trie: the standard library's
    /// `numericType` searched a table and took a sixth of a lenient run over random Unicode
    /// (and knows digits of later Unicode versions, which ICU 72 does not read).
    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII
            ? ("0"..."9").contains(scalar)
            : Int32(cicu_u_charType(UChar32(scalar.value))) == Int32(U_DECIMAL_DIGIT_NUMBER.rawValue)
    }

    /// The value with each run of more than `lenientRunDigits` digits cut to its first ones,
    /// and where each kept scalar stood in it; nil when no run is that long.
    private static func shorteningRuns(_ scalars: [Unicode.Scalar]) -> ([Unicode.Scalar], [Int]?) {
        var run = 0
        var longRun = false
        for scalar in scalars {
            run = isDigit(scalar) ? run + 1 : 0
            if run > lenientRunDigits {
                longRun = true
                break
            }
        }
        guard longRun else { return (scalars, nil) }
        var short: [Unicode.Scalar] = []
        var origin: [Int] = []
        run = 0
        for (index, scalar) in scalars.enumerated() {
            run = isDigit(scalar) ? run + 1 : 0
            if run > lenientRunDigits { continue }
            short.append(scalar)
            origin.append(index)
        }
        return (short, origin)
    }

    /// The value `locateParts` finds in `scalars`: integer digits, fraction digits, exponent.
    private static func value(of scalars: [Unicode.Scalar], parts: ParsedNumber, negative: Bool) -> ExactDecimal {
        let integerEnd = parts.decimalIndex ?? parts.exponentIndex ?? scalars.count
        let fractionEnd = parts.exponentIndex ?? scalars.count
        func digits(_ range: Range<Int>) -> [UInt8] {
            scalars[range].compactMap { isDigit($0) ? $0.properties.numericValue.map { UInt8($0) } : nil }
        }
        var exponent = 0
        if let index = parts.exponentIndex {
            var position = index
            var negativeExponent = false
            while position < scalars.count, !isDigit(scalars[position]) {
                let scalar = scalars[position]
                if scalar == "-" || scalar == "\u{2212}" { negativeExponent = true }
                position += 1
            }
            while position < scalars.count, isDigit(scalars[position]), exponent <= NumberParser.largestExponent {
                exponent = exponent * 10 + Int(scalars[position].properties.numericValue ?? 0)
                position += 1
            }
            if negativeExponent { exponent = -exponent }
        }
        return ExactDecimal(
            negative: negative, integerDigits: digits(0..<integerEnd),
            fractionDigits: parts.decimalIndex.map { digits($0 + 1..<fractionEnd) } ?? [], exponent: exponent)
    }

    /// ICU's lenient reading of `value`: the decimal text it wrote and, in the currency style,
    /// the currency found; or where it stopped. A currency amount is read first in the field's
    /// own currency, as a number (a bare 52.41 too), then as ICU's currency parse reads it:
    /// any currency it knows, to name a wrong one (`$` for EUR), and long names
    /// (`123 US dollars`).
    private func icuLenientReading(_ value: String) -> Result<(text: String, currency: String?), NumberFailure> {
        let units = value.icuUnits
        let reading = icuLenientCall(units, anyCurrency: false)
        guard let lenientCurrency else { return reading.map { ($0.text, nil) } }
        if case .success(let own) = reading { return .success((own.text, lenientCurrency)) }
        if case .success(let amount) = icuLenientCall(units, anyCurrency: true) { return .success(amount) }
        return reading
    }

    /// One call of ICU's lenient parser on the whole of `units`.
    private func icuLenientCall(_ units: [UChar], anyCurrency: Bool)
        -> Result<(text: String, currency: String?), NumberFailure>
    {
        guard let lenientFormat else {
            return .failure(NumberFailure(code: .notANumber, index: nil, problem: .lenientFailed))
        }
        var position: Int32 = 0
        var buffer: [CChar] = []
        var length: Int32 = 0
        var status = U_ZERO_ERROR
        // ICU writes the digits it read: most values fit in 512 bytes; a longer one (bounded
        // by the record limit) gets the length ICU asks for.
        var capacity = 512
        var found = [UChar](repeating: 0, count: 4)
        for _ in 0..<2 {
            buffer = [CChar](repeating: 0, count: capacity)
            position = 0
            status = U_ZERO_ERROR
            length =
                anyCurrency
                ? cicu_unum_parseCurrencyDecimal(
                    lenientFormat, units, Int32(units.count), &position, &buffer, Int32(capacity), &found, &status)
                : cicu_unum_parseDecimal(
                    lenientFormat, units, Int32(units.count), &position, &buffer, Int32(capacity), &status)
            guard status == U_BUFFER_OVERFLOW_ERROR else { break }
            capacity = max(Int(length) + 1, units.count * 2 + 32)
        }
        let consumedScalars = ICU.string(utf16: units.prefix(max(0, Int(position)))).unicodeScalars.count
        if ICU.failed(status) || Int(position) < units.count {
            return .failure(
                NumberFailure(
                    code: consumedScalars == 0 ? .notANumber : .unexpectedCharacter, index: consumedScalars,
                    problem: .lenientStops))
        }
        let text = String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return .success((text, anyCurrency ? ICU.string(utf16: found.prefix(3)) : nil))
    }

    /// The exponent written after the exponent symbol at `index`, its sign and digits; nil
    /// when it is beyond ±`NumberParser.largestExponent` (nine digits, leading zeros aside).
    private static func writtenExponent(_ scalars: [Unicode.Scalar], from index: Int) -> Int? {
        var position = index
        var negative = false
        while position < scalars.count, !isDigit(scalars[position]) {
            if "-\u{2212}".unicodeScalars.contains(scalars[position]) { negative = true }
            position += 1
        }
        var significant = 0
        var magnitude = 0
        while position < scalars.count, isDigit(scalars[position]),
            let value = scalars[position].properties.numericValue
        {
            if significant > 0 || value != 0 {
                significant += 1
                if significant > 9 { return nil }
                magnitude = magnitude * 10 + Int(value)
            }
            position += 1
        }
        return magnitude > NumberParser.largestExponent ? nil : negative ? -magnitude : magnitude
    }

    /// Finds the decimal separator, the exponent and the fraction digits in a value ICU's
    /// lenient parser read, so that the rules apply as they do to the strict reading. ICU
    /// reads any decimal digit, the decimal separator's look-alikes (its sets of commas and
    /// of full stops) and the exponent symbol in either case.
    private func locateParts(_ scalars: [Unicode.Scalar], in parsed: inout ParsedNumber) {
        let separator = parser.symbols.decimalSeparator.unicodeScalars.first ?? "."
        let separators = [Self.commas, Self.fullStops].first { $0.contains(separator) } ?? [separator]
        let exponents = Set(
            ["e", parser.symbols.exponentSymbol.lowercased()].map { $0.unicodeScalars.filter { !$0.isBidiMark } }
                .filter { !$0.isEmpty }.map { Array($0) })
        let minus = parser.symbols.minusSign.unicodeScalars
        func startsExponent(_ index: Int) -> Bool {
            exponents.contains { symbol in
                guard index + symbol.count < scalars.count else { return false }
                let written = String(String.UnicodeScalarView(scalars[index..<index + symbol.count])).lowercased()
                guard Array(written.unicodeScalars) == symbol else { return false }
                var next = index + symbol.count
                if "+-\u{2212}".unicodeScalars.contains(scalars[next]) || minus.contains(scalars[next]) { next += 1 }
                return next < scalars.count && Self.isDigit(scalars[next])
            }
        }
        var sawDigit = false
        for (index, scalar) in scalars.enumerated() {
            if Self.isDigit(scalar) {
                sawDigit = true
                if parsed.decimalIndex != nil { parsed.fractionDigitCount += 1 }
            } else if sawDigit && startsExponent(index) {
                parsed.exponentIndex = index
                break
            } else if parsed.decimalIndex == nil && separators.contains(scalar) {
                parsed.decimalIndex = index
            }
        }
    }

    /// A fraction read through a separator `locateParts` does not know: the one before the
    /// last digits, when ICU's value has a fraction.
    private func locateFractionRead(
        _ scalars: [Unicode.Scalar], written number: ExactDecimal, in parsed: inout ParsedNumber
    ) {
        if parsed.decimalIndex == nil, parsed.exponentIndex == nil, number.exponent < 0 {
            var digits = 0
            for index in scalars.indices.reversed() {
                if Self.isDigit(scalars[index]) {
                    digits += 1
                } else if digits > 0 {
                    parsed.decimalIndex = index
                    parsed.fractionDigitCount = digits
                    break
                }
            }
        }
    }

    /// The characters ICU's lenient parser takes for a decimal comma, or for a decimal full
    /// stop (its `COMMA` and `PERIOD` sets).
    private static let commas: [Unicode.Scalar] = [
        ",", "\u{060C}", "\u{066B}", "\u{3001}", "\u{FE10}", "\u{FE11}", "\u{FE50}", "\u{FE51}", "\u{FF0C}", "\u{FF64}",
    ]
    private static let fullStops: [Unicode.Scalar] = [
        ".", "\u{2024}", "\u{3002}", "\u{FE12}", "\u{FE52}", "\u{FF0E}", "\u{FF61}",
    ]
}

extension String {
    /// The text without a grouping separator (`1.234,56` → `1234,56`).
    /// The text with one set of separators put where another's stand.
    fileprivate func replacingSeparators(of old: NumberSymbols, with new: NumberSymbols) -> String {
        var out = ""
        for character in self {
            if String(character) == old.decimalSeparator {
                out += new.decimalSeparator
            } else if String(character) == old.groupingSeparator {
                out += new.usesGrouping ? new.groupingSeparator : ""
            } else {
                out.append(character)
            }
        }
        return out
    }

    fileprivate func replacingGroups(_ separator: String) -> String {
        guard separator.count == 1 else { return self }
        return split(separator: Character(separator), omittingEmptySubsequences: false).joined()
    }
}
