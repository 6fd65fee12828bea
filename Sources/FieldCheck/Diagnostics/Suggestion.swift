/// "Did you mean": the names near a mistyped one, for every message that suggests one (a
/// command, a locale, a schema key).
public enum Suggestion {
    /// Levenshtein distance in Unicode scalars.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars)
        let b = Array(b.unicodeScalars)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// The names that `typed` is most likely a typo of: equal but for case, or within
    /// `maxDistance` edits (1 for names of up to 4 characters), nearest first.
    public static func near(_ typed: String, in names: some Sequence<String>, maxDistance: Int = 2) -> [String] {
        let lowered = typed.lowercased()
        return names.compactMap { name -> (String, Int)? in
            if name.lowercased() == lowered { return (name, 0) }
            let limit = min(maxDistance, max(1, min(name.count, typed.count) / 3))
            let distance = editDistance(lowered, name.lowercased())
            return distance <= limit ? (name, distance) : nil
        }
        .sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }
        .map(\.0)
    }
}
