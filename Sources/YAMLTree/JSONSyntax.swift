/// Strict JSON (RFC 8259) syntax, checked before a `.json` file is read as YAML.
///
/// JSON is read through libyaml, which takes more than JSON: a trailing comma (`[1, 2,]`), a
/// comment, an unquoted key. A schema or package named `.json` that fieldcheck accepted that
/// way would be refused by every JSON reader after it (Frictionless, `jq`, Python's `json`), so
/// the file's syntax is held to JSON's first; its values are still built by `YAMLTree.parse`.
public enum JSONSyntax {
    /// Where `text` stops being JSON, and why; nil when it is one JSON value.
    public static func problem(in text: String) -> YAMLTreeError? {
        var reader = Reader(bytes: Array(text.utf8))
        // A byte order mark before the value, which JSON readers pass over.
        if reader.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        do throws(YAMLTreeError) {
            reader.skipSpace()
            try reader.value(depth: 0)
            reader.skipSpace()
            if reader.index < reader.bytes.count { throw reader.failure("text after the JSON value") }
            return nil
        } catch {
            return error
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        func failure(_ what: String) -> YAMLTreeError {
            var line = 1
            var column = 1
            for byte in bytes[..<min(index, bytes.count)] {
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
            }
            return YAMLTreeError(description: "line \(line), column \(column): \(what) (the file is named .json)")
        }

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        static let expectedValue = "expected a value: an object, array, string, number, true, false or null"

        mutating func skipSpace() {
            while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
        }

        mutating func expect(_ byte: UInt8, _ what: String) throws(YAMLTreeError) {
            guard current == byte else { throw failure("expected \(what)") }
            index += 1
        }

        mutating func value(depth: Int) throws(YAMLTreeError) {
            guard depth < YAMLTree.maximumDepth else { throw failure("nested more than \(YAMLTree.maximumDepth) deep") }
            guard let byte = current else { throw failure("the text ends where a value should be") }
            switch byte {
            case UInt8(ascii: "{"): try container(close: UInt8(ascii: "}"), keyed: true, depth: depth)
            case UInt8(ascii: "["): try container(close: UInt8(ascii: "]"), keyed: false, depth: depth)
            case UInt8(ascii: "\""): try string()
            case UInt8(ascii: "t"): try word("true")
            case UInt8(ascii: "f"): try word("false")
            case UInt8(ascii: "n"): try word("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
            default: throw failure(Self.expectedValue)
            }
        }

        mutating func container(close: UInt8, keyed: Bool, depth: Int) throws(YAMLTreeError) {
            index += 1
            skipSpace()
            if current == close {
                index += 1
                return
            }
            while true {
                if keyed {
                    guard current == UInt8(ascii: "\"") else {
                        throw failure(current == close ? "a comma before '}'" : "expected a key in double quotes")
                    }
                    try string()
                    skipSpace()
                    try expect(UInt8(ascii: ":"), "':' after the key")
                    skipSpace()
                }
                if !keyed && current == close { throw failure("a comma before ']'") }
                try value(depth: depth + 1)
                skipSpace()
                if current == close {
                    index += 1
                    return
                }
                try expect(UInt8(ascii: ","), keyed ? "',' or '}'" : "',' or ']'")
                skipSpace()
            }
        }

        mutating func string() throws(YAMLTreeError) {
            index += 1
            while let byte = current {
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    return
                case UInt8(ascii: "\\"):
                    index += 1
                    guard let escaped = current else { break }
                    if escaped == UInt8(ascii: "u") {
                        for _ in 0..<4 {
                            index += 1
                            guard let digit = current, digit.isHexDigit else {
                                throw failure("expected four hexadecimal digits after \\u")
                            }
                        }
                    } else if !"\"\\/bfnrt".utf8.contains(escaped) {
                        throw failure("an escape JSON does not have")
                    }
                    index += 1
                case 0..<0x20:
                    throw failure("a control character in a string (write it escaped)")
                default:
                    index += 1
                }
            }
            throw failure("a string that is never closed")
        }

        mutating func word(_ word: StaticString) throws(YAMLTreeError) {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count,
                (0..<count).allSatisfy({ bytes[index + $0] == word.utf8Start[$0] })
            else { throw failure(Self.expectedValue) }
            index += count
        }

        mutating func number() throws(YAMLTreeError) {
            if current == UInt8(ascii: "-") { index += 1 }
            if current == UInt8(ascii: "0") {
                index += 1
            } else {
                guard digits() > 0 else { throw failure("expected a digit") }
            }
            if current == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { throw failure("expected a digit after the decimal point") }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                index += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
                guard digits() > 0 else { throw failure("expected a digit in the exponent") }
            }
        }

        mutating func digits() -> Int {
            let start = index
            while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
            return index - start
        }
    }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}
