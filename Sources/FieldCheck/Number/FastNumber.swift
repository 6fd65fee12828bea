/// The number fast path: reads plain decimals of a locale whose separators and minus sign
/// are fixed byte sequences (`-1.234.567,89` in de_DE, `؜-١٬٢٣٤٫٥` in ar_EG) byte by byte
/// and writes the canonical value, without building a String.
///
/// It only ever accepts: anything it is not sure of (an exponent, a plus sign, a separator
/// off the full grouping, a digit of another numbering system, a rule it would have to
/// explain) makes it decline, and the full pipeline reads the value and says why.
/// `FastPathTests` feeds both paths millions of generated strings and fails on any value the
/// fast path accepts differently.
///
/// A class: as a struct it was copied out of its validator, arrays and all, for every value.
final class FastNumber {
    /// The locale's digits: one UTF-8 sequence per digit, all ten alike but for the last
    /// byte (`0x30…0x39`; `D9 A0…D9 A9` for Arabic-Indic).
    let digitLead: ByteToken?
    let zeroByte: UInt8
    let decimal: ByteToken
    /// The grouping separator, or nil when the locale (or the field) does not group.
    let group: ByteToken?
    /// The locale's own minus sign when it is not U+002D, which is read too.
    let ownMinus: ByteToken?
    let primary: Int
    let secondary: Int
    let allowFraction: Bool
    let allowNegative: Bool
    let maxFractionDigits: Int?
    let minimum: ExactDecimal?
    let maximum: ExactDecimal?
    /// The common case, read by `acceptSingleBytes`: ASCII digits, one-byte separators and
    /// U+002D as the only minus. The grouping byte is -1 when there is none.
    private let singleBytes: (decimal: UInt8, group: Int)?

    /// Nil when the field's locale or rules are not for the fast path.
    init?(spec: NumberSpec, symbols: NumberSymbols, grouping: Bool) {
        guard !spec.lenient, spec.style == .decimal || spec.style == .integer, !spec.formatsOutput,
            let zero = symbols.digits.first, symbols.digits.count == 10,
            symbols.digits.enumerated().allSatisfy({ $0.element.value == zero.value + UInt32($0.offset) }),
            !symbols.decimalPattern.contains(";"),
            let first = symbols.decimalPattern.first, first == "#" || first == "0"
        else { return nil }
        // All ten digits must differ in their last byte only, so one comparison finds any of them.
        let zeroUTF8 = Array(String(Character(zero)).utf8)
        let nineUTF8 = Array(String(Character(Unicode.Scalar(zero.value + 9)!)).utf8)
        guard zeroUTF8.dropLast() == nineUTF8.dropLast(), let last = zeroUTF8.last else { return nil }
        zeroByte = last
        digitLead = zeroUTF8.count == 1 ? nil : ByteToken(bytes: zeroUTF8.dropLast())
        guard let decimal = Self.separator(symbols.decimalSeparator) else { return nil }
        self.decimal = decimal
        primary = symbols.primaryGroupingSize
        secondary = symbols.secondaryGroupingSize
        // Space and apostrophe groups have variants the pipeline reads and warns about: the
        // fast path reads those locales' ungrouped numbers (1234567,5 in fr_FR), which the
        // pipeline reads alike, and leaves a value with any separator but the decimal one to it.
        let variantGroups = symbols.groupingSeparator.unicodeScalars.contains {
            NumberParser.spaces.contains($0) || NumberParser.apostrophes.contains($0)
        }
        if grouping && symbols.usesGrouping && !variantGroups {
            guard let group = Self.separator(symbols.groupingSeparator), group != decimal, primary > 0, secondary > 0
            else { return nil }
            self.group = group
        } else {
            self.group = nil
        }
        // The locale's minus, unless it is U+002D; bidi marks in it are written as given.
        if symbols.minusSign == "-" {
            ownMinus = nil
        } else {
            guard let minus = ByteToken(symbols.minusSign),
                symbols.minusSign.unicodeScalars.allSatisfy({
                    $0.isBidiMark || $0 == "-" || $0 == "\u{2212}"
                })
            else { return nil }
            ownMinus = minus
        }
        if digitLead == nil, ownMinus == nil, decimal.count == 1, group.map({ $0.count == 1 }) ?? true {
            singleBytes = (decimal.first, group.map { Int($0.first) } ?? -1)
        } else {
            singleBytes = nil
        }
        allowFraction = !spec.wholeOnly
        allowNegative = spec.allowNegative
        maxFractionDigits = spec.maxFractionDigits
        minimum = spec.minimum
        maximum = spec.maximum
    }

    /// A separator the fast path can compare: one or more characters, none of them a digit,
    /// a sign or a bidi mark.
    private static func separator(_ text: String) -> ByteToken? {
        guard
            text.unicodeScalars.allSatisfy({
                $0.properties.numericType == nil && $0 != "-" && $0 != "+" && $0 != "\u{2212}"
                    && !$0.isBidiMark
            })
        else { return nil }
        return ByteToken(text)
    }

    /// The value of the digit at `index`, and its length in bytes, or nil.
    @inline(__always)
    private func digit(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> (value: UInt8, length: Int)? {
        guard let digitLead else {
            let value = bytes[index] &- zeroByte
            return value < 10 ? (value, 1) : nil
        }
        let lead = digitLead.length(in: bytes, at: index)
        guard lead > 0, index + lead < bytes.count else { return nil }
        let value = bytes[index + lead] &- zeroByte
        return value < 10 ? (value, lead + 1) : nil
    }

    /// Writes the canonical value of `bytes` at `out` and returns its length, or returns 0
    /// when the full pipeline must read it. `out` has room for `bytes.count + 16` bytes.
    func accept(_ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt8>) -> Int {
        if let (decimal, group) = singleBytes {
            return acceptSingleBytes(bytes, into: out, decimal: decimal, group: group)
        }
        let count = bytes.count
        guard count > 0 else { return 0 }
        var index = 0
        var negative = false
        if bytes[0] == UInt8(ascii: "-") {
            index = 1
        } else if let ownMinus {
            index = ownMinus.length(in: bytes, at: 0)
        }
        if index > 0 {
            guard allowNegative else { return 0 }
            negative = true
        }
        // The digits go to `out` from offset 3, leaving room to write "-0." before them.
        let digits = out + 3
        var written = 0
        // Integer part: digit runs, separated by grouping separators when grouped at all.
        // Only the fully grouped form is taken (every boundary has its separator).
        var runs = 0
        var run = 0
        while index < count {
            if let (value, length) = digit(bytes, index) {
                digits[written] = 0x30 + value
                written += 1
                run += 1
                index += length
            } else if let group, case let length = group.length(in: bytes, at: index), length > 0 {
                // A separator closes a run: the first may be 1...secondary digits, later ones
                // must be whole secondary groups; the last run is checked below.
                guard run > 0, run <= secondary, runs == 0 || run == secondary else { return 0 }
                // A grouped number that begins with 0 (`0,123`) is the pipeline's to judge.
                guard digits[0] != 0x30 else { return 0 }
                runs += 1
                run = 0
                index += length
            } else {
                break
            }
        }
        // The group nearest the decimal separator is the primary size; with one separator
        // the run before it stands alone.
        guard run > 0, runs == 0 || run == primary else { return 0 }
        let integerDigits = written
        if index < count {
            guard allowFraction, case let length = decimal.length(in: bytes, at: index), length > 0 else { return 0 }
            index += length
            while index < count, let (value, length) = digit(bytes, index) {
                digits[written] = 0x30 + value
                written += 1
                index += length
            }
            guard index == count, written > integerDigits else { return 0 }
            if let maxFractionDigits, written - integerDigits > maxFractionDigits { return 0 }
        }
        return finish(out, negative: negative, integerDigits: integerDigits, written: written)
    }

    /// `accept` for the common case: every token one byte, so each is one comparison, and the
    /// digits need no decoding (a third of the time of the general loop).
    private func acceptSingleBytes(
        _ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt8>, decimal: UInt8, group: Int
    ) -> Int {
        let count = bytes.count
        guard count > 0 else { return 0 }
        var index = 0
        var negative = false
        if bytes[0] == UInt8(ascii: "-") {
            guard allowNegative else { return 0 }
            negative = true
            index = 1
        }
        let digits = out + 3
        var written = 0
        var runs = 0
        var run = 0
        while index < count {
            let byte = bytes[index]
            if byte &- 0x30 < 10 {
                digits[written] = byte
                written += 1
                run += 1
            } else if Int(byte) == group {
                guard run > 0, run <= secondary, runs == 0 || run == secondary, digits[0] != 0x30 else { return 0 }
                runs += 1
                run = 0
            } else {
                break
            }
            index += 1
        }
        guard run > 0, runs == 0 || run == primary else { return 0 }
        let integerDigits = written
        if index < count {
            guard allowFraction, bytes[index] == decimal else { return 0 }
            index += 1
            while index < count, bytes[index] &- 0x30 < 10 {
                digits[written] = bytes[index]
                written += 1
                index += 1
            }
            guard index == count, written > integerDigits else { return 0 }
            if let maxFractionDigits, written - integerDigits > maxFractionDigits { return 0 }
        }
        return finish(out, negative: negative, integerDigits: integerDigits, written: written)
    }

    /// Writes the canonical value of the digits read to `out + 3` (`integerDigits` of them
    /// before the decimal separator, `written` in all) at `out`, applies the range, and
    /// returns its length, or 0.
    @inline(__always)
    private func finish(_ out: UnsafeMutablePointer<UInt8>, negative: Bool, integerDigits: Int, written: Int) -> Int {
        let digits = out + 3
        // Canonical form: no leading integer zeros, the fraction digits as written (the scale
        // is kept: 3,00 is 3.00), "0" for zero, and no sign on zero (-0,00 is 0.00).
        var firstDigit = 0
        while firstDigit < integerDigits && digits[firstDigit] == 0x30 { firstDigit += 1 }
        let end = written
        guard integerDigits - firstDigit <= 60, end - integerDigits <= ExactDecimal.maximumWrittenScale else {
            return 0
        }
        var isZero = true
        for position in firstDigit..<end where digits[position] != 0x30 {
            isZero = false
            break
        }
        // Moved down in place: every byte goes to an offset below the one it is read from.
        var length = 0
        func put(_ byte: UInt8) {
            out[length] = byte
            length += 1
        }
        if firstDigit == integerDigits && end == integerDigits {
            put(0x30)
        } else {
            if negative && !isZero { put(UInt8(ascii: "-")) }
            if firstDigit == integerDigits { put(0x30) }
            for position in firstDigit..<integerDigits { put(digits[position]) }
            if end > integerDigits {
                put(UInt8(ascii: "."))
                for position in integerDigits..<end { put(digits[position]) }
            }
        }
        if minimum != nil || maximum != nil {
            guard
                let value = ExactDecimal(
                    String(decoding: UnsafeBufferPointer(start: out, count: length), as: UTF8.self)),
                minimum.map({ !(value < $0) }) ?? true, maximum.map({ !($0 < value) }) ?? true
            else { return 0 }
        }
        return length
    }
}

/// A short byte sequence (a separator or a sign in UTF-8, up to 8 bytes) compared in place.
struct ByteToken: Equatable {
    private let packed: UInt64
    let count: Int

    init?(_ text: String) { self.init(bytes: Array(text.utf8)) }

    /// The first byte.
    var first: UInt8 { UInt8(truncatingIfNeeded: packed) }

    /// Any bytes, not only whole characters: the lead bytes of a digit.
    init?(bytes: some Collection<UInt8>) {
        guard (1...8).contains(bytes.count) else { return nil }
        packed = bytes.reversed().reduce(0) { $0 << 8 | UInt64($1) }
        count = bytes.count
    }

    /// Its length when `bytes` holds it at `index`, else 0.
    @inline(__always)
    func length(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        guard index + count <= bytes.count else { return 0 }
        var rest = packed
        for offset in 0..<count {
            guard bytes[index + offset] == UInt8(truncatingIfNeeded: rest) else { return 0 }
            rest >>= 8
        }
        return count
    }
}
