internal import CICU

/// The encoding of a file, as `infer` found it, with the evidence.
public struct TextEncoding: Sendable, Hashable {
    /// The IANA or ICU name (`UTF-8`, `UTF-16LE`, `windows-1252`).
    public var name: String
    /// Why: a byte order mark, "every byte sequence is valid UTF-8", or the detector's
    /// confidence.
    public var evidence: String
    public var isUTF8: Bool { name == "UTF-8" }

    /// The encoding of `sample` (the first bytes of a file).
    public static func detect(_ sample: [UInt8]) -> TextEncoding {
        if sample.starts(with: [0xEF, 0xBB, 0xBF]) { return TextEncoding(name: "UTF-8", evidence: "byte order mark") }
        if sample.starts(with: [0xFF, 0xFE]) { return TextEncoding(name: "UTF-16LE", evidence: "byte order mark") }
        if sample.starts(with: [0xFE, 0xFF]) { return TextEncoding(name: "UTF-16BE", evidence: "byte order mark") }
        // A sample may end inside a character: only whole ones are judged.
        var end = sample.count
        var back = 0
        while back < 3, end > 0, sample[end - 1] & 0xC0 == 0x80 {
            end -= 1
            back += 1
        }
        if end > 0, sample[end - 1] >= 0xC0 { end -= 1 }
        if sample[..<end].withUnsafeBufferPointer({ String(validating: $0, as: UTF8.self) }) != nil {
            let ascii = sample.allSatisfy { $0 < 0x80 }
            return TextEncoding(
                name: "UTF-8", evidence: ascii ? "ASCII only, which UTF-8 reads" : "every byte sequence is valid UTF-8")
        }
        var name = [CChar](repeating: 0, count: 64)
        var confidence: Int32 = 0
        var status = U_ZERO_ERROR
        sample.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                cicu_detectCharset(
                    chars.baseAddress, Int32(min(chars.count, 1 << 20)), &name, 64, &confidence, &status)
            }
        }
        let found = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard !ICU.failed(status), !found.isEmpty else {
            return TextEncoding(name: "windows-1252", evidence: "not UTF-8, and ICU's detector found nothing surer")
        }
        // ISO-8859-1 is read as windows-1252, its superset: the bytes 0x80–0x9F are C1
        // controls in ISO-8859-1 and never meant so in a data file, and one (a '€', 0x80)
        // may stand past the detector's sample.
        let windows = found == "ISO-8859-1"
        return TextEncoding(
            name: windows ? "windows-1252" : found,
            evidence: "not UTF-8; ICU's charset detector: \(found), confidence \(confidence)")
    }

    /// `bytes` converted from this encoding to UTF-8.
    public func convertToUTF8(_ bytes: [UInt8]) throws(ConfigurationError) -> [UInt8] {
        if isUTF8 { return bytes }
        var capacity = bytes.count * 3 + 16
        for _ in 0..<2 {
            var target = [CChar](repeating: 0, count: capacity)
            var status = U_ZERO_ERROR
            let length = bytes.withUnsafeBufferPointer { source in
                source.withMemoryRebound(to: CChar.self) {
                    cicu_ucnv_convert("UTF-8", name, &target, Int32(capacity), $0.baseAddress, Int32($0.count), &status)
                }
            }
            if status == U_BUFFER_OVERFLOW_ERROR {
                capacity = Int(length) + 1
                continue
            }
            if ICU.failed(status) {
                throw ConfigurationError("cannot convert from '\(name)': \(String(cString: cicu_errorName(status)))")
            }
            // UTF-16 converters keep the byte order mark as U+FEFF; the CSV reader skips it.
            return target.prefix(Int(length)).map { UInt8(bitPattern: $0) }
        }
        throw ConfigurationError("cannot convert from '\(name)'")
    }
}

/// How a CSV file is written: its delimiter and quoting, with the evidence.
public struct CSVDialect: Sendable, Hashable {
    public var delimiter: UInt8
    public var evidence: String
    /// Whether some field is quoted.
    public var quoting: Bool

    static let delimiters: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: ";"), 0x09, UInt8(ascii: "|")]

    /// The delimiter that splits the first records of `text` (UTF-8) into the same number of
    /// fields most consistently; quotes are honoured.
    public static func sniff(_ text: [UInt8], records limit: Int = 200) -> CSVDialect {
        var best: (delimiter: UInt8, agreeing: Int, fields: Int, records: Int)?
        var quoting = false
        /// A delimiter that occurs in no record: what a file of one column is read with.
        var absent: UInt8? = nil
        for delimiter in delimiters {
            var counts: [Int] = []
            var count = 0
            var inQuotes = false
            var atFieldStart = true
            for byte in text {
                if inQuotes {
                    if byte == UInt8(ascii: "\"") { inQuotes = false }
                    continue
                }
                if byte == UInt8(ascii: "\"") && atFieldStart {
                    inQuotes = true
                    quoting = true
                    atFieldStart = false
                    continue
                }
                if byte == delimiter {
                    count += 1
                    atFieldStart = true
                } else if byte == UInt8(ascii: "\n") {
                    counts.append(count)
                    count = 0
                    atFieldStart = true
                    if counts.count == limit { break }
                } else if byte != UInt8(ascii: "\r") {
                    atFieldStart = false
                }
            }
            if count > 0 { counts.append(count) }
            if absent == nil && counts.allSatisfy({ $0 == 0 }) { absent = delimiter }
            // The first record (the header, when there is one) must split as the others do:
            // in a one-column file of decimal commas, ',' splits every value but no header.
            guard let first = counts.first, first > 0 else { continue }
            // The most common count, and how many records have it.
            var frequency: [Int: Int] = [:]
            for count in counts where count > 0 { frequency[count, default: 0] += 1 }
            guard
                let (fields, agreeing) = frequency.max(by: {
                    $0.value < $1.value || ($0.value == $1.value && $0.key < $1.key)
                })
            else { continue }
            guard first == fields else { continue }
            if best == nil || agreeing > best!.agreeing || (agreeing == best!.agreeing && fields > best!.fields) {
                best = (delimiter, agreeing, fields, counts.count)
            }
        }
        guard let best else {
            let delimiter = absent ?? UInt8(ascii: ",")
            let shown = delimiter == 0x09 ? "tab" : "'\(Character(Unicode.Scalar(delimiter)))'"
            return CSVDialect(
                delimiter: delimiter,
                evidence: "no delimiter splits the first record as the others: one column, read with \(shown)",
                quoting: quoting)
        }
        let shown = best.delimiter == 0x09 ? "tab" : "'\(Character(Unicode.Scalar(best.delimiter)))'"
        return CSVDialect(
            delimiter: best.delimiter,
            evidence:
                "\(shown) splits \(best.agreeing) of the first \(best.records) records into \(best.fields + 1) fields",
            quoting: quoting)
    }
}
