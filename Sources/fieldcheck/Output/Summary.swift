import FieldCheck

/// Counts of one run, printed by `--summary`.
struct Summary {
    var read = 0
    var accepted = 0
    var rejected = 0
    var warned = 0
    /// How many rejected values carry each code, in the order the codes first appeared: a
    /// run sees a handful of codes, and a Dictionary hashed each code's name for every value.
    private var counts: [(code: ErrorCode, count: Int)] = []

    /// How many rejected values carry each code.
    var codes: [ErrorCode: Int] { Dictionary(counts.map { ($0.code, $0.count) }, uniquingKeysWith: +) }

    private mutating func count(_ code: ErrorCode, _ amount: Int) {
        if let index = counts.firstIndex(where: { $0.code == code }) {
            counts[index].count += amount
        } else {
            counts.append((code, amount))
        }
    }

    /// Values accepted on the fast path (no warnings, by construction).
    mutating func addAccepted(_ count: Int) {
        read += count
        accepted += count
    }

    /// A value rejected on the fast path, whose codes nobody asked for (no `--summary`).
    mutating func addRejected() {
        read += 1
        rejected += 1
    }

    mutating func add(_ result: FieldResult) {
        read += 1
        if result.isValid { accepted += 1 } else { rejected += 1 }
        if !result.warnings.isEmpty || !result.removed.isEmpty { warned += 1 }
        // Values per code: a value with three disallowed characters counts once.
        for (index, error) in result.errors.enumerated()
        where !result.errors[..<index].contains(where: { $0.code == error.code }) {
            count(error.code, 1)
        }
    }

    /// Adds the counts of another part of the same run.
    mutating func merge(_ other: Summary) {
        read += other.read
        accepted += other.accepted
        rejected += other.rejected
        warned += other.warned
        for (code, amount) in other.counts { count(code, amount) }
    }

    var text: String {
        var out = "summary: \(read) read, \(accepted) accepted, \(rejected) rejected"
        if warned > 0 { out += ", \(warned) accepted with warnings" }
        if !codes.isEmpty {
            let parts = codes.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key.rawValue < $1.key.rawValue }
            out += " (" + parts.map { "\($0.key.rawValue): \($0.value)" }.joined(separator: ", ") + ")"
        }
        return out
    }
}
