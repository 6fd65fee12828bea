/// How `locale`, `compare` and `infer` write what they found, one implementation per format,
/// chosen once for the run, as `FindingsPrinter` is for the findings of the line commands and
/// `csv`: the command hands it each report in order (a locale, a compared value, an inferred
/// file) and never asks which format it is.
protocol ReportPrinter<Report> {
    associatedtype Report
    /// Writes one report.
    mutating func write(_ report: Report, into out: OutputStream) throws
}

/// Text for a person: each report as `render` words it. With `separated`, reports of several
/// lines (a locale's table, a compared value's rows) stand apart by a blank line; a report
/// that renders as nothing (a value reported on stderr only) takes no blank line.
struct HumanReports<Report>: ReportPrinter {
    let render: (Report) -> String
    var separated = true
    private var wroteOne = false

    init(separated: Bool = true, render: @escaping (Report) -> String) {
        self.separated = separated
        self.render = render
    }

    mutating func write(_ report: Report, into out: OutputStream) throws {
        let text = render(report)
        guard !text.isEmpty else { return }
        if separated && wroteOne { try out.write("\n") }
        try out.write(text)
        wroteOne = true
    }
}

/// Text for a program: each report as `render` writes it, in whole lines (JSON Lines, one
/// object per report or several; or a Table Schema in YAML or JSON).
struct RecordReports<Report>: ReportPrinter {
    let render: (Report) -> String

    func write(_ report: Report, into out: OutputStream) throws {
        try out.write(render(report))
    }
}
