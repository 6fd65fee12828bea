internal import CICU

/// Small helpers that turn ICU's C conventions (status codes, caller-sized buffers, UTF-16)
/// into Swift values. Everything that calls `cicu_*` goes through these.
enum ICU {
    /// Whether an ICU status code is a failure (ICU's `U_FAILURE`, a macro Swift cannot import).
    static func failed(_ status: UErrorCode) -> Bool { status.rawValue > U_ZERO_ERROR.rawValue }

    static func errorName(_ status: UErrorCode) -> String { String(cString: cicu_errorName(status)) }

    /// ICU's error in words, with ICU's own name for searching.
    static func explain(_ status: UErrorCode) -> String {
        let name = errorName(status)
        let words: [String: String] = [
            "U_MALFORMED_SET": "the set is not closed or has an incomplete range",
            "U_ILLEGAL_ARGUMENT_ERROR": "unknown property or value",
            "U_REGEX_MISMATCHED_PAREN": "unbalanced parentheses",
            "U_REGEX_RULE_SYNTAX": "syntax error",
            "U_REGEX_BAD_INTERVAL": "bad {m,n} interval",
            "U_REGEX_MISSING_CLOSE_BRACKET": "missing ']'",
            "U_REGEX_BAD_ESCAPE_SEQUENCE": "unknown backslash escape",
            "U_REGEX_PROPERTY_SYNTAX": "bad \\p{...} property",
            "U_REGEX_INVALID_RANGE": "a range whose start is after its end",
            "U_REGEX_MAX_LT_MIN": "{m,n} with n less than m",
            "U_ILLEGAL_CHAR_FOUND": "a character that cannot stand there",
        ]
        return words[name].map { "\($0) (\(name))" } ?? name
    }

    /// The version of the ICU library fieldcheck is linked with ("72.1").
    static var version: String { text { cicu_version($0, $1) } }

    /// The Unicode version of ICU's character data ("15.0").
    static var unicodeVersion: String { text { cicu_unicode_version($0, $1) } }
    /// The CLDR version of ICU's locale data ("42.0").
    static var cldrVersion: String { text { cicu_cldr_version($0, $1) } }
    /// Whether ICU is linked into the program (the self-contained build); nil when unknown.
    static var isLinkedIn: Bool? {
        switch cicu_icu_is_linked_in() {
        case 1: true
        case 0: false
        default: nil
        }
    }

    private static func text(_ body: (UnsafeMutablePointer<CChar>, Int32) -> Void) -> String {
        var buffer = [CChar](repeating: 0, count: 32)
        body(&buffer, 32)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Calls an ICU function that fills a UTF-16 buffer, growing the buffer once when ICU
    /// reports the size it needs. Returns nil when ICU fails.
    static func utf16String(
        capacity: Int = 128,
        _ body: (UnsafeMutablePointer<UChar>, Int32, inout UErrorCode) -> Int32
    ) -> String? {
        var capacity = capacity
        for _ in 0..<2 {
            var buffer = [UChar](repeating: 0, count: capacity)
            var status = U_ZERO_ERROR
            let length = body(&buffer, Int32(capacity), &status)
            if status == U_BUFFER_OVERFLOW_ERROR || Int(length) > capacity {
                capacity = Int(length) + 1
                continue
            }
            if failed(status) { return nil }
            return string(utf16: buffer[0..<Int(length)])
        }
        return nil
    }

    /// UTF-16 from ICU as a `String`, an unpaired surrogate as U+FFFD. The standard library's
    /// `String(decoding:as: UTF16.self)` takes its generic path, unspecialized, a scalar at a
    /// time through witness calls (9,000 instructions for a ten-letter region name: 64 M of
    /// `infer`'s start-up went to the names of countries, and a third of `date --to`'s run to
    /// the dates it wrote); this writes UTF-8 directly.
    static func string(utf16 units: some Collection<UInt16>) -> String {
        units.withContiguousStorageIfAvailable(string(utf16:)) ?? string(utf16: Array(units))
    }

    /// `string(utf16:)` of contiguous units. Written out rather than through the standard
    /// library's `UTF16` decoder and `UTF8.encode`, which cost 2 % more of a `--normalize nfkc
    /// --case upper` run.
    private static func string(utf16 units: UnsafeBufferPointer<UInt16>) -> String {
        String(unsafeUninitializedCapacity: units.count * 3) { out in
            var written = 0
            var index = 0
            func put(_ byte: UInt32) {
                out[written] = UInt8(truncatingIfNeeded: byte)
                written += 1
            }
            while index < units.count {
                var scalar = UInt32(units[index])
                index += 1
                if scalar < 0x80 {
                    put(scalar)
                    continue
                }
                if scalar & 0xFC00 == 0xD800, index < units.count, units[index] & 0xFC00 == 0xDC00 {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (UInt32(units[index]) - 0xDC00)
                    index += 1
                } else if scalar & 0xF800 == 0xD800 {
                    scalar = 0xFFFD
                }
                if scalar < 0x800 {
                    put(0xC0 | scalar >> 6)
                } else if scalar < 0x10000 {
                    put(0xE0 | scalar >> 12)
                    put(0x80 | (scalar >> 6) & 0x3F)
                } else {
                    put(0xF0 | scalar >> 18)
                    put(0x80 | (scalar >> 12) & 0x3F)
                    put(0x80 | (scalar >> 6) & 0x3F)
                }
                put(0x80 | scalar & 0x3F)
            }
            return written
        }
    }

    /// Calls an ICU function that fills a `char` buffer (locale ids, names).
    static func cString(
        capacity: Int = 157,
        _ body: (UnsafeMutablePointer<CChar>, Int32, inout UErrorCode) -> Int32
    ) -> String? {
        var capacity = capacity
        for _ in 0..<2 {
            // On the stack, and decoded from there: a character's name is asked for every
            // refused character of random text, and two arrays per call were most of its cost.
            let (text, needed) = withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity + 1) {
                buffer -> (String?, Int?) in
                var status = U_ZERO_ERROR
                let length = body(buffer.baseAddress!, Int32(capacity), &status)
                if status == U_BUFFER_OVERFLOW_ERROR || Int(length) > capacity { return (nil, Int(length) + 1) }
                if failed(status) { return (nil, nil) }
                let bytes = UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: UInt8.self)
                return (String(decoding: UnsafeBufferPointer(start: bytes, count: Int(length)), as: UTF8.self), nil)
            }
            if let needed {
                capacity = needed
                continue
            }
            return text
        }
        return nil
    }
}

extension String {
    /// The string as UTF-16 code units, the form ICU's C API reads.
    var icuUnits: [UChar] { Array(utf16) }
}
