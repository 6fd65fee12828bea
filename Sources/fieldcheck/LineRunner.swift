import FieldCheck

#if canImport(Glibc)
    import Glibc
#endif

/// Runs one compiled field over every value of the inputs: the behaviour every line command
/// shares (files or stdin, `-z`, output policies, rejects file, printers, exit status).
struct LineRunner {
    let validator: FieldValidator
    let options: LineOptions

    /// Processes all inputs and returns the exit status: 0 when every value was accepted,
    /// 1 when at least one was rejected, 3 when an input could not be read.
    func run() throws -> Int32 {
        let out = Streams.standardOutput
        let err = Streams.standardError
        let terminator: UInt8 = options.nullData ? 0 : 0x0A
        let rejects = try options.rejects.map { (path) throws(InputOutputError) in try OutputStream.open(path: path) }
        let useColor = options.report.usesColor(on: err)
        let human = HumanPrinter(color: useColor, caret: useColor)
        let reader = RecordReader(delimiter: terminator, maxRecordBytes: options.maxRecordBytes)
        let unit = options.nullData ? "record" : "line"
        var summary = Summary()
        // Read once: property-wrapped options cost a generic lookup on every access.
        let json = options.json
        let check = options.report.check
        let quiet = options.report.quiet
        // Nobody reads a message under --quiet (JSON Lines carry them): do not build them.
        validator.explainsRejections = !quiet || json
        let onInvalid = options.onInvalid
        let keepRaw = !json && !check && onInvalid == .keep
        // JSON Lines describe every value in full: the slow path only.
        let useFastPath = !json
        var accepted: [UInt8] = []
        accepted.reserveCapacity(256)

        let ioFailed = try forEachInput(options.files.isEmpty ? ["-"] : options.files) { fd, name in
            try reader.forEachRecord(
                fd: fd,
                overflow: { chunk in
                    // An oversized record is always rejected: stream it where rejected raw values go.
                    try rejects?.write(chunk)
                    if keepRaw { try out.write(chunk) }
                }
            ) { record in
                // Most values are accepted: try the fast path, which writes no String.
                if useFastPath, record.oversizedLength == nil {
                    let took: Bool
                    if check {
                        accepted.removeAll(keepingCapacity: true)
                        took = validator.acceptFast(record.bytes, into: &accepted)
                    } else {
                        took = try out.append { buffer in
                            guard validator.acceptFast(record.bytes, into: &buffer) else { return false }
                            buffer.append(terminator)
                            return true
                        }
                    }
                    if took {
                        summary.addAccepted()
                        return
                    }
                }
                let location = Location(file: name, number: record.number, unit: unit)
                let result: FieldResult
                if let length = record.oversizedLength {
                    result = Self.oversized(record.bytes, length: length, limit: options.maxRecordBytes)
                } else {
                    result = validator.validate(bytes: record.bytes)
                }
                summary.add(result)
                if json {
                    try out.write(JSONLinesPrinter.render(result, at: location))
                } else if !check {
                    if let emitted = result.emitted {
                        try out.write(emitted)
                        try out.write(byte: terminator)
                    } else {
                        switch onInvalid {
                        case .keep:
                            if record.oversizedLength == nil { try out.write(record.bytes) }
                            try out.write(byte: terminator)
                        case .blank: try out.write(byte: terminator)
                        case .drop, .abort: break
                        }
                    }
                }
                if !result.isValid, let rejects {
                    if record.oversizedLength == nil { try rejects.write(record.bytes) }
                    try rejects.write(byte: terminator)
                }
                if !quiet && !json
                    && !(result.errors.isEmpty && result.warnings.isEmpty && result.removed.isEmpty)
                {
                    try out.flushIfSharingTerminal(with: err)
                    try err.write(human.render(result, at: location))
                }
                if !result.isValid && onInvalid == .abort {
                    // Stop reading at once: nothing after the first rejection is looked at.
                    throw StopReading()
                }
            }
        }
        try out.flush()
        try rejects?.close()
        if options.report.summary { try err.write("fieldcheck: \(summary.text)\n") }
        if ioFailed { return 3 }
        return summary.rejected > 0 ? 1 : 0
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
func forEachInput(_ paths: [String], _ body: (Int32, String?) throws -> Void) throws -> Bool {
    var failed = false
    inputs: for path in paths {
        let fd = path == "-" ? 0 : open(path, O_RDONLY | O_CLOEXEC)
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
