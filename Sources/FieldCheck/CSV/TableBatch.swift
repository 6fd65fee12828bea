/// Where a table's rows go once they are decided, in input order: the command line routes
/// them (stdout, the rejects file, diagnostics, the summary); the table decides what they are.
public protocol TableRowSink: AnyObject {
    /// A row with no error and no warning whose unique values were new. `written`: the row as
    /// `--normalize` writes it, when the table wrote it (else it goes out as read).
    func accepted(_ record: CSVRecord, row: Int, written: UnsafeBufferPointer<UInt8>?) throws
    /// Rows one after another that are `accepted` and were written together: their bytes and
    /// how many rows. Called only when `takesAcceptedRuns`.
    func acceptedRun(_ written: UnsafeBufferPointer<UInt8>, rows: Int) throws
    /// Whether `acceptedRun` may be called, rather than `accepted` for each of those rows (a
    /// progress bar counts rows one by one).
    var takesAcceptedRuns: Bool { get }
    /// A row rejected for certain on the fast paths, with no findings made: only when the
    /// batch was told that nobody reads them (`verdictsOnly`).
    func rejectedQuietly(_ record: CSVRecord) throws
    /// A row checked in full, its unique values and keys included: `result` says what it is.
    func checked(_ record: CSVRecord, row: Int, written: UnsafeBufferPointer<UInt8>?, _ result: inout RowResult)
        throws
}

/// Rows of one file checked together on another thread (`--jobs`), then finished in input
/// order on the reading thread: the table's part of a batch, whatever the thread that runs it.
///
/// `check` runs on the checking thread with that thread's own `TableValidator` (validators
/// reuse buffers and ICU handles): each row's shape and cells, by the fast paths where they
/// decide, and under `--normalize` the accepted rows written. It also notes which rows are
/// clean and their unique values (`PendingUniqueValues`). `finish` runs on the reading thread,
/// in input order, with the file's table there: it decides what depends on earlier rows
/// (unique values, keys; a row whose pattern check needs the run's budget, checked again
/// here: `OutOfOrderChecks`) and hands each row to a `TableRowSink`. A clean row whose unique
/// values are new goes out without its result being read: that memory, which the checking
/// thread writes again for later rows, then stays on that thread's core.
///
/// One thread at a time uses a batch; its state is not checked for exclusive access at run
/// time (three checks a row were 3 % of the reading thread's work).
public final class TableBatch {
    /// The rows; or rows as read, not yet split into cells (the reader's chunk mode).
    public let records = CSVRecordBatch()
    /// The number of the first row.
    @exclusivity(unchecked) public var firstRow = 0
    /// How the file's rows end, for the rows written here.
    @exclusivity(unchecked) public var newline = CSVNewline.lf
    /// One result per row, reused from batch to batch.
    @exclusivity(unchecked) private var results: [RowResult] = []
    /// Which rows are clean, and their unique values, for the reading thread to read.
    private let pending = PendingUniqueValues()
    /// The delimiter when rows are written here (`--normalize`).
    private let renderDelimiter: UInt8?
    /// Whether a row the fast paths reject for certain is left without a result.
    private let verdictsOnly: Bool
    /// The accepted rows, written; where each row's bytes end (a row not written: none).
    private let rendered = FieldOutput(capacity: 1 << 16)
    @exclusivity(unchecked) private var renderedEnds: [Int] = []
    private let outOfOrder = OutOfOrderChecks()
    /// The checking thread writes the fields above; the reading thread retains this object,
    /// and its neighbours, at every row.
    private let padding = CacheLinePadding()

    /// - Parameters:
    ///   - renderDelimiter: the delimiter, when the checking thread writes accepted rows
    ///     normalized (`--normalize` to stdout): `finish` then hands them over written.
    ///   - verdictsOnly: whether nobody reads a rejected row's findings (no diagnostics, JSON,
    ///     summary or blanked cells), so that a row the fast paths reject for certain goes to
    ///     `rejectedQuietly` with none.
    public init(renderDelimiter: UInt8?, verdictsOnly: Bool) {
        self.renderDelimiter = renderDelimiter
        self.verdictsOnly = verdictsOnly
    }

    public var isEmpty: Bool { records.isEmpty }

    /// Empties the batch, keeping its buffers.
    public func reset() {
        records.removeAll()
        pending.removeAll()
    }

    /// Checks the rows, on any thread, with that thread's table of the file's schema and
    /// header. A chunk's rows are checked as they are read into records, while their cells
    /// are in the cache: a second walk over them cost 60 instructions a row.
    public func check(with table: TableValidator, reader: CSVReader) throws {
        try outOfOrder.checking {
            let chunked = records.recordsInChunk
            while results.count < records.count + chunked { results.append(RowResult()) }
            var walk = chunked == 0
            if chunked > 0 {
                try checkRows(table) { check in try records.readChunk(with: reader, check) }
                // A chunk that held another number of rows than it said (never expected):
                // check them all again, with a result for each.
                if records.count != chunked {
                    while results.count < records.count { results.append(RowResult()) }
                    walk = true
                }
            }
            if walk { checkRows(table) { records.forEach($0) } }
        }
    }

    /// Checks the rows that `walk` hands, with their indexes, to the function it is given
    /// (and writes them, under `--normalize`). A row without a result is skipped.
    private func checkRows(_ table: TableValidator, _ walk: ((Int, CSVRecord) -> Void) throws -> Void) rethrows {
        // Locals, not properties, in the row loop: each use of a property there retained it.
        let firstRow = firstRow
        let delimiter = renderDelimiter
        let newline = newline
        let rendered = rendered
        var ends = renderedEnds
        renderedEnds = []
        let pending = pending
        rendered.removeAll()
        ends.removeAll(keepingCapacity: true)
        pending.removeAll()
        defer { renderedEnds = ends }
        let cleanRows = table.hasCleanRowPath
        let verdictsOnly = cleanRows && verdictsOnly
        let outOfOrder = outOfOrder
        outOfOrder.valueNeedsOrder = false
        try results.withUnsafeMutableBufferPointer { results in
            try walk { index, record in
                guard index < results.count else { return }
                // A row that needs the run's pattern budget is left to `finish`, unwritten;
                // it went into `pending`, on whatever path it took.
                defer {
                    if outOfOrder.valueNeedsOrder {
                        outOfOrder.valueNeedsOrder = false
                        pending.markLastNeedsOrder()
                    }
                }
                // Without --normalize the row written on the clean-row path is dropped.
                if cleanRows,
                    let length = table.acceptClean(
                        record, delimiter: delimiter ?? UInt8(ascii: ","), newline: newline, after: rendered,
                        pending: pending)
                {
                    if delimiter != nil {
                        rendered.commit(length)
                        ends.append(rendered.count)
                    }
                    return
                }
                if verdictsOnly && table.rejectsFast(record, pending: pending) {
                    // Not written: an empty rendering.
                    if delimiter != nil { ends.append(rendered.count) }
                    return
                }
                table.validateCells(record, row: firstRow + index, into: &results[index])
                pending.append(&results[index])
                guard let delimiter else { return }
                Self.render(record, &results[index], delimiter: delimiter, newline: newline, to: rendered)
                ends.append(rendered.count)
            }
        }
    }

    /// Writes an accepted row as `--normalize` does. `result` is `inout` only so that it
    /// is not copied out of the batch's buffer (a copy retains each of its arrays).
    private static func render(
        _ record: CSVRecord, _ result: inout RowResult, delimiter: UInt8, newline: CSVNewline, to output: FieldOutput
    ) {
        guard result.isValid else { return }
        CSVWriter.write(
            record, result, blankRejected: false, normalized: true, delimiter: delimiter, newline: newline,
            to: output)
    }

    /// Finishes the checked rows in input order, on the reading thread, with the file's
    /// table there (which holds the unique values and keys of every row before them), and
    /// hands each to `sink`. Empties the batch.
    public func finish(with table: TableValidator, into sink: some TableRowSink) throws {
        defer { reset() }
        let firstRow = firstRow
        let records = records
        let pending = pending
        // Rows are handed over as written here when they were (`--normalize`).
        let needsRendered = renderDelimiter != nil
        let cleanRows = table.checksOnlyUniqueValues && pending.count == records.count
        if cleanRows {
            table.warmUniqueness(for: pending)
        } else {
            table.warmUniqueness(for: results[0..<records.count])
        }
        let takesRuns = sink.takesAcceptedRuns
        // One access to the results for the whole batch, not one per row.
        let ends = renderedEnds
        let rendered = rendered.pending
        // Clean rows in a row, written here, go out together (`acceptedRun`): where their
        // written bytes start and end, and how many rows.
        var run = (start: 0, end: 0, rows: 0)
        func finishRun() throws {
            guard run.rows > 0 else { return }
            try sink.acceptedRun(UnsafeBufferPointer(rebasing: rendered[run.start..<run.end]), rows: run.rows)
            run = (0, 0, 0)
        }
        try results.withUnsafeMutableBufferPointer { results in
            for row in 0..<records.count {
                var bytes: UnsafeBufferPointer<UInt8>? = nil
                if row < ends.count {
                    let start = row == 0 ? 0 : ends[row - 1]
                    if ends[row] > start { bytes = UnsafeBufferPointer(rebasing: rendered[start..<ends[row]]) }
                }
                // Where among a clean row's unique values the first repeat is (nil: all new).
                var repeated: Int? = nil
                if cleanRows, pending.isClean(row), !needsRendered || bytes != nil {
                    repeated = table.lookUp(pending, row: row, firstRow + row)
                    if repeated == nil {
                        guard needsRendered, takesRuns, let written = bytes else {
                            try finishRun()
                            try sink.accepted(records[row], row: firstRow + row, written: bytes)
                            continue
                        }
                        // Joins the run: the rows' writings lie one after another.
                        if run.rows == 0 { run.start = ends[row] - written.count }
                        run.end = ends[row]
                        run.rows += 1
                        continue
                    }
                }
                try finishRun()
                let record = records[row]
                if pending.needsOrder(row) {
                    // Its check needs the run's pattern budget: made here, in input order.
                    table.validateCells(record, row: firstRow + row, into: &results[row])
                    table.checkUniqueness(record, row: firstRow + row, into: &results[row])
                    try sink.checked(record, row: firstRow + row, written: nil, &results[row])
                    continue
                }
                if pending.hasNoResult(row) && !pending.isClean(row) {
                    // Rejected on the fast paths: its unique value is added, as the full
                    // check adds a rejected row's good one (a repeat adds nothing).
                    _ = table.lookUp(pending, row: row, firstRow + row)
                    try sink.rejectedQuietly(record)
                    continue
                }
                var from = repeated ?? 0
                if pending.hasNoResult(row) {
                    // Taken on the clean-row path, and its unique value repeats an earlier
                    // one: checked in full here, which reports the repeat.
                    table.validate(record, row: firstRow + row, into: &results[row])
                    from = 0
                }
                table.checkUniqueness(record, row: firstRow + row, into: &results[row], from: from)
                try sink.checked(record, row: firstRow + row, written: bytes, &results[row])
            }
        }
        try finishRun()
    }
}

/// What a row's check on the reading thread decided (`TableValidator.check`).
public enum RowOutcome {
    /// No error, no warning, and its unique values were new. `written`: the row went into
    /// the output as `--normalize` writes it (else it goes out as read).
    case accepted(written: Bool)
    /// Rejected for certain on the fast paths, with no findings made (`verdictsOnly`).
    case rejectedQuietly
    /// Checked in full: the result says what it is.
    case checked
}

extension TableValidator {
    /// Checks a data row on one thread, in input order: everything about it, unique values
    /// and keys included, by the fast paths where they decide.
    /// - Parameters:
    ///   - output: where an accepted row is written as `--normalize` writes it, when it is to
    ///     be (`.accepted(written: true)`); nil: an accepted row goes out as read.
    ///   - verdictsOnly: whether nobody reads a rejected row's findings: a row the fast paths
    ///     reject for certain is then `.rejectedQuietly`, its findings not made.
    ///   - result: a reused result, filled when the outcome is `.checked`.
    public func check(
        _ record: CSVRecord, row: Int, newline: CSVNewline, writingAcceptedTo output: FieldOutput?, delimiter: UInt8,
        verdictsOnly: Bool, into result: inout RowResult
    ) -> RowOutcome {
        if hasCleanRowPath {
            // Two calls, not one on `output ?? cleanRowScratch`: that retained the buffer.
            if let output {
                if let length = acceptClean(record, row: row, delimiter: delimiter, newline: newline, after: output) {
                    output.commit(length)
                    return .accepted(written: true)
                }
            } else if acceptClean(record, row: row, delimiter: delimiter, newline: newline, after: cleanRowScratch)
                != nil
            {
                return .accepted(written: false)
            }
            if verdictsOnly && rejectsFast(record, row: row) { return .rejectedQuietly }
        }
        validate(record, row: row, into: &result)
        return .checked
    }
}

extension TableValidator {
    /// `check` without the fast paths: always `.checked`.
    public func checkInFull(_ record: CSVRecord, row: Int, into result: inout RowResult) -> RowOutcome {
        validate(record, row: row, into: &result)
        return .checked
    }
}
