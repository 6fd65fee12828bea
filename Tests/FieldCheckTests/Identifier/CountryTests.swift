import Testing

@testable import FieldCheck

/// Countries (issue 34): every ISO 3166-1 code ICU knows, and its name in locales of many
/// scripts, read back to the code.
@Suite struct CountryTests {
    static let locales = [
        "en", "de", "fr", "es", "pt_BR", "it", "ru", "uk", "ar", "he", "hi", "bn", "th", "ja", "zh", "zh_Hant", "ko",
        "tr", "el", "sw",
    ]

    static func field(_ locale: String, _ configure: (inout IdentifierSpec) -> Void = { _ in }) throws
        -> FieldValidator
    {
        var spec = IdentifierSpec(kind: .country)
        configure(&spec)
        return try FieldValidator(FieldSpec(kind: .identifier(spec), locale: try LocaleID(locale)))
    }

    @Test func everyTerritoryCodeIsReadInEveryForm() throws {
        let field = try Self.field("en")
        let territories = CountryCatalog.territories
        #expect(territories.count > 240)
        for territory in territories {
            #expect(field.validate(territory.alpha2).value == territory.alpha2, "\(territory.alpha2)")
            if !territory.alpha3.isEmpty {
                #expect(field.validate(territory.alpha3).value == territory.alpha2, "\(territory.alpha3)")
            }
        }
        // Every numeric code ISO assigns reads back; some territories (Kosovo) have none.
        let numbered = territories.filter { !$0.numeric.isEmpty }
        #expect(numbered.count > 240)
        for territory in numbered {
            #expect(field.validate(territory.numeric).value == territory.alpha2, "\(territory.numeric)")
        }
    }

    /// Code → name in the locale → code, for every territory in 20 locales. A name two
    /// territories share in a locale is reported as ambiguous, never read as the other.
    @Test(arguments: locales)
    func everyNameReadsBackToItsCode(locale: String) throws {
        let field = try Self.field(locale)
        let catalog = CountryCatalog()
        var ambiguous: [String] = []
        var named = 0
        for territory in CountryCatalog.territories {
            guard let name = catalog.write(territory.alpha2, as: .name, locale: locale) else { continue }
            named += 1
            let result = field.validate(name)
            if result.value == territory.alpha2 { continue }
            #expect(result.errors.first?.code == .ambiguousName, "\(locale): \(name) gave \(result)")
            #expect(result.errors.first?.message.contains(territory.alpha2) == true)
            ambiguous.append(name)
        }
        #expect(named > 240)
        #expect(ambiguous.count <= 2, "\(locale): \(ambiguous)")
    }

    @Test func namesAreMatchedAsTheLocaleCollatesThem() throws {
        let french = try Self.field("fr_FR")
        let loose = french.validate("ALLEMAGNE")
        #expect(loose.value == "DE")
        #expect(loose.warnings.map(\.code) == [.nameReadLoosely])
        #expect(french.validate("Etats-Unis").value == "US")
        #expect(french.validate("Allemagne").warnings.isEmpty)
    }

    @Test(arguments: [
        ("UK", ErrorCode.deprecatedCode), ("SU", .deprecatedCode), ("EU", .groupingCode), ("150", .groupingCode),
        ("UN", .groupingCode), ("XX", .unknownCode), ("ZZ", .unknownCode), ("Atlantis", .unknownName),
    ])
    func refusedCodes(value: String, code: ErrorCode) throws {
        let result = try Self.field("en").validate(value)
        #expect(result.value == nil)
        #expect(result.errors.map(\.code) == [code], "\(result.errors)")
    }

    @Test func aDeprecatedAlpha3CodeNamesTheCurrentOne() throws {
        let result = try Self.field("en").validate("UK")
        #expect(result.errors.first?.message.contains("write GB") == true)
    }

    @Test func aFieldAcceptsOnlyTheFormsAsked() throws {
        let codes = try Self.field("en") { $0.accept = [.code] }
        #expect(codes.validate("DE").value == "DE")
        #expect(codes.validate("Germany").errors.map(\.code) == [.formNotAccepted])
        #expect(codes.validate("276").errors.map(\.code) == [.formNotAccepted])
        #expect(throws: ConfigurationError.self) { try Self.field("en") { $0.accept = [.symbol] } }
    }
}
