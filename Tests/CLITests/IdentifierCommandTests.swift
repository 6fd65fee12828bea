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
        #expect(lines[3].contains("withdrawn") && lines[3].contains("RU, AM") && lines[3].hasSuffix("[deprecated_code]"))
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
        #expect(unknown.stderr.contains("a country is not written as 'flag'; the forms are code, alpha3, numeric, name"))
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
        #expect(report.stdout.contains("column 'land': country\n  written as: names\n  names in: de\n"), "\(report.stdout)")
        #expect(report.stdout.contains("column 'iso': country\n  written as: ISO 3166-1 alpha-2 code\n"))
        let written = try CLI.run(["infer", "--schema", csv.path], input: "")
        #expect(written.stdout.contains("    type: \"string\"\n    format: \"country\"\n    locale: \"de\"\n"))
        try Data(written.stdout.utf8).write(to: schema)
        let check = try CLI.run(["csv", "--schema", schema.path, "--check", csv.path], input: "")
        #expect(check.status == 0, "\(check.stderr)")
    }

    @Test func promptReadsACountryAndRefusesWhatNoNameBeginsWith() throws {
        let accepted = try CLI.run(["prompt", "country", "--locale", "fr_FR", "--no-tty"], input: "Allemagne\n")
        #expect(accepted.status == 0)
        #expect(accepted.stdout == "DE\n")
        let refused = try CLI.run(["prompt", "country", "--locale", "fr_FR", "--no-tty"], input: "Allemagnx\n")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("'x' (U+0078 LATIN SMALL LETTER X) at column 9"), "\(refused.stderr)")
    }
}
