/// The conventions `infer` tries on a column: one candidate per way of writing numbers
/// (decimal mark, grouping, digits), dates (field order, separator, year digits, month names
/// and their language) or identifiers (codes, names), and the types tried by name alone. Each
/// type registers its own (`FieldType.candidates`, next to the type: `NumberInference.swift`,
/// `DateInference.swift`, `IdentifierInference.swift`); `infer` reads them from the registry.
/// Each is a `FieldSpec` read by the same strict readers as the line commands, so a
/// convention `infer` names is one `fieldcheck number` or `date` (and a schema written from
/// it) accepts.

/// What a column holds: `integer`, `number`, `date`, `boolean`, `string`, `empty` (every
/// cell is empty), or an identifier kind (`country`).
public struct InferredType: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let integer = InferredType(rawValue: "integer")
    public static let number = InferredType(rawValue: "number")
    public static let date = InferredType(rawValue: "date")
    public static let boolean = InferredType(rawValue: "boolean")
    public static let string = InferredType(rawValue: "string")
    public static let empty = InferredType(rawValue: "empty")

    /// An identifier kind's column (`country`): a Table Schema string with that `format`.
    public static func identifier(_ kind: IdentifierKind) -> InferredType { InferredType(rawValue: kind.rawValue) }

    /// The identifier kind, when the column holds one.
    public var identifierKind: IdentifierKind? { IdentifierKind(rawValue: rawValue) }

    /// Whether the column holds a registered type `infer` tries (`FieldType.inferred`), which
    /// a schema names as it is (`type: datetime`).
    public var isRegistered: Bool { FieldType.named(rawValue)?.inferred == true }
}

/// One convention a column may be written in.
public struct InferenceCandidate: Sendable, Hashable {
    /// A short name: the locale for numbers (`de_DE`), the pattern and locale for dates
    /// (`dd.MM.yyyy`, `long style, fr_FR`).
    public var name: String
    /// `number` or `date`.
    public var type: InferredType
    public var spec: FieldSpec
    /// The conventions, as facets a person checks one by one (`decimal mark` → `,`).
    public var facets: [(key: String, value: String)]
    /// The Table Schema keys that describe the convention (`locale: de_DE`, `format: dd.MM.yyyy`).
    public var schemaKeys: [(key: String, value: String)]
    /// Table Schema constraints the convention reads with (`minimum` and `maximum` of the
    /// dates a calendar other than the Gregorian is read for).
    public var schemaConstraints: [(key: String, value: String)] = []

    public static func == (a: InferenceCandidate, b: InferenceCandidate) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// Candidates of one family are ranked by tier, then in registration order: an
    /// identifier's names (tier 1) rank after every kind's codes (tier 0).
    public var tier = 0

    /// Every candidate `infer` tries, read from the registry when asked (so that a type
    /// registered later is tried too): each type's own conventions (`FieldType.candidates`),
    /// or the form its name alone reads for a type `infer` tries by name (`FieldType.inferred`:
    /// time, datetime, yearmonth, duration, a library user's).
    public static var registered: [InferenceCandidate] {
        FieldType.registered.flatMap { type -> [InferenceCandidate] in
            if let candidates = type.candidates { return candidates() }
            guard type.inferred, let name = type.names.first else { return [] }
            var field = SchemaField(
                object: ["name": "value", "type": name], path: "infer", typeName: name, locale: .posix,
                hasOwnLocale: false)
            guard let spec = try? type.make(&field) else { return [] }
            return [
                InferenceCandidate(
                    name: name, type: InferredType(rawValue: name), spec: spec, facets: [], schemaKeys: [])
            ]
        }
    }

    /// Which of `infer`'s families the candidate ranks in: numbers before dates before
    /// identifiers before the types tried by name.
    package var family: InferenceFamily { InferenceFamily(of: type) }

}

/// The families `infer` ranks a column's candidates in: a column read by a number
/// convention is a number column even when a date or identifier convention reads it too.
package enum InferenceFamily: CaseIterable {
    case number, date, identifier, namedType

    package init(of type: InferredType) {
        switch type {
        case .number, .integer: self = .number
        case .date: self = .date
        default: self = type.identifierKind != nil ? .identifier : .namedType
        }
    }
}
