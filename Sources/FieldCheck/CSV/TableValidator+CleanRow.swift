/// The clean-row path: most rows of a file have nothing to report, and for them the full
/// check (`validate` into a `RowResult`: canonical bytes into the result, their ranges, then
/// `CSVWriter` copying them out) does twice the writing it needs. `acceptClean` takes each
/// checked cell's fast path straight into the output, as `--normalize` writes the row, and
/// gives up at the first cell the fast path does not accept, or at a repeated unique value:
/// the caller then checks the row in full, which reports it. A row it accepts is one that
/// `validate` accepts with nothing to say, written byte for byte as `CSVWriter` writes it.
extension TableValidator {
    /// The column checked in each cell, when every rule of the table can be judged on the
    /// clean-row path; nil when one cannot. Left out: a primary key and foreign keys (they
    /// look at several cells), missing values other than the empty cell, numbers
    /// with text around them (`bareNumber: false`), two unique columns (a value added
    /// before a later one repeats could not be taken back), and two columns on one cell.
    static func cleanRowColumns(
        _ columns: [Column], width: Int, primaryKey: [Int], foreignKeys: Int, writtenMissingValues: Bool
    ) -> [Unmanaged<Column>?]? {
        guard primaryKey.isEmpty, foreignKeys == 0, !writtenMissingValues,
            columns.count(where: \.isUnique) <= 1
        else { return nil }
        var cells = [Unmanaged<Column>?](repeating: nil, count: width)
        for column in columns {
            guard column.bareNumber, column.index < width, cells[column.index] == nil
            else { return nil }
            cells[column.index] = Unmanaged.passUnretained(column)
        }
        return cells
    }

    /// Whether `acceptClean` may be asked about this table's rows.
    var hasCleanRowPath: Bool { cleanRowColumns != nil }

    /// Checks a row on the clean-row path and writes it after the bytes `output` holds, as
    /// `CSVWriter` writes a normalized row (each checked cell in its canonical form, the
    /// others as read, quoted where RFC 4180 asks, then `newline`), without counting it in:
    /// `output.commit(_:)` does, when the row is to go out so. Returns the row's length; nil
    /// when `validate` must check the row (nothing was added to the unique sets then).
    /// Only when `hasCleanRowPath`.
    func acceptClean(
        _ record: CSVRecord, row: Int, delimiter: UInt8, newline: CSVNewline, after output: FieldOutput
    ) -> Int? {
        output.writeAfterEnd(room: Self.cleanRowRoom(record)) { target in
            guard let (length, unique) = renderClean(record, delimiter: delimiter, newline: newline, at: target)
            else { return nil }
            if let unique, let position = cleanRowUniquePosition {
                let value = UnsafeBufferPointer(rebasing: UnsafeBufferPointer(start: target, count: length)[unique])
                let first = columnRefs[position]._withUnsafeGuaranteedRef { $0.insert(value, prepared: nil, row: row) }
                // A repeat: nothing was added, and the full check reports it.
                guard first == nil else { return nil }
            }
            return length
        }
    }

    /// `acceptClean` on a worker's table (`--jobs`), which keeps no unique values: the row's
    /// unique value, if any, goes to `pending` prepared, for the reading thread to look up in
    /// input order (`lookUp(_:row:_:)`); a row it takes is marked there as one without a result.
    func acceptClean(
        _ record: CSVRecord, delimiter: UInt8, newline: CSVNewline, after output: FieldOutput,
        pending: PendingUniqueValues
    ) -> Int? {
        output.writeAfterEnd(room: Self.cleanRowRoom(record)) { target in
            guard let (length, unique) = renderClean(record, delimiter: delimiter, newline: newline, at: target)
            else { return nil }
            let bytes = UnsafeBufferPointer(start: target, count: length)
            let column = unique == nil ? nil : cleanRowUniquePosition
            pending.appendWithoutResult(
                clean: true, column: column, value: UnsafeBufferPointer(rebasing: bytes[unique ?? 0..<0]))
            return length
        }
    }

    /// Room for a row that `renderClean` writes: a canonical value is at most its cell and the
    /// slack long; quoted, twice that and two.
    private static func cleanRowRoom(_ record: CSVRecord) -> Int {
        2 * record.cellBytes.count + record.count * (2 * FieldValidator.fastPathSlack + 3) + 2
    }

    /// The clean-row path's check and writing of a row at `target` (room for
    /// `cleanRowRoom`): its length, and where in `target` the unique column's value lies as
    /// uniqueness compares it (nil: no unique column, or its value is missing); nil when the
    /// fast paths cannot take every cell.
    private func renderClean(
        _ record: CSVRecord, delimiter: UInt8, newline: CSVNewline, at target: UnsafeMutablePointer<UInt8>
    ) -> (length: Int, unique: Range<Int>?)? {
        guard record.problem == nil, record.count == width, let cleanRowColumns else { return nil }
        return cleanRowColumns.withUnsafeBufferPointer { columns in
            var end = 0
            var unique: Range<Int>? = nil
            var cellIsUnique = false
            for index in 0..<record.count {
                if index > 0 {
                    target[end] = delimiter
                    end &+= 1
                }
                let cell = record[index]
                guard let checked = columns[index] else {
                    // A cell no field checks is still rejected when it is not text.
                    guard Self.isText(cell) else { return nil }
                    end &+= CSVWriter.write(cell, delimiter: delimiter, at: target + end)
                    continue
                }
                var checkQuotes = false
                let written: Int? = checked._withUnsafeGuaranteedRef { column in
                    if cell.isEmpty && emptyIsMissing {
                        // A missing value: written empty, unless the column requires one.
                        return column.required ? nil : 0
                    }
                    guard let length = column.validator.acceptFast(cell, at: target + end) else { return nil }
                    if column.isUnique {
                        cellIsUnique = true
                        unique = column.comparedRange(
                            end..<(end &+ length), in: UnsafeBufferPointer(start: target, count: end &+ length))
                    }
                    checkQuotes = column.mayNeedQuotes(delimiter)
                    return length
                }
                guard let written else { return nil }
                if checkQuotes,
                    CSVWriter.needsQuotes(UnsafeBufferPointer(start: target + end, count: written), delimiter)
                {
                    // A canonical value with the delimiter in it (a fraction of a second
                    // written `,5`): quoted as the writer quotes it. A unique value so
                    // quoted is left to the full check, which compares it unquoted.
                    guard !cellIsUnique else { return nil }
                    let value = Array(UnsafeBufferPointer(start: target + end, count: written))
                    end &+= value.withUnsafeBufferPointer {
                        CSVWriter.write($0, delimiter: delimiter, at: target + end)
                    }
                } else {
                    cellIsUnique = false
                    end &+= written
                }
            }
            // A row of one empty cell is written `""`, as `CSVWriter` writes it.
            if end == 0 && record.count == 1 {
                target[0] = UInt8(ascii: "\"")
                target[1] = UInt8(ascii: "\"")
                end = 2
            }
            let terminator = newline.bytes
            (target + end).update(from: terminator.baseAddress!, count: terminator.count)
            return (end &+ terminator.count, unique)
        }
    }

    /// Whether the row is certainly rejected, judged on the fast paths alone (`rejectsFast`
    /// of each cell, a missing required value), for a run that wants only the verdict
    /// (`--quiet` without `--summary`): no finding is made. A rejected row's accepted unique
    /// value is added to its set, as `validate` adds it, so that a later repeat is still
    /// found. False, with nothing added, when only `validate` can tell. Only when
    /// `hasCleanRowPath`.
    func rejectsFast(_ record: CSVRecord, row: Int) -> Bool {
        certainlyRejects(record) { column, value in
            // A repeat adds nothing, as in `validate`.
            _ = columnRefs[column]._withUnsafeGuaranteedRef { $0.insert(value, prepared: nil, row: row) }
        }
    }

    /// `rejectsFast(_:row:)` on a worker's table (`--jobs`), which keeps no unique values:
    /// a row it names goes to `pending` as rejected with no result, with the unique value
    /// to add, for the reading thread to add in input order (`lookUp(_:row:_:)`).
    func rejectsFast(_ record: CSVRecord, pending: PendingUniqueValues) -> Bool {
        var added = false
        let rejected = certainlyRejects(record) { column, value in
            pending.appendWithoutResult(clean: false, column: column, value: value)
            added = true
        }
        if rejected && !added {
            pending.appendWithoutResult(clean: false, column: nil, value: UnsafeBufferPointer(start: nil, count: 0))
        }
        return rejected
    }

    /// Whether the fast paths reject the row for certain; when they do, `add` gets the value
    /// of the unique column that `validate` would add (its place among the columns, and its
    /// compared bytes), if the row has one.
    private func certainlyRejects(
        _ record: CSVRecord, add: (Int, UnsafeBufferPointer<UInt8>) -> Void
    ) -> Bool {
        guard record.problem == nil, record.count == width, let cleanRowColumns else { return false }
        var rejected = false
        var uniqueCell = -1
        for index in 0..<record.count {
            guard let checked = cleanRowColumns[index] else { continue }
            checked._withUnsafeGuaranteedRef { column in
                let cell = record[index]
                if cell.isEmpty && emptyIsMissing {
                    if column.required { rejected = true }
                } else if column.validator.rejectsFast(cell) {
                    rejected = true
                } else if column.isUnique {
                    uniqueCell = index
                }
            }
        }
        guard rejected else { return false }
        guard uniqueCell >= 0, let position = cleanRowUniquePosition else { return true }
        // The unique cell was not refused: `validate` adds its value when it accepts it.
        let cell = record[uniqueCell]
        return cleanRowColumns[uniqueCell]!._withUnsafeGuaranteedRef { column in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: cell.count + FieldValidator.fastPathSlack) {
                guard let base = $0.baseAddress, let length = column.validator.acceptFast(cell, at: base) else {
                    return false
                }
                let value = UnsafeBufferPointer(start: base, count: length)
                add(position, UnsafeBufferPointer(rebasing: value[column.comparedRange(0..<length, in: value)]))
                return true
            }
        }
    }
}
