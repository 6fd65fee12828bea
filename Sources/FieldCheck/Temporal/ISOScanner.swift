/// A reader of the fixed ISO 8601 shapes Table Schema gives `year`, `yearmonth`, `time`,
/// `datetime` and `duration` by default: each step takes a field of digits or a literal
/// and says which character broke the shape, where, and what was expected.
struct ISOScanner {
    let scalars: [Unicode.Scalar]
    var position = 0

    init(_ value: String) { scalars = Array(value.unicodeScalars) }

    var atEnd: Bool { position == scalars.count }
    var next: Unicode.Scalar? { atEnd ? nil : scalars[position] }

    /// Why the value breaks the shape at `position` (the field's example follows the reason
    /// in the message).
    func failure(_ expected: String, example: String) -> ValueReading {
        if atEnd { return .rejected(offset: nil, reason: "the value ends where \(expected) should follow") }
        return .rejected(
            offset: position, reason: "expected \(expected) here",
            code: position > 0 && isComplete ? .trailingText : .invalidValue)
    }

    /// Set by a reader once a whole value was read, so that what follows is trailing text.
    var isComplete = false

    /// Exactly `count` ASCII digits, as a number; nil (position unchanged) when they are not there.
    mutating func digits(_ count: Int) -> Int? {
        guard position + count <= scalars.count else { return nil }
        var value = 0
        for offset in position..<(position + count) {
            guard let digit = Self.digit(scalars[offset]) else { return nil }
            value = value * 10 + digit
        }
        position += count
        return value
    }

    /// One or more ASCII digits; nil when none.
    mutating func someDigits() -> String? {
        let start = position
        while let scalar = next, Self.digit(scalar) != nil { position += 1 }
        return position > start ? String(String.UnicodeScalarView(scalars[start..<position])) : nil
    }

    /// Takes `literal` when it is next.
    mutating func take(_ literal: Unicode.Scalar) -> Bool {
        guard next == literal else { return false }
        position += 1
        return true
    }

    static func digit(_ scalar: Unicode.Scalar) -> Int? {
        (0x30...0x39).contains(scalar.value) ? Int(scalar.value - 0x30) : nil
    }

    /// A field read at `start` out of its range.
    static func outOfRange(_ what: String, at start: Int, _ range: String) -> ValueReading {
        .rejected(offset: start, reason: "\(what) is out of range (\(range))", code: .fieldOutOfRange)
    }
}
