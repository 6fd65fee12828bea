/// The outcome of checking that a record's bytes are UTF-8.
public enum UTF8Check: Sendable, Equatable {
    case valid
    /// The first byte that does not belong to a well-formed sequence, and its offset.
    case invalid(byteOffset: Int, byte: UInt8)
}

/// How many of `bytes`' first bytes end at a character's end: all of them, or all but a last
/// character that a cut left unfinished (the first 64 bytes of a record, a file's first
/// megabyte). Only the end is looked at: a bad sequence before it is `checkUTF8`'s business.
public func wholeCharacterCount(_ bytes: some RandomAccessCollection<UInt8>) -> Int {
    var end = bytes.count
    var continuations = 0
    func byte(_ offset: Int) -> UInt8 { bytes[bytes.index(bytes.startIndex, offsetBy: offset)] }
    while continuations < 3, end > 0, byte(end - 1) & 0xC0 == 0x80 {
        end -= 1
        continuations += 1
    }
    guard end > 0, byte(end - 1) >= 0xC0 else { return bytes.count }
    let lead = byte(end - 1)
    let needed = lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : 1
    return continuations < needed ? end - 1 : bytes.count
}

/// How many characters (Unicode scalars) the well-formed UTF-8 `bytes` hold, by their lead
/// bytes: the bytes before an `invalid_utf8` finding's offset, which give its column.
public func scalarCount(ofWellFormed bytes: some Sequence<UInt8>) -> Int {
    bytes.reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
}

/// Checks UTF-8 well-formedness (RFC 3629: no overlong forms, no surrogates, nothing past
/// U+10FFFF) and reports where the first bad byte is — which Swift's own validating
/// initialisers do not.
public func checkUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> UTF8Check {
    var i = 0
    while i < bytes.count {
        let lead = bytes[i]
        if lead < 0x80 {
            i += 1
            continue
        }
        // The sequence that starts at the lead byte is the broken one (as Python reports it).
        guard let length = wellFormedSequenceLength(bytes, at: i) else { return .invalid(byteOffset: i, byte: lead) }
        i += length
    }
    return .valid
}

/// The multi-byte characters of `bytes` in UTF-8, the bytes no well-formed sequence holds, and
/// the offset of the first of those (0 when none): how much of a sample reads as UTF-8.
func utf8SequenceCounts(_ bytes: UnsafeBufferPointer<UInt8>) -> (multiByte: Int, stray: Int, firstStray: Int) {
    var multiByte = 0
    var stray = 0
    var firstStray: Int?
    var i = 0
    while i < bytes.count {
        if bytes[i] < 0x80 {
            i += 1
        } else if let length = wellFormedSequenceLength(bytes, at: i) {
            multiByte += 1
            i += length
        } else {
            firstStray = firstStray ?? i
            stray += 1
            i += 1
        }
    }
    return (multiByte, stray, firstStray ?? 0)
}

/// The length of the well-formed sequence that begins with the lead byte `bytes[i]` (0x80 or
/// more), or nil: RFC 3629's ranges, which leave out overlong forms, surrogates and code points
/// past U+10FFFF.
@inline(__always)
private func wellFormedSequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch bytes[i] {
    case 0xC2...0xDF: length = 2
    case 0xE0:
        length = 3
        low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
        length = 3
        high = 0x9F
    case 0xF0:
        length = 4
        low = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4:
        length = 4
        high = 0x8F
    default: return nil
    }
    for k in 1..<length {
        guard i + k < bytes.count else { return nil }
        let byte = bytes[i + k]
        let (lo, hi) = k == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
        guard byte >= lo && byte <= hi else { return nil }
    }
    return length
}
