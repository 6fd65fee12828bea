import Glibc
import Testing

@testable import FieldCheck

/// The caller asks a table for the detail it reads (`TableValidator(…, detail:)`), and one
/// compiled schema serves tables of different details side by side: a table made for
/// `--quiet` (`.codes`) finds the same cells with the same codes, offsets and characters,
/// with no words, and does not silence another table of the same schema.
@Suite struct TableDetailTests {
    nonisolated(unsafe) static let fields: [Any] = [
        ["name": "price", "type": "number", "locale": "de_DE", "constraints": ["maximum": 100]],
        ["name": "day", "type": "date", "format": "dd.MM.yyyy"],
        ["name": "code", "type": "string", "constraints": ["pattern": "[A-Z]{2}[0-9]{2}"]],
        ["name": "country", "type": "string", "format": "country"],
        // Codes only: a country's name is refused as a form the field does not take, under
        // .codes as under .messages (it was an unknown name where nobody read the reason;
        // only .verdict, which infer asks for, skips that lookup).
        ["name": "iso", "type": "string", "format": "country", "accept": ["code"]],
    ]

    static let rows = [
        ["12,5", "13.04.2026", "AB12", "DE", "FR"],
        ["1.234.5", "31.02.2026", "ab12", "Germny", "Germany"],
        ["250", "2026-04-13", "AB1", "XX", "XX"],
        ["1,2,3", "", "A", "Deutschland", "Frankreich"],
    ]

    typealias Finding = (column: String?, code: ErrorCode, offset: Int?, character: Unicode.Scalar?, message: String)

    /// Each row's findings under each table, read from a file as `csv` reads it.
    static func findings(_ tables: [TableValidator]) throws -> [[[Finding]]] {
        let csv = rows.map { $0.joined(separator: ";") }.joined(separator: "\n") + "\n"
        var found: [[[Finding]]] = tables.map { _ in [] }
        var row = 0
        try forEachRecord(ofCSV: csv, delimiter: 0x3B) { record in
            row += 1
            for (index, table) in tables.enumerated() {
                found[index].append(
                    table.validate(record, row: row).errors.map {
                        (
                            $0.column, $0.diagnostic.code, $0.diagnostic.offset, $0.diagnostic.character,
                            $0.diagnostic.message
                        )
                    })
            }
        }
        return found
    }

    @Test func aTableFindsTheSameCellsAtEveryDetailAndWordsThemOnlyWhenAsked() throws {
        let schema = try CompiledSchema(
            TableSchema(tree: ["fields": Self.fields], source: "s.yaml", defaultLocale: .posix))
        let header = ["price", "day", "code", "country", "iso"]
        let explaining = try TableValidator(schema: schema, header: header, width: 5, file: "t.csv")
        // Made after the explaining one, of the same compiled schema: it must not silence it.
        let quiet = try TableValidator(schema: schema, header: header, width: 5, file: "t.csv", detail: .codes)
        let found = try Self.findings([explaining, quiet])
        let (worded, bare) = (found[0], found[1])
        #expect(worded[1].last?.code == .formNotAccepted && bare[1].last?.code == .formNotAccepted)
        #expect(worded.count == Self.rows.count)
        #expect(worded[0].isEmpty && bare[0].isEmpty)
        for (row, (withWords, without)) in zip(worded, bare).enumerated().dropFirst() {
            #expect(!withWords.isEmpty, "row \(row + 1) has findings")
            #expect(withWords.map(\.column) == without.map(\.column), "row \(row + 1): the same columns")
            #expect(withWords.map(\.code) == without.map(\.code), "row \(row + 1): the same codes")
            #expect(withWords.map(\.offset) == without.map(\.offset), "row \(row + 1): the same offsets")
            #expect(withWords.map(\.character) == without.map(\.character), "row \(row + 1): the same characters")
            #expect(withWords.allSatisfy { !$0.message.isEmpty }, "row \(row + 1): every finding worded")
            #expect(without.allSatisfy { $0.message.isEmpty }, "row \(row + 1): no words under .codes")
        }
        // The explaining table still explains, after the quiet one has checked rows.
        #expect(try Self.findings([explaining])[0][1].allSatisfy { !$0.message.isEmpty })
    }
}
