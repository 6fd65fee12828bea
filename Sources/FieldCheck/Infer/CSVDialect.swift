internal import CICU

/// The encoding of a file, as `infer` found it, with the evidence.
public struct TextEncoding: Sendable, Hashable {
    /// The IANA or ICU name (`UTF-8`, `UTF-16LE`, `windows-1252`).
    public var name: String
    /// Why: a byte order mark, "every byte sequence is valid UTF-8", or the detector's
    /// confidence.
    public var evidence: String
    public var isUTF8: Bool { name == "UTF-8" }

    /// The encoding of `sample` (the first bytes of a file; `complete` when it is the whole
    /// file, so that a character cut at its end is an error and not the sample's edge).
    ///
    /// What the bytes prove comes before what ICU's detector guesses: a byte order mark, then
    /// UTF-16's shape (ASCII-range text in UTF-16 without a mark has a zero in every other
    /// byte, which is also valid UTF-8 full of NULs), then valid UTF-8. The detector's answer
    /// is taken only when the sample decodes in it strictly, is not UTF-16 or UTF-32 without
    /// the shape, and, below a confidence of 50, when windows-1252 cannot read the sample
    /// either: at confidence 10 it called `résumé` in Latin-1 UTF-16BE.
    public static func detect(_ sample: [UInt8], complete: Bool = false) -> TextEncoding {
        if sample.starts(with: [0xEF, 0xBB, 0xBF]) { return TextEncoding(name: "UTF-8", evidence: "byte order mark") }
        if sample.starts(with: [0xFF, 0xFE]) { return TextEncoding(name: "UTF-16LE", evidence: "byte order mark") }
        if sample.starts(with: [0xFE, 0xFF]) { return TextEncoding(name: "UTF-16BE", evidence: "byte order mark") }
        if let shaped = utf16Shape(sample, complete: complete) { return shaped }
        // A sample may end inside a character: only whole ones are judged.
        let end = complete ? sample.count : wholeCharacterCount(sample)
        if sample[..<end].withUnsafeBufferPointer({ String(validating: $0, as: UTF8.self) }) != nil {
            let ascii = sample.allSatisfy { $0 < 0x80 }
            return TextEncoding(
                name: "UTF-8", evidence: ascii ? "ASCII only, which UTF-8 reads" : "every byte sequence is valid UTF-8")
        }
        // Mostly UTF-8 with a few stray bytes (a row pasted from a windows-1252 file): read
        // in another encoding, every accent of the rest would be garbled without a word.
        // Valid multi-byte sequences arise by chance in windows-1252 text only where a rare
        // pair stands (`Ã¼`); here they outnumber the stray bytes four to one.
        let (sequences, stray, firstStray) = sample[..<end].withUnsafeBufferPointer(utf8SequenceCounts)
        if stray > 0, sequences >= 4 * stray {
            return TextEncoding(
                name: "UTF-8",
                evidence: "\(sequences) multi-byte characters in UTF-8, but \(stray) byte\(stray == 1 ? "" : "s") "
                    + "that UTF-8 does not read (the first at byte \(firstStray)): their values are outliers")
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
        // Each reading converted once: its text is wanted below when both read every byte.
        let windows = Transcoder.convertAll(sample, from: "windows-1252", complete: complete)
        let windowsReads = windows?.whole ?? false
        // What windows-1252 reads is read so, unless a Central European charset reads it as words.
        func western(_ evidence: String) -> TextEncoding {
            guard let central = centralEuropean(sample, windows: windows?.utf8 ?? [], complete: complete) else {
                return TextEncoding(name: "windows-1252", evidence: evidence)
            }
            return TextEncoding(name: central.name, evidence: evidence + central.evidence)
        }
        // ISO-8859-1 is read as windows-1252, its superset: the bytes 0x80–0x9F are C1
        // controls in ISO-8859-1 and never meant so in a data file, and one (a '€', 0x80)
        // may stand past the detector's sample.
        if found == "ISO-8859-1" && windowsReads {
            return western("not UTF-8; ICU's charset detector: \(found), confidence \(confidence)")
        }
        let theirs =
            !ICU.failed(status) && !found.isEmpty && !found.hasPrefix("UTF-16") && !found.hasPrefix("UTF-32")
            ? Transcoder.convertAll(sample, from: found, complete: complete) : nil
        let decodes = theirs?.whole ?? false
        if decodes && (confidence >= 50 || !windowsReads) {
            return TextEncoding(
                name: found, evidence: "not UTF-8; ICU's charset detector: \(found), confidence \(confidence)")
        }
        // Both read every byte (a single-byte charset of another script decodes anything, as
        // windows-1252 does): the one whose reading makes words decides. Cyrillic in
        // windows-1252 is runs of accented letters (`Äàòà`), Latin-1 in windows-1251 words of two
        // scripts (`rйsumй`).
        var guess =
            found.isEmpty
            ? "" : " (ICU's detector guessed \(found) at confidence \(confidence), which the bytes do not bear out)"
        if decodes && found != "windows-1252", let theirs = theirs.flatMap({ WordShapes($0.utf8) }),
            let windows = windows.flatMap({ WordShapes($0.utf8, accentedRunsAreOdd: theirs.otherScripts > 0) })
        {
            if theirs.odd < windows.odd {
                return TextEncoding(
                    name: found,
                    evidence: "not UTF-8; ICU's charset detector: \(found), confidence \(confidence); its reading "
                        + "makes \(theirs.odd == 0 ? "words (\(theirs.example))" : theirs.noWords), windows-1252's "
                        + windows.noWords)
            }
            guess =
                " (ICU's detector guessed \(found) at confidence \(confidence)"
                + (theirs.odd == 0
                    ? "; windows-1252 makes words of the bytes as well (\(windows.example)))"
                    : ", whose reading makes \(theirs.noWords))")
        }
        if windowsReads { return western("not UTF-8; every byte is defined in windows-1252\(guess)") }
        // ISO-8859-1 defines every byte: what cannot be read otherwise is read byte for byte.
        return TextEncoding(
            name: "ISO-8859-1", evidence: "not UTF-8 nor windows-1252; read byte for byte as ISO-8859-1\(guess)")
    }

    /// Latin text that windows-1252 misreads, in the Central European charset that reads it as
    /// words, with what decided it. windows-1252 puts symbols inside words (`Zak³ad`) or beside
    /// their letters (`¯abka`, `s±`) where windows-1250 or ISO-8859-2 reads letters (`Żabka`,
    /// `są`); the detector takes Polish in ISO-8859-2 for ISO-8859-1 at confidence 26. Western
    /// European text reads as letters in both too (`é` is `é`, `è` is `č`), so only the symbols
    /// that no Western text writes beside a letter (`¬ ± ¶ ¼ ¾ ¦ ¯ ¥ ¹`; not `® ³ µ ¿ £`: `m³`,
    /// `¿Qué`) are counted, and only when they stand beside letters twice or more.
    private static func centralEuropean(_ sample: [UInt8], windows: [UInt8], complete: Bool)
        -> (name: String, evidence: String)?
    {
        let westernScalars = Array(String(decoding: windows, as: UTF8.self).unicodeScalars)
        guard let western = WordShapes(scalars: westernScalars) else { return nil }
        var best: (name: String, shapes: WordShapes, misread: (count: Int, first: Int))?
        for name in ["windows-1250", "ISO-8859-2"] {
            guard let reading = Transcoder.convertAll(sample, from: name, complete: complete), reading.whole
            else { continue }
            // Single-byte charsets: the n-th scalar of each reading is the n-th byte.
            let scalars = Array(String(decoding: reading.utf8, as: UTF8.self).unicodeScalars)
            guard scalars.count == westernScalars.count, let shapes = WordShapes(scalars: scalars) else { continue }
            let misread = lettersMisread(westernScalars, as: scalars)
            guard shapes.odd < western.odd || (shapes.odd == 0 && misread.count >= 2) else { continue }
            if let chosen = best, (chosen.shapes.odd, -chosen.misread.count) <= (shapes.odd, -misread.count) {
                continue
            }
            best = (name, shapes, misread)
        }
        guard let best else { return nil }
        let theirs = best.shapes.odd == 0 ? "words (\(best.shapes.example))" : best.shapes.noWords
        let misread = best.misread
        let word = westernScalars.runs(where: WordShapes.inWord).first { $0.contains(misread.first) }
        let example = String(String.UnicodeScalarView(westernScalars[word ?? misread.first..<misread.first + 1]))
        let windowsReading =
            western.odd > 0
            ? western.noWords
            : "\(misread.count) symbol\(misread.count == 1 ? "" : "s") beside letters ('\(example)')"
        return (best.name, "; \(best.name)'s reading makes \(theirs), windows-1252's \(windowsReading)")
    }

    /// Where windows-1252 reads one of the symbols no Western text writes beside a letter, beside
    /// a letter, and `other` (the same bytes in another single-byte charset) reads a letter: how
    /// often, and the first position.
    private static func lettersMisread(_ windows: [Unicode.Scalar], as other: [Unicode.Scalar]) -> (
        count: Int, first: Int
    ) {
        let symbols: Set<Unicode.Scalar> = ["¬", "±", "¶", "¼", "¾", "¦", "¯", "¥", "¹"]
        var count = 0
        var first = 0
        for index in windows.indices where symbols.contains(windows[index]) && other[index].properties.isAlphabetic {
            let before = index > 0 && other[index - 1].properties.isAlphabetic
            let after = index + 1 < other.count && other[index + 1].properties.isAlphabetic
            guard before || after else { continue }
            if count == 0 { first = index }
            count += 1
        }
        return (count, first)
    }

    /// UTF-16 without a byte order mark, when at least 30 % of the code units have a zero
    /// byte on the same side and at most a tenth as many on the other. It need not decode: a
    /// bad unit in it is then reported where it stands, as `csv --encoding` reports it.
    private static func utf16Shape(_ sample: [UInt8], complete: Bool) -> TextEncoding? {
        guard sample.count >= 2, !complete || sample.count % 2 == 0 else { return nil }
        let units = sample.count / 2
        var evenZeros = 0
        var oddZeros = 0
        for index in 0..<units {
            if sample[2 * index] == 0 { evenZeros += 1 }
            if sample[2 * index + 1] == 0 { oddZeros += 1 }
        }
        let name: String
        let zeros: Int
        if oddZeros * 10 >= units * 3 && evenZeros * 10 <= oddZeros {
            (name, zeros) = ("UTF-16LE", oddZeros)
        } else if evenZeros * 10 >= units * 3 && oddZeros * 10 <= evenZeros {
            (name, zeros) = ("UTF-16BE", evenZeros)
        } else {
            return nil
        }
        return TextEncoding(
            name: name,
            evidence:
                "no byte order mark; \(zeros) of \(units) code units have a zero \(name == "UTF-16LE" ? "high" : "low") byte, as UTF-16 text has"
        )
    }

    /// The first bytes of a file (`sample`) in UTF-8, for sniffing its dialect: converted up
    /// to the first byte sequence the encoding does not define or a character cut at the end.
    public func sampleToUTF8(_ sample: [UInt8]) -> [UInt8] {
        guard !isUTF8 else { return sample }
        // What was converted before a bad sequence is kept: it is still evidence.
        return Transcoder.convertAll(sample, from: name, complete: false)?.utf8 ?? sample
    }
}

/// How many of a text's words with a non-ASCII character read as words of a language: not a word
/// is one whose letters are of two scripts (`rйsumй`: Latin-1 read as windows-1251), a Latin one
/// of three letters or more none of which is ASCII (`Äàòà`: Cyrillic read as windows-1252), one
/// with a symbol between its letters (`Zak³ad`: windows-1250 read as windows-1252), or one with
/// a capital that is not ASCII after a small letter (`ŁódĽ`: ISO-8859-2 read as windows-1250).
struct WordShapes {
    /// Words with a non-ASCII character, and those of them that are no words.
    var words = 0
    var odd = 0
    var firstOdd: String?
    var firstWord: String?

    /// Letters of a script other than the Latin.
    var otherScripts = 0
    /// Whether a Latin word of three letters or more none of which is ASCII is no word: so
    /// only against a reading in another script (`Дата` read as `Äàòà`); Polish writes `Żółć`.
    private let accentedRunsAreOdd: Bool

    /// Nil when the text has no word with a non-ASCII character (nothing to tell by).
    init?(_ utf8: [UInt8], accentedRunsAreOdd: Bool = false) {
        self.init(
            scalars: Array(String(decoding: utf8, as: UTF8.self).unicodeScalars), accentedRunsAreOdd: accentedRunsAreOdd
        )
    }

    /// The same, of text already decoded.
    init?(scalars: [Unicode.Scalar], accentedRunsAreOdd: Bool = false) {
        self.accentedRunsAreOdd = accentedRunsAreOdd
        for word in scalars.runs(where: Self.inWord) { judge(scalars[word]) }
        guard words > 0 else { return nil }
    }

    /// What a word is made of: letters and the non-ASCII symbols that may stand in one.
    static func inWord(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || (!scalar.isASCII && !scalar.properties.isWhitespace)
    }

    /// A letter's script, as far as telling words apart needs: 0 Latin, 1 Greek, 2 Cyrillic,
    /// 3 Hebrew, 4 Arabic, 5 any other.
    private static func script(_ scalar: Unicode.Scalar) -> Int {
        switch scalar.value {
        case 0...0x24F, 0x1E00...0x1EFF: 0
        case 0x370...0x3FF, 0x1F00...0x1FFF: 1
        case 0x400...0x52F: 2
        case 0x590...0x5FF: 3
        case 0x600...0x6FF: 4
        default: 5
        }
    }

    private mutating func judge(_ word: ArraySlice<Unicode.Scalar>) {
        guard word.contains(where: { !$0.isASCII }), word.contains(where: \.properties.isAlphabetic) else { return }
        words += 1
        let text = String(String.UnicodeScalarView(word))
        if firstWord == nil { firstWord = text }
        let letters = word.filter(\.properties.isAlphabetic)
        let scripts = Set(letters.map(Self.script))
        otherScripts += letters.count { Self.script($0) != 0 }
        // A symbol between letters: past the first letter and before the last.
        let first = word.firstIndex { $0.properties.isAlphabetic } ?? word.startIndex
        let last = word.lastIndex { $0.properties.isAlphabetic } ?? word.startIndex
        let symbolInside = first < last && word[first...last].contains { !$0.properties.isAlphabetic }
        let accentedOnly =
            accentedRunsAreOdd && scripts == [0] && letters.count >= 3 && !letters.contains(where: \.isASCII)
        // A capital that is not ASCII after a small letter: `ŁódĽ`, ISO-8859-2's `ź` in windows-1250.
        let capitalInside = zip(word.dropFirst(), word).contains { letter, before in
            !letter.isASCII && letter.properties.isUppercase && before.properties.isLowercase
        }
        if scripts.count > 1 || symbolInside || accentedOnly || capitalInside {
            odd += 1
            if firstOdd == nil { firstOdd = text }
        }
    }

    /// The first word with a non-ASCII character, quoted.
    var example: String { "'\(firstWord ?? "")'" }

    /// "87 of the 127 words with a non-ASCII character no words ('Äàòà')".
    var noWords: String {
        "\(odd) of the \(words) word\(words == 1 ? "" : "s") with a non-ASCII character no word\(odd == 1 ? "" : "s") "
            + "('\(firstOdd ?? "")')"
    }
}

/// How a CSV file is written: its delimiter and quoting, with the evidence.
public struct CSVDialect: Sendable, Hashable {
    public var delimiter: UInt8
    public var evidence: String
    /// Whether some field is quoted.
    public var quoting: Bool

    static let delimiters: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: ";"), 0x09, UInt8(ascii: "|")]

    /// A delimiter as the report names it: `tab`, or the character quoted (`','`).
    public static func name(of delimiter: UInt8) -> String {
        delimiter == 0x09 ? "tab" : "'\(Character(Unicode.Scalar(delimiter)))'"
    }

    /// The delimiter that splits the first records of `text` (UTF-8) into the same number of
    /// fields most consistently; quotes are honoured.
    public static func sniff(_ text: [UInt8], records limit: Int = 200) -> CSVDialect {
        var best: (delimiter: UInt8, agreeing: Int, fields: Int, records: Int)?
        var quoting = false
        /// The delimiter that splits the header, and how many records split alike, when no
        /// delimiter splits the header as it does most records.
        var header: (delimiter: UInt8, agreeing: Int, fields: Int, records: Int)?
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
            guard first == fields else {
                // The header splits, but most records split otherwise: values with the
                // delimiter in them, unquoted (`2,839.52` in a comma file). The delimiter
                // still splits the header, and those records are ragged rows to report.
                let alike = counts.count { $0 == first }
                if header == nil || alike > header!.agreeing || (alike == header!.agreeing && first > header!.fields) {
                    header = (delimiter, alike, first, counts.count)
                }
                continue
            }
            if best == nil || agreeing > best!.agreeing || (agreeing == best!.agreeing && fields > best!.fields) {
                best = (delimiter, agreeing, fields, counts.count)
            }
        }
        if best == nil, let header {
            let shown = Self.name(of: header.delimiter)
            return CSVDialect(
                delimiter: header.delimiter,
                evidence:
                    "\(shown) splits the header into \(header.fields + 1) fields, but only \(header.agreeing) of the "
                    + "first \(header.records) records alike: values with \(shown) in them, unquoted, make the "
                    + "others ragged rows",
                quoting: quoting)
        }
        guard let best else {
            let delimiter = absent ?? UInt8(ascii: ",")
            let shown = Self.name(of: delimiter)
            return CSVDialect(
                delimiter: delimiter,
                evidence: "no delimiter splits the first record as the others: one column, read with \(shown)",
                quoting: quoting)
        }
        let shown = Self.name(of: best.delimiter)
        return CSVDialect(
            delimiter: best.delimiter,
            evidence:
                "\(shown) splits \(best.agreeing) of the first \(best.records) records into \(best.fields + 1) fields",
            quoting: quoting)
    }
}
