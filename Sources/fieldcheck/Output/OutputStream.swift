#if canImport(Glibc)
    import Glibc
#endif

/// Thrown when the reader of our output has gone away (`fieldcheck … | head -1`): the
/// command ends quietly.
struct BrokenPipe: Error {}

/// A buffered writer on a file descriptor: values go out in large writes, not one per line.
///
/// The buffer is raw memory, so that the fast paths write a value straight into it
/// (`appendFast`) without the checks and copies of appending to an Array. The buffer's
/// state is `@exclusivity(unchecked)`: only these methods touch it, and `appendFast`'s body
/// gets a pointer, not the stream, so the run-time check per access guards nothing.
final class OutputStream {
    let fd: Int32
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var count = 0
    @exclusivity(unchecked) private var allocated: Int
    /// Flush once this many bytes wait (0: at every write, for a terminal).
    private let capacity: Int
    /// Whether the descriptor is a terminal (line-at-a-time flushing, colour).
    let isTerminal: Bool
    /// What a failed write names: the file, or "standard output".
    let name: String

    init(fd: Int32, capacity: Int = 1 << 16, name: String? = nil) {
        self.fd = fd
        self.name = name ?? (fd == 1 ? "standard output" : fd == 2 ? "standard error" : "fd \(fd)")
        self.isTerminal = isatty(fd) != 0
        self.capacity = isatty(fd) != 0 ? 0 : capacity
        allocated = max(capacity, 1 << 12)
        base = .allocate(capacity: allocated)
    }

    /// A stream that only collects its bytes, for `move(to:)`: it never writes on its own.
    init(memory: Void) {
        fd = -1
        name = "memory"
        isTerminal = false
        capacity = .max
        allocated = 1 << 16
        base = .allocate(capacity: allocated)
    }

    deinit { base.deallocate() }

    /// Whether bytes wait in the buffer.
    var hasPending: Bool { count > 0 }

    /// Writes the collected bytes to `other` and empties the buffer.
    func move(to other: OutputStream) throws {
        guard count > 0 else { return }
        try other.write(UnsafeBufferPointer(start: base, count: count))
        count = 0
    }

    static func open(path: String) throws(InputOutputError) -> OutputStream {
        let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw InputOutputError("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        return OutputStream(fd: fd, name: path)
    }

    func write(_ text: String) throws {
        var text = text
        try text.withUTF8 { try write($0) }
    }

    func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBufferPointer { try write($0) }
    }

    /// Writes and ignores failures: for decorations (a progress line) that must never end a run.
    func writeQuietly(_ text: String) { try? write(text) }

    func write(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        try reserve(bytes.count)
        if let source = bytes.baseAddress { (base + count).update(from: source, count: bytes.count) }
        count += bytes.count
        if count >= capacity { try flush() }
    }

    /// Lets `body` write straight into the buffer, at most `room` bytes, saving a copy on the
    /// fast path. `body` returns how many it wrote, or nil when it wrote nothing and the value
    /// must take the slow path; returns whether it wrote.
    @inline(__always)
    func appendFast(room: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int?) throws -> Bool {
        if count + room > allocated { try reserve(room) }
        guard let written = body(base + count) else { return false }
        count += written
        if count >= capacity { try flush() }
        return true
    }

    func write(byte: UInt8) throws {
        if count == allocated { try reserve(1) }
        base[count] = byte
        count += 1
        if count >= capacity { try flush() }
    }

    /// Makes room for `room` more bytes: flushes what waits, or grows the buffer when it is
    /// in memory or one value is larger than it.
    private func reserve(_ room: Int) throws {
        guard count + room > allocated else { return }
        if fd >= 0 { try flush() }
        guard count + room > allocated else { return }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: max(allocated * 2, count + room))
        grown.moveInitialize(from: base, count: count)
        base.deallocate()
        base = grown
        allocated = max(allocated * 2, count + room)
    }

    func flush() throws {
        var written = 0
        while written < count {
            let n = Glibc.write(fd, base + written, count - written)
            if n < 0 {
                if errno == EINTR { continue }
                // What cannot be written is dropped: a second flush must not fail on it again.
                let failure = errno
                count = 0
                if failure == EPIPE { throw BrokenPipe() }
                throw InputOutputError("cannot write \(name): \(String(cString: strerror(failure)))")
            }
            written += n
        }
        count = 0
    }

    func close() throws {
        try flush()
        if fd > 2 { _ = Glibc.close(fd) }
    }
}

/// A failed read or write: exit status 3.
struct InputOutputError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The streams of one run, shared by every command.
enum Streams {
    nonisolated(unsafe) static let standardOutput = OutputStream(fd: 1)
    nonisolated(unsafe) static let standardError = OutputStream(fd: 2, capacity: 0)

    /// Writes a `fieldcheck: …` message to stderr at once.
    static func complain(_ message: String) {
        try? standardOutput.flush()
        try? standardError.write("fieldcheck: \(TerminalText.escaped(message))\n")
    }
}
