import Dispatch
import Synchronization

/// A batch of records that a worker thread checks: what `OrderedPool` hands around.
protocol PoolBatch: AnyObject, Sendable {
    /// Whether the batch holds nothing to check.
    var isEmpty: Bool { get }
    /// Checks the batch's records; runs on a worker thread (or the main thread, helping),
    /// touching only the batch and what belongs to `slot`: one slot per thread, 0..<jobs.
    func check(slot: Int)
}

/// `--jobs N`: batches checked on N worker threads and finished on the main thread strictly
/// in the order they were filled, so that everything written is exactly what one thread
/// writes. Every command that checks in parallel (the line commands, `csv`) uses this one
/// ring; what a batch holds and how it is finished is the command's.
///
/// N threads check: N − 1 workers of the pool's own (`WorkerThreads`) and the main thread.
/// The main thread fills `current`, then `dispatch`es it; with twice as many batches as
/// threads, it fills one while each worker checks one. When every batch is busy, `dispatch`
/// first finishes the oldest, and while that one is still being checked the main thread
/// checks a batch no worker has started: with N threads on N cores no thread waits for a
/// core (with N workers beside it, the main thread, which every batch waits for, had two
/// thirds of a core on two).
final class OrderedPool<Batch: PoolBatch> {
    private let batches: [Batch]
    /// `batches`, which keeps them alive, unretained.
    private let batchRefs: [Unmanaged<Batch>]
    private let done: [Completion]
    /// The batch being filled. Only the main thread touches it, and `inFlight`: not checked
    /// for exclusive access at run time.
    @exclusivity(unchecked) private var filling = 0
    /// Batches handed to workers, oldest first.
    @exclusivity(unchecked) private var inFlight: [Int] = []
    private let workers: WorkerThreads

    /// - Parameter make: makes one batch (each has its own validators: they reuse buffers).
    init<E: Error>(jobs: Int, make: () throws(E) -> Batch) throws(E) {
        var batches: [Batch] = []
        for _ in 0..<(2 * jobs) { batches.append(try make()) }
        self.batches = batches
        batchRefs = batches.map { Unmanaged.passUnretained($0) }
        done = batches.map { _ in Completion() }
        // The main thread is one of the N: it checks a batch itself while it waits.
        workers = WorkerThreads(count: jobs - 1)
    }

    deinit { workers.stop() }

    /// The batch being filled.
    var current: Batch { batches[filling] }

    /// Calls `body` with the batch being filled, not retained for it (this runs for every
    /// record: a retain there took the batch's cache line from a worker that had it).
    func withCurrent<R>(_ body: (Batch) throws -> R) rethrows -> R {
        try batchRefs[filling]._withUnsafeGuaranteedRef(body)
    }

    /// Every batch, to prepare them all (no batch may be in flight).
    var all: [Batch] {
        assert(inFlight.isEmpty, "batches changed while workers check them")
        return batches
    }

    /// Hands the batch being filled to a worker and moves on to the next one, finishing the
    /// oldest batch in flight first (with `finish`) when it is the next one.
    func dispatch(_ finish: (Batch) throws -> Void) throws {
        let batch = batches[filling]
        guard !batch.isEmpty else { return }
        let signal = done[filling]
        inFlight.append(filling)
        workers.run { slot in
            batch.check(slot: slot)
            signal.signal()
        }
        filling = (filling + 1) % batches.count
        // Batches are used in turn, so the next one is the oldest in flight, if it is in flight.
        if inFlight.first == filling { try finishOldest(finish) }
    }

    /// Hands over the batch being filled and finishes every batch in flight, in order.
    func finishAll(_ finish: (Batch) throws -> Void) throws {
        try dispatch(finish)
        while !inFlight.isEmpty { try finishOldest(finish) }
    }

    /// Lets every worker end and empties what they checked, and the batch being filled,
    /// with `reset`: after a stop or an error, nothing more of them is written.
    func discard(_ reset: (Batch) -> Void) {
        for index in inFlight {
            done[index].wait()
            reset(batches[index])
        }
        inFlight.removeAll()
        reset(batches[filling])
    }

    /// Waits for the oldest batch in flight and finishes it. It leaves the ring first: when
    /// `finish` throws, the batch is not waited for again.
    private func finishOldest(_ finish: (Batch) throws -> Void) throws {
        let index = inFlight.removeFirst()
        // Rather than sleep, check a batch no worker has started; then wait.
        while !done[index].isDone && workers.runPending() {}
        done[index].wait()
        try finish(batches[index])
    }
}

/// That a batch has been checked: said by the thread that checked it, heard by the main
/// thread, which can ask without a system call. A semaphore alone cannot be asked so:
/// `wait(timeout: .now())` is a timed wait on a time just past, and the kernel's timer slack
/// let the main thread sleep for up to 50 µs at each batch (a third of a million-row run).
private final class Completion: Sendable {
    private let flag = Atomic<Bool>(false)
    private let semaphore = DispatchSemaphore(value: 0)

    func signal() {
        flag.store(true, ordering: .releasing)
        semaphore.signal()
    }

    var isDone: Bool { flag.load(ordering: .acquiring) }

    /// Waits for the signal, and takes it: the batch can be handed out again.
    func wait() {
        semaphore.wait()
        flag.store(false, ordering: .relaxed)
    }
}
