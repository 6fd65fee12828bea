import Foundation
import Testing

/// Issue 29, 10: a locale written as an ICU id with `@keyword=value` reads dates as the same
/// locale written as a BCP 47 tag does; a hyphen in the keyword's value made it a tag.
@Suite struct ICUKeywordLocaleTests {
    @Test(arguments: [
        (["--style", "short"], "4/13/2026\n10/25/1447 AH\n"),
        (["--pattern", "dd.MM.yyyy"], "13.04.1447\n"),
        (["--style", "long"], "Shawwal 25, 1447 AH\n"),
    ])
    func anICUIdReadsAsItsTag(rules: [String], input: String) throws {
        let id = try CLI.run(["date", "--locale", "en_US@calendar=islamic-umalqura"] + rules, input: input)
        let tag = try CLI.run(["date", "--locale", "en-US-u-ca-islamic-umalqura"] + rules, input: input)
        #expect(tag.status != 2, "\(tag.stderr)")
        #expect(id.status == tag.status, "\(id.stderr)")
        #expect(id.stdout == tag.stdout)
        #expect(!id.stdout.isEmpty)
        #expect(
            id.stderr.replacingOccurrences(of: "en_US@calendar=islamic-umalqura", with: "LOCALE")
                == tag.stderr.replacingOccurrences(of: "en-US-u-ca-islamic-umalqura", with: "LOCALE"))
    }
}
