import Testing

@testable import FieldCheck

@Suite struct LanguageTests {
    static func field(_ locale: String, _ configure: (inout IdentifierSpec) -> Void = { _ in }) throws
        -> FieldValidator
    {
        var spec = IdentifierSpec(kind: .language)
        configure(&spec)
        return try FieldValidator(FieldSpec(kind: .identifier(spec), locale: try LocaleID(locale)))
    }

    static let locales = ["en", "de", "fr", "es", "ru", "ar", "hi", "ja", "zh", "ko"]

    @Test func aTagIsItsOwnValue() throws {
        let field = try Self.field("en")
        for tag in [
            "de-CH", "de", "zh-Hant-TW", "sr-Latn", "es-419", "gsw", "de-CH-u-co-phonebk", "fil", "sl-rozaj-biske",
            "de-1901", "bas",
        ] {
            let result = field.validate(tag)
            #expect(result.value == tag && result.errors.isEmpty && result.warnings.isEmpty, "\(tag)")
        }
    }

    @Test func anICUIDOrOtherCaseIsReadAsTheTag() throws {
        let field = try Self.field("en")
        for (written, tag) in [
            ("de_CH", "de-CH"), ("pt_BR", "pt-BR"), ("DE-ch", "de-CH"), ("zh_hant_tw", "zh-Hant-TW"),
        ] {
            let result = field.validate(written)
            #expect(result.value == tag, "\(written)")
            #expect(result.warnings.map(\.code) == [.codeNormalized], "\(written)")
        }
        #expect(
            field.validate("de_CH").warnings.first?.message
                == "read the ICU locale id 'de_CH' as the BCP 47 language tag de-CH")
    }

    @Test(arguments: [
        ("⏵a-b-c", "a"), ("de-XX-⏵x", "x"), ("de-⏵-CH", "-"), ("de⏵-", "-"), ("en-US-⏵toolongsubtag", "t"),
    ])
    func anIllFormedTagIsRefusedWhereItBreaks(marked: String, character: Character) throws {
        let input = Marked(marked)
        let result = try Self.field("en").validate(input.text)
        #expect(result.errors.map(\.code) == [.illFormedTag], "\(input.text)")
        #expect(result.errors.first?.offset == input.offset, "\(input.text)")
        #expect(result.errors.first?.character.map(Character.init) == character, "\(input.text)")
    }

    @Test(arguments: [("⏵xx-YY", "language 'xx'"), ("de-⏵YY", "region 'YY'"), ("de-⏵Xyzw", "script 'Xyzw'")])
    func anUnknownSubtagIsNamed(marked: String, subtag: String) throws {
        let input = Marked(marked)
        let result = try Self.field("en").validate(input.text)
        #expect(result.errors.map(\.code) == [.unknownCode])
        #expect(result.errors.first?.message.contains("ICU knows no \(subtag)") == true)
        #expect(result.errors.first?.offset == input.offset)
    }

    @Test(arguments: [
        ("iw", "write he"), ("in", "write id"), ("de-DD", "write de-DE"), ("ger", "write de"),
        ("fre-CA", "write fr-CA"),
        ("i-klingon", "write tlh"),
    ])
    func aDeprecatedCodeNamesItsReplacement(code: String, replacement: String) throws {
        let result = try Self.field("en").validate(code)
        #expect(result.errors.map(\.code) == [.deprecatedCode], "\(code)")
        #expect(result.errors.first?.message.contains(replacement) == true, "\(result.errors.first?.message ?? "")")
    }

    @Test func aVariantICUCannotNameIsUnknown() throws {
        // `bas-sorabe` is well-formed (Basaa, variant sorabe) and fr_FR's name of Lower Sorbian.
        let result = try Self.field("en").validate("bas-sorabe")
        #expect(result.errors.map(\.code) == [.unknownCode])
        #expect(result.errors.first?.message.contains("ICU knows no variant 'sorabe'") == true)
        #expect(try Self.field("fr_FR").validate("bas-sorabe").value == "dsb")
    }

    @Test func namesReadAsTags() throws {
        #expect(try Self.field("de_DE").validate("Deutsch (Schweiz)").value == "de-CH")
        #expect(try Self.field("fr_FR").validate("allemand (Suisse)").value == "de-CH")
        #expect(try Self.field("de_DE").validate("Schweizerdeutsch").value == "gsw")
        #expect(try Self.field("de_DE").validate("Schweizer Hochdeutsch").value == "de-CH")
        #expect(try Self.field("en").validate("British English").value == "en-GB")
        // One word in title case is a name, not a language subtag.
        #expect(try Self.field("en").validate("English").value == "en")
        #expect(try Self.field("en").validate("Ewe").value == "ee")
        let loose = try Self.field("fr_FR").validate("ALLEMAND (SUISSE)")
        #expect(loose.value == "de-CH")
        #expect(loose.warnings.map(\.code) == [.nameReadLoosely])
    }

    @Test func outputNameWritesTheLocalesName() throws {
        let field = try Self.field("fr_FR") { $0.output = .name }
        #expect(field.validate("de-CH").output == "allemand (Suisse)")
    }

    @Test(arguments: locales)
    func everyTagReadsBackFromItsName(locale: String) throws {
        let field = try Self.field(locale)
        let dataLocale = try LocaleID(locale).dataLocale
        let table = LanguageCatalog.names(in: dataLocale)
        let dialects = LanguageCatalog.names(in: dataLocale, dialect: true)
        let index = NameIndex.of(.language, locale: dataLocale, historic: false)
        var read = 0
        var ambiguous = 0
        var tags = 0
        for tagged in LanguageCatalog.tags {
            #expect(field.validate(tagged.tag).value == tagged.tag, "\(tagged.tag)")
            for name in Set([table[tagged.tag], dialects[tagged.tag]].compactMap { $0 }) {
                let result = field.validate(name)
                if result.value == tagged.tag {
                    read += 1
                } else if result.errors.first?.code == .ambiguousName {
                    ambiguous += 1
                    #expect(
                        index.lookUp(name).identifiers.contains { $0.code == tagged.tag }, "\(tagged.tag): '\(name)'")
                } else if result.value == name {
                    // A name that is a valid tag itself reads as that tag: `ga` (Irish) is Ga's
                    // name in fr and es.
                    tags += 1
                } else {
                    Issue.record(
                        "\(tagged.tag): '\(name)' read as \(result.value ?? result.errors.first?.message ?? "?")")
                }
            }
        }
        print(
            "REPORT lang \(locale) tags \(LanguageCatalog.tags.count) names \(table.count)+\(dialects.filter { table[$0.key] != $0.value }.count) read \(read) ambiguous \(ambiguous) tags \(tags)"
        )
        #expect(read > 800)
        #expect(ambiguous * 50 < read, "\(ambiguous) ambiguous names in \(locale)")
        #expect(tags <= 2)
    }
}
