import ArgumentParser
import FieldCheck

/// The inputs of every line command (`text`, `number`, `date`, the identifier commands): files
/// or `--value`s, and `-z`. How a run writes and reports is `RunOptions`, the command's sibling
/// option group (not nested here: see `ReportOptions`).
struct LineOptions: ParsableArguments {
    @Argument(help: "Files to read, one value per line; stdin when none or '-'.", completion: .file())
    var files: [String] = []

    @Option(
        name: .customLong("value"),
        parsing: .unconditionalSingleValue,
        help: ArgumentHelp(
            "Check VALUE instead of reading files or stdin (repeatable; numbered as lines in the order given).",
            valueName: "VALUE"))
    var values: [String] = []

    @Flag(
        name: [.customShort("z"), .customLong("null-data")],
        help: "Read and write NUL-terminated records instead of lines.")
    var nullData = false

    /// The `--value` values as one input, each ended by the record terminator; nil when none.
    var valueRecords: [UInt8]? {
        guard !values.isEmpty else { return nil }
        let terminator: UInt8 = nullData ? 0 : 0x0A
        return values.flatMap { Array($0.utf8) + [terminator] }
    }

    func validate() throws {
        if !values.isEmpty && !files.isEmpty {
            throw ValidationError("give values with --value or files to read, not both")
        }
        if !nullData, values.contains(where: { $0.contains("\n") }) {
            throw ValidationError("a --value holds a line break; with -z, values may hold line breaks")
        }
    }
}

/// How a run reads, writes and reports, declared once for every command that checks
/// records (the line commands and `csv`): JSON Lines, the report options, `--on-invalid`,
/// `--rejects`, the record limit and `--jobs`.
struct RunOptions: ParsableArguments {
    @Flag(
        help:
            "Write JSON Lines on stdout instead of values or rows: one object per value (line commands), per problem (csv)."
    )
    var json = false

    @Option(
        name: .customLong("format"),
        help: ArgumentHelp(
            "How findings are reported: human (diagnostics on stderr), json (JSON Lines on stdout, as --json) or github (GitHub Actions annotations on stdout, one per finding, at its file, line and column). date also takes a strptime format here (%d.%m.%Y).",
            valueName: "FORMAT"))
    var formats: [String] = []

    /// `--format`, with `--json` its short form.
    var outputFormat: OutputFormat { json ? .json : reportFormats.last ?? .human }

    /// The `--format`s that name a report format.
    private var reportFormats: [OutputFormat] { formats.compactMap(OutputFormat.init(rawValue:)) }

    /// A `--format` that is a strptime format (it holds a `%`): `date` reads dates in it.
    var strptimeFormat: String? { formats.last { $0.contains("%") } }

    /// Refuses a strptime `--format` in a command that reads no dates.
    func refuseStrptimeFormat() throws {
        if let format = strptimeFormat {
            throw ValidationError(
                "--format '\(format)' is a date format, which only fieldcheck date reads (fieldcheck as takes one in its TYPE, as in date::\(format)); --format here is human, json or github"
            )
        }
    }

    @Flag(help: "Write nothing on stdout; report through diagnostics and the exit status only.")
    var check = false

    @Flag(name: [.short, .long], help: "Print no diagnostics (and build no messages: faster on rejected values).")
    var quiet = false

    @Flag(
        help:
            "Print counts of what was read, accepted and rejected (by code) on stderr at the end; with --json, as the last record on stdout."
    )
    var summary = false

    @Flag(
        help:
            "Keep values and characters out of diagnostics and JSON (codes, offsets, lengths and character categories stay)."
    )
    var redact = false

    @Option(
        help:
            "Colour diagnostics and draw a caret under the character: auto (when stderr is a terminal), always or never."
    )
    var color: ColorChoice = .auto

    @Option(
        help:
            "Which warnings stderr gets: once (the first of each code, and a count of the rest at the end), all or none. Errors are never held back; --json always has every one."
    )
    var warnings: WarningPolicy = .once

    /// How diagnostics are reported, as `csv` and the sinks take it.
    var report: ReportOptions {
        ReportOptions(check: check, quiet: quiet, summary: summary, redact: redact, color: color, warnings: warnings)
    }

    @Option(
        help:
            "What stdout gets for a rejected value or row: drop (nothing), keep (as read), blank (an empty line; csv: the row with its bad cells emptied) or abort (stop at once)."
    )
    var onInvalid: InvalidPolicy = .drop

    @Option(
        help: ArgumentHelp(
            "Write every rejected value to FILE byte for byte, one per line without its line ending (csv: each rejected row as read, after the header, in UTF-8 under --encoding); FILE must not be an input.",
            valueName: "FILE"),
        completion: .file())
    var rejects: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Reject records (values, rows) longer than N bytes without holding them in memory; default 8 MiB, at most 64 MiB.",
            valueName: "N"))
    var maxRecordBytes: Int?

    /// The record limit every command applies: the library's 8 MiB unless given (an
    /// unterminated quote near the start of a large CSV file is one such record).
    var recordLimit: Int { maxRecordBytes ?? RecordReader.defaultMaxRecordBytes }

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Check on N threads; output stays in input order.", valueName: "N"))
    var jobs: Int = 1

    func validate() throws {
        if jobs < 1 || jobs > 256 { throw ValidationError("--jobs must be between 1 and 256") }
        if rejects == "-" { throw ValidationError(rejectsToStandardOutput) }
        for format in formats where OutputFormat(rawValue: format) == nil && !format.contains("%") {
            throw ValidationError(
                "--format '\(format)' is not a report format: give human, json or github (date also reads a strptime format such as %d.%m.%Y)"
            )
        }
        if reportFormats.count > 1 { throw ValidationError("give one report --format: human, json or github") }
        if json, let format = reportFormats.last, format != .json {
            throw ValidationError("--json is --format json: it cannot be used with --format \(format.rawValue)")
        }
        if outputFormat != .human && check {
            let given = json && reportFormats.isEmpty ? "--json" : "--format \(outputFormat.rawValue)"
            throw ValidationError(
                "\(given) and --check cannot be used together: \(given) reports on stdout, where --check writes nothing"
            )
        }
        if let maxRecordBytes, maxRecordBytes < 1 || maxRecordBytes > RecordReader.largestMaxRecordBytes {
            throw ValidationError("--max-record-bytes must be 1 to \(RecordReader.largestMaxRecordBytes) (64 MiB)")
        }
    }
}

/// How diagnostics are reported, the same for line commands and `csv`: `--check`, `--quiet`,
/// `--summary`, `--redact`, `--color`, `--warnings`. Declared as `RunOptions`' own options, not
/// an option group of its own: every level of nested groups multiplies the checks a debug
/// build of swift-argument-parser makes of the command tree at start-up (nested three deep, a
/// line command took 0.5 s to start in the debug build the CLI tests run; one level, 0.11 s).
struct ReportOptions {
    var check: Bool
    var quiet: Bool
    var summary: Bool
    var redact: Bool
    var color: ColorChoice
    var warnings: WarningPolicy

    /// Whether diagnostics on `stream` get colour and a caret line.
    func usesColor(on stream: OutputStream) -> Bool {
        color == .always || (color == .auto && stream.isTerminal && LineRunner.colorAllowed)
    }
}

/// What every field command reads beside its own rules: `--locale`, the length options (not
/// an identifier's) and `--trim`/`--normalize`. The commands declare these as option groups of
/// their own around the rules, not inside them (see `ReportOptions`), and hand them to the
/// rules' `spec` together.
struct FieldBasics {
    var locale: LocaleOption
    var length: LengthOptions?
    var prepare: PrepareOptions

    func apply(to spec: inout FieldSpec) {
        length?.apply(to: &spec)
        prepare.apply(to: &spec)
    }
}

/// A line command: its values come through `lines`, and `run` says how it reports them.
protocol LineCommand: StatusCommand {
    var lines: LineOptions { get }
    var run: RunOptions { get }
}

extension LineCommand {
    /// Checks every value against `spec`. A `--format` that is a strptime pattern is refused
    /// (it is a report format here) unless the command `readsStrptimeFormat` (`date`).
    func checkLines(_ spec: FieldSpec, readsStrptimeFormat: Bool = false) throws -> Int32 {
        if !readsStrptimeFormat { try run.refuseStrptimeFormat() }
        let validator = try FieldValidator(spec)
        if let reason = validator.noValuePasses { throw ConfigurationError(reason) }
        return try LineRunner(validator: validator, options: lines, runOptions: run).run()
    }
}

/// A command that declares `--locale`, the length options and `--trim`/`--normalize` beside
/// its rules (text, number, date and their prompts).
protocol DeclaresFieldBasics {
    var locale: LocaleOption { get }
    var length: LengthOptions { get }
    var prepare: PrepareOptions { get }
}

extension DeclaresFieldBasics {
    var basics: FieldBasics { FieldBasics(locale: locale, length: length, prepare: prepare) }
}

/// `--locale`, resolved against the environment when absent.
struct LocaleOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "ICU locale id or BCP 47 tag (de_DE, de-CH, ar-EG-u-nu-latn). Default: LC_ALL, then the command's LC_* category, then LANG; C or POSIX is en_US_POSIX.",
            valueName: "LOCALE"),
        completion: .localeIDs)
    var locale: String?

    func resolve(category: String) throws(ConfigurationError) -> LocaleID {
        if let locale { return try LocaleID(locale) }
        return try LocaleID.fromEnvironment(category: category, environment: environment())
    }
}

/// `--trim`, `--normalize`.
struct PrepareOptions: ParsableArguments {
    @Flag(help: "Remove white space at both ends before checking.")
    var trim = false

    @Option(help: "Normalize before checking: nfc, or nfkc (full-width １２３ becomes 123).")
    var normalize: Normalization?

    func apply(to spec: inout FieldSpec) {
        if trim { spec.trim = true }
        if let normalize { spec.normalization = normalize }
    }
}

/// `--min-length`, `--max-length`, `--count`.
struct LengthOptions: ParsableArguments {
    // Unconditional: `--max-length -1` is a negative length to refuse, not a missing value.
    @Option(
        parsing: .unconditional, help: ArgumentHelp("Reject values longer than N (in --count units).", valueName: "N"))
    var maxLength: Int?

    @Option(
        parsing: .unconditional, help: ArgumentHelp("Reject values shorter than N (in --count units).", valueName: "N"))
    var minLength: Int?

    @Option(
        help: "What a length counts: graphemes (what a person counts), scalars, utf16 (what UIKit counts) or bytes.")
    var count: LengthUnit = .graphemes

    func validate() throws {
        if let maxLength, maxLength < 0 { throw ValidationError("--max-length must not be negative") }
        if let minLength, minLength < 0 { throw ValidationError("--min-length must not be negative") }
    }

    /// Sets what was given: a length a field has already (`as … --rule maxLength=5`) stays
    /// unless an option says otherwise.
    func apply(to spec: inout FieldSpec) {
        if let maxLength { spec.maxLength = maxLength }
        if let minLength { spec.minLength = minLength }
        spec.lengthUnit = count
    }
}

func environment() -> [String: String] {
    var result: [String: String] = [:]
    var pointer = environ
    while let entry = pointer.pointee {
        let text = String(cString: entry)
        if let equals = text.firstIndex(of: "=") {
            result[String(text[..<equals])] = String(text[text.index(after: equals)...])
        }
        pointer += 1
    }
    return result
}

#if canImport(Glibc)
    import Glibc
#endif

/// Why `--rejects -` is refused: '-' names stdin and stdout elsewhere, and rejects mixed into
/// stdout could not be told from accepted values.
let rejectsToStandardOutput =
    "--rejects - would mix rejected values into the accepted ones on stdout; use --on-invalid keep to pass "
    + "them through, or name a file"

/// `--warnings`: how a run's warnings reach stderr.
enum WarningPolicy: String, ArgumentCases, Sendable {
    /// The first warning of each code, then a count of the others at the end: a warning that
    /// holds for every value of a file (a space as fr_FR's grouping) said once, not per line.
    case once
    case all
    case none
}
