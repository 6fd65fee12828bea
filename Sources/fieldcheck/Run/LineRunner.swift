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
    let runOptions: RunOptions

    /// Processes all inputs and returns the exit status: 0 when every value was accepted,
    /// 1 when at least one was rejected, 3 when an input could not be read.
    func run() throws -> Int32 {
        let routing = Routing(runOptions, color: runOptions.report.usesColor(on: Streams.standardError))
        let files = options.files.isEmpty ? ["-"] : options.files
        let values = options.valueRecords
        let sinks = try Sinks.standard(
            rejects: runOptions.rejects, inputs: values == nil ? files : [], routing: routing)
        let policy = LinePolicy(
            options, runOptions, routing: routing,
            fastAcceptanceIsWholeResult: validator.fastAcceptanceIsWholeResult)
        let step = ValueStep(validator: validator, policy: policy, sinks: sinks)
        var reader = RecordReader(delimiter: policy.terminator, maxRecordBytes: runOptions.recordLimit)
        reader.beforeWaiting = Streams.flushBeforeWaiting
        let ioFailed: Bool
        if runOptions.jobs > 1 {
            let pool = try LinePool(
                jobs: runOptions.jobs, validator: validator, policy: policy, reader: reader, like: sinks)
            ioFailed = try pool.run(
                files: files, values: values, reader: reader, main: step, sinks: sinks, missing: missingFile)
        } else {
            var fastAccepted = 0
            defer { sinks.summary.addAccepted(fastAccepted) }
            ioFailed = try forEachInput(files, given: values, missing: missingFile) { fd, name in
                try reader.forEachRecord(fd: fd, overflow: { try sinks.overflow($0) }) { record in
                    guard try step.process(record, file: name, into: sinks, fastAccepted: &fastAccepted) else {
                        throw StopReading()
                    }
                }
            }
        }
        try sinks.finish(summary: runOptions.summary ? .values : nil)
        if ioFailed { return 3 }
        return sinks.summary.rejectedAny ? 1 : 0
    }

    /// What a name that is no file may have been meant as: a value typed where a file is
    /// read (`fieldcheck number 1,5`), to be given with `--value`.
    func missingFile(_ name: String) -> String? {
        guard !name.contains("/"), name.unicodeScalars.count <= 64 else { return nil }
        // A name with an extension (data.txt) is a file that is missing, not a value.
        if let dot = name.lastIndex(of: "."), case let suffix = name[name.index(after: dot)...],
            (1...5).contains(suffix.count), suffix.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }),
            suffix.contains(where: \.isLetter)
        {
            return nil
        }
        let reads = validator.validate(name).isValid
        guard reads || name.unicodeScalars.contains(where: { ("0"..."9").contains($0) }) else { return nil }
        let quoted = "'" + name.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
        return reads
            ? "it is no file, but it reads as a valid value: to check the value itself, give it with --value \(quoted)"
            : "if it is a value and not a file, give it with --value \(quoted)"
    }

    static var colorAllowed: Bool {
        let env = environment()
        return env["NO_COLOR"] == nil && env["TERM"] != "dumb"
    }

    /// The result for a record longer than the reader holds: `record_too_long`, its length,
    /// and what became of it (`consequence`), in the words every command uses.
    static func oversized(
        _ prefix: UnsafeBufferPointer<UInt8>, length: Int, limit: Int, consequence: String? = nil
    ) -> FieldResult {
        let consequence = consequence ?? "it was not checked (\(raiseHint(limit)))"
        var result = FieldResult(
            input: String(decoding: prefix.prefix(wholeCharacterCount(prefix)), as: UTF8.self) + "…")
        result.errors.append(
            Diagnostic(
                code: .recordTooLong, offset: nil, length: length,
                message: tooLongMessage(length: length, limit: limit, consequence)))
        return result
    }

    /// How to check a longer record: raise the limit, unless it is at the most allowed.
    static func raiseHint(_ limit: Int) -> String {
        limit >= RecordReader.largestMaxRecordBytes
            ? "64 MiB is the most --max-record-bytes allows" : "raise --max-record-bytes up to 64 MiB to check it"
    }

    /// `record too long: 9000001 bytes, more than the 8388608-byte limit; ` and `consequence`.
    static func tooLongMessage(length: Int, limit: Int, _ consequence: String) -> String {
        "record too long: \(length) bytes, more than the \(limit)-byte limit; \(consequence)"
    }
}

/// The line options a value's step reads, read once: property-wrapped options cost a generic
/// lookup on every access, and this copy can cross to worker threads.
struct LinePolicy: Sendable {
    let routing: Routing
    let terminator: UInt8
    let unit: String
    let maxRecordBytes: Int
    /// What the field is asked of each value: nothing reports a rejected value's codes,
    /// offsets or messages under `--quiet` without `--summary` or `--json`, and nobody reads
    /// a message under `--quiet` (JSON Lines carry them): they are not built.
    let detail: CheckDetail
    /// Whether a value the field accepts on its fast path is written as its JSON Lines record
    /// from the bytes read and written (`--json`, unredacted, and a field whose fast path
    /// leaves nothing out of the result): the full pipeline cost such a value about 13,000
    /// instructions more, five times its explained run (issue 35).
    let recordsFastAcceptances: Bool

    init(_ options: LineOptions, _ run: RunOptions, routing: Routing, fastAcceptanceIsWholeResult: Bool) {
        self.routing = routing
        terminator = options.nullData ? 0 : 0x0A
        unit = !options.values.isEmpty ? "value" : options.nullData ? "record" : "line"
        maxRecordBytes = run.recordLimit
        let verdictOnly = routing.quiet && routing.format == .human && !run.summary
        recordsFastAcceptances = routing.format == .json && !routing.redact && fastAcceptanceIsWholeResult
        detail =
            switch routing.format {
            case .json: recordsFastAcceptances ? .messages : .everything
            case .github: .messages
            case .human: verdictOnly ? .verdict : routing.quiet ? .codes : .messages
            }
    }

    var printer: any FindingsPrinter { routing.printer }
    var redact: Bool { routing.redact }
    var onInvalid: InvalidPolicy { routing.onInvalid }
    var writesValues: Bool { routing.writesRecords }
}
