import FieldCheck
import Synchronization

/// Counts of one run, printed by `--summary`: values (line commands) or rows (csv) read,
/// accepted and rejected, and the codes of the rejections counted apart — once per value, or
/// once per bad cell, so a value or cell with three disallowed characters counts once. One
/// semantic for every command; only the wording of the lines differs.
struct Summary {
    var read = 0
    var accepted = 0
    var rejected = 0
    /// Values accepted with a warning (line commands).
    var warned = 0
    /// Problems of the header with the schema's fields (csv `fieldsMatch`), apart from rows.
    var headerProblems = 0
    /// How many rejected values or bad cells carry each code, in the order the codes first
    /// appeared: a run sees a handful of codes, and a Dictionary hashed each code's name for
    /// every value.
    private var counts: [(code: ErrorCode, count: Int)] = []
    /// Bad cells by field (-1 for a problem of the whole row), then column and code (csv): a
    /// field has a few entries, found by its number; a dictionary of dictionaries hashed the
    /// column's name for every bad cell (a tenth of a bad row's cost on csv's default path).
    private var cells: [Int: [(column: String, code: ErrorCode, count: Int)]] = [:]

    /// `cells` by column name, for the report.
    private var byColumn: [String: [ErrorCode: Int]] {
        var columns: [String: [ErrorCode: Int]] = [:]
        for entries in cells.values {
            for entry in entries { columns[entry.column, default: [:]][entry.code, default: 0] += entry.count }
        }
        return columns
    }

    private mutating func countCell(field: Int, column: String, code: ErrorCode, _ amount: Int) {
        // Through the dictionary's own storage: one lookup, the entries not copied.
        Self.count(&cells[field, default: []], column: column, code: code, amount)
    }

    private static func count(
        _ entries: inout [(column: String, code: ErrorCode, count: Int)], column: String, code: ErrorCode,
        _ amount: Int
    ) {
        if let index = entries.firstIndex(where: { $0.code == code && $0.column == column }) {
            entries[index].count += amount
        } else {
            entries.append((column, code, amount))
        }
    }

    /// How many rejected values or bad cells carry each code.
    var codes: [ErrorCode: Int] { Dictionary(counts.map { ($0.code, $0.count) }, uniquingKeysWith: +) }

    private mutating func count(_ code: ErrorCode, _ amount: Int) {
        if let index = counts.firstIndex(where: { $0.code == code }) {
            counts[index].count += amount
        } else {
            counts.append((code, amount))
        }
    }

    /// Whether any summary of this process has counted a rejection (a worker's too, before
    /// the main thread merges it): a run ended by a broken pipe exits with 1, not 0, when a
    /// value had been rejected by then (`fieldcheck number < bad 2>&1 | head -c 10` under
    /// `set -o pipefail` passed with rejected values).
    private static let sawRejection = Atomic<Bool>(false)
    static var anyRejectedInProcess: Bool { sawRejection.load(ordering: .relaxed) }

    private static func noteRejection() { sawRejection.store(true, ordering: .relaxed) }

    /// Values accepted on the fast path (no warnings, by construction).
    mutating func addAccepted(_ count: Int) {
        read += count
        accepted += count
    }

    /// A value rejected on the fast path, whose codes nobody asked for (no `--summary`).
    mutating func addRejected() {
        read += 1
        rejected += 1
        Self.noteRejection()
    }

    /// A value of a line command.
    mutating func add(_ result: FieldResult) {
        read += 1
        if result.isValid {
            accepted += 1
        } else {
            rejected += 1
            Self.noteRejection()
        }
        if !result.warnings.isEmpty || !result.removed.isEmpty { warned += 1 }
        // Codes read in place: a loop over the diagnostics, and `contains` over those before
        // each, copied every one (its strings and reason), a tenth of an explained run of
        // random text whose values have many findings each.
        result.errors.withUnsafeBufferPointer { errors in
            for index in errors.indices {
                let code = errors[index].code
                if !(0..<index).contains(where: { errors[$0].code == code }) { count(code, 1) }
            }
        }
    }

    /// A row of a CSV file.
    mutating func add(_ result: RowResult) {
        read += 1
        guard !result.isValid else {
            accepted += 1
            return
        }
        rejected += 1
        Self.noteRejection()
        // Read in place: a loop over the problems, and `contains` over those before each,
        // copied every one (its strings and reason).
        result.errors.withUnsafeBufferPointer { errors in
            for index in errors.indices {
                let field = errors[index].field
                let code = errors[index].diagnostic.code
                if (0..<index).contains(where: { errors[$0].field == field && errors[$0].diagnostic.code == code }) {
                    continue
                }
                count(code, 1)
                countCell(field: field ?? -1, column: errors[index].column ?? "(row)", code: code, 1)
            }
        }
    }

    /// A problem of a CSV header.
    mutating func addHeader(_ problem: CellProblem) {
        headerProblems += 1
        Self.noteRejection()
        count(problem.diagnostic.code, 1)
    }

    /// Adds the counts of another part of the same run.
    mutating func merge(_ other: Summary) {
        read += other.read
        accepted += other.accepted
        rejected += other.rejected
        warned += other.warned
        headerProblems += other.headerProblems
        for (code, amount) in other.counts { count(code, amount) }
        for (field, entries) in other.cells {
            for entry in entries { countCell(field: field, column: entry.column, code: entry.code, entry.count) }
        }
    }

    /// Whether the run rejected anything: exit status 1.
    var rejectedAny: Bool { rejected > 0 || headerProblems > 0 }

    private static func sorted(_ codes: [ErrorCode: Int]) -> [(key: ErrorCode, value: Int)] {
        codes.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key.rawValue < $1.key.rawValue }
    }

    /// The line commands' summary line.
    var valuesText: String {
        var out =
            "fieldcheck: summary: \(read) value\(read == 1 ? "" : "s") read, \(accepted) accepted, \(rejected) rejected"
        if warned > 0 { out += ", \(warned) accepted with warnings" }
        if !counts.isEmpty { out += " (\(Self.text(codes)))" }
        return out + "\n"
    }

    /// `code: count, …`, the most frequent first.
    private static func text(_ codes: [ErrorCode: Int]) -> String {
        sorted(codes).map { "\($0.key.rawValue): \($0.value)" }.joined(separator: ", ")
    }

    /// `{"code":count,…}`, the most frequent first, as the text lists them.
    private static func json(_ codes: [ErrorCode: Int]) -> String {
        "{" + sorted(codes).map { "\"\($0.key.rawValue)\":\($0.value)" }.joined(separator: ",") + "}"
    }

    /// The line commands' summary under `--json`: the last JSON Lines record on stdout,
    /// `{"formatVersion":1,"kind":"summary","read":6,"accepted":3,"rejected":3,"warned":0,
    /// "codes":{"disallowed_character":2,"too_long":1}}`.
    var valuesJSON: String {
        JSON.recordStart + "\"kind\":\"summary\",\"read\":\(read),\"accepted\":\(accepted),"
            + "\"rejected\":\(rejected),\"warned\":\(warned),\"codes\":\(Self.json(codes))}\n"
    }

    /// csv's summary under `--json`, as `rowsText` says it: `resource` names a Data Package's
    /// resource (else null), `rejects` the rejects file when rows went there (else null),
    /// `columns` the bad cells of each column by code.
    func rowsJSON(rejectsFile: String?, resource: String? = nil) -> String {
        let columns = byColumn.sorted(by: { $0.key < $1.key }).map { "\(JSON.string($0.key)):\(Self.json($0.value))" }
        return JSON.recordStart + "\"kind\":\"summary\",\"resource\":\(JSON.string(resource)),"
            + "\"read\":\(read),\"accepted\":\(accepted),\"rejected\":\(rejected),"
            + "\"rejects\":\(JSON.string(rejected > 0 ? rejectsFile : nil)),\"headerProblems\":\(headerProblems),"
            + "\"columns\":{\(columns.joined(separator: ","))},\"codes\":\(Self.json(codes))}\n"
    }

    /// csv's summary lines; `label` (a Data Package's resource) follows "summary:" in each.
    func rowsText(rejectsFile: String?, label: String? = nil) -> String {
        let prefix = "fieldcheck: summary: " + (label.map { "\($0): " } ?? "")
        // Worded as the line commands' summary: "N rows read, A accepted, R rejected".
        var out = "\(prefix)\(read) row\(read == 1 ? "" : "s") read, \(accepted) accepted, \(rejected) rejected"
        if warned > 0 { out += ", \(warned) accepted with warnings" }
        if let rejectsFile, rejected > 0 { out += " (rejected rows in \(rejectsFile))" }
        out += "\n"
        if headerProblems > 0 {
            out +=
                "\(prefix)header: \(headerProblems) problem\(headerProblems == 1 ? "" : "s") with the schema's fields\n"
        }
        for (column, codes) in byColumn.sorted(by: { $0.key < $1.key }) {
            let cells = codes.values.reduce(0, +)
            out += "\(prefix)column '\(column)': \(cells) rejected cell\(cells == 1 ? "" : "s") (\(Self.text(codes)))\n"
        }
        if !counts.isEmpty { out += "\(prefix)by code: \(Self.text(codes))\n" }
        return out
    }
}
