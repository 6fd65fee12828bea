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
        #expect((meanings.first?.utf8.count ?? 0) > 200_000)
        let readings = try #require(object["readings"] as? [[String: Any]])
        #expect(readings.count == 1)
        #expect(readings.first?["locales"] as? [String] == ["en_US", "de_DE"])
    }
}
