internal import CICU

#if canImport(Glibc)
    import Glibc
#endif

/// The parsing and rules of one value type (number, date) behind the shared pipeline.
protocol TypedValidator: AnyObject {
    /// An example of a valid value in the field's locale and format (the placeholder).
    var example: String { get }
    /// Makes `example` show `value`, which the field accepts, in place of the value it chose:
    /// a field with allowed values shows one of them (see `FieldValidator.allowedExample`).
    func adoptExample(_ value: String)
    /// How a value is written for the field to read it, given in its canonical form (an
    /// allowed value: `3.5` is written 3,5 in de_DE), or nil when the type cannot say.
    func inputForm(ofCanonical value: String) -> String?
    /// Validates the prepared value; `map` turns offsets in it into offsets in the input.
    /// Under a `detail` of `.codes` the diagnostics carry no reason, and nothing is spent on
    /// one (second readings, suggestions); under `.verdict` a rejection still has a code,
    /// but an identifier may give another one and no offset (see `FieldValidator.validate(bytes:detail:)`).
    func validate(_ value: String, map: OffsetMap, detail: CheckDetail, into result: inout FieldResult)
    /// The fast path: writes the canonical output of a value at `out` (room for
    /// `bytes.count + FieldValidator.fastPathSlack` bytes) and returns its length, or returns 0
    /// when `validate` must read it. It never rejects (`rejectsFast` may, where it is sure).
    func acceptFast(_ bytes: UnsafeBufferPointer<UInt8>, at out: UnsafeMutablePointer<UInt8>) -> Int
    /// Whether `validate` certainly rejects the value (raw bytes, no stage before it having
    /// changed them); false when only `validate` can tell.
    func rejectsFast(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool
    /// Valid values as the field's locale writes them, whose tails complete a prefix typed
    /// so far (see `FieldValidator.refusal(ofPrefix:)`); made once, on first use.
    func completionSamples() -> [String]
    /// Short texts that continue a value (a digit, the separators, the exponent).
    func completionTokens() -> [String]
    /// From which scalar offset a field that depends on others (a date's weekday) is left
    /// unchecked, while the prompt looks for a completion: a completion whose weekday name is
    /// wrong proves one with the right name. Nil: everything is checked.
    var completionFreeFrom: Int? { get set }
    /// Whether what `acceptFast` writes is the canonical value and the whole of an accepted
    /// value's result besides its input: no output formatted apart from the value, no currency.
    var fastOutputIsValue: Bool { get }
}

extension TypedValidator {
    var fastOutputIsValue: Bool { false }
    func inputForm(ofCanonical value: String) -> String? { value }
}

/// A field specification compiled for use: ICU sets, expressions and formatters opened once
/// and reused for every value. Runs the pipeline decode → prepare → filter → transform →
/// validate → format on each value.
///
/// Not thread-safe: it reuses buffers. Make one per thread.
public final class FieldValidator {
    public let spec: FieldSpec
    private let allowSet: CharacterSetHandle?
    private let presetSet: CharacterSetHandle?
    private let denySet: CharacterSetHandle?
    /// Why each set refuses a character, worded once: every refused character of a value
    /// gives its reason (random Unicode against `--allow` refuses several a line).
    private let allowReason: String?
    private let presetReason: String?
    private let denyReason: String?
    let regex: RegexHandle?
    private let graphemes: GraphemeCounter
    /// `minLength` and `maxLength` in the field's unit, as its examples keep them too.
    private let lengthRule: LengthRule
    /// The values the field allows (`enum`), or nil for any.
    private let allowed: AllowedValues?
    let normalizer: OpaquePointer?
    let typed: TypedValidator?
    /// The typed field's completion samples, by their comparison keys, sorted (see
    /// `refusal(ofPrefix:)`): made on first use.
    lazy var completionIndex: [(key: [Unicode.Scalar], sample: [Unicode.Scalar])] = {
        (typed?.completionSamples() ?? []).map { (Self.completionKey($0.unicodeScalars), Array($0.unicodeScalars)) }
            .sorted { $0.key.lexicographicallyPrecedes($1.key) { $0.value < $1.value } }
    }()
    /// The same samples by their shapes (`completionShape`): a prefix typed with digits the
    /// samples do not begin with (the year 2031, a price of 9,87) finds the samples that
    /// share its shape, whose tails fit it as well.
    lazy var completionShapes: [(key: [Unicode.Scalar], sample: [Unicode.Scalar])] = {
        completionIndex.map { (Self.completionShape($0.key), $0.sample) }
            .sorted { $0.key.lexicographicallyPrecedes($1.key) { $0.value < $1.value } }
    }()

    /// The same field without its minimum and maximum (see `refusal(ofPrefix:)`), or nil
    /// when it has neither: made on first use.
    lazy var withoutBounds: FieldValidator? = {
        var unbounded = spec
        switch spec.kind {
        case .number(var number) where number.minimum != nil || number.maximum != nil:
            number.minimum = nil
            number.maximum = nil
            unbounded.kind = .number(number)
        case .date(var date) where date.minimum != nil || date.maximum != nil:
            date.minimum = nil
            date.maximum = nil
            unbounded.kind = .date(date)
        case .temporal(var temporal) where temporal.minimum != nil || temporal.maximum != nil:
            temporal.minimum = nil
            temporal.maximum = nil
            unbounded.kind = .temporal(temporal)
        default:
            return nil
        }
        return try? FieldValidator(unbounded)
    }()

    /// What typing compares: case-insensitive, every space variant a space, bidi marks left out.
    static func completionKey(_ scalars: some Sequence<Unicode.Scalar>) -> [Unicode.Scalar] {
        scalars.compactMap { scalar in
            if scalar.isBidiMark { return nil }
            if scalar.properties.isWhitespace { return " " }
            return scalar.properties.lowercaseMapping.unicodeScalars.first ?? scalar
        }
    }

    /// A comparison key with every decimal digit, in any numbering system, written `0`.
    static func completionShape(_ key: [Unicode.Scalar]) -> [Unicode.Scalar] {
        key.map { $0.properties.numericType == .decimal ? "0" : $0 }
    }
    /// An example of a valid value (the text field's placeholder): a typed field's; empty for
    /// text, whose example is `textExample`.
    public var example: String { typed?.example ?? "" }
    private var units: [UChar] = []

    public init(_ spec: FieldSpec) throws(ConfigurationError) {
        self.spec = spec
        allowSet = try spec.allow?.makeSet(option: spec.vocabulary.allow)
        denySet = try spec.deny?.makeSet(option: spec.vocabulary.deny)
        presetSet = spec.preset?.makeSet(locale: spec.locale)
        allowReason = spec.allow.map { "not in \(spec.vocabulary.allow) \($0.source)" }
        presetReason = spec.preset.map {
            "not in \(spec.vocabulary.preset) \($0.rawValue) (\($0.summary), \(spec.locale))"
        }
        denyReason = spec.deny.map { "denied by \(spec.vocabulary.deny) \($0.source)" }
        nulHint = spec.vocabulary.nulHint.map { " (\($0))" } ?? ""
        regex = try spec.pattern.map { (pattern) throws(ConfigurationError) in try RegexHandle(pattern: pattern) }
        let graphemes = GraphemeCounter(locale: spec.locale)
        self.graphemes = graphemes
        let unit = spec.lengthUnit
        lengthRule = LengthRule(
            least: spec.minLength, most: spec.maxLength, length: { unit.count($0, graphemes: graphemes) })
        var status = U_ZERO_ERROR
        switch spec.normalization {
        case .nfc: normalizer = cicu_unorm2_getNFCInstance(&status)
        case .nfkc: normalizer = cicu_unorm2_getNFKCInstance(&status)
        case nil: normalizer = nil
        }
        let typed: TypedValidator? =
            switch spec.kind {
            case .text: nil
            case .number(let number):
                try NumberValidator(number, locale: spec.locale, vocabulary: spec.vocabulary, lengths: lengthRule)
            case .date(let date): try DateValidator(date, locale: spec.locale, vocabulary: spec.vocabulary)
            case .boolean(let boolean): try BooleanValidator(boolean, lengths: lengthRule)
            case .temporal(let temporal):
                try TemporalValidator(temporal, locale: spec.locale, vocabulary: spec.vocabulary)
            case .custom(let type): CustomValidator(type, lengths: lengthRule)
            case .identifier(let identifier):
                try IdentifierValidator(
                    identifier, locale: spec.locale, vocabulary: spec.vocabulary, lengths: lengthRule)
            }
        self.typed = typed
        let isNumber = if case .number = spec.kind { true } else { false }
        allowed = spec.allowedValues.map {
            AllowedValues($0, comparesAsNumbers: isNumber) { typed?.inputForm(ofCanonical: $0) ?? $0 }
        }
        if let min = spec.minLength, let max = spec.maxLength, min > max {
            throw ConfigurationError(
                "\(spec.vocabulary.minLength) \(min) is greater than \(spec.vocabulary.maxLength) \(max)")
        }
        if typed == nil { (textExample, textExampleMatchesPattern) = makeTextExample() }
        fastPathApplies =
            !spec.trim && spec.normalization == nil && spec.caseMapping == nil && !spec.strip
            && (typed == nil || (allowSet == nil && denySet == nil && presetSet == nil))
        hasLengthOrPattern = spec.minLength != nil || spec.maxLength != nil || regex != nil
        fastAcceptanceIsWholeResult = fastPathApplies && spec.output != .input && (typed?.fastOutputIsValue ?? true)
        // The character rules for ASCII, decided once by the same `refusal` the pipeline asks
        // (NUL never passes: the pipeline rejects it before any rule).
        var allowed = ASCIISet()
        for byte in UInt8(1)..<0x80 where refusal(Unicode.Scalar(byte)) == nil { allowed.insert(Unicode.Scalar(byte)) }
        asciiAllowed = allowed
        // Only a text value can hold CR on the fast path, and only when the rules allow it.
        carriageReturnPossible = typed == nil && allowed.contains(0x0D)
        if typed == nil { noValuePasses = whyNoValuePasses() }
        if let values = spec.allowedValues, let chosen = allowedExample(values) {
            if let typed {
                typed.adoptExample(chosen)
            } else {
                (textExample, textExampleMatchesPattern) = (chosen, true)
            }
            wordedPlaceholder = nil
        }
    }

    /// Why no value can pass the field's rules, when that is certain: a text pattern that no
    /// value of the characters and lengths the field allows matches (`[0-9]+` beside an allowed
    /// set `abc`). The line commands and the prompt refuse such a field, which would reject
    /// every value or never finish; a table column may still hold empty cells, which no rule
    /// reads. Nil when some value passes or the patterns are past telling (ICU's own syntax,
    /// a case mapping, a `.` or `\d` beside characters beyond ASCII).
    public private(set) var noValuePasses: String?

    private func whyNoValuePasses() -> String? {
        guard let regex, let automaton = regex.ascii, spec.caseMapping == nil else { return nil }
        // Characters beyond ASCII matter only to a pattern that matches some (and then a
        // combining mark may make two characters one).
        if automaton.matchesBeyondASCII && allowsBeyondASCII { return nil }
        let usable = asciiAllowed.contains
        // CR LF is one character: where a value may hold both, its length in characters
        // tells nothing of its bytes.
        let crlfIsOne =
            spec.lengthUnit == .graphemes && usable(0x0D) && usable(0x0A) && automaton.mayHold(0x0D)
            && automaton.mayHold(0x0A)
        let least = spec.minLength ?? 0
        let lengths = crlfIsOne ? 0...Int.max : least...Swift.max(least, spec.maxLength ?? Int.max)
        guard automaton.matchesNothing(lengths: lengths, usable: usable) else { return nil }
        let words = spec.vocabulary
        let characterRules = [
            spec.allow.map { "\(words.allow) \($0.source)" }, spec.preset.map { "\(words.preset) \($0.rawValue)" },
            spec.deny.map { "\(words.deny) \($0.source)" },
        ].compactMap { $0 }
        let characters = "made of the characters the field allows (\(characterRules.joined(separator: ", ")))"
        let pattern = "no value can pass these rules: the pattern '\(regex.pattern)' matches no text"
        if automaton.matchesNothing(lengths: 0...Int.max, usable: usable) { return "\(pattern) \(characters)" }
        let unit = spec.lengthUnit
        let sized =
            switch (spec.minLength, spec.maxLength) {
            case (let min?, let max?):
                "of \(min) to \(unit.describe(max)) (\(words.minLength) \(min), \(words.maxLength) \(max))"
            case (let min?, nil): "of at least \(unit.describe(min)) (\(words.minLength) \(min))"
            case (nil, let max?): "of at most \(unit.describe(max)) (\(words.maxLength) \(max))"
            case (nil, nil): ""
            }
        if characterRules.isEmpty || automaton.matchesNothing(lengths: lengths, usable: { $0 != 0 }) {
            return "\(pattern) \(sized)"
        }
        return "\(pattern) \(sized) \(characters)"
    }

    /// Whether the character rules let some character beyond ASCII through (yes when no set
    /// bounds them, or one too large to list).
    private var allowsBeyondASCII: Bool {
        guard let bound = allowSet ?? presetSet else { return true }
        let members = bound.characters(limit: 4_096)
        return members.count >= 4_096 || members.contains { $0.value >= 0x80 && refusal($0) == nil }
    }

    /// The example of a field with allowed values: the first of them (of the first few) that
    /// the field accepts, as its input writes it (`3,5` for `enum: [3.5]` in de_DE), so that
    /// "expected text like 'abc'" is not said of a field that allows only `ab` and `xyz`. Nil
    /// when none is accepted as written.
    private func allowedExample(_ values: [String]) -> String? {
        for value in values.prefix(16) where value.utf8.count <= 256 {
            var inputs = [value]
            if let written = typed?.inputForm(ofCanonical: value), written != value { inputs.insert(written, at: 0) }
            if let accepted = inputs.first(where: { validate($0, detail: .verdict).isValid }) {
                return accepted
            }
        }
        return nil
    }

    /// What the front end says of a NUL inside a value, worded once: binary input has one in
    /// most values.
    private let nulHint: String

    /// The placeholder for text fields, built from characters the rules allow.
    private var textExample = ""
    /// Whether `textExample` matches the field's pattern (or there is none).
    private var textExampleMatchesPattern = true
    /// The example a pattern mismatch quotes: the placeholder when it matches the pattern.
    private var patternExamplePhrase: String {
        textExampleMatchesPattern && !textExample.isEmpty && typed == nil ? placeholder : ""
    }

    /// Whether no stage could change or explain an ASCII value in a way the fast path does not.
    private var fastPathApplies = false

    /// Whether the full result of a value `check` accepts as `.accepted` is its input with
    /// what `check` appended as its `value`, and nothing else (no output apart from the value,
    /// no currency, no warning): a record of every value (JSON Lines) can then be written
    /// without the full pipeline.
    package private(set) var fastAcceptanceIsWholeResult = false
    private var hasLengthOrPattern = false
    private var carriageReturnPossible = true
    /// The ASCII characters that pass the character rules.
    private var asciiAllowed = ASCIISet()

    // MARK: The fast path

    /// How many bytes beyond the value's own length the fast path may write.
    @usableFromInline static let fastPathSlack = 16

    /// Where `check` lets the fast path write when the caller wants no output.
    let scratch = FieldOutput(capacity: 256)

    /// Writes what stdout gets for `bytes` at `out`, which has room for `bytes.count +
    /// FieldValidator.fastPathSlack` bytes, and returns its length when the value is accepted
    /// on the fast path: valid UTF-8 without NUL, with no stage that rewrites it, read by the
    /// typed fast path (numbers, numeric dates) or checked against ASCII character sets
    /// (text). Returns nil when `validate(bytes:)` must decide — including for every value
    /// that is rejected.
    @usableFromInline
    func acceptFast(_ bytes: UnsafeBufferPointer<UInt8>, at out: UnsafeMutablePointer<UInt8>) -> Int? {
        guard fastPathApplies else { return nil }
        var length: Int
        // Called through `typed?.`, not on a `let` bound by `if let`: the binding retained and
        // released the reader around every value.
        if let typedLength = typed?.acceptFast(bytes, at: out) {
            // The typed fast paths take only the locale's digits, signs and separators, as
            // fixed byte sequences: what they accept is valid UTF-8 without NUL or rules to apply.
            guard typedLength > 0 else { return nil }
            length = typedLength
            // Lengths and patterns are counted on ASCII alone here.
            if hasLengthOrPattern && bytes.contains(where: { $0 >= 0x80 }) { return nil }
        } else {
            // ASCII, and every byte allowed by the character rules (NUL never is); the value,
            // unchanged, is the output.
            guard asciiAllowed.copyIfContainsAll(bytes, to: out) else { return nil }
            length = bytes.count
        }
        guard !hasLengthOrPattern || lengthAndPatternVerdict(ascii: bytes) == true else { return nil }
        if let allowed, !allowed.contains(canonical: UnsafeBufferPointer(start: out, count: length)) { return nil }
        if typed != nil && spec.output == .input {
            if let base = bytes.baseAddress { out.update(from: base, count: bytes.count) }
            length = bytes.count
        }
        return length
    }

    /// The fast path into an array: appends what stdout gets for `bytes` and returns true, or
    /// returns false with `out` unchanged when `validate(bytes:)` must decide.
    func acceptFast(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) -> Bool {
        let mark = out.count
        let room = bytes.count + Self.fastPathSlack
        out.append(contentsOf: repeatElement(0, count: room))
        let length = out.withUnsafeMutableBufferPointer { acceptFast(bytes, at: $0.baseAddress! + mark) }
        out.removeLast(room - (length ?? 0))
        return length != nil
    }

    /// Whether an ASCII value passes the length and pattern rules, as the pipeline would
    /// decide, or nil when only the pipeline can tell (a CR among graphemes).
    private func lengthAndPatternVerdict(ascii bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        if spec.minLength != nil || spec.maxLength != nil {
            // In ASCII every unit is one character, except CR LF, one grapheme.
            if carriageReturnPossible && spec.lengthUnit == .graphemes && bytes.contains(0x0D) { return nil }
            if let max = spec.maxLength, bytes.count > max { return false }
            if let min = spec.minLength, bytes.count < min { return false }
        }
        // A simple pattern runs on the bytes; others on ICU, widened to UTF-16 in a reused buffer.
        if let regex {
            guard let matched = regex.matchesASCII(bytes) else { return nil }
            if !matched { return false }
        }
        return true
    }

    /// Whether `validate(bytes:)` certainly rejects the value, decided without it: an ASCII
    /// character the rules refuse (or NUL), an ASCII value of the wrong length or not matching
    /// the pattern, or a number or date its fast reader knows it cannot accept. False means
    /// only that the pipeline must decide.
    ///
    /// It says nothing of why: a caller that reports codes, offsets or messages (anything but
    /// `--quiet` without `--summary`) runs the pipeline instead. `FastPathTests` checks on
    /// millions of generated strings that the pipeline rejects every value this names.
    @usableFromInline
    func rejectsFast(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard fastPathApplies else { return false }
        // No stage before the filter changes the value: a refused ASCII byte is refused there.
        if asciiAllowed.missesSomeASCII(of: bytes) { return true }
        let ascii = !bytes.contains(where: { $0 >= 0x80 })
        if ascii && lengthAndPatternVerdict(ascii: bytes) == false { return true }
        return typed?.rejectsFast(bytes) ?? false
    }

    // MARK: The pipeline

    /// Validates one raw value (a line, a record, a cell). Under a `detail` of `.codes` the
    /// diagnostics carry no reason: codes, offsets and characters are the same, and a rejected
    /// value costs a fraction of the time (no character names, examples or second readings
    /// are made). Under `.verdict` a caller wants the verdict and a code (infer, compare): an
    /// identifier field that does not read names skips the name lookup (a name is then
    /// `unknown_name`, not `form_not_accepted`) and the search for where an unknown name goes
    /// wrong (no offset).
    public func validate(bytes: UnsafeBufferPointer<UInt8>, detail: CheckDetail = .messages) -> FieldResult {
        let explains = detail.explains
        if case .invalid(let offset, let byte) = checkUTF8(bytes) {
            var result = FieldResult(input: String(decoding: bytes, as: UTF8.self))
            result.errors.append(
                Diagnostic(
                    code: .invalidUTF8, offset: offset, byte: byte,
                    reason: .ifExplained(explains, .invalidUTF8(expected: placeholder))))
            return result
        }
        return validate(String(decoding: bytes, as: UTF8.self), detail: detail)
    }

    /// Validates one decoded value (see `validate(bytes:detail:)`).
    public func validate(_ input: String, detail: CheckDetail = .messages) -> FieldResult {
        // One exit: returned from several places, the result was copied (and the copy
        // released) for every value that reached the pipeline.
        var result = FieldResult(input: input)
        runPipeline(input, detail: detail, into: &result)
        return result
    }

    private func runPipeline(_ input: String, detail: CheckDetail, into result: inout FieldResult) {
        let explains = detail.explains
        // Bytes first: a scan of the scalars for every value cost more than the check is worth.
        let hasNUL =
            input.utf8.withContiguousStorageIfAvailable {
                $0.isEmpty ? false : memchr($0.baseAddress!, 0, $0.count) != nil
            }
            ?? input.utf8.contains(0)
        if hasNUL, let nul = input.unicodeScalars.firstIndex(of: "\0") {
            let offset = input.unicodeScalars.distance(from: input.unicodeScalars.startIndex, to: nul)
            result.errors.append(
                Diagnostic(
                    code: .nulCharacter, offset: offset, character: "\0",
                    reason: .ifExplained(explains, .nul(hint: nulHint, expected: placeholder))
                ))
            return
        }
        var map = OffsetMap()
        var value = input
        if spec.trim { value = trim(value, &map) }
        if let normalizer {
            guard let normalized = normalize(value, normalizer, &map) else {
                result.errors.append(
                    Diagnostic(
                        code: .normalizationTooLong, offset: nil, length: 0,
                        reason: .ifExplained(
                            explains, .normalizationTooLong(form: spec.normalization!.rawValue.uppercased()))
                    ))
                return
            }
            value = normalized
        }
        value = filter(value, &map, explains, &result)
        if let caseMapping = spec.caseMapping { value = mapCase(value, caseMapping, &map) }
        validateLength(value, map, explains, &result)
        validatePattern(value, map, explains, &result)
        if let typed {
            if result.errors.isEmpty { typed.validate(value, map: map, detail: detail, into: &result) }
        } else if result.errors.isEmpty {
            result.value = value
        }
        if let allowed, result.errors.isEmpty, let canonical = result.value, !allowed.contains(canonical) {
            // Said as written, with what it means when the type read it as something else
            // (`'3.500' (3500)` in de_DE), against the allowed values as the input writes them.
            let meaning = typed != nil && canonical != value ? canonical : nil
            result.errors.append(
                Diagnostic(
                    code: .notInEnum, offset: nil, length: 0,
                    reason: .ifExplained(
                        explains, .notInEnum(value: value, meaning: meaning, allowed: allowed.listed))))
        }
        if spec.caseMapping != nil || map.table != nil, !(result.errors.isEmpty && result.warnings.isEmpty) {
            Self.pointAtInput(input, &result)
        }
        if !result.errors.isEmpty {
            result.value = nil
            result.output = nil
            result.currency = nil
        } else if spec.output == .input {
            result.output = input
        }
    }

    /// A stage that rewrote characters (normalization, case mapping) leaves its findings on
    /// its own characters (`E` of `STRASSE`); each is said as the character of the input at
    /// its offset, which is what `offset` names (`e` of `straße`), and an excess runs to the
    /// input's end.
    private static func pointAtInput(_ input: String, _ result: inout FieldResult) {
        let scalars = Array(input.unicodeScalars)
        func point(_ list: inout [Diagnostic]) {
            for index in list.indices where list[index].character != nil {
                guard let offset = list[index].offset, offset < scalars.count else { continue }
                list[index].character = scalars[offset]
                if list[index].code == .tooLong { list[index].length = scalars.count - offset }
            }
        }
        point(&result.errors)
        point(&result.warnings)
    }

    // MARK: prepare

    private func trim(_ value: String, _ map: inout OffsetMap) -> String {
        let scalars = value.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else {
            map.shift += scalars.count
            return ""
        }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        map.shift += scalars.distance(from: scalars.startIndex, to: first)
        return String(scalars[first...last])
    }

    /// How much longer than the value its normalized form may be: NFC makes a text at most
    /// three times as long, NFKC up to 18 times (U+FDFA), which on a 16 MB line took 4 GB.
    static let normalizationGrowth = 4
    static let normalizationSlack = 1_024

    /// Normalizes segment by segment (between normalization boundaries) so that every
    /// output character still knows which input characters it came from. Nil when the
    /// normalized form would pass `normalizationGrowth` times the value's length.
    func normalize(_ value: String, _ normalizer: OpaquePointer, _ map: inout OffsetMap) -> String? {
        units.removeAll(keepingCapacity: true)
        units.append(contentsOf: value.utf16)
        var status = U_ZERO_ERROR
        if cicu_unorm2_isNormalized(normalizer, units, Int32(units.count), &status) != 0 { return value }
        let limit =
            units.count.multipliedReportingOverflow(by: Self.normalizationGrowth).partialValue
            + Self.normalizationSlack
        guard normalizedLength(value, normalizer, limit: limit) <= limit else { return nil }
        var output = String.UnicodeScalarView()
        var table = OffsetTable()
        var segment: [UChar] = []
        var segmentStart = 0
        func flush() {
            guard !segment.isEmpty else { return }
            let normalized =
                ICU.utf16String(capacity: segment.count * 3 + 4) {
                    cicu_unorm2_normalize(normalizer, segment, Int32(segment.count), $0, $1, &$2)
                } ?? ICU.string(utf16: segment)
            for scalar in normalized.unicodeScalars {
                output.append(scalar)
                table.append(map.original(segmentStart))
            }
            segment.removeAll(keepingCapacity: true)
        }
        for (index, scalar) in value.unicodeScalars.enumerated() {
            if cicu_unorm2_hasBoundaryBefore(normalizer, UChar32(scalar.value)) != 0 {
                flush()
                segmentStart = index
            }
            segment.append(contentsOf: scalar.utf16)
        }
        flush()
        map = OffsetMap(shift: 0, table: table)
        return String(output)
    }

    /// The length in UTF-16 units of the normalized form, counted segment by segment in a
    /// reused buffer without building it; it stops counting past `limit`.
    private func normalizedLength(_ value: String, _ normalizer: OpaquePointer, limit: Int) -> Int {
        var total = 0
        var segment: [UChar] = []
        var buffer = [UChar](repeating: 0, count: 64)
        func flush() {
            guard !segment.isEmpty else { return }
            var status = U_ZERO_ERROR
            var length = cicu_unorm2_normalize(
                normalizer, segment, Int32(segment.count), &buffer, Int32(buffer.count), &status)
            if status == U_BUFFER_OVERFLOW_ERROR {
                buffer = [UChar](repeating: 0, count: Int(length) + 1)
                status = U_ZERO_ERROR
                length = cicu_unorm2_normalize(
                    normalizer, segment, Int32(segment.count), &buffer, Int32(buffer.count), &status)
            }
            total += ICU.failed(status) ? segment.count : Int(length)
            segment.removeAll(keepingCapacity: true)
        }
        for scalar in value.unicodeScalars {
            if cicu_unorm2_hasBoundaryBefore(normalizer, UChar32(scalar.value)) != 0 {
                flush()
                if total > limit { return total }
            }
            segment.append(contentsOf: scalar.utf16)
        }
        flush()
        return total
    }

    // MARK: filter

    /// Why a character is not allowed, or nil when it is.
    func refusal(_ scalar: Unicode.Scalar) -> String? {
        if let allowSet, !allowSet.contains(scalar) { return allowReason }
        if let presetSet, !presetSet.contains(scalar) { return presetReason }
        if let denySet, denySet.contains(scalar) { return denyReason }
        return nil
    }

    private var hasCharacterRules: Bool { allowSet != nil || presetSet != nil || denySet != nil }

    /// How many removed characters `--strip` lists one by one; the rest are reported as one
    /// span, so that a value of millions of removed characters does not make millions of
    /// diagnostics (15 MB of them took 11 GB).
    static let listedRemovals = 100

    private func filter(
        _ value: String, _ map: inout OffsetMap, _ explains: Bool, _ result: inout FieldResult
    ) -> String {
        guard hasCharacterRules else { return value }
        var kept = String.UnicodeScalarView()
        var table = OffsetTable()
        var removedAny = false
        // The removals past `listedRemovals`: the first one, its reason, the last offset, how many.
        var unlisted: (offset: Int, scalar: Unicode.Scalar, reason: String, last: Int, count: Int)? = nil
        for (index, scalar) in value.unicodeScalars.enumerated() {
            guard let reason = refusal(scalar) else {
                if spec.strip {
                    kept.append(scalar)
                    table.append(map.original(index))
                }
                continue
            }
            let offset = map.original(index)
            if spec.strip {
                removedAny = true
                if result.removed.count >= Self.listedRemovals {
                    if unlisted == nil { unlisted = (offset, scalar, reason, offset, 0) }
                    unlisted!.last = offset
                    unlisted!.count += 1
                    continue
                }
                result.removed.append(
                    Diagnostic(
                        code: .removedCharacter, offset: offset, character: scalar,
                        reason: .ifExplained(explains, .removed(rule: reason))))
            } else if result.errors.count < 10 {
                result.errors.append(
                    Diagnostic(
                        code: .disallowedCharacter, offset: offset, character: scalar,
                        reason: .ifExplained(explains, .disallowed(rule: reason, expected: placeholder))))
            }
        }
        if let unlisted {
            result.removed.append(
                Diagnostic(
                    code: .removedCharacter, offset: unlisted.offset, length: unlisted.last - unlisted.offset + 1,
                    character: unlisted.scalar,
                    reason: .ifExplained(explains, .removedMore(count: unlisted.count, rule: unlisted.reason))))
        }
        guard removedAny else { return value }
        map = OffsetMap(shift: 0, table: table)
        return String(kept)
    }

    // MARK: transform

    /// `text` with the field's case mapping (`--case`) applied as the pipeline applies it, in
    /// the field's locale (Turkish `i` upper-cases to `İ` under tr_TR); `text` itself when the
    /// field maps no case. The prompt maps what is typed with it.
    public func mappingCase(_ text: String) -> String {
        guard let mapping = spec.caseMapping, !text.isEmpty else { return text }
        var map = OffsetMap()
        return mapCase(text, mapping, &map)
    }

    private func mapCase(_ value: String, _ mapping: CaseMapping, _ map: inout OffsetMap) -> String {
        let source = value.icuUnits
        let locale = spec.locale.identifier
        func run(_ src: [UChar]) -> String {
            // Most mappings keep the length; a longer result (ß → SS) is written on a second call.
            ICU.utf16String(capacity: src.count + 16) { dest, capacity, status in
                switch mapping {
                case .upper: cicu_u_strToUpper(dest, capacity, src, Int32(src.count), locale, &status)
                case .lower: cicu_u_strToLower(dest, capacity, src, Int32(src.count), locale, &status)
                case .title: cicu_u_strToTitle(dest, capacity, src, Int32(src.count), locale, &status)
                }
            } ?? ICU.string(utf16: src)
        }
        let mapped = run(source)
        let before = value.unicodeScalars.count
        if mapped.unicodeScalars.count != before {
            // A mapping changed the length (ß → SS): rebuild the offsets from each character's own mapping.
            var table = OffsetTable()
            for (index, scalar) in value.unicodeScalars.enumerated() {
                let width = max(1, run(Array(scalar.utf16)).unicodeScalars.count)
                table.append(map.original(index), times: width)
            }
            let total = mapped.unicodeScalars.count
            table.truncate(to: total)
            while table.count < total { table.append(table.last ?? map.shift) }
            map = OffsetMap(shift: 0, table: table)
        }
        return mapped
    }

    // MARK: validate

    /// The length of `value` in the field's unit.
    public func length(of value: String) -> Int { spec.lengthUnit.count(value, graphemes: graphemes) }

    /// The scalar offset at which the unit numbered `limit` (0-based) starts.
    func scalarOffset(ofUnit limit: Int, in value: String) -> Int {
        switch spec.lengthUnit {
        case .graphemes:
            let starts = graphemes.clusterStarts(value)
            return limit < starts.count ? starts[limit] : value.unicodeScalars.count
        case .scalars:
            return limit
        case .utf16, .bytes:
            var consumed = 0
            for (index, scalar) in value.unicodeScalars.enumerated() {
                consumed += spec.lengthUnit == .utf16 ? scalar.utf16.count : scalar.utf8.count
                if consumed > limit { return index }
            }
            return value.unicodeScalars.count
        }
    }

    private func validateLength(_ value: String, _ map: OffsetMap, _ explains: Bool, _ result: inout FieldResult) {
        guard spec.minLength != nil || spec.maxLength != nil else { return }
        // A value's graphemes are found once, for its count and for where its excess starts.
        let starts = spec.lengthUnit == .graphemes ? graphemes.clusterStartsUnlessSimple(value) : nil
        let count = starts?.count ?? length(of: value)
        let unit = spec.lengthUnit
        if let max = spec.maxLength, count > max {
            let index =
                starts.map { max < $0.count ? $0[max] : value.unicodeScalars.count }
                ?? scalarOffset(ofUnit: max, in: value)
            let scalars = value.unicodeScalars
            let character = scalars[scalars.index(scalars.startIndex, offsetBy: index)]
            let offset = map.original(index)
            result.errors.append(
                Diagnostic(
                    code: .tooLong, offset: offset, length: scalars.count - index, character: character,
                    reason: .ifExplained(
                        explains, .tooLong(unit: unit, count: count, maximum: max, expected: placeholder))))
        }
        if let min = spec.minLength, count < min {
            result.errors.append(
                Diagnostic(
                    code: .tooShort, offset: map.original(value.unicodeScalars.count), length: 0,
                    reason: .ifExplained(
                        explains, .tooShort(unit: unit, count: count, minimum: min, expected: placeholder)))
            )
        }
    }

    private func validatePattern(_ value: String, _ map: OffsetMap, _ explains: Bool, _ result: inout FieldResult) {
        guard let regex else { return }
        /// The mismatch at the offending character (its scalar index), else at `end` (the value
        /// stops short of a match), else about the whole value (the search gave up).
        func mismatch(at culprit: (index: Int, character: Unicode.Scalar)?, end: Int?) {
            let reason = Reason.ifExplained(
                explains, .patternMismatch(pattern: regex.pattern, expected: patternExamplePhrase))
            if let culprit {
                result.errors.append(
                    Diagnostic(
                        code: .patternMismatch, offset: map.original(culprit.index), character: culprit.character,
                        reason: reason))
            } else {
                result.errors.append(
                    Diagnostic(code: .patternMismatch, offset: end.map(map.original), length: 0, reason: reason))
            }
        }
        // An ASCII value against a pattern the automaton reads: the match and the offending
        // character without ICU (widening the value to UTF-16 for ICU's match, then for each
        // prefix, was the most of a bad csv cell's pattern check).
        if let ascii = regex.ascii,
            case .some(.some(let reading)) = value.utf8.withContiguousStorageIfAvailable({ ascii.firstStop($0) })
        {
            if reading.matched { return }
            let culprit = reading.stop.map { stop in
                (stop, Unicode.Scalar(value.utf8[value.utf8.index(value.utf8.startIndex, offsetBy: stop)]))
            }
            mismatch(at: culprit, end: value.utf8.count)
            return
        }
        let whole = regex.matches(value.utf16)
        if whole.matched { return }
        if whole.overBudget {
            let budget = regex.budget
            result.errors.append(
                Diagnostic(
                    code: .patternBudgetExhausted, offset: nil, length: 0,
                    reason: .ifExplained(
                        explains, .patternBudgetSpent(pattern: regex.pattern, millions: budget.limit / 100))
                ))
            return
        }
        if whole.timedOut {
            result.errors.append(
                Diagnostic(
                    code: .patternTimeout, offset: nil, length: 0,
                    reason: .ifExplained(
                        explains,
                        .patternTimedOut(
                            pattern: regex.pattern,
                            millions: Int(RegexHandle.timeLimit(length: value.utf16.count)) / 100))))
            return
        }
        // Find the first character after which no continuation can match.
        let scalars = Array(value.unicodeScalars)
        var prefix: [UInt16] = []
        var culprit: Int? = nil
        // The search tries each prefix; it gives up (and says less) past 50 ms of this
        // thread's CPU time: a wall clock would also count the time the thread waited for a
        // core, and on a busy machine the same value would be explained one run and not
        // the next.
        var abandoned = false
        let start = Self.threadCPUTime()
        if scalars.count <= 512 {
            for (index, scalar) in scalars.enumerated() {
                prefix.append(contentsOf: scalar.utf16)
                let attempt = regex.matches(prefix)
                if attempt.timedOut || Self.threadCPUTime() - start > 0.05 {
                    abandoned = true
                    break
                }
                if !attempt.matched && !attempt.hitEnd {
                    culprit = index
                    break
                }
            }
        } else if !whole.hitEnd {
            // A long value, in a number of matches that grows with the log of its length
            // rather than with its length (each match reads the prefix): once no continuation
            // of a prefix can match, none of a longer one can, so the first such prefix is
            // found by halving. Past 512 characters the offending one was not named at all.
            let units = Array(value.utf16)
            var ends: [Int] = []
            ends.reserveCapacity(scalars.count + 1)
            ends.append(0)
            for scalar in scalars { ends.append(ends[ends.count - 1] + scalar.utf16.count) }
            var viable = 0
            var dead = scalars.count
            while dead - viable > 1 {
                let middle = (viable + dead) / 2
                let attempt = regex.matches(units[..<ends[middle]])
                if attempt.timedOut || Self.threadCPUTime() - start > 0.05 {
                    abandoned = true
                    break
                }
                if !attempt.matched && !attempt.hitEnd { dead = middle } else { viable = middle }
            }
            if !abandoned { culprit = dead - 1 }
        }
        mismatch(at: culprit.map { ($0, scalars[$0]) }, end: abandoned ? nil : scalars.count)
    }

    /// Seconds of CPU time this thread has used.
    private static func threadCPUTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    // MARK: Examples

    /// "text like 'aeiou'", "a number like 1.234,56 (de_DE)".
    public var placeholderPhrase: String { placeholder }

    /// `placeholderPhrase`, worded on first use and then kept: every rejection of a value
    /// quotes it, and a typed field's example may read whole catalogs (a country's took 285 M
    /// instructions at start-up, for each of `infer`'s identifier candidates that never
    /// explains a value).
    private var placeholder: String {
        if let wordedPlaceholder { return wordedPlaceholder }
        let phrase = makePlaceholderPhrase()
        wordedPlaceholder = phrase
        return phrase
    }
    private var wordedPlaceholder: String?

    private func makePlaceholderPhrase() -> String {
        if typed != nil { return example }
        if spec.maxLength == 0 { return "empty text" }
        if textExample.isEmpty { return "no text (no character is allowed)" }
        if !textExampleMatchesPattern, let regex { return "text that matches the pattern '\(regex.pattern)'" }
        if let min = spec.minLength, min > Self.longestExample {
            return "text of at least \(spec.lengthUnit.describe(min)), like '\(textExample)…'"
        }
        return "text like '\(textExample)'"
    }

    /// The longest text example written out: a minimum length past it (from a schema or
    /// the command line, up to Int.max) is described, not spelled out.
    static let longestExample = 64

    /// The text example, and whether it matches the pattern: one that does when there is a
    /// pattern and one can be found.
    private func makeTextExample() -> (example: String, matchesPattern: Bool) {
        let plain = makePlainTextExample()
        guard let regex, !plain.isEmpty else { return (plain, true) }
        func matches(_ example: String) -> Bool {
            regex.matches(example.utf16, fixedLimit: PatternTimeBudget.limitWhenSpent).matched
        }
        // The plain example keeps the other rules already (a long one is cut, and said so).
        if matches(plain) { return (plain, true) }
        /// Whether `example` keeps every rule an example must: characters, length, pattern.
        func fits(_ example: String) -> Bool {
            !example.isEmpty && example.unicodeScalars.allSatisfy({ refusal($0) == nil }) && lengthRule.admits(example)
                && matches(example)
        }
        if let given = spec.patternExample, fits(given) { return (given, true) }
        let lengths = (spec.minLength ?? 0)...Swift.max(spec.minLength ?? 0, spec.maxLength ?? Int.max)
        let preferred = Swift.max(spec.minLength ?? 1, Swift.min(spec.maxLength ?? 5, 5))
        if let found = regex.exampleAutomaton?.example(
            lengths: lengths, preferred: preferred, usable: { refusal(Unicode.Scalar($0)) == nil }), fits(found)
        {
            return (found, true)
        }
        // A pattern the automaton does not read: sketched from its text (`café`, `[äöü]+`).
        if let sketch = PatternSketch(regex.pattern),
            let found = sketch.candidates(more: [preferred, spec.minLength ?? 1]).first(where: fits)
        {
            return (found, true)
        }
        // Nor that (`\p{Lu}{2}`, `\p{Lu}\p{Ll}+`): a few plain candidates, first the plain
        // example's own characters (`\d{2}` over Arabic-Indic digits: the automaton and the
        // runs below try ASCII only).
        let own = String(repeating: plain, count: 8 / plain.count + 1)
        for length in [preferred] + (1...8).filter({ $0 != preferred }) {
            for run in [own, "abcdefgh", "ABCDEFGH", "Abcdefgh", "12345678"] where fits(String(run.prefix(length))) {
                return (String(run.prefix(length)), true)
            }
        }
        return (plain, false)
    }

    /// Five characters the character and length rules allow (or the preset's example).
    private func makePlainTextExample() -> String {
        guard hasCharacterRules || spec.minLength != nil || spec.maxLength != nil else { return "abc" }
        if let example = spec.preset?.example, example.unicodeScalars.allSatisfy({ refusal($0) == nil }),
            lengthRule.admits(example)
        {
            return example
        }
        // Five characters, or as many as the length rules ask for, in alphabetical order from
        // what the field allows: 'abcde' for a name, 'aeiou' for vowels, never the vowels of
        // one example for every field.
        let wanted = Swift.max(spec.minLength ?? 1, Swift.min(spec.maxLength ?? 5, 5))
        // Punctuation last, for a field that refuses every letter and digit.
        let candidates = "abcdefghijklmnopqrstuvwxyz1234567890ABCDEFGHIJKLMNOPQRSTUVWXYZ-_.+*#!?"
        var picked = Array(candidates.unicodeScalars.filter { refusal($0) == nil })
        if picked.isEmpty {
            let pool = (presetSet ?? allowSet)?.characters(limit: 64) ?? []
            picked = pool.filter { refusal($0) == nil }
        }
        guard !picked.isEmpty else { return "" }
        var example = String.UnicodeScalarView()
        // A minimum past the longest example is said in words (see `placeholderPhrase`).
        let written = wanted > Self.longestExample ? 10 : wanted
        for index in 0..<written {
            // Lengths in bytes or UTF-16 units: 'ä' is two bytes, so fewer characters may fit.
            var longer = example
            longer.append(picked[index % picked.count])
            if length(of: String(longer)) > spec.maxLength ?? Int.max { break }
            example = longer
        }
        return String(example)
    }
}
