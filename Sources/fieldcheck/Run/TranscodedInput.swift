import FieldCheck

/// An input in another charset (`csv --encoding`), read through a pipe (`InputPump`): a
/// thread reads the file, converts it to UTF-8 block by block and writes it into the pipe,
/// which the CSV reader reads as it reads any file. Memory stays one block whatever the
/// file's size.
///
/// `@unchecked Sendable`: the pump's thread alone touches the transcoder until `finish` has
/// waited for it.
final class TranscodedInput: @unchecked Sendable {
    private let transcoder: Transcoder
    private let pump: InputPump
    private var converted: [UInt8] = []
    /// The pipe's read end: UTF-8.
    var fd: Int32 { pump.fd }

    init(source: Int32, encoding: String) throws {
        transcoder = try Transcoder(from: encoding)
        pump = try InputPump(source: source)
        pump.start { [self] block, last, write in
            converted.removeAll(keepingCapacity: true)
            do {
                try transcoder.convert(block.assumingMemoryBound(to: UInt8.self), last: last, into: &converted)
            } catch {
                throw error as? InputError ?? InputError("\(error)")
            }
            // The reader stopped (abort, a configuration error): nothing more is wanted.
            return converted.withUnsafeBytes { write($0) }
        }
    }

    /// Closes the pipe and waits for the thread; throws the conversion's error, if any. Once:
    /// later calls do nothing.
    func finish() throws { try pump.finish() }
}
