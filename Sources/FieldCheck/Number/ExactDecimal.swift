/// A decimal number held exactly as its digits — never through a binary float, so `0.1`,
/// 40-digit integers and `1e400` survive.
///
/// The value is `(negative ? -1 : 1) × digits × 10^exponent`; `digits` has no leading zeros
/// (zero is the empty digit string).
///
/// The scale written is kept apart from the value, as Python's `Decimal` and SQL's DECIMAL
/// keep it: `3,00` is 3.00, not 3 (money keeps its cents), while `3.00 == 3` and both hash
/// alike.
public struct ExactDecimal: Sendable, Hashable, CustomStringConvertible, Comparable {
    public var negative: Bool
    /// ASCII digits without leading zeros.
    public var digits: [UInt8]
    public var exponent: Int
    /// How many fraction digits the value was written with in plain notation (`1.50` has 2,
    /// `1.5E1` is 15 and has 0, `1.50E1` is 15.0 and has 1): `description` writes at least
    /// these. Not part of the value: equality, order and hashing ignore it.
    public var scale: Int = 0

    /// Zero, built without the normalizing work of the general initializer.
    public init() {
        negative = false
        digits = []
        exponent = 0
    }

    /// Builds a value from integer and fraction digits (values 0–9) and a power of ten.
    public init(negative: Bool, integerDigits: [UInt8], fractionDigits: [UInt8], exponent: Int = 0) {
        var all = integerDigits + fractionDigits
        var exp = exponent - fractionDigits.count
        // Trailing zeros are kept in the exponent so that 1.50 and 1.5 compare equal but the
        // number of written fraction digits is still known to the caller.
        let firstNonZero = all.firstIndex { $0 != 0 } ?? all.count
        all.removeFirst(firstNonZero)
        while let last = all.last, last == 0 {
            all.removeLast()
            exp += 1
        }
        if all.isEmpty { exp = 0 }
        self.negative = negative && !all.isEmpty
        self.digits = all
        self.exponent = exp
        // Clamped: an exponent a reader let through must not make a count overflow.
        self.scale = max(0, fractionDigits.count - min(max(exponent, -(1 << 40)), 1 << 40))
    }

    public static func == (a: ExactDecimal, b: ExactDecimal) -> Bool {
        a.negative == b.negative && a.digits == b.digits && a.exponent == b.exponent
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(negative)
        hasher.combine(digits)
        hasher.combine(exponent)
    }

    /// The same value without a written scale: `3.00` is `3`, the form values are compared in.
    public var normalized: ExactDecimal {
        var copy = self
        copy.scale = 0
        return copy
    }

    /// The most fraction digits a written scale adds to the plain form: past it the value is
    /// written as it would be without one.
    static let maximumWrittenScale = 60

    /// Parses a plain or scientific ASCII decimal (`-1234.56`, `1E+400`, `.5`).
    public init?(_ text: String) {
        var negative = false
        var integer: [UInt8] = []
        var fraction: [UInt8] = []
        var exponent = 0
        var seenPoint = false
        var seenDigit = false
        var bytes = Array(text.utf8)[...]
        if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        while let byte = bytes.first {
            if byte >= 0x30 && byte <= 0x39 {
                seenDigit = true
                if seenPoint { fraction.append(byte - 0x30) } else { integer.append(byte - 0x30) }
            } else if byte == UInt8(ascii: ".") && !seenPoint {
                seenPoint = true
            } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                // An exponent past 2^40 is no value anyone writes, and its arithmetic
                // (the digits' count taken from it) would overflow.
                guard seenDigit, let value = Int(String(decoding: bytes.dropFirst(), as: UTF8.self)),
                    value.magnitude <= 1 << 40
                else { return nil }
                exponent = value
                bytes = bytes[bytes.endIndex...]
                break
            } else {
                return nil
            }
            bytes = bytes.dropFirst()
        }
        guard seenDigit else { return nil }
        self.init(negative: negative, integerDigits: integer, fractionDigits: fraction, exponent: exponent)
    }

    public var isZero: Bool { digits.isEmpty }

    /// The number of digits after the decimal point in plain notation.
    public var fractionDigitCount: Int { max(0, -exponent) }

    /// The value multiplied by 10^power (exact).
    public func scaled(by power: Int) -> ExactDecimal {
        var copy = self
        if !copy.isZero { copy.exponent += power }
        copy.scale = max(0, scale - power)
        return copy
    }

    /// Canonical text: plain notation (`-1234.56`, `0.001`) with ASCII digits and `.`; when
    /// that would take more than 60 characters, `d.dddE±n` (`1E+400`).
    public var description: String { canonicalText(writtenScale: true) }

    /// The canonical text of the value alone, its written scale left out (`3` for `3.00`).
    public var normalizedDescription: String { canonicalText(writtenScale: false) }

    /// The canonical text of a value read from `length` characters: plain notation as long as
    /// it takes no more than 60 characters or than the value as written, so that a value
    /// written plainly comes out plainly, however long (a 61-digit integer is no `1.1…E+60`,
    /// which an integer field refuses), and only an exponent makes the short form.
    public func canonical(writtenIn length: Int) -> String {
        canonicalText(writtenScale: true, plainLimit: max(Self.plainLimit, length))
    }

    /// The least value not below this one with at most `places` fraction digits (0.0015 →
    /// 0.002 with three, -0.0015 → -0.001).
    public func ceiling(fractionDigits places: Int) -> ExactDecimal {
        let dropped = -places - exponent
        guard dropped > 0 else { return normalized }
        var kept = Array(digits.dropLast(min(dropped, digits.count)))
        // The digits dropped are not all zero (none trails): a positive value goes up a unit
        // of the last place kept, a negative one is already above its truncation.
        if !negative {
            var index = kept.count - 1
            while index >= 0 && kept[index] == 9 {
                kept[index] = 0
                index -= 1
            }
            if index >= 0 { kept[index] += 1 } else { kept.insert(1, at: 0) }
        }
        return ExactDecimal(negative: negative, integerDigits: kept, fractionDigits: [], exponent: -places).normalized
    }

    /// Whether the value rounds to zero, half to even, with `digits` fraction digits kept:
    /// it is at most half a unit of the last digit kept (0.5 and -0.4 with none).
    public func roundsToZero(keepingFractionDigits digits: Int) -> Bool {
        guard let first = self.digits.first else { return true }
        // The value is 0.d₁d₂… × 10^top.
        let top = self.digits.count + exponent
        if top != -digits { return top < -digits }
        return first < 5 || (first == 5 && self.digits.dropFirst().allSatisfy { $0 == 0 })
    }

    /// The longest plain notation of a value written with an exponent.
    static let plainLimit = 60

    /// Both texts, written byte by byte into one buffer: joined from pieces, each a `String`,
    /// the text of a short number cost about 2,700 instructions, and every explained
    /// rejection that reads as a number in another locale quotes it (issue 35).
    private func canonicalText(writtenScale: Bool, plainLimit: Int = ExactDecimal.plainLimit) -> String {
        let zero = UInt8(ascii: "0")
        var out: [UInt8] = []
        out.reserveCapacity(digits.count + 8)
        var scientific = false
        if digits.isEmpty {
            out.append(zero)
        } else {
            if negative { out.append(UInt8(ascii: "-")) }
            let integerLength = digits.count + exponent
            if exponent >= 0 && integerLength <= plainLimit {
                for digit in digits { out.append(digit + zero) }
                out.append(contentsOf: repeatElement(zero, count: exponent))
            } else if exponent < 0 && integerLength > 0 {
                for (index, digit) in digits.enumerated() {
                    if index == integerLength { out.append(UInt8(ascii: ".")) }
                    out.append(digit + zero)
                }
            } else if exponent < 0 && -integerLength + digits.count <= plainLimit {
                out.append(zero)
                out.append(UInt8(ascii: "."))
                out.append(contentsOf: repeatElement(zero, count: -integerLength))
                for digit in digits { out.append(digit + zero) }
            } else {
                scientific = true
                out.append(digits[0] + zero)
                if digits.count > 1 {
                    out.append(UInt8(ascii: "."))
                    for digit in digits.dropFirst() { out.append(digit + zero) }
                }
                let power = integerLength - 1
                out.append(UInt8(ascii: "E"))
                out.append(UInt8(ascii: power < 0 ? "-" : "+"))
                out.append(contentsOf: String(abs(power)).utf8)
            }
        }
        if writtenScale, !scientific, scale > fractionDigitCount, scale <= Self.maximumWrittenScale {
            if fractionDigitCount == 0 { out.append(UInt8(ascii: ".")) }
            out.append(contentsOf: repeatElement(zero, count: scale - fractionDigitCount))
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Numeric order, exactly.
    public static func < (a: ExactDecimal, b: ExactDecimal) -> Bool {
        if a.negative != b.negative { return a.negative }
        let magnitude = compareMagnitude(a, b)
        return a.negative ? magnitude > 0 : magnitude < 0
    }

    private static func compareMagnitude(_ a: ExactDecimal, _ b: ExactDecimal) -> Int {
        if a.isZero || b.isZero { return (a.isZero ? 0 : 1) - (b.isZero ? 0 : 1) }
        let aTop = a.digits.count + a.exponent
        let bTop = b.digits.count + b.exponent
        if aTop != bTop { return aTop < bTop ? -1 : 1 }
        for index in 0..<max(a.digits.count, b.digits.count) {
            let x = index < a.digits.count ? a.digits[index] : 0
            let y = index < b.digits.count ? b.digits[index] : 0
            if x != y { return x < y ? -1 : 1 }
        }
        return 0
    }
}
