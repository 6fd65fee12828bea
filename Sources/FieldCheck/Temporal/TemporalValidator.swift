/// The typed stage for `year`, `yearmonth`, `time` and `datetime`: the ISO 8601 reader, or
/// the date reader for a `time` or `datetime` in a format or the locale's style, then the
/// range. Both readers write the accepted value in ISO 8601, which the bounds are compared
/// with.
final class TemporalValidator: TypedValidator {
    let spec: TemporalSpec
    private let reader: TypedValidator

    init(_ spec: TemporalSpec, locale: LocaleID, vocabulary: RuleVocabulary) throws(ConfigurationError) {
        self.spec = spec
        if let format = spec.format, spec.unit == .time || spec.unit == .dateTime {
            var date = DateSpec()
            date.format = format
            date.content = spec.unit == .time ? .time : .dateTime
            reader = try DateValidator(date, locale: locale, vocabulary: vocabulary)
        } else {
            let iso = ISOTemporalReader(unit: spec.unit)
            reader = CustomValidator(
                CustomType(name: spec.unit.rawValue, reader: iso), example: Self.example(iso.example, within: spec))
        }
        inBounds = Self.rangePhrase(spec)
    }

    /// What a value must be, worded once (`a time from 09:00:00 to 17:00:00`); nil when the
    /// field has no bounds.
    private let inBounds: String?

    var example: String { reader.example }
    func adoptExample(_ value: String) { reader.adoptExample(value) }
    func inputForm(ofCanonical value: String) -> String? { reader.inputForm(ofCanonical: value) }

    /// The ISO 8601 reader's example, or the bound it falls outside of (`as year --min 2030`
    /// said 2026).
    static func example(_ example: String, within spec: TemporalSpec) -> String {
        guard let value = TemporalValue(iso: example, unit: spec.unit) else { return example }
        if let minimum = spec.minimum, value.compare(minimum) == .before { return minimum.text }
        if let maximum = spec.maximum, value.compare(maximum) == .after { return maximum.text }
        return example
    }
    var completionFreeFrom: Int? {
        get { reader.completionFreeFrom }
        set { reader.completionFreeFrom = newValue }
    }

    func validate(_ value: String, map: OffsetMap, detail: CheckDetail, into result: inout FieldResult) {
        let explains = detail.explains
        reader.validate(value, map: map, detail: detail, into: &result)
        guard let inBounds, result.errors.isEmpty, let canonical = result.value,
            let read = TemporalValue(iso: canonical, unit: spec.unit)
        else { return }
        if let minimum = spec.minimum, let refusal = refusal(read, minimum, isMinimum: true, explains ? inBounds : nil)
        {
            reject(refusal, &result)
        } else if let maximum = spec.maximum,
            let refusal = refusal(read, maximum, isMinimum: false, explains ? inBounds : nil)
        {
            reject(refusal, &result)
        }
    }

    private func reject(_ reason: Reason, _ result: inout FieldResult) {
        result.errors.append(Diagnostic(code: .outOfRange, offset: nil, length: 0, reason: reason))
        result.value = nil
        result.output = nil
    }

    /// Why `value` is outside `bound` (no words without the `expected` phrase), or nil when it
    /// is inside.
    private func refusal(_ value: TemporalValue, _ bound: TemporalValue, isMinimum: Bool, _ expected: String?)
        -> Reason?
    {
        let order = value.compare(bound)
        if order == .same || order == (isMinimum ? .after : .before) { return nil }
        guard let expected else { return .sentence("") }
        guard order != nil else {
            // One has an offset, the other none, and they are less than 14 hours apart: the
            // order depends on the offset that was left out.
            return .incomparable(
                value: value.text, bound: bound.text, minimum: isMinimum, valueHasOffset: value.offset != nil,
                expected: expected)
        }
        return .beyond(value: value.text, bound: bound.text, minimum: isMinimum, inTime: true, expected: expected)
    }

    /// "a time from 09:00:00 to 17:00:00", "a year of 2020 or later"; nil without bounds.
    private static func rangePhrase(_ spec: TemporalSpec) -> String? {
        switch (spec.minimum, spec.maximum) {
        case (let min?, let max?): "\(spec.unit.phrase) from \(min) to \(max)"
        case (let min?, nil): "\(spec.unit.phrase) of \(min) or later"
        case (nil, let max?): "\(spec.unit.phrase) of \(max) or earlier"
        case (nil, nil): nil
        }
    }

    /// The fast path of the ISO 8601 forms: the value read by `ISOScanner` (its quick reading
    /// of the commonest form, else the full reader's own steps), on the record's bytes, and
    /// within the bounds; written as it came (its
    /// canonical form). Declines (0) anything else, a fraction of a second under a bound among
    /// it, and every value of a formatted column.
    func acceptFast(_ bytes: UnsafeBufferPointer<UInt8>, at out: UnsafeMutablePointer<UInt8>) -> Int {
        guard spec.format == nil, let base = bytes.baseAddress else { return 0 }
        let read: (seconds: Int, fraction: String, offset: Int?)
        if let quick = ISOScanner.quickTemporal(bytes, spec.unit) {
            read = (quick.seconds, "", quick.offset)
        } else {
            var scanner = ISOScanner(bytes)
            guard let full = try? scanner.temporal(spec.unit), scanner.atEnd else { return 0 }
            read = full
        }
        if inBounds != nil {
            guard read.fraction.isEmpty, withinBounds(seconds: read.seconds, offset: read.offset) else { return 0 }
        }
        out.update(from: base, count: bytes.count)
        return bytes.count
    }

    /// An ISO 8601 value that `ISOScanner` cannot read, as `validate` reads its bytes, or one
    /// without a fraction of a second outside the bounds; a formatted column's reader says.
    func rejectsFast(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard spec.format == nil else { return reader.rejectsFast(bytes) }
        // Every form begins with the digits of a year (or of an hour): a value that does not
        // is ruled out before the scanner words why (2,000 instructions, for every value of a
        // column that `infer` tries the form on).
        let leading = spec.unit == .time ? 2 : 4
        guard bytes.count >= leading, bytes.prefix(leading).allSatisfy({ $0 &- 0x30 < 10 }) else { return true }
        var scanner = ISOScanner(bytes)
        guard let read = try? scanner.temporal(spec.unit), scanner.atEnd else { return true }
        guard inBounds != nil, read.fraction.isEmpty else { return false }
        return !withinBounds(seconds: read.seconds, offset: read.offset)
    }

    /// Whether a value without a fraction of a second is within the bounds, as `validate`
    /// judges it: a value that cannot be compared with a bound is not.
    private func withinBounds(seconds: Int, offset: Int?) -> Bool {
        if let minimum = spec.minimum {
            let order = TemporalValue.compare(seconds: seconds, fraction: "", offset: offset, with: minimum)
            guard order == .same || order == .after else { return false }
        }
        if let maximum = spec.maximum {
            let order = TemporalValue.compare(seconds: seconds, fraction: "", offset: offset, with: maximum)
            guard order == .same || order == .before else { return false }
        }
        return true
    }
    func completionSamples() -> [String] { reader.completionSamples() }
    func completionTokens() -> [String] { reader.completionTokens() }
}
