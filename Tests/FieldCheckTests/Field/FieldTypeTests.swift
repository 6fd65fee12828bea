import Glibc
import Testing

@testable import FieldCheck

/// A throwaway type, as a library user would write one: a colour `#RRGGBB`, written in
/// capitals as its canonical form.
struct HexColour: ValueReader {
    var example: String { "#1E90FF" }

    func read(_ value: String) -> ValueReading {
        let scalars = Array(value.unicodeScalars)
        guard scalars.first == "#" else { return .rejected(offset: 0, reason: "a colour begins with #") }
        for (offset, scalar) in scalars.enumerated().dropFirst() where !scalar.properties.isASCIIHexDigit {
            return .rejected(offset: offset, reason: "not a hexadecimal digit")
        }
        guard scalars.count == 7 else { return .rejected(offset: nil, reason: "a colour has six digits") }
        return .value(value.uppercased())
    }
}

/// Issue 15: one place registers a value type. A type registered here, in a test target,
/// validates a CSV column through the same schema loading and table checks as the built-in
/// types, and a type nobody registered is an error, never read as text.
@Suite struct FieldTypeTests {
    static let registered: Bool = {
        try? FieldType.register(.custom(name: "hexcolor", help: "a colour #RRGGBB", reader: HexColour()))
        return FieldType.named("hexcolor") != nil
    }()

    /// Validates `csv` against `fields`; one result per data row.
    static func check(_ csv: String, fields: [Any]) throws -> [(cells: [String], result: RowResult)] {
        let schema = try CompiledSchema(TableSchema(tree: ["fields": fields], source: "s.yaml", defaultLocale: .posix))
        var table: TableValidator? = nil
        var rows: [(cells: [String], result: RowResult)] = []
        try forEachRecord(ofCSV: csv) { record in
            let cells = (0..<record.count).map { String(decoding: record[$0], as: UTF8.self) }
            guard let table else {
                table = try TableValidator(schema: schema, header: cells, width: record.count, file: "t.csv")
                return
            }
            rows.append((cells, table.validate(record, row: rows.count + 1)))
        }
        return rows
    }

    @Test func aRegisteredTypeValidatesACSVColumn() throws {
        #expect(Self.registered)
        let fields: [Any] = [
            ["name": "name", "type": "string"],
            ["name": "colour", "type": "hexcolor", "constraints": ["unique": true, "enum": ["#1e90ff", "#FFFFFF"]]],
        ]
        let rows = try Self.check(
            "name,colour\nsky,#1e90ff\nsnow,#FFFFFF\nbad,#12345G\nagain,#1E90FF\nred,#FF0000\n", fields: fields)
        #expect(rows.count == 5)
        // Accepted, in the type's canonical form.
        #expect(rows[0].result.isValid)
        #expect(rows[0].result.normalized(1).map { String(decoding: $0, as: UTF8.self) } == "#1E90FF")
        #expect(rows[1].result.isValid)
        // The reader's refusal, with its code, offset and character.
        let bad = try #require(rows[2].result.errors.first)
        #expect(bad.column == "colour")
        #expect(bad.diagnostic.code == .invalidValue)
        #expect(bad.diagnostic.offset == 6)
        #expect(bad.diagnostic.character == "G")
        #expect(bad.diagnostic.message.contains("expected a value like #1E90FF (hexcolor)"))
        // unique and enum compare the canonical forms.
        #expect(rows[3].result.errors.map(\.diagnostic.code) == [.notUnique])
        #expect(rows[4].result.errors.map(\.diagnostic.code) == [.notInEnum])
    }

    @Test func anUnregisteredTypeIsAnErrorNamingTheRegisteredOnes() throws {
        #expect(Self.registered)
        do {
            _ = try TableSchema(
                tree: ["fields": [["name": "c", "type": "hexcolour"]]], source: "s.yaml", defaultLocale: .posix)
            Issue.record("an unknown type was accepted")
        } catch {
            #expect(error.message.contains("unknown or unsupported type 'hexcolour'"))
            // Every registered type is named, the library user's after the built-in ones (in
            // the order tests running beside this one registered theirs).
            #expect(error.message.contains("country, currency, language, timezone, "))
            #expect(error.message.hasSuffix(", hexcolor") || error.message.contains(", hexcolor, "))
        }
        #expect(throws: ConfigurationError.self) {
            try FieldType.register(.custom(name: "number", help: "", reader: HexColour()))
        }
    }

    /// The built-in types answer through the registry too: every name a schema may use.
    @Test func theBuiltInTypesAreRegistered() {
        for name in ["string", "number", "integer", "date", "boolean"] { #expect(FieldType.named(name) != nil) }
    }
}
