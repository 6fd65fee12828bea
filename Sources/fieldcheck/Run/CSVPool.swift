import FieldCheck

/// `csv --jobs N`: the rows' cells checked on N threads through the shared `OrderedPool`,
/// the rows written in input order.
///
/// The main thread reads the CSV (the reader's state machine alone knows where a row ends,
/// quotes and all) and copies whole rows into a batch; a worker checks each row's shape and
/// cells with the batch's own `TableValidator` (validators reuse buffers and ICU handles, so
/// each batch has its own). Finished batches are taken strictly in input order and each row
/// handed to `finish`, which looks up its unique values (the one check that depends on
/// earlier rows) and writes it as one thread would: stdout, stderr, the rejects file and the
/// summary are exactly those of one thread.
final class CSVPool {
    /// Checks one row read earlier, in input order, on the main thread: its number and the
    /// worker's result, to complete and write.
    typealias Finish = (CSVRecord, Int, inout RowResult) throws -> Void

    final class Batch: PoolBatch, @unchecked Sendable {
        // Unchecked: a batch is touched by one thread at a time — the main thread while it
        // fills or finishes it, its worker while `OrderedPool` has it in flight.
        let schema: CompiledSchema
        var table: TableValidator? = nil
        let records = CSVRecordBatch()
        /// One result per row, reused from batch to batch.
        var results: [RowResult] = []
        var firstRow = 0

        init(schema: CompiledSchema) { self.schema = schema }

        var isEmpty: Bool { records.count == 0 }

        /// Runs on a worker thread.
        func check() {
            guard let table else { return }
            while results.count < records.count { results.append(RowResult()) }
            let firstRow = firstRow
            results.withUnsafeMutableBufferPointer { results in
                records.forEach { index, record in
                    table.validateCells(record, row: firstRow + index, into: &results[index])
                }
            }
        }
    }

    /// A batch is handed on at this many rows or bytes: small enough that the workers stay
    /// busy and memory flat, large enough that handing over costs nothing.
    static let batchRows = 256
    static let batchBytes = 1 << 18

    private let pool: OrderedPool<Batch>
    /// The table of the file being read, on the main thread.
    private var main: TableValidator? = nil

    /// - Parameter schema: compiled again for each batch, with its `explainsRejections`.
    init(jobs: Int, schema: CompiledSchema) throws(ConfigurationError) {
        pool = try OrderedPool(jobs: jobs) { () throws(ConfigurationError) -> Batch in
            let copy = try CompiledSchema(schema.schema)
            copy.explainsRejections = schema.explainsRejections
            return Batch(schema: copy)
        }
    }

    /// Starts a file: its rows are checked against its header, their unique values looked
    /// up in `main`. No batch may be in flight.
    func start(_ main: TableValidator, header: [String]?, width: Int, file: String) throws {
        self.main = main
        for batch in pool.all {
            batch.table = try TableValidator(
                schema: batch.schema, header: header, width: width, file: file, tracksUniqueness: false)
        }
    }

    /// Adds a data row; a full batch goes to a worker.
    func add(_ record: CSVRecord, row: Int, finish: Finish) throws {
        let batch = pool.current
        if batch.records.count == 0 { batch.firstRow = row }
        batch.records.append(record)
        if batch.records.count >= Self.batchRows || batch.records.byteCount >= Self.batchBytes {
            try pool.dispatch { try self.finish($0, finish) }
        }
    }

    /// Hands the batch being filled to a worker and finishes every batch, in order.
    func finishAll(_ finish: Finish) throws {
        try pool.finishAll { try self.finish($0, finish) }
    }

    /// Lets every worker end and drops what it checked: after a stop, or an error.
    func discard() {
        pool.discard { $0.records.removeAll() }
    }

    /// Finishes a checked batch's rows, in order.
    private func finish(_ batch: Batch, _ finish: Finish) throws {
        defer { batch.records.removeAll() }
        let firstRow = batch.firstRow
        main?.warmUniqueness(for: batch.results[0..<batch.records.count])
        // One access to the results for the whole batch, not one per row.
        try batch.results.withUnsafeMutableBufferPointer { results in
            try batch.records.forEach { row, record in try finish(record, firstRow + row, &results[row]) }
        }
    }
}
