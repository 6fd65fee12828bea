import FieldCheck

/// `csv --jobs N`: the rows of the inputs in batches, checked on N threads through the shared
/// `OrderedPool`, finished in input order.
///
/// The main thread reads the CSV's first block row by row (its header makes the tables) and
/// copies those rows into batches; after it, the reader's chunk mode finds where rows end
/// (`CSVBoundaryScanner`) and a batch gets whole rows as raw bytes. What is done with a batch's
/// rows is the library's (`TableBatch`): a worker checks them with its thread's own table,
/// and the main thread finishes each batch in input order with the file's table and hands
/// every row to the file's `TableRowSink`, which writes it as one thread would: stdout,
/// stderr, the rejects file and the summary are exactly those of one thread. This class only
/// hands batches out and makes each thread's table.
final class CSVPool {
    final class Batch: PoolBatch, @unchecked Sendable {
        // Unchecked: a batch is touched by one thread at a time — the main thread while it
        // fills or finishes it, its worker while `OrderedPool` has it in flight.
        /// One per thread that checks batches, by slot.
        let checkers: [Checker]
        /// The file the rows are of.
        var file: FileContext? = nil
        /// Why the checking thread could not check (never expected: the main thread made a
        /// table of the same schema and header); `finish` throws it.
        var failure: (any Error)? = nil
        /// The rows and what checking them found.
        let rows: TableBatch
        /// Reads a chunk (its settings only: shared by every batch).
        let reader: CSVReader

        init(checkers: [Checker], reader: CSVReader, renderDelimiter: UInt8?, verdictsOnly: Bool) {
            self.checkers = checkers
            self.reader = reader
            rows = TableBatch(renderDelimiter: renderDelimiter, verdictsOnly: verdictsOnly)
        }

        var isEmpty: Bool { rows.isEmpty }

        /// Runs on a worker thread, or on the main thread helping (`slot` says which).
        func check(slot: Int) {
            guard let file, let table = table(slot: slot, file: file) else { return }
            do {
                try rows.check(with: table, reader: reader)
            } catch {
                failure = error
            }
        }

        /// The table of the thread in `slot` for `file`, made (on this thread) when it has none.
        private func table(slot: Int, file: FileContext) -> TableValidator? {
            let checker = checkers[slot]
            if checker.file != file.number {
                do {
                    if checker.schema == nil { checker.schema = try CompiledSchema(file.schema.schema) }
                    checker.table = try TableValidator(
                        schema: checker.schema!, header: file.header, width: file.width, file: file.name,
                        tracksUniqueness: false, detail: file.detail)
                    checker.file = file.number
                } catch {
                    failure = error
                    return nil
                }
            }
            return checker.table
        }
    }

    /// A thread's own schema and table, made on that thread when it first checks a batch of
    /// a file: they then lie among that thread's own allocations. Made on the main thread for
    /// each batch, one after the other, two batches' validators lay side by side, and two
    /// threads checking them wrote the same cache lines: `csv --jobs 2` took 0.34 s or 0.72 s
    /// on the same code, as the layout fell.
    final class Checker: @unchecked Sendable {
        // Unchecked: only the thread of its slot touches it, one batch at a time.
        var schema: CompiledSchema? = nil
        var table: TableValidator? = nil
        /// The `FileContext.number` the table was made for.
        var file = -1
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
        /// What is read of a rejected cell: the main thread's table's.
        var detail: CheckDetail
    }

    /// A batch is handed on at this many rows or bytes: small enough that the workers stay
    /// busy and memory flat, large enough that handing over costs nothing.
    static let batchRows = 256
    static let batchBytes = 1 << 18

    private let pool: OrderedPool<Batch>
    /// The table of the file being read, on the main thread.
    private var main: TableValidator? = nil
    /// The schema, compiled again by each thread.
    private let schema: CompiledSchema
    private var files = 0

    /// - Parameters:
    ///   - schema: compiled again by each thread.
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

    /// Starts a file: its rows are checked against its header, finished with `main` (the
    /// file's table on this thread) and handed to `sink`. No batch may be in flight.
    func start(_ main: TableValidator, header: [String]?, width: Int, file: String, sink: any TableRowSink) {
        self.main = main
        self.sink = sink
        files += 1
        let context = FileContext(
            header: header, width: width, name: file, number: files, schema: schema, detail: main.detail)
        for batch in pool.all { batch.file = context }
    }

    /// Where the file's rows go, set at its start.
    private var sink: (any TableRowSink)? = nil
    /// How the file's rows end (set at its first record), for rows written by a worker.
    /// Unchecked: read for every row added, by the reading thread alone.
    @exclusivity(unchecked) var newline = CSVNewline.lf

    /// Adds a data row of the file being read; a full batch goes to a worker.
    func add(_ record: CSVRecord, row: Int) throws {
        let held = pool.withCurrent { batch in
            let held = batch.rows.records.append(record)
            if held.records == 1 {
                // A batch never holds rows of two files: each file's end finishes every batch.
                batch.rows.firstRow = row
                batch.rows.newline = newline
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
            batch.rows.records.take(chunk)
            batch.rows.firstRow = firstRow
            batch.rows.newline = newline
        }
        try dispatch()
    }

    /// Hands the batch being filled to a worker, finishing the oldest in flight when the ring
    /// is full.
    private func dispatch() throws {
        try pool.dispatch { try self.finish($0) }
    }

    /// Hands the batch being filled to a worker and finishes every batch, in order.
    func finishAll() throws {
        try pool.finishAll { try self.finish($0) }
    }

    /// Lets every worker end and drops what it checked: after a stop, or an error.
    func discard() {
        pool.discard { $0.rows.reset() }
    }

    /// Finishes a checked batch's rows, in order.
    private func finish(_ batch: Batch) throws {
        if let failure = batch.failure {
            batch.failure = nil
            batch.rows.reset()
            throw failure
        }
        guard let main, let sink else {
            batch.rows.reset()
            return
        }
        try batch.rows.finish(with: main, into: sink)
    }
}
