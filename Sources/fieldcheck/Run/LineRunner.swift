import FieldCheck

#if canImport(Glibc)
    import Glibc
#endif

/// Runs one compiled field over every value of the inputs: the behaviour every line command
/// shares (files or stdin, `-z`, output policies, rejects file, printers, exit status), on one
/// thread or, with `--jobs N`, on N.
struct LineRunner {
    let validator: FieldValidator
    let options: LineOptions

    /// Processes all inputs and returns the exit status: 0 when every value was accepted,
    /// 1 when at least one was rejected, 3 when an input could not be read.
    func run() throws -> Int32 {
        let err = Streams.standardError
        let rejects = try options.rejects.map { (path) throws(InputOutputError) in try OutputStream.open(path: path) }
        let sinks = LineSinks(out: Streams.standardOutput, err: err, rejects: rejects)
        let policy = LinePolicy(options, color: options.report.usesColor(on: err))
        let step = ValueStep(validator: validator, policy: policy, sinks: sinks)
        let reader = RecordReader(delimiter: policy.terminator, maxRecordBytes: options.maxRecordBytes)
        let files = options.files.isEmpty ? ["-"] : options.files
        let values = options.valueRecords
        let ioFailed: Bool
        if options.jobs > 1 {
            let pool = try LinePool(
                jobs: options.jobs, validator: validator, policy: policy, reader: reader, rejects: rejects != nil)
            ioFailed = try pool.run(files: files, values: values, reader: reader, main: step, sinks: sinks)
        } else {
            var fastAccepted = 0
            defer { sinks.summary.addAccepted(fastAccepted) }
            ioFailed = try forEachInput(files, given: values) { fd, name in
                try reader.forEachRecord(fd: fd, overflow: { try step.overflow($0, into: sinks) }) { record in
                    guard try step.process(record, file: name, into: sinks, fastAccepted: &fastAccepted) else {
                        throw StopReading()
                    }
                }
            }
        }
        try sinks.out.flush()
        try rejects?.close()
        if options.report.summary { try err.write("fieldcheck: \(sinks.summary.text)\n") }
        if ioFailed { return 3 }
        return sinks.summary.rejected > 0 ? 1 : 0
    }

    static var colorAllowed: Bool {
        let env = environment()
        return env["NO_COLOR"] == nil && env["TERM"] != "dumb"
    }

    /// The result for a record longer than the reader holds.
    static func oversized(_ prefix: UnsafeBufferPointer<UInt8>, length: Int, limit: Int) -> FieldResult {
        var result = FieldResult(input: String(decoding: prefix, as: UTF8.self) + "…")
        result.errors.append(
            Diagnostic(
                code: .recordTooLong, offset: nil, length: length,
                message: "record too long: \(length) bytes, more than the \(limit)-byte limit; it was not "
                    + "checked (raise --max-record-bytes up to 64 MiB to check it)"))
        return result
    }
}

/// The line options a value's step reads, read once: property-wrapped options cost a generic
/// lookup on every access, and this copy can cross to worker threads.
struct LinePolicy: Sendable {
    let terminator: UInt8
    let unit: String
    let json: Bool
    let check: Bool
    let quiet: Bool
    let onInvalid: InvalidPolicy
    let maxRecordBytes: Int
    let human: HumanPrinter
    /// Whether a rejected value needs no more than its verdict: nothing reports its codes,
    /// offsets or messages (`--quiet` without `--summary` or `--json`).
    let verdictOnly: Bool
    /// `--redact`: nothing of a value in diagnostics or JSON.
    let redact: Bool
    /// What the field is asked of each value.
    let detail: CheckDetail
    /// Whether stdout gets accepted values (not JSON Lines, not `--check`).
    let writesValues: Bool

    init(_ options: LineOptions, color: Bool) {
        terminator = options.nullData ? 0 : 0x0A
        unit = !options.values.isEmpty ? "value" : options.nullData ? "record" : "line"
        json = options.json
        check = options.report.check
        quiet = options.report.quiet
        onInvalid = options.onInvalid
        maxRecordBytes = options.maxRecordBytes
        human = HumanPrinter(color: color, caret: color)
        verdictOnly = quiet && !json && !options.report.summary
        redact = options.report.redact
        // Nobody reads a message under --quiet (JSON Lines carry them): do not build them.
        detail =
            json ? .everything : verdictOnly ? .verdict : quiet ? .codes : .messages
        writesValues = !json && !check
    }

    /// Whether stdout gets a rejected value's raw input.
    var keepsRaw: Bool { !json && !check && onInvalid == .keep }
}

/// Where values' outputs go: stdout, stderr and the rejects file — the real streams, or one
/// batch's buffers under `--jobs` — and the counts of what went there.
final class LineSinks {
    let out: OutputStream
    let err: OutputStream
    let rejects: OutputStream?
    var summary = Summary()

    init(out: OutputStream, err: OutputStream, rejects: OutputStream?) {
        self.out = out
        self.err = err
        self.rejects = rejects
    }
}
