import Testing

@testable import FieldCheck

/// A date column with month names: a pattern here reads full names and abbreviations alike (as
/// ICU's does), but other tools' strptime reads one width per format (`%B`, `%b`), so the
/// width the values write decides the pattern when both widths read every value.
@Suite struct InferMonthNameWidthTests {
    static func infer(_ values: [String]) -> ColumnInference {
        let inferrer = ColumnInferrer()
        let column = inferrer.column(named: "date")
        for (row, value) in values.enumerated() { column.add(value, row: row + 1) }
        return inferrer.finish(column)
    }

    @Test(arguments: [
        (["January 13, 2025", "February 9, 2025", "March 3, 2025"], "MMMM d, y (long style, en_US)", 3, 0),
        (["Jan 13, 2025", "Feb 9, 2025", "Mar 3, 2025"], "MMM d, y (medium style, en_US)", 0, 3),
        // `May` is both widths: the one full name decides.
        (["May 13, 2025", "June 9, 2025", "May 3, 2025"], "MMMM d, y (long style, en_US)", 1, 0),
        (["7 janv. 2025", "9 févr. 2025", "3 mars 2025"], "d MMM y (medium style, fr_FR)", 0, 2),
        (["5 janvier 2024", "9 février 2024", "3 mars 2024"], "d MMMM y (long style, fr_FR)", 2, 0),
    ])
    func oneWidthWrittenDecidesThePattern(values: [String], pattern: String, full: Int, abbreviated: Int) {
        let answer = Self.infer(values)
        #expect(answer.type == .date)
        #expect(answer.isDecided)
        #expect(answer.candidates.first?.name == pattern)
        // The other width's pattern no longer stands beside it: the facet is decided.
        #expect(answer.facets.first { $0.key == "pattern" }?.values.count == 1)
        #expect(answer.monthNameWidths?.full == full)
        #expect(answer.monthNameWidths?.abbreviated == abbreviated)
    }

    /// Both widths: the pattern reads both and stays, with both counts for the report and the
    /// schema's comment; the medium style (first in rank) is still the one chosen.
    @Test func bothWidthsAreCountedAndLeaveBothPatterns() {
        let answer = Self.infer(["January 13, 2025", "Jan 14, 2025", "May 1, 2025", "February 2, 2025"])
        #expect(answer.type == .date)
        #expect(answer.monthNameWidths?.full == 2)
        #expect(answer.monthNameWidths?.abbreviated == 1)
        #expect(answer.candidates.map(\.name).contains("MMM d, y (medium style, en_US)"))
        #expect(answer.candidates.map(\.name).contains("MMMM d, y (long style, en_US)"))
    }

    /// Only names both widths share (`May`): nothing to decide, and no width counted.
    @Test func namesOfBothWidthsDecideNothing() {
        let answer = Self.infer(["May 13, 2025", "May 9, 2025"])
        #expect(answer.type == .date)
        #expect(answer.monthNameWidths?.full == 0)
        #expect(answer.monthNameWidths?.abbreviated == 0)
        #expect(answer.facets.first { $0.key == "pattern" }?.values.count == 2)
    }

    /// A numeric date column has no month names to count.
    @Test func numericDatesHaveNoWidths() {
        #expect(Self.infer(["13.01.2025", "14.02.2025"]).monthNameWidths == nil)
    }
}
