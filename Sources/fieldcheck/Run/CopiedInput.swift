import FieldCheck

#if canImport(Glibc)
    import Glibc
#endif

/// A UTF-8 input that cannot be read twice (stdin, a pipe), read through a pipe (`InputPump`)
/// while a copy is kept: a thread reads it block by block and writes each block first into an
/// unlinked temporary file, then into the pipe, which `infer` reads as it reads any file. When that
/// reading was not exact, `infer` reads the copy from the start.
///
/// Why not hold the input in memory: a single value over the memory limit cut the input short,
/// and every record after it was lost. Why not copy it whole first: `infer` reads only a
/// sample unless `--all-rows`, and stdin may be endless. This way memory stays one block, and
/// the copy holds what the first reading read, and at most a pipe's worth more — up to
/// `copyLimit`: past it (an endless record, `--all-rows` on a huge stream) the copy is given
/// up and the first reading stands alone. The copy lives in `$TMPDIR` (else /tmp).
///
/// `@unchecked Sendable`: the pump's thread alone touches `copied` and `gaveUp` until
/// `finish` has waited for it.
final class CopiedInput: @unchecked Sendable {
    /// The most bytes copied for a second reading.
    static let copyLimit = 1 << 30
    private let pump: InputPump
    private let copy: Int32
    private var copied = 0
    private var gaveUp = false
    /// The pipe's read end: the input from its start (the bytes already read, then the rest).
    var fd: Int32 { pump.fd }

    /// - Parameters:
    ///   - head: the bytes already read from `source` (for sniffing): they go first.
    ///   - source: where the rest comes from, read to its end or until the reader stops.
    init(head: [UInt8], source: Int32) throws {
        let directory = environment()["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((directory + "/fieldcheck-infer-XXXXXX").utf8CString)
        let copy = mkstemp(&template)
        guard copy >= 0 else {
            throw InputOutputError(
                "cannot create a temporary file in \(directory): \(String(cString: strerror(errno)))")
        }
        unlink(template)
        self.copy = copy
        do { pump = try InputPump(source: source, head: head) } catch {
            close(copy)
            throw error
        }
        pump.start { [self] block, _, write in
            // Into the copy first, then the pipe: whatever the reader has seen, the copy holds.
            if !gaveUp {
                if copied + block.count > Self.copyLimit {
                    gaveUp = true
                    ftruncate(copy, 0)
                } else {
                    guard InputPump.writeAll(copy, block) else {
                        throw InputOutputError(
                            "cannot write a temporary copy of the input: \(String(cString: strerror(errno)))")
                    }
                    copied += block.count
                }
            }
            // The reader stopped (a sample's last row): nothing more is wanted.
            return write(block)
        }
    }

    deinit {
        try? pump.finish()
        close(copy)
    }

    /// Ends the first reading: closes the pipe and waits for the thread. Returns the copy,
    /// positioned at its start, for reading again (closed with this object), or nil when it
    /// was given up past `copyLimit`.
    /// - Throws: `InputOutputError` when the input could not be read or copied.
    func finish() throws -> Int32? {
        do { try pump.finish() } catch let error as InputError { throw InputOutputError(error.message) }
        if gaveUp { return nil }
        guard lseek(copy, 0, SEEK_SET) == 0 else {
            throw InputOutputError("cannot read the temporary copy of the input: \(String(cString: strerror(errno)))")
        }
        return copy
    }
}
