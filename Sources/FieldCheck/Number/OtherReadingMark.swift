/// What a value must hold for a reading of numbers to read it where the field and the
/// readings tried before, with the same decimal mark, could not: its own grouping separator
/// between two digits — a space variant (fr_FR), an apostrophe variant (de_CH), its separator —
/// or, for en_IN's lakh grouping, a group of two digits between commas. Without it the reading
/// is the ungrouped one already tried, or fails: a grouping separator stands between digits.
enum OtherReadingMark: Sendable {
    case space, apostrophe, lakh
    case separator(Unicode.Scalar)

    init?(_ symbols: NumberSymbols) {
        guard symbols.usesGrouping, let group = symbols.groupingSeparator.unicodeScalars.first else { return nil }
        if NumberParser.spaces.contains(group) {
            self = .space
        } else if NumberParser.apostrophes.contains(group) {
            self = .apostrophe
        } else if group == ",", symbols.secondaryGroupingSize == 2 {
            self = .lakh
        } else {
            self = .separator(group)
        }
    }

    /// Whether `scalars` (a rejected value) lack the mark.
    func isMissing(in scalars: [Unicode.Scalar]) -> Bool {
        @inline(__always) func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value &- 0x30 < 10 }
        if case .lakh = self {
            guard scalars.count >= 4 else { return true }
            for index in 0..<(scalars.count - 3)
            where scalars[index] == "," && scalars[index + 3] == "," && isDigit(scalars[index + 1])
                && isDigit(scalars[index + 2])
            {
                return false
            }
            return true
        }
        guard scalars.count >= 3 else { return true }
        for index in 1..<(scalars.count - 1)
        where isDigit(scalars[index - 1]) && isDigit(scalars[index + 1]) && groups(scalars[index]) {
            return false
        }
        return true
    }

    /// Whether `scalar` is the mark's grouping separator (as the strict reader reads variants).
    private func groups(_ scalar: Unicode.Scalar) -> Bool {
        switch self {
        case .space: NumberParser.spaces.contains(scalar)
        case .apostrophe: NumberParser.apostrophes.contains(scalar)
        case .separator(let separator): scalar == separator
        case .lakh: scalar == ","
        }
    }
}
