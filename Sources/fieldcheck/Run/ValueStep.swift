import FieldCheck

#if canImport(Glibc)
    import Glibc
#endif

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
