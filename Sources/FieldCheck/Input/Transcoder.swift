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
    public init(from encoding: String) throws(ConfigurationError) {
        var status = U_ZERO_ERROR
        guard let handle = cicu_transcoder_open(encoding, &status), !ICU.failed(status) else {
            throw ConfigurationError(
                "unknown encoding '\(encoding)': ICU has no converter of that name (try UTF-8, UTF-16, windows-1252, ISO-8859-15, Shift_JIS)"
            )
        }
        self.handle = handle
        self.encoding = encoding
        undefinedBytes = Self.undefinedBytes(of: encoding)
    }

    /// Bytes a single-byte charset leaves undefined but ICU reads as C1 controls: windows-1252's
    /// 0x81, 0x8D, 0x8F, 0x90 and 0x9D (ICU's table maps them to U+0081… so that they round-trip;
    /// `iconv` refuses them). A charset whose bytes 0x80–0x9F are mostly characters (€, ‚, ƒ…)
    /// has no C1 controls, so a C1 control it gives stands for an undefined byte; ISO-8859-1,
    /// which maps every one of them to a C1 control, has none.
    private let undefinedBytes: [UInt8]

    private static func undefinedBytes(of encoding: String) -> [UInt8] {
        var controls: [UInt8] = []
        var characters = 0
        for byte in UInt8(0x80)...0x9F {
            guard let transcoder = try? Transcoder(from: encoding, checkingBytes: false) else { return [] }
            var output: [UInt8] = []
            do {
                try [byte].withUnsafeBufferPointer { try transcoder.convert($0, last: true, into: &output) }
            } catch { continue }
            let scalars = String(decoding: output, as: UTF8.self).unicodeScalars
            guard scalars.count == 1, let scalar = scalars.first else { continue }
            if (0x80...0x9F).contains(scalar.value) { controls.append(byte) } else { characters += 1 }
        }
        return characters >= 16 ? controls : []
    }

    /// A transcoder without the check of undefined bytes: the one that finds them.
    private init(from encoding: String, checkingBytes: Bool) throws(ConfigurationError) {
        var status = U_ZERO_ERROR
        guard let handle = cicu_transcoder_open(encoding, &status), !ICU.failed(status) else {
            throw ConfigurationError("unknown encoding '\(encoding)'")
        }
        self.handle = handle
        self.encoding = encoding
        undefinedBytes = []
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
        if !undefinedBytes.isEmpty, let at = input.firstIndex(where: { undefinedBytes.contains($0) }) {
            // What comes before the undefined byte is converted, as ICU does before a bad sequence.
            try convert(UnsafeBufferPointer(rebasing: input[..<at]), last: false, into: &output)
            throw InputError(
                "not valid \(encoding) at byte \(consumed + 1) (0x\(hex(UInt32(input[at]), width: 2))): a byte the encoding does not define",
                byteOffset: consumed)
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
            let offset = max(0, consumed + Int(badOffset))
            let bytes = (0..<Int(badLength)).compactMap { index -> String? in
                let at = Int(badOffset) + index
                guard at >= 0, at < input.count else { return nil }
                return "0x" + hex(UInt32(input[at]), width: 2)
            }
            throw InputError(
                "not valid \(encoding) at byte \(offset + 1)"
                    + (bytes.isEmpty ? "" : " (\(bytes.joined(separator: " ")))")
                    + ": a byte sequence the encoding does not define"
                    + (status == U_TRUNCATED_CHAR_FOUND ? " (the input ends inside a character)" : ""),
                byteOffset: offset)
        }
        consumed += input.count
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
