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
            bytes.allSatisfy { ($0 >= 0x20 && $0 < 0x7F) || ($0 == 0x0A && keepingLineBreaks) }
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

    @inline(__always)
    static func needsEscape(_ scalar: Unicode.Scalar, _ keepingLineBreaks: Bool) -> Bool {
        let value = scalar.value
        if value < 0x20 { return !(keepingLineBreaks && value == 0x0A) }
        if value < 0x7F { return false }
        return value <= 0x9F || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }
}
