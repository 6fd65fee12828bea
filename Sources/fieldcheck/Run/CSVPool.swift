import FieldCheck

/// `csv --jobs N`: the rows' cells checked on N threads through the shared `OrderedPool`,
/// the rows written in input order.
///
/// The main thread reads the CSV's first block row by row (its header makes the tables) and
/// copies those rows into batches; after it, the reader's chunk mode finds where rows end
/// (`CSVBoundaryScanner`) and a batch gets whole rows as raw bytes, which its worker reads
/// into cells. A worker checks each row's shape and cells with its thread's own
/// `TableValidator` (validators reuse buffers and ICU handles). Finished batches are taken
/// strictly in input order and each row handed to `finish`, which looks up its unique values
/// (the one check that depends on earlier rows) and writes it as one thread would: stdout,
/// stderr, the rejects file and the summary are exactly those of one thread.
///
/// Under `--normalize` the worker also writes each row it accepted as `--normalize` writes
/// it, so that the main thread, which reads every row and looks up every unique value, only
/// copies those bytes out (it did a third of a row's work; now the work splits about evenly
/// over two threads). A row that its unique values then reject is not written from them.
///
/// A worker also hands over, apart from the rows' results, which rows are clean (no error,
/// no warning) and their unique values (`PendingUniqueValues`). When the schema has no primary
/// or foreign key, the main thread looks a clean row's values up from there and, when they
/// are new, writes the row without reading its result (`Finish` without one): the results' memory,
/// which the worker writes again for later rows, then stays on the worker's core.
final class CSVPool {
    /// Checks one row read earlier, in input order, on the main thread: its number, the row
    /// as `--normalize` writes it when the worker wrote it, and the worker's result, to
    /// complete and write; the last argument is the place among the row's unique values to
    /// look up from (`TableValidator.checkUniqueness(_:row:into:from:)`). No result: the row
    /// is clean and its unique values were new, so it is only written; its result is not read,
    /// as it lies in memory the worker writes again for a later row.
    typealias Finish = (CSVRecord, Int, UnsafeBufferPointer<UInt8>?, UnsafeMutablePointer<RowResult>?, Int) throws
        -> Void

    final class Batch: PoolBatch, @unchecked Sendable {
        // Unchecked: a batch is touched by one thread at a time — the main thread while it
        // fills or finishes it, its worker while `OrderedPool` has it in flight.
        // Not checked for exclusive access at run time either (three checks a row were 3 % of
        // the reading thread's work): each access is by the one thread that has the batch.
        /// One per thread that checks batches, by slot.
        let checkers: [Checker]
        /// The file the rows are of.
        @exclusivity(unchecked) var file: FileContext? = nil
        /// Why the checking thread could not make its table (never expected: the main thread
        /// made one of the same schema and header); `finish` throws it.
        @exclusivity(unchecked) var failure: (any Error)? = nil
        /// The rows; or rows as read, not yet split into cells (the reader's chunk mode), which
        /// the worker reads into records.
        let records = CSVRecordBatch()
        /// Reads a chunk (its settings only: shared by every batch).
        let reader: CSVReader
        /// One result per row, reused from batch to batch.
        @exclusivity(unchecked) var results: [RowResult] = []
        /// Which rows are clean, and their unique values, for the main thread to read.
        let pending = PendingUniqueValues()
        @exclusivity(unchecked) var firstRow = 0
        /// The delimiter when rows are written here (`--normalize`), and the file's newline.
        let renderDelimiter: UInt8?
        /// Whether a row the fast paths reject for certain is left without a result (nobody
        /// reads its findings: `CSVRunner`'s `verdictsOnly`).
        let verdictsOnly: Bool
        @exclusivity(unchecked) var newline = CSVNewline.lf
        /// The accepted rows, written; where each row's bytes end (a row not written: none).
        let rendered = FieldOutput(capacity: 1 << 16)
        @exclusivity(unchecked) var renderedEnds: [Int] = []
        /// Where the worker's checks report a row that needs the run's pattern budget, which
        /// the main thread then checks in input order (`OutOfOrderChecks`).
        let outOfOrder = OutOfOrderChecks()
        /// The worker writes the fields above; the reading thread retains this object, and its
        /// neighbours, at every row.
        private let padding = CacheLinePadding()

        init(checkers: [Checker], reader: CSVReader, renderDelimiter: UInt8?, verdictsOnly: Bool) {
            self.checkers = checkers
            self.reader = reader
            self.renderDelimiter = renderDelimiter
            self.verdictsOnly = verdictsOnly
        }

        var isEmpty: Bool { records.isEmpty }

        /// Empties the batch, keeping its buffers.
        func reset() {
            records.removeAll()
            pending.removeAll()
        }

        /// Runs on a worker thread, or on the main thread helping (`slot` says which). A
        /// chunk's rows are checked as they are read into records, while their cells are in
        /// the cache: a second walk over them cost 60 instructions a row.
        func check(slot: Int) {
            outOfOrder.checking { checkOutOfOrder(slot: slot) }
        }

        private func checkOutOfOrder(slot: Int) {
            guard let file, let table = table(slot: slot, file: file) else { return }
            let chunked = records.recordsInChunk
            while results.count < records.count + chunked { results.append(RowResult()) }
            var walk = chunked == 0
            if chunked > 0 {
                do {
                    try checkRows(table) { check in try records.readChunk(with: reader, check) }
                } catch {
                    failure = error
                    return
                }
                // A chunk that held another number of rows than it said (never expected):
                // check them all again, with a result for each.
                if records.count != chunked {
                    while results.count < records.count { results.append(RowResult()) }
                    walk = true
                }
            }
            if walk { checkRows(table) { records.forEach($0) } }
        }

        /// Checks the rows that `walk` hands, with their indexes, to the function it is given
        /// (and writes them, under `--normalize`). A row without a result is skipped.
        private func checkRows(
            _ table: TableValidator, _ walk: ((Int, CSVRecord) -> Void) throws -> Void
        ) rethrows {
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
                    // A row that needs the run's pattern budget is left to the main thread,
                    // unwritten; it went into `pending`, on whatever path it took.
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

        /// The table of the thread in `slot` for `file`, made (on this thread) when it has none.
        private func table(slot: Int, file: FileContext) -> TableValidator? {
            let checker = checkers[slot]
            if checker.file != file.number {
                do {
                    if checker.schema == nil {
                        let copy = try CompiledSchema(file.schema.schema)
                        copy.explainsRejections = file.schema.explainsRejections
                        checker.schema = copy
                    }
                    checker.table = try TableValidator(
                        schema: checker.schema!, header: file.header, width: file.width, file: file.name,
                        tracksUniqueness: false)
                    checker.file = file.number
                } catch {
                    failure = error
                    return nil
                }
            }
            return checker.table
        }

        /// Writes an accepted row as `--normalize` does. `result` is `inout` only so that it
        /// is not copied out of the batch's buffer (a copy retains each of its arrays).
        private static func render(
            _ record: CSVRecord, _ result: inout RowResult, delimiter: UInt8, newline: CSVNewline,
            to output: FieldOutput
        ) {
            guard result.isValid else { return }
            CSVWriter.write(
                record, result, blankRejected: false, normalized: true, delimiter: delimiter, newline: newline,
                to: output)
        }
    }

    /// A thread's own schema and table, made on that thread when it first checks a batch of
    /// a file: they then lie among that thread's own allocations. Made on the main thread for
    /// each batch, one after the other, two batches' validators lay side by side, and two
    /// threads checking them wrote the same cache lines: `csv --jobs 2` took 0.34 s or 0.72 s
    /// on the same code, as the layout fell.
    final class Checker: @unchecked Sendable {
        // Unchecked: only the thread of its slot touches it, one batch at a time.
        @exclusivity(unchecked) var schema: CompiledSchema? = nil
        @exclusivity(unchecked) var table: TableValidator? = nil
        /// The `FileContext.number` the table was made for.
        @exclusivity(unchecked) var file = -1
        private let padding = CacheLinePadding()
    }

    /// What a table is made for: one file's header.
    struct FileContext {
        var header: [String]?
        var width: Int
        var name: String
        /// Counts the files of the run: a thread's table of an earlier file is made again.
        var number: Int
        /// The schema to compile (each thread compiles its own: validators reuse buffers).
        var schema: CompiledSchema
    }

    /// A batch is handed on at this many rows or bytes: small enough that the workers stay
    /// busy and memory flat, large enough that handing over costs nothing.
    static let batchRows = 256
    static let batchBytes = 1 << 18

    private let pool: OrderedPool<Batch>
    /// The table of the file being read, on the main thread.
    @exclusivity(unchecked) private var main: TableValidator? = nil
    /// The schema, compiled again by each thread, with its `explainsRejections`.
    private let schema: CompiledSchema
    @exclusivity(unchecked) private var files = 0

    /// - Parameters:
    ///   - schema: compiled again by each thread, with its `explainsRejections`.
    ///   - renderDelimiter: the delimiter, when workers write accepted rows normalized.
    ///   - reader: reads the rows that come as chunks, as the main thread reads the others.
    ///   - verdictsOnly: whether nobody reads a rejected row's findings, so that a row the
    ///     fast paths reject for certain goes to `rejectedQuietly` with none.
    init(jobs: Int, schema: CompiledSchema, reader: CSVReader, renderDelimiter: UInt8?, verdictsOnly: Bool) {
        self.schema = schema
        let checkers = (0..<jobs).map { _ in Checker() }
        pool = OrderedPool(jobs: jobs) {
            Batch(checkers: checkers, reader: reader, renderDelimiter: renderDelimiter, verdictsOnly: verdictsOnly)
        }
    }

    /// Starts a file: its rows are checked against its header, their unique values looked
    /// up in `main`. No batch may be in flight.
    func start(_ main: TableValidator, header: [String]?, width: Int, file: String) {
        self.main = main
        files += 1
        let context = FileContext(header: header, width: width, name: file, number: files, schema: schema)
        for batch in pool.all { batch.file = context }
    }

    /// What finishes the rows of the file being read (set at its start), and how its rows end
    /// (set at its first record): not handed over with every row, which paid retains for them.
    @exclusivity(unchecked) var finisher: Finish = { _, _, _, _, _ in }
    /// What finishes, in input order, a row a worker rejected on the fast paths, without findings.
    @exclusivity(unchecked) var rejectedQuietly: (CSVRecord) throws -> Void = { _ in }
    /// What finishes, in input order, clean rows one after another whose unique values were
    /// new, as the worker wrote them (`--normalize`): their written bytes and how many rows.
    /// Nil: each such row goes to `finisher` (the progress bar counts rows one by one).
    @exclusivity(unchecked) var cleanRun: ((UnsafeBufferPointer<UInt8>, Int) throws -> Void)? = nil
    @exclusivity(unchecked) var newline = CSVNewline.lf

    /// Adds a data row of the file being read; a full batch goes to a worker.
    func add(_ record: CSVRecord, row: Int) throws {
        let held = pool.withCurrent { batch in
            let held = batch.records.append(record)
            if held.records == 1 {
                // A batch never holds rows of two files: each file's end finishes every batch.
                batch.firstRow = row
                batch.newline = newline
            }
            return held
        }
        if held.records >= Self.batchRows || held.bytes >= Self.batchBytes { try dispatch() }
    }

    /// Adds whole data rows of the file being read, as the reader's chunk mode found them, in
    /// a batch of their own; `firstRow` is the first one's row number.
    func add(_ chunk: CSVChunk, firstRow: Int) throws {
        if !pool.withCurrent({ $0.isEmpty }) { try dispatch() }
        pool.withCurrent { batch in
            batch.records.take(chunk)
            batch.firstRow = firstRow
            batch.newline = newline
        }
        try dispatch()
    }

    /// Hands the batch being filled to a worker, finishing the oldest in flight when the ring
    /// is full.
    private func dispatch() throws {
        let finish = finisher
        try pool.dispatch { try self.finish($0, finish) }
    }

    /// Hands the batch being filled to a worker and finishes every batch, in order.
    func finishAll() throws {
        let finish = finisher
        try pool.finishAll { try self.finish($0, finish) }
    }

    /// Lets every worker end and drops what it checked: after a stop, or an error.
    func discard() {
        pool.discard { $0.reset() }
    }

    /// Finishes a checked batch's rows, in order. A clean row (`PendingUniqueValues`) whose
    /// unique values are all new goes to `finish` without its result.
    private func finish(_ batch: Batch, _ finish: Finish) throws {
        let rejectedQuietly = rejectedQuietly
        let cleanRun = cleanRun
        defer { batch.reset() }
        if let failure = batch.failure {
            batch.failure = nil
            throw failure
        }
        let firstRow = batch.firstRow
        let records = batch.records
        let pending = batch.pending
        // Rows are written from the worker's rendering when there is one (`--normalize`).
        let needsRendered = batch.renderDelimiter != nil
        let cleanRows = main?.checksOnlyUniqueValues == true && pending.count == records.count
        // Unretained: binding the table at every row retained it.
        let table = main.map { Unmanaged.passUnretained($0) }
        if cleanRows {
            main?.warmUniqueness(for: pending)
        } else {
            main?.warmUniqueness(for: batch.results[0..<records.count])
        }
        // One access to the results for the whole batch, not one per row.
        let ends = batch.renderedEnds
        let rendered = batch.rendered.pending
        // Clean rows in a row, written as the worker wrote them, go out together (`cleanRun`):
        // where their written bytes start and end, and how many rows.
        var run = (start: 0, end: 0, rows: 0)
        func finishRun() throws {
            guard run.rows > 0 else { return }
            try cleanRun?(UnsafeBufferPointer(rebasing: rendered[run.start..<run.end]), run.rows)
            run = (0, 0, 0)
        }
        try batch.results.withUnsafeMutableBufferPointer { results in
            for row in 0..<records.count {
                var bytes: UnsafeBufferPointer<UInt8>? = nil
                if row < ends.count {
                    let start = row == 0 ? 0 : ends[row - 1]
                    if ends[row] > start { bytes = UnsafeBufferPointer(rebasing: rendered[start..<ends[row]]) }
                }
                // Where among a clean row's unique values the first repeat is (nil: all new).
                var repeated: Int? = nil
                if cleanRows, pending.isClean(row), !needsRendered || bytes != nil {
                    repeated = table.unsafelyUnwrapped._withUnsafeGuaranteedRef {
                        $0.lookUp(pending, row: row, firstRow + row)
                    }
                    if repeated == nil {
                        guard needsRendered, cleanRun != nil, let written = bytes else {
                            try finishRun()
                            try finish(records[row], firstRow + row, bytes, nil, 0)
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
                    table.unsafelyUnwrapped._withUnsafeGuaranteedRef {
                        $0.validateCells(record, row: firstRow + row, into: &results[row])
                    }
                    try finish(record, firstRow + row, nil, results.baseAddress! + row, 0)
                    continue
                }
                if pending.hasNoResult(row) && !pending.isClean(row) {
                    // Rejected on a worker's fast paths: its unique value is added, as the
                    // full check adds a rejected row's good one (a repeat adds nothing).
                    _ = table.unsafelyUnwrapped._withUnsafeGuaranteedRef {
                        $0.lookUp(pending, row: row, firstRow + row)
                    }
                    try rejectedQuietly(record)
                    continue
                }
                var from = repeated ?? 0
                if pending.hasNoResult(row) {
                    // The worker took the row on the clean-row path, and its unique value
                    // repeats an earlier one: checked in full here, which reports the repeat.
                    table.unsafelyUnwrapped._withUnsafeGuaranteedRef {
                        $0.validate(record, row: firstRow + row, into: &results[row])
                    }
                    from = 0
                }
                try finish(record, firstRow + row, bytes, results.baseAddress! + row, from)
            }
        }
        try finishRun()
    }
}
