import Testing

@testable import FieldCheck

/// The clean-row path (`TableValidator.acceptClean`) against the full check: a row it takes
/// must be one `validate` accepts with nothing to say, written byte for byte as `CSVWriter`
/// writes it normalized; a row it leaves must get from `validate` on the same table the
/// findings the full check alone gives (no unique value added on the way).
@Suite struct CleanRowPathTests {
    static var fields: [Any] {
        [
            ["name": "id", "type": "integer", "constraints": ["unique": true, "required": true]],
            ["name": "price", "type": "number", "locale": "de_DE"],
            ["name": "date", "type": "date", "format": "%d.%m.%Y"],
            ["name": "code", "type": "string", "constraints": ["pattern": "[A-Z]{2}[0-9\"]{2}"]],
            ["name": "paid", "type": "boolean"],
            ["name": "at", "type": "datetime"],
        ]
    }

    /// A cell of column `column`: mostly good, sometimes bad, empty, or needing quotes.
    static func cell(_ column: Int, _ index: Int, _ generator: inout SeededGenerator) -> String {
        let roll = Int.random(in: 0..<40, using: &generator)
        if roll == 0 { return "" }
        // Mostly the first value of each list (good), else any of them.
        let pick = roll >= 16 ? 0 : roll
        switch column {
        case 0: return pick == 1 ? "\(Int.random(in: 0...index, using: &generator))" : pick == 2 ? "1.5" : "\(index)"
        case 1: return ["1.234,5", "\"17,73\"", "12,34,5", "-0,50", "3", "\"1,0\"", "x"][pick % 7]
        case 2: return ["26.12.1978", "31.02.2026", "01.01.26", "05.04.2007", "5.4.2007"][pick % 5]
        case 3: return ["FM30", "\"Q\"\"1\"", "ab12", "\"ZZ\"\"\"\"\"", "YS21"][pick % 5]
        case 4: return ["true", "False", "0", "1", "yes", "TRUE"][pick % 6]
        case 5:
            return [
                "2038-02-04T02:53:25", "\"2038-02-04T02:53:25,5\"", "2038-02-04T02:53:25.25Z", "2038-13-04T02:53:25",
            ][
                pick % 4]
        default: return pick % 3 == 1 ? "\"a,b\r\nc\"" : "note \(index)"
        }
    }

    static func findings(_ result: RowResult) -> [String] {
        (result.errors + result.warnings).map {
            "\($0.column ?? "(row)") \($0.diagnostic.code) \($0.diagnostic.offset ?? -1) \($0.diagnostic.message)"
        }
    }

    @Test(arguments: [
        (",", "\n", true), (",", "\r\n", false), (";", "\n", true), (".", "\n", false), (":", "\n", true),
    ])
    func cleanRowsAreWhatTheFullCheckAcceptsAndWrites(delimiter: String, newline: String, extraColumn: Bool) throws {
        try compare(delimiter: delimiter, newline: newline, extraColumn: extraColumn, verdictsOnly: false)
    }

    /// `rejectsFast(_:row:)` between the clean-row path and the full check (`--quiet`): a row
    /// it names is one the full check rejects, and the unique set is left as the full check
    /// leaves it, so that the rows after it get the same findings (a repeat of a rejected
    /// row's good id is still `not_unique`).
    @Test(arguments: [(",", "\n", true), (";", "\r\n", false)])
    func rowsRejectedOnTheFastPathAreRejectedAndLeaveTheSameUniqueValues(
        delimiter: String, newline: String, extraColumn: Bool
    ) throws {
        try compare(delimiter: delimiter, newline: newline, extraColumn: extraColumn, verdictsOnly: true)
    }

    func compare(delimiter: String, newline: String, extraColumn: Bool, verdictsOnly: Bool) throws {
        let schema = try CompiledSchema(
            TableSchema(tree: ["fields": Self.fields], source: "s.yaml", defaultLocale: .posix))
        var generator = SeededGenerator(seed: 0xC1EA)
        let names = ["id", "price", "date", "code", "paid", "at"] + (extraColumn ? ["note"] : [])
        var text = names.joined(separator: delimiter) + newline
        for index in 0..<4000 {
            var cells = (0..<names.count).map { Self.cell($0, index, &generator) }
            // A delimiter other than ',' inside a cell needs quotes too.
            cells = cells.map { $0.contains(delimiter) && !$0.hasPrefix("\"") ? "\"\($0)\"" : $0 }
            if index % 997 == 0 { cells.removeLast() }
            text += cells.joined(separator: delimiter) + newline
        }
        let reader = CSVReader(delimiter: UInt8(ascii: Unicode.Scalar(delimiter)!))
        let batch = CSVRecordBatch()
        var header: [String] = []
        try withTemporaryFile(holding: Array(text.utf8)) { fd in
            try reader.forEachRecord(fd: fd) { record in
                if header.isEmpty { header = record.texts } else { batch.append(record) }
            }
        }
        let full = try TableValidator(schema: schema, header: header, width: names.count, file: "t.csv")
        let clean = try TableValidator(schema: schema, header: header, width: names.count, file: "t.csv")
        #expect(clean.hasCleanRowPath)
        let delimiterByte = UInt8(ascii: Unicode.Scalar(delimiter)!)
        let terminator = newline == "\n" ? CSVNewline.lf : CSVNewline.crlf
        let output = FieldOutput()
        var taken = 0
        var fullyClean = 0
        var quotedCanonical = 0
        var fastRejected = 0
        batch.forEach { index, record in
            var expected = RowResult()
            full.validate(record, row: index + 1, into: &expected)
            let isClean = expected.isValid && expected.warnings.isEmpty
            if isClean { fullyClean += 1 }
            let length = clean.acceptClean(
                record, row: index + 1, delimiter: delimiterByte, newline: terminator, after: output)
            guard let length else {
                if verdictsOnly && clean.rejectsFast(record, row: index + 1) {
                    fastRejected += 1
                    #expect(!expected.isValid, "row \(index + 1) rejected on the fast path")
                    return
                }
                var result = RowResult()
                clean.validate(record, row: index + 1, into: &result)
                #expect(Self.findings(result) == Self.findings(expected), "row \(index + 1)")
                return
            }
            taken += 1
            #expect(isClean, "row \(index + 1) taken as clean: \(Self.findings(expected))")
            let written = FieldOutput()
            CSVWriter.write(
                record, expected, blankRejected: false, normalized: true, delimiter: delimiterByte,
                newline: terminator, to: written)
            var got: [UInt8] = []
            _ = output.writeAfterEnd(room: 0) {
                got = Array(UnsafeBufferPointer(start: $0, count: length))
                return nil
            }
            #expect(got == written.bytes, "row \(index + 1)")
            if written.string.contains("\"2038-02-04T02:53:25,5\"") { quotedCanonical += 1 }
        }
        // Most clean rows take the path; the rows the test means to cover came.
        #expect(fullyClean > 1000)
        #expect(taken * 10 >= fullyClean * 9, "\(taken) of \(fullyClean) clean rows taken")
        if delimiter == "," { #expect(quotedCanonical > 0) }
        if verdictsOnly { #expect(fastRejected > 200) }
    }

    @Test func tablesWithRulesOverSeveralCellsHaveNoCleanRowPath() throws {
        func table(_ tree: [String: Any]) throws -> TableValidator {
            let schema = try CompiledSchema(TableSchema(tree: tree, source: "s.yaml", defaultLocale: .posix))
            return try TableValidator(schema: schema, header: ["a", "b"], width: 2, file: "t.csv")
        }
        let a: [String: Any] = ["name": "a", "type": "integer"]
        let b: [String: Any] = ["name": "b", "type": "string"]
        #expect(try table(["fields": [a, b]]).hasCleanRowPath)
        #expect(try !table(["fields": [a, b], "primaryKey": "a"]).hasCleanRowPath)
        #expect(try !table(["fields": [a, b], "missingValues": ["", "NA"]]).hasCleanRowPath)
        let uniqueA = ["name": "a", "type": "integer", "constraints": ["unique": true]] as [String: Any]
        let uniqueB = ["name": "b", "type": "string", "constraints": ["unique": true]] as [String: Any]
        #expect(try table(["fields": [uniqueA, b]]).hasCleanRowPath)
        #expect(try !table(["fields": [uniqueA, uniqueB]]).hasCleanRowPath)
        // An enum is one cell's rule, which the field's fast path checks (it declines a value
        // not in it): the clean-row path stays.
        let enumB = ["name": "b", "type": "string", "constraints": ["enum": ["x"]]] as [String: Any]
        #expect(try table(["fields": [a, enumB]]).hasCleanRowPath)
    }
}
