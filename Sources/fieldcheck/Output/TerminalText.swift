import FieldCheck

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
        let escaped: String? = text.withUTF8Bytes { bytes in
            if isPrintableASCII(bytes, lineFeeds: keepingLineBreaks)
                || firstEscape(in: bytes, from: 0, keepingLineBreaks) == nil
            {
                return nil
            }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 16)
            forEachPiece(of: bytes, keepingLineBreaks) { out.append(contentsOf: $0) }
            return String(decoding: out, as: UTF8.self)
        }
        return escaped ?? text
    }

    /// `escaped(text)` appended to `out`, with no `String` made: a diagnostic's message is
    /// escaped on every line written, and building the escaped copy scalar by scalar was a
    /// third of an explained run over binary input (issue 35).
    static func append(escaping text: String, keepingLineBreaks: Bool = false, to out: FieldOutput) {
        text.withUTF8Bytes { append(escaping: $0, keepingLineBreaks: keepingLineBreaks, to: out) }
    }

    /// `append(escaping:)` of UTF-8 bytes (a message a diagnostic wrote on the stack).
    static func append(escaping bytes: UnsafeBufferPointer<UInt8>, keepingLineBreaks: Bool = false, to out: FieldOutput)
    {
        if isPrintableASCII(bytes, lineFeeds: keepingLineBreaks) {
            out.append(bytes)
        } else {
            forEachPiece(of: bytes, keepingLineBreaks) { out.append($0) }
        }
    }

    /// Hands `body` the UTF-8 of `bytes` as it is shown: the stretches between characters
    /// that need an escape, and `\u{1B}` for each such character.
    private static func forEachPiece(
        of bytes: UnsafeBufferPointer<UInt8>, _ keepingLineBreaks: Bool, _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        var start = 0
        while let found = firstEscape(in: bytes, from: start, keepingLineBreaks) {
            body(UnsafeBufferPointer(rebasing: bytes[start..<found.index]))
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 12) { buffer in
                buffer[0] = UInt8(ascii: "\\")
                buffer[1] = UInt8(ascii: "u")
                buffer[2] = UInt8(ascii: "{")
                var count = 3
                withHexDigits(found.value, width: 1) { digits in
                    for digit in digits {
                        buffer[count] = digit
                        count += 1
                    }
                }
                buffer[count] = UInt8(ascii: "}")
                body(UnsafeBufferPointer(rebasing: buffer[..<(count + 1)]))
            }
            start = found.index + found.length
        }
        body(UnsafeBufferPointer(rebasing: bytes[start...]))
    }

    /// Where the first character from `start` on that `needsEscape` is, its value and its
    /// length in bytes; nil when there is none. Read from the UTF-8 without decoding: every
    /// such character is a C0 control or DEL (one byte), a C1 control (`C2 80`–`C2 9F`) or a
    /// bidi embedding, override or isolate (`E2 80 AA`–`E2 80 AE`, `E2 81 A6`–`E2 81 A9`), and
    /// none of those bytes is ever the continuation of another character.
    private static func firstEscape(
        in bytes: UnsafeBufferPointer<UInt8>, from start: Int, _ keepingLineBreaks: Bool
    ) -> (index: Int, value: UInt32, length: Int)? {
        var index = start
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte < 0x20 {
                if !(keepingLineBreaks && byte == 0x0A) { return (index, UInt32(byte), 1) }
            } else if byte == 0x7F {
                return (index, 0x7F, 1)
            } else if byte == 0xC2, index + 1 < count, bytes[index + 1] <= 0x9F {
                return (index, UInt32(bytes[index + 1]), 2)
            } else if byte == 0xE2, index + 2 < count {
                let second = bytes[index + 1]
                let third = bytes[index + 2]
                if (second == 0x80 && (0xAA...0xAE).contains(third))
                    || (second == 0x81 && (0xA6...0xA9).contains(third))
                {
                    return (index, 0x2000 | UInt32(second & 0x3F) << 6 | UInt32(third & 0x3F), 3)
                }
            }
            index += 1
        }
        return nil
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
}
