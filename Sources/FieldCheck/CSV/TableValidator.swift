#if canImport(Glibc)
    import Glibc
#endif

/// A compiled schema placed on one file's header: one `FieldValidator` per column (the same
/// pipeline as the line commands), and the table rules (required, unique, enum, the row's
/// shape). Not thread-safe.
public final class TableValidator {
    /// Said of a row over the record limit (the schema's `recordLimitHint`).
    private let recordLimitHint: String?
    /// A class, not a struct: a column is handed to `check` for every cell, and copying its
    /// schema (strings, arrays) each time showed up as a tenth of a CSV run.
    final class Column {
        let schema: ColumnSchema
        let index: Int
        let validator: FieldValidator
        /// The values seen, where this table looks uniqueness up (nil in a worker's table);
        /// `uniqueRef`, which it keeps alive, unretained for each lookup (binding `unique`
        /// retained and released it at every row).
        let unique: UniqueSet?
        let uniqueRef: Unmanaged<UniqueSet>?
        /// Whether the column's values must be unique.
        let isUnique: Bool
        let required: Bool
        let bareNumber: Bool
        /// Numbers keep the scale written (3.00), but compare as values: `3.00` repeats `3`.
        let isNumber: Bool
        /// The ASCII bytes the fast path's canonical form of the column's values is made of,
        /// as two 64-bit sets (bytes 0–63, 64–127); nil when it may hold any (text). A
        /// delimiter outside it never needs quotes around such a value.
        let canonicalBytes: (low: UInt64, high: UInt64)?

        init(schema: ColumnSchema, index: Int, validator: FieldValidator, unique: UniqueSet?) {
            self.schema = schema
            self.index = index
            self.validator = validator
            self.unique = unique
            uniqueRef = unique.map { Unmanaged.passUnretained($0) }
            isUnique = schema.unique
            required = schema.required
            bareNumber = schema.bareNumber
            if case .number = schema.spec.kind { isNumber = true } else { isNumber = false }
            canonicalBytes = Self.canonicalBytes(of: schema.spec)
        }

        /// What the fast paths write for a kind (each declines a formatted output): plain
        /// decimals, ISO dates, `true`/`false`, ISO 8601 temporals as read.
        static func canonicalBytes(of spec: FieldSpec) -> (low: UInt64, high: UInt64)? {
            guard spec.output == .canonical else { return nil }
            let alphabet: String
            switch spec.kind {
            case .number: alphabet = "0123456789-."
            case .date: alphabet = "0123456789-"
            case .boolean: alphabet = "truefals"
            case .temporal: alphabet = "0123456789-:TZ+.,"
            default: return nil
            }
            var set: (low: UInt64, high: UInt64) = (0, 0)
            for byte in alphabet.utf8 {
                if byte < 64 { set.low |= 1 << UInt64(byte) } else { set.high |= 1 << UInt64(byte - 64) }
            }
            return set
        }

        /// Whether a canonical value written on the fast path may need quotes with `delimiter`.
        @inline(__always)
        func mayNeedQuotes(_ delimiter: UInt8) -> Bool {
            guard let set = canonicalBytes else { return true }
            if delimiter < 64 { return set.low & (1 << UInt64(delimiter)) != 0 }
            return delimiter < 128 && set.high & (1 << UInt64(delimiter - 64)) != 0
        }

        /// The part of a canonical value that is compared: a number without the trailing
        /// zeros of its scale (`3.00` is compared as `3`).
        func comparedRange(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
            AllowedValues.comparedRange(range, in: bytes, asNumber: isNumber)
        }

        /// Adds a value to the column's unique set, prepared already on another thread or
        /// not: nil when it is new (or the column is not unique), else the row it first had.
        @inline(__always)
        func insert(_ bytes: UnsafeBufferPointer<UInt8>, prepared: UniqueSet.Prepared?, row: Int) -> Int? {
            uniqueRef?._withUnsafeGuaranteedRef { unique in
                guard let prepared else { return unique.insert(bytes, row: row) }
                return unique.insert(bytes, prepared: prepared, row: row)
            }
        }

        /// Reads the slot of the column's unique set where a value of this hash starts probing.
        func warm(hash: UInt64) -> UInt8 { unique?.warm(hash: hash) ?? 0 }
    }

    public let header: [String]?
    /// What the caller reads of a rejected cell: under `.codes` or less the findings of its
    /// field (number, date, pattern…) carry no reason in words (nobody reads one under
    /// `--quiet`); the table's own (required, enum, unique, row structure) still do.
    public let detail: CheckDetail
    /// How many cells a row must have.
    public let width: Int
    let columns: [Column]
    /// `columns`, which keeps them alive, for the per-row loop: a column taken from `columns`
    /// was retained and released around each cell's check.
    let columnRefs: [Unmanaged<Column>]
    let missingValues: Set<String>
    let emptyIsMissing: Bool
    /// Whether a missing value other than the empty string exists (checking costs a String).
    let hasWrittenMissingValues: Bool
    let primaryKey: [Int]
    let keySet: UniqueSet?
    private var keyBuffer: [UInt8] = []
    /// The foreign keys, with their columns in this file.
    private let foreignKeys: [(columns: KeyColumns, keys: ReferenceKeys)]
    /// Where `warmUniqueness` leaves what it read, so that the reads are not optimized away.
    private var warmed: UInt8 = 0
    /// The cells no field checks (columns the schema does not name, or the others of
    /// `--column`), in order: passed through as read, but a cell that is not text (bytes that
    /// are not UTF-8, a NUL) is rejected as it is in any column. Such a cell was written out
    /// with the run's exit status 0, while the run said each was rejected.
    let uncheckedCells: [Int]
    /// What reads those cells when they are not plain text: text with no rules, made for the
    /// first such cell (most tables never meet one).
    private lazy var passThrough: FieldValidator? = try? FieldValidator(FieldSpec(kind: .text, locale: .posix))
    /// The column of each cell for `acceptClean`; nil when the table has no clean-row path.
    let cleanRowColumns: [Unmanaged<Column>?]?
    /// The place in `columns` of the one unique column on the clean-row path, if any.
    let cleanRowUniquePosition: Int?
    /// Where the clean-row path writes a row that is not to go out written (`check`).
    let cleanRowScratch = FieldOutput(capacity: 1 << 12)

    /// - Parameters:
    ///   - header: the file's column names; nil under `--no-header` (columns by position).
    ///   - width: the number of cells of the first row when there is no header.
    ///   - tracksUniqueness: false for a worker's table under `--jobs`, which only hashes the
    ///     unique values for the main thread's table to look up.
    ///   - detail: what the caller reads of a rejected cell (`CheckDetail`).
    /// - Throws: `ConfigurationError` naming the schema path of a column the file lacks.
    public init(
        schema compiled: CompiledSchema, header: [String]?, width: Int, file: String, tracksUniqueness: Bool = true,
        detail: CheckDetail = .messages
    ) throws(ConfigurationError) {
        let schema = compiled.schema
        self.detail = detail
        recordLimitHint = schema.recordLimitHint
        self.header = header
        self.width =
            header?.count ?? max(width, schema.columns.count, schema.columns.compactMap(\.position).max() ?? 0)
        var columns: [Column] = []
        // Each name's first cell, looked up once per column: a schema of 10,000 columns on a
        // header of 10,000 is not 10^8 comparisons.
        var cellOfName: [String: Int] = [:]
        for (cell, name) in (header ?? []).enumerated() where cellOfName[name] == nil { cellOfName[name] = cell }
        let match = schema.fieldsMatch
        for (position, column) in schema.columns.enumerated() {
            let index: Int
            if let header {
                if let found = cellOfName[column.name] {
                    index = found
                } else if let cell = column.position, cell <= header.count {
                    index = cell - 1
                } else if !match.refusesMissing {
                    // superset, partial: a field the file lacks is not checked.
                    continue
                } else {
                    throw ConfigurationError(
                        "\(column.path, member: "name"): the column '\(column.name)' is not in the header of \(file) "
                            + "(its columns: \(header.joined(separator: ", ")))"
                            + Self.missingColumnHint(column.name, header: header))
                }
            } else {
                index = column.position.map { $0 - 1 } ?? position
            }
            let validator = compiled.validators[position]
            columns.append(
                Column(
                    schema: column, index: index, validator: validator,
                    unique: column.unique && tracksUniqueness ? UniqueSet() : nil))
        }
        self.columns = columns
        columnRefs = columns.map { Unmanaged.passUnretained($0) }
        let checkedCells = Set(columns.map(\.index))
        uncheckedCells = (0..<self.width).filter { !checkedCells.contains($0) }
        if let header {
            headerProblems = try Self.headerProblems(header, schema: schema, file: file)
        }
        missingValues = Set(schema.missingValues)
        emptyIsMissing = missingValues.contains("")
        hasWrittenMissingValues = missingValues.contains { !$0.isEmpty }
        primaryKey = schema.primaryKey.compactMap { name in columns.first { $0.schema.name == name }?.index }
        keySet = primaryKey.isEmpty || !tracksUniqueness ? nil : UniqueSet()
        var foreignKeys: [(columns: KeyColumns, keys: ReferenceKeys)] = []
        if tracksUniqueness {
            for reference in compiled.references {
                let found = reference.foreignKey.fields.compactMap { name in columns.first { $0.schema.name == name } }
                // A field the file lacks (fieldsMatch superset or partial) leaves the key unchecked.
                if found.count == reference.foreignKey.fields.count {
                    foreignKeys.append((KeyColumns(columns: found), reference))
                }
            }
        }
        self.foreignKeys = foreignKeys
        cleanRowColumns = Self.cleanRowColumns(
            columns, width: self.width, primaryKey: primaryKey,
            // The schema's, not this table's: a worker's table checks none of them.
            foreignKeys: compiled.references.count,
            writtenMissingValues: hasWrittenMissingValues)
        cleanRowUniquePosition = columns.firstIndex { $0.isUnique }
    }

    /// Columns whose values together make a key (a foreign key, or the fields it refers to).
    public struct KeyColumns {
        let columns: [Column]
    }

    /// `problem` with nothing of the value in it (`--redact`): no cell, no character, the
    /// code worded alone. A cell's finding keeps its column's example of a valid value, as a
    /// line command's error does; a warning, and an error about other rows' values (unique,
    /// enum, foreign key), have none.
    public func redacted(_ problem: CellProblem, isError: Bool) -> CellProblem {
        var copy = problem
        copy.input = ""
        let column = problem.field.flatMap { cell in columns.first { $0.index == cell } }
        let aboutTheValue = ![.notUnique, .notInEnum, .foreignKey].contains(problem.diagnostic.code)
        copy.diagnostic = problem.diagnostic.redacted(
            expected: aboutTheValue && isError ? column?.validator.placeholderPhrase : nil)
        return copy
    }

    /// The columns named, in order; nil when one is not a checked column of this file.
    public func keyColumns(_ names: [String]) -> KeyColumns? {
        let found = names.compactMap { name in columns.first { $0.schema.name == name } }
        return found.count == names.count ? KeyColumns(columns: found) : nil
    }

    /// A checked row's key: the canonical values of `key`'s cells (numbers without the trailing
    /// zeros of their scale, as uniqueness compares them), joined by U+001F; nil when a cell
    /// was rejected or left unchecked, or every cell is a missing value (a null key refers to
    /// nothing, as in Table Schema).
    public func key(_ key: KeyColumns, _ record: CSVRecord, _ result: RowResult) -> String? {
        var bytes: [UInt8] = []
        var allMissing = true
        for (position, column) in key.columns.enumerated() {
            let index = column.index
            // No canonical form: the cell was rejected, or the row's shape kept it unchecked.
            guard index < record.count, !result.rejectedCells.contains(index), index < result.outputRanges.count,
                let range = result.outputRanges[index]
            else { return nil }
            if position > 0 { bytes.append(0x1F) }
            if !range.isEmpty { allMissing = false }
            result.outputBytes.withUnsafeBufferPointer {
                bytes.append(contentsOf: $0[column.comparedRange(range, in: $0)])
            }
        }
        return allMissing ? nil : String(decoding: bytes, as: UTF8.self)
    }

    /// Looks each foreign key of the row up in the referenced resource's values.
    private func checkForeignKeys(_ record: CSVRecord, into result: inout RowResult) {
        for (columns, keys) in foreignKeys {
            guard let value = key(columns, record, result), !keys.values.contains(value) else { continue }
            let names = columns.columns.map(\.schema.name).joined(separator: ", ")
            let referenced = keys.foreignKey.referencedFields.joined(separator: ", ")
            var problem = CellProblem(
                column: names, field: columns.columns[0].index,
                input: value.split(separator: "\u{1F}", omittingEmptySubsequences: false).joined(separator: ", "),
                diagnostic: Diagnostic(
                    code: .foreignKey, offset: nil, length: 0,
                    reason: .noForeignMatch(columns: names, resource: keys.resourceName, fields: referenced)))
            problem.reference = keys.resourceName
            result.errors.append(problem)
        }
    }

    /// Why `name` may be missing from `header`: a cell that splits into names with another
    /// delimiter (`a;b` read with `,`), or a header name it is a typo of.
    static func missingColumnHint(_ name: String, header: [String]) -> String {
        if header.allSatisfy(\.isEmpty) {
            return "; the header is an empty line (remove it, or read the file as one without a header)"
        }
        for (delimiter, option) in [(";", "-d ';'"), ("\t", "-d tab"), ("|", "-d '|'"), (",", "-d ','")] {
            for cell in header where cell.contains(delimiter) {
                let names = cell.split(separator: Character(delimiter), omittingEmptySubsequences: false)
                if names.count > 1 {
                    let shown = delimiter == "\t" ? "a tab" : "'\(delimiter)'"
                    return "; the header did not split into columns: '\(cell)' splits at \(shown), so give \(option)"
                }
            }
        }
        let near = Suggestion.near(name, in: header.filter { !$0.isEmpty })
        return near.isEmpty ? "" : "; did you mean '\(near.joined(separator: "' or '"))'?"
    }

    /// What is wrong with the header under the schema's `fieldsMatch`: columns the schema
    /// does not define, or (exact) a column out of the schema's order. Reported once per file;
    /// the rows are still checked.
    public private(set) var headerProblems: [CellProblem] = []

    private static func headerProblems(_ header: [String], schema: TableSchema, file: String)
        throws(ConfigurationError) -> [CellProblem]
    {
        let match = schema.fieldsMatch
        let names = Set(schema.columns.map(\.name))
        if match == .partial && !header.contains(where: names.contains) {
            throw ConfigurationError(
                "none of the schema's fields is in the header of \(file) (fieldsMatch: partial); its columns: "
                    + header.joined(separator: ", "))
        }
        var problems: [CellProblem] = []
        if match.refusesExtras {
            for (cell, name) in header.enumerated() where !names.contains(name) {
                problems.append(
                    CellProblem(
                        column: name, field: cell, input: name,
                        diagnostic: Diagnostic(
                            code: .extraColumn, offset: nil, length: 0,
                            reason: .extraColumn(
                                name, at: cell, fieldsMatch: match.rawValue,
                                fields: schema.columns.map(\.name).joined(separator: ", ")))))
            }
        }
        if match == .exact && problems.isEmpty {
            for (cell, name) in header.enumerated() where cell < schema.columns.count {
                let expected = schema.columns[cell].name
                guard name != expected else { continue }
                problems.append(
                    CellProblem(
                        column: name, field: cell, input: name,
                        diagnostic: Diagnostic(
                            code: .misplacedColumn, offset: nil, length: 0,
                            reason: .misplacedColumn(name, at: cell, expected: expected))))
                break
            }
        }
        return problems
    }

    /// Checks one data row; `row` is its 1-based data row number.
    public func validate(_ record: CSVRecord, row: Int) -> RowResult {
        var result = RowResult()
        validate(record, row: row, into: &result)
        return result
    }

    /// Checks one data row into a reused result.
    public func validate(_ record: CSVRecord, row: Int, into result: inout RowResult) {
        checkCells(record, row: row, deferringUniqueness: false, into: &result)
        checkPrimaryKey(record, row: row, into: &result)
        if !foreignKeys.isEmpty { checkForeignKeys(record, into: &result) }
    }

    /// The part of `validate` that looks at the row alone: its shape and each cell. Rows can
    /// go through it in any order, on other `TableValidator`s of the same schema and header
    /// (one per thread); `checkUniqueness` must then see them in input order, on one.
    public func validateCells(_ record: CSVRecord, row: Int, into result: inout RowResult) {
        checkCells(record, row: row, deferringUniqueness: true, into: &result)
    }

    /// Tells the unique sets how many rows the input holds, so that they grow once to their
    /// size rather than by half again and again (a hint: any count stays exact).
    public func expectRows(_ rows: Int) {
        for column in columns { column.unique?.expectedRows = rows }
        keySet?.expectedRows = rows
    }

    /// The part of `validate` that compares a row with the rows before it: the values of
    /// `unique` columns and the primary key. Rows must come in input order, checked by
    /// `validateCells`. `from`: the place among the row's unique values to start at, when
    /// `lookUp(_:row:_:)` looked up the ones before it (all new).
    func checkUniqueness(_ record: CSVRecord, row: Int, into result: inout RowResult, from: Int = 0) {
        var added = 0
        var next = from
        while next < result.pendingUnique.count {
            let pending = result.pendingUnique[next]
            next += 1
            let input =
                result.pendingInputs.isEmpty ? nil : result.pendingInputs.first { $0.column == pending.column }?.input
            // The column through its unretained reference: `columns[…]` retained and released it.
            let new = columnRefs[pending.column]._withUnsafeGuaranteedRef {
                lookUp(
                    $0, pending.value, prepared: pending.prepared, input: input, record,
                    at: pending.errorPosition + added,
                    row: row, into: &result)
            }
            if !new { added += 1 }
        }
        checkPrimaryKey(record, row: row, into: &result)
        if !foreignKeys.isEmpty { checkForeignKeys(record, into: &result) }
    }

    /// Reads the parts of the unique sets that `checkUniqueness` will look at for these rows,
    /// all at once: their cache misses overlap instead of coming one row at a time. Only a
    /// hint for speed; it changes nothing.
    func warmUniqueness(for results: ArraySlice<RowResult>) {
        var sum: UInt8 = 0
        for result in results {
            for pending in result.pendingUnique {
                sum &+= columnRefs[pending.column]._withUnsafeGuaranteedRef { $0.warm(hash: pending.prepared.hash) }
            }
        }
        warmed = sum
    }

    /// Whether `checkUniqueness` does nothing but look up unique values: no primary key, no
    /// foreign keys. Only then may a clean row's values be looked up with `lookUp(_:row:_:)`.
    var checksOnlyUniqueValues: Bool { keySet == nil && foreignKeys.isEmpty }

    /// Looks up the unique values of clean row `index` of `pending` as `checkUniqueness`
    /// would, in order, adding each new one: returns nil when all were new, or the place of
    /// the first repeat, from which `checkUniqueness(_:row:into:from:)` goes on (the values
    /// before it are added already). Only when `checksOnlyUniqueValues`.
    func lookUp(_ pending: PendingUniqueValues, row index: Int, _ row: Int) -> Int? {
        pending.forEachValue(ofRow: index) { column, prepared, bytes in
            columnRefs[column]._withUnsafeGuaranteedRef { $0.insert(bytes, prepared: prepared, row: row) } == nil
        }
    }

    /// `warmUniqueness(for:)` for the values of clean rows.
    func warmUniqueness(for pending: PendingUniqueValues) {
        var sum: UInt8 = 0
        pending.forEachPrepared { column, prepared in
            sum &+= columnRefs[column]._withUnsafeGuaranteedRef { $0.warm(hash: prepared.hash) }
        }
        warmed = sum
    }

    /// Looks the accepted value of a unique column up in the values before it. A repeat
    /// rejects the cell, its error placed at `errorPosition`. Returns whether it was new.
    private func lookUp(
        _ column: Column, _ value: Range<Int>, prepared: UniqueSet.Prepared? = nil, input: String?, _ record: CSVRecord,
        at errorPosition: Int, row: Int, into result: inout RowResult
    ) -> Bool {
        let first = result.outputBytes.withUnsafeBufferPointer {
            column.insert(UnsafeBufferPointer(rebasing: $0[value]), prepared: prepared, row: row)
        }
        guard let first else { return true }
        let text = String(decoding: result.outputBytes[value], as: UTF8.self)
        result.errors.insert(
            CellProblem(
                column: column.schema.name, field: column.index,
                input: input ?? String(decoding: record[column.index], as: UTF8.self),
                diagnostic: repeated(text, column.schema.name, first)),
            at: errorPosition)
        result.rejectedCells.insert(column.index)
        result.outputRanges[column.index] = nil
        return false
    }

    private func checkCells(
        _ record: CSVRecord, row: Int, deferringUniqueness: Bool, into result: inout RowResult
    ) {
        result.reset(cells: record.count)
        if let problem = record.problem {
            result.errors.append(rowProblem(problem, record))
            return
        }
        if record.count != width {
            var missing = false
            if record.count < width && !record.isBlank {
                for column in columns where column.index >= record.count {
                    missing = true
                    result.errors.append(
                        CellProblem(
                            column: column.schema.name, field: column.index, input: "",
                            diagnostic: Diagnostic(
                                code: .missingColumn, offset: nil, length: 0,
                                reason: .missingCell(cells: record.count, column: column.schema.name, at: column.index))
                        ))
                }
            }
            if !missing {
                let reason = Reason.ragged(
                    cells: record.isBlank ? nil : record.count, width: width, againstHeader: header != nil)
                result.errors.append(
                    CellProblem(
                        column: nil, field: nil, input: "",
                        diagnostic: Diagnostic(code: .raggedRow, offset: nil, length: 0, reason: reason)))
                return
            }
        }
        for (position, column) in columnRefs.enumerated() {
            column._withUnsafeGuaranteedRef { column in
                guard column.index < record.count else { return }
                check(
                    column, position: position, record, row: row, deferringUniqueness: deferringUniqueness,
                    into: &result)
            }
        }
        for index in uncheckedCells where index < record.count && !Self.isText(record[index]) {
            guard let read = passThrough?.validate(bytes: record[index], detail: detail) else { continue }
            for error in read.errors {
                result.errors.append(
                    CellProblem(
                        column: header?[index] ?? "cell \(index + 1)", field: index, input: read.input,
                        diagnostic: error))
            }
            result.rejectedCells.insert(index)
        }
    }

    /// Whether a cell is text any field could read: UTF-8 without a NUL.
    static func isText(_ cell: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = cell.baseAddress, !cell.isEmpty else { return true }
        return memchr(base, 0, cell.count) == nil && checkUTF8(cell) == .valid
    }

    /// The primary key's values, when every cell of the row is good.
    private func checkPrimaryKey(_ record: CSVRecord, row: Int, into result: inout RowResult) {
        if let keySet, result.errors.isEmpty {
            keyBuffer.removeAll(keepingCapacity: true)
            for (position, index) in primaryKey.enumerated() {
                if position > 0 { keyBuffer.append(0x1F) }
                if let value = result.normalized(index) { keyBuffer.append(contentsOf: value) }
            }
            let first = keyBuffer.withUnsafeBufferPointer { keySet.insert($0, row: row) }
            if let first {
                let names = primaryKey.map { header?[$0] ?? "cell \($0 + 1)" }.joined(separator: ", ")
                // The key's cells as read, joined as a foreign key's are: it said '' (an empty cell).
                let cells = primaryKey.map { String(decoding: record[$0], as: UTF8.self) }.joined(separator: ", ")
                result.errors.append(
                    CellProblem(
                        column: names, field: primaryKey[0], input: cells,
                        diagnostic: Diagnostic(
                            code: .notUnique, offset: nil, length: 0,
                            reason: .keyRepeated(columns: names, firstRow: first))))
            }
        }
    }

    private func check(
        _ column: Column, position: Int, _ record: CSVRecord, row: Int, deferringUniqueness: Bool,
        into result: inout RowResult
    ) {
        let cell = record[column.index]
        func reject(_ input: String, _ diagnostic: Diagnostic) {
            result.errors.append(
                CellProblem(column: column.schema.name, field: column.index, input: input, diagnostic: diagnostic))
            result.rejectedCells.insert(column.index)
        }
        let isMissing =
            cell.isEmpty
            ? emptyIsMissing
            : (hasWrittenMissingValues && missingValues.contains(String(decoding: cell, as: UTF8.self)))
        if isMissing {
            if column.required || primaryKey.contains(column.index) {
                reject(
                    String(decoding: cell, as: UTF8.self),
                    Diagnostic(
                        code: .required, offset: nil, length: 0,
                        reason: .required(column: column.schema.name, expected: column.validator.placeholderPhrase)))
            } else {
                result.outputRanges[column.index] = result.outputEnd..<result.outputEnd
            }
            return
        }
        if column.bareNumber {
            // The fast path: the canonical bytes straight into the row's output.
            if let range = result.appendOutput(
                room: cell.count + FieldValidator.fastPathSlack,
                { column.validator.acceptFast(cell, at: $0) })
            {
                result.outputRanges[column.index] = range
                if column.isUnique {
                    unique(
                        column, range, position: position, input: nil, record, row: row,
                        deferring: deferringUniqueness, into: &result)
                }
                return
            }
        }
        var fieldResult: FieldResult
        if column.bareNumber {
            fieldResult = column.validator.validate(bytes: cell, detail: detail)
        } else {
            fieldResult = validateEmbeddedNumber(column.validator, cell)
        }
        for warning in fieldResult.warnings + fieldResult.removed {
            result.warnings.append(
                CellProblem(
                    column: column.schema.name, field: column.index, input: fieldResult.input, diagnostic: warning))
        }
        guard fieldResult.isValid, let value = fieldResult.value else {
            for error in fieldResult.errors { reject(fieldResult.input, error) }
            return
        }
        let range = result.append(fieldResult.emitted ?? value)
        result.outputRanges[column.index] = range
        if column.isUnique {
            let whole = fieldResult.emitted.map { $0 == value ? range : result.append(value) } ?? range
            let input = fieldResult.input == String(decoding: cell, as: UTF8.self) ? nil : fieldResult.input
            unique(
                column, whole, position: position, input: input, record, row: row, deferring: deferringUniqueness,
                into: &result)
        }
    }

    /// A unique column's value, at `range` of the row's output: looked up now, or, when
    /// uniqueness is deferred (a worker's table), handed on prepared (`UniqueSet.prepare`) for
    /// the thread that looks it up in input order. `input` is the cell as read when it differs
    /// from the value.
    private func unique(
        _ column: Column, _ range: Range<Int>, position: Int, input: String?, _ record: CSVRecord, row: Int,
        deferring: Bool, into result: inout RowResult
    ) {
        guard deferring else {
            let key = result.outputBytes.withUnsafeBufferPointer { column.comparedRange(range, in: $0) }
            _ = lookUp(column, key, input: input, record, at: result.errors.count, row: row, into: &result)
            return
        }
        let (key, prepared) = result.outputBytes.withUnsafeBufferPointer {
            let key = column.comparedRange(range, in: $0)
            return (key, UniqueSet.prepare(UnsafeBufferPointer(rebasing: $0[key])))
        }
        result.pendingUnique.append((position, result.errors.count, key, prepared))
        if let input { result.pendingInputs.append((position, input)) }
    }

    private func repeated(_ value: String, _ column: String, _ first: Int) -> Diagnostic {
        Diagnostic(
            code: .notUnique, offset: nil, length: 0, reason: .repeated(value: value, column: column, firstRow: first))
    }

    /// Table Schema's `bareNumber: false`: the number may be surrounded by other text
    /// (`€ 95`, `95 %`), which is dropped before reading. A minus sign before that text
    /// (`-€5`) still makes the number negative; parentheses are text like any other (`($5)`
    /// is 5, as Table Schema strips them and Frictionless reads it: a reading that made it
    /// -5 gave another value than every other tool, silently). Findings are about the cell
    /// as written: its `input`, and offsets in it.
    private func validateEmbeddedNumber(_ validator: FieldValidator, _ cell: UnsafeBufferPointer<UInt8>)
        -> FieldResult
    {
        if case .invalid = checkUTF8(cell) { return validator.validate(bytes: cell, detail: detail) }
        let input = String(decoding: cell, as: UTF8.self)
        let scalars = Array(input.unicodeScalars)
        func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.numericType == .decimal }
        guard let first = scalars.firstIndex(where: isDigit), let last = scalars.lastIndex(where: isDigit) else {
            return validator.validate(input, detail: detail)
        }
        var start = first
        // Keep a sign or decimal separator standing right before the first digit.
        while start > 0, "+-−.,".unicodeScalars.contains(scalars[start - 1]) { start -= 1 }
        var text = String(String.UnicodeScalarView(scalars[start...last]))
        let prefix = scalars[..<start]
        let signed = "+-−".unicodeScalars.contains(scalars[start])
        var added = 0
        if !signed && prefix.contains(where: { $0 == "-" || $0 == "−" }) {
            text = "-" + text
            added = 1
        }
        var result = validator.validate(text, detail: detail)
        guard !result.isValid || !result.warnings.isEmpty || !result.removed.isEmpty else {
            result.input = input
            return result
        }
        // An offset in the number read is one in the cell: the sign put before it stands
        // for the one in the text dropped.
        let sign = prefix.firstIndex { $0 == "-" || $0 == "−" } ?? start
        func place(_ list: inout [Diagnostic]) {
            for index in list.indices {
                guard let offset = list[index].offset, list[index].code != .invalidUTF8 else { continue }
                list[index].offset = offset < added ? sign : start + offset - added
                list[index].moveNumberColumns(by: start - added)
            }
        }
        place(&result.errors)
        place(&result.warnings)
        place(&result.removed)
        result.input = input
        return result
    }

    private func rowProblem(_ problem: CSVProblem, _ record: CSVRecord) -> CellProblem {
        Self.syntaxProblem(problem, record, limitHint: recordLimitHint)
    }

    /// A record's CSV syntax problem (an unclosed quote, text after a closing quote, a record
    /// too long) as a finding about the whole row: a data row's, or the header's.
    package static func syntaxProblem(_ problem: CSVProblem, _ record: CSVRecord, limitHint: String?)
        -> CellProblem
    {
        let diagnostic: Diagnostic
        switch problem.kind {
        case .unterminatedQuote:
            diagnostic = Diagnostic(
                code: .malformedCSV, offset: problem.offset, length: 1, character: "\"", reason: .unclosedQuote)
        case .textAfterQuote:
            // The byte is shown when it is a character on its own (ASCII); otherwise only its offset.
            let character = problem.byte.flatMap { $0 < 0x80 ? Unicode.Scalar($0) : nil }
            diagnostic = Diagnostic(
                code: .malformedCSV, offset: problem.offset, length: 1, character: character,
                reason: .textAfterQuote)
        case .tooLong:
            diagnostic = Diagnostic(
                code: .recordTooLong, offset: nil, length: record.oversizedLength ?? 0,
                reason: .rowTooLong(hint: limitHint.map { " (\($0))" } ?? ""))
        }
        return CellProblem(column: nil, field: nil, input: "", diagnostic: diagnostic)
    }
}
