import Testing

@testable import FieldCheck

/// A date column written with four-digit years but for a few: the convention is the
/// four-digit pattern and the few are its outliers (two_digit_year), though the two-digit
/// pattern reads both. A tenth of the values, or one, is a few; more is a column that writes
/// both, which the two-digit pattern stands for.
@Suite struct InferYearDigitsTests {
    @Test(arguments: [
        (0, "dd.MM.yyyy"), (1, "dd.MM.yyyy"), (10, "dd.MM.yyyy"), (11, "dd.MM.yy"), (60, "dd.MM.yy"), (100, "dd.MM.yy"),
    ])
    func aFewTwoDigitYearsAreOutliers(twoDigit: Int, chosen: String) throws {
        let inferrer = ColumnInferrer()
        let column = inferrer.column(named: "date")
        for row in 1...100 {
            let day = (row - 1) % 28 + 1
            let month = (row - 1) % 12 + 1
            // Exactly `twoDigit` rows (37 is prime to 100), spread over the column.
            let year = row * 37 % 100 < twoDigit ? "26" : "2026"
            column.add("\(day).\(month).\(year)", row: row)
        }
        let answer = inferrer.finish(column)
        #expect(answer.type == .date)
        #expect(answer.candidates.first?.name == chosen)
        let yearDigits = answer.facets.first { $0.key == "year digits" }?.values
        #expect(yearDigits == [chosen.hasSuffix("yyyy") ? "4" : "2"])
        let expectedOutliers = chosen.hasSuffix("yyyy") ? twoDigit : 0
        #expect(answer.outliers.count == expectedOutliers)
        #expect(answer.outliers.allSatisfy { $0.code == .twoDigitYear })
        // A two-digit-year column says how many values have four (trial defect 9: half of
        // each said "year digits: 2" alone).
        let four = chosen.hasSuffix("yyyy") || twoDigit == 100 ? nil : 100 - twoDigit
        #expect(answer.fourDigitYears?.count == four)
        #expect(answer.fourDigitYears?.exact == (four == nil ? nil : true))
    }

    /// A long column of two-digit years: the four-digit reading stops once it has rejected most
    /// values, and the count it gives is the four-digit years it read, a lower bound, said so.
    @Test func fourDigitYearsPastTheTwinsStopAreALowerBound() {
        let inferrer = ColumnInferrer()
        let column = inferrer.column(named: "date")
        for row in 1...2_000 {
            // Four-digit years in every tenth row: 200 of them.
            column.add("\((row - 1) % 28 + 1).\((row - 1) % 12 + 1).\(row % 10 == 0 ? "2026" : "26")", row: row)
        }
        let answer = inferrer.finish(column)
        #expect(answer.candidates.first?.name == "dd.MM.yy")
        let counted = answer.fourDigitYears
        #expect(counted?.exact == false)
        #expect((1..<200).contains(counted?.count ?? 0))
    }
}
