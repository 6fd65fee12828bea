import Foundation
import Testing

/// Issue 34: identifiers — a country's codes and its names in a locale, read back to the
/// code, in every front end (the line command, csv schemas and --column, infer, prompt).
@Suite struct IdentifierCommandTests {
    @Test func countryNamesAndCodesReadBackToTheAlpha2Code() throws {
        let run = try CLI.run(
            ["country", "--locale", "fr_FR"], input: "Allemagne\nDEU\n276\nRoyaume-Uni\nJapon\nallemagne\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "DE\nDE\nDE\nGB\nJP\nDE\n")
        #expect(
            run.stderr
                == "fieldcheck: line 6: 'allemagne': warning: read 'allemagne' as the country DE ('Allemagne' in "
                + "fr_FR), matching names as fr_FR collates them [name_read_loosely]\n")
    }

    @Test func withdrawnAndGroupCodesAreRefusedWithWhatToWrite() throws {
        let run = try CLI.run(["country", "--locale", "en"], input: "UK\nEU\n150\nSU\nXX\nGermnay\n")
        #expect(run.status == 1)
        #expect(run.stdout == "")
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 6, "\(run.stderr)")
        #expect(lines[0].contains("'UK' is not an ISO 3166-1 code (United Kingdom is GB); write GB"))
        #expect(lines[0].hasSuffix("[deprecated_code]"))
        #expect(lines[1].contains("group of countries (European Union)") && lines[1].hasSuffix("[grouping_code]"))
        #expect(lines[2].contains("(Europe)") && lines[2].hasSuffix("[grouping_code]"))
        #expect(
            lines[3].contains("withdrawn") && lines[3].contains("RU, AM") && lines[3].hasSuffix("[deprecated_code]"))
        #expect(lines[4].contains("no country has the code 'XX'") && lines[4].hasSuffix("[unknown_code]"))
        #expect(lines[5].contains("(did you mean 'Germany'?)") && lines[5].hasSuffix("[unknown_name]"))
        #expect(lines.allSatisfy { $0.contains("expected a country like DE, DEU, 276 or Germany (en)") })
    }

    @Test func outputFormsAndAnotherLocalesName() throws {
        let codes = try CLI.run(["country", "--output", "alpha3"], input: "DE\nAT\n")
        #expect(codes.stdout == "DEU\nAUT\n")
        let numeric = try CLI.run(["country", "--output", "numeric"], input: "AT\n")
        #expect(numeric.stdout == "040\n")
        let japanese = try CLI.run(
            ["country", "--locale", "de_DE", "--output", "name", "--to", "ja"], input: "Deutschland\nÖsterreich\n")
        #expect(japanese.status == 0)
        #expect(japanese.stdout == "ドイツ\nオーストリア\n")
        let input = try CLI.run(["country", "--locale", "de_DE", "--output", "input"], input: "Deutschland\n")
        #expect(input.stdout == "Deutschland\n")
        let bad = try CLI.run(["country", "--output", "symbol"], input: "DE\n")
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("a country cannot be written as 'symbol'"), "\(bad.stderr)")
    }

    @Test func acceptRestrictsTheForms() throws {
        let run = try CLI.run(["country", "--locale", "en", "--accept", "code"], input: "DE\nGermany\nDEU\n")
        #expect(run.status == 1)
        #expect(run.stdout == "DE\n")
        #expect(run.stderr.contains("'Germany' is the country DE written as its name, which the field does not accept"))
        #expect(run.stderr.contains("written as its ISO 3166-1 alpha-3 code"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").allSatisfy { $0.hasSuffix("[form_not_accepted]") })
        let unknown = try CLI.run(["country", "--accept", "code,flag"], input: "DE\n")
        #expect(unknown.status == 2)
        #expect(
            unknown.stderr.contains("a country is not written as 'flag'; the forms are code, alpha3, numeric, name"))
    }

    @Test func jsonCarriesTheCodeAndTheValue() throws {
        let run = try CLI.run(["country", "--locale", "fr_FR", "--json"], input: "Allemagne\nUK\n")
        let records = run.stdout.split(separator: "\n").map(String.init)
        #expect(records.count == 2)
        #expect(records[0].contains("\"valid\":true,\"value\":\"DE\""), "\(records[0])")
        #expect(records[1].contains("\"code\":\"deprecated_code\""))
    }

    @Test func csvReadsFormatCountryAndColumnSpecs() throws {
        let schema = CLI.temporaryFile("countries.schema.yaml")
        defer { try? FileManager.default.removeItem(at: schema) }
        try Data(
            "fields:\n  - name: land\n    type: string\n    format: country\n    locale: de_DE\n    output: alpha3\n"
                .utf8
        ).write(to: schema)
        let csv = "land\nDeutschland\nFrankreich\nEU\n"
        let run = try CLI.run(["csv", "--schema", schema.path, "--normalize"], input: csv)
        #expect(run.status == 1)
        #expect(run.stdout == "land\nDEU\nFRA\n")
        #expect(run.stderr.contains("row 3 (line 4), column 'land': 'EU'") && run.stderr.contains("[grouping_code]"))
        let column = try CLI.run(["csv", "--column", "land=country:de_DE", "--normalize"], input: csv)
        #expect(column.stdout == "land\nDE\nFR\n")
        let typo = try CLI.run(["csv", "--column", "land=contry:de_DE"], input: csv)
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("did you mean 'country'?"), "\(typo.stderr)")
    }

    @Test func inferRecognizesACountryColumnAndItsLanguage() throws {
        let csv = CLI.temporaryFile("laender.csv")
        let schema = CLI.temporaryFile("laender.schema.yaml")
        defer {
            try? FileManager.default.removeItem(at: csv)
            try? FileManager.default.removeItem(at: schema)
        }
        try Data("name,land,iso\nAnna,Deutschland,DE\nBen,Frankreich,FR\nCleo,Spanien,ES\n".utf8).write(to: csv)
        let report = try CLI.run(["infer", csv.path], input: "")
        #expect(
            report.stdout.contains("column 'land': country\n  written as: names\n  names in: de\n"), "\(report.stdout)")
        #expect(report.stdout.contains("column 'iso': country\n  written as: ISO 3166-1 alpha-2 code\n"))
        let written = try CLI.run(["infer", "--schema", csv.path], input: "")
        #expect(
            written.stdout.contains(
                "    type: \"string\"\n    identifier: \"country\"\n    accept: \"name\"\n    locale: \"de\"\n"))
        try Data(written.stdout.utf8).write(to: schema)
        let check = try CLI.run(["csv", "--schema", schema.path, "--check", csv.path], input: "")
        #expect(check.status == 0, "\(check.stderr)")
    }

    /// Trial 57, defect 3: a column of alpha-3 codes had a schema that accepted names and
    /// numeric codes too, and `csv --normalize` rewrote `DEU` as `DE`. The schema now accepts
    /// the form the column writes and keeps alpha-3 and numeric codes in it; names become codes.
    @Test func anInferredCodeColumnAcceptsItsFormAndKeepsIt() throws {
        let csv = CLI.temporaryFile("codes.csv")
        let schema = CLI.temporaryFile("codes.schema.yaml")
        defer { for url in [csv, schema] { try? FileManager.default.removeItem(at: url) } }
        try Data(
            "iso2,iso3,num,name\nDE,DEU,276,Deutschland\nAT,AUT,040,Österreich\nCH,CHE,756,Schweiz\nFR,FRA,250,Frankreich\n"
                .utf8
        ).write(to: csv)
        let written = try CLI.run(["infer", "--schema", csv.path])
        #expect(
            written.stdout.contains("    identifier: \"country\"\n    accept: \"alpha3\"\n    output: \"alpha3\"\n"))
        try Data(written.stdout.utf8).write(to: schema)
        let normalized = try CLI.run(["csv", "--schema", schema.path, "--normalize", csv.path])
        #expect(normalized.status == 0, "\(normalized.stderr)")
        #expect(normalized.stdout.split(separator: "\n").dropFirst().first == "DE,DEU,276,DE")
        // A name in the alpha-3 column, or an alpha-3 code in the alpha-2 one, is refused.
        let mixed = try CLI.run(
            ["csv", "--schema", schema.path, "--check"], input: "iso2,iso3,num,name\nDEU,Germany,276,Deutschland\n")
        #expect(mixed.status == 1)
        #expect(mixed.stderr.contains("[form_not_accepted]"), "\(mixed.stderr)")
        #expect(
            mixed.stderr.split(separator: "\n").count { $0.contains("[form_not_accepted]") } == 2, "\(mixed.stderr)")
    }

    @Test func promptReadsACountryAndRefusesWhatNoNameBeginsWith() throws {
        let accepted = try CLI.run(["prompt", "country", "--locale", "fr_FR", "--no-tty"], input: "Allemagne\n")
        #expect(accepted.status == 0)
        #expect(accepted.stdout == "DE\n")
        let refused = try CLI.run(["prompt", "country", "--locale", "fr_FR", "--no-tty"], input: "Allemagnx\n")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("'x' (U+0078 LATIN SMALL LETTER X) at column 9"), "\(refused.stderr)")
    }

    @Test func currencyCodesSymbolsAndNamesAndTheirRefusals() throws {
        let run = try CLI.run(["currency", "--locale", "fr_FR"], input: "EUR\neuros\n€\nDEM\n$\nXYZ\n")
        #expect(run.status == 1)
        #expect(run.stdout == "EUR\nEUR\nEUR\n")
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(run.stderr)")
        #expect(lines[0].contains("DEM is a former currency") && lines[0].hasSuffix("[former_currency]"))
        #expect(lines[1].contains("'$' names ") && lines[1].contains(" currencies in fr_FR: "))
        #expect(lines[1].hasSuffix("[ambiguous_name]"))
        #expect(lines[2].hasSuffix("[unknown_code]"))
        let historic = try CLI.run(["currency", "--historic"], input: "DEM\n")
        #expect(historic.status == 0)
        #expect(historic.stdout == "DEM\n")
        let symbol = try CLI.run(["currency", "--output", "symbol", "--to", "de_DE"], input: "EUR\n")
        #expect(symbol.stdout == "€\n")
        let notCountry = try CLI.run(["country", "--historic"], input: "DE\n")
        #expect(notCountry.status == 2)
    }

    @Test func languageTagsAndNames() throws {
        let run = try CLI.run(["language", "--locale", "de_DE"], input: "de-CH\nde_CH\nDeutsch (Schweiz)\niw\na-b-c\n")
        #expect(run.status == 1)
        #expect(run.stdout == "de-CH\nde-CH\nde-CH\n")
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(run.stderr)")
        #expect(lines[0].hasSuffix("[code_normalized]"))
        #expect(lines[1].contains("write he") && lines[1].hasSuffix("[deprecated_code]"))
        #expect(lines[2].contains("at column 1") && lines[2].hasSuffix("[ill_formed_tag]"))
        let french = try CLI.run(["language", "--output", "name", "--to", "fr"], input: "de-CH\n")
        #expect(french.stdout == "allemand (Suisse)\n")
    }

    /// The man page's examples of the krone: `kr` is four currencies in de_DE and never
    /// guessed; a currency's own symbol is its own where it is others' narrow symbol.
    @Test func aSharedSymbolIsAmbiguousUnlessItIsTheLocalesOwnCurrencys() throws {
        let german = try CLI.run(["currency", "--locale", "de_DE"], input: "kr\n")
        #expect(german.status == 1)
        #expect(german.stdout == "")
        #expect(german.stderr.contains("'kr' names 4 currencies in de_DE: DKK"))
        #expect(german.stderr.hasSuffix("[ambiguous_name]\n"))
        let danish = try CLI.run(["currency", "--locale", "da_DK"], input: "kr.\n")
        #expect(danish.status == 0 && danish.stdout == "DKK\n" && danish.stderr == "", "\(danish.stderr)")
        let swedish = try CLI.run(["currency", "--locale", "sv_SE"], input: "kr\n")
        #expect(swedish.status == 0 && swedish.stdout == "SEK\n" && swedish.stderr == "", "\(swedish.stderr)")
    }

    /// A symbol that is the code itself (CHF in de_CH) is a symbol: `--accept symbol` refused
    /// de_CH's own currency, and the example it gave (EUR).
    @Test func aSymbolWrittenAsTheCodeIsASymbol() throws {
        let run = try CLI.run(["currency", "--locale", "de_CH", "--accept", "symbol"], input: "CHF\nEUR\n$\nUSD\n")
        #expect(run.status == 1)
        #expect(run.stdout == "CHF\nEUR\nUSD\n")
        #expect(
            run.stderr.contains("line 4: 'USD': not a currency: 'USD' is the currency USD written as its ISO 4217 code")
        )
    }

    /// The example is one the field reads as its code: not a name two codes share (pt_BR's
    /// `alemão (Suíça)`), and not empty where the locale lacks the usual example's name.
    @Test func theExampleReadsBackAsItsCode() throws {
        let language = try CLI.run(["language", "--locale", "pt_BR"], input: "zz\n")
        #expect(language.stderr.contains("expected a language like de-CH (pt_BR)"), "\(language.stderr)")
        let names = try CLI.run(["country", "--locale", "bem", "--accept", "name"], input: "zz\nZambia\n")
        #expect(names.stderr.contains("expected a country like Zambia (bem)"), "\(names.stderr)")
        #expect(names.stdout == "ZM\n")
    }

    @Test func timeZoneIdsAliasesAndSharedNames() throws {
        let run = try CLI.run(
            ["timezone", "--locale", "fr_FR"],
            input: "Europe/Berlin\nAsia/Calcutta\nheure : Allemagne\nEurope/Berlinn\nheure d’Europe centrale\n")
        #expect(run.status == 1)
        #expect(run.stdout == "Europe/Berlin\nAsia/Kolkata\nEurope/Berlin\n")
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(run.stderr)")
        #expect(lines[0].contains("Asia/Kolkata") && lines[0].hasSuffix("[code_normalized]"))
        #expect(lines[1].contains("did you mean Europe/Berlin") && lines[1].hasSuffix("[unknown_code]"))
        #expect(
            lines[2].contains("names 33 time zones") && lines[2].contains("and 29 more: ")
                && lines[2].contains("Europe/Paris"))
        #expect(lines[2].hasSuffix("[ambiguous_name]"))
    }

    @Test func compareShowsHowANameReadsInEachLocale() throws {
        let run = try CLI.run(["compare", "--type", "country", "--locales", "fr_FR,de_DE,en_US", "Chypre"], input: "")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout
                == "'Chypre' as a country:\n  CY                       fr_FR\n  rejected (unknown_name)  de_DE, en_US\n"
        )
    }

    @Test func everyIdentifierCommandIsListedInHelp() throws {
        let help = try CLI.run(["--help"], input: "")
        for kind in ["country", "currency", "language", "timezone"] {
            #expect(help.stdout.contains("\n  \(kind) "), "\(kind)")
            let own = try CLI.run([kind, "--help"], input: "")
            #expect(own.status == 0)
            #expect(own.stdout.contains("--accept <FORMS>") && own.stdout.contains("Examples:"))
        }
    }
}
