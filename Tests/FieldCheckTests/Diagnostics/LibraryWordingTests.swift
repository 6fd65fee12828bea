import FoundationEssentials
import Testing

@testable import FieldCheck

/// Issue 15: the library names no command-line option in what it says; a front end words
/// the rules itself (`RuleVocabulary`, `ConfigurationError.advice`).
@Suite struct LibraryWordingTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/FieldCheck")

    @Test func noStringInTheLibraryNamesAnOption() throws {
        // FoundationEssentials, not Foundation: with `@testable import FieldCheck` the test
        // target sees CICU's ICU headers, which clash with Foundation's own copy of ICU.
        let files = try FileManager.default.subpathsOfDirectory(atPath: Self.sources.path)
        let option = #/"[^"\n]*(--[a-z]|[ (]-z\b)[^"\n]*"/#
        var found: [String] = []
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.drop(while: { $0 == " " || $0 == "\t" })
                if code.hasPrefix("//") { continue }
                if line.firstMatch(of: option) != nil {
                    found.append("\(file):\(number + 1): \(code)")
                }
            }
        }
        #expect(found.isEmpty, "library strings that name options:\n\(found.joined(separator: "\n"))")
    }

    @Test func rulesAreNamedInTheCallersWords() throws {
        var spec = FieldSpec(kind: .text, locale: try LocaleID("en_US"))
        spec.allow = CharacterRule("aeiou")
        let plain = try FieldValidator(spec).validate("x").errors.first?.message ?? ""
        #expect(plain.contains("not in the allowed characters aeiou"), "\(plain)")
        spec.vocabulary = .tableSchema
        let schema = try FieldValidator(spec).validate("x").errors.first?.message ?? ""
        #expect(schema.contains("not in allow: aeiou"), "\(schema)")
        var number = FieldSpec(kind: .number(NumberSpec()), locale: try LocaleID("en_US"))
        #expect(try FieldValidator(number).validate(" 5").errors.first?.message.contains("trim") == false)
        number.vocabulary.trimHint = "trim it"
        #expect(try FieldValidator(number).validate(" 5").errors.first?.message.contains("(trim it)") == true)
        do {
            _ = try LocaleID("xx_YY")
            Issue.record("xx_YY resolved")
        } catch {
            #expect(error.advice == [.listLocales])
            #expect(!error.message.contains("--"))
        }
    }
}
