/// Table Schema's ordered ISO 8601 types other than `date`.
public enum TemporalUnit: String, Sendable, Hashable, CaseIterable {
    /// `2026`.
    case year
    /// `2026-04`.
    case yearMonth = "yearmonth"
    /// `13:45:30`, with a fraction and a UTC offset when written.
    case time
    /// `2026-04-13T13:45:30Z`.
    case dateTime = "datetime"

    /// What a person calls a value ("a time", "a date and time").
    var phrase: String {
        switch self {
        case .year: "a year"
        case .yearMonth: "a year and month"
        case .time: "a time"
        case .dateTime: "a date and time"
        }
    }
}

/// The rules of a `year`, `yearmonth`, `time` or `datetime` field: how values are written
/// and the range they must fall in.
public struct TemporalSpec: Sendable, Hashable {
    public var unit: TemporalUnit
    /// How a `time` or `datetime` is written when not in ISO 8601 (nil, Table Schema's
    /// `default`): a UTS #35 pattern (from a strptime `format` too), the locale's style, or
    /// `any` of ISO 8601 and the styles. Read by the date reader; the accepted value is
    /// written in ISO 8601.
    public var format: DateFormat? = nil
    /// The earliest value accepted (Table Schema's `minimum`), in ISO 8601.
    public var minimum: TemporalValue? = nil
    /// The latest value accepted (`maximum`).
    public var maximum: TemporalValue? = nil

    public init(unit: TemporalUnit) { self.unit = unit }
}

/// A `year`, `yearmonth`, `time` or `datetime` value as compared with a bound: its ISO 8601
/// text and where it falls in the unit's order.
///
/// Two values that both carry a UTC offset (or `Z`) are compared as instants; two without
/// one as written. When only one has an offset, the other could stand at any offset from
/// −14:00 to +14:00: the order is known only when they are more than 14 hours apart.
public struct TemporalValue: Sendable, Hashable, CustomStringConvertible {
    /// The value in ISO 8601, as written.
    public let text: String
    /// The year; the months since year 0; the seconds of the day; or the seconds since
    /// 1970-01-01T00:00:00, as written (before the offset is applied).
    let seconds: Int
    /// The digits of the fraction of a second, without trailing zeros.
    let fraction: String
    /// The UTC offset in seconds; nil when none is written.
    let offset: Int?

    init(text: String, seconds: Int, fraction: String, offset: Int?) {
        self.text = text
        self.seconds = seconds
        var digits = Substring(fraction)
        while digits.last == "0" { digits = digits.dropLast() }
        self.fraction = String(digits)
        self.offset = offset
    }

    /// Reads `text` as a `unit` in its ISO 8601 form (`2026`, `2026-04`, `13:45:30`,
    /// `2026-04-13T13:45:30+02:00`).
    public init?(iso text: String, unit: TemporalUnit) {
        guard let value = ISOScanner.temporal(text, unit).1 else { return nil }
        self = value
    }

    public var description: String { text }

    /// The most an offset moves a value (ISO 8601 offsets run from −14:00 to +14:00).
    static let widestOffset = 14 * 3600

    /// The order of two values: `.orderedAscending` when `self` comes first; nil when one
    /// has an offset, the other has none, and they are too close for the offset not to matter.
    public func compare(_ other: TemporalValue) -> Order? {
        Self.compare(seconds: seconds, fraction: fraction, offset: offset, with: other)
    }

    /// `compare` of a value given by its parts (`fraction` without trailing zeros).
    static func compare(seconds: Int, fraction: String, offset: Int?, with other: TemporalValue) -> Order? {
        let left = seconds - (offset ?? 0)
        let right = other.seconds - (other.offset ?? 0)
        if (offset == nil) != (other.offset == nil) {
            if left + Self.widestOffset < right { return .before }
            if left > right + Self.widestOffset { return .after }
            return nil
        }
        if left != right { return left < right ? .before : .after }
        if fraction == other.fraction { return .same }
        return fraction.utf8.lexicographicallyPrecedes(other.fraction.utf8) ? .before : .after
    }

    /// Where a value stands against another.
    public enum Order: Sendable, Hashable {
        case before, same, after
    }
}
