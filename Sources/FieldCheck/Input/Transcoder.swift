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
    /// Where ICU writes a block's UTF-8 before it is appended: appending a zeroed block to
    /// the output and trimming it cost more than the conversion.
    private var scratch = UnsafeMutablePointer<CChar>.allocate(capacity: 1 << 12)
    private var scratchCapacity = 1 << 12

    /// - Throws: `ConfigurationError` when ICU knows no charset of that name.
    public convenience init(from encoding: String) throws(ConfigurationError) {
        let probe = try Transcoder(encoding, undefinedBytes: 0)
        try self.init(encoding, undefinedBytes: probe.undefinedControlBytes())
    }

    private init(_ encoding: String, undefinedBytes: UInt32) throws(ConfigurationError) {
        var status = U_ZERO_ERROR
        guard let handle = cicu_transcoder_open(encoding, &status), !ICU.failed(status) else {
            throw ConfigurationError(
                "unknown encoding '\(encoding)': ICU has no converter of that name (try UTF-8, UTF-16, windows-1252, ISO-8859-15, Shift_JIS)"
            )
        }
        self.handle = handle
        self.encoding = encoding
        self.undefinedBytes = undefinedBytes
    }

    /// Bytes 0x80–0x9F (bit 0 for 0x80) that the charset leaves undefined but ICU reads as C1
    /// controls: windows-1252's 0x81, 0x8D, 0x8F, 0x90 and 0x9D (ICU's table maps them to
    /// U+0081… so that they round-trip; `iconv` refuses them).
    private let undefinedBytes: UInt32

    /// `undefinedBytes` found by converting 0x80–0x9F: a single-byte charset that gives
    /// characters (€, ‚, ƒ…) for most of them has no C1 controls, so a C1 control it gives
    /// stands for an undefined byte. ISO-8859-1, which gives a C1 control for each, has none;
    /// a charset that reads the bytes otherwise (UTF-16, Shift_JIS) is left to ICU.
    private func undefinedControlBytes() -> UInt32 {
        var output: [UInt8] = []
        do {
            try Array(UInt8(0x80)...0x9F).withUnsafeBufferPointer { try convert($0, last: true, into: &output) }
        } catch { return 0 }
        let scalars = String(decoding: output, as: UTF8.self).unicodeScalars
        guard scalars.count == 32 else { return 0 }
        var controls: UInt32 = 0
        for (index, scalar) in scalars.enumerated() where (0x80...0x9F).contains(scalar.value) {
            controls |= 1 << index
        }
        return controls.nonzeroBitCount <= 16 ? controls : 0
    }

    deinit {
        cicu_transcoder_close(handle)
        scratch.deallocate()
    }

    /// Appends the UTF-8 of `input` to `output`; `last` at the end of the input.
    /// - Throws: `InputError` at a byte sequence the charset does not define.
    public func convert(_ input: UnsafeBufferPointer<UInt8>, last: Bool, into output: inout [UInt8]) throws(InputError)
    {
        let capacity = input.count * 4 + 16
        if capacity > scratchCapacity {
            scratch.deallocate()
            scratchCapacity = max(capacity, scratchCapacity * 2)
            scratch = .allocate(capacity: scratchCapacity)
        }
        if undefinedBytes != 0,
            let at = input.firstIndex(where: { $0 &- 0x80 < 32 && undefinedBytes >> ($0 &- 0x80) & 1 != 0 })
        {
            // What comes before the undefined byte is converted, as ICU does before a bad sequence.
            try convert(UnsafeBufferPointer(rebasing: input[..<at]), last: false, into: &output)
            throw undefined(at: consumed, bytes: [input[at]], truncated: false)
        }
        var status = U_ZERO_ERROR
        var badOffset: Int32 = 0
        var badLength: Int32 = 0
        let written = input.withMemoryRebound(to: CChar.self) { source in
            cicu_transcoder_convert(
                handle, source.baseAddress, Int32(source.count), scratch, Int32(capacity), last ? 1 : 0,
                &badOffset, &badLength, &status)
        }
        scratch.withMemoryRebound(to: UInt8.self, capacity: Int(written)) {
            output.append(contentsOf: UnsafeBufferPointer(start: $0, count: Int(written)))
        }
        if ICU.failed(status) {
            let bytes = (0..<Int(badLength)).compactMap { index -> UInt8? in
                let at = Int(badOffset) + index
                return at >= 0 && at < input.count ? input[at] : nil
            }
            throw undefined(
                at: max(0, consumed + Int(badOffset)), bytes: bytes, truncated: status == U_TRUNCATED_CHAR_FOUND)
        }
        consumed += input.count
    }

    /// The error at a byte sequence the charset does not define, `offset` bytes into the input.
    private func undefined(at offset: Int, bytes: [UInt8], truncated: Bool) -> InputError {
        let shown = bytes.map { "0x" + hex(UInt32($0), width: 2) }
        return InputError(
            "not valid \(encoding) at byte \(offset + 1)"
                + (shown.isEmpty ? "" : " (\(shown.joined(separator: " ")))")
                + ": a byte sequence the encoding does not define"
                + (truncated ? " (the input ends inside a character)" : ""),
            byteOffset: offset)
    }

    /// `bytes` in `encoding` converted to UTF-8 with a transcoder of their own, and whether
    /// they all were: every sequence defined and, when `complete`, no character cut at the end
    /// (a sample cut anywhere may end inside one). Up to a bad sequence, the output is kept.
    /// Nil when ICU knows no such charset.
    public static func convertAll(_ bytes: [UInt8], from encoding: String, complete: Bool)
        -> (utf8: [UInt8], whole: Bool)?
    {
        guard let transcoder = try? Transcoder(from: encoding) else { return nil }
        var output: [UInt8] = []
        do {
            try bytes.withUnsafeBufferPointer { try transcoder.convert($0, last: complete, into: &output) }
        } catch { return (output, false) }
        return (output, true)
    }

    /// Whether `bytes` are text in `encoding` throughout (see `convertAll`).
    public static func decodes(_ bytes: [UInt8], as encoding: String, complete: Bool) -> Bool {
        convertAll(bytes, from: encoding, complete: complete)?.whole ?? false
    }
}
