import Foundation
import Testing

/// `fieldcheck date` through the real binary: the acceptance examples and the seed's
/// date field.
@Suite struct DateCommandTests {
    /// A skeleton whose pattern fieldcheck cannot read names the skeleton given (it named only
    /// ICU's pattern 'q', which the user never wrote).
    @Test func anUnreadableSkeletonIsNamed() throws {
        let run = try CLI.run(["date", "--skeleton", "Qq", "--locale", "en_US"], input: "x\n")
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("fieldcheck: skeleton 'Qq' gives the pattern 'q' in en_US: "), "\(run.stderr)")
    }

    /// A date out of range says what a valid one is, as every rejection gives an example.
    @Test func aDateOutOfRangeSaysTheRange() throws {
        let run = try CLI.run(
            ["date", "--pattern", "yyyy-MM-dd", "--min", "2021-01-01", "--max", "2025-12-31"], input: "2020-01-01\n")
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "fieldcheck: line 1: '2020-01-01': 2020-01-01 is earlier than the minimum 2021-01-01; expected a "
                + "date from 2021-01-01 to 2025-12-31 [out_of_range]\n")
    }

    /// What the date writer writes, the reader reads: the Japanese calendar's one-letter era
    /// (`4/13/8 R`, GGGGG), and ksh's medium style, whose pattern puts a period after a month
    /// abbreviation that may end in one (`d. MMM. y`: `13. Apr. 2026`).
    @Test func narrowErasAndAPeriodAfterAnAbbreviationReadBack() throws {
        let japanese = try CLI.run(
            ["date", "--locale", "en_US", "--calendar", "japanese"], input: "4/13/8 R\n4/13/8 Reiwa\n")
        #expect(japanese.status == 0 && japanese.stdout == "2026-04-13\n2026-04-13\n", "\(japanese.stderr)")
        let ja = try CLI.run(["date", "--locale", "ja_JP@calendar=japanese"], input: "R8/4/13\n")
        #expect(ja.status == 0 && ja.stdout == "2026-04-13\n", "\(ja.stderr)")
        let written = try CLI.run(
            ["date", "--pattern", "yyyy-MM-dd", "--to", "ksh", "--to-style", "medium"], input: "2026-04-13\n")
        #expect(written.stdout == "13. Apr. 2026\n")
        let read = try CLI.run(["date", "--locale", "ksh", "--style", "medium"], input: written.stdout)
        #expect(read.status == 0 && read.stdout == "2026-04-13\n", "\(read.stderr)")
    }

    /// The year 0000 is out of range, said as such (it said "write all four digits"); a digit of
    /// another system inside the year is mixed_digits where it stands (it was trailing text).
    @Test func yearZeroAndMixedDigitsInTheYearSayWhatIsWrong() throws {
        let run = try CLI.run(["date", "--pattern", "dd.MM.yyyy", "--json"], input: "13.04.0000\n13.04.20٢6\n")
        #expect(run.status == 1)
        let errors = run.objects.map { ($0["errors"] as? [[String: Any]])?.first ?? [:] }
        try #require(errors.count == 2)
        #expect(errors[0]["code"] as? String == "field_out_of_range")
        #expect(
            (errors[0]["message"] as? String)?.hasPrefix(
                "the year '0000' at column 7 is out of range: years run from 0001 to 9999") == true)
        #expect(errors[1]["code"] as? String == "mixed_digits")
        #expect(errors[1]["offset"] as? Int == 8)
        #expect(errors[1]["codepoint"] as? String == "U+0662")
    }

    /// The example of a field with bounds is a date within them (it said 13.04.26 under
    /// --min 2030-01-01, which the field refuses).
    @Test func theExampleIsWithinTheBounds() throws {
        let run = try CLI.run(["date", "--locale", "de_DE", "--min", "2030-01-01"], input: "x\n")
        #expect(run.stderr.contains("expected a date like 01.01.30 (dd.MM.yy) or 2030-01-01 (yyyy-MM-dd)"))
        let back = try CLI.run(["date", "--locale", "de_DE", "--min", "2030-01-01"], input: "01.01.30\n")
        #expect(back.status == 0 && back.stdout == "2030-01-01\n", "\(back.stderr)")
        let early = try CLI.run(["date", "--pattern", "yyyy-MM-dd", "--max", "1999-12-31"], input: "x\n")
        #expect(early.stderr.contains("expected a date like 1999-12-31 (yyyy-MM-dd)"), "\(early.stderr)")
        // The bounds in the field's pattern, where an ISO date would be refused.
        let bounded = try CLI.run(
            ["date", "--pattern", "dd.MM.yyyy", "--min", "2030-01-01", "--max", "2030-12-31"], input: "01.01.2020\n")
        #expect(bounded.stderr.contains("; expected a date from 01.01.2030 to 31.12.2030 (dd.MM.yyyy) [out_of_range]"))
    }

    /// The Buddhist, Japanese and ROC calendars are Gregorian ones with other years, and ISO
    /// 8601 is proleptic Gregorian: a date before 1582-10-15 is read and written with the same
    /// month and day (ICU counts those days in the Julian calendar there, ten days off in 1500).
    @Test func calendarsOfGregorianMonthsAreProlepticBefore1582() throws {
        let read = try CLI.run(
            ["date", "--locale", "th_TH", "--pattern", "dd/MM/y"], input: "10/03/2043\n29/02/2043\n13/04/2569\n")
        #expect(read.stdout == "1500-03-10\n2026-04-13\n")
        #expect(read.stderr.contains("'29/02/2043': day 29 at column 1 is out of range: month 2 of 2043 has 28 days"))
        let dates = ["0100-02-28", "0800-12-31", "1500-03-10", "1582-10-04", "1582-10-15", "2026-04-13"]
        for (locale, pattern) in [("th_TH", "dd/MM/y"), ("zh_TW@calendar=roc", "G y/MM/dd")] {
            let written = try CLI.run(
                ["date", "--to", locale, "--to-pattern", pattern], input: dates.joined(separator: "\n") + "\n")
            #expect(written.status == 0)
            let back = try CLI.run(["date", "--locale", locale, "--pattern", pattern], input: written.stdout)
            #expect(back.stdout == dates.joined(separator: "\n") + "\n", "\(locale): \(written.stdout) \(back.stderr)")
        }
        let thai = try CLI.run(["date", "--to", "th_TH", "--to-pattern", "dd/MM/y"], input: "1500-03-10\n")
        #expect(thai.stdout == "10/03/2043\n")
        let japanese = try CLI.run(["date", "--to", "ja_JP@calendar=japanese"], input: "1600-01-01\n")
        #expect(japanese.stdout.hasSuffix("5/1/1\n"), "\(japanese.stdout)")
    }

    /// A year below 1000 keeps its century in another locale's pattern: ICU writes the year 26
    /// through `y` as `26`, which reads back as 2026 (`13.04.26` for 0026-04-13).
    @Test func aYearBelowAThousandKeepsItsCenturyWhenFormatted() throws {
        let input = "0026-04-13\n0999-01-01\n2026-04-13\n"
        let german = try CLI.run(["date", "--to", "de_DE"], input: input)
        #expect(german.stdout == "13.04.0026\n01.01.0999\n13.04.2026\n")
        let long = try CLI.run(["date", "--to", "en_US", "--to-style", "long"], input: input)
        #expect(long.stdout == "April 13, 0026\nJanuary 1, 0999\nApril 13, 2026\n")
        // Read back in the same locale, each is the date it was.
        let back = try CLI.run(["date", "--locale", "de_DE", "--pattern", "dd.MM.y"], input: german.stdout)
        #expect(back.stdout == input)
        // Two digits asked for are two digits.
        let short = try CLI.run(["date", "--to", "de_DE", "--to-pattern", "dd.MM.yy"], input: "2026-04-13\n")
        #expect(short.stdout == "13.04.26\n")
    }

    @Test func strictPatternWithEachRejection() throws {
        let run = try CLI.run(
            ["date", "--pattern", "dd.MM.yyyy", "--json"], input: "13.04.2026\n31.02.2026\n13.04.26\n13.04.2026x\n")
        #expect(run.status == 1)
        let objects = run.objects
        try #require(objects.count == 4)
        #expect(objects[0]["value"] as? String == "2026-04-13")
        #expect(objects[1].errorCodes == ["field_out_of_range"])
        #expect(objects[1].firstError?["offset"] as? Int == 0)
        #expect(objects[2].errorCodes == ["two_digit_year"])
        #expect(objects[2].firstError?["offset"] as? Int == 6)
        #expect(objects[3].errorCodes == ["trailing_text"])
        #expect(objects[3].firstError?["offset"] as? Int == 10)
        #expect(objects[3].firstError?["character"] as? String == "x")
    }

    @Test func formatsForAnotherLocaleAndStyle() throws {
        let run = try CLI.run(
            ["date", "--pattern", "yyyy-MM-dd", "--to", "fr_FR", "--to-style", "full"], input: "2026-04-13\n")
        #expect(run.status == 0)
        #expect(run.stdout == "lundi 13 avril 2026\n")
    }

    @Test func seedDateFieldNamesTheMonth() throws {
        let run = try CLI.run(["date", "--locale", "en_US"], input: "11/15/2010\n13/15/2010\n")
        #expect(run.status == 1)
        #expect(run.stdout == "2010-11-15\n")
        #expect(run.stderr.contains("line 2: '13/15/2010': month 13 at column 1 is out of range (1–12)"))
        #expect(run.stderr.contains("expected a date like 4/13/26 (M/d/yy)"))
        #expect(run.stderr.contains("[field_out_of_range]"))
    }

    /// A month name upper-cased by the locale's own rules is the month: Turkish dotted `İ`,
    /// Greek capitals without the tonos (lower-casing one letter at a time did not find them).
    @Test func monthNamesInTheLocalesCapitalsAreRead() throws {
        let turkish = try CLI.run(
            ["date", "--locale", "tr_TR", "--pattern", "d MMMM y"],
            input: "13 NİSAN 2026\n13 Nisan 2026\n13 nisan 2026\n")
        #expect(turkish.status == 0, "\(turkish.stderr)")
        #expect(turkish.stdout == "2026-04-13\n2026-04-13\n2026-04-13\n")
        let greek = try CLI.run(
            ["date", "--locale", "el_GR", "--pattern", "d MMMM y"], input: "13 ΑΠΡΙΛΙΟΥ 2026\n13 Απριλίου 2026\n")
        #expect(greek.status == 0, "\(greek.stderr)")
        #expect(greek.stdout == "2026-04-13\n2026-04-13\n")
        // Still a month name: another word is refused where the name stands.
        let other = try CLI.run(["date", "--locale", "el_GR", "--pattern", "d MMMM y"], input: "13 ΑΠΡΙΛ 2026\n")
        #expect(other.status == 1)
    }

    /// strptime's `%y` is Python's (and so Frictionless's): 69–99 are the 1900s, 00–68 the
    /// 2000s, and two digits only (a UTS #35 `yy` keeps ICU's window). In a schema and on the
    /// line alike.
    @Test func aStrptimeTwoDigitYearIsReadAsStrptimeReadsIt() throws {
        let input = "13/04/50\n01/01/69\n31/12/68\n13/04/2026\n"
        let line = try CLI.run(["date", "--format", "%d/%m/%y"], input: input)
        #expect(line.status == 1)
        #expect(line.stdout == "2050-04-13\n1969-01-01\n2068-12-31\n")
        #expect(line.stderr.contains("line 4: '13/04/2026': the year '2026' at column 7 is not two digits"))
        #expect(line.stderr.hasSuffix("[field_out_of_range]\n"))
        let schema = CLI.temporaryFile("strptime-y.yaml")
        defer { try? FileManager.default.removeItem(at: schema) }
        try Data("fields:\n  - {name: d, type: date, format: '%d/%m/%y'}\n".utf8).write(to: schema)
        let csv = try CLI.run(["csv", "--schema", schema.path, "--normalize", "-"], input: "d\n" + input)
        #expect(csv.status == 1)
        #expect(csv.stdout == "d\n2050-04-13\n1969-01-01\n2068-12-31\n")
    }

    @Test func localeNamesAndStyles() throws {
        let german = try CLI.run(["date", "--locale", "de_DE", "--style", "long"], input: "13. April 2026\n")
        #expect(german.stdout == "2026-04-13\n")
        let thai = try CLI.run(["date", "--locale", "th_TH"], input: "13/4/69\n")
        #expect(thai.stdout == "2026-04-13\n")
        let skeleton = try CLI.run(
            ["date", "--locale", "de_DE", "--skeleton", "yMMMd", "--to", "en_US"], input: "13. Apr. 2026\n")
        #expect(skeleton.status == 0, "\(skeleton.stderr)")
        #expect(skeleton.stdout == "Apr 13, 2026\n")
    }

    @Test func rangesAndOutputInput() throws {
        let run = try CLI.run(
            ["date", "--pattern", "dd.MM.yyyy", "--min", "2026-01-01", "--max", "2026-12-31", "--output", "input"],
            input: "13.04.2026\n01.01.2027\n")
        #expect(run.status == 1)
        #expect(run.stdout == "13.04.2026\n")
        #expect(run.stderr.contains("2027-01-01 is later than the maximum 2026-12-31"))
        #expect(run.stderr.contains("[out_of_range]"))
    }

    @Test(arguments: [
        (["date", "--pattern", "HH:mm"], "time field"),
        (["date", "--pattern", "dd.MM"], "no year field"),
        (["date", "--calendar", "chinese"], "unsupported calendar"),
        (["date", "--timezone", "Mars/Olympus"], "unknown time zone"),
        (["date", "--min", "2026-13-01"], "--min"),
        (["date", "--style", "short", "--pattern", "d.M.y"], "one of --style"),
        (["date", "--min", "2026-12-01", "--max", "2026-01-01"], "later than --max"),
    ])
    func configurationErrorsExitTwo(arguments: [String], phrase: String) throws {
        let run = try CLI.run(arguments, input: "13.04.2026\n")
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains(phrase), "\(run.stderr)")
    }

    /// A date outside the two-digit-year window is shown with its whole year (`01.01.90`
    /// for 2090-01-01 reads as 1990, itself out of range), and the date shown is accepted.
    @Test(arguments: [
        (
            ["--pattern", "dd.MM.yy", "--min", "2090-01-01"], "01.01.90",
            "expected a date of 01.01.2090 (dd.MM.yy) or later", "01.01.2090"
        ),
        (["--locale", "en_US", "--min", "2090-01-01"], "x", "expected a date like 1/1/2090 (M/d/yy)", "1/1/2090"),
        (
            ["--pattern", "dd.MM.yy", "--max", "1900-05-01"], "x", "expected a date like 01.05.1900 (dd.MM.yy)",
            "01.05.1900"
        ),
    ])
    func aDateOutsideTheTwoDigitYearWindowIsWrittenWithItsWholeYear(
        rules: [String], value: String, phrase: String, shown: String
    ) throws {
        let run = try CLI.run(["date"] + rules + ["--value", value])
        #expect(run.status == 1)
        #expect(run.stderr.contains(phrase), "\(run.stderr)")
        let back = try CLI.run(["date"] + rules + ["--value", shown])
        #expect(back.status == 0, "\(back.stderr)")
    }
}
