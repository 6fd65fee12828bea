import Dispatch
import FieldCheck

#if canImport(Glibc)
    import Glibc
#endif

/// A thread that reads a file descriptor to its end, block by block, and writes what `pass`
/// makes of each block into a pipe, which a reader reads as it reads any file: memory stays
/// one block whatever the input's size. `TranscodedInput` converts each block to UTF-8;
/// `CopiedInput` keeps a copy of it.
///
/// `@unchecked Sendable`: the thread alone touches `failure` until `finish` has waited for it.
final class InputPump: @unchecked Sendable {
    /// The pipe's read end.
    let fd: Int32
    private let writeEnd: Int32
    private let source: Int32
    private let head: [UInt8]
    private let done = DispatchSemaphore(value: 0)
    private var failure: Error?
    private var finished = false

    /// Makes the pipe; `start` starts the thread.
    /// - Parameters:
    ///   - source: read to its end, or until `pass` or the reader stops.
    ///   - head: bytes already read from `source` (to sniff its charset), passed first.
    init(source: Int32, head: [UInt8] = []) throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw InputOutputError("cannot create a pipe: \(String(cString: strerror(errno)))")
        }
        fd = ends[0]
        writeEnd = ends[1]
        self.source = source
        self.head = head
    }

    /// Starts the thread, once.
    /// - Parameter pass: given each block (an empty one with `last` at the end) and a function
    ///   that writes bytes into the pipe, which says false once the reader has stopped
    ///   (nothing more is wanted); returns whether to go on. An error it throws ends the
    ///   reading, and `finish` throws it.
    func start(
        _ pass:
            @escaping @Sendable (
                _ block: UnsafeRawBufferPointer, _ last: Bool, _ write: (UnsafeRawBufferPointer) -> Bool
            ) throws -> Bool
    ) {
        DispatchQueue.global().async { self.pump(self.source, pass) }
    }

    private func pump(
        _ source: Int32,
        _ pass: (UnsafeRawBufferPointer, Bool, (UnsafeRawBufferPointer) -> Bool) throws -> Bool
    ) {
        defer {
            close(writeEnd)
            done.signal()
        }
        let write = { (bytes: UnsafeRawBufferPointer) in Self.writeAll(self.writeEnd, bytes) }
        var block = [UInt8](repeating: 0, count: 1 << 16)
        do {
            if !head.isEmpty, try !head.withUnsafeBytes({ try pass($0, false, write) }) { return }
            while true {
                let count = block.withUnsafeMutableBytes { read(source, $0.baseAddress!, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count < 0 { throw InputError("read failed: \(String(cString: strerror(errno)))") }
                let goOn = try block.withUnsafeBytes {
                    try pass(UnsafeRawBufferPointer(rebasing: $0[..<count]), count == 0, write)
                }
                if !goOn || count == 0 { return }
            }
        } catch {
            failure = error
        }
    }

    /// Writes all of `bytes` to `target`; false when it cannot (the reader of a pipe stopped).
    static func writeAll(_ target: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var written = 0
        while written < bytes.count {
            let result = Glibc.write(target, bytes.baseAddress! + written, bytes.count - written)
            if result < 0 && errno == EINTR { continue }
            if result <= 0 { return false }
            written += result
        }
        return true
    }

    /// Closes the pipe and waits for the thread; throws the error that ended the reading, if
    /// any. Once: later calls do nothing.
    func finish() throws {
        guard !finished else { return }
        finished = true
        close(fd)
        done.wait()
        if let failure { throw failure }
    }
}
