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
/// the copy holds what the first reading read, and at most a pipe's worth more.
final class CopiedInput {
    private let pump: InputPump
    private let copy: Int32
    /// The pipe's read end: the input from its start (the bytes already read, then the rest).
    var fd: Int32 { pump.fd }

    /// - Parameters:
    ///   - head: the bytes already read from `source` (for sniffing): they go first.
    ///   - source: where the rest comes from, read to its end or until the reader stops.
    init(head: [UInt8], source: Int32) throws {
        guard let file = tmpfile() else {
            throw InputOutputError("cannot create a temporary file: \(String(cString: strerror(errno)))")
        }
        let copy = dup(fileno(file))
        fclose(file)
        guard copy >= 0 else {
            throw InputOutputError("cannot create a temporary file: \(String(cString: strerror(errno)))")
        }
        self.copy = copy
        do { pump = try InputPump(source: source, head: head) } catch {
            close(copy)
            throw error
        }
        pump.start { block, _, write in
            // Into the copy first, then the pipe: whatever the reader has seen, the copy holds.
            guard InputPump.writeAll(copy, block) else {
                throw InputOutputError(
                    "cannot write a temporary copy of the input: \(String(cString: strerror(errno)))")
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
    /// positioned at its start, for reading again (closed with this object).
    /// - Throws: `InputOutputError` when the input could not be read or copied whole.
    func finish() throws -> Int32 {
        do { try pump.finish() } catch let error as InputError { throw InputOutputError(error.message) }
        guard lseek(copy, 0, SEEK_SET) == 0 else {
            throw InputOutputError("cannot read the temporary copy of the input: \(String(cString: strerror(errno)))")
        }
        return copy
    }
}
