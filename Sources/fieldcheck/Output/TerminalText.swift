/// Text from input (values, cells, header names, file names, schema values) made safe to
/// print on a terminal: a control character (C0 and C1, DEL) or a bidi override or isolate
/// would let a crafted file move the cursor, clear the screen, set the clipboard
/// (`ESC ]52;…`) or reorder what a reader sees. Each is written as `\u{1B}` instead.
enum TerminalText {
    /// `text` with every such character escaped; a line break stays one where
    /// `keepingLineBreaks` (text that fieldcheck laid out in lines itself).
    static func escaped(_ text: String, keepingLineBreaks: Bool = false) -> String {
        // Most text is printable ASCII, which needs no escape: its bytes are looked at without
        // decoding scalars (a diagnostic's message and place are escaped on every bad row).
        let printable = text.utf8.withContiguousStorageIfAvailable { bytes in
            isPrintableASCII(bytes, lineFeeds: keepingLineBreaks)
        }
        if printable == true { return text }
        guard text.unicodeScalars.contains(where: { needsEscape($0, keepingLineBreaks) }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if needsEscape(scalar, keepingLineBreaks) {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Whether every byte is printable ASCII (0x20 to 0x7E), or a line feed where `lineFeeds`
    /// allows one. Eight bytes at a time: a diagnostic's message and place are asked this on
    /// every line, and a byte at a time was a twentieth of an explained run.
    static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>, lineFeeds: Bool) -> Bool {
        var index = 0
        if !lineFeeds, let base = bytes.baseAddress {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            while index + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                // Some byte at or above 0x80, below 0x20, or equal to 0x7F (a zero byte of
                // word ^ 0x7F7F…): the usual tests for a byte less than n, exact for n <= 0x80.
                let belowSpace = (word &- ones &* 0x20) & ~word & highs
                let delete = word ^ (ones &* 0x7F)
                let isDelete = (delete &- ones) & ~delete & highs
                if (word & highs) | belowSpace | isDelete != 0 { return false }
                index += 8
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if !((byte >= 0x20 && byte < 0x7F) || (byte == 0x0A && lineFeeds)) { return false }
            index += 1
        }
        return true
    }

    @inline(__always)
    static func needsEscape(_ scalar: Unicode.Scalar, _ keepingLineBreaks: Bool) -> Bool {
        let value = scalar.value
        if value < 0x20 { return !(keepingLineBreaks && value == 0x0A) }
        if value < 0x7F { return false }
        return value <= 0x9F || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }
}
