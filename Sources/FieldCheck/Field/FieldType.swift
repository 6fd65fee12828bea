import Synchronization

/// One value type, as every front end sees it: the Table Schema `type` names it answers to,
/// how it reads its own keys from a schema field, its range and `enum` constraints, and its
/// help line. The line commands, `csv` (schemas and `--column`) and `infer` find types here
/// and nowhere else, so a new type is one file that makes a `FieldType` plus one line in
/// `FieldType.builtIn` (or a `register` call, for a library user's own type), and a schema
/// type that is not registered is an error, never read as text.
public struct FieldType: Sendable {
    /// The Table Schema `type` values this type reads (`number` and `integer`).
    public var names: [String]
    /// One line for `--help` and error messages: what a value looks like.
    public var help: String
    /// Builds the field's specification from a schema field object: the kind and anything
    /// else the type's keys decide (a locale for custom separators, a pattern for a string
    /// format).
    public var make: @Sendable (inout SchemaField) throws(ConfigurationError) -> FieldSpec
    /// Applies `minimum` (`isMinimum`) or `maximum` to a kind; nil: the type has no order.
    public var bound: (@Sendable (FieldKind, String, _ isMinimum: Bool) throws(ConfigurationError) -> FieldKind)?
    /// Why a type without `bound` has no order, said when a minimum or maximum is given to
    /// it (durations: `P1M` neither precedes nor follows `P30D`); nil: nothing more to say.
    public var noOrder: String? = nil
    /// An `enum` value in the canonical form the type writes, as accepted values are
    /// compared; nil: compared as written.
    public var canonical: (@Sendable (FieldKind, String) throws(ConfigurationError) -> String)?
    /// Whether `infer` tries the type, as a field object of its name alone (`type: datetime`)
    /// reads it, when it has no `candidates`, on a column that no number, date or identifier
    /// convention reads: a column it reads is inferred as the type, and `infer --schema`
    /// writes `type:` its name.
    public var inferred = false
    /// The conventions `infer` tries for the type, most widely used first (numbers in each
    /// locale's way, dates in each pattern, a country's codes and names); nil for a type tried
    /// by its name alone (`inferred`) or not at all. Asked when `infer` starts, and again when
    /// it names the convention a value ruled out: make them once and hand out the same list.
    public var candidates: (@Sendable () -> [InferenceCandidate])?

    public init(
        names: [String], help: String,
        make: @escaping @Sendable (inout SchemaField) throws(ConfigurationError) -> FieldSpec,
        bound: (@Sendable (FieldKind, String, Bool) throws(ConfigurationError) -> FieldKind)? = nil,
        canonical: (@Sendable (FieldKind, String) throws(ConfigurationError) -> String)? = nil,
        candidates: (@Sendable () -> [InferenceCandidate])? = nil
    ) {
        self.names = names
        self.help = help
        self.make = make
        self.bound = bound
        self.canonical = canonical
        self.candidates = candidates
    }

    /// The types fieldcheck itself reads, in the order they are listed to users.
    static let builtIn: [FieldType] =
        [
            .string, .number, .date, .boolean, .year, .yearMonth, .time, .dateTime, .duration,
        ] + identifiers

    private static let registry = Mutex<[FieldType]>(builtIn)

    /// Every registered type: the built-in ones, then those added with `register`.
    public static var registered: [FieldType] { registry.withLock { $0 } }

    /// Adds a type for every schema read afterwards. A name that is already taken is a
    /// configuration error: a type cannot silently replace another.
    public static func register(_ type: FieldType) throws(ConfigurationError) {
        let taken = registry.withLock { types in
            let taken = type.names.first { name in types.contains { $0.names.contains(name) } }
            if taken == nil { types.append(type) }
            return taken
        }
        if let taken { throw ConfigurationError("a field type named '\(taken)' is already registered") }
    }

    /// The registered type that reads `name`.
    public static func named(_ name: String) -> FieldType? {
        registry.withLock { types in types.first { $0.names.contains(name) } }
    }

    /// The registered types `infer` tries (`inferred`), in registration order.
    public static var inferred: [FieldType] { registered.filter(\.inferred) }

    /// Every registered name, for messages (`string, number, integer, date, boolean`).
    public static var names: [String] { registered.flatMap(\.names) }
}

/// A field object of a Table Schema, as a `FieldType` reads it.
public struct SchemaField {
    /// The field object's keys and values (YAML or JSON).
    public let object: [String: Any]
    /// Where the object is, for messages (`fields[2]`).
    public let path: String
    /// The `type` it was written with (`integer`, for the number type).
    public let typeName: String
    /// The locale: the field's `locale`, else the schema's or the run's.
    public var locale: LocaleID
    /// Whether the field names its own `locale`.
    public let hasOwnLocale: Bool
    /// Table Schema's `bareNumber`: whether the cell holds nothing but the number. Types
    /// that read it set it.
    public var bareNumber = true

    public init(object: [String: Any], path: String, typeName: String, locale: LocaleID, hasOwnLocale: Bool) {
        self.object = object
        self.path = path
        self.typeName = typeName
        self.locale = locale
        self.hasOwnLocale = hasOwnLocale
    }

    /// The string value of `key`, or nil when absent; a value that is not a scalar is an error.
    public func text(_ key: String) throws(ConfigurationError) -> String? {
        guard let value = object[key] else { return nil }
        guard let string = scalarText(value) else {
            throw ConfigurationError("\(path, member: key): expected a string")
        }
        return string
    }

    /// The `format` of a date, time or datetime, without the `fmt:` prefix that Table Schema's
    /// first version wrote before a strptime pattern (`fmt:%d/%m/%y`) and frictionless still
    /// reads: kept, it was matched as literal text and rejected every value.
    public func temporalFormat() throws(ConfigurationError) -> String? {
        guard let format = try text("format") else { return nil }
        return format.hasPrefix("fmt:") ? String(format.dropFirst(4)) : format
    }
}
