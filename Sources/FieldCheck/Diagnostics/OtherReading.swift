/// Another common reading of a value a reader refused, said after the reason (SPEC: "where
/// another common reading exists, say so"): `; '1,5' is not a number in en_US, but in de_DE it
/// reads as 1.5`. Data like the rest of a finding, worded only when a message is wanted.
public struct OtherReading: Sendable, Hashable {
    /// What the value is not: a number or a date.
    public enum Kind: Sendable, Hashable { case number, date }
    /// Whether the value was refused as a number or as a date.
    public var kind: Kind
    /// The refused value, as written (shown with its invisible characters escaped).
    public var value: String
    /// Where the field reads it: its locale's place name (`de_DE`).
    public var own: String
    /// Where the value reads otherwise: a locale, or `ISO 8601`.
    public var other: String
    /// The date pattern it reads by there (`dd.MM.yy`); nil for a number.
    public var pattern: String?
    /// What it reads as there, canonical (`1099.98`, `2026-04-13`).
    public var read: String

    /// A reading of `value`, refused where the field reads it (`own`), as `read` in `other`.
    public init(_ kind: Kind, value: String, own: String, other: String, pattern: String? = nil, read: String) {
        self.kind = kind
        self.value = value
        self.own = own
        self.other = other
        self.pattern = pattern
        self.read = read
    }

    func write(to writer: inout MessageWriter) {
        writer.put("; ")
        writer.put(quoting: visibly(value))
        writer.put(kind == .number ? " is not a number in " : " is not a date in ")
        writer.put(own)
        writer.put(", but in ")
        writer.put(other)
        if let pattern {
            writer.put(" (")
            writer.put(pattern)
            writer.put(")")
        }
        writer.put(" it reads as ")
        writer.put(read)
    }
}
