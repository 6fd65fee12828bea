import Foundation
import Testing

@Suite struct LocaleCommandTests {
    @Test func germanSeparatorsInJSON() throws {
        let run = try CLI.run(["locale", "de_DE", "--json"])
        #expect(run.status == 0)
        let object = try #require(run.objects.first)
        #expect(object["decimalSeparator"] as? String == ",")
        #expect(object["groupingSeparator"] as? String == ".")
        #expect(object["currency"] as? String == "EUR")
        let examples = try #require(object["examples"] as? [String: Any])
        #expect((examples["numbers"] as? [String])?.first == "1.234,56")
        #expect((object["datePatterns"] as? [String: String])?["short"] == "dd.MM.yy")
    }

    @Test func unknownLocaleIsStatusTwo() throws {
        let run = try CLI.run(["locale", "xx_YY"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("unknown locale 'xx_YY'"))
    }

    @Test(arguments: [
        ("zh_CN", "zh_Hans_CN"), ("zh_TW", "zh_Hant_TW"), ("de-CH", "de_CH"), ("ar-EG-u-nu-latn", "ar_EG"),
    ])
    func aliasesAndTagsResolve(id: String, data: String) throws {
        let run = try CLI.run(["locale", id, "--json"])
        #expect(run.status == 0)
        #expect(run.objects.first?["dataLocale"] as? String == data)
    }

    @Test func latinDigitsKeyword() throws {
        let latin = try CLI.run(["locale", "ar-EG-u-nu-latn", "--json"]).objects.first
        #expect(latin?["digits"] as? String == "0123456789")
        let arabic = try CLI.run(["locale", "ar_EG", "--json"]).objects.first
        #expect(arabic?["digits"] as? String == "٠١٢٣٤٥٦٧٨٩")
    }

    @Test func listShowsAvailableLocales() throws {
        let run = try CLI.run(["locale", "--list"])
        #expect(run.lines.contains("de_DE\tGerman (Germany)"))
        #expect(run.lines.count > 500)
    }

    @Test func defaultComesFromTheEnvironment() throws {
        let run = try CLI.run(["locale", "--json"], environment: ["LC_ALL": "fr_FR.UTF-8"])
        #expect(run.objects.first?["locale"] as? String == "fr_FR")
        let posix = try CLI.run(["locale", "--json"], environment: ["LANG": "C"])
        #expect(posix.objects.first?["locale"] as? String == "en_US_POSIX")
    }
}
