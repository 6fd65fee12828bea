import Testing

@testable import FieldCheck

/// A date column written with four-digit years but for a few: the convention is the
/// four-digit pattern and the few are its outliers (two_digit_year), though the two-digit
/// pattern reads both. A tenth of the values, or one, is a few; more is a column that writes
/// both, which the two-digit pattern stands for.
@Suite struct InferYearDigitsTests {
    @Test(arguments: [(0, "dd.MM.yyyy"), (1, "dd.MM.yyyy"), (10, "dd.MM.yyyy"), (11, "dd.MM.yy"), (60, "dd.MM.yy")])
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
    }
}
