/// The reader of a value type a library user defines (a part number, a colour, an
/// account id): registered with `FieldType.register` under a schema name, it is read by
/// the same pipeline as the built-in types — character rules, lengths, pattern, `enum`,
/// `unique` and `required` around it, and diagnostics with offsets.
public protocol ValueReader: Sendable {
    /// A valid value, for messages ("expected a value like #1E90FF") and the prompt's placeholder.
    var example: String { get }
    /// Valid values of other lengths (`P1D` beside `P1Y2M10DT2H30M`): a field with a length
    /// rule shows the first that keeps to it. By default none.
    var otherExamples: [String] { get }
    /// Reads a prepared value (trimmed, normalized, case-mapped as the field asks).
    func read(_ value: String) -> ValueReading
}

extension ValueReader {
    public var otherExamples: [String] { [] }
}

/// What a `ValueReader` made of a value.
public enum ValueReading: Sendable, Hashable {
    /// Accepted, with its canonical form.
    case value(String)
    /// Rejected: the 0-based scalar offset of the first character that cannot stand (nil:
    /// the value as a whole), why, in words, and the code (`invalid_value` unless the reader
    /// names a more precise one, such as `field_out_of_range`).
    case rejected(offset: Int?, reason: String, code: ErrorCode = .invalidValue)
}

/// A registered type of the library user's own, as a field's kind: named, with its reader.
/// Two are the same kind when they have the same name.
public struct CustomType: Sendable, Hashable {
    public let name: String
    public let reader: any ValueReader

    public init(name: String, reader: any ValueReader) {
        self.name = name
        self.reader = reader
    }

    public static func == (left: CustomType, right: CustomType) -> Bool { left.name == right.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

extension FieldType {
    /// A type whose values `reader` reads, named `name` in schemas (`type: hexcolor`).
    public static func custom(name: String, help: String, reader: any ValueReader) -> FieldType {
        FieldType(
            names: [name], help: help,
            make: { field in FieldSpec(kind: .custom(CustomType(name: name, reader: reader)), locale: field.locale) },
            canonical: { (_: FieldKind, text: String) throws(ConfigurationError) -> String in
                guard case .value(let canonical) = reader.read(text) else {
                    throw ConfigurationError("'\(text)' is not a \(name) value")
                }
                return canonical
            })
    }
}

/// A reader of this library's own that can rule a raw value out from its bytes (no stage
/// before it having changed them), without the String that `read` takes.
protocol BytesRejecting {
    /// Whether `read` certainly rejects the value these bytes hold.
    func rejects(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool
}

/// The typed stage for a `CustomType`: the user's reader behind the pipeline's protocol.
/// It accepts nothing on a fast path; a reader of this library's own may reject there
/// (`BytesRejecting`).
final class CustomValidator: TypedValidator {
    let type: CustomType
    private let bytesRejecting: (any BytesRejecting)?
    var completionFreeFrom: Int? {
        get { nil }
        set {}
    }
    /// The reader's example (or another of its examples that keeps to the field's `lengths`),
    /// unless the field's rules ask for another (a bound).
    private(set) var example: String

    init(_ type: CustomType, example: String? = nil, lengths: LengthRule = .none) {
        self.type = type
        let reader = type.reader
        bytesRejecting = reader as? any BytesRejecting
        self.example =
            example ?? ([reader.example] + reader.otherExamples).first(where: lengths.admits) ?? reader.example
    }

    func validate(_ value: String, map: OffsetMap, detail: CheckDetail, into result: inout FieldResult) {
        let explains = detail.explains
        switch type.reader.read(value) {
        case .value(let canonical):
            result.value = canonical
        case .rejected(let offset, let why, let code):
            let scalars = Array(value.unicodeScalars)
            let code: ErrorCode = scalars.isEmpty ? .empty : code
            let reason: Reason =
                .ifExplained(explains, .notOfType(type.name, why: why, example: example))
            if let offset, offset >= 0, offset < scalars.count {
                result.errors.append(
                    Diagnostic(code: code, offset: map.original(offset), character: scalars[offset], reason: reason))
            } else {
                result.errors.append(Diagnostic(code: code, offset: nil, length: 0, reason: reason))
            }
        }
    }

    func acceptFast(_ bytes: UnsafeBufferPointer<UInt8>, at out: UnsafeMutablePointer<UInt8>) -> Int { 0 }
    func rejectsFast(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { bytesRejecting?.rejects(bytes) ?? false }
    func completionSamples() -> [String] { [example] }
    func completionTokens() -> [String] { [] }
    func adoptExample(_ value: String) { example = value }
}
