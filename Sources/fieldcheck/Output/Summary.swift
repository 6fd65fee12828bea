import FieldCheck

/// Counts of one run, printed by `--summary`.
struct Summary {
    var read = 0
    var accepted = 0
    var rejected = 0
    var warned = 0
    /// How many rejected values carry each code.
    var codes: [ErrorCode: Int] = [:]

    /// A value accepted on the fast path (no warnings, by construction).
    mutating func addAccepted() {
        read += 1
        accepted += 1
    }

    mutating func add(_ result: FieldResult) {
        read += 1
        if result.isValid { accepted += 1 } else { rejected += 1 }
        if !result.warnings.isEmpty || !result.removed.isEmpty { warned += 1 }
        // Values per code: a value with three disallowed characters counts once.
        for (index, error) in result.errors.enumerated()
        where !result.errors[..<index].contains(where: { $0.code == error.code }) {
            codes[error.code, default: 0] += 1
        }
    }

    /// Adds the counts of another part of the same run.
    mutating func merge(_ other: Summary) {
        read += other.read
        accepted += other.accepted
        rejected += other.rejected
        warned += other.warned
        codes.merge(other.codes, uniquingKeysWith: +)
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
