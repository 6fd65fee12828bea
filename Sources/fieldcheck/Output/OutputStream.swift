#if canImport(Glibc)
    import Glibc
#endif

/// Thrown when the reader of our output has gone away (`fieldcheck … | head -1`): the
/// command ends quietly.
struct BrokenPipe: Error {}

/// A buffered writer on a file descriptor: values go out in large writes, not one per line.
final class OutputStream {
    let fd: Int32
    private var buffer: [UInt8] = []
    private let capacity: Int
    /// Whether the descriptor is a terminal (line-at-a-time flushing, colour).
    let isTerminal: Bool

    init(fd: Int32, capacity: Int = 1 << 16) {
        self.fd = fd
        self.isTerminal = isatty(fd) != 0
        self.capacity = isatty(fd) != 0 ? 0 : capacity
        buffer.reserveCapacity(capacity)
    }

    /// A stream that only collects its bytes, for `move(to:)`: it never writes on its own.
    init(memory: Void) {
        fd = -1
        isTerminal = false
        capacity = .max
    }

    /// Whether bytes wait in the buffer.
    var hasPending: Bool { !buffer.isEmpty }

    /// Writes the collected bytes to `other` and empties the buffer.
    func move(to other: OutputStream) throws {
        guard !buffer.isEmpty else { return }
        try buffer.withUnsafeBufferPointer { try other.write($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    static func open(path: String) throws(InputOutputError) -> OutputStream {
        let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw InputOutputError("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        return OutputStream(fd: fd)
    }

    func write(_ text: String) throws {
        var text = text
        text.withUTF8 { buffer.append(contentsOf: $0) }
        if buffer.count >= capacity { try flush() }
    }

    func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBufferPointer { try write($0) }
    }

    /// Writes and ignores failures: for decorations (a progress line) that must never end a run.
    func writeQuietly(_ text: String) { try? write(text) }

    func write(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        buffer.append(contentsOf: bytes)
        if buffer.count >= capacity { try flush() }
    }

    /// Lets `body` append straight into the buffer, saving a copy on the fast path; what it
    /// appended is written like any other bytes. Returns what `body` returns.
    func append(_ body: (inout [UInt8]) -> Bool) throws -> Bool {
        let appended = body(&buffer)
        if buffer.count >= capacity { try flush() }
        return appended
    }

    func write(byte: UInt8) throws {
        buffer.append(byte)
        if buffer.count >= capacity { try flush() }
    }

    func flush() throws {
        var written = 0
        let total = buffer.count
        try buffer.withUnsafeBytes { raw in
            while written < total {
                let n = Glibc.write(fd, raw.baseAddress! + written, total - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    if errno == EPIPE { throw BrokenPipe() }
                    throw InputOutputError("write failed: \(String(cString: strerror(errno)))")
                }
                written += n
            }
        }
        buffer.removeAll(keepingCapacity: true)
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
        try? standardError.write("fieldcheck: \(message)\n")
    }
}
