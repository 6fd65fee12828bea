/// A reader of the fixed ISO 8601 shapes Table Schema gives `year`, `yearmonth`, `time`,
/// `datetime` and `duration` by default: each step takes a field of digits or a literal and,
/// when the shape breaks, throws which character broke it, where, and what was expected
/// (the field's example follows the reason in the message).
///
/// It reads UTF-8 bytes: every shape is ASCII, so up to where a value breaks, its byte
/// offsets are its scalar offsets. The same steps serve the full reader (on a `String`'s
/// bytes) and the fast path (on a record's bytes), so the two cannot read differently.
struct ISOScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    /// Set once a whole value was read, so that what follows is trailing text.
    var isComplete = false

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var atEnd: Bool { position == bytes.count }
    /// The next byte as a scalar: ASCII as itself, any other byte as no scalar a shape has.
    var next: Unicode.Scalar? { atEnd ? nil : Unicode.Scalar(bytes[position]) }

    /// Reads `value` with `body`, which must consume all of it.
    static func read(_ value: String, _ body: (inout ISOScanner) throws(ISORejection) -> Void) -> ValueReading {
        return value.withUTF8Bytes { bytes in
            var scanner = ISOScanner(bytes)
            do throws(ISORejection) {
                try body(&scanner)
            } catch {
                return error.reading
            }
            scanner.isComplete = true
            return scanner.atEnd ? .value(value) : scanner.failure("the end of the value")
        }
    }

    /// Why the value breaks the shape at `position`.
    func failure(_ expected: String) -> ValueReading {
        if atEnd { return .rejected(offset: nil, reason: "the value ends where \(expected) should follow") }
        return .rejected(
            offset: position, reason: "expected \(expected) here",
            code: position > 0 && isComplete ? .trailingText : .invalidValue)
    }

    /// Takes `literal`, or throws that `expected` was not there.
    @inline(__always)
    mutating func expect(_ literal: Unicode.Scalar, _ expected: String) throws(ISORejection) {
        guard take(literal) else { throw ISORejection(failure(expected)) }
    }

    /// `count` digits naming `what` (`month`), in `range` (`shown` says it in words): the
    /// number, or the rejection — `field_out_of_range` at its first digit when out of range.
    /// `shown` is built only for a rejection: a day's range names its month and year.
    @inline(__always)
    mutating func number(
        _ count: Int, _ expected: String, _ what: String, in range: ClosedRange<Int>,
        _ shown: @autoclosure () -> String
    )
        throws(ISORejection) -> Int
    {
        let start = position
        guard let value = digits(count) else { throw ISORejection(failure(expected)) }
        guard range.contains(value) else {
            throw ISORejection(
                .rejected(
                    offset: start, reason: "\(what) \(value) is out of range (\(shown()))", code: .fieldOutOfRange))
        }
        return value
    }

    /// Exactly `count` ASCII digits, as a number; nil (position unchanged) when they are not there.
    @inline(__always)
    mutating func digits(_ count: Int) -> Int? {
        guard position + count <= bytes.count else { return nil }
        var value = 0
        for offset in position..<(position + count) {
            let digit = bytes[offset] &- 0x30
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        position += count
        return value
    }

    /// One or more ASCII digits; false when none.
    mutating func someDigits() -> Bool {
        let start = position
        while position < bytes.count, bytes[position] &- 0x30 < 10 { position += 1 }
        return position > start
    }

    /// Takes `literal` when it is next.
    @inline(__always)
    mutating func take(_ literal: Unicode.Scalar) -> Bool {
        guard position < bytes.count, UInt32(bytes[position]) == literal.value else { return false }
        position += 1
        return true
    }
}

/// A reader's refusal, thrown out of the steps of an `ISOScanner`.
struct ISORejection: Error {
    let reading: ValueReading
    init(_ reading: ValueReading) { self.reading = reading }
}
