/// What a value must hold for a reading of numbers to read it where the field and the
/// readings tried before, with the same decimal mark, could not: its own grouping — a space
/// (fr_FR), an apostrophe (de_CH), a group of two between commas (en_IN's lakh), or its
/// grouping separator.
enum OtherReadingMark: Sendable {
    case space, apostrophe, lakh
    case separator([UInt8])

    init?(_ symbols: NumberSymbols) {
        guard symbols.usesGrouping else { return nil }
        let group = symbols.groupingSeparator
        if ["\u{20}", "\u{A0}", "\u{202F}"].contains(group) {
            self = .space
        } else if group == "'" || group == "\u{2019}" {
            self = .apostrophe
        } else if group == ",", symbols.secondaryGroupingSize == 2 {
            self = .lakh
        } else {
            self = .separator(Array(group.utf8))
        }
    }

    /// Whether the UTF-8 `bytes` lack the mark.
    func isMissing(in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        switch self {
        case .space:
            // U+0020, U+00A0 (C2 A0) or U+202F (E2 80 AF) between two digits: a space at an
            // end, or beside a sign or symbol, groups nothing.
            return !Self.between(bytes, ascii: 0x20, 0xC2, 0xA0, 0xE2, 0x80, 0xAF)
        case .apostrophe:
            // U+0027 or U+2019 (E2 80 99) between two digits.
            return !Self.between(bytes, ascii: 0x27, 0, 0, 0xE2, 0x80, 0x99)
        case .lakh:
            // `,dd,`: a group of two digits between separators.
            guard bytes.count >= 4 else { return true }
            for index in 0..<(bytes.count - 3) where bytes[index] == 0x2C && bytes[index + 3] == 0x2C {
                if (0x30...0x39).contains(bytes[index + 1]) && (0x30...0x39).contains(bytes[index + 2]) {
                    return false
                }
            }
            return true
        case .separator(let separator):
            return !contains(separator, bytes)
        }
    }

    /// Whether a mark stands between two ASCII digits in `bytes`: the byte `ascii`, the
    /// two-byte sequence `twoA twoB` (0 0: none) or the three-byte `threeA threeB threeC`.
    /// Written out, without arrays: it reads every rejected value a separator may explain.
    private static func between(
        _ bytes: UnsafeBufferPointer<UInt8>, ascii: UInt8, _ twoA: UInt8, _ twoB: UInt8, _ threeA: UInt8,
        _ threeB: UInt8, _ threeC: UInt8
    ) -> Bool {
        @inline(__always) func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }
        let count = bytes.count
        var index = 1
        while index + 1 < count {
            let byte = bytes[index]
            if byte == ascii {
                if isDigit(bytes[index - 1]) && isDigit(bytes[index + 1]) { return true }
            } else if byte == twoA && twoA != 0 {
                if index + 2 < count && bytes[index + 1] == twoB && isDigit(bytes[index - 1])
                    && isDigit(bytes[index + 2])
                {
                    return true
                }
            } else if byte == threeA {
                if index + 3 < count && bytes[index + 1] == threeB && bytes[index + 2] == threeC
                    && isDigit(bytes[index - 1]) && isDigit(bytes[index + 3])
                {
                    return true
                }
            }
            index += 1
        }
        return false
    }

    private func contains(_ sequence: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = sequence.first, bytes.count >= sequence.count else { return false }
        for index in 0...(bytes.count - sequence.count) where bytes[index] == first {
            if sequence.indices.allSatisfy({ bytes[index + $0] == sequence[$0] }) { return true }
        }
        return false
    }
}
