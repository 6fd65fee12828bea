/// Minimal JSON text building: strings escaped per RFC 8259, nothing else needed.
enum JSON {
    /// How every `--json` record starts: `formatVersion`, the version of the records' format,
    /// first. It is raised when a key is removed or renamed or changes its type (a new key may
    /// come without it); `schema/fieldcheck-output.schema.json` describes this version, and
    /// JSONSchemaTests hold the two together. A constant prefix: it costs a record nothing.
    static let recordStart = "{\"formatVersion\":1,"

    /// `value` as a JSON string, quoted and escaped (see `JSONText.string`).
    static func string(_ value: String) -> String {
        var text = JSONText(capacity: value.utf8.count + 2)
        text.string(value)
        return text.string
    }

    static func string(_ value: String?) -> String { value.map { string($0) } ?? "null" }
}

/// JSON text built as UTF-8 bytes: the records `--json` writes for every value. Built through
/// `String` (interpolation, `+=`, escaping scalar by scalar) a record of a rejected value cost
/// about 9 µs, three times its explained text on stderr (issue 35).
struct JSONText {
    private(set) var bytes: [UInt8] = []
    private static let hexDigits = Array("0123456789abcdef".utf8)

    init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    /// The text as a `String`.
    var string: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends JSON text as it is (keys, punctuation, literals).
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends JSON text that is already JSON (an object rendered elsewhere).
    mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

    mutating func int(_ value: Int) {
        if value >= 0 && value < 10 {
            bytes.append(UInt8(truncatingIfNeeded: value) &+ 0x30)
        } else {
            bytes.append(contentsOf: String(value).utf8)
        }
    }

    mutating func bool(_ value: Bool) { value ? raw("true") : raw("false") }

    mutating func string(_ value: String?) {
        if let value { string(value) } else { raw("null") }
    }

    /// Appends `value` quoted, with `"`, `\` and control characters escaped, and also C1
    /// controls, DEL, the line and paragraph separators and the bidi embeddings, overrides and
    /// isolates: the same string, and harmless printed on a terminal. Runs of bytes that need
    /// nothing are copied whole.
    mutating func string(_ value: String) {
        var value = value
        bytes.append(0x22)
        value.withUTF8 { utf8 in
            var start = 0
            var index = 0
            let count = utf8.count
            while index < count {
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
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                escape(scalar(utf8, at: index, width: width))
                index += width
                start = index
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<count]))
        }
        bytes.append(0x22)
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

    private mutating func escape(_ scalar: UInt32) {
        switch scalar {
        case 0x22: raw("\\\"")
        case 0x5C: raw("\\\\")
        case 0x0A: raw("\\n")
        case 0x0D: raw("\\r")
        case 0x09: raw("\\t")
        default:
            raw("\\u")
            for shift in stride(from: 12, through: 0, by: -4) {
                bytes.append(Self.hexDigits[Int((scalar >> UInt32(shift)) & 0xF)])
            }
        }
    }
}
