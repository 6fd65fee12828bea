/// Table Schema's `format: binary` of a string field: the value is base64 (RFC 4648's
/// standard alphabet, `=` padding), read strictly. Python's `b64decode`, which frictionless
/// calls, skips characters outside the alphabet and so accepts `SGVs bG8=` or `SGVs-bG8=`;
/// a checker must not, as the next reader may refuse what it accepts or read other bytes.
/// Refused: a character outside A–Z a–z 0–9 + / (base64url's `-` and `_`, white space,
/// line breaks), `=` anywhere but the last one or two places of the value, a length that is
/// not a multiple of four, and bits after the last byte that are not zero (`QR==` for `QQ==`,
/// a second spelling of the same bytes). The value is kept as written.
struct Base64Reader: ValueReader {
    var example: String { "SGVsbG8=" }

    func read(_ value: String) -> ValueReading {
        let scalars = Array(value.unicodeScalars)
        // Where the padding starts, once seen: only = may follow it.
        var padding: Int? = nil
        for (offset, scalar) in scalars.enumerated() {
            if scalar == "=" {
                if padding == nil {
                    let place = offset % 4
                    guard place >= 2 else {
                        return reject(
                            offset,
                            "base64 pads only the last one or two characters of a group of four with =, and this = "
                                + "is character \(place + 1) of its group")
                    }
                    padding = offset
                }
                continue
            }
            if padding != nil {
                return reject(offset, "text after the = padding, which ends base64")
            }
            guard Self.sextet(scalar) != nil else {
                let hint =
                    scalar == "-" || scalar == "_"
                    ? " (- and _ are base64url's; Table Schema's binary is standard base64, with + and /)"
                    : scalar.properties.isWhitespace
                        ? " (base64 here is one run of characters, without spaces or line breaks)"
                        : ""
                return reject(
                    offset, "not a base64 character; base64 uses A–Z, a–z, 0–9, + and /, then = padding" + hint)
            }
        }
        let end = padding ?? scalars.count
        guard scalars.count % 4 == 0 else {
            let start = scalars.count - scalars.count % 4
            return reject(
                start,
                "base64 comes in groups of four characters, and the last group has \(scalars.count - start); "
                    + (padding == nil ? "pad it with = to four" : "it needs \(4 - scalars.count % 4) more ="))
        }
        // The bits of the last character before the padding that no byte holds must be zero.
        if end < scalars.count, let last = Self.sextet(scalars[end - 1]) {
            let unused: UInt8 = scalars.count - end == 1 ? 0b11 : 0b1111
            if last & unused != 0 {
                return reject(
                    end - 1,
                    "this character sets bits after the last byte, which must be zero; the same bytes are written "
                        + "with \(Character(Self.alphabet[Int(last & ~unused)]))")
            }
        }
        return .value(value)
    }

    private static let alphabet: [Unicode.Scalar] = Array(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".unicodeScalars)

    /// The six bits a base64 character stands for, or nil.
    static func sextet(_ scalar: Unicode.Scalar) -> UInt8? {
        switch scalar {
        case "A"..."Z": UInt8(scalar.value - 0x41)
        case "a"..."z": UInt8(scalar.value - 0x61 + 26)
        case "0"..."9": UInt8(scalar.value - 0x30 + 52)
        case "+": 62
        case "/": 63
        default: nil
        }
    }

    private func reject(_ offset: Int, _ reason: String) -> ValueReading {
        .rejected(offset: offset, reason: reason, code: .invalidBase64)
    }
}
