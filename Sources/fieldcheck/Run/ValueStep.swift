import FieldCheck

#if canImport(Glibc)
    import Glibc
#endif

/// One value through the field and into the sinks: the field's verdict, then the output
/// policy, the rejects file and the diagnostics.
final class ValueStep {
    let validator: FieldValidator
    let policy: LinePolicy
    /// What the field writes when stdout gets no values (`--check`, JSON Lines).
    private let scratch = FieldOutput(capacity: 256)
    /// Where the field appends accepted values: the buffer of the sinks' stdout, or the
    /// scratch buffer. Held here, not looked up in the sinks: a stored constant of the step
    /// costs no retain per value.
    private let values: FieldOutput
    /// What follows each accepted value in `values`: the record terminator, or nothing in
    /// the scratch buffer.
    private let separator: UInt8?
    /// How full `values` may grow before it is written out: the stream's capacity.
    private let flushAt: Int

    /// Where the field's checks report a value that must be checked again in input order,
    /// when this step checks out of order (a `--jobs` worker's); `process` then throws
    /// `NeedsOrder` before writing anything of it.
    private let outOfOrder: OutOfOrderChecks?

    /// - Parameter sinks: the sinks every `process` call of this step writes into.
    /// - Parameter outOfOrder: set when the step checks values out of input order.
    init(validator: FieldValidator, policy: LinePolicy, sinks: Sinks, outOfOrder: OutOfOrderChecks? = nil) {
        self.validator = validator
        self.outOfOrder = outOfOrder
        self.policy = policy
        values = policy.writesValues ? sinks.out.buffer : scratch
        separator = policy.writesValues ? policy.terminator : nil
        flushAt = sinks.out.capacity
    }

    /// Handles one record; returns false when reading must stop (`--on-invalid abort`). A value
    /// accepted plainly is counted in `fastAccepted`, a local of the caller's loop, which adds
    /// it to the summary at the end: counting in the summary itself cost an access check on
    /// the shared sinks for every value.
    @inline(__always)
    func process(_ record: Record, file: String?, into sinks: Sinks, fastAccepted: inout Int) throws -> Bool {
        if let length = record.oversizedLength {
            let result = LineRunner.oversized(record.bytes, length: length, limit: policy.maxRecordBytes)
            return try report(record, file: file, into: sinks, result)
        }
        assert(values === (policy.writesValues ? sinks.out.buffer : scratch), "a step writes into its own sinks")
        switch validator.check(record.bytes, detail: policy.detail, appendingTo: values, separator: separator) {
        case .accepted:
            if policy.writesValues {
                // Read on the step's own reference to the buffer: through `sinks` it costs
                // three loads more for every value.
                if values.holds(atLeast: flushAt) { try sinks.out.flush() }
            } else {
                if policy.recordsFastAcceptances {
                    try policy.printer.accepted(
                        input: record.bytes, value: scratch.pending,
                        at: Location(file: file, number: record.number, unit: policy.unit), into: sinks)
                }
                scratch.removeAll()
            }
            fastAccepted &+= 1
            return true
        case .rejected:
            if let outOfOrder, outOfOrder.valueNeedsOrder { throw NeedsOrder(record) }
            sinks.summary.addRejected()
            try route(rejected: record, into: sinks)
            return policy.onInvalid != .abort
        case .checked(let result):
            if let outOfOrder, outOfOrder.valueNeedsOrder { throw NeedsOrder(record) }
            return try report(record, file: file, into: sinks, result)
        }
    }

    /// A value checked out of order that must be checked again in input order
    /// (`OutOfOrderChecks`): nothing of it was written.
    struct NeedsOrder: Error {
        /// The address where the record starts in the bytes it was read from, and its number.
        let start: Int
        let number: Int

        init(_ record: Record) {
            start = Int(bitPattern: record.bytes.baseAddress)
            number = record.number
        }
    }

    /// A value the pipeline read, or an oversized record: its output's terminator, JSON Lines,
    /// routing and diagnostics. `result` is not optional: wrapping the verdict's payload in an
    /// Optional copied it.
    private func report(_ record: Record, file: String?, into sinks: Sinks, _ result: FieldResult) throws
        -> Bool
    {
        if !policy.writesValues { scratch.removeAll() }
        let location = Location(file: file, number: record.number, unit: policy.unit)
        sinks.summary.add(result)

        if result.isValid && policy.writesValues {
            // The field appended the value and its terminator itself.
            try sinks.out.flushIfFull()
        }
        // Routed as a rejection decided on the fast path is.
        if !result.isValid { try route(rejected: record, into: sinks) }
        let printer = policy.printer
        if printer.reportsEveryValue || !(result.errors.isEmpty && result.warnings.isEmpty && result.removed.isEmpty) {
            // What diagnostics and JSON may show of the value (the result itself unless
            // redacted: choosing between the two by value copied it for every rejection).
            if policy.redact {
                try printer.value(
                    result.redacted(expected: validator.placeholderPhrase), at: location, redacted: true, into: sinks)
            } else {
                try printer.value(result, at: location, redacted: false, into: sinks)
            }
        }
        // Stop at once: nothing after the first rejection is looked at.
        return result.isValid || policy.onInvalid != .abort
    }

    /// Writes what stdout (under `--on-invalid`) and the rejects file get for a rejected value:
    /// its bytes (none when they streamed out as too long) and its terminator.
    private func route(rejected record: Record, into sinks: Sinks) throws {
        let raw = record.oversizedLength == nil ? record.bytes : UnsafeBufferPointer(start: nil, count: 0)
        try sinks.rejected(raw, terminator: policy.terminator)
        if policy.onInvalid == .blank && policy.writesValues { try sinks.out.write(byte: policy.terminator) }
    }
}
