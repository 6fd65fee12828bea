import FieldCheck
import Testing

@Suite struct LocaleTests {
    @Test(arguments: [
        "de_DE", "de-CH", "en_US_POSIX", "zh_CN", "zh_TW", "sr_Latn_RS", "ar-EG-u-nu-latn", "fr", "pt_BR",
    ])
    func knownLocalesResolve(id: String) throws {
        _ = try LocaleID(id)
    }

    @Test(arguments: ["xx_YY", "de_XX", "en_ZZ", "", "de DE", "klingon"])
    func unknownLocalesAreRefused(id: String) {
        #expect(throws: ConfigurationError.self) { try LocaleID(id) }
    }

    @Test func aliasesLoadTheirScriptLocale() throws {
        #expect(try LocaleID("zh_CN").dataLocale == "zh_Hans_CN")
        #expect(try LocaleID("zh_TW").dataLocale == "zh_Hant_TW")
    }

    @Test func environmentPrecedence() throws {
        let env = ["LC_ALL": "de_DE.UTF-8", "LC_NUMERIC": "fr_FR.UTF-8", "LANG": "en_GB.UTF-8"]
        #expect(try LocaleID.fromEnvironment(category: "LC_NUMERIC", environment: env).identifier == "de_DE")
        var noAll = env
        noAll["LC_ALL"] = nil
        #expect(try LocaleID.fromEnvironment(category: "LC_NUMERIC", environment: noAll).identifier == "fr_FR")
        #expect(try LocaleID.fromEnvironment(category: "LC_TIME", environment: noAll).identifier == "en_GB")
        #expect(try LocaleID.fromEnvironment(category: "LC_TIME", environment: ["LANG": "C.UTF-8"]) == .posix)
        #expect(try LocaleID.fromEnvironment(category: "LC_TIME", environment: [:]) == .posix)
    }

    @Test func numberSymbols() throws {
        let german = NumberSymbols(locale: try LocaleID("de_DE"))
        #expect(german.decimalSeparator == ",")
        #expect(german.groupingSeparator == ".")
        let india = NumberSymbols(locale: try LocaleID("en_IN"))
        #expect(india.primaryGroupingSize == 3)
        #expect(india.secondaryGroupingSize == 2)
        let swiss = NumberSymbols(locale: try LocaleID("de_CH"))
        #expect(swiss.groupingSeparator == "’")
        let egypt = NumberSymbols(locale: try LocaleID("ar_EG"))
        #expect(egypt.numberingSystem == "arab")
        #expect(egypt.digitValue("٧") == 7)
        #expect(egypt.digitValue("7") == nil)
    }

    @Test func datePatterns() throws {
        #expect(DatePatterns.pattern(for: .short, locale: try LocaleID("de_DE")) == "dd.MM.yy")
        #expect(try DatePatterns.bestPattern(skeleton: "yMd", locale: try LocaleID("de_DE")) == "d.M.y")
    }

    @Test func characterDescriptions() {
        #expect(CharacterDescription.describe("a") == "'a' (U+0061 LATIN SMALL LETTER A)")
        #expect(CharacterDescription.describe("\u{200B}") == "invisible U+200B ZERO WIDTH SPACE")
        #expect(CharacterDescription.describe("\u{A0}") == "invisible U+00A0 NO-BREAK SPACE")
        #expect(CharacterDescription.describe("\u{FEFF}") == "invisible U+FEFF ZERO WIDTH NO-BREAK SPACE")
        #expect(CharacterDescription.describe("\u{200F}") == "invisible U+200F RIGHT-TO-LEFT MARK")
    }
}

/// Issue 21: keyword values ICU does not know are refused where the locale is resolved.
@Suite struct LocaleKeywordTests {
    @Test(arguments: [
        "en-u-nu-foo", "en-u-nu", "en@numbers=foo", "en@numbers=roman", "ja-u-nu-traditio", "en-u-ca-foo",
        "en@calendar=foo", "en-u-ca", "en@numbers=latn;calendar=foo",
    ])
    func unknownKeywordValuesAreRefused(id: String) {
        #expect(throws: ConfigurationError.self) { try LocaleID(id) }
    }

    @Test(arguments: [
        "en-u-nu-latn", "ar-EG-u-nu-arab", "en@numbers=native", "zh-u-nu-hanidec", "en-u-ca-gregory",
        "th-u-ca-buddhist", "ar-SA-u-ca-islamic-umalqura", "en@calendar=japanese", "en-u-nu-finance",
        "en_US@calendar=islamic-umalqura", "ar_SA@calendar=islamic-civil;numbers=latn",
    ])
    func knownKeywordValuesResolve(id: String) throws {
        _ = try LocaleID(id)
    }

    /// Issue 29, 10: an ICU id whose keyword value has a hyphen is the same locale as its
    /// BCP 47 tag (it was read as a tag, and refused as "no data").
    @Test func anICUIdWithAHyphenatedKeywordIsItsTag() throws {
        let id = try LocaleID("en_US@calendar=islamic-umalqura")
        let tag = try LocaleID("en-US-u-ca-islamic-umalqura")
        #expect(id.identifier == tag.identifier)
        #expect(id.dataLocale == tag.dataLocale)
    }

    @Test func everyAvailableLocaleResolvesAndHasDigits() throws {
        for id in LocaleID.available {
            let symbols = NumberSymbols(locale: try LocaleID(id))
            #expect(Set(symbols.digits).count == 10, "\(id)")
        }
    }
}
