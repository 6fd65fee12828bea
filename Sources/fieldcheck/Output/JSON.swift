import FieldCheck

/// Minimal JSON text building: strings escaped per RFC 8259, nothing else needed.
enum JSON {
    /// How every `--json` record starts: `formatVersion`, the version of the records' format,
    /// first. It is raised when a key is removed or renamed or changes its type (a new key may
    /// come without it); `schema/fieldcheck-output.schema.json` describes this version, and
    /// JSONSchemaTests hold the two together. A constant prefix: it costs a record nothing.
    static let recordStart = "{\"formatVersion\":1,"

    /// `value` as a JSON string, quoted and escaped (see `JSONText.string`).
    static func string(_ value: String) -> String {
        let text = JSONText(capacity: value.utf8.count + 2)
        text.string(value)
        return text.string
    }

    static func string(_ value: String?) -> String { value.map { string($0) } ?? "null" }
}

/// JSON text built as UTF-8 bytes: the records `--json` writes for every value. Built through
/// `String` (interpolation, `+=`, escaping scalar by scalar) a record of a rejected value cost
/// about 9 µs, three times its explained text on stderr (issue 35); appended to an Array, byte
/// runs still cost a copy each through its generic path, and the record a copy into stdout's
/// buffer. So the text goes straight into a `FieldOutput`: stdout's own buffer for a record
/// (`Sinks.report(_:)`), or a buffer of its own.
struct JSONText {
    /// Where the text goes.
    let out: FieldOutput
    private static let hexDigits: StaticString = "0123456789abcdef"

    /// Text in a buffer of its own (`string`).
    init(capacity: Int = 256) { out = FieldOutput(capacity: capacity) }

    /// Text appended to `out`, after what it holds.
    init(into out: FieldOutput) { self.out = out }

    /// The text as a `String` (of a `JSONText` with its own buffer).
    var string: String { out.string }

    /// Appends JSON text as it is (keys, punctuation, literals).
    func raw(_ text: StaticString) {
        text.withUTF8Buffer { out.append($0) }
    }

    /// Appends text that is already JSON (a code, an object rendered elsewhere). Labelled, so
    /// that a literal takes `raw(_: StaticString)`: as a `String`, a literal cost four times
    /// as much, and a record writes about fifteen.
    func raw(json text: String) {
        text.withUTF8Bytes { out.append($0) }
    }

    /// Appends the decimal digits of `value`.
    func int(_ value: Int) { out.appendDecimal(value) }

    /// Appends `value` in upper-case hexadecimal, at least `width` digits: a code point.
    func hex(_ value: UInt32, width: Int) { out.appendHex(value, width: width) }

    func bool(_ value: Bool) { value ? raw("true") : raw("false") }

    func string(_ value: String?) {
        if let value { string(value) } else { raw("null") }
    }

    /// Appends `value` quoted, with `"`, `\` and control characters escaped, and also C1
    /// controls, DEL, the line and paragraph separators and the bidi embeddings, overrides and
    /// isolates: the same string, and harmless printed on a terminal. Runs of bytes that need
    /// nothing are copied whole.
    func string(_ value: String) {
        value.withUTF8Bytes { string(utf8: $0) }
    }

    /// `string(_:)` of one character, encoded on the stack: a `String` made of it cost about
    /// 100 instructions more for every refused character of a record.
    func string(scalar: Unicode.Scalar) {
        var bytes: UInt32 = 0
        var count = 0
        withUnsafeMutableBytes(of: &bytes) { buffer in
            for byte in scalar.utf8 {
                buffer[count] = byte
                count += 1
            }
        }
        withUnsafeBytes(of: &bytes) { buffer in
            string(
                utf8: UnsafeBufferPointer(start: buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count))
        }
    }

    /// `string(_:)` of text given as its UTF-8 bytes (valid UTF-8).
    func string(utf8: UnsafeBufferPointer<UInt8>) {
        // Most strings (an input, a value, a code) need nothing escaped: checked a word at a
        // time, the last word read overlapping, they are copied whole. Byte by byte, the short
        // input and value of an accepted value's record cost 180 instructions each (issue 35).
        let plain = Self.plainPrefix(utf8)
        out.append(byte: 0x22)
        if plain == utf8.count {
            out.append(utf8)
            out.append(byte: 0x22)
            return
        }
        var start = 0
        var index = plain
        let count = utf8.count
        while index < count {
            // Eight bytes at a time while none is at or above 0x80, below 0x20, DEL, `"` or
            // `\` (a zero byte of the word XORed with it): messages are mostly such text.
            if index + 8 <= count,
                Self.isPlain(UnsafeRawPointer(utf8.baseAddress! + index).loadUnaligned(as: UInt64.self))
            {
                index += 8
                continue
            }
            let byte = utf8[index]
            // Bytes 0x20...0x7E other than `"` and `\`, and lead bytes of scalars that are
            // never escaped, are copied as they are.
            let width: Int
            if byte >= 0x20 && byte < 0x7F {
                if byte != 0x22 && byte != 0x5C {
                    index += 1
                    continue
                }
                width = 1
            } else if byte < 0x80 {
                width = 1
            } else if byte == 0xC2, index + 1 < count, utf8[index + 1] <= 0x9F {
                width = 2  // U+0080...U+009F
            } else if byte == 0xE2, index + 2 < count,
                (utf8[index + 1] == 0x80 && (0xA8...0xAE).contains(utf8[index + 2]))
                    || (utf8[index + 1] == 0x81 && (0xA6...0xA9).contains(utf8[index + 2]))
            {
                width = 3  // U+2028...U+202E, U+2066...U+2069
            } else {
                index += 1
                continue
            }
            out.append(UnsafeBufferPointer(rebasing: utf8[start..<index]))
            escape(scalar(utf8, at: index, width: width))
            index += width
            start = index
        }
        out.append(UnsafeBufferPointer(rebasing: utf8[start..<count]))
        out.append(byte: 0x22)
    }

    /// How many bytes from the start are known to need no escape: all of them when every
    /// byte is ASCII from space to `~`, other than `"` and `\`; else where the first word
    /// holding another began.
    private static func plainPrefix(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = utf8.baseAddress else { return 0 }
        let count = utf8.count
        if count < 8 {
            // One word for the whole string: its first and last four bytes (overlapping), or
            // its first, middle and last byte padded with 'A', which needs nothing.
            let raw = UnsafeRawPointer(base)
            let word: UInt64
            if count >= 4 {
                word =
                    UInt64(raw.loadUnaligned(as: UInt32.self))
                    | UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)) << 32
            } else if count > 0 {
                word =
                    0x4141_4141_4100_0000 | UInt64(base[0]) | UInt64(base[count >> 1]) << 8
                    | UInt64(base[count - 1]) << 16
            } else {
                return 0
            }
            return isPlain(word) ? count : 0
        }
        var index = 0
        while index + 8 <= count {
            if !isPlain(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) { return index }
            index += 8
        }
        return index == count || isPlain(UnsafeRawPointer(base + count - 8).loadUnaligned(as: UInt64.self))
            ? count : index
    }

    /// Whether none of the word's eight bytes is at or above 0x80, below 0x20, DEL, `"` or `\`
    /// (a zero byte of the word XORed with it).
    @inline(__always)
    private static func isPlain(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let belowSpace = (word &- ones &* 0x20) & ~word & highs
        let delete = word ^ (ones &* 0x7F)
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let special =
            ((delete &- ones) & ~delete) | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
        return (word | belowSpace | special) & highs == 0
    }

    private func scalar(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int, width: Int) -> UInt32 {
        switch width {
        case 1: return UInt32(utf8[index])
        case 2: return UInt32(utf8[index] & 0x1F) << 6 | UInt32(utf8[index + 1] & 0x3F)
        default:
            return UInt32(utf8[index] & 0x0F) << 12 | UInt32(utf8[index + 1] & 0x3F) << 6
                | UInt32(utf8[index + 2] & 0x3F)
        }
    }

    private func escape(_ scalar: UInt32) {
        switch scalar {
        case 0x22: raw("\\\"")
        case 0x5C: raw("\\\\")
        case 0x0A: raw("\\n")
        case 0x0D: raw("\\r")
        case 0x09: raw("\\t")
        default:
            raw("\\u")
            for shift in stride(from: 12, through: 0, by: -4) {
                out.append(byte: Self.hexDigits.utf8Start[Int((scalar >> UInt32(shift)) & 0xF)])
            }
        }
    }
}
