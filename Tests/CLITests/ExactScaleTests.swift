import Foundation
import Testing

/// Issue 18, "exact means exact": canonical numbers keep the scale written, as Python's
/// Decimal and SQL's DECIMAL do, on the fast path and the full reader alike, in `number`, in
/// formatted output and in `csv --normalize`; values still compare as numbers.
@Suite struct ExactScaleTests {
    @Test func theNumberCommandKeepsTheScale() throws {
        let input = "3,00\n1.000\n-0,00\n0,50\n1,5E3\n1,50E1\n1.234,50\n12,5\n"
        let expected = ["3.00", "1000", "0.00", "0.50", "1500", "15.0", "1234.50", "12.5"]
        for extra in [[], ["--jobs", "2"], ["--summary"], ["--max-length", "20"]] {
            let run = try CLI.run(["number", "--locale", "de_DE"] + extra, input: input)
            #expect(run.lines == expected, "\(extra)")
        }
        // Arabic-Indic digits take the same path.
        let arabic = try CLI.run(["number", "--locale", "ar_EG"], input: "٣٫٥٠\n")
        #expect(arabic.lines == ["3.50"])
        let percent = try CLI.run(["number", "--locale", "de_DE", "--style", "percent"], input: "12,50 %\n")
        #expect(percent.lines == ["0.1250"])
    }

    @Test func formattedOutputKeepsTheScale() throws {
        let run = try CLI.run(["number", "--to", "de_DE"], input: "9583105164.80\n1.5\n2\n")
        #expect(run.lines == ["9.583.105.164,80", "1,5", "2"])
        let rounded = try CLI.run(["number", "--fraction-digits", "1"], input: "2.25\n2.35\n")
        #expect(rounded.lines == ["2.2", "2.4"])
        let money = try CLI.run(
            ["number", "--to", "de_DE", "--to-style", "currency", "--currency", "EUR"], input: "3\n")
        #expect(money.lines == ["3,00\u{A0}€"])
    }

    @Test func boundsCompareValues() throws {
        let run = try CLI.run(["number", "--min", "3", "--max", "3.000"], input: "3.00\n3\n3.01\n")
        #expect(run.lines == ["3.00", "3"])
    }

    @Test func csvNormalizeKeepsMoneysDecimalsAndComparesNumbersAsValues() throws {
        let schema = CLI.temporaryFile("scale.yaml")
        try Data(
            """
            fields:
              - {name: id, type: number, constraints: {unique: true}}
              - {name: amount, type: number, decimalChar: ",", groupChar: ".", constraints: {enum: [3, 1250.5]}}
            """.utf8
        ).write(to: schema)
        let input = "id,amount\n1,\"3,00\"\n1.0,\"1.250,50\"\n2,\"3,5\"\n"
        let run = try CLI.run(["csv", "--schema", schema.path, "--normalize"], input: input)
        #expect(run.status == 1)
        #expect(run.stdout == "id,amount\n1,3.00\n")
        #expect(run.stderr.contains("row 2 (line 3), column 'id'"))
        #expect(run.stderr.contains("[not_unique]"))
        #expect(run.stderr.contains("row 3 (line 4), column 'amount'"))
        #expect(run.stderr.contains("[not_in_enum]"))
    }
}
