#if canImport(Glibc)
    import Glibc
#endif

/// The worker threads of `--jobs`, started once for the run and given tasks in order; a
/// thread sleeps on a condition variable when there is nothing to do.
///
/// Not Dispatch's global queue: it runs as many threads as there are cores, beside the main
/// thread, and it cannot hand a task back to a waiting caller (`runPending`), nor tell a task
/// which thread runs it (its slot: `csv` keeps one table per thread, made on that thread).
final class WorkerThreads: @unchecked Sendable {
    // Unchecked: `tasks` and `stopping` are only touched with `mutex` held.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let wake = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var tasks: [(Int) -> Void] = []
    /// The next task to run in `tasks`; the tasks before it have been taken.
    private var next = 0
    private var stopping = false
    private var threads: [pthread_t] = []

    init(count: Int) {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(wake, nil)
        for slot in 0..<count {
            var thread = pthread_t()
            let context = Unmanaged.passRetained(Start(workers: self, slot: slot)).toOpaque()
            let created = pthread_create(
                &thread, nil,
                { context in
                    let start = Unmanaged<Start>.fromOpaque(context!).takeRetainedValue()
                    start.workers.work(slot: start.slot)
                    return nil
                }, context)
            if created == 0 {
                threads.append(thread)
            } else {
                Unmanaged<Start>.fromOpaque(context).release()
            }
        }
    }

    /// Lets the threads finish their tasks and end; the pool cannot be used after.
    func stop() {
        pthread_mutex_lock(mutex)
        stopping = true
        pthread_cond_broadcast(wake)
        pthread_mutex_unlock(mutex)
        for thread in threads { pthread_join(thread, nil) }
        threads.removeAll()
    }

    deinit {
        pthread_cond_destroy(wake)
        pthread_mutex_destroy(mutex)
        wake.deallocate()
        mutex.deallocate()
    }

    /// What a thread starts with: the pool, and its slot.
    private final class Start {
        let workers: WorkerThreads
        let slot: Int
        init(workers: WorkerThreads, slot: Int) {
            self.workers = workers
            self.slot = slot
        }
    }

    /// The slot the calling thread gives `runPending`: one more than the threads'.
    var callerSlot: Int { threads.count }

    /// Runs `task` on one of the threads, with the thread's slot (0…count-1), or here, with
    /// `callerSlot`, when none could be started.
    func run(_ task: @escaping (Int) -> Void) {
        guard !threads.isEmpty else { return task(callerSlot) }
        pthread_mutex_lock(mutex)
        tasks.append(task)
        pthread_cond_signal(wake)
        pthread_mutex_unlock(mutex)
    }

    /// Runs the oldest task no thread has taken yet, here, with `callerSlot`; false when
    /// there is none.
    func runPending() -> Bool {
        pthread_mutex_lock(mutex)
        guard let task = take() else {
            pthread_mutex_unlock(mutex)
            return false
        }
        pthread_mutex_unlock(mutex)
        task(callerSlot)
        return true
    }

    /// The oldest task not taken, taken; `mutex` is held.
    private func take() -> ((Int) -> Void)? {
        guard next < tasks.count else { return nil }
        let task = tasks[next]
        next += 1
        if next == tasks.count {
            tasks.removeAll(keepingCapacity: true)
            next = 0
        }
        return task
    }

    private func work(slot: Int) {
        pthread_mutex_lock(mutex)
        while true {
            if let task = take() {
                pthread_mutex_unlock(mutex)
                task(slot)
                pthread_mutex_lock(mutex)
            } else if stopping {
                break
            } else {
                pthread_cond_wait(wake, mutex)
            }
        }
        pthread_mutex_unlock(mutex)
    }
}
