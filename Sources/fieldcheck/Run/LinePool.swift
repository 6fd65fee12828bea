import FieldCheck

/// `--jobs N` for the line commands: the values of the inputs in batches, checked on N
/// threads through the shared `OrderedPool`, written in input order.
///
/// The main thread reads blocks of whole records and copies them into a batch; a worker
/// splits it into records and runs each through the batch's own `ValueStep` (a validator
/// reuses buffers and ICU handles, so each batch has its own) into the batch's own
/// buffers. Finished batches are written strictly in the order they were read, so stdout,
/// stderr, the rejects file and the summary are exactly what one thread writes. A record
/// longer than the reader's buffer (rare) is handled by the main thread once every batch
/// before it has been written. So is a value whose check needs the run's pattern budget
/// (`OutOfOrderChecks`): the worker stops at it, and the main thread checks it and the rest of
/// its batch once the records before them have been written.
final class LinePool {
    /// A run of consecutive records of one input, and what checking them wrote.
    final class Batch: PoolBatch, @unchecked Sendable {
        // Unchecked: a batch is touched by one thread at a time — the main thread while it
        // fills or writes it, its worker while `OrderedPool` has it in flight.
        let step: ValueStep
        let reader: RecordReader
        let sinks: Sinks
        /// The records as read, terminators included.
        var bytes: [UInt8] = []
        var firstNumber = 0
        var count = 0
        var file: String? = nil
        /// Whether a record stopped the run (`--on-invalid abort`).
        var stopped = false
        var failure: (any Error)? = nil
        /// Where the records start that the worker left to be checked in input order: the
        /// first one needed the run's pattern budget (`OutOfOrderChecks`), and its byte offset
        /// in `bytes` and number.
        var leftInOrder: (offset: Int, number: Int)? = nil
        private let outOfOrder = OutOfOrderChecks()

        init(validator: FieldValidator, policy: LinePolicy, reader: RecordReader, like main: Sinks) {
            self.reader = reader
            sinks = Sinks.memory(like: main)
            step = ValueStep(validator: validator, policy: policy, sinks: sinks, outOfOrder: outOfOrder)
            bytes.reserveCapacity(LinePool.batchBytes + RecordReader.blockSize)
        }

        var isEmpty: Bool { count == 0 }

        /// Whether `block` continues this batch's records.
        func continues(_ block: RecordBlock, file: String?) -> Bool {
            isEmpty || (firstNumber + count == block.firstNumber && self.file == file)
        }

        func add(_ block: RecordBlock, file: String?) {
            if isEmpty {
                firstNumber = block.firstNumber
                self.file = file
            }
            bytes.append(contentsOf: block.bytes)
            count += block.count
        }

        /// Runs on a worker thread. Each batch has its own step: `slot` is not needed.
        func check(slot: Int) {
            outOfOrder.valueNeedsOrder = false
            do {
                try outOfOrder.checking {
                    try bytes.withUnsafeBufferPointer { all in
                        do {
                            try process(
                                RecordBlock(bytes: all, firstNumber: firstNumber, count: count), with: step,
                                into: sinks)
                        } catch let left as ValueStep.NeedsOrder {
                            leftInOrder = (left.start - Int(bitPattern: all.baseAddress), left.number)
                        }
                    }
                }
            } catch is StopReading {
                stopped = true
            } catch {
                failure = error
            }
        }

        func reset() {
            bytes.removeAll(keepingCapacity: true)
            count = 0
            stopped = false
            failure = nil
            leftInOrder = nil
        }

        /// Checks the records the worker left, in input order, with `main` (on the main
        /// thread, after the batch's earlier records were written): returns false when one
        /// stopped the run.
        func checkLeftRecords(with main: ValueStep, into sinks: Sinks) throws -> Bool {
            guard let (offset, number) = leftInOrder else { return true }
            do {
                try bytes.withUnsafeBufferPointer { all in
                    let rest = UnsafeBufferPointer(rebasing: all[offset...])
                    try process(
                        RecordBlock(bytes: rest, firstNumber: number, count: count - (number - firstNumber)),
                        with: main,
                        into: sinks)
                }
            } catch is StopReading {
                return false
            }
            return true
        }

        /// Runs the records of `block` through `step` into `sinks`, in order; throws
        /// `StopReading` when one stops the run.
        private func process(_ block: RecordBlock, with step: ValueStep, into sinks: Sinks) throws {
            // Locals, not properties, in the record loop.
            let file = file
            var fastAccepted = 0
            defer { sinks.summary.addAccepted(fastAccepted) }
            try reader.forEachRecord(in: block, overflow: { try sinks.overflow($0) }) { record in
                guard try step.process(record, file: file, into: sinks, fastAccepted: &fastAccepted) else {
                    throw StopReading()
                }
            }
        }
    }

    /// A batch is handed on at about this many bytes: small enough that N workers stay busy
    /// and memory flat, large enough that handing over costs nothing.
    static let batchBytes = 1 << 18

    private let pool: OrderedPool<Batch>
    /// Set once a written batch stopped the run: nothing after it is written.
    private var stopped = false

    /// - Parameter validator: the field, compiled again for each batch.
    /// - Parameter main: the run's sinks, whose kinds each batch's buffers mirror.
    init(jobs: Int, validator: FieldValidator, policy: LinePolicy, reader: RecordReader, like main: Sinks) throws {
        pool = try OrderedPool(jobs: jobs) { () throws(ConfigurationError) -> Batch in
            Batch(validator: try FieldValidator(validator.spec), policy: policy, reader: reader, like: main)
        }
    }

    /// Reads every input, checks its values on the workers and writes the results to `sinks`
    /// in input order. `main` handles oversized records on this thread.
    /// - Returns: whether some input could not be opened or read.
    func run(
        files: [String], values: [UInt8]?, reader: RecordReader, main: ValueStep, sinks: Sinks,
        missing: (String) -> String? = { _ in nil }
    ) throws -> Bool {
        let write = { (batch: Batch) throws in try self.write(batch, to: sinks, main: main) }
        var reader = reader
        // The input goes quiet: what was read is checked and written before waiting for more.
        reader.beforeWaiting = {
            try self.pool.dispatch(write)
            try self.pool.finishAll(write)
            try Streams.flushBeforeWaiting()
        }
        do {
            let failed = try forEachInput(files, given: values, missing: missing) { fd, name in
                try reader.forEachBlock(
                    fd: fd,
                    overflow: { chunk in
                        try pool.finishAll(write)
                        try sinks.overflow(chunk)
                    },
                    blocks: { block in
                        if !pool.current.continues(block, file: name) { try pool.dispatch(write) }
                        let batch = pool.current
                        batch.add(block, file: name)
                        if batch.bytes.count >= Self.batchBytes { try pool.dispatch(write) }
                    },
                    records: { record in
                        // An oversized record, or one read with it: rare, checked here in order.
                        try pool.finishAll(write)
                        var fastAccepted = 0
                        defer { sinks.summary.addAccepted(fastAccepted) }
                        guard try main.process(record, file: name, into: sinks, fastAccepted: &fastAccepted) else {
                            throw StopReading()
                        }
                    })
                // Batches never span inputs: each names one file.
                try pool.dispatch(write)
            }
            // A batch still in flight at the end of the input may be the one that stops the
            // run: its records are written up to the one that stopped it, as one thread writes.
            if !stopped {
                do { try pool.finishAll(write) } catch is StopReading {}
            }
            if stopped { pool.discard { _ in } }
            return failed
        } catch {
            pool.discard { _ in }
            throw error
        }
    }

    /// Writes what a finished batch produced, in order; throws `StopReading` when it stopped
    /// the run (`--on-invalid abort`).
    private func write(_ batch: Batch, to sinks: Sinks, main: ValueStep) throws {
        if let failure = batch.failure { throw failure }
        try sinks.take(batch.sinks)
        stopped = batch.stopped
        if !stopped { stopped = try !batch.checkLeftRecords(with: main, into: sinks) }
        batch.reset()
        if stopped { throw StopReading() }
    }
}
