#if canImport(Glibc)
    import Glibc
#endif

/// A one-line progress display on stderr (rows, bytes, rate, time left), redrawn at most
/// five times a second, only for a regular file read while stderr is a terminal.
struct ProgressBar {
    private var total = 0
    private var bytes = 0
    private var rows = 0
    private var started = 0.0
    private var lastDrawn = 0.0
    private var shown = false
    /// Whether it draws: stderr is a terminal and the input a file with bytes in it.
    let enabled: Bool

    init(fd: Int32, enabled: Bool) {
        var info = stat()
        let regular = fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
        self.enabled = enabled && regular && info.st_size > 0
        total = Int(info.st_size)
        started = Self.now()
        lastDrawn = started
    }

    mutating func advance(bytes count: Int) {
        guard enabled else { return }
        rows += 1
        bytes += count
        guard rows & 0x3FF == 0 else { return }
        let now = Self.now()
        guard now - lastDrawn >= 0.2 else { return }
        lastDrawn = now
        let elapsed = max(now - started, 0.001)
        let rate = Double(rows) / elapsed
        let left = bytes > 0 ? elapsed * Double(total - bytes) / Double(bytes) : 0
        let percent = total > 0 ? 100 * bytes / total : 0
        let line =
            "\r\u{1B}[K\(rows) rows  \(bytes >> 20)/\(total >> 20) MB (\(percent)%)  \(Int(rate)) rows/s  \(Int(left.rounded())) s left"
        Streams.standardError.writeQuietly(line)
        shown = true
    }

    mutating func clear() {
        guard shown else { return }
        Streams.standardError.writeQuietly("\r\u{1B}[K")
        shown = false
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
