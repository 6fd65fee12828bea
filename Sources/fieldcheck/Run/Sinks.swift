import FieldCheck

#if canImport(Glibc)
    import Glibc
#endif

/// How every command routes what it read, from its options, read once (property-wrapped
/// options cost a generic lookup on every access, and this copy can cross to worker threads).
struct Routing: Sendable {
    /// `--format` (`--json`): what stdout and stderr carry.
    let format: OutputFormat
    /// `--check`: nothing on stdout.
    let check: Bool
    /// `--quiet`: no diagnostics on stderr.
    let quiet: Bool
    /// `--redact`: nothing of a value in diagnostics or JSON.
    let redact: Bool
    let onInvalid: InvalidPolicy
    /// How findings are reported, chosen once from `format`.
    let printer: any FindingsPrinter

    init(format: OutputFormat, report: ReportOptions, onInvalid: InvalidPolicy, color: Bool) {
        self.format = format
        check = report.check
        quiet = report.quiet
        redact = report.redact
        self.onInvalid = onInvalid
        printer = format.printer(
            quiet: report.quiet, warnings: report.warnings, human: HumanPrinter(color: color, caret: color))
    }

    init(_ options: RunOptions, color: Bool) {
        self.init(format: options.outputFormat, report: options.report, onInvalid: options.onInvalid, color: color)
    }

    /// Whether stdout gets accepted values or rows (not a report, not `--check`).
    var writesRecords: Bool { format == .human && !check }
    /// Whether stdout gets a rejected record's raw bytes (`--on-invalid keep`).
    var keepsRaw: Bool { writesRecords && onInvalid == .keep }
}

/// Where a run writes, shared by every command in the manner of ripgrep's printers: stdout
/// (values, rows or JSON Lines), stderr (diagnostics), the rejects file and the summary
/// counts — the real streams, or one batch's buffers under `--jobs`, moved into the real ones
/// in input order. A command decides what a record's output is; the sinks decide where it
/// goes.
final class Sinks {
    let out: OutputStream
    let err: OutputStream
    let rejects: OutputStream?
    let routing: Routing
    /// Unchecked: a run's sinks are used by one thread at a time, and a dynamic check on
    /// every csv row cost about 90 instructions.
    @exclusivity(unchecked) var summary = Summary()

    init(out: OutputStream, err: OutputStream, rejects: OutputStream?, routing: Routing) {
        self.out = out
        self.err = err
        self.rejects = rejects
        self.routing = routing
    }

    /// Standard output and error, and the rejects file at `rejectsPath` (created now), for a
    /// run that reads `inputs` (paths, `-` for stdin).
    static func standard(rejects rejectsPath: String?, inputs: [String], routing: Routing) throws -> Sinks {
        try refuseWritingInputs(rejects: rejectsPath, inputs: inputs)
        let rejects = try rejectsPath.map { (path) throws(InputOutputError) in try OutputStream.open(path: path) }
        return Sinks(out: Streams.standardOutput, err: Streams.standardError, rejects: rejects, routing: routing)
    }

    /// Refuses a run whose rejects file or standard output is one of its inputs. Opening the
    /// rejects file empties it before a record of it is read, and the run then reported
    /// success on no rows; a shell's `>` has emptied it already, and `>>` would read what the
    /// run appends. Files are compared by device and inode, whatever names reach them.
    private static func refuseWritingInputs(rejects: String?, inputs: [String]) throws(ConfigurationError) {
        var outputs: [(name: String, why: String, file: stat)] = []
        var status = stat()
        if let rejects, statRawPath(rejects, &status) == 0 {
            outputs.append(
                ("--rejects \(rejects)", "opening it for writing would empty it before its records are read", status))
        }
        if fstat(1, &status) == 0 {
            outputs.append(
                (
                    "standard output",
                    "a shell's > empties it before the run starts, and >> would have the run read what it writes",
                    status
                ))
        }
        outputs.removeAll { $0.file.st_mode & S_IFMT != S_IFREG }
        guard !outputs.isEmpty else { return }
        for input in inputs {
            var read = stat()
            guard (input == "-" ? fstat(0, &read) : statRawPath(input, &read)) == 0 else { continue }
            if let output = outputs.first(where: { $0.file.st_dev == read.st_dev && $0.file.st_ino == read.st_ino }) {
                let named = input == "-" ? "standard input" : "the input '\(input)'"
                throw ConfigurationError("\(output.name) is \(named): \(output.why); write to another file")
            }
        }
    }

    /// Buffers in memory for one batch of a `--jobs` run, like `sinks`.
    static func memory(like sinks: Sinks) -> Sinks {
        let batch = Sinks(
            out: OutputStream(memory: ()), err: OutputStream(memory: ()),
            rejects: sinks.rejects == nil ? nil : OutputStream(memory: ()), routing: sinks.routing)
        batch.isBatch = true
        return batch
    }

    /// The bytes of a record too long to hold, as they stream past: the rejects file gets them,
    /// and stdout under `--on-invalid keep`.
    func overflow(_ chunk: UnsafeBufferPointer<UInt8>) throws {
        try rejects?.write(chunk)
        if routing.keepsRaw { try out.write(chunk) }
        if let last = chunk.last { overflowEndsLine = last == 0x0A }
    }

    /// Whether the bytes of the last record too long to hold ended with a line break: one
    /// that ended the input inside a quote holds its last one, and needs no other.
    private(set) var overflowEndsLine = false

    /// A rejected value as read, `raw` then its `terminator` (a record too long to hold has no
    /// raw bytes here: they went through `overflow`): the rejects file gets it, and stdout
    /// under `--on-invalid keep`.
    func rejected(_ raw: UnsafeBufferPointer<UInt8>, terminator: UInt8) throws {
        if let rejects {
            try rejects.write(raw)
            try rejects.write(byte: terminator)
        }
        if routing.keepsRaw {
            try out.write(raw)
            try out.write(byte: terminator)
        }
    }

    /// A rejected CSV row as read, `raw` then `terminator` when it needs one: the rejects file
    /// gets it, and stdout under `--on-invalid keep` when `keep` (a row too long to hold
    /// already went out through `overflow`).
    func rejected(_ raw: UnsafeBufferPointer<UInt8>, terminator: UnsafeBufferPointer<UInt8>, keep: Bool) throws {
        if let rejects {
            try rejects.write(raw)
            try rejects.write(terminator)
        }
        if keep && routing.keepsRaw {
            try out.write(raw)
            try out.write(terminator)
        }
    }

    /// Diagnostics for stderr, after the values before them when both streams are the same
    /// terminal: `render` appends them straight to stderr's buffer, with no `String` made of
    /// them (a batch holds them as one); nothing when it appends nothing.
    func diagnose(_ render: (FieldOutput) -> Void) throws {
        let text = try startDiagnostic()
        render(text)
        try finishDiagnostic(text)
    }

    /// Where one diagnostic is rendered: stderr's buffer, or a batch's own line; hand it to
    /// `finishDiagnostic` after. For a caller that renders a value's whole result: a closure
    /// that captured the result copied it (and released it after) for every rejection.
    func startDiagnostic() throws -> FieldOutput {
        if isBatch { return FieldOutput(capacity: 256) }
        try out.flushIfSharingTerminal(with: err)
        return err.buffer
    }

    func finishDiagnostic(_ text: FieldOutput) throws {
        if isBatch {
            if text.count > 0 { held.append((text.string, nil)) }
            return
        }
        try err.flushIfFull()
    }

    /// A diagnostic shown once and then counted: a warning under `--warnings once`, or a csv
    /// cell's `invalid_utf8` once the file was said not to be UTF-8 (`foldsInvalidUTF8`).
    /// Written when it is the first of its code, otherwise counted for `finish`. A batch of a
    /// `--jobs` run holds its diagnostics, in order, until `take` decides in input order.
    func diagnose(once code: ErrorCode, _ render: (FieldOutput) -> Void) throws {
        let line = FieldOutput(capacity: 256)
        render(line)
        try diagnose(line.string, once: code)
    }

    private func diagnose(_ text: String, once code: ErrorCode) throws {
        if isBatch {
            held.append((text, code))
        } else if (code == .invalidUTF8 && !foldsInvalidUTF8) || shownOnce.insert(code).inserted {
            try diagnose { $0.append(text) }
        } else {
            hidden[code, default: 0] += 1
        }
    }

    /// Whether a csv cell's `invalid_utf8` is shown once and then counted: set when csv has
    /// said, for the file being read, which encoding it looks like and which option reads it
    /// (the same diagnosis on every cell would bury the rows' other errors).
    var foldsInvalidUTF8 = false {
        didSet { if foldsInvalidUTF8 { shownOnce.remove(.invalidUTF8) } }
    }

    /// Whether these are one batch's buffers (`memory(like:)`), whose diagnostics wait in
    /// `held` for the run's sinks.
    private var isBatch = false
    private var held: [(text: String, once: ErrorCode?)] = []
    private var shownOnce: Set<ErrorCode> = []
    private var hidden: [ErrorCode: Int] = [:]

    /// What a report format writes on stdout (JSON Lines, workflow commands).
    func report(_ text: String) throws { try out.write(text) }

    /// A report record written by `write` straight into stdout's buffer: no copy of it made.
    func report(_ write: (inout JSONText) -> Void) throws {
        var text = startReport()
        write(&text)
        try finishReport()
    }

    /// Where one report record is written (stdout's buffer); `finishReport` after. As
    /// `startDiagnostic`, for a caller that writes a value's whole result.
    func startReport() -> JSONText { JSONText(into: out.buffer) }

    func finishReport() throws { try out.flushIfFull() }

    /// Moves what a batch wrote into these sinks, after everything before it.
    func take(_ batch: Sinks) throws {
        try batch.out.move(to: out)
        // A batch writes nothing to its err: its diagnostics wait in `held`.
        for (text, once) in batch.held {
            if let once { try diagnose(text, once: once) } else { try diagnose { $0.append(text) } }
        }
        batch.held.removeAll(keepingCapacity: true)
        if let rejects { try batch.rejects?.move(to: rejects) }
        summary.merge(batch.summary)
        batch.summary = Summary()
    }

    /// What `--summary` counts: a line command's values, or csv's rows (of a Data Package's
    /// `resource`, when it is one).
    enum SummaryKind {
        case values
        case rows(rejectsFile: String?, resource: String?)
    }

    /// Ends the run: the summary (`--summary`) as the last JSON Lines record on stdout under
    /// `--json`, stdout flushed, the rejects file closed, the count of diagnostics shown once and held back, and
    /// the summary's lines on stderr in the other formats.
    func finish(summary kind: SummaryKind?) throws {
        var summaryText: String? = nil
        switch (kind, routing.format) {
        case (nil, _): break
        case (.values, .json): try report(summary.valuesJSON)
        case (.values, _): summaryText = summary.valuesText
        case (.rows(let rejectsFile, let resource), .json):
            try report(summary.rowsJSON(rejectsFile: rejectsFile, resource: resource))
        case (.rows(let rejectsFile, let resource), _):
            summaryText = summary.rowsText(rejectsFile: rejectsFile, label: resource.map { "resource '\($0)'" })
        }
        try out.flush()
        try rejects?.close()
        for (code, count) in hidden.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            try err.write(
                code == .invalidUTF8
                    ? "fieldcheck: invalid_utf8: \(count) more \(count == 1 ? "cell" : "cells") not shown, each "
                        + "rejected for the encoding named above (--json lists every one)\n"
                    : "fieldcheck: warning \(code.rawValue): \(count) more not shown (--warnings all shows every one)\n"
            )
        }
        if let summaryText { try err.write(TerminalText.escaped(summaryText, keepingLineBreaks: true)) }
    }
}

extension OutputStream {
    /// Flushes pending values first when both streams are the same terminal, so that a
    /// diagnostic appears after the values before it.
    func flushIfSharingTerminal(with other: OutputStream) throws {
        if isTerminal && other.isTerminal { try flush() }
    }
}
