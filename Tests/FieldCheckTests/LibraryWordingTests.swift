import Foundation
import Testing

@testable import FieldCheck

/// Issue 15: the library names no command-line option in what it says; a front end words
/// the rules itself (`RuleVocabulary`, `ConfigurationError.advice`).
@Suite struct LibraryWordingTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/FieldCheck")

    @Test func noStringInTheLibraryNamesAnOption() throws {
        let files = try #require(FileManager.default.enumerator(atPath: Self.sources.path))
        let option = try NSRegularExpression(pattern: #""[^"\n]*(--[a-z]|[ (]-z\b)[^"\n]*""#)
        var found: [String] = []
        for case let file as String in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                if code.hasPrefix("//") { continue }
                let line = String(line)
                if option.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil {
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
