import Foundation
import Testing

/// Issue 29, items 8 and 10: `compare` keeps one copy of each distinct reading, not one per
/// locale; `compare` and `infer` take `--redact`, with the meaning it has for the other
/// commands (codes, offsets, lengths and character categories stay; nothing of a value).
@Suite struct Issue29CompareInferTests {
    // MARK: compare, bounded memory (item 8)

    /// A 500 KB number read in 8 locales costs about what it costs in one: neither the
    /// readings nor the parsers' buffers are kept per locale (each locale once kept about
    /// 2 MB of a 500 KB value: the reading, and the digits its parser held on to).
    @Test func compareMemoryDoesNotGrowWithTheLocales() throws {
        let file = CLI.temporaryFile("compare-long.txt")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data((String(repeating: "7", count: 500_000) + "\n").utf8).write(to: file)
        let one = try CLI.peakMemory(["compare", "--locales", "en_US", "--input", file.path])
        let eight = try CLI.peakMemory([
            "compare", "--locales", "en_US,de_DE,fr_FR,es_ES,it_IT,nl_NL,sv_SE,pl_PL", "--input", file.path,
        ])
        #expect(one.status == 0)
        #expect(eight.status == 0)
        #expect(eight.peakKiB - one.peakKiB < 6_000, "one locale: \(one.peakKiB) KiB, eight: \(eight.peakKiB) KiB")
    }

    /// The grouping by distinct reading still groups: locales that read a long value alike
    /// share its one row.
    @Test func compareStillPrintsALongReadingOnce() throws {
        let digits = String(repeating: "7", count: 200_000)
        let run = try CLI.run(["compare", "--locales", "en_US,de_DE", "--json"], input: digits + "\n")
        #expect(run.status == 0)
        let object = try #require(run.objects.first)
        // One distinct reading, kept once, and printed whole (not compared here: a failure
        // would print 200 KB).
        let meanings = object["meanings"] as? [String] ?? []
        #expect(meanings.count == 1)
        // Written plainly, as it was read.
        #expect((meanings.first?.utf8.count ?? 0) == 200_000)
        #expect(meanings.first?.utf8.allSatisfy { $0 == UInt8(ascii: "7") } == true)
        let readings = try #require(object["readings"] as? [[String: Any]])
        #expect(readings.count == 1)
        #expect(readings.first?["locales"] as? [String] == ["en_US", "de_DE"])
    }

    // MARK: compare --redact (item 10)

    /// What `1.234` and `4711-xK` read as, in the locales compared: none may show.
    static let readings = ["1.234", "1234", "4711", "xK"]

    @Test(arguments: [false, true])
    func compareRedactKeepsLocalesAndCodes(json: Bool) throws {
        let run = try CLI.run(
            ["compare", "--redact", "--locales", "de_DE,en_US,fr_FR"] + (json ? ["--json"] : []),
            input: "1.234\n4711-xK\n")
        #expect(run.status == 1)
        let text = run.stdout + run.stderr
        RedactTests.assertNothingLeaks(text)
        for reading in Self.readings { #expect(!text.contains(reading), "\(reading) in: \(text)") }
        #expect(text.contains("de_DE") && text.contains("en_US") && text.contains("fr_FR"))
        #expect(text.contains("unexpected_character"))
        if json {
            let objects = run.objects
            #expect(objects.count == 2)
            #expect(objects[0]["input"] is NSNull)
            #expect(objects[0]["length"] as? Int == 5)
            #expect(objects[0]["ambiguous"] as? Bool == true)
            #expect((objects[0]["meanings"] as? [Any])?.count == 2)
            let readings = try #require(objects[0]["readings"] as? [[String: Any]])
            #expect(readings.filter { $0["valid"] as? Bool == true }.allSatisfy { $0["value"] is NSNull })
            #expect(readings.contains { ($0["locales"] as? [String]) == ["fr_FR"] && $0["code"] as? String != nil })
        } else {
            #expect(run.stdout.hasPrefix("line 1 (5 characters) as a number:\n  reading 1 "))
            #expect(run.stdout.contains("line 2 (7 characters) as a number:"))
            #expect(run.stdout.contains("warning: the locales disagree on what the value means: reading 1 in"))
        }
    }

    @Test func compareRedactNamesArgumentsByPlace() throws {
        let run = try CLI.run(["compare", "--redact", "--locales", "en_GB,en_US", "03/04/2025"])
        #expect(run.status == 1)
        #expect(!run.stdout.contains("2025"))
        #expect(run.stdout.hasPrefix("value 1 (10 characters) as a date:\n"))
        #expect(run.stdout.contains("reading 2"))
    }

    @Test func compareRedactOfARecordTooLong() throws {
        let run = try CLI.run(
            ["compare", "--redact", "--locales", "en_US", "--json"], input: OversizedInferCompareTests.longLine + "\n")
        #expect(run.status == 1)
        #expect(!(run.stdout + run.stderr).contains("1111"))
        #expect(run.stderr.contains("line 1: record too long [record_too_long]"))
        let object = try #require(run.objects.first)
        #expect(object["input"] is NSNull)
        #expect(object.firstError?["length"] as? Int == 9_000_001)
    }

    // MARK: infer --redact (item 10)

    @Test(arguments: [false, true])
    func inferRedactLeavesOutliersAndDecidingValuesOut(json: Bool) throws {
        // Decimal commas; row 31 is an outlier; rows decide the decimal mark.
        let values = (1...30).map { "\($0),5" }.joined(separator: "\n") + "\n4711-xK\n"
        let run = try CLI.run(["infer", "--redact"] + (json ? ["--json"] : []), input: values)
        #expect(run.status == 1)
        let text = run.stdout + run.stderr
        RedactTests.assertNothingLeaks(text)
        for value in ["1,5", "30,5", "4711"] { #expect(!text.contains(value), "\(value) in: \(text)") }
        if json {
            let column = try #require(run.objects.last)
            #expect(column["type"] as? String == "number")
            let outlier = try #require((column["outliers"] as? [[String: Any]])?.first)
            #expect(outlier["row"] as? Int == 31)
            #expect(outlier["value"] is NSNull)
            #expect(outlier["code"] as? String != nil)
            #expect(outlier["offset"] as? Int != nil)
            #expect(outlier["category"] as? String != nil)
            let decidedBy = try #require(column["decidedBy"] as? [[String: Any]])
            #expect(!decidedBy.isEmpty)
            #expect(decidedBy.allSatisfy { $0["value"] is NSNull && $0["row"] as? Int != nil })
        } else {
            #expect(run.stdout.contains("  outlier: row 31: "))
            #expect(run.stdout.contains("decided by: row 1 rules out "))
        }
    }

    @Test func inferRedactWordsTheUndecidedReasonWithoutTheValue() throws {
        let run = try CLI.run(["infer", "--redact"], input: "03/04/2025\n05/06/2024\n")
        #expect(run.status == 1)
        #expect(!run.stdout.contains("2025") && !run.stdout.contains("2024"))
        #expect(run.stdout.contains("undecided: a value is read differently as dd/MM/yyyy and as MM/dd/yyyy"))
        let schema = try CLI.run(["infer", "--redact", "--schema", "--csv"], input: "when\n03/04/2025\n05/06/2024\n")
        #expect(!schema.stdout.contains("2025") && !schema.stdout.contains("2024"))
        #expect(schema.stdout.contains("name: \"when\""))
        #expect(schema.stdout.contains("# undecided: a value is read differently"))
    }

    @Test func inferRedactKeepsColumnNamesAndNamesDataCellsByPosition() throws {
        let named = try CLI.run(["infer", "--redact", "--csv"], input: "amount,code\n12,QX77\n13,Zq9#Wv\n")
        RedactTests.assertNothingLeaks(named.stdout + named.stderr)
        #expect(named.stdout.contains("column 'amount': integer"))
        #expect(named.stdout.contains("column 'code': string"))
        // Without a header, row 1 is data: its cells are not quoted.
        let headerless = try CLI.run(
            ["infer", "--redact", "--csv"], input: "4711;2025-01-02\n4712;2025-02-03\n4713;2025-03-04\n")
        #expect(headerless.stdout.contains("header: no (cell 1 in row 1 reads as an integer"))
        #expect(!headerless.stdout.contains("4711") && !headerless.stdout.contains("2025-01-02"))
    }
}
