import Foundation
import Testing

/// `compare` and `infer` on a record longer than the reader holds (8 MiB by default): it is
/// reported as `record_too_long`, as the line commands report it, and never judged by the
/// first bytes the reader kept, nor dropped, nor allowed to swallow the records after it.
@Suite struct OversizedInferCompareTests {
    /// A line of nine million digits and an `x`: over the 8 MiB limit, and not a number.
    static let longLine = String(repeating: "1", count: 9_000_000) + "x"

    /// Writes `text` to a temporary file named `name`, removed by the caller.
    static func file(_ name: String, _ text: String) throws -> URL {
        let url = CLI.temporaryFile(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test func compareReportsARecordTooLongInsteadOfReadingItsPrefix() throws {
        let run = try CLI.run(["compare", "--locales", "en_US"], input: Self.longLine + "\n")
        #expect(run.status == 1)
        #expect(!run.stdout.contains("E+63"), "the kept prefix was read as a number")
        #expect(run.stderr.contains("line 1"))
        #expect(run.stderr.contains("record too long: 9000001 bytes, more than the 8388608-byte limit"))
        #expect(run.stderr.contains("[record_too_long]"))
    }

    @Test func compareJSONCarriesTheRecordTooLong() throws {
        let run = try CLI.run(["compare", "--locales", "en_US", "--json"], input: Self.longLine + "\n5\n")
        #expect(run.status == 1)
        let objects = run.objects
        #expect(objects.count == 2)
        let first = try #require(objects.first)
        #expect(first.firstError?["code"] as? String == "record_too_long")
        #expect(first.firstError?["length"] as? Int == 9_000_001)
        #expect(first["readable"] as? Bool == false)
        #expect(objects.last?["input"] as? String == "5")
    }

    @Test func inferReportsAValueTooLongAndDoesNotJudgeItsPrefix() throws {
        let input = try Self.file("inf9.txt", Self.longLine + "\n5\n6\n")
        defer { try? FileManager.default.removeItem(at: input) }
        let run = try CLI.run(["infer", input.path])
        #expect(run.status == 1)
        #expect(run.stdout.contains("3 values read (all)"))
        #expect(run.stdout.contains("line 1"))
        #expect(run.stdout.contains("9000001 bytes"))
        #expect(run.stdout.contains("[record_too_long]"))
        // Judged by 5 and 6 alone: integers; the prefix of ones rules nothing out.
        #expect(run.stdout.contains("values: integer"))
        #expect(!run.stdout.contains("decided by: '1111"))

        let json = try CLI.run(["infer", "--json", input.path])
        #expect(json.status == 1)
        let file = try #require(json.objects.first)
        let tooLong = try #require(file["tooLong"] as? [[String: Any]])
        #expect(tooLong.count == 1)
        #expect(tooLong.first?["line"] as? Int == 1)
        #expect(tooLong.first?["length"] as? Int == 9_000_001)
        #expect(tooLong.first?["code"] as? String == "record_too_long")

        let schema = try CLI.run(["infer", "--schema", input.path])
        #expect(schema.status == 1)
        #expect(schema.stdout.contains("too long"))
        #expect(schema.stdout.contains("record_too_long"))
    }

    @Test func inferFromAPipeCountsEveryRecordAfterAValueOver64MiB() throws {
        let run = try CLI.shell(
            "python3 -c \"import sys; sys.stdout.write('1'*70_000_000+'\\nx\\ny\\nz\\n')\" | \"$FIELDCHECK\" infer")
        #expect(run.status == 1)
        #expect(run.stdout.contains("4 values read (all)"), "\(run.stdout)")
        #expect(run.stdout.contains("70000000 bytes"))
        #expect(run.stdout.contains("values: string"))
    }

    @Test func inferReportsACSVRowTooLong() throws {
        let cell = String(repeating: "7", count: 9_000_000)
        let input = try Self.file("big.csv", "a,b\n1,2\n3,\(cell)\n4,5\n")
        defer { try? FileManager.default.removeItem(at: input) }
        let run = try CLI.run(["infer", input.path])
        #expect(run.status == 1)
        #expect(run.stdout.contains("3 data rows read (all)"), "\(run.stdout)")
        #expect(run.stdout.contains("row 2"))
        #expect(run.stdout.contains("[record_too_long]"))

        let json = try CLI.run(["infer", "--json", input.path])
        let file = try #require(json.objects.first)
        let tooLong = try #require(file["tooLong"] as? [[String: Any]])
        #expect(tooLong.first?["row"] as? Int == 2)
        #expect(tooLong.first?["line"] as? Int == 3)
    }
}
