import FieldCheck

#if canImport(Glibc)
    import Glibc
#endif

/// What each fuzz target shares: the libFuzzer driver, a reader of configuration bytes, and
/// the properties every field must keep whatever its input.

/// libFuzzer's entry for a program that has its own `main` (SwiftPM gives every executable
/// one): it runs the fuzzing loop with `callback` and returns the exit status.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

public func runFuzzer(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt {
    var count = argc
    var vector = argv
    return LLVMFuzzerRunDriver(&count, &vector, callback)
}

/// Reads configuration choices from the front of a fuzz input; the rest is the value.
public struct FuzzInput {
    public var bytes: UnsafeBufferPointer<UInt8>

    public init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        bytes = UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)
    }

    /// One byte of configuration (0 when the input has run out).
    public mutating func byte() -> UInt8 {
        guard let first = bytes.first else { return 0 }
        bytes = UnsafeBufferPointer(rebasing: bytes.dropFirst())
        return first
    }

    public mutating func pick<T>(_ options: [T]) -> T { options[Int(byte()) % options.count] }

    public mutating func flag() -> Bool { byte() & 1 == 1 }
}

/// Locales whose numbers and dates differ in every way a reader cares about: separators
/// (space, apostrophe, none), digits (Arabic-Indic, Devanagari, Bengali, Persian), lakh
/// grouping, calendars (Buddhist, Persian, Islamic), scripts and bidi marks.
public let fuzzLocales = [
    "en_US", "de_DE", "fr_FR", "fr_CH", "de_CH", "de_AT", "en_IN", "hi_IN", "bn_BD", "ar_EG", "ar_SA", "fa_IR",
    "th_TH", "ja_JP", "zh_Hant_TW", "ru_RU", "he_IL", "es_ES", "pt_BR", "mr_IN", "ar-EG-u-nu-latn", "en_US_POSIX",
]

/// Fails loudly: libFuzzer reports the input that broke a property as a crash.
public func violated(_ property: String, _ input: UnsafeBufferPointer<UInt8>) -> Never {
    let text = String(decoding: input, as: UTF8.self)
    fatalError("property violated: \(property) on \(text.debugDescription)")
}

/// The properties of one field on one value: the full reader never crashes; `check`, at
/// every detail, gives the full reader's verdict and output (whether it took a fast path is
/// its own business); every result is accepted or rejected with at least one diagnostic.
public func checkField(_ field: FieldValidator, _ value: UnsafeBufferPointer<UInt8>) {
    let clock = ContinuousClock()
    let start = clock.now
    let result = field.validate(bytes: value)
    let elapsed = clock.now - start
    if !result.isValid && result.errors.isEmpty { violated("a rejection without a diagnostic", value) }
    if result.isValid && result.emitted == nil { violated("an acceptance without a value", value) }
    // A pattern that ran out of time has no verdict to compare. A value that was slow to
    // check (a backtracking pattern just under ICU's step limit) is not checked again at
    // every detail: four more runs would take the input past the fuzzer's 1 s limit on a
    // loaded machine, which says nothing about the tool (one check stays bounded).
    if result.errors.contains(where: { $0.code == .patternTimeout }) { return }
    if elapsed > .milliseconds(100) { return }
    let output = FieldOutput()
    for detail in CheckDetail.allCases {
        output.removeAll()
        let verdict = field.check(value.span, detail: detail, output: output)
        if verdict.isAccepted != result.isValid {
            violated("check(\(detail)) says \(verdict.isAccepted), the pipeline \(result.isValid)", value)
        }
        if verdict.isAccepted && output.string != result.emitted {
            violated("check(\(detail)) gave \(output.string), the pipeline \(result.emitted ?? "")", value)
        }
        if case .accepted = verdict, !result.warnings.isEmpty || !result.removed.isEmpty {
            violated("check(\(detail)) accepted plainly what the pipeline warns about", value)
        }
    }
}

/// Compiled fields by configuration: opening ICU's formats for every input would leave no
/// time for the input.
public final class FieldCache: @unchecked Sendable {
    private var fields: [Int: FieldValidator?] = [:]

    public init() {}

    public func field(_ key: Int, _ make: () throws -> FieldValidator) -> FieldValidator? {
        if let cached = fields[key] { return cached }
        // Bounded: each field holds ICU formats, and a run explores thousands of configurations.
        if fields.count >= 64 { fields.removeAll() }
        let made = try? make()
        fields[key] = made
        return made
    }
}
