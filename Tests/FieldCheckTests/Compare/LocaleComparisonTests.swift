import Testing

@testable import FieldCheck

/// `compare` calls the line commands' readers: its verdict in each locale is theirs.
@Suite struct LocaleComparisonTests {
    static let locales = ["en_US", "de_DE", "fr_FR", "de_CH", "en_IN", "ar_EG", "ja_JP", "es_ES", "en_GB"]
    static let values = [
        "1.234", "1,234", "1 234,5", "1’234.5", "12,34,567", "١٬٢٣٤", "-0,5", "1,234567", "abc", "", "03/04/2025",
        "31.12.2025", "2025/12/31", "13 avril 2026",
    ]

    @Test func agreesWithTheSingleLocaleReaders() throws {
        let ids = try Self.locales.map { try LocaleID($0) }
        for type in [ComparedType.number, .date] {
            let comparer = try LocaleComparer(locales: ids, type: type)
            for value in Self.values {
                let comparison = comparer.compare(value)
                #expect(comparison.type == type)
                for locale in ids {
                    let group = try #require(comparison.groups.first { $0.locales.contains(locale) })
                    var expected: String?
                    if type == .number {
                        expected = try FieldValidator(FieldSpec(kind: .number(NumberSpec()), locale: locale))
                            .validate(value).value
                    } else {
                        for style in DateStyle.allCases where expected == nil {
                            var spec = DateSpec()
                            spec.format = .style(style)
                            expected = try FieldValidator(FieldSpec(kind: .date(spec), locale: locale)).validate(value)
                                .value
                        }
                    }
                    #expect(group.value == expected, "\(value) in \(locale)")
                }
            }
        }
    }

    @Test func autoPrefersANumberThenADate() throws {
        let comparer = try LocaleComparer(locales: [try LocaleID("de_DE"), try LocaleID("en_US")], type: .auto)
        #expect(comparer.compare("1.234").type == .number)
        #expect(comparer.compare("1.234").isAmbiguous)
        #expect(comparer.compare("12/31/2025").type == .date)
        #expect(comparer.compare("12/31/2025").meanings == ["2025-12-31"])
        #expect(!comparer.compare("hello").isReadable)
        #expect(throws: ConfigurationError.self) { try LocaleComparer(locales: [], type: .auto) }
    }
}
