/// Minimal JSON text building: strings escaped per RFC 8259, nothing else needed.
enum JSON {
    /// How every `--json` record starts: `formatVersion`, the version of the records' format,
    /// first. It is raised when a key is removed or renamed or changes its type (a new key may
    /// come without it); `schema/fieldcheck-output.schema.json` describes this version, and
    /// JSONSchemaTests hold the two together. A constant prefix: it costs a record nothing.
    static let recordStart = "{\"formatVersion\":1,"

    static func string(_ value: String) -> String {
        var out = "\""
        out.reserveCapacity(value.utf8.count + 2)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _
            where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028
                || scalar.value == 0x2029 || (0x202A...0x202E).contains(scalar.value)
                || (0x2066...0x2069).contains(scalar.value):
                // Also C1 controls and bidi overrides: the same string, and harmless on a terminal.
                out += "\\u" + hex4(scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static func string(_ value: String?) -> String { value.map { string($0) } ?? "null" }

    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: false)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}
