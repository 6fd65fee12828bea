internal import CICU

/// A number read from text: its exact value and where its parts stood, for the rules.
struct ParsedNumber {
    var value: ExactDecimal
    /// Offsets (in the parsed scalars) of the sign, decimal separator and exponent symbol.
    var signIndex: Int?
    /// Whether the value was written in the negative form (`-0` included).
    var negativeForm = false
    var decimalIndex: Int?
    var exponentIndex: Int?
    /// How many digits follow the decimal separator; they stand right after it, one per scalar.
    var fractionDigitCount = 0
    /// The ISO code of the currency found (currency style).
    var currency: String?
    /// Space variants read as the grouping separator: (offset, character).
    var spaceVariants: [(Int, Unicode.Scalar)] = []
    /// A currency sign read for the locale's own (`¥` for `￥`, `円` for a leading `￥`).
    var symbolVariant: (index: Int, scalar: Unicode.Scalar, own: String)?
}

/// Why a text is not a number, at which offset (in the parsed scalars).
struct NumberFailure: Error {
    var code: ErrorCode
    var index: Int?
    /// Why, as data: worded only when a message is wanted (not under `--quiet`).
    var problem: NumberProblem
}

/// fieldcheck's strict number reader, driven by one locale's symbols and the affixes of one
/// ICU style. ICU's own parser accepts partial input (`12a` → 12) and misplaced grouping
/// (`1,2,3`); this reader consumes the whole text and says where and why it stops.
///
/// Policy, the same in every mode:
/// - A number is written either without grouping, or grouped at every boundary the style's
///   pattern groups (every 3 digits in en_US; 3 then 2 in en_IN, with the minimum grouping
///   digits): `1,234567` is partial grouping and refused. Never in the fraction or exponent.
/// - In locales that group with a space (U+0020, U+00A0 or U+202F), any of the three is
///   read as the grouping separator; a variant other than the locale's own is a warning.
///   Likewise U+0027 APOSTROPHE for U+2019 (de_CH).
/// - The minus sign may be the locale's own, U+002D or U+2212, and stands where the
///   locale's negative pattern puts it; `+` may stand in the same place.
/// - Bidi marks (U+200E, U+200F, U+061C) are ignored around the number, where ICU writes them.
/// - Digits must be the locale's numbering system's; `E`/`e` or the locale's exponent symbol
///   introduces an exponent. NaN and infinity are not accepted.
///
/// A class: it holds the locale's affix tables, and copying them on every call (as a struct
/// held in a tuple was) cost a sixth of the time spent on rejected values.
final class NumberParser {
    let symbols: NumberSymbols
    let style: NumberStyle
    private let candidates: [Affixes]
    /// How many keys at each end of a value the affixes can reach: the longest affix, and the
    /// two keys after it that `matchAffix` looks at.
    private let affixWindow: Int
    private let decimal: Unicode.Scalar
    private let group: Unicode.Scalar?
    private let groupIsSpace: Bool
    private let exponentSymbols: [[Unicode.Scalar]]
    /// 1234567 written in the locale, for grouping messages.
    private let groupingExample: String
    /// The ASCII characters that can stand in a number this parser accepts: a digit, a
    /// character of an affix (or its key), a separator or a variant read for it, a sign, an
    /// exponent symbol, a space beside a symbol. Any other ASCII character stops `parse`
    /// wherever it stands: it is no affix, so it is in the body, where it is no token.
    let readableASCII: ASCIISet
    /// The decimal and grouping separators when each is one ASCII character that stands in no
    /// affix and no exponent symbol, and the grouping one has no variants (a space, an
    /// apostrophe): then every one of them in a value is in the body, where a second decimal
    /// separator, or a grouping separator after one, always stops `parse`.
    private let bodySeparators: (decimal: UInt8, group: UInt8?)?
    /// The digits a group holds after a body grouping separator (see `bodySeparators`): the
    /// primary size before the end of the integer part, the secondary size before another
    /// separator. Nil where the locale's digits are not ASCII, or an affix or exponent symbol
    /// holds an ASCII digit (a run of digits could then run into one).
    private let groupSizes: (primary: Int, secondary: Int)?

    struct Affixes {
        var prefix: [Unicode.Scalar]
        var suffix: [Unicode.Scalar]
        var negative: Bool
        var currency: String?
        /// A form the locale does not write but people do (`1,235円` for `￥1,235`): read with
        /// a warning naming the locale's own sign.
        var ownSymbol: String? = nil
        /// The prefix as comparison keys, and the suffix as keys from its end: made once,
        /// not for every value.
        var prefixKeys: [Unicode.Scalar] = []
        var reversedSuffixKeys: [Unicode.Scalar] = []
    }
    /// A negative number as the locale writes it in the style (`-5`, `CHF-5`, `-5 %`), for the
    /// message of a misplaced sign.
    private let negativeExample: String
    /// The locale's minus and plus signs, as scalars (asked for every character of an affix).
    private let minusScalars: [Unicode.Scalar]
    private let plusScalars: [Unicode.Scalar]

    /// Buffers a reading reuses from value to value: allocating them afresh was a third of
    /// the cost of a rejected value. `parse` swaps them out of the parser for the call, so that
    /// each is uniquely referenced and keeps its capacity, and puts them back after.
    private struct Scratch {
        /// The keys of the value's first `affixWindow` scalars (bidi marks left out), and where
        /// each stood; the same of its last ones, last first. Only affixes are compared on keys,
        /// so a long value costs no memory per scalar here (a 30 MB number took 750 MB).
        var keys: [Unicode.Scalar] = []
        var keyIndices: [Int] = []
        var reversedKeys: [Unicode.Scalar] = []
        var reversedKeyIndices: [Int] = []
        var integer: [UInt8] = []
        var fraction: [UInt8] = []
        var exponentDigits: [UInt8] = []
        var separators: [(index: Int, digitsBefore: Int)] = []

        /// Whether the buffers hold more than a usual value needs (64 KiB of digits).
        var isLarge: Bool {
            integer.capacity + fraction.capacity + exponentDigits.capacity + separators.capacity * 16 > 1 << 16
        }
    }
    private var scratch = Scratch()

    init(
        symbols: NumberSymbols, style: NumberStyle, currency: String?, vocabulary: RuleVocabulary = .plain
    ) throws(ConfigurationError) {
        self.symbols = symbols
        self.style = style
        minusScalars = Array(symbols.minusSign.unicodeScalars)
        plusScalars = Array(symbols.plusSign.unicodeScalars)
        let locale = symbols.locale.identifier
        var status = U_ZERO_ERROR
        let icuStyle: UNumberFormatStyle =
            switch style {
            case .percent: UNUM_PERCENT
            case .currency: UNUM_CURRENCY
            default: UNUM_DECIMAL
            }
        guard let format = cicu_unum_open(icuStyle, nil, 0, locale, &status), !ICU.failed(status) else {
            throw ConfigurationError("ICU cannot open a \(style.rawValue) number format for \(locale)")
        }
        defer { cicu_unum_close(format) }
        let code = currency ?? symbols.currencyCode
        if style == .currency {
            guard let code, code.count == 3, code.allSatisfy(\.isLetter) else {
                throw ConfigurationError(
                    "\(vocabulary.currencyStyle) needs a currency: \(locale) has none; give \(vocabulary.currency) CODE (ISO 4217, such as EUR)"
                )
            }
            let units = code.uppercased().icuUnits
            cicu_unum_setTextAttribute(format, UNUM_CURRENCY_CODE, units, Int32(units.count), &status)
            if ICU.failed(status) {
                throw ConfigurationError("unknown currency '\(code)': use an ISO 4217 code such as EUR")
            }
        }
        func affix(_ which: UNumberFormatTextAttribute) -> [Unicode.Scalar] {
            let text = ICU.utf16String { cicu_unum_getTextAttribute(format, which, $0, $1, &$2) } ?? ""
            return text.unicodeScalars.filter { !$0.isBidiMark }
        }
        // An explicit plus stands where the minus would.
        let minusKeys = Set(["-", "\u{2212}"].compactMap(Unicode.Scalar.init) + symbols.minusSign.unicodeScalars)
        func withPlus(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
            scalars.map { minusKeys.contains($0) ? "+" : $0 }
        }
        func forms(_ affix: (UNumberFormatTextAttribute) -> [Unicode.Scalar]) -> [Affixes] {
            let positive = Affixes(
                prefix: affix(UNUM_POSITIVE_PREFIX), suffix: affix(UNUM_POSITIVE_SUFFIX), negative: false)
            let negative = Affixes(
                prefix: affix(UNUM_NEGATIVE_PREFIX), suffix: affix(UNUM_NEGATIVE_SUFFIX), negative: true)
            let plus = Affixes(prefix: withPlus(negative.prefix), suffix: withPlus(negative.suffix), negative: false)
            return [positive, negative, plus]
        }
        var list = forms(affix)
        // The scientific style reads plain decimals and what the scientific pattern writes,
        // which has affixes of its own in some locales (`[1.2E3]` in hi, gu).
        if style == .scientific, let scientific = cicu_unum_open(UNUM_SCIENTIFIC, nil, 0, locale, &status) {
            defer { cicu_unum_close(scientific) }
            if !ICU.failed(status) {
                for form in forms({ which in
                    let text =
                        ICU.utf16String { cicu_unum_getTextAttribute(scientific, which, $0, $1, &$2) } ?? ""
                    return text.unicodeScalars.filter { !$0.isBidiMark }
                })
                where !list.contains(where: {
                    $0.prefix == form.prefix && $0.suffix == form.suffix && $0.negative == form.negative
                }) {
                    list.append(form)
                }
            }
        }
        if style == .currency, let code = code?.uppercased() {
            let symbol = Array(
                NumberSymbols.currencySymbol(code, locale: symbols.locale)?.unicodeScalars ?? "".unicodeScalars)
            func replacing(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
                guard !symbol.isEmpty, let range = scalars.firstRange(of: symbol) else { return scalars }
                var copy = scalars
                copy.replaceSubrange(range, with: code.unicodeScalars)
                return copy
            }
            for index in list.indices { list[index].currency = code }
            list += list.map {
                Affixes(
                    prefix: replacing($0.prefix), suffix: replacing($0.suffix), negative: $0.negative, currency: code)
            }
            // The yen and the yuan are also written with a character after the number.
            if let word = Self.currencyWords[code], !symbol.isEmpty {
                let symbolText = String(String.UnicodeScalarView(symbol))
                list += list.compactMap { form -> Affixes? in
                    guard let range = form.prefix.firstRange(of: symbol) else { return nil }
                    var prefix = form.prefix
                    prefix.removeSubrange(range)
                    prefix.removeAll { $0 == " " || Self.spaces.contains($0) }
                    return Affixes(
                        prefix: prefix, suffix: form.suffix + [word], negative: form.negative, currency: code,
                        ownSymbol: symbolText)
                }
            }
        }
        // The locale's own negative form, before the others join it: `CHF-5` for de_CH's
        // currency, `-5 %` for de_DE's percent, `-٥` in ar_EG's digits.
        let five = symbols.digits.count == 10 ? String(symbols.digits[5]) : "5"
        negativeExample =
            list.first { $0.negative && $0.ownSymbol == nil }.map {
                String(String.UnicodeScalarView($0.prefix)) + five + String(String.UnicodeScalarView($0.suffix))
            } ?? symbols.minusSign + five
        // Longest affixes first, so that the negative form wins over an empty positive one.
        list.sort { $0.prefix.count + $0.suffix.count > $1.prefix.count + $1.suffix.count }
        decimal = symbols.decimalSeparator.unicodeScalars.first ?? "."
        group = symbols.usesGrouping ? symbols.groupingSeparator.unicodeScalars.first : nil
        groupIsSpace = group.map { Self.spaces.contains($0) } ?? false
        let minus = minusScalars
        candidates = list.map {
            var affixes = $0
            affixes.prefixKeys = $0.prefix.map { Self.key($0, minus: minus) }
            affixes.reversedSuffixKeys = $0.suffix.reversed().map { Self.key($0, minus: minus) }
            return affixes
        }
        affixWindow = (candidates.map { max($0.prefixKeys.count, $0.reversedSuffixKeys.count) }.max() ?? 0) + 2
        var exponents: [[Unicode.Scalar]] = [["E"], ["e"]]
        let own = Array(symbols.exponentSymbol.unicodeScalars.filter { !$0.isBidiMark })
        if !own.isEmpty && own != ["E"] { exponents.insert(own, at: 0) }
        exponentSymbols = exponents
        groupingExample =
            symbols.name == nil
            ? NumberSymbols.formatExample("1234567", locale: symbols.locale) : symbols.written("1234567")
        // What affixes and exponent symbols hold; the separators and signs of the body join
        // them in what a number can hold.
        let affixScalars = candidates.flatMap { $0.prefix + $0.suffix + $0.prefixKeys + $0.reversedSuffixKeys }
        let elsewhere = ASCIISet(affixScalars + exponents.joined())
        var readable = elsewhere
        // ASCII digits only where they are the locale's: `scanBody` refuses any other
        // numbering system's (`2201` in mr_IN).
        let asciiDigits = symbols.digits == Unicode.Scalar.asciiDigits
        if asciiDigits { readable.insert(contentsOf: "0123456789".unicodeScalars) }
        readable.insert(contentsOf: "+-'".unicodeScalars)
        readable.insert(contentsOf: [decimal] + (group.map { [$0] } ?? []) + minusScalars + plusScalars)
        // A locale that groups with a space reads one; one space may separate a symbol from the number.
        if groupIsSpace || affixScalars.contains(where: { $0 != "-" && $0 != "+" }) { readable.insert(" ") }
        readableASCII = readable
        everyFormWritesASymbol = candidates.allSatisfy { form in
            (form.prefix + form.suffix).contains { scalar in
                !scalar.isBidiMark && !Self.spaces.contains(scalar)
                    && !(scalar.isASCII && Self.isPlainBody(UInt8(scalar.value)))
            }
        }
        func bodyOnly(_ scalar: Unicode.Scalar) -> UInt8? {
            scalar.isASCII && !elsewhere.contains(UInt8(scalar.value)) ? UInt8(scalar.value) : nil
        }
        if let decimalByte = bodyOnly(decimal) {
            if let group {
                let groupByte = groupIsSpace || Self.apostrophes.contains(group) ? nil : bodyOnly(group)
                bodySeparators = groupByte.map { (decimalByte, $0) }
            } else {
                bodySeparators = (decimalByte, nil)
            }
        } else {
            bodySeparators = nil
        }
        let digitsOnlyInBody = asciiDigits && !"0123456789".utf8.contains(where: elsewhere.contains)
        groupSizes =
            digitsOnlyInBody && symbols.primaryGroupingSize > 0 && symbols.secondaryGroupingSize > 0
            ? (symbols.primaryGroupingSize, symbols.secondaryGroupingSize) : nil
    }

    /// Whether `parse` certainly fails on these bytes for their separators alone: a second
    /// decimal separator, a grouping separator after the decimal one (`1,234.5` in de_DE), or
    /// one followed by a group of the wrong size (`582,97` in en_US, `03.05.1965` in de_DE),
    /// which `checkGrouping` and `checkGroupingIsComplete` refuse between them: every group
    /// after a separator holds the secondary size before another separator, the primary size
    /// before whatever ends the integer part.
    func separatorsCertainlyFail(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let (decimal, group) = bodySeparators else { return false }
        var decimals = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == decimal {
                decimals += 1
                if decimals == 2 { return true }
            } else if byte == group {
                if decimals > 0 { return true }
                guard let sizes = groupSizes else { continue }
                let start = index
                while index < bytes.count, bytes[index] &- 0x30 < 10 { index += 1 }
                let size = index < bytes.count && bytes[index] == group ? sizes.secondary : sizes.primary
                if index - start != size { return true }
            }
        }
        return false
    }

    /// The largest exponent, in magnitude, that the strict and the lenient reading take: nine
    /// digits, leading zeros aside. ICU's own bound is erratic (1E-2147483647 reads, 1E-2147483648
    /// reads as 0, a larger exponent as infinity); one bound keeps both readings alike, and a
    /// power of ten past a billion is no measurement.
    static let largestExponent = 999_999_999
    /// The characters that write a currency after the number where its symbol stands before.
    static let currencyWords: [String: Unicode.Scalar] = ["JPY": "円", "CNY": "元"]

    /// The space variants read alike (a switch, not a Set: this is asked for every character).
    enum SpaceVariants {
        static func contains(_ scalar: Unicode.Scalar) -> Bool {
            scalar == " " || scalar == "\u{A0}" || scalar == "\u{202F}"
        }
    }
    enum ApostropheVariants {
        static func contains(_ scalar: Unicode.Scalar) -> Bool { scalar == "'" || scalar == "\u{2019}" }
    }
    // Computed, not stored: a stored static is a lazily initialized global, and its check ran
    // for every character read.
    static var spaces: SpaceVariants.Type { SpaceVariants.self }
    static var apostrophes: ApostropheVariants.Type { ApostropheVariants.self }

    /// The comparison key of an affix character: space, minus and apostrophe variants are one.
    private func key(_ scalar: Unicode.Scalar) -> Unicode.Scalar { Self.key(scalar, minus: minusScalars) }

    private static func key(_ scalar: Unicode.Scalar, minus: [Unicode.Scalar]) -> Unicode.Scalar {
        if spaces.contains(scalar) { return " " }
        // The yen sign and its fullwidth form, which Japanese and Chinese text both use.
        if scalar == "\u{FFE5}" { return "\u{A5}" }
        if scalar == "-" || scalar == "\u{2212}" || minus.contains(scalar) { return "-" }
        if apostrophes.contains(scalar) { return "'" }
        return scalar
    }

    private func isMinus(_ scalar: Unicode.Scalar) -> Bool { key(scalar) == "-" && !Self.spaces.contains(scalar) }
    private func isPlus(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "+" || plusScalars.contains(scalar)
    }

    /// Whether `scalar` is the locale's grouping separator (or a variant read for it), in a
    /// style that does not group (the scientific one).
    private func isLocaleGroupingSeparator(_ scalar: Unicode.Scalar) -> Bool {
        guard let own = symbols.groupingSeparator.unicodeScalars.first else { return false }
        if scalar == own { return true }
        if Self.spaces.contains(own) { return Self.spaces.contains(scalar) }
        if Self.apostrophes.contains(own) { return Self.apostrophes.contains(scalar) }
        return false
    }

    func isGroupingSeparator(_ scalar: Unicode.Scalar) -> Bool {
        guard let group else { return false }
        if scalar == group { return true }
        if groupIsSpace { return Self.spaces.contains(scalar) }
        if Self.apostrophes.contains(group) { return Self.apostrophes.contains(scalar) }
        return false
    }

    /// Whether every form writes a symbol beside the number that is none of the bytes
    /// `isPlainBody` takes (a percent or currency style's sign): then a value of those bytes
    /// alone (`35` under `--style percent`) is certainly missing it, which `parse` finds only
    /// after trying each form (see `NumberValidator.rejectsFast`).
    let everyFormWritesASymbol: Bool

    /// ASCII digits, the separators `.`, `,` and `'`, the signs and a space: what a value
    /// missing a form's symbol is made of.
    static func isPlainBody(_ byte: UInt8) -> Bool {
        byte &- 0x30 < 10 || byte == 0x2E || byte == 0x2C || byte == 0x27 || byte == 0x2D || byte == 0x2B
            || byte == 0x20
    }

    // MARK: Reading

    func parse(_ text: [Unicode.Scalar]) -> Result<ParsedNumber, NumberFailure> {
        if text.isEmpty { return .failure(NumberFailure(code: .empty, index: nil, problem: .empty)) }
        var work = Scratch()
        swap(&work, &scratch)
        defer {
            // A parser lives as long as its field, and `compare` holds one per locale: the
            // buffers of a long value are not kept for the next (800 locales kept 1 MB each
            // after a 1 MB value).
            if work.isLarge { work = Scratch() }
            swap(&work, &scratch)
        }
        // Affixes are compared on keys, skipping bidi marks; `keyIndices` remembers where each
        // key stood.
        work.keys.removeAll(keepingCapacity: true)
        work.keyIndices.removeAll(keepingCapacity: true)
        work.reversedKeys.removeAll(keepingCapacity: true)
        work.reversedKeyIndices.removeAll(keepingCapacity: true)
        var keyCount = 0
        for (index, scalar) in text.enumerated() where !scalar.isBidiMark {
            keyCount += 1
            if work.keys.count < affixWindow {
                work.keys.append(key(scalar))
                work.keyIndices.append(index)
            }
        }
        for index in text.indices.reversed() where !text[index].isBidiMark {
            guard work.reversedKeys.count < affixWindow else { break }
            work.reversedKeys.append(key(text[index]))
            work.reversedKeyIndices.append(index)
        }
        let keys = work.keys
        let keyIndices = work.keyIndices
        let reversedKeyIndices = work.reversedKeyIndices
        // NaN and infinity have no digits: only then are the words worth comparing.
        if !text.contains(where: { ("0"..."9").contains($0) || (!$0.isASCII && $0.properties.numericType == .decimal) })
        {
            let word = String(
                String.UnicodeScalarView(text.filter { !$0.isBidiMark && !isMinus($0) && !isPlus($0) }))
            let lowered = word.lowercased()
            if word == symbols.notANumber || word == symbols.infinity || word == "∞"
                || ["nan", "inf", "infinity"].contains(lowered)
            {
                return .failure(NumberFailure(code: .notANumber, index: 0, problem: .notANumberWord))
            }
            // Point at the first character that is neither a sign nor a separator ('x' in "-x").
            let culprit =
                text.firstIndex {
                    !$0.isBidiMark && !isMinus($0) && !isPlus($0) && $0 != decimal && !isGroupingSeparator($0)
                } ?? 0
            return .failure(NumberFailure(code: .notANumber, index: culprit, problem: .noDigits))
        }
        // When no form succeeds, the reason is that of the form whose reading got furthest
        // (the first of them), a misplaced sign counting least, as another form places it:
        // `CHF-1234’567.8` fails on its grouping as the negative form, not on its sign as the
        // positive one.
        var firstFailure: NumberFailure?
        // By index: a copy of each candidate retained and released its five arrays.
        for candidate in candidates.indices {
            guard let prefixLength = matchAffix(candidates[candidate].prefixKeys, keys[...]),
                let suffixLength = matchAffix(candidates[candidate].reversedSuffixKeys, work.reversedKeys[...]),
                prefixLength + suffixLength < keyCount
            else { continue }
            let start = keyIndices[prefixLength]
            let end = reversedKeyIndices[suffixLength] + 1
            // Taken apart at once: each test of the whole result copied it (a large enum).
            switch scanBody(text, start, end, &work) {
            case .success(var parsed):
                if candidates[candidate].negative {
                    parsed.negativeForm = true
                    parsed.value.negative = !parsed.value.isZero
                    parsed.signIndex =
                        candidates[candidate].prefix.isEmpty ? reversedKeyIndices[suffixLength - 1] : keyIndices[0]
                } else if candidates[candidate].prefix.contains("+") || candidates[candidate].suffix.contains("+") {
                    parsed.signIndex = keyIndices[0]
                }
                parsed.currency = candidates[candidate].currency
                parsed.symbolVariant = Self.symbolVariant(in: text, outside: start..<end, of: candidates[candidate])
                return .success(parsed)
            case .failure(let failure):
                // An affix-only match that fails inside may still be another candidate's success.
                if let first = firstFailure, Self.rank(first) >= Self.rank(failure) { continue }
                firstFailure = failure
            }
        }
        if let firstFailure { return .failure(firstFailure) }
        // No form matched whole: report the body's own first problem, else the missing affix.
        let start =
            candidates.lazy.filter { !$0.prefix.isEmpty }
            .compactMap { self.matchAffix($0.prefixKeys, keys[...]) }.first
            .map { keyIndices[$0] } ?? 0
        let result = scanBody(text, start, text.count, &work)
        if case .failure(let failure) = result {
            return .failure(blamingTheSymbol(failure, text))
        }
        let what: NumberProblem.MissingAffix =
            style == .percent ? .percentSign : style == .currency ? .currency : .signOrSymbols
        return .failure(NumberFailure(code: .notANumber, index: nil, problem: .missingAffix(what, style: style)))
    }

    /// A failure on the space between a number and a symbol no form writes (`1.234,56 $`
    /// where the currency is EUR) moved to the symbol, with the reason that it is the wrong one.
    private func blamingTheSymbol(_ failure: NumberFailure, _ text: [Unicode.Scalar]) -> NumberFailure {
        guard style == .currency || style == .percent, failure.code == .unexpectedCharacter,
            let index = failure.index, index < text.count
        else { return failure }
        func sign(_ affix: [Unicode.Scalar]) -> String? {
            let sign = affix.filter { !Self.spaces.contains($0) && $0 != "-" && $0 != "+" }
            return sign.isEmpty ? nil : String(String.UnicodeScalarView(sign))
        }
        let own = Set(candidates.lazy.compactMap { sign($0.prefix + $0.suffix) })
        let what: NumberProblem.SymbolKind = style == .currency ? .currencySymbol : .percentSign
        /// The field's own symbol from `symbol` to the end (spaces and bidi marks aside), but
        /// after the number where every form writes it before (`1234 USD`, `1234$` in en_US):
        /// the place is wrong, not the symbol.
        func misplaced(from symbol: Int) -> NumberFailure? {
            let rest = String(
                String.UnicodeScalarView(text[symbol...].filter { !$0.isBidiMark && !Self.spaces.contains($0) }))
            guard own.contains(rest), !candidates.contains(where: { sign($0.suffix) == rest }) else { return nil }
            return NumberFailure(
                code: .unexpectedCharacter, index: symbol, problem: .symbolAfterNumber(what, symbol: rest))
        }
        guard Self.spaces.contains(text[index]) else { return misplaced(from: index) ?? failure }
        var symbol = index + 1
        while symbol < text.count && (Self.spaces.contains(text[symbol]) || text[symbol].isBidiMark) { symbol += 1 }
        guard symbol < text.count, symbols.digitValue(text[symbol]) == nil, text[symbol] != decimal,
            !isMinus(text[symbol]), !isPlus(text[symbol])
        else { return failure }
        if let misplaced = misplaced(from: symbol) { return misplaced }
        return NumberFailure(
            code: .unexpectedCharacter, index: symbol,
            problem: .notTheSymbol(what, written: Array(own.sorted().prefix(4))))
    }

    /// The first character of a value's affixes that is a variant of the form's own sign:
    /// the other yen sign, or the word that a variant form ends with.
    private static func symbolVariant(in text: [Unicode.Scalar], outside body: Range<Int>, of affixes: Affixes)
        -> (index: Int, scalar: Unicode.Scalar, own: String)?
    {
        let affixIndices = Array(0..<body.lowerBound) + Array(body.upperBound..<text.count)
        if let own = affixes.ownSymbol, let word = affixes.suffix.last,
            let index = affixIndices.last(where: { text[$0] == word })
        {
            return (index, word, own)
        }
        let own = affixes.prefix + affixes.suffix
        for index in affixIndices where text[index] == "\u{A5}" || text[index] == "\u{FFE5}" {
            if !own.contains(text[index]), let sign = own.first(where: { $0 == "\u{A5}" || $0 == "\u{FFE5}" }) {
                return (index, text[index], String(sign))
            }
        }
        return nil
    }

    /// How far a failed reading got, to choose the reason among forms.
    private static func rank(_ failure: NumberFailure) -> (Int, Int) {
        (failure.code == .misplacedSign ? 0 : 1, failure.index ?? -1)
    }

    /// How many keys of `keys` an affix (as keys) matches at its start, or nil. Spaces in the
    /// affix are optional (`12,5%` for `12,5 %`), and one space may separate a symbol from the
    /// number (`USD 5.00`). Pass both reversed to match a suffix.
    private func matchAffix(_ affix: [Unicode.Scalar], _ keys: ArraySlice<Unicode.Scalar>) -> Int? {
        var position = keys.startIndex
        var symbolic = false
        for scalar in affix {
            if scalar == " " {
                if position < keys.endIndex && keys[position] == " " { position += 1 }
                continue
            }
            guard position < keys.endIndex, keys[position] == scalar else { return nil }
            if scalar != "-" && scalar != "+" { symbolic = true }
            position += 1
        }
        if symbolic, position < keys.endIndex, keys[position] == " ", position + 1 < keys.endIndex,
            symbols.digitValue(keys[position + 1]) != nil
        {
            position += 1
        }
        return position - keys.startIndex
    }

    /// Reads digits, grouping, decimal separator and exponent in `text[start..<end]`.
    private func scanBody(_ text: [Unicode.Scalar], _ start: Int, _ end: Int, _ work: inout Scratch)
        -> Result<ParsedNumber, NumberFailure>
    {
        // Emptied only when not empty: the call costs about 80 instructions, and a value most
        // often has no fraction, exponent or separator.
        if !work.integer.isEmpty { work.integer.removeAll(keepingCapacity: true) }
        if !work.fraction.isEmpty { work.fraction.removeAll(keepingCapacity: true) }
        if !work.exponentDigits.isEmpty { work.exponentDigits.removeAll(keepingCapacity: true) }
        if !work.separators.isEmpty { work.separators.removeAll(keepingCapacity: true) }
        var exponentNegative = false
        var parsed = ParsedNumber(value: ExactDecimal())
        var sawOwnDigit = false
        var index = start
        func fail(_ code: ErrorCode, _ at: Int, _ problem: NumberProblem) -> Result<ParsedNumber, NumberFailure> {
            .failure(NumberFailure(code: code, index: at, problem: problem))
        }
        while index < end {
            let scalar = text[index]
            if let value = symbols.digitValue(scalar) {
                sawOwnDigit = true
                if parsed.exponentIndex != nil {
                    work.exponentDigits.append(UInt8(value))
                } else if parsed.decimalIndex != nil {
                    work.fraction.append(UInt8(value))
                } else {
                    work.integer.append(UInt8(value))
                }
                index += 1
                continue
            }
            // An ASCII character here is a digit only if it is 0–9 (the Unicode lookup is slow).
            if scalar.isASCII ? ("0"..."9").contains(scalar) : scalar.properties.numericType == .decimal {
                let mixed = text.contains { symbols.digitValue($0) != nil }
                let digits = String(String.UnicodeScalarView(symbols.digits))
                return fail(
                    mixed ? .mixedDigits : .unexpectedCharacter, index,
                    .otherNumberingSystem(
                        mixed: mixed, place: symbols.placeName, digits: digits, system: symbols.numberingSystem))
            }
            if isGroupingSeparator(scalar) && parsed.exponentIndex == nil {
                if parsed.decimalIndex != nil {
                    return fail(.misplacedGroupingSeparator, index, .groupingAfterDecimal)
                }
                if work.integer.isEmpty || work.separators.last?.digitsBefore == work.integer.count {
                    return fail(.misplacedGroupingSeparator, index, .groupingNotBetweenDigits)
                }
                if groupIsSpace, scalar != group { parsed.spaceVariants.append((index, scalar)) }
                work.separators.append((index, work.integer.count))
                index += 1
                continue
            }
            if scalar == decimal && parsed.exponentIndex == nil {
                if let first = parsed.decimalIndex {
                    return fail(.multipleDecimalSeparators, index, .secondDecimal(firstColumn: first + 1))
                }
                parsed.decimalIndex = index
                index += 1
                continue
            }
            if parsed.exponentIndex == nil, sawOwnDigit,
                let symbol = exponentSymbols.first(where: { text[index..<min(end, index + $0.count)].elementsEqual($0) }
                )
            {
                if parsed.decimalIndex != nil && work.fraction.isEmpty {
                    return fail(.unexpectedCharacter, index, .exponentRightAfterDecimal)
                }
                parsed.exponentIndex = index
                index += symbol.count
                // ICU writes bidi marks around the exponent's sign (`5E\u{200E}-1` in ar_MA).
                while index < end, text[index].isBidiMark { index += 1 }
                if index < end, isMinus(text[index]) || isPlus(text[index]) {
                    exponentNegative = isMinus(text[index])
                    index += 1
                    while index < end, text[index].isBidiMark { index += 1 }
                }
                continue
            }
            if isMinus(scalar) || isPlus(scalar) {
                return fail(.misplacedSign, index, .signPlace(place: symbols.placeName, example: negativeExample))
            }
            if scalar == decimal || isGroupingSeparator(scalar) {
                return fail(.unexpectedCharacter, index, .separatorInExponent)
            }
            if group == nil, style == .scientific, isLocaleGroupingSeparator(scalar) {
                return fail(.misplacedGroupingSeparator, index, .scientificGrouping(decimal: String(decimal)))
            }
            return fail(.unexpectedCharacter, index, .notPartOfNumber(place: symbols.placeName))
        }
        if work.integer.isEmpty && work.fraction.isEmpty {
            // Point at the first character that is neither a sign nor a separator ('x' in "-x").
            let culprit =
                text.firstIndex {
                    !$0.isBidiMark && !isMinus($0) && !isPlus($0) && $0 != decimal && !isGroupingSeparator($0)
                } ?? 0
            return .failure(NumberFailure(code: .notANumber, index: culprit, problem: .noDigits))
        }
        if let e = parsed.exponentIndex, work.exponentDigits.isEmpty {
            return fail(.notANumber, e, .exponentWithoutDigits)
        }
        if let failure = checkGrouping(work.separators, integer: work.integer) {
            return .failure(failure)
        }
        if let failure = checkGroupingIsComplete(
            work.separators, integerCount: work.integer.count, text: text,
            integerEnd: parsed.decimalIndex ?? parsed.exponentIndex ?? end)
        {
            return .failure(failure)
        }
        var exponent = 0
        for digit in work.exponentDigits.drop(while: { $0 == 0 }) {
            guard exponent <= Self.largestExponent / 10 else {
                return fail(.exponentOutOfRange, parsed.exponentIndex!, .exponentBeyondBound)
            }
            exponent = exponent * 10 + Int(digit)
        }
        parsed.fractionDigitCount = work.fraction.count
        parsed.value = ExactDecimal(
            negative: false, integerDigits: work.integer, fractionDigits: work.fraction,
            exponent: exponentNegative ? -exponent : exponent)
        return .success(parsed)
    }

    /// Each separator must stand a primary group, then whole secondary groups, from the end
    /// of the integer part; the first group is no longer than a group, and is not zero: no
    /// grouped number begins `0,`, and `0,123` (en_US) or `0.500` (de_DE) is a fraction
    /// written with the other decimal mark far more often than the number 123 or 500.
    private func checkGrouping(_ separators: [(index: Int, digitsBefore: Int)], integer: [UInt8]) -> NumberFailure? {
        guard !separators.isEmpty else { return nil }
        let integerCount = integer.count
        let primary = symbols.primaryGroupingSize
        let secondary = symbols.secondaryGroupingSize
        let example = groupingExample
        for separator in separators {
            let after = integerCount - separator.digitsBefore
            let fits = after == primary || (after > primary && (after - primary) % secondary == 0)
            if !fits {
                return NumberFailure(
                    code: .misplacedGroupingSeparator, index: separator.index,
                    problem: .groupSize(digitsAfter: after, place: symbols.placeName, example: example))
            }
        }
        let firstGroup = separators[0].digitsBefore
        if firstGroup > secondary {
            return NumberFailure(
                code: .misplacedGroupingSeparator, index: separators[0].index,
                problem: .firstGroupTooLong(digits: firstGroup, place: symbols.placeName, example: example))
        }
        if integer[..<firstGroup].allSatisfy({ $0 == 0 }) {
            return NumberFailure(
                code: .misplacedGroupingSeparator, index: separators[0].index,
                problem: .zeroBeforeGrouping(place: symbols.placeName, example: example))
        }
        return nil
    }

    /// A grouped number must be grouped at every boundary: `1,234567` has its separators
    /// where en_US groups, yet is far more likely a misplaced decimal mark than a number. The
    /// separator named is the nearest one to the left of the first boundary without one.
    private func checkGroupingIsComplete(
        _ separators: [(index: Int, digitsBefore: Int)], integerCount: Int, text: [Unicode.Scalar], integerEnd: Int
    ) -> NumberFailure? {
        guard !separators.isEmpty else { return nil }
        let primary = symbols.primaryGroupingSize
        let secondary = symbols.secondaryGroupingSize
        // Digits after each boundary the locale groups at, from the decimal separator leftwards.
        var boundary = primary
        var missing: Int?
        while boundary < integerCount {
            if !separators.contains(where: { integerCount - $0.digitsBefore == boundary }) {
                missing = boundary
                break
            }
            boundary += secondary
        }
        guard let missing,
            let named = separators.last(where: { integerCount - $0.digitsBefore > missing })
        else { return nil }
        return NumberFailure(
            code: .misplacedGroupingSeparator, index: named.index,
            problem: partialGrouping(
                text, separator: text[named.index], integerEnd: integerEnd, digitsBeforeGap: integerCount - missing))
    }

    /// "grouped only in part: …; did you mean 1,234,567?"
    private func partialGrouping(
        _ text: [Unicode.Scalar], separator: Unicode.Scalar, integerEnd: Int, digitsBeforeGap: Int
    ) -> NumberProblem {
        // The integer digits as written, the separators taken out and put back at every boundary.
        var digits: [Unicode.Scalar] = []
        var firstDigit: Int?
        for index in 0..<integerEnd where symbols.digitValue(text[index]) != nil {
            if firstDigit == nil { firstDigit = index }
            digits.append(text[index])
        }
        guard let firstDigit else {
            return .partialGrouping(suggestion: nil, gapColumn: nil, place: symbols.placeName, example: groupingExample)
        }
        var grouped: [Unicode.Scalar] = []
        var boundaries = Set<Int>()
        var boundary = symbols.primaryGroupingSize
        while boundary < digits.count {
            boundaries.insert(digits.count - boundary)
            boundary += symbols.secondaryGroupingSize
        }
        for (position, digit) in digits.enumerated() {
            if boundaries.contains(position) { grouped.append(separator) }
            grouped.append(digit)
        }
        let suggestion = String(
            String.UnicodeScalarView(text[..<firstDigit] + grouped + text[integerEnd...]))
        let gapColumn =
            (0..<integerEnd).filter { symbols.digitValue(text[$0]) != nil }.dropFirst(digitsBeforeGap).first
            .map { $0 + 1 }
        return .partialGrouping(
            suggestion: suggestion, gapColumn: gapColumn, place: symbols.placeName, example: groupingExample)
    }
}
