import FieldCheck

#if canImport(Glibc)
    import Glibc
#endif

/// Thrown when the reader of our output has gone away (`fieldcheck … | head -1`): the
/// command ends quietly.
struct BrokenPipe: Error {}

/// A buffered writer on a file descriptor: values go out in large writes, not one per line.
///
/// Its buffer is the library's `FieldOutput`, so that `FieldValidator.check` appends an
/// accepted value straight into it, with no copy in between.
final class OutputStream {
    let fd: Int32
    /// The bytes waiting to be written.
    let buffer: FieldOutput
    /// Flush once this many bytes wait (0: at every write, for a terminal).
    let capacity: Int
    /// Whether the descriptor is a terminal (line-at-a-time flushing, colour).
    let isTerminal: Bool
    /// What a failed write names: the file, or "standard output".
    let name: String

    init(fd: Int32, capacity: Int = 1 << 16, name: String? = nil) {
        self.fd = fd
        self.name = name ?? (fd == 1 ? "standard output" : fd == 2 ? "standard error" : "fd \(fd)")
        self.isTerminal = isatty(fd) != 0
        self.capacity = isatty(fd) != 0 ? 0 : capacity
        buffer = FieldOutput(capacity: max(capacity, 1 << 12))
    }

    /// A stream that only collects its bytes, for `move(to:)`: it never writes on its own.
    init(memory: Void) {
        fd = -1
        name = "memory"
        isTerminal = false
        capacity = .max
        buffer = FieldOutput(capacity: 1 << 16)
    }

    /// Whether bytes wait in the buffer.
    var hasPending: Bool { buffer.holds(atLeast: 1) }

    /// Writes the collected bytes to `other` and empties the buffer.
    func move(to other: OutputStream) throws {
        guard buffer.holds(atLeast: 1) else { return }
        try other.write(buffer.pending)
        buffer.removeAll()
    }

    static func open(path: String) throws(InputOutputError) -> OutputStream {
        let fd = openRawPath(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw InputOutputError("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        return OutputStream(fd: fd, name: path)
    }

    func write(_ text: String) throws {
        try text.withUTF8Bytes { try write($0) }
    }

    func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBufferPointer { try write($0) }
    }

    /// Writes and ignores failures: for decorations (a progress line) that must never end a run.
    func writeQuietly(_ text: String) { try? write(text) }

    func write(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        try reserve(bytes.count)
        buffer.append(bytes)
        try flushIfFull()
    }

    func write(byte: UInt8) throws {
        buffer.append(byte: byte)
        try flushIfFull()
    }

    /// Writes out what waits once it reaches the stream's capacity: after something was
    /// appended to `buffer` directly (`FieldValidator.check`).
    @inline(__always)
    func flushIfFull() throws {
        if buffer.holds(atLeast: capacity) { try flush() }
    }

    /// Makes room for `room` more bytes: flushes what waits rather than growing, unless the
    /// stream is in memory or one value is larger than the buffer.
    private func reserve(_ room: Int) throws {
        guard !buffer.fits(room) else { return }
        if fd >= 0 { try flush() }
        buffer.reserve(room)
    }

    func flush() throws {
        var written = 0
        let pending = buffer.pending
        let count = pending.count
        while written < count {
            let n = Glibc.write(fd, pending.baseAddress! + written, count - written)
            if n < 0 {
                if errno == EINTR { continue }
                // What cannot be written is dropped: a second flush must not fail on it again.
                let failure = errno
                buffer.removeAll()
                if failure == EPIPE { throw BrokenPipe() }
                throw InputOutputError("cannot write \(name): \(String(cString: strerror(failure)))")
            }
            written += n
        }
        buffer.removeAll()
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
    /// Buffered like stdout unless it is a terminal: one write per rejected value was a
    /// fifth of an explained run's time on mostly bad input (issue 35). What it holds goes
    /// out before fieldcheck waits for input (`flushBeforeWaiting`), with each `complain`,
    /// and at exit.
    nonisolated(unsafe) static let standardError = OutputStream(fd: 2)

    /// Writes a `fieldcheck: …` message to stderr at once, after everything written before it.
    static func complain(_ message: String) {
        try? standardOutput.flush()
        try? standardError.write("fieldcheck: \(TerminalText.escaped(message))\n")
        try? standardError.flush()
    }

    /// Writes out what stdout and stderr hold: a reader's `beforeWaiting`, so that a follower
    /// of the output (`tail -f log | fieldcheck number 2>errors.log`, a program that writes a
    /// value and waits for its answer) has the answer to everything read before fieldcheck
    /// waits for more input. Never asked while a file is read.
    static func flushBeforeWaiting() throws {
        try standardOutput.flush()
        try standardError.flush()
    }
}
