/// A decimal number held exactly as its digits — never through a binary float, so `0.1`,
/// 40-digit integers and `1e400` survive.
///
/// The value is `(negative ? -1 : 1) × digits × 10^exponent`; `digits` has no leading zeros
/// (zero is the empty digit string).
public struct ExactDecimal: Sendable, Hashable, CustomStringConvertible, Comparable {
    public var negative: Bool
    /// ASCII digits without leading zeros.
    public var digits: [UInt8]
    public var exponent: Int

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
    }

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
                guard seenDigit, let value = Int(String(decoding: bytes.dropFirst(), as: UTF8.self)) else { return nil }
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
        return copy
    }

    /// Canonical text: plain notation (`-1234.56`, `0.001`) with ASCII digits and `.`; when
    /// that would take more than 60 characters, `d.dddE±n` (`1E+400`).
    public var description: String {
        if digits.isEmpty { return "0" }
        let sign = negative ? "-" : ""
        let text = String(decoding: digits.map { $0 + 0x30 }, as: UTF8.self)
        let integerLength = digits.count + exponent
        if exponent >= 0 {
            if integerLength <= 60 { return sign + text + String(repeating: "0", count: exponent) }
        } else if integerLength > 0 {
            let split = text.index(text.startIndex, offsetBy: integerLength)
            return sign + text[..<split] + "." + text[split...]
        } else if -integerLength + digits.count <= 60 {
            return sign + "0." + String(repeating: "0", count: -integerLength) + text
        }
        let mantissa = digits.count > 1 ? String(text.prefix(1)) + "." + text.dropFirst() : text
        let power = integerLength - 1
        return sign + mantissa + "E" + (power < 0 ? "-" : "+") + String(abs(power))
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
