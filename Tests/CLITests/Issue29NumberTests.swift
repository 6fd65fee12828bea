import Foundation
import Testing

/// Issue 29, the numbers section: fieldcheck against ICU 72.1's own number-parsing behaviour
/// (`numberformattestspecification.txt`), through the built binary.
@Suite struct Issue29NumberTests {
    // MARK: 11. The scientific style never groups

    @Test func scientificStyleRefusesGroupingSeparators() throws {
        let english = try CLI.run(
            ["number", "--locale", "en_US", "--style", "scientific", "--json"], input: "123,456\n1.5E3\n123456\n")
        #expect(english.status == 1)
        #expect(english.objects.map(\.errorCodes) == [["misplaced_grouping_separator"], [], []])
        #expect(english.objects.first?.firstError?["offset"] as? Int == 3)
        #expect(english.objects.map { $0["value"] as? String } == [nil, "1500", "123456"])
        let italian = try CLI.run(["number", "--locale", "it_IT", "--style", "scientific"], input: "123.456\n1,5E3\n")
        #expect(italian.status == 1)
        #expect(italian.stdout == "1500\n")
        #expect(italian.stderr.contains("'.' (U+002E FULL STOP) at column 4: the scientific style writes no grouping"))
        #expect(italian.stderr.contains("[misplaced_grouping_separator]"))
        // The example shows no grouping either.
        #expect(!italian.stderr.contains("1.234,56"), "\(italian.stderr)")
    }

    // MARK: 12. --lenient is ICU's lenient reading of the field's own style and currency

    @Test func lenientCurrencyReadsTheFieldsCurrencyOnly() throws {
        let run = try CLI.run(
            ["number", "--locale", "en_US", "--style", "currency", "--currency", "EUR", "--lenient", "--json"],
            input: "$52.41\nUSD52.41\n€52.41\nEUR52.41\n")
        #expect(run.status == 1)
        #expect(
            run.objects.map(\.errorCodes) == [["unexpected_character"], ["unexpected_character"], [], []])
        #expect(run.objects.map { $0.firstError?["offset"] as? Int } == [0, 0, nil, nil])
        #expect(run.objects.map { $0["value"] as? String } == [nil, nil, "52.41", "52.41"])
        #expect(run.objects.map { $0["currency"] as? String } == [nil, nil, "EUR", "EUR"])
        let message = run.objects.first?.firstError?["message"] as? String ?? ""
        #expect(message.contains("an amount in USD here; this field's currency is EUR (€)"), "\(message)")
        // ICU's lenient reading of the field's own format takes an amount without its symbol.
        let bare = try CLI.run(
            ["number", "--locale", "en_US", "--style", "currency", "--currency", "EUR", "--lenient", "--json"],
            input: "52.41\n-52.41\n")
        #expect(bare.objects.map { $0["value"] as? String } == ["52.41", "-52.41"])
        #expect(bare.objects.map { $0["currency"] as? String } == ["EUR", "EUR"])
    }

    @Test func lenientCurrencyReadsCodesAndLongNames() throws {
        let run = try CLI.run(
            ["number", "--locale", "en", "--currency", "USD", "--style", "currency", "--lenient"],
            input: "USD123\nUSD 123\nusd123\n123 US dollars\n$1,234.5\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "123\n123\n123\n123\n1234.5\n")
    }

    @Test func lenientScientificStopsWhereICUStops() throws {
        let run = try CLI.run(
            ["number", "--locale", "en_US", "--style", "scientific", "--lenient", "--json"],
            input: "9 99\n123,456\n1.5E3\n")
        #expect(run.status == 1)
        #expect(run.objects.map(\.errorCodes) == [["unexpected_character"], ["unexpected_character"], []])
        #expect(run.objects.map { $0.firstError?["offset"] as? Int } == [1, 3, nil])
        #expect(run.objects.last?["value"] as? String == "1500")
        // The decimal style's lenient reading still takes them, as ICU's does.
        let decimal = try CLI.run(["number", "--locale", "en_US", "--lenient"], input: "9 99\n123,456\n")
        #expect(decimal.stdout == "999\n123456\n")
    }

    @Test func lenientRulesApplyAfterTheReading() throws {
        let run = try CLI.run(
            [
                "number", "--locale", "de_DE", "--style", "currency", "--lenient", "--no-negative", "--max", "100",
                "--json",
            ],
            input: "-5 €\n150 €\n99,5 €\n")
        #expect(run.objects.map(\.errorCodes) == [["negative_not_allowed"], ["out_of_range"], []])
    }

    // MARK: 13. One exponent bound, the same in both readings

    @Test(arguments: [false, true])
    func exponentBoundIsTheSameInBothReadings(lenient: Bool) throws {
        let run = try CLI.run(
            ["number", "--json"] + (lenient ? ["--lenient"] : []),
            input: "1E-2147483647\n1E-2147483648\n1E99999999999\n1E1000000000\n1E999999999\n2.5E-000999999999\n")
        #expect(run.status == 1)
        #expect(
            run.objects.map(\.errorCodes) == [
                ["exponent_out_of_range"], ["exponent_out_of_range"], ["exponent_out_of_range"],
                ["exponent_out_of_range"], [], [],
            ])
        // The offset is the exponent symbol's, the character named.
        #expect(run.objects.prefix(4).map { $0.firstError?["offset"] as? Int } == [1, 1, 1, 1])
        #expect(run.objects.prefix(4).map { $0.firstError?["character"] as? String } == ["E", "E", "E", "E"])
        #expect(run.objects.suffix(2).map { $0["value"] as? String } == ["1E+999999999", "2.5E-999999999"])
        let message = run.objects.first?.firstError?["message"] as? String ?? ""
        #expect(message.contains("beyond ±999999999"), "\(message)")
    }

    // MARK: 14 and "done when": the leading plus, and the differences from ICU in one place

    /// fieldcheck keeps the leading plus that ICU's strict parser refuses, in both readings,
    /// and where the minus trails, a trailing plus.
    @Test func aLeadingPlusIsReadAsDocumented() throws {
        for mode in [[], ["--lenient"]] {
            let run = try CLI.run(["number", "--locale", "en_US"] + mode, input: "+12.34\n+1,234,567.8901\n")
            #expect(run.status == 0, "\(mode) \(run.stderr)")
            #expect(run.stdout == "12.34\n1234567.8901\n")
        }
        let misplaced = try CLI.run(["number", "--locale", "en_US", "--json"], input: "1+2\n++5\n")
        #expect(misplaced.objects.map(\.errorCodes) == [["misplaced_sign"], ["misplaced_sign"]])
    }

    @Test func theManPageListsTheDifferencesFromICUInOnePlace() throws {
        let man = try String(contentsOf: ManPageTests.root.appendingPathComponent("man/fieldcheck.1"), encoding: .utf8)
        let start = try #require(man.range(of: ".SH DIFFERENCES FROM ICU\n"))
        let end = try #require(man.range(of: "\n.SH ", range: start.upperBound..<man.endIndex))
        let section = man[start.upperBound..<end.lowerBound]
        for needle in [
            "+12.34", "U+00A0", "U+202F", "two_digit_year", "999999999", "exponent_out_of_range", "NaN",
            "12a is 12", "\\-\\-lenient",
        ] {
            #expect(section.contains(needle), "DIFFERENCES FROM ICU does not mention \(needle)")
        }
        #expect(man.components(separatedBy: ".SH DIFFERENCES FROM ICU").count == 2)
        let readme = try String(contentsOf: ManPageTests.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("DIFFERENCES FROM ICU"))
        let help = try CLI.run(["number", "--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("see DIFFERENCES FROM ICU in the man page"))
    }

    // MARK: 8. --lenient is linear in the digits

    /// ICU's lenient reading takes time in the square of the digits: 800,000 digits took 19 s
    /// (a release build; 25 s in the debug build these tests run), the strict reading 0.17 s.
    @Test func lenientReadingOfALongValueIsLinearAndExact() throws {
        let value = "-" + String(repeating: "1234567890", count: 40_000) + "." + String(repeating: "5", count: 400_000)
        let started = Date()
        let run = try CLI.run(["number", "--lenient", "--locale", "en_US"], input: value + "E-3\n")
        let seconds = Date().timeIntervalSince(started)
        #expect(run.status == 0, "\(run.stderr.prefix(300))")
        let expected =
            "-" + String(repeating: "1234567890", count: 40_000).dropLast(3) + "."
            + "890" + String(repeating: "5", count: 400_000)
        #expect(run.stdout == expected + "\n")
        #expect(seconds < 10, "took \(seconds) s")
    }

    /// A long grouped number cannot be shortened for ICU: past 100,000 digits it is refused.
    @Test func lenientRefusesMoreDigitsThanICUIsHanded() throws {
        let grouped = Array(repeating: "123", count: 40_000).joined(separator: ",")
        let run = try CLI.run(["number", "--lenient", "--locale", "en_US", "--json"], input: grouped + "\n1,234,567\n")
        #expect(run.objects.map(\.errorCodes) == [["too_long"], []])
        let message = run.objects.first?.firstError?["message"] as? String ?? ""
        #expect(message.contains("at most 100000 digits"), "\(message)")
    }
}
