import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

/// A UTF-8 input that cannot be read twice (stdin, a pipe), read through a pipe while a copy is
/// kept: a thread reads it block by block and writes each block first into an unlinked
/// temporary file, then into the pipe, which `infer` reads as it reads any file. When that
/// reading was not exact, `infer` reads the copy from the start.
///
/// Why not hold the input in memory: a single value over the memory limit cut the input short,
/// and every record after it was lost. Why not copy it whole first: `infer` reads only a
/// sample unless `--all-rows`, and stdin may be endless. This way memory stays one block, and
/// the copy holds what the first reading read, and at most a pipe's worth more.
///
/// `@unchecked Sendable`: the copying thread alone touches `failure` until `finish` has waited
/// for it.
final class CopiedInput: @unchecked Sendable {
    /// The pipe's read end: the input from its start (the bytes already read, then the rest).
    let fd: Int32
    private let writeEnd: Int32
    private let copy: Int32
    private let source: Int32
    private let head: [UInt8]
    private let done = DispatchSemaphore(value: 0)
    private var failure: String?
    private var finished = false

    /// - Parameters:
    ///   - head: the bytes already read from `source` (for sniffing): they go first.
    ///   - source: where the rest comes from, read to its end or until the reader stops.
    init(head: [UInt8], source: Int32) throws {
        guard let file = tmpfile() else {
            throw InputOutputError("cannot create a temporary file: \(String(cString: strerror(errno)))")
        }
        copy = dup(fileno(file))
        fclose(file)
        guard copy >= 0 else {
            throw InputOutputError("cannot create a temporary file: \(String(cString: strerror(errno)))")
        }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            close(copy)
            throw InputOutputError("cannot create a pipe: \(String(cString: strerror(errno)))")
        }
        fd = ends[0]
        writeEnd = ends[1]
        self.source = source
        self.head = head
        DispatchQueue.global().async { self.pump() }
    }

    deinit {
        if !finished {
            close(fd)
            done.wait()
        }
        close(copy)
    }

    private func pump() {
        defer {
            close(writeEnd)
            done.signal()
        }
        guard head.withUnsafeBytes({ pass($0) }) else { return }
        var block = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = block.withUnsafeMutableBytes { read(source, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 {
                failure = "read failed: \(String(cString: strerror(errno)))"
                return
            }
            if count == 0 { return }
            guard block.withUnsafeBytes({ pass(UnsafeRawBufferPointer(rebasing: $0[..<count])) }) else { return }
        }
    }

    /// Writes one block into the copy, then into the pipe: whatever the reader has seen, the
    /// copy holds. False when copying must stop (the copy failed, or the reader stopped).
    private func pass(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard writeAll(copy, bytes) else {
            failure = "cannot write a temporary copy of the input: \(String(cString: strerror(errno)))"
            return false
        }
        // The reader stopped (a sample's last row): nothing more is wanted.
        return writeAll(writeEnd, bytes)
    }

    private func writeAll(_ target: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var written = 0
        while written < bytes.count {
            let result = write(target, bytes.baseAddress! + written, bytes.count - written)
            if result < 0 && errno == EINTR { continue }
            if result <= 0 { return false }
            written += result
        }
        return true
    }

    /// Ends the first reading: closes the pipe and waits for the thread. Returns the copy,
    /// positioned at its start, for reading again (closed with this object).
    /// - Throws: `InputOutputError` when the input could not be read or copied whole.
    func finish() throws -> Int32 {
        if !finished {
            finished = true
            close(fd)
            done.wait()
        }
        if let failure { throw InputOutputError(failure) }
        guard lseek(copy, 0, SEEK_SET) == 0 else {
            throw InputOutputError("cannot read the temporary copy of the input: \(String(cString: strerror(errno)))")
        }
        return copy
    }
}
