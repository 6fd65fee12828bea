import Glibc
import Testing

@testable import FieldCheck

/// A record as plain values, for comparing.
struct ReadRecord: Equatable, CustomStringConvertible {
    var cells: [String]
    var line: Int
    var raw: String
    var problem: CSVProblem.Kind?
    var description: String { "\(cells) line \(line) raw \(raw.debugDescription) \(problem.map { "\($0)" } ?? "")" }
}

/// Calls `body` with a temporary file holding `bytes`, open for reading from its start.
func withTemporaryFile<R>(holding bytes: [UInt8], _ body: (Int32) throws -> R) rethrows -> R {
    var template = Array("/tmp/fieldcheck-csv-XXXXXX".utf8CString)
    let fd = mkstemp(&template)
    precondition(fd >= 0)
    defer {
        close(fd)
        unlink(template)
    }
    var written = 0
    while written < bytes.count {
        let got = bytes[written...].withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count) }
        precondition(got > 0)
        written += got
    }
    lseek(fd, 0, SEEK_SET)
    return try body(fd)
}

/// Reads `bytes` through a temporary file, as the command line does.
func readCSV(_ bytes: [UInt8], delimiter: Character = ",", maxRecordBytes: Int = 1 << 20) throws -> [ReadRecord] {
    try withTemporaryFile(holding: bytes) { fd in
        try readCSV(fd: fd, delimiter: delimiter, maxRecordBytes: maxRecordBytes)
    }
}

private func readCSV(fd: Int32, delimiter: Character, maxRecordBytes: Int) throws -> [ReadRecord] {
    var records: [ReadRecord] = []
    let reader = CSVReader(delimiter: UInt8(ascii: delimiter.unicodeScalars.first!), maxRecordBytes: maxRecordBytes)
    try reader.forEachRecord(fd: fd) { record in
        records.append(
            ReadRecord(
                cells: (0..<record.count).map { String(decoding: record[$0], as: UTF8.self) }, line: record.line,
                raw: String(decoding: record.raw, as: UTF8.self), problem: record.problem?.kind))
    }
    return records
}

func readCSV(_ text: String, delimiter: Character = ",") throws -> [ReadRecord] {
    try readCSV(Array(text.utf8), delimiter: delimiter)
}

@Suite struct CSVReaderTests {
    @Test func quotedFieldsDoubledQuotesAndDelimitersInside() throws {
        let records = try readCSV("a,b,c\n\"x, y\",\"say \"\"hi\"\"\",\n")
        #expect(records.map(\.cells) == [["a", "b", "c"], ["x, y", "say \"hi\"", ""]])
        #expect(records[1].raw == "\"x, y\",\"say \"\"hi\"\"\",\n")
    }

    @Test func newlinesInsideQuotesKeepPhysicalLineNumbers() throws {
        let records = try readCSV("h1,h2\n1,\"two\nlines\"\n2,\"three\r\nmore\nlines\"\n3,x\n")
        #expect(records.map(\.line) == [1, 2, 4, 7])
        #expect(records[1].cells == ["1", "two\nlines"])
        #expect(records[2].cells == ["2", "three\r\nmore\nlines"])
    }

    @Test func crlfAndLFAndNoFinalNewline() throws {
        let records = try readCSV("a,b\r\n1,2\n3,4")
        #expect(records.map(\.cells) == [["a", "b"], ["1", "2"], ["3", "4"]])
        #expect(records[0].raw == "a,b\r\n")
        #expect(records[2].raw == "3,4")
        // A quoted last cell before CRLF.
        #expect(try readCSV("\"a\"\r\n\"b\"").map(\.cells) == [["a"], ["b"]])
    }

    @Test func byteOrderMarkIsNotData() throws {
        let records = try readCSV([0xEF, 0xBB, 0xBF] + Array("id,name\n1,x\n".utf8))
        #expect(records[0].cells == ["id", "name"])
    }

    @Test func otherDelimiters() throws {
        #expect(try readCSV("a;b\n\"1;2\";3\n", delimiter: ";").map(\.cells) == [["a", "b"], ["1;2", "3"]])
        #expect(try readCSV("a\tb\n1\t2\n", delimiter: "\t").map(\.cells) == [["a", "b"], ["1", "2"]])
    }

    @Test func malformedRecordsAreFlagged() throws {
        let unterminated = try readCSV("a,b\n1,\"open\n2,3\n")
        #expect(unterminated.count == 2)
        #expect(unterminated[1].problem == .unterminatedQuote)
        #expect(unterminated[1].raw == "1,\"open\n2,3\n")
        let textAfter = try readCSV("a,b\n\"x\"y,2\n3,4\n")
        #expect(textAfter[1].problem == .textAfterQuote)
        #expect(textAfter[2].cells == ["3", "4"])
    }

    @Test func blankLinesAndEmptyCells() throws {
        let records = try readCSV("a,b\n\n,\n")
        #expect(records.map(\.cells) == [["a", "b"], [""], ["", ""]])
    }

    @Test func recordsAcrossBlockBoundariesAreWhole() throws {
        // 3 MB of rows with quoted newlines: many records straddle the 1 MiB blocks.
        var text = "id,note\n"
        for index in 0..<60_000 { text += "\(index),\"line one\nline \"\"two\"\" \(index)\"\n" }
        let records = try readCSV(text)
        #expect(records.count == 60_001)
        for index in stride(from: 0, to: 60_000, by: 997) {
            #expect(records[index + 1].cells == ["\(index)", "line one\nline \"two\" \(index)"])
            #expect(records[index + 1].line == 2 + index * 2)
        }
    }

    /// A record of exactly `maxRecordBytes` before its CRLF is not too long, and one byte
    /// more is, wherever a block ends: on the CR, the LF or inside the record. The CR at a
    /// block's end was counted as content, so the verdict depended on the block size (a pipe's
    /// reads, `--jobs`' smaller blocks).
    @Test func aRecordOfTheLimitIsNotTooLongWhereverABlockEnds() throws {
        let limit = 100
        for lead in 0..<64 {
            let bytes = Array(
                (String(repeating: "a", count: lead) + "\r\n" + String(repeating: "b", count: limit) + "\r\n"
                    + String(repeating: "c", count: limit + 1) + "\r\n" + "\""
                    + String(repeating: "d", count: limit - 2)
                    + "\"\r\nlast\r\n").utf8)
            var seen: [(Int, CSVProblem.Kind?)] = []
            try withTemporaryFile(holding: bytes) { fd in
                let reader = CSVReader(delimiter: 0x2C, maxRecordBytes: limit, blockSize: 64, chunkBytes: 1 << 14)
                try reader.forEachRecord(fd: fd) { record in
                    seen.append((record.oversizedLength ?? record.raw.count, record.problem?.kind))
                }
            }
            let expected: [(Int, CSVProblem.Kind?)] = [
                (lead + 2, nil), (limit + 2, nil), (limit + 3, .tooLong), (limit + 2, nil), (6, nil),
            ]
            #expect(seen.map(\.0) == expected.map(\.0), "lead \(lead)")
            #expect(seen.map(\.1) == expected.map(\.1), "lead \(lead)")
        }
    }

    @Test func oversizedRecordIsStreamedNotHeld() throws {
        let big = String(repeating: "x", count: 3 << 20)
        var overflowBytes = 0
        var template = Array("/tmp/fieldcheck-csv-XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        defer {
            close(fd)
            unlink(template)
        }
        let text = Array("a,b\n1,\"\(big)\"\n2,3\n".utf8)
        _ = text.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count) }
        lseek(fd, 0, SEEK_SET)
        var seen: [(Int?, CSVProblem.Kind?)] = []
        try CSVReader(maxRecordBytes: 1 << 20).forEachRecord(fd: fd, overflow: { overflowBytes += $0.count }) {
            seen.append(($0.oversizedLength, $0.problem?.kind))
        }
        #expect(seen.count == 3)
        #expect(seen[1].0 == big.utf8.count + 5)
        #expect(seen[1].1 == .tooLong)
        #expect(seen[2].0 == nil)
        #expect(overflowBytes == big.utf8.count + 5)
    }

    /// The reader takes unquoted cells eight bytes at a time and the writer copies cells so:
    /// cells holding the delimiter, a quote, CR, LF or UTF-8 at every offset, long and short,
    /// written by `CSVWriter` and read back, across block boundaries (over 1 MiB), must come
    /// back as they were, quoted exactly when RFC 4180 asks.
    @Test(arguments: [",", ";", "\t", "|"])
    func writtenCellsReadBackAsTheyWere(delimiter: Character) throws {
        let separator = UInt8(ascii: delimiter.unicodeScalars.first!)
        let plain = "abcXYZ019 -._!#é\u{7F}\u{01}".map { Array(String($0).utf8) }
        let special: [UInt8] = [separator, UInt8(ascii: "\""), 0x0A, 0x0D]
        let quote = UInt8(ascii: "\"")
        var generator = SeededGenerator(seed: 0x5EED)
        var rows: [[[UInt8]]] = []
        var text: [UInt8] = []
        var misquoted = 0
        while text.count < 1_300_000 {
            var row: [[UInt8]] = []
            for _ in 0..<Int.random(in: 1...7, using: &generator) {
                var tokens = (0..<Int.random(in: 0...26, using: &generator)).map { _ in
                    plain.randomElement(using: &generator)!
                }
                if Bool.random(using: &generator) {
                    tokens.insert(
                        [special.randomElement(using: &generator)!],
                        at: Int.random(in: 0...tokens.count, using: &generator))
                }
                row.append(tokens.flatMap { $0 })
            }
            // A row of one empty cell is a blank line, read as such.
            if row.count == 1 && row[0].isEmpty { row[0] = [UInt8(ascii: "x")] }
            for (index, cell) in row.enumerated() {
                if index > 0 { text.append(separator) }
                let start = text.count
                cell.withUnsafeBufferPointer { CSVWriter.append($0, delimiter: separator, to: &text) }
                let expected =
                    cell.contains(where: special.contains)
                    ? [quote] + cell.flatMap { $0 == quote ? [$0, $0] : [$0] } + [quote] : cell
                if !text[start...].elementsEqual(expected) { misquoted += 1 }
            }
            text += Bool.random(using: &generator) ? [0x0A] : [0x0D, 0x0A]
            rows.append(row)
        }
        #expect(misquoted == 0)
        let records = try readCSV(text, delimiter: delimiter)
        #expect(records.count == rows.count)
        for (record, row) in zip(records, rows) where record.cells != row.map({ String(decoding: $0, as: UTF8.self) }) {
            Issue.record("read \(record) for \(row.map { String(decoding: $0, as: UTF8.self) })")
            break
        }
        #expect(records.allSatisfy { $0.problem == nil })
    }
}

@Suite struct TableSchemaTests {
    @Test func strptimeFormatsBecomeUTS35Patterns() throws {
        #expect(try strptimeToUTS35("%d.%m.%Y") == "dd.MM.yyyy")
        #expect(try strptimeToUTS35("%Y-%m-%d") == "yyyy-MM-dd")
        #expect(try strptimeToUTS35("%d %B %Y") == "dd MMMM yyyy")
        #expect(try strptimeToUTS35("%-d/%-m/%y") == "d/M/yy")
        #expect(try strptimeToUTS35("%d de %B") == "dd' de 'MMMM")
        #expect(throws: ConfigurationError.self) { try strptimeToUTS35("%d.%m.%Y %H:%M") }
    }

    /// Issue 21, item 6: a schema of 10,000 alike columns compiles one validator, not 10,000
    /// (it took 4.8 s and 110 MB, 21 s and 446 MB under --jobs 2); a name given twice is
    /// still found among them.
    @Test func alikeColumnsShareOneValidator() throws {
        var fields: [Any] = (0..<10_000).map { ["name": "c\($0)", "type": "number", "locale": "de_DE"] }
        fields.append(["name": "d", "type": "date"])
        let schema = try TableSchema(tree: ["fields": fields], source: "s.yaml", defaultLocale: .posix)
        let compiled = try CompiledSchema(schema)
        #expect(compiled.validators.count == 10_001)
        #expect(Set(compiled.validators.map(ObjectIdentifier.init)).count == 2)
        fields.append(["name": "c17", "type": "string"])
        #expect(throws: ConfigurationError.self) {
            try TableSchema(tree: ["fields": fields], source: "s.yaml", defaultLocale: .posix)
        }
    }

    /// Issue 18: a typo in a schema can never make a bad file pass.
    @Test func schemaKeysNearAKnownKeyAreTypos() throws {
        func message(_ field: [String: Any], root: [String: Any] = [:], strict: Bool = false) -> String? {
            var tree = root
            tree["fields"] = [field]
            do {
                _ = try TableSchema(tree: tree, source: "s.yaml", defaultLocale: .posix, strict: strict)
                return nil
            } catch { return error.message }
        }
        #expect(
            message(["name": "a", "typ": "number"])
                == "s.yaml: fields[0].typ: unknown key in a field (did you mean 'type'?)")
        #expect(
            message(["name": "a", "type": "number", "constraints": ["requried": true]])
                == "s.yaml: fields[0].constraints.requried: unknown key in constraints (did you mean 'required'?)")
        #expect(message(["name": "a", "type": "number", "decimalchar": ","])?.contains("'decimalChar'") == true)
        #expect(message(["name": "a"], root: ["primarykey": "a"])?.contains("did you mean 'primaryKey'") == true)
        #expect(message(["name": "a"], root: ["dialect": ["delimeter": ";"]])?.contains("'delimiter'") == true)
        // Known keys that fieldcheck does not check are refused, with the reason.
        #expect(
            message(["name": "a", "type": "number", "constraints": ["exclusiveMinimum": 0]])?.contains(
                "cannot honour this key: exclusive bounds") == true)
        #expect(message(["name": "a"], root: ["uniqueKeys": [["a"]]])?.contains("cannot honour") == true)
        // foreignKeys (issue 18) are read; the front end resolves the resource they name.
        #expect(message(["name": "a"], root: ["foreignKeys": []]) == nil)
        #expect(
            message(["name": "a"], root: ["foreignKeys": [["fields": "a", "reference": ["fields": "a"]]]]) == nil)
        #expect(
            message(["name": "a"], root: ["foreignKeys": [["fields": "b", "reference": ["fields": "a"]]]])
                == "s.yaml: foreignKeys[0].fields: 'b' is not a field of the schema")
        #expect(
            message(["name": "a"], root: ["foreignKeys": [["fields": "a", "referense": ["fields": "a"]]]])?.contains(
                "did you mean 'reference'") == true)
        #expect(message(["name": "a"], root: ["dialect": ["quoteChar": "'"]])?.contains("quoteChar") == true)
        #expect(message(["name": "a"], root: ["dialect": ["quoteChar": "\"", "doubleQuote": true]]) == nil)
        // Custom properties pass, unless strict.
        #expect(message(["name": "a", "type": "number", "x-origin": "bank export", "title": "Price"]) == nil)
        #expect(
            message(["name": "a", "x-origin": "bank export"], strict: true)?.hasPrefix(
                "s.yaml: fields[0].x-origin: unknown key in a field; the keys are") == true)
        #expect(message(["name": "a", "title": "A", "description": "d"], strict: true) == nil)
    }

    @Test func schemaErrorsNameTheirPath() {
        let locale = LocaleID.posix
        func message(_ tree: Any) -> String? {
            do {
                _ = try TableSchema(tree: tree, source: "s.yaml", defaultLocale: locale)
                return nil
            } catch { return error.message }
        }
        #expect(
            message(["fields": [["name": "a", "type": "bool"]]])?.hasPrefix("s.yaml: fields[0].type: unknown") == true)
        #expect(
            message(["fields": [["name": "a", "type": "number", "locale": "xx_YY"]]])?.hasPrefix(
                "s.yaml: fields[0].locale: unknown locale") == true)
        #expect(
            message(["fields": [["name": "a", "type": "date", "format": "%H"]]])?.hasPrefix("s.yaml: fields[0].format")
                == true)
        #expect(message(["fields": [["name": "a"], ["name": "a"]]])?.contains("named twice") == true)
        #expect(message(["nofields": 1])?.contains("fields") == true)
        #expect(message(["fields": [["name": "a", "type": "string"]]]) == nil)
    }
}

@Suite struct UniqueSetTests {
    @Test func findsEveryRepeatAndNothingElse() {
        let set = UniqueSet()
        for index in 0..<300_000 {
            var text = "value-\(index)"
            #expect(text.withUTF8 { set.insert($0, row: index + 1) } == nil)
        }
        for index in stride(from: 0, to: 300_000, by: 7919) {
            var text = "value-\(index)"
            #expect(text.withUTF8 { set.insert($0, row: 999_999) } == index + 1)
        }
        var empty = ""
        #expect(empty.withUTF8 { set.insert($0, row: 5) } == nil)
        #expect(empty.withUTF8 { set.insert($0, row: 6) } == 5)
        #expect(set.count == 300_001)
    }

    /// Past the records the table numbers, values still count (issue 15: the set answered
    /// "new" for every value once its room ran out, missing every duplicate after that).
    @Test func keepsFindingRepeatsPastItsLastArrival() {
        let set = UniqueSet(arrivalLimit: 100_000)
        let total = 300_000
        for index in 0..<total {
            var text = "value-\(index)"
            #expect(text.withUTF8 { set.insert($0, row: index + 1) } == nil)
        }
        for index in stride(from: 0, to: total, by: 997) {
            var text = "value-\(index)"
            #expect(text.withUTF8 { set.insert($0, row: 999_999) } == index + 1)
        }
        var last = "value-\(total - 1)"
        #expect(last.withUTF8 { set.insert($0, row: 999_999) } == total)
        #expect(set.count == total)
    }

    /// Digit strings are kept as integers: "7" and "07" (or "0" and "00") stay two values,
    /// integers of every byte length are told apart, and a digit string too long for an
    /// integer is kept as bytes; the rows come back whatever their gaps and order.
    @Test func integersAndTheirLookalikes() {
        let set = UniqueSet()
        let values = [
            "0", "00", "7", "07", "007", "255", "256", "65535", "65536", "9999999", "10000000",
            "4294967296", "9999999999999999999", "10000000000000000000", "18446744073709551616",
            "-7", "7 ", "+7", "", "a",
        ]
        let rows = [1, 2, 3, 20, 21, 5_000_000, 5_000_001, 4, 2, 1, 0, -3, 1 << 40, 17, 18, 33, 34, 50, 51, 52]
        for (value, row) in zip(values, rows) {
            var text = value
            #expect(text.withUTF8 { set.insert($0, row: row) } == nil, "\(value)")
        }
        for (value, row) in zip(values, rows) {
            var text = value
            #expect(text.withUTF8 { set.insert($0, row: 99) } == row, "\(value)")
        }
        #expect(set.count == values.count)
    }

    /// A million distinct 7-digit ids, each in its row, take under 12 bytes each (issue 20:
    /// 23 bytes each kept csv over 32 MB), and every one of them is found again.
    @Test func aMillionIdsTakeUnderTwelveBytesEach() {
        let set = UniqueSet()
        var id = 1_000_000
        for row in 1...1_000_000 {
            id += 1 + row % 5
            var text = String(id)
            #expect(text.withUTF8 { set.insert($0, row: row) } == nil)
        }
        #expect(set.bytesTaken < 12_000_000, "\(set.bytesTaken) bytes")
        id = 1_000_000
        for row in 1...1_000_000 {
            id += 1 + row % 5
            guard row % 1_009 == 0 else { continue }
            var text = String(id)
            #expect(text.withUTF8 { set.insert($0, row: 2_000_000) } == row)
        }
    }

    /// Told how many rows are coming, the set grows once to their values' size (instead of
    /// by half again and again, placing every value anew each time) and stays exact whatever
    /// the hint: right, too low, or far too high.
    @Test(arguments: [0, 100_000, 1_000_000, 50_000_000])
    func anExpectedRowCountIsOnlyAHint(expectedRows: Int) {
        let set = UniqueSet()
        set.expectedRows = expectedRows
        for row in 1...400_000 {
            var text = String(5_000_000 + row * 3)
            #expect(text.withUTF8 { set.insert($0, row: row) } == nil)
        }
        for row in stride(from: 1, through: 400_000, by: 997) {
            var text = String(5_000_000 + row * 3)
            #expect(text.withUTF8 { set.insert($0, row: 500_000) } == row)
        }
        #expect(set.count == 400_000)
        switch expectedRows {
        case 0: #expect(set.growths > 15)  // by half, from 64 slots
        case 100_000: #expect(set.growths > 2)  // more values came than promised: by half again
        default: #expect(set.growths <= 5)  // eight times larger at a step, to what the rows promise
        }
    }

    /// Lengths around the one-byte header's limit (255) and a value larger than a chunk.
    @Test func longValuesAndValuesThatDifferOnlyAtTheEnd() {
        let set = UniqueSet()
        let lengths = [253, 254, 255, 256, 300, 70_000, 2 << 20]
        for (position, length) in lengths.enumerated() {
            var text = String(repeating: "x", count: length - 1) + "a"
            #expect(text.withUTF8 { set.insert($0, row: position + 1) } == nil)
            var other = String(repeating: "x", count: length - 1) + "b"
            #expect(other.withUTF8 { set.insert($0, row: 100 + position) } == nil)
        }
        for index in 0..<20_000 {
            var text = "key \(index)"
            #expect(text.withUTF8 { set.insert($0, row: 1000 + index) } == nil)
        }
        for (position, length) in lengths.enumerated() {
            var text = String(repeating: "x", count: length - 1) + "a"
            #expect(text.withUTF8 { set.insert($0, row: 99_999) } == position + 1)
            var other = String(repeating: "x", count: length - 1) + "b"
            #expect(other.withUTF8 { set.insert($0, row: 99_999) } == 100 + position)
        }
        var last = "key 19999"
        #expect(last.withUTF8 { set.insert($0, row: 99_999) } == 20_999)
        #expect(set.count == 20_000 + 2 * lengths.count)
    }
}
