import Testing

@testable import FieldCheck

/// `csv --jobs`: a worker hands a clean row's unique values over (`PendingUniqueValues`), the
/// main thread looks them up from there (`TableValidator.lookUp`), and a repeat goes on in
/// `checkUniqueness(_:row:into:from:)` at that value. Whatever the rows, the findings must be
/// those of one table checking every row itself, in order.
@Suite struct PendingUniqueValuesTests {
    static var fields: [Any] {
        [
            ["name": "id", "type": "integer", "constraints": ["unique": true]],
            ["name": "code", "type": "string", "constraints": ["unique": true, "maxLength": 6]],
            ["name": "note", "type": "string", "constraints": ["unique": true]],
        ]
    }

    /// Each finding of a row, as a line.
    static func findings(_ result: RowResult) -> [String] {
        result.errors.map { "\($0.column ?? "(row)") \($0.diagnostic.code) \($0.diagnostic.message)" }
    }

    @Test func handedOverValuesFindWhatOneTableFinds() throws {
        let schema = try CompiledSchema(
            TableSchema(tree: ["fields": Self.fields], source: "s.yaml", defaultLocale: .posix))
        // Repeats in each column, alone and together; cells too long; rows too short.
        var generator = SeededGenerator(seed: 0x5EED)
        var text = "id,code,note\n"
        for index in 0..<3000 {
            func value(_ prefix: String, repeats: Int) -> String {
                Int.random(in: 0..<repeats, using: &generator) == 0
                    ? "\(prefix)\(Int.random(in: 0...index, using: &generator))" : "\(prefix)\(index)"
            }
            let id = value("", repeats: 20)
            let code = Int.random(in: 0..<50, using: &generator) == 0 ? "TOOLONG" : value("C", repeats: 15)
            let note = value("n", repeats: 25)
            text += Int.random(in: 0..<100, using: &generator) == 0 ? "\(id)\n" : "\(id),\(code),\(note)\n"
        }
        let batch = CSVRecordBatch()
        var header: [String] = []
        try withTemporaryFile(holding: Array(text.utf8)) { fd in
            try CSVReader().forEachRecord(fd: fd) { record in
                if header.isEmpty { header = record.texts } else { batch.append(record) }
            }
        }
        let one = try TableValidator(schema: schema, header: header, width: 3, file: "t.csv")
        let worker = try TableValidator(
            schema: schema, header: header, width: 3, file: "t.csv", tracksUniqueness: false)
        let main = try TableValidator(schema: schema, header: header, width: 3, file: "t.csv")
        #expect(main.checksOnlyUniqueValues)
        let pending = PendingUniqueValues()
        var expected: [[String]] = []
        var handedOver: [[String]] = []
        var cleanAndNew = 0
        var repeatAfterANewValue = 0
        batch.forEach { index, record in
            var alone = RowResult()
            one.validate(record, row: index + 1, into: &alone)
            expected.append(Self.findings(alone))
            var result = RowResult()
            worker.validateCells(record, row: index + 1, into: &result)
            pending.append(&result)
            var from = 0
            if pending.isClean(index) {
                guard let repeated = main.lookUp(pending, row: index, index + 1) else {
                    cleanAndNew += 1
                    handedOver.append(Self.findings(result))
                    return
                }
                from = repeated
                if repeated > 0 { repeatAfterANewValue += 1 }
            }
            main.checkUniqueness(record, row: index + 1, into: &result, from: from)
            handedOver.append(Self.findings(result))
        }
        #expect(pending.count == 3000)
        for (index, (want, got)) in zip(expected, handedOver).enumerated() where want != got {
            Issue.record("row \(index + 1): one table \(want), handed over \(got)")
            break
        }
        // Each way through was taken.
        #expect(cleanAndNew > 1000)
        #expect(repeatAfterANewValue > 50)
        #expect(expected.contains { $0.count >= 2 })
    }
}
