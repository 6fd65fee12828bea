import FieldCheck

/// `--format`: how a run reports what it found.
enum OutputFormat: String, CaseIterable, Sendable {
    /// Diagnostics on stderr, one line each; values or rows on stdout.
    case human
    /// JSON Lines on stdout (`--json`): one object per value, or per csv problem.
    case json
    /// GitHub Actions workflow commands on stdout, one per finding (`::error file=…,line=…::…`),
    /// which a workflow shows as annotations on the file's lines.
    case github

    /// The printer of this format, chosen once for the run.
    func printer(quiet: Bool, warnings: WarningPolicy, human: HumanPrinter) -> any FindingsPrinter {
        switch self {
        case .human: HumanFindings(quiet: quiet, warnings: warnings, human: human)
        case .json: JSONLinesFindings()
        case .github: GitHubFindings()
        }
    }
}

/// One csv row's problems (or the header's: `row` 0), as they are shown: redacted already
/// under `--redact`.
struct RowProblems {
    var file: String?
    var row: Int
    var errors: [CellProblem]
    var warnings: [CellProblem]
    var redact: Bool
    /// The row as read and the file's delimiter, valid during the call: where in the file a
    /// finding stands (`CSVRecord.place`), for a printer that names lines and columns.
    var record: CSVRecord
    var delimiter: UInt8

    /// The physical line the row starts on.
    var line: Int { record.line }

    /// `problems` as shown: redacted by `table` (which keeps each column's example) when one
    /// is given (`--redact`).
    static func shown(_ problems: [CellProblem], redactedBy table: TableValidator?, isError: Bool) -> [CellProblem] {
        guard let table else { return problems }
        return problems.map { table.redacted($0, isError: isError) }
    }
}

/// How a run reports its findings, one implementation per `--format` (ripgrep's printers):
/// the runners hand it a value's result or a row's problems and never ask which format it is.
protocol FindingsPrinter: Sendable {
    /// Whether every value is reported, accepted ones with nothing to say too (JSON Lines);
    /// otherwise only values with errors, warnings or removed characters.
    var reportsEveryValue: Bool { get }
    /// A line command's value (`result` redacted already under `--redact`).
    func value(_ result: FieldResult, at location: Location, redacted: Bool, into sinks: Sinks) throws
    /// A csv row's problems; called only when it has some.
    func row(_ problems: RowProblems, into sinks: Sinks) throws
    /// A line command's value accepted with nothing to report, whose full result is its input
    /// and `value` (`LinePolicy.recordsFastAcceptances`): only a printer that reports every
    /// value writes anything.
    func accepted(
        input: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>, at location: Location, into sinks: Sinks
    ) throws
}

extension FindingsPrinter {
    func accepted(
        input: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>, at location: Location, into sinks: Sinks
    ) throws {}
}

/// Diagnostics on stderr, one line each (nothing under `--quiet`).
struct HumanFindings: FindingsPrinter {
    let quiet: Bool
    /// `--warnings`: every warning, none, or each code's first (the sinks keep count).
    let warnings: WarningPolicy
    let human: HumanPrinter

    var reportsEveryValue: Bool { false }

    func value(_ result: FieldResult, at location: Location, redacted: Bool, into sinks: Sinks) throws {
        guard !quiet else { return }
        // Characters `--strip` removed are each value's own news, not a repeated warning.
        let warningsHere = warnings == .all || result.warnings.isEmpty
        let text = try sinks.startDiagnostic()
        human.render(result, at: location, warnings: warningsHere, into: text)
        try sinks.finishDiagnostic(text)
        guard !warningsHere, warnings == .once else { return }
        for diagnostic in result.warnings {
            try sinks.diagnose(once: diagnostic.code) {
                human.render(warning: diagnostic, of: result, at: location, into: $0)
            }
        }
    }

    func row(_ problems: RowProblems, into sinks: Sinks) throws {
        guard !quiet else { return }
        if problems.row == 0 {
            // The header against the schema: the place is the header line, without a column.
            for problem in problems.errors {
                try sinks.diagnose {
                    human.render(row: problems, column: nil, input: nil, problem.diagnostic, into: $0)
                }
            }
            return
        }
        // By index, each rendered into the buffer it is handed: a loop over the problems, and a
        // closure capturing one, copied it (its strings and reason) for every problem.
        for index in problems.errors.indices {
            if problems.errors[index].diagnostic.code == .invalidUTF8 {
                // Shown once per file said not to be UTF-8 (`Sinks.foldsInvalidUTF8`), then counted.
                try sinks.diagnose(once: .invalidUTF8) {
                    render(problems.errors[index], of: problems, warning: false, into: $0)
                }
            } else {
                let text = try sinks.startDiagnostic()
                render(problems.errors[index], of: problems, warning: false, into: text)
                try sinks.finishDiagnostic(text)
            }
        }
        for problem in problems.warnings {
            switch warnings {
            case .all:
                let text = try sinks.startDiagnostic()
                render(problem, of: problems, warning: true, into: text)
                try sinks.finishDiagnostic(text)
            case .once:
                try sinks.diagnose(once: problem.diagnostic.code) {
                    render(problem, of: problems, warning: true, into: $0)
                }
            case .none: break
            }
        }
    }

    /// One problem of a row: its input is shown unless it is about the whole row, or redacted.
    private func render(_ problem: CellProblem, of problems: RowProblems, warning: Bool, into out: FieldOutput) {
        let hidesInput = problems.redact || (!warning && problem.column == nil)
        human.render(
            row: problems, column: problem.column, input: hidesInput ? nil : problem.input, problem.diagnostic,
            warning: warning, into: out)
    }
}

/// JSON Lines on stdout (`JSONLinesPrinter` documents the objects).
struct JSONLinesFindings: FindingsPrinter {
    var reportsEveryValue: Bool { true }

    func value(_ result: FieldResult, at location: Location, redacted: Bool, into sinks: Sinks) throws {
        var text = sinks.startReport()
        JSONLinesPrinter.write(result, at: location, into: &text)
        try sinks.finishReport()
    }

    func accepted(
        input: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>, at location: Location, into sinks: Sinks
    ) throws {
        try sinks.report { JSONLinesPrinter.writeAccepted(input: input, value: value, at: location, into: &$0) }
    }

    func row(_ problems: RowProblems, into sinks: Sinks) throws {
        var text = sinks.startReport()
        for problem in problems.errors {
            JSONLinesPrinter.write(
                problem, file: problems.file, row: problems.row, line: problems.line, warning: false,
                redacted: problems.redact, into: &text)
        }
        for problem in problems.warnings {
            JSONLinesPrinter.write(
                problem, file: problems.file, row: problems.row, line: problems.line, warning: true,
                redacted: problems.redact, into: &text)
        }
        try sinks.finishReport()
    }
}

/// GitHub Actions workflow commands on stdout, one per finding:
///
///     ::error file=prices.txt,line=3,col=3,title=fieldcheck unexpected_character::'12a,5': unexpected character …
///
/// `file` is left out for stdin. `line` and `col` (1-based, in characters) say where the
/// finding's character stands in the file: a line command's value is its line (under `-z` and
/// `--value` there are no lines: the message names the record or value instead); a csv cell's
/// character is found in the row as read, quotes and line breaks inside them counted, and a
/// finding without a character points at its cell. A csv finding also names its row and column
/// in the message. A warning is `::warning`. Values and messages are escaped as the workflow
/// commands require.
struct GitHubFindings: FindingsPrinter {
    var reportsEveryValue: Bool { false }

    func value(_ result: FieldResult, at location: Location, redacted: Bool, into sinks: Sinks) throws {
        var text = ""
        let line = location.unit == "line" ? location.number : nil
        let input =
            (line == nil ? "\(location.unit) \(location.number): " : "")
            + (redacted ? "" : "'\(HumanPrinter.display(result.input).text)': ")
        for (list, level) in [(result.errors, "error"), (result.removed + result.warnings, "warning")] {
            for diagnostic in list {
                let column =
                    line == nil
                    ? nil
                    : diagnostic.offset.map { offset in
                        // An invalid_utf8 offset counts bytes: the well-formed ones before it are
                        // the input's own, so their scalars are the column's.
                        diagnostic.code == .invalidUTF8
                            ? scalarCount(ofWellFormed: result.input.utf8.prefix(offset)) + 1
                            : offset + 1
                    }
                text += Self.command(
                    level, file: location.file, line: line, column: column, code: diagnostic.code.rawValue,
                    message: input + diagnostic.message)
            }
        }
        try sinks.report(text)
    }

    func row(_ problems: RowProblems, into sinks: Sinks) throws {
        var text = ""
        for (list, level) in [(problems.errors, "error"), (problems.warnings, "warning")] {
            for problem in list {
                let header = problems.row == 0
                let place = CSVRunner.where(header ? "header" : "row \(problems.row)", problem)
                let input = header || problem.column == nil || problems.redact ? "" : "'\(problem.input)': "
                let found = Self.place(of: problem, in: problems)
                text += Self.command(
                    level, file: problems.file, line: found?.line ?? problems.line, column: found?.column,
                    code: problem.diagnostic.code.rawValue,
                    message: "\(place): \(input)\(problem.diagnostic.message)")
            }
        }
        try sinks.report(text)
    }

    /// Where a row's finding stands in the file: its character, else its cell's first, else a
    /// syntax problem's byte; nil for a finding about the whole row.
    private static func place(of problem: CellProblem, in problems: RowProblems) -> CSVPlace? {
        let diagnostic = problem.diagnostic
        guard let cell = problem.field else {
            guard diagnostic.code == .malformedCSV, let offset = diagnostic.offset else { return nil }
            return problems.record.place(ofByte: offset)
        }
        // An invalid_utf8 offset counts bytes of the cell.
        if diagnostic.code == .invalidUTF8, let offset = diagnostic.offset {
            return problems.record.place(ofCell: cell, byte: offset, delimiter: problems.delimiter)
        }
        return problems.record.place(ofCell: cell, scalar: diagnostic.offset ?? 0, delimiter: problems.delimiter)
    }

    /// One workflow command, its properties and message escaped: for the workflow command's
    /// syntax, and control characters written `\u{1B}` as on a terminal, since the log shows
    /// them (a crafted cell must not clear a terminal that reads the output).
    static func command(
        _ level: String, file: String?, line: Int?, column: Int?, code: String, message: String
    ) -> String {
        let message = TerminalText.escaped(message, keepingLineBreaks: true)
        var properties: [String] = []
        // CR and LF as GitHub escapes them (%0D, %0A), so that the path names the file; other
        // control characters as a terminal shows them.
        if let file { properties.append("file=\(TerminalText.escaped(escapeProperty(file)))") }
        if let line { properties.append("line=\(line)") }
        if let column { properties.append("col=\(column)") }
        properties.append("title=\(escapeProperty("fieldcheck \(code)"))")
        return "::\(level) \(properties.joined(separator: ","))::\(escapeData(message))\n"
    }

    /// What a message may not hold as is: `%`, CR and LF.
    static func escapeData(_ text: String) -> String {
        text.replacing("%", with: "%25").replacing("\r", with: "%0D").replacing("\n", with: "%0A")
    }

    /// A property value also escapes `:` and `,`.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacing(":", with: "%3A").replacing(",", with: "%2C")
    }
}
