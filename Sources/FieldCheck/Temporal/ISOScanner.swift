/// A reader of the fixed ISO 8601 shapes Table Schema gives `year`, `yearmonth`, `time`,
/// `datetime` and `duration` by default: each step takes a field of digits or a literal and,
/// when the shape breaks, throws which character broke it, where, and what was expected
/// (the field's example follows the reason in the message).
struct ISOScanner {
    let scalars: [Unicode.Scalar]
    var position = 0
    /// Set once a whole value was read, so that what follows is trailing text.
    var isComplete = false

    init(_ value: String) { scalars = Array(value.unicodeScalars) }

    var atEnd: Bool { position == scalars.count }
    var next: Unicode.Scalar? { atEnd ? nil : scalars[position] }

    /// Reads `value` with `body`, which must consume all of it.
    static func read(_ value: String, _ body: (inout ISOScanner) throws(ISORejection) -> Void) -> ValueReading {
        var scanner = ISOScanner(value)
        do throws(ISORejection) {
            try body(&scanner)
        } catch {
            return error.reading
        }
        scanner.isComplete = true
        return scanner.atEnd ? .value(value) : scanner.failure("the end of the value")
    }

    /// Why the value breaks the shape at `position`.
    func failure(_ expected: String) -> ValueReading {
        if atEnd { return .rejected(offset: nil, reason: "the value ends where \(expected) should follow") }
        return .rejected(
            offset: position, reason: "expected \(expected) here",
            code: position > 0 && isComplete ? .trailingText : .invalidValue)
    }

    /// Takes `literal`, or throws that `expected` was not there.
    mutating func expect(_ literal: Unicode.Scalar, _ expected: String) throws(ISORejection) {
        guard take(literal) else { throw ISORejection(failure(expected)) }
    }

    /// `count` digits naming `what` (`month`), in `range` (`shown` says it in words): the
    /// number, or the rejection — `field_out_of_range` at its first digit when out of range.
    mutating func number(_ count: Int, _ expected: String, _ what: String, in range: ClosedRange<Int>, _ shown: String)
        throws(ISORejection) -> Int
    {
        let start = position
        guard let value = digits(count) else { throw ISORejection(failure(expected)) }
        guard range.contains(value) else {
            throw ISORejection(
                .rejected(offset: start, reason: "\(what) \(value) is out of range (\(shown))", code: .fieldOutOfRange))
        }
        return value
    }

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

    /// One or more ASCII digits; false when none.
    mutating func someDigits() -> Bool {
        let start = position
        while let scalar = next, Self.digit(scalar) != nil { position += 1 }
        return position > start
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
}

/// A reader's refusal, thrown out of the steps of an `ISOScanner`.
struct ISORejection: Error {
    let reading: ValueReading
    init(_ reading: ValueReading) { self.reading = reading }
}
