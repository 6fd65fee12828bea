/// The number fast path: reads plain ASCII decimals of a Latin-digit locale (`-1.234.567,89`
/// in de_DE) byte by byte and writes the canonical value, without building a String.
///
/// It only ever accepts: anything it is not sure of (an exponent, a plus sign, a separator
/// off the full grouping, a rule it would have to explain) makes it decline, and the full
/// pipeline reads the value and says why. `FastPathTests` feeds both paths millions of
/// generated strings and fails on any value the fast path accepts differently.
struct FastNumber {
    let decimal: UInt8
    /// The grouping separator, or nil when the locale (or the field) does not group.
    let group: UInt8?
    let primary: Int
    let secondary: Int
    let allowFraction: Bool
    let allowNegative: Bool
    let maxFractionDigits: Int?
    let minimum: ExactDecimal?
    let maximum: ExactDecimal?

    /// Nil when the field's locale or rules are not for the fast path.
    init?(spec: NumberSpec, symbols: NumberSymbols, grouping: Bool) {
        guard !spec.lenient, spec.style == .decimal || spec.style == .integer, !spec.formatsOutput,
            symbols.digits == Unicode.Scalar.asciiDigits,
            symbols.minusSign == "-", !symbols.decimalPattern.contains(";"),
            let first = symbols.decimalPattern.first, first == "#" || first == "0",
            let decimal = Self.asciiByte(symbols.decimalSeparator)
        else { return nil }
        self.decimal = decimal
        primary = symbols.primaryGroupingSize
        secondary = symbols.secondaryGroupingSize
        if grouping && symbols.usesGrouping {
            guard let group = Self.asciiByte(symbols.groupingSeparator), group != decimal, group != 0x20,
                primary > 0, secondary > 0
            else { return nil }
            self.group = group
        } else {
            self.group = nil
        }
        allowFraction = !(spec.integerOnly || spec.style == .integer)
        allowNegative = spec.allowNegative
        maxFractionDigits = spec.maxFractionDigits
        minimum = spec.minimum
        maximum = spec.maximum
    }

    private static func asciiByte(_ text: String) -> UInt8? {
        let bytes = Array(text.utf8)
        guard bytes.count == 1, bytes[0] < 0x80, !(0x30...0x39).contains(bytes[0]) else { return nil }
        return bytes[0]
    }

    /// Appends the canonical value of `bytes` to `out` and returns true, or returns false
    /// (leaving `out` as it was) when the full pipeline must read it.
    func accept(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) -> Bool {
        let count = bytes.count
        var index = 0
        var negative = false
        if count > 0 && bytes[0] == UInt8(ascii: "-") {
            guard allowNegative else { return false }
            negative = true
            index = 1
        }
        // Integer part: digit runs, separated by grouping separators when grouped at all.
        // Only the fully grouped form is taken (every boundary has its separator).
        let integerStart = index
        var runs = 0
        var run = 0
        var separators = 0
        while index < count {
            let byte = bytes[index]
            if byte &- 0x30 < 10 {
                run += 1
            } else if let group, byte == group {
                // A separator closes a run: the first may be 1...secondary digits, later ones
                // must be whole secondary groups; the last run is checked below.
                guard run > 0 else { return false }
                if runs == 0 {
                    guard run <= secondary else { return false }
                } else {
                    guard run == secondary else { return false }
                }
                runs += 1
                separators += 1
                run = 0
            } else {
                break
            }
            index += 1
        }
        guard run > 0 else { return false }
        if separators > 0 {
            // The group nearest the decimal separator is the primary size; with one separator
            // the run before it stands alone.
            guard run == primary else { return false }
        }
        let integerEnd = index
        var fractionStart = index
        var fractionEnd = index
        if index < count {
            guard allowFraction, bytes[index] == decimal else { return false }
            index += 1
            fractionStart = index
            while index < count && bytes[index] &- 0x30 < 10 { index += 1 }
            fractionEnd = index
            guard index == count, fractionEnd > fractionStart else { return false }
            if let maxFractionDigits, fractionEnd - fractionStart > maxFractionDigits { return false }
        }
        // Canonical form: no leading integer zeros, no trailing fraction zeros, "0" for zero.
        var firstDigit = integerStart
        while firstDigit < integerEnd && (bytes[firstDigit] == 0x30 || bytes[firstDigit] == group) { firstDigit += 1 }
        var lastFraction = fractionEnd
        while lastFraction > fractionStart && bytes[lastFraction - 1] == 0x30 { lastFraction -= 1 }
        let integerDigits =
            integerEnd - firstDigit - (separators > 0 ? countSeparators(bytes, firstDigit, integerEnd) : 0)
        guard integerDigits <= 60, lastFraction - fractionStart <= 60 else { return false }
        let mark = out.count
        // Built on the stack and appended once: small appends to an Array cost more than the scan.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count + 2) { text in
            var length = 0
            func put(_ byte: UInt8) {
                text[length] = byte
                length += 1
            }
            if integerDigits == 0 && lastFraction == fractionStart {
                put(0x30)
            } else {
                if negative { put(UInt8(ascii: "-")) }
                if integerDigits == 0 { put(0x30) }
                for position in firstDigit..<integerEnd where bytes[position] != group { put(bytes[position]) }
                if lastFraction > fractionStart {
                    put(UInt8(ascii: "."))
                    for position in fractionStart..<lastFraction { put(bytes[position]) }
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: text[..<length]))
        }
        if minimum != nil || maximum != nil {
            guard let value = ExactDecimal(String(decoding: out[mark...], as: UTF8.self)),
                minimum.map({ !(value < $0) }) ?? true, maximum.map({ !($0 < value) }) ?? true
            else {
                out.removeSubrange(mark...)
                return false
            }
        }
        return true
    }

    private func countSeparators(_ bytes: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> Int {
        var separators = 0
        for position in from..<to where bytes[position] == group { separators += 1 }
        return separators
    }
}
