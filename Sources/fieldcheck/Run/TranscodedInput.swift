import Dispatch
import FieldCheck

#if canImport(Glibc)
    import Glibc
#endif

/// An input in another charset (`csv --encoding`), read through a pipe: a thread reads the
/// file, converts it to UTF-8 block by block and writes it into the pipe, which the CSV reader
/// reads as it reads any file. Memory stays one block whatever the file's size.
///
/// `@unchecked Sendable`: the converting thread alone touches the transcoder and `failure`
/// until `finish` has waited for it.
final class TranscodedInput: @unchecked Sendable {
    /// The pipe's read end: UTF-8.
    let fd: Int32
    private let writeEnd: Int32
    private let source: Int32
    private let transcoder: Transcoder
    private let done = DispatchSemaphore(value: 0)
    private var failure: InputError?

    init(source: Int32, encoding: String) throws {
        transcoder = try Transcoder(from: encoding)
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw InputOutputError("cannot create a pipe: \(String(cString: strerror(errno)))")
        }
        fd = ends[0]
        writeEnd = ends[1]
        self.source = source
        DispatchQueue.global().async { self.pump() }
    }

    private func pump() {
        defer {
            close(writeEnd)
            done.signal()
        }
        var block = [UInt8](repeating: 0, count: 1 << 16)
        var converted: [UInt8] = []
        while true {
            let count = block.withUnsafeMutableBytes { read(source, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 {
                failure = InputError("read failed: \(String(cString: strerror(errno)))")
                return
            }
            converted.removeAll(keepingCapacity: true)
            do {
                try block.withUnsafeBufferPointer {
                    try transcoder.convert(
                        UnsafeBufferPointer(rebasing: $0[..<count]), last: count == 0, into: &converted)
                }
            } catch {
                failure = error as? InputError ?? InputError("\(error)")
                return
            }
            var written = 0
            while written < converted.count {
                let result = converted.withUnsafeBytes {
                    write(writeEnd, $0.baseAddress! + written, $0.count - written)
                }
                if result < 0 && errno == EINTR { continue }
                // The reader stopped (abort, a configuration error): nothing more is wanted.
                if result <= 0 { return }
                written += result
            }
            if count == 0 { return }
        }
    }

    private var finished = false

    /// Closes the pipe and waits for the thread; throws the conversion's error, if any. Once:
    /// later calls do nothing.
    func finish() throws {
        guard !finished else { return }
        finished = true
        close(fd)
        done.wait()
        if let failure { throw failure }
    }
}
