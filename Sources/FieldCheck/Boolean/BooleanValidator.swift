/// The boolean stage of the pipeline: a value is one of the true words or one of the false
/// words, exactly; its canonical form is `true` or `false`. A rejection points at the first
/// character where the value leaves every listed word (`yes`: the `y`), so that it says which
/// character and where, as every other reader does.
final class BooleanValidator: TypedValidator {
    let spec: BooleanSpec
    private(set) var example: String
    /// The words a rejection lists (`true is written 'true', '1', false 'false', '0'`), worded once.
    private let lists: String
    var completionFreeFrom: Int? {
        get { nil }
        set {}
    }
    private let words: [(scalars: [Unicode.Scalar], value: Bool)]
    /// The words as bytes, one after another, for the fast path (a word with a NUL is left to
    /// `validate`); `wordSpans` says where each lies. One flat array rather than an array per
    /// word: comparing a cell with each word's own array cost a boolean cell about 270
    /// instructions.
    private let wordBytes: [UInt8]
    private let wordSpans: [(start: Int, count: Int, value: Bool)]

    /// `lengths` is the field's length rule: the example shows words that keep to it
    /// (`1 or 0` under a maximum length of 1).
    init(_ spec: BooleanSpec, lengths: LengthRule = .none) throws(ConfigurationError) {
        guard !spec.trueValues.isEmpty, !spec.falseValues.isEmpty else {
            throw ConfigurationError("a boolean field needs at least one true value and one false value")
        }
        if let both = spec.trueValues.first(where: spec.falseValues.contains) {
            throw ConfigurationError("'\(both)' is both a true value and a false value")
        }
        self.spec = spec
        words =
            spec.trueValues.map { (Array($0.unicodeScalars), true) }
            + spec.falseValues.map { (Array($0.unicodeScalars), false) }
        var wordBytes: [UInt8] = []
        var wordSpans: [(start: Int, count: Int, value: Bool)] = []
        for word in words {
            let bytes = Array(String(String.UnicodeScalarView(word.scalars)).utf8)
            guard !bytes.contains(0) else { continue }
            wordSpans.append((wordBytes.count, bytes.count, word.value))
            wordBytes += bytes
        }
        self.wordBytes = wordBytes
        self.wordSpans = wordSpans
        let yes = spec.trueValues.first(where: lengths.admits) ?? spec.trueValues[0]
        let no = spec.falseValues.first(where: lengths.admits) ?? spec.falseValues[0]
        example = "a boolean like \(yes) or \(no)"
        lists = "true is written " + Self.listed(spec.trueValues) + ", false " + Self.listed(spec.falseValues)
    }

    func adoptExample(_ value: String) { example = "a boolean like \(value)" }

    /// The first of the field's words for the value (`yes` for `true`).
    func inputForm(ofCanonical value: String) -> String? {
        switch value {
        case "true": spec.trueValues.first
        case "false": spec.falseValues.first
        default: nil
        }
    }

    func validate(_ value: String, map: OffsetMap, detail: CheckDetail, into result: inout FieldResult) {
        let explains = detail.explains
        let scalars = Array(value.unicodeScalars)
        if let word = words.first(where: { $0.scalars == scalars }) {
            result.value = word.value ? "true" : "false"
            return
        }
        // Where the value leaves the longest beginning it shares with a listed word.
        var reached = 0
        for word in words {
            var shared = 0
            while shared < word.scalars.count && shared < scalars.count && word.scalars[shared] == scalars[shared] {
                shared += 1
            }
            reached = max(reached, shared)
        }
        if reached < scalars.count {
            let character = scalars[reached]
            let offset = map.original(reached)
            result.errors.append(
                Diagnostic(
                    code: .notABoolean, offset: offset, character: character,
                    reason: .ifExplained(explains, .notABoolean(lists: lists))))
        } else {
            // The value is the beginning of a word, or empty: it ends too soon.
            result.errors.append(
                Diagnostic(
                    code: scalars.isEmpty ? .empty : .notABoolean, offset: nil, length: 0,
                    reason: .ifExplained(explains, .notABoolean(lists: lists))))
        }
    }

    private static func listed(_ words: [String]) -> String {
        words.map { "'\($0)'" }.joined(separator: ", ")
    }

    /// A value that is one of the words, byte for byte (as `validate` compares scalars):
    /// writes `true` or `false`.
    func acceptFast(_ bytes: UnsafeBufferPointer<UInt8>, at out: UnsafeMutablePointer<UInt8>) -> Int {
        guard let found = word(bytes) else { return 0 }
        let canonical: StaticString = found ? "true" : "false"
        out.update(from: canonical.utf8Start, count: canonical.utf8CodeUnitCount)
        return canonical.utf8CodeUnitCount
    }
    /// A value that is none of the words, byte for byte, is none of them scalar for scalar.
    func rejectsFast(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { word(bytes) == nil }

    /// The value of the word `bytes` is, byte for byte; nil when it is none of them.
    private func word(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        let count = bytes.count
        return wordBytes.withUnsafeBufferPointer { words in
            for span in wordSpans where span.count == count {
                var index = 0
                while index < count && words[span.start &+ index] == bytes[index] { index &+= 1 }
                if index == count { return span.value }
            }
            return nil
        }
    }
    func completionSamples() -> [String] { spec.trueValues + spec.falseValues }
    func completionTokens() -> [String] { [] }
}
