import Dispatch
import FieldCheck

/// `csv --jobs N`: the rows' cells checked on N threads, the rows written in input order.
///
/// The main thread reads the CSV (the reader's state machine alone knows where a row ends,
/// quotes and all) and copies whole rows into a batch; a worker checks each row's shape and
/// cells with the batch's own `TableValidator` (validators reuse buffers and ICU handles, so
/// each batch has its own). The main thread takes finished batches strictly in input order
/// and hands each row to `finish`, which looks up its unique values (the one check that
/// depends on earlier rows) and writes it as one thread would: stdout, stderr, the rejects
/// file and the summary are exactly those of one thread.
final class CSVBatchPool {
    /// Checks one row read earlier, in input order, on the main thread: its number and the
    /// worker's result, to complete and write.
    typealias Finish = (CSVRecord, Int, inout RowResult) throws -> Void

    final class Batch: @unchecked Sendable {
        // Unchecked: a batch is touched by one thread at a time — the main thread while it
        // fills or finishes it, its worker between `dispatch` and `done.signal()`.
        let schema: CompiledSchema
        var table: TableValidator? = nil
        let records = CSVRecordBatch()
        /// One result per row, reused from batch to batch.
        var results: [RowResult] = []
        var firstRow = 0
        let done = DispatchSemaphore(value: 0)

        init(schema: CompiledSchema) { self.schema = schema }

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

    private let batches: [Batch]
    /// The batch being filled.
    private var filling = 0
    /// Batches handed to workers, oldest first.
    private var inFlight: [Int] = []
    private let queue = DispatchQueue.global(qos: .userInitiated)
    /// The table of the file being read, on the main thread.
    private var main: TableValidator? = nil

    /// - Parameter schema: compiled again for each batch, with its `explainsRejections`.
    init(jobs: Int, schema: CompiledSchema) throws(ConfigurationError) {
        var batches: [Batch] = []
        // Twice as many batches as workers: the main thread fills one while each worker checks one.
        for _ in 0..<(2 * jobs) {
            let copy = try CompiledSchema(schema.schema)
            copy.explainsRejections = schema.explainsRejections
            batches.append(Batch(schema: copy))
        }
        self.batches = batches
    }

    /// Starts a file: its rows are checked against its header, their unique values looked
    /// up in `main`. No batch may be in flight.
    func start(_ main: TableValidator, header: [String]?, width: Int, file: String) throws {
        self.main = main
        for batch in batches {
            batch.table = try TableValidator(
                schema: batch.schema, header: header, width: width, file: file, tracksUniqueness: false)
        }
    }

    /// Adds a data row; a full batch goes to a worker.
    func add(_ record: CSVRecord, row: Int, finish: Finish) throws {
        let batch = batches[filling]
        if batch.records.count == 0 { batch.firstRow = row }
        batch.records.append(record)
        if batch.records.count >= Self.batchRows || batch.records.byteCount >= Self.batchBytes {
            try dispatch(finish)
        }
    }

    /// Hands the batch being filled to a worker and finishes every batch, in order.
    func finishAll(_ finish: Finish) throws {
        try dispatch(finish)
        while !inFlight.isEmpty { try finishOldest(finish) }
    }

    /// Lets every worker end and drops what it checked: after a stop, or an error.
    func discard() {
        for index in inFlight {
            batches[index].done.wait()
            batches[index].records.removeAll()
        }
        inFlight.removeAll()
        batches[filling].records.removeAll()
    }

    /// Hands the batch being filled to a worker and picks the next one to fill, finishing
    /// the oldest batch first when every batch is busy.
    private func dispatch(_ finish: Finish) throws {
        let batch = batches[filling]
        guard batch.records.count > 0 else { return }
        inFlight.append(filling)
        queue.async {
            batch.check()
            batch.done.signal()
        }
        filling = (filling + 1) % batches.count
        // Batches are used in turn, so the next one is the oldest in flight, if it is in flight.
        if inFlight.first == filling { try finishOldest(finish) }
    }

    /// Waits for the oldest batch in flight and finishes its rows.
    private func finishOldest(_ finish: Finish) throws {
        let index = inFlight.removeFirst()
        let batch = batches[index]
        batch.done.wait()
        defer { batch.records.removeAll() }
        let firstRow = batch.firstRow
        main?.warmUniqueness(for: batch.results[0..<batch.records.count])
        // One access to the results for the whole batch, not one per row.
        try batch.results.withUnsafeMutableBufferPointer { results in
            try batch.records.forEach { row, record in try finish(record, firstRow + row, &results[row]) }
        }
    }
}
