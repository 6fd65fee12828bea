import FieldCheck

/// Counts of a CSV run, printed by `--summary`.
struct TableSummary {
    var read = 0
    var accepted = 0
    var rejected = 0
    var byColumn: [String: [ErrorCode: Int]] = [:]
    var byCode: [ErrorCode: Int] = [:]
    /// Problems of the header (fieldsMatch), counted apart from rows.
    var headerProblems = 0

    mutating func addHeader(_ problem: CellProblem) {
        headerProblems += 1
        byCode[problem.diagnostic.code, default: 0] += 1
    }

    mutating func add(_ result: RowResult) {
        read += 1
        guard !result.isValid else {
            accepted += 1
            return
        }
        rejected += 1
        // Cells per code, as the line commands count values: a cell with three disallowed
        // characters is one bad cell.
        for (index, problem) in result.errors.enumerated()
        where !result.errors[..<index].contains(where: {
            $0.field == problem.field && $0.diagnostic.code == problem.diagnostic.code
        }) {
            byCode[problem.diagnostic.code, default: 0] += 1
            byColumn[problem.column ?? "(row)", default: [:]][problem.diagnostic.code, default: 0] += 1
        }
    }

    /// The summary lines; `label` (a Data Package's resource) follows "summary:" in each.
    func text(rejectsFile: String?, label: String? = nil) -> String {
        let prefix = "fieldcheck: summary: " + (label.map { "\($0): " } ?? "")
        var out = "\(prefix)\(read) rows read = \(accepted) accepted + \(rejected) rejected"
        if let rejectsFile, rejected > 0 { out += " (rejected rows in \(rejectsFile))" }
        out += "\n"
        if headerProblems > 0 {
            out +=
                "\(prefix)header: \(headerProblems) problem\(headerProblems == 1 ? "" : "s") with the schema's fields\n"
        }
        func list(_ codes: [ErrorCode: Int]) -> String {
            codes.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key.rawValue < $1.key.rawValue }
                .map { "\($0.key.rawValue) \($0.value)" }.joined(separator: ", ")
        }
        for (column, codes) in byColumn.sorted(by: { $0.key < $1.key }) {
            out += "\(prefix)column '\(column)': \(codes.values.reduce(0, +)) bad (\(list(codes)))\n"
        }
        if !byCode.isEmpty { out += "\(prefix)by code: \(list(byCode))\n" }
        return out
    }
}
