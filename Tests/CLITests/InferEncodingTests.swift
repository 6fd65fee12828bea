import Foundation
import Testing

/// Issue 29, 4–6: what `infer` reads is what `csv` will read. The encoding comes from what the
/// bytes prove before what ICU's detector guesses; a value `csv` rejects in any column (a NUL,
/// a bad code unit) is reported, not inferred around; a converted file is read to its end.
@Suite struct InferEncodingTests {
    /// Writes `bytes` to a temporary file named `name`; the caller removes it.
    static func file(_ name: String, _ bytes: Data) throws -> URL {
        let url = CLI.temporaryFile(name)
        try bytes.write(to: url)
        return url
    }

    /// Infers a schema for `url` and checks the file against it: the round trip a user makes.
    static func roundTrip(_ url: URL) throws -> (infer: CLI.Outcome, csv: CLI.Outcome) {
        let infer = try CLI.run(["infer", "--schema", url.path])
        let schema = try file("schema.yaml", Data(infer.stdout.utf8))
        defer { try? FileManager.default.removeItem(at: schema) }
        return (infer, try CLI.run(["csv", "--schema", schema.path, url.path]))
    }

    @Test func latin1TextIsNotUTF16() throws {
        let url = try Self.file("resume.txt", Data([0x72, 0xE9, 0x73, 0x75, 0x6D, 0xE9, 0x0A]))
        defer { try? FileManager.default.removeItem(at: url) }
        let run = try CLI.run(["infer", "--json", url.path])
        #expect(run.status == 0)
        #expect(run.objects.first?["encoding"] as? String == "windows-1252")
        #expect(run.objects.first?["rows"] as? Int == 1)
    }

    @Test func aLatin1CSVKeepsItsRowsAndColumns() throws {
        var bytes = Data("name,n\ncaf".utf8) + Data([0xE9]) + Data(",1\n".utf8)
        for _ in 0..<20 { bytes += Data("x,2\n".utf8) }
        let url = try Self.file("cafe.csv", bytes)
        defer { try? FileManager.default.removeItem(at: url) }
        let (infer, csv) = try Self.roundTrip(url)
        #expect(infer.status == 0, "\(infer.stderr)")
        #expect(infer.stdout.contains("encoding: \"windows-1252\""))
        #expect(infer.stdout.contains("name: \"name\""))
        #expect(infer.stdout.contains("name: \"n\""))
        #expect(csv.status == 0, "\(csv.stderr)")
        #expect(csv.stdout.contains("café,1"))
    }

    /// A Russian export in windows-1251, which ICU's detector guesses at low confidence and
    /// windows-1252 also decodes (as `Äàòà`): its reading makes words, so it is the encoding, and
    /// csv reads the file with the schema infer wrote.
    @Test func cyrillicInWindows1251KeepsItsWords() throws {
        let text =
            "Дата;Описание;Сумма\n13.01.2025;Оплата в магазине Пятёрочка;-1 234,50\n14.01.2025;Перевод от Ивана;500,00\n"
        let bytes = text.unicodeScalars.map { scalar -> UInt8 in
            switch scalar.value {
            case 0x410...0x44F: UInt8(scalar.value - 0x410 + 0xC0)
            case 0x451: 0xB8
            default: UInt8(scalar.value)
            }
        }
        let url = try Self.file("sber.csv", Data(bytes))
        defer { try? FileManager.default.removeItem(at: url) }
        let (infer, csv) = try Self.roundTrip(url)
        #expect(infer.status == 0, "\(infer.stderr)")
        #expect(infer.stdout.contains("encoding: \"windows-1251\""), "\(infer.stdout)")
        #expect(infer.stdout.contains("name: \"Описание\""), "\(infer.stdout)")
        #expect(csv.status == 0, "\(csv.stderr)")
        #expect(csv.stdout.contains("Оплата в магазине Пятёрочка"), "\(csv.stdout)")
    }

    @Test(arguments: [true, false])
    func utf16WithoutAByteOrderMark(littleEndian: Bool) throws {
        let text = "name,amount\nMüller,\"1.234,5\"\nSmith,2\n"
        let url = try Self.file(
            "utf16.csv", text.data(using: littleEndian ? .utf16LittleEndian : .utf16BigEndian)!)
        defer { try? FileManager.default.removeItem(at: url) }
        let run = try CLI.run(["infer", "--json", url.path])
        #expect(run.objects.first?["encoding"] as? String == (littleEndian ? "UTF-16LE" : "UTF-16BE"))
        #expect(InferCommandTests.columns(run).keys.sorted() == ["amount", "name"])
        let (infer, csv) = try Self.roundTrip(url)
        #expect(infer.status == 0, "\(infer.stderr)")
        #expect(csv.status == 0, "\(csv.stderr)")
        #expect(csv.stdout == "name,amount\nMüller,\"1.234,5\"\nSmith,2\n")
    }

    /// A UTF-8 file with a row pasted from a windows-1252 one is UTF-8 with that row an
    /// outlier: read as windows-1252, every other accent was garbled (`MÃ¼nchen`) and `csv`
    /// accepted it all. A windows-1252 file whose accents happen to form a UTF-8 pair now and
    /// then (`É` before `–`) stays windows-1252.
    @Test func aFewStrayBytesInUTF8AreOutliersNotAnotherEncoding() throws {
        let mixed =
            Data(("Ort;Betrag\n" + String(repeating: "München;1,50\n", count: 50)).utf8)
            + Data("K".utf8) + Data([0xF6]) + Data("ln;7,25\n".utf8)
        let url = try Self.file("mixed.csv", mixed)
        defer { try? FileManager.default.removeItem(at: url) }
        let report = try CLI.run(["infer", url.path])
        #expect(report.status == 1)
        #expect(
            report.stdout.contains(
                "encoding UTF-8 (50 multi-byte characters in UTF-8, but 1 byte that UTF-8 "
                    + "does not read (the first at byte 712): their values are outliers)"), "\(report.stdout)")
        #expect(report.stdout.contains("outlier: row 51 "), "\(report.stdout)")
        #expect(report.stdout.contains("[invalid_utf8]"))
        let (infer, csv) = try Self.roundTrip(url)
        #expect(!infer.stdout.contains("windows-1252"), "\(infer.stdout)")
        #expect(csv.status == 1)
        #expect(csv.stdout.contains("München;1,50\n") && !csv.stdout.contains("Ã"), "\(csv.stdout)")
        #expect(csv.stderr.contains("row 51 (line 52), column 'Ort'"), "\(csv.stderr)")
        #expect(csv.stderr.components(separatedBy: "\n").filter { !$0.isEmpty }.count == 1, "\(csv.stderr)")
        var windows = Data("name;n\n".utf8)
        for row in 0..<30 {
            windows += Data("Caf".utf8) + Data([0xE9]) + Data(";\(row)\n".utf8)
        }
        windows += Data("CAF".utf8) + Data([0xC9, 0x96]) + Data("1;31\n".utf8)
        let other = try Self.file("windows.csv", windows)
        defer { try? FileManager.default.removeItem(at: other) }
        let latin = try CLI.run(["infer", "--schema", other.path])
        #expect(latin.stdout.contains("encoding: \"windows-1252\""), "\(latin.stdout)")
    }

    @Test func noSchemaIsWrittenWithoutColumns() throws {
        let url = try Self.file("empty.csv", Data())
        defer { try? FileManager.default.removeItem(at: url) }
        let run = try CLI.run(["infer", "--schema", url.path])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("no column was found"))
        #expect(run.stderr.contains("no schema written"))
    }

    @Test func aNulInATextColumnIsAnOutlierAsCsvRejectsIt() throws {
        let url = try Self.file("nul.csv", Data("name,n\nab\u{0}c,1\nx,2\n".utf8))
        defer { try? FileManager.default.removeItem(at: url) }
        let run = try CLI.run(["infer", "--json", url.path])
        #expect(run.status == 1)
        let outliers = InferCommandTests.columns(run)["name"]?["outliers"] as? [[String: Any]]
        #expect(outliers?.first?["code"] as? String == "nul_character")
        #expect(outliers?.first?["row"] as? Int == 1)
        let (_, csv) = try Self.roundTrip(url)
        #expect(csv.status == 1)
        #expect(csv.stderr.contains("row 1 (line 2), column 'name'"))
        #expect(csv.stderr.contains("[nul_character]"))
    }

    /// A bad code unit in the last row: infer and csv both stop there, at the same byte.
    @Test func aBadCodeUnitIsReportedWhereItStands() throws {
        var bytes = "name,n\nMüller,1\nSmith,2\n".data(using: .utf16BigEndian)!
        let offset = bytes.count + 1
        bytes += Data([0xDC, 0x00, 0x00, 0x0A])
        let url = try Self.file("bad16.csv", bytes)
        defer { try? FileManager.default.removeItem(at: url) }
        let infer = try CLI.run(["infer", url.path])
        #expect(infer.status == 3)
        #expect(infer.stderr.contains("not valid UTF-16BE at byte \(offset) (0xDC 0x00)"), "\(infer.stderr)")
        let csv = try CLI.run(["csv", "--encoding", "UTF-16BE", "--column", "name=string", url.path])
        #expect(csv.status == 3)
        #expect(csv.stderr.contains("not valid UTF-16BE at byte \(offset) (0xDC 0x00)"), "\(csv.stderr)")
    }

    /// 68 MB of UTF-16: a file is read to its end; stdin, copied to be read twice, is read to
    /// 64 MiB and said to be a sample. Before, both stopped at 64 MiB and said "(all)".
    @Test func aConvertedFileIsReadToItsEnd() throws {
        let text = "a\n1\n\"" + String(repeating: "x", count: 34_000_000) + "\"\n2\n"
        let url = try Self.file("big16.csv", Data([0xFF, 0xFE]) + text.data(using: .utf16LittleEndian)!)
        defer { try? FileManager.default.removeItem(at: url) }
        let file = try CLI.run(["infer", url.path])
        #expect(file.stdout.contains("3 data rows read (all)"), "\(file.stdout)")
        // Through a pipe: a file given as stdin is a regular file, read as one.
        let output = CLI.temporaryFile("stdout")
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c", "cat \"$1\" | \"$2\" infer --csv - > \"$3\"", "sh", url.path, CLI.binary.path, output.path,
        ]
        try process.run()
        process.waitUntilExit()
        let stdin = try String(contentsOf: output, encoding: .utf8)
        #expect(stdin.contains("(a sample: the first 64 MiB of the file; --all-rows reads all)"), "\(stdin)")
        #expect(!stdin.contains("(all)"))
    }
}

/// Issue 29, 8: a file of many columns is inferred in bounded memory: past the first 4,096
/// columns, a column is not inferred but written as text with the reason, so the schema still
/// names every column and `csv` reads the file with it.
@Suite struct InferWideFileTests {
    @Test func columnsPastTheLimitAreTextWithTheReason() throws {
        let width = 5_000
        var text = (1...width).map { "c\($0)" }.joined(separator: ",") + "\n"
        for row in 0..<2 {
            text += (1...width).map { $0 == 1 || $0 == width ? "\(row + 7)" : "" }.joined(separator: ",") + "\n"
        }
        let url = try InferEncodingTests.file("wide.csv", Data(text.utf8))
        defer { try? FileManager.default.removeItem(at: url) }
        let run = try CLI.run(["infer", "--json", url.path])
        #expect(run.status == 1)
        let columns = InferCommandTests.columns(run)
        #expect(columns.count == width)
        #expect(columns["c1"]?["type"] as? String == "integer")
        #expect(columns["c4096"]?["decided"] as? Bool == true)
        #expect(columns["c4097"]?["decided"] as? Bool == false)
        #expect((columns["c5000"]?["undecidedReason"] as? String)?.contains("only the first 4096 columns") == true)
        #expect(columns["c5000"]?["type"] as? String == "string")
        let (infer, csv) = try InferEncodingTests.roundTrip(url)
        #expect(infer.stdout.contains("name: \"c5000\""))
        #expect(csv.status == 0, "\(csv.stderr)")
    }
}
