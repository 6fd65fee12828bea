import Dispatch
import FieldCheck

/// `--jobs N`: the values of the inputs in batches, checked on N threads, written in input
/// order.
///
/// The main thread reads blocks of whole records and copies them into a batch; a full batch
/// goes to a worker thread, which splits it into records and runs each value through the batch's own `ValueStep` (a validator reuses
/// buffers and ICU handles, so each batch has its own) into the batch's own buffers. The main
/// thread writes finished batches strictly in the order they were read, so stdout, stderr, the
/// rejects file and the summary are exactly what one thread writes. A record longer than the
/// reader's buffer (rare) is handled by the main thread once every batch before it has been
/// written.
final class BatchPool {
    /// A run of consecutive records of one input, and what checking them wrote.
    final class Batch: @unchecked Sendable {
        // Unchecked: a batch is touched by one thread at a time — the main thread while it
        // fills or writes it, its worker between `dispatch` and `done.signal()`.
        let step: ValueStep
        let reader: RecordReader
        let sinks: LineSinks
        /// The records as read, terminators included.
        var bytes: [UInt8] = []
        var firstNumber = 0
        var count = 0
        var file: String? = nil
        /// Whether a record stopped the run (`--on-invalid abort`).
        var stopped = false
        var failure: (any Error)? = nil
        let done = DispatchSemaphore(value: 0)

        init(validator: FieldValidator, policy: LinePolicy, reader: RecordReader, rejects: Bool) {
            self.reader = reader
            sinks = LineSinks(
                out: OutputStream(memory: ()), err: OutputStream(memory: ()),
                rejects: rejects ? OutputStream(memory: ()) : nil)
            step = ValueStep(validator: validator, policy: policy, sinks: sinks)
            bytes.reserveCapacity(BatchPool.batchBytes + RecordReader.blockSize)
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

        /// Runs on a worker thread.
        func check() {
            let step = step
            let sinks = sinks
            let file = file
            var fastAccepted = 0
            defer { sinks.summary.addAccepted(fastAccepted) }
            do {
                try bytes.withUnsafeBufferPointer { all in
                    let block = RecordBlock(bytes: all, firstNumber: firstNumber, count: count)
                    try reader.forEachRecord(in: block, overflow: { try step.overflow($0, into: sinks) }) { record in
                        guard try step.process(record, file: file, into: sinks, fastAccepted: &fastAccepted) else {
                            throw StopReading()
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
            sinks.summary = Summary()
            stopped = false
            failure = nil
        }
    }

    /// A batch is handed on at about this many bytes or records: small enough that N
    /// workers stay busy and memory stays flat, large enough that handing over costs nothing.
    static let batchBytes = 1 << 18

    private let batches: [Batch]
    /// The batch being filled.
    private var filling: Int = 0
    /// Batches handed to workers, oldest first.
    private var inFlight: [Int] = []
    private let queue = DispatchQueue.global(qos: .userInitiated)
    /// Set once a written batch stopped the run: nothing after it is written.
    private var stopped = false

    /// - Parameter validator: the field, compiled again for each batch.
    /// - Parameter rejects: whether rejected raw values are written anywhere.
    init(jobs: Int, validator: FieldValidator, policy: LinePolicy, reader: RecordReader, rejects: Bool) throws {
        var batches: [Batch] = []
        // Twice as many batches as workers: the main thread fills one while each worker checks one.
        for _ in 0..<(2 * jobs) {
            let copy = try FieldValidator(validator.spec)
            batches.append(Batch(validator: copy, policy: policy, reader: reader, rejects: rejects))
        }
        self.batches = batches
    }

    /// Reads every input, checks its values on the workers and writes the results to `sinks`
    /// in input order. `main` handles oversized records on this thread.
    /// - Returns: whether some input could not be opened or read.
    func run(files: [String], values: [UInt8]?, reader: RecordReader, main: ValueStep, sinks: LineSinks) throws
        -> Bool
    {
        do {
            let failed = try forEachInput(files, given: values) { fd, name in
                try reader.forEachBlock(
                    fd: fd,
                    overflow: { chunk in
                        try writeAll(to: sinks)
                        try main.overflow(chunk, into: sinks)
                    },
                    blocks: { block in
                        if !batches[filling].continues(block, file: name) { try dispatch(writingTo: sinks) }
                        let batch = batches[filling]
                        batch.add(block, file: name)
                        if batch.bytes.count >= Self.batchBytes { try dispatch(writingTo: sinks) }
                    },
                    records: { record in
                        // An oversized record, or one read with it: rare, checked here in order.
                        try writeAll(to: sinks)
                        var fastAccepted = 0
                        defer { sinks.summary.addAccepted(fastAccepted) }
                        guard try main.process(record, file: name, into: sinks, fastAccepted: &fastAccepted) else {
                            throw StopReading()
                        }
                    })
                // Batches never span inputs: each names one file.
                try dispatch(writingTo: sinks)
            }
            if stopped {
                discardInFlight()
            } else {
                try writeAll(to: sinks)
            }
            return failed
        } catch {
            discardInFlight()
            throw error
        }
    }

    /// Lets every worker finish, and drops what it wrote: after a stop, or an error.
    private func discardInFlight() {
        for index in inFlight { batches[index].done.wait() }
        inFlight.removeAll()
    }

    /// Hands the batch being filled to a worker and picks the next one to fill, writing the
    /// oldest batch first when every batch is busy.
    private func dispatch(writingTo sinks: LineSinks) throws {
        let batch = batches[filling]
        guard !batch.isEmpty else { return }
        inFlight.append(filling)
        queue.async {
            batch.check()
            batch.done.signal()
        }
        filling = (filling + 1) % batches.count
        // Batches are used in turn, so the next one is the oldest in flight, if it is in flight.
        if inFlight.first == filling { try writeOldest(to: sinks) }
    }

    /// Waits for the oldest batch in flight and writes what it produced.
    private func writeOldest(to sinks: LineSinks) throws {
        let index = inFlight.removeFirst()
        let batch = batches[index]
        batch.done.wait()
        if let failure = batch.failure { throw failure }
        try batch.sinks.out.move(to: sinks.out)
        if batch.sinks.err.hasPending {
            try sinks.out.flushIfSharingTerminal(with: sinks.err)
            try batch.sinks.err.move(to: sinks.err)
        }
        if let rejects = sinks.rejects { try batch.sinks.rejects?.move(to: rejects) }
        sinks.summary.merge(batch.sinks.summary)
        stopped = batch.stopped
        batch.reset()
        if stopped { throw StopReading() }
    }

    /// Hands over the batch being filled and writes every batch in flight, in order.
    private func writeAll(to sinks: LineSinks) throws {
        try dispatch(writingTo: sinks)
        while !inFlight.isEmpty { try writeOldest(to: sinks) }
    }
}
