/// "Did you mean": the names near a mistyped one, for every message that suggests one (a
/// command, a locale, a schema key).
public enum Suggestion {
    /// Levenshtein distance in Unicode scalars.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let b = Array(b.unicodeScalars)
        var rows = DistanceRows(b.count)
        return rows.distance(Array(a.unicodeScalars), b, limit: .max)!
    }

    /// The two rows of the edit-distance table, kept for many comparisons with one string.
    private struct DistanceRows {
        var previous: [Int]
        var current: [Int]

        init(_ count: Int) {
            previous = [Int](repeating: 0, count: count + 1)
            current = previous
        }

        /// The distance from `a` to `b` (of the length the rows were made for), or nil once
        /// every path is over `limit`: the rest of the table cannot bring it back.
        mutating func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int? {
            for index in previous.indices { previous[index] = index }
            for (row, x) in a.enumerated() {
                current[0] = row + 1
                var smallest = current[0]
                for (column, y) in b.enumerated() {
                    current[column + 1] = min(
                        previous[column + 1] + 1, current[column] + 1, previous[column] + (x == y ? 0 : 1))
                    smallest = min(smallest, current[column + 1])
                }
                if smallest > limit { return nil }
                swap(&previous, &current)
            }
            return previous[b.count]
        }
    }

    /// Names prepared once for many look-ups (an identifier field's names, asked for every
    /// unknown value): each name with its lowercased scalars and its length in characters.
    public struct Candidates: Sendable {
        fileprivate let entries: [(name: String, lowered: [Unicode.Scalar], count: Int)]

        public init(_ names: some Sequence<String>) {
            entries = names.map { ($0, Array($0.lowercased().unicodeScalars), $0.count) }
        }
    }

    /// The names that `typed` is most likely a typo of: equal but for case, or within
    /// `maxDistance` edits (1 for names of up to 4 characters), nearest first.
    public static func near(_ typed: String, in names: some Sequence<String>, maxDistance: Int = 2) -> [String] {
        near(typed, in: Candidates(names), maxDistance: maxDistance)
    }

    /// As `near(_:in:maxDistance:)`, over prepared names. A name whose length differs by more
    /// than the limit is skipped, and a comparison stops once every path is over the limit:
    /// the answer is the same as comparing in full (an identifier field's did-you-mean spent
    /// about 750 µs per unknown name that way).
    public static func near(_ typed: String, in candidates: Candidates, maxDistance: Int = 2) -> [String] {
        let lowered = Array(typed.lowercased().unicodeScalars)
        let typedCount = typed.count
        var rows = DistanceRows(lowered.count)
        var found: [(name: String, distance: Int)] = []
        for entry in candidates.entries {
            let limit = min(maxDistance, max(1, min(entry.count, typedCount) / 3))
            guard abs(entry.lowered.count - lowered.count) <= limit,
                let distance = rows.distance(entry.lowered, lowered, limit: limit), distance <= limit
            else { continue }
            found.append((entry.name, distance))
        }
        return found.sorted { $0.distance != $1.distance ? $0.distance < $1.distance : $0.name < $1.name }.map(\.name)
    }
}
