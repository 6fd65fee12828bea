internal import CICU

/// Converts text in another charset (windows-1252, ISO-8859-15, UTF-16, Shift_JIS) to UTF-8,
/// chunk by chunk, keeping the state a character split between two chunks needs: the input
/// side of `csv --encoding`. A byte sequence the charset does not define stops it with an
/// error naming the byte offset, instead of being replaced.
public final class Transcoder {
    private let handle: OpaquePointer
    public let encoding: String
    /// Bytes of input converted so far (for the error's offset).
    private var consumed = 0

    /// - Throws: `ConfigurationError` when ICU knows no charset of that name.
    public init(from encoding: String) throws(ConfigurationError) {
        var status = U_ZERO_ERROR
        guard let handle = cicu_transcoder_open(encoding, &status), !ICU.failed(status) else {
            throw ConfigurationError(
                "unknown encoding '\(encoding)': ICU has no converter of that name (try UTF-8, UTF-16, windows-1252, ISO-8859-15, Shift_JIS)"
            )
        }
        self.handle = handle
        self.encoding = encoding
    }

    deinit { cicu_transcoder_close(handle) }

    /// Appends the UTF-8 of `input` to `output`; `last` at the end of the input.
    /// - Throws: `InputError` at a byte sequence the charset does not define.
    public func convert(_ input: UnsafeBufferPointer<UInt8>, last: Bool, into output: inout [UInt8]) throws(InputError)
    {
        let capacity = input.count * 4 + 16
        let start = output.count
        output.append(contentsOf: repeatElement(0, count: capacity))
        var status = U_ZERO_ERROR
        let written = input.withMemoryRebound(to: CChar.self) { source in
            output.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress!.advanced(by: start).withMemoryRebound(to: CChar.self, capacity: capacity) {
                    cicu_transcoder_convert(
                        handle, source.baseAddress, Int32(source.count), $0, Int32(capacity),
                        last ? 1 : 0, &status)
                }
            }
        }
        output.removeLast(capacity - Int(written))
        if ICU.failed(status) {
            throw InputError(
                "not valid \(encoding) near byte \(consumed + 1) (\(String(cString: cicu_errorName(status)))): "
                    + "a byte sequence the encoding does not define")
        }
        consumed += input.count
    }
}
