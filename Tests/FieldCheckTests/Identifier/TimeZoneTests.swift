import Testing

@testable import FieldCheck

@Suite struct TimeZoneTests {
    static func field(_ locale: String, _ configure: (inout IdentifierSpec) -> Void = { _ in }) throws
        -> FieldValidator
    {
        var spec = IdentifierSpec(kind: .timezone)
        configure(&spec)
        return try FieldValidator(FieldSpec(kind: .identifier(spec), locale: try LocaleID(locale)))
    }

    /// Locales of many scripts and both directions.
    static let locales = [
        "en", "de", "fr", "es", "pt_BR", "it", "ru", "uk", "ar", "he", "hi", "bn", "th", "ja", "zh", "zh_Hant", "ko",
        "tr", "el", "sw",
    ]

    @Test func everyCanonicalIDIsItsOwnValue() throws {
        let field = try Self.field("en")
        #expect(TimeZoneCatalog.zones.count > 400)
        for zone in TimeZoneCatalog.zones {
            let result = field.validate(zone.id)
            #expect(result.value == zone.id && result.warnings.isEmpty, "\(zone.id)")
        }
    }

    @Test(arguments: locales)
    func everyLocationNameReadsBackToItsZone(locale: String) throws {
        let field = try Self.field(locale)
        let dataLocale = try LocaleID(locale).dataLocale
        let table = TimeZoneCatalog.names(in: dataLocale)
        let index = NameIndex.of(.timezone, locale: dataLocale, historic: false)
        var read = 0
        var ambiguous = 0
        for zone in TimeZoneCatalog.zones {
            guard let name = table[zone.id]?.location else { continue }
            let result = field.validate(name)
            if result.value == zone.id {
                read += 1
            } else if result.errors.first?.code == .ambiguousName {
                ambiguous += 1
                #expect(index.lookUp(name).identifiers.contains { $0.code == zone.id }, "\(zone.id): '\(name)'")
            } else {
                Issue.record("\(zone.id): '\(name)' read as \(result.value ?? result.errors.first?.message ?? "?")")
            }
        }
        #expect(read > 400)
        #expect(ambiguous * 50 < read, "\(ambiguous) ambiguous location names in \(locale)")
    }

    @Test func anAliasIsReadAsItsCanonicalIANAID() throws {
        let field = try Self.field("fr_FR")
        for (alias, zone) in [
            ("Asia/Calcutta", "Asia/Kolkata"), ("US/Eastern", "America/New_York"), ("Europe/Kiev", "Europe/Kyiv"),
            ("europe/berlin", "Europe/Berlin"), ("UTC", "Etc/UTC"),
        ] {
            let result = field.validate(alias)
            #expect(result.value == zone, "\(alias)")
            #expect(result.warnings.map(\.code) == [.codeNormalized], "\(alias)")
        }
        let calcutta = field.validate("Asia/Calcutta")
        #expect(
            calcutta.warnings.first?.message.contains("read 'Asia/Calcutta' as Asia/Kolkata, its canonical") == true)
    }

    @Test func fixedOffsetZonesAreTheirOwnIDs() throws {
        let field = try Self.field("en")
        for id in ["Etc/UTC", "Etc/GMT+5", "Etc/GMT-14"] {
            #expect(field.validate(id).value == id)
            #expect(field.validate(id).warnings.isEmpty)
        }
        // Etc/GMT+5 is five hours behind UTC; its name is its offset.
        #expect(field.validate("GMT-05:00").value == "Etc/GMT+5")
    }

    @Test func anUnknownIDSuggestsTheNearest() throws {
        let field = try Self.field("fr_FR")
        let berlinn = field.validate("Europe/Berlinn")
        #expect(berlinn.errors.map(\.code) == [.unknownCode])
        #expect(berlinn.errors.first?.message.contains("did you mean Europe/Berlin") == true)
        #expect(field.validate("Mars/Olympus").errors.map(\.code) == [.unknownCode])
        let tokyo = field.validate("Tokyo")
        #expect(tokyo.errors.map(\.code) == [.unknownCode])
        #expect(tokyo.errors.first?.message.contains("Asia/Tokyo") == true)
    }

    @Test func javasThreeLetterIDsAreNotIANAs() throws {
        let result = try Self.field("en").validate("BST")
        #expect(result.errors.map(\.code) == [.unknownCode])
        #expect(result.errors.first?.message.contains("ICU reads it as Asia/Dhaka") == true)
        let removed = try Self.field("en").validate("SystemV/EST5")
        #expect(removed.errors.map(\.code) == [.unknownCode])
        #expect(removed.errors.first?.message.contains("'SystemV/EST5' is not an IANA time zone id;") == true)
    }

    @Test func aMetazoneNameIsAmbiguousAndListsAFew() throws {
        let field = try Self.field("fr_FR")
        let result = field.validate("heure normale d’Europe centrale")
        #expect(result.errors.map(\.code) == [.ambiguousName])
        let message = result.errors.first?.message ?? ""
        #expect(message.contains(" more: Europe/Amsterdam, "))
        #expect(message.contains("Europe/Zurich; write the IANA time zone id or the name in parentheses instead"))
        #expect(message.components(separatedBy: "), ").count == 4)
        // Lower case and a straight apostrophe: the same name, read loosely, still ambiguous.
        #expect(field.validate("heure normale d'europe centrale").errors.map(\.code) == [.ambiguousName])
    }

    @Test func aZoneAloneInItsMetazoneIsReadByItsLongNames() throws {
        let field = try Self.field("de_DE")
        #expect(field.validate("Japanische Normalzeit").value == "Asia/Tokyo")
        #expect(field.validate("Mitteleuropäische Sommerzeit").errors.map(\.code) == [.ambiguousName])
        // India's metazone is Sri Lanka's too: two zones, both listed.
        let india = field.validate("Indische Normalzeit")
        #expect(india.errors.map(\.code) == [.ambiguousName])
        #expect(india.errors.first?.message.contains("Asia/Kolkata (Indien (Ortszeit)), Asia/Colombo") == true)
    }

    @Test func locationNamesAreTheLocales() throws {
        let names = TimeZoneCatalog.names(in: "fr_FR")
        #expect(names["Europe/Berlin"]?.location == "heure : Allemagne")
        #expect(names["Europe/Berlin"]?.generic == "heure d’Europe centrale")
        #expect(
            names["Europe/Berlin"]?.specific == ["heure normale d’Europe centrale", "heure d’été d’Europe centrale"])
        #expect(try Self.field("fr_FR").validate("heure : Allemagne").value == "Europe/Berlin")
    }

    /// `--output name` writes the generic name where it is the zone's alone, else the location
    /// name: Mitteleuropäische Zeit, which 33 zones share, read back as none of them.
    @Test func outputNameWritesANameThatReadsBackAsTheZone() throws {
        let field = try Self.field("de_DE") { $0.output = .name }
        let result = field.validate("Europe/Berlin")
        #expect(result.value == "Europe/Berlin")
        #expect(result.output == "Deutschland (Ortszeit)")
        let english = try Self.field("en_US") { $0.output = .name }
        #expect(english.validate("Asia/Tokyo").output == "Japan Standard Time")
        let reader = try Self.field("en_US")
        for zone in [
            "Europe/Berlin", "Europe/Paris", "America/New_York", "Asia/Kolkata", "Asia/Tokyo", "America/Chicago",
        ] {
            let name = try #require(english.validate(zone).output)
            #expect(reader.validate(name).value == zone, "\(zone) written as \(name)")
        }
    }
}
