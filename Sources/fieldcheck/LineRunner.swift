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

/// One value through the field and into the sinks: the field's verdict, then the output
/// policy, the rejects file and the diagnostics.
final class ValueStep {
    let validator: FieldValidator
    let policy: LinePolicy
    private let keepRaw: Bool
    /// What the field writes when stdout gets no values (`--check`, JSON Lines).
    private let scratch = FieldOutput(capacity: 256)
    /// Where the field appends accepted values: the buffer of the sinks' stdout, or the
    /// scratch buffer. Held here, not looked up in the sinks: a stored constant of the step
    /// costs no retain per value.
    private let values: FieldOutput
    /// What follows each accepted value in `values`: the record terminator, or nothing in
    /// the scratch buffer.
    private let separator: UInt8?

    /// - Parameter sinks: the sinks every `process` call of this step writes into.
    init(validator: FieldValidator, policy: LinePolicy, sinks: LineSinks) {
        self.validator = validator
        self.policy = policy
        keepRaw = policy.keepsRaw
        values = policy.writesValues ? sinks.out.buffer : scratch
        separator = policy.writesValues ? policy.terminator : nil
    }

    /// The bytes of an oversized record, streamed where rejected raw values go.
    func overflow(_ chunk: UnsafeBufferPointer<UInt8>, into sinks: LineSinks) throws {
        try sinks.rejects?.write(chunk)
        if keepRaw { try sinks.out.write(chunk) }
    }

    /// Handles one record; returns false when reading must stop (`--on-invalid abort`). A value
    /// accepted plainly is counted in `fastAccepted`, a local of the caller's loop, which adds
    /// it to the summary at the end: counting in the summary itself cost an access check on
    /// the shared sinks for every value.
    @inline(__always)
    func process(_ record: Record, file: String?, into sinks: LineSinks, fastAccepted: inout Int) throws -> Bool {
        if record.oversizedLength != nil { return try report(record, file: file, into: sinks, nil) }
        assert(values === (policy.writesValues ? sinks.out.buffer : scratch), "a step writes into its own sinks")
        switch validator.check(record.bytes, detail: policy.detail, appendingTo: values, separator: separator) {
        case .accepted:
            if policy.writesValues {
                try sinks.out.flushIfFull()
            } else {
                scratch.removeAll()
            }
            fastAccepted += 1
            return true
        case .rejected:
            sinks.summary.addRejected()
            try route(rejected: record, into: sinks)
            return policy.onInvalid != .abort
        case .checked(let result):
            return try report(record, file: file, into: sinks, result)
        }
    }

    /// A value the pipeline read (or an oversized record, `result` nil): its output's
    /// terminator, JSON Lines, routing and diagnostics.
    private func report(_ record: Record, file: String?, into sinks: LineSinks, _ result: FieldResult?) throws
        -> Bool
    {
        if !policy.writesValues { scratch.removeAll() }
        let location = Location(file: file, number: record.number, unit: policy.unit)
        let result =
            result
            ?? LineRunner.oversized(record.bytes, length: record.oversizedLength ?? 0, limit: policy.maxRecordBytes)
        sinks.summary.add(result)
        // What diagnostics and JSON may show of the value.
        let shown = policy.redact ? result.redacted(expected: validator.placeholderPhrase) : result
        if policy.json {
            try sinks.out.write(JSONLinesPrinter.render(shown, at: location))
        } else if result.isValid && policy.writesValues {
            // The field appended the value and its terminator itself.
            try sinks.out.flushIfFull()
        }
        // Routed as a rejection decided on the fast path is.
        if !result.isValid { try route(rejected: record, into: sinks) }
        if !policy.quiet && !policy.json
            && !(result.errors.isEmpty && result.warnings.isEmpty && result.removed.isEmpty)
        {
            try sinks.out.flushIfSharingTerminal(with: sinks.err)
            try sinks.err.write(policy.human.render(shown, at: location))
        }
        // Stop at once: nothing after the first rejection is looked at.
        return result.isValid || policy.onInvalid != .abort
    }

    /// Writes what stdout (under `--on-invalid`, unless it carries JSON Lines) and the rejects
    /// file get for a rejected value.
    private func route(rejected record: Record, into sinks: LineSinks) throws {
        let terminator = policy.terminator
        if !policy.check && !policy.json {
            switch policy.onInvalid {
            case .keep:
                if record.oversizedLength == nil { try sinks.out.write(record.bytes) }
                try sinks.out.write(byte: terminator)
            case .blank: try sinks.out.write(byte: terminator)
            case .drop, .abort: break
            }
        }
        if let rejects = sinks.rejects {
            if record.oversizedLength == nil { try rejects.write(record.bytes) }
            try rejects.write(byte: terminator)
        }
    }
}

extension OutputStream {
    /// Flushes pending values first when both streams are the same terminal, so that a
    /// diagnostic appears after the values before it.
    func flushIfSharingTerminal(with other: OutputStream) throws {
        if isTerminal && other.isTerminal { try flush() }
    }
}

/// Thrown from inside a reader's callback to end all reading early (`--on-invalid abort`).
struct StopReading: Error {}

/// Opens each input in turn (`-` is stdin) and hands `body` its descriptor and its name (nil
/// for stdin): what every command that reads files shares. An input that cannot be opened or
/// read is reported and skipped; `StopReading` from `body` ends all reading.
/// - Returns: whether some input could not be opened or read (exit status 3).
func forEachInput(
    _ paths: [String], given values: [UInt8]? = nil, _ body: (Int32, String?) throws -> Void
) throws -> Bool {
    if let values { return try forEachValue(values, body) }
    var failed = false
    inputs: for path in paths {
        let fd = path == "-" ? 0 : openForReading(path)
        guard fd >= 0 else {
            Streams.complain("\(path): \(String(cString: strerror(errno)))")
            failed = true
            continue
        }
        defer { if fd > 0 { close(fd) } }
        let name = path == "-" ? nil : path
        do {
            try body(fd, name)
        } catch is StopReading {
            break inputs
        } catch let error as InputError {
            Streams.complain("\(name ?? "stdin"): \(error.message)")
            failed = true
        }
    }
    return failed
}

/// Runs `body` over values given on the command line (`--value`), already joined by the
/// record terminator, through an unlinked temporary file: the readers, the worker pool and the
/// diagnostics then treat them exactly as a file's lines, numbered from 1 in the order given.
private func forEachValue(_ values: [UInt8], _ body: (Int32, String?) throws -> Void) throws -> Bool {
    guard let file = tmpfile() else {
        throw InputOutputError(
            "cannot hold the --value values in a temporary file: \(String(cString: strerror(errno)))")
    }
    defer { fclose(file) }
    let written = values.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    guard written == values.count, fflush(file) == 0, fseek(file, 0, SEEK_SET) == 0 else {
        throw InputOutputError(
            "cannot hold the --value values in a temporary file: \(String(cString: strerror(errno)))")
    }
    do {
        try body(fileno(file), nil)
    } catch is StopReading {
    } catch let error as InputError {
        Streams.complain("--value: \(error.message)")
        return true
    }
    return false
}

/// Opens a file named on the command line, by its raw bytes when it is not valid UTF-8.
func openForReading(_ path: String) -> Int32 { openRawPath(path, O_RDONLY | O_CLOEXEC) }
