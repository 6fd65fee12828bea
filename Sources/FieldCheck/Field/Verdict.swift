/// How much a caller needs to know of each value it checks. The less it asks, the less a
/// value costs: a plain acceptance builds no `FieldResult`, and under `.verdict` the
/// plainest rejections are decided without looking for their reason.
public enum CheckDetail: Sendable, Hashable, CaseIterable {
    /// Accepted or rejected, nothing more (a validity check, `--quiet`).
    case verdict
    /// The reasons: each rejection's and warning's code, offset, length and character, with
    /// empty messages (counting codes, `--summary` under `--quiet`).
    case codes
    /// The reasons with their messages in words: what a person reads.
    case messages
    /// A full `FieldResult` for every value, the plainly accepted ones too (their value,
    /// output and currency), with messages: for a record of every value (JSON Lines).
    case everything

    /// Whether the caller reads reasons in words: the diagnostics carry them.
    var explains: Bool { self == .messages || self == .everything }
}

/// What `FieldValidator.check` made of one value.
public enum Verdict: Sendable, Hashable {
    /// Accepted, with nothing to report; the output was appended to the caller's buffer.
    case accepted
    /// Rejected; the reason was not looked for (`CheckDetail.verdict`).
    case rejected
    /// The full pipeline's answer: rejected with its diagnostics, or accepted with
    /// warnings, removed characters or (under `.everything`) simply in full. When accepted,
    /// its output was appended to the caller's buffer too.
    case checked(FieldResult)

    /// Whether the value was accepted.
    public var isAccepted: Bool {
        switch self {
        case .accepted: true
        case .rejected: false
        case .checked(let result): result.isValid
        }
    }

    /// The full result, when the pipeline made one.
    public var result: FieldResult? {
        if case .checked(let result) = self { return result }
        return nil
    }
}

extension FieldValidator {
    /// Checks one raw value (a line, a record, a cell, a form field's bytes) and appends the
    /// output of an accepted value to `output` (nothing when `output` is nil).
    ///
    /// The one door into a compiled field: whether a value is decided by a fast reader or the
    /// full pipeline is the field's own business, and the answer is the same either way
    /// (`FastPathTests` holds them together on millions of generated values).
    public func check(_ bytes: Span<UInt8>, detail: CheckDetail = .messages, output: FieldOutput? = nil) -> Verdict {
        bytes.withUnsafeBufferPointer { check($0, detail: detail, output: output) }
    }

    /// Checks one value given as text: `check(Span)` on its UTF-8 bytes.
    public func check(_ value: String, detail: CheckDetail = .messages, output: FieldOutput? = nil) -> Verdict {
        value.withUTF8Bytes { check($0, detail: detail, output: output) }
    }

    /// `check(Span)` on bytes the caller already holds as a buffer (records in a read block).
    package func check(_ bytes: UnsafeBufferPointer<UInt8>, detail: CheckDetail, output: FieldOutput?) -> Verdict {
        if let output { return check(bytes, detail: detail, appendingTo: output) }
        let verdict = check(bytes, detail: detail, appendingTo: scratch)
        scratch.end = 0
        return verdict
    }

    /// `check` for a caller that keeps its own buffer, and empties it, when it wants no output.
    /// An accepted value's output is followed by `separator` when one is given (a record
    /// terminator), written with it in one step.
    /// Inlinable: the line commands call it for every value, and a call's frame and the
    /// verdict's return cost a plain number a seventh of its time.
    @inlinable @inline(__always)
    package func check(
        _ bytes: UnsafeBufferPointer<UInt8>, detail: CheckDetail, appendingTo output: FieldOutput,
        separator: UInt8? = nil
    ) -> Verdict {
        if detail != .everything {
            // Most values are accepted: the fast path writes no String, straight into the buffer.
            if accept(bytes, into: output, separator: separator) { return .accepted }
            if detail == .verdict && rejectsFast(bytes) { return .rejected }
        }
        return checkFully(bytes, detail: detail, output: output, separator: separator)
    }

    /// The fast path into `target`: whether it took the value.
    @inlinable @inline(__always)
    func accept(_ bytes: UnsafeBufferPointer<UInt8>, into target: FieldOutput, separator: UInt8?) -> Bool {
        // Wrapping arithmetic: a record's length is far below Int.max (the reader bounds it),
        // and overflow checks on every value cost the line commands a few percent.
        let room = bytes.count &+ Self.fastPathSlack &+ 1
        if target.end &+ room > target.allocated { target.reserve(room) }
        guard let length = acceptFast(bytes, at: target.base + target.end) else { return false }
        if let separator {
            target.base[target.end &+ length] = separator
            target.end &+= length &+ 1
        } else {
            target.end &+= length
        }
        return true
    }

    @usableFromInline @inline(never)
    func checkFully(
        _ bytes: UnsafeBufferPointer<UInt8>, detail: CheckDetail, output: FieldOutput, separator: UInt8?
    ) -> Verdict {
        let result = validate(bytes: bytes, detail: detail)
        if let emitted = result.emitted, result.isValid {
            output.append(emitted)
            if let separator { output.append(byte: separator) }
        }
        return .checked(result)
    }
}
