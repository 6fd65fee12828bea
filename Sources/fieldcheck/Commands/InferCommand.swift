import ArgumentParser
import FieldCheck

#if canImport(Glibc)
    import Glibc
#endif

extension Fieldcheck {
    /// `fieldcheck infer`: which conventions a file of values, or each column of a CSV, is
    /// written in — and a Table Schema that `csv` reads unchanged.
    struct InferCommand: StatusCommand {
        static let configuration = CommandConfiguration(
            commandName: "infer",
            _superCommandName: Fieldcheck.superCommandName,
            abstract: "Infer the type and locale conventions of a file of values or of each CSV column.",
            discussion: """
                For each column (or a file of one value per line): the type (integer, number, date, \
                boolean, a country, currency, language or time zone, an ISO 8601 datetime, time, \
                yearmonth or duration, string), the conventions every value is consistent with (decimal mark, \
                grouping, digits; date field order, separator, year digits, month-name language, \
                calendar), the values that rule the other conventions out, 'undecided' when the \
                values cannot tell (every date has day <= 12; 13/4/69 is 1969 in the Gregorian \
                calendar and 2026 in th_TH's Buddhist one), and the outliers. Whole numbers written with \
                a leading zero (01234) are text, which keeps the zero. For a CSV also the encoding, the \
                delimiter and the header. Files named *.csv or *.tsv are read as CSV, others and stdin as one \
                value per line, unless --csv or --values says otherwise (without either, records that \
                look like CSV get a note on stderr).

                A record longer than 8 MiB is not read: it is reported as record_too_long, and nothing \
                is inferred from it. A row csv rejects for its shape (a blank line, more or fewer cells \
                than the first record, a quote never closed) is a bad row, said as csv says it.

                Exit status: 0 every column decided, 1 some column undecided or with outliers, or a \
                record too long to read, or a bad row, 2 usage error, 3 I/O error.

                Examples:
                  fieldcheck infer export.csv
                  fieldcheck infer export.csv --schema > schema.yaml
                  fieldcheck csv --schema schema.yaml export.csv
                  cut -d';' -f3 export.csv | fieldcheck infer
                """
        )

        @Argument(help: "Files to read; stdin when none or '-'.", completion: .file())
        var files: [String] = []

        @Flag(help: "Read the input as CSV whatever its name.")
        var csv = false

        @Flag(help: "Read one value per line whatever the file's name.")
        var values = false

        @Option(
            name: [.customShort("d"), .long],
            help: ArgumentHelp(
                "The CSV delimiter, as csv takes it (default: sniffed from the first records).", valueName: "C"))
        var delimiter: String?

        @Option(
            help: ArgumentHelp(
                "Settle a column the values leave undecided (1,234 is 1234 in en_US, 1.234 in de_DE) with this locale's convention; where the values show no decimal mark (10 %), the schema takes the locale's. The locale's own number forms are tried too, and named where they read the values.",
                valueName: "LOCALE"))
        var locale: String?

        @Flag(inversion: .prefixedNo, help: "Whether the CSV's first row is a header (default: decided from the data).")
        var header: Bool?

        @Flag(
            help:
                "Write a Table Schema (YAML; JSON with --json) that `fieldcheck csv --schema` reads, instead of the report."
        )
        var schema = false

        @Option(
            help: ArgumentHelp(
                "Also write a Data Package to FILE (YAML; JSON when FILE ends in .json): one resource per CSV "
                    + "file, with its path from FILE's folder, dialect, encoding and inferred schema, which "
                    + "`fieldcheck csv --package` and Frictionless read.",
                valueName: "FILE"))
        var package: String?

        @Flag(help: "Write JSON: one object per file and per column (JSON Lines), or the schema as JSON.")
        var json = false

        @Flag(help: "Read every row instead of the first \(InferCommand.sampleRows).")
        var allRows = false

        @Flag(
            help:
                "Keep values and their characters out of the report (rows, codes, offsets and character categories stay; column names too)."
        )
        var redact = false

        static let sampleRows = 100_000
        /// Input held in memory when it must be converted from another encoding.
        static let sampleBytes = 64 << 20
        /// Records too long to read listed in the report (all are counted).
        static let tooLongListed = 20

        func validate() throws {
            if csv && values { throw ValidationError("--csv and --values exclude each other") }
            if delimiter != nil && values { throw ValidationError("--delimiter reads CSV: it excludes --values") }
            if package != nil && schema { throw ValidationError("--package and --schema exclude each other") }
            if package != nil && values { throw ValidationError("--package describes CSV files, not --values") }
            if package != nil && (files.isEmpty || files.contains("-")) {
                throw ValidationError(
                    "--package needs the CSV files named: a resource is a file in the package's folder")
            }
            if let delimiter { _ = try CSVCommand.delimiterByte(delimiter) }
        }

        mutating func runWithStatus() throws -> Int32 {
            let out = Streams.standardOutput
            var status: Int32 = 0
            // Every resource's path is known to stay inside the package's folder before a
            // file is read.
            let writer = try package.map { try PackageWriter(package: $0, files: files) }
            let settling = try locale.map { (text) throws(ConfigurationError) in try LocaleID(text) }
            // A delimiter is given for CSV, whatever the input is named.
            if package != nil || delimiter != nil { csv = true }
            var printer: any ReportPrinter<FileReport> =
                switch (schema, json) {
                case (true, true): RecordReports(render: SchemaWriter.json)
                case (true, false): RecordReports(render: SchemaWriter.yaml)
                case (false, true): RecordReports(render: Self.json)
                case (false, false):
                    HumanReports(separated: false) { TerminalText.escaped(Self.text($0), keepingLineBreaks: true) }
                }
            for path in files.isEmpty ? ["-"] : files {
                var report: FileReport
                do {
                    report = try inferFile(path)
                    if let settling { report.columns = report.columns.map { $0.settled(by: settling) } }
                    if redact { report.redact() }
                } catch let error as InputOutputError {
                    Streams.complain(error.description)
                    status = 3
                    continue
                }
                // A record too long to read is a value nobody judged: as an outlier, it is not
                // a clean bill.
                if report.columns.contains(where: { !$0.isDecided || $0.rejectedOutlierCount > 0 })
                    || report.tooLongCount > 0 || report.badRowCount > 0,
                    status == 0
                {
                    status = 1
                }
                if (schema || writer != nil) && report.columns.isEmpty {
                    // A schema without fields is one `csv` refuses: none is written.
                    Streams.complain(
                        "\(report.name): no column was found (\(report.headerEvidence)); "
                            + (schema ? "no schema written" : "not in the package"))
                    status = max(status, 1)
                    if schema { continue }
                } else {
                    writer?.add(report, file: path)
                }
                try printer.write(report, into: out)
            }
            if let writer {
                // A package that lacks a file it was asked for would pass for the whole.
                if status == 3 {
                    Streams.complain("\(writer.package): not written, since a file could not be read")
                } else {
                    try writer.write()
                }
            }
            try out.flush()
            return status
        }

        /// What was found in one input.
        struct FileReport {
            var name: String
            var isCSV: Bool
            var encoding: TextEncoding
            var dialect: CSVDialect?
            var header: Bool
            var headerEvidence: String
            var rows = 0
            var sampled = false
            /// The bytes read, when the input was cut there (a file converted from another
            /// encoding is read up to `sampleBytes` without --all-rows).
            var sampledBytes: Int? = nil {
                didSet { if sampledBytes != nil { sampled = true } }
            }
            var columns: [ColumnInference] = []
            /// Whether the answers are those of reading every candidate on every value.
            var exact = true
            /// The first records longer than the reader holds (`tooLongListed`): not read, so
            /// not judged by any column.
            var tooLong: [TooLong] = []
            /// How many there were in all.
            var tooLongCount = 0
            /// The reader's record limit, in bytes.
            var recordLimit = RecordReader.defaultMaxRecordBytes
            /// The first rows csv rejects for their shape (`tooLongListed`): a blank line, more or
            /// fewer cells than the first record, a quote never closed. Their cells are not read,
            /// but those of a short row.
            var badRows: [BadRow] = []
            /// How many there were in all.
            var badRowCount = 0
            /// The first record's cells (the header's names, when it is one): what a bad row is
            /// measured against.
            var firstRecord: [String] = []

            /// Where a bad row stands and what csv says of it.
            func badRowLines() -> [(place: String, row: Int?, line: Int, diagnostic: Diagnostic)] {
                badRows.map { bad in
                    let place =
                        bad.row.map { "row \($0) (line \(bad.line))" }
                        ?? (header ? "the header (line \(bad.line))" : "row 1 (line \(bad.line))")
                    return (
                        place, bad.row ?? (header ? nil : 1), bad.line,
                        bad.diagnostic(names: firstRecord, header: header)
                    )
                }
            }

            /// Leaves out every value (`--redact`): what decided or ruled out a convention, the
            /// outliers, the first bytes of records too long to read. Column names stay; the
            /// header's evidence was worded without data when it was decided.
            mutating func redact() {
                columns = columns.map { $0.redacted() }
                for index in tooLong.indices { tooLong[index].prefix = "" }
            }

            /// Notes a record too long to read.
            mutating func addTooLong(_ record: TooLong) {
                tooLongCount += 1
                if tooLong.count < InferCommand.tooLongListed { tooLong.append(record) }
            }

            /// Notes a row csv rejects for its shape.
            mutating func addBadRow(_ row: BadRow) {
                badRowCount += 1
                if badRows.count < InferCommand.tooLongListed { badRows.append(row) }
            }
        }

        /// A row of a CSV file that csv rejects for its shape, as csv words it. Worded when the
        /// file is read: whether the first record is a header is known only then.
        struct BadRow {
            enum Shape {
                /// An empty line in a table of several columns.
                case blank
                /// A row of this many cells, where the first record has another number.
                case cells(Int)
                /// A quote never closed, or text after a closing one: as csv words it.
                case syntax(Diagnostic)
                /// A carriage return no line feed follows in the first record, at this byte: rows
                /// that end with a lone CR, which end no row.
                case loneCarriageReturn(at: Int)
            }
            /// The data row; nil for the first record.
            var row: Int?
            var line: Int
            var shape: Shape

            /// The code and the sentence csv reports the row with; `names` are the first
            /// record's cells, `header` whether they are the header.
            func diagnostic(names: [String], header: Bool) -> Diagnostic {
                switch shape {
                case .blank:
                    return Diagnostic(
                        code: .raggedRow, offset: nil, length: 0,
                        reason: .ragged(cells: nil, width: names.count, againstHeader: header))
                case .cells(let cells) where cells < names.count:
                    return Diagnostic(
                        code: .missingColumn, offset: nil, length: 0,
                        reason: .missingCell(
                            cells: cells, column: header ? names[cells] : "column\(cells + 1)", at: cells))
                case .cells(let cells):
                    return Diagnostic(
                        code: .raggedRow, offset: nil, length: 0,
                        reason: .ragged(cells: cells, width: names.count, againstHeader: header))
                case .syntax(let diagnostic):
                    return diagnostic
                case .loneCarriageReturn(let offset):
                    return Diagnostic(
                        code: .malformedCSV, offset: offset, length: 1, character: "\r",
                        message: "it " + CSVRunner.loneCarriageReturnAdvice)
                }
            }
        }

        /// A record longer than the reader holds: `record_too_long`, as the line commands and
        /// `csv` report it.
        struct TooLong {
            /// The data row (for values, the line); nil for a CSV's first record, read before
            /// the header is known.
            var row: Int?
            /// The physical line it starts on.
            var line: Int
            /// Its length in bytes.
            var length: Int
            /// Its first bytes, as the line commands show them.
            var prefix: String

            /// The diagnostic, worded as the line commands word it; nothing was read to hint at.
            func message(limit: Int) -> String {
                LineRunner.tooLongMessage(
                    length: length, limit: limit, "it was not read, so nothing was inferred from it")
            }
        }

        /// A record's CSV syntax problem as csv words it.
        static func worded(_ problem: CSVProblem, _ record: CSVRecord) -> Diagnostic {
            TableValidator.syntaxProblem(problem, record, limitHint: nil).diagnostic
        }

        /// The delimiter, when the first records of a file not named .csv split into the same
        /// number of fields (two or more) at it, with a header-like first record: "','". The
        /// records are read as `csv` reads them, so a delimiter inside quotes (`"Einkauf;
        /// Markt"`) does not make a record look ragged.
        static func looksLikeCSV(_ head: [UInt8], encoding: TextEncoding) -> String? {
            var sample = encoding.isUTF8 ? head : encoding.sampleToUTF8(head)
            // Whole lines only: the sample may end inside a record.
            guard let lastBreak = sample.lastIndex(of: 0x0A) else { return nil }
            sample.removeSubrange((lastBreak + 1)...)
            let dialect = CSVDialect.sniff(sample)
            var records: [(count: Int, names: [String])] = []
            let reader = CSVReader(delimiter: dialect.delimiter)
            try? sample.withUnsafeBufferPointer { bytes in
                let chunk = CSVChunk(bytes: bytes, firstNumber: 1, firstLine: 1, records: 0)
                try reader.forEachRecord(in: chunk) { record in
                    guard records.count < 20, record.problem == nil, !record.isBlank else { return }
                    records.append((record.count, records.isEmpty ? record.texts : []))
                }
            }
            guard records.count >= 2, let first = records.first, first.count >= 2,
                records.allSatisfy({ $0.count == first.count })
            else { return nil }
            // A header of names: a list of numbers written with a decimal comma (1,5) is values.
            guard first.names.allSatisfy({ $0.unicodeScalars.contains { $0.properties.isAlphabetic } }) else {
                return nil
            }
            return dialect.delimiter == 0x09 ? "tabs" : "'\(Character(Unicode.Scalar(dialect.delimiter)))'"
        }

        /// The `--locale` whose number forms the inferrer tries too (checked in `runWithStatus`).
        private var settlingLocale: LocaleID? { locale.flatMap { try? LocaleID($0) } }

        private func inferFile(_ path: String) throws -> FileReport {
            let source = try InputSource(path: path, limit: allRows ? Int.max : Self.sampleBytes)
            let encoding = TextEncoding.detect(source.head)
            let asCSV =
                csv || (!values && (path.lowercased().hasSuffix(".csv") || path.lowercased().hasSuffix(".tsv")))
            if !asCSV && !values, let looks = Self.looksLikeCSV(source.head, encoding: encoding) {
                let why =
                    path == "-"
                    ? "standard input is read as CSV only with --csv" : "only .csv and .tsv files are read as CSV"
                Streams.complain(
                    "\(source.name): read as one value per line (\(why)), "
                        + "but its lines look like CSV delimited by \(looks): give --csv to read its columns, "
                        + "--values to keep this reading")
            }
            if encoding.isUTF8 && !source.isRegular {
                // Read as it comes, with a copy for a second reading: held in memory, a value
                // longer than the memory limit would cut the input short.
                let input = try CopiedInput(head: source.head, source: source.fd)
                let inferrer = ColumnInferrer(locale: settlingLocale)
                let first = try read(
                    input.fd, path: path, asCSV: asCSV, encoding: encoding, head: source.head, inferrer)
                let copy: Int32?
                do { copy = try input.finish() } catch let error as InputOutputError {
                    throw InputOutputError("\(source.name): \(error.description)")
                }
                // Past the copy's limit the first reading stands: its ranking is that of the
                // candidates it did not set aside, as a sample's is.
                guard !first.exact, let copy else { return first }
                inferrer.setsAside = false
                return try withExtendedLifetime(input) {
                    try read(copy, path: path, asCSV: asCSV, encoding: encoding, head: source.head, inferrer)
                }
            }
            if !encoding.isUTF8 && source.isRegular {
                // Converted as it is read, so that a file is read to its end (or to the row
                // limit) whatever its size, as a UTF-8 file is; from the start again for an
                // exact second reading.
                let inferrer = ColumnInferrer(locale: settlingLocale)
                let report = try readConverted(source, path: path, asCSV: asCSV, encoding: encoding, inferrer)
                guard !report.exact else { return report }
                inferrer.setsAside = false
                return try readConverted(source, path: path, asCSV: asCSV, encoding: encoding, inferrer)
            }
            // Stdin in another encoding: a converted copy to read twice, up to the byte limit.
            let (fd, cut) = try source.utf8Descriptor(encoding)
            defer { if fd != source.fd { close(fd) } }
            let inferrer = ColumnInferrer(locale: settlingLocale)
            var report = try read(fd, path: path, asCSV: asCSV, encoding: encoding, head: source.head, inferrer)
            if cut { report.sampledBytes = Self.sampleBytes }
            guard !report.exact else { return report }
            // A candidate set aside might have ranked otherwise: read every candidate on every
            // value. The descriptor is the file itself or a temporary copy, both seekable.
            guard lseek(fd, 0, SEEK_SET) == 0 else {
                throw InputOutputError("\(path): \(String(cString: strerror(errno)))")
            }
            inferrer.setsAside = false
            var exact = try read(fd, path: path, asCSV: asCSV, encoding: encoding, head: source.head, inferrer)
            if cut { exact.sampledBytes = Self.sampleBytes }
            return exact
        }

        /// Reads a regular file in another encoding from its start, converted through a pipe.
        /// A byte sequence the encoding does not define ends the reading with an input error at
        /// its offset, as `csv --encoding` reports it.
        private func readConverted(
            _ source: InputSource, path: String, asCSV: Bool, encoding: TextEncoding, _ inferrer: ColumnInferrer
        ) throws -> FileReport {
            guard lseek(source.fd, 0, SEEK_SET) == 0 else {
                throw InputOutputError("\(source.name): \(String(cString: strerror(errno)))")
            }
            let input = try TranscodedInput(source: source.fd, encoding: encoding.name)
            let report: FileReport
            do {
                report = try read(input.fd, path: path, asCSV: asCSV, encoding: encoding, head: source.head, inferrer)
            } catch {
                _ = try? input.finish()
                throw error
            }
            do { try input.finish() } catch let error as InputError {
                throw InputOutputError("\(source.name): \(error.message)")
            }
            return report
        }

        /// Reads an input from the start, in UTF-8, with the columns it holds.
        private func read(
            _ fd: Int32, path: String, asCSV: Bool, encoding: TextEncoding, head: [UInt8], _ inferrer: ColumnInferrer
        ) throws -> FileReport {
            // A long read shows its progress on a terminal, as csv does.
            var bar = ProgressBar(fd: fd, enabled: Streams.standardError.isTerminal)
            defer { bar.clear() }
            var report = FileReport(
                name: path == "-" ? "stdin" : path, isCSV: asCSV, encoding: encoding, dialect: nil, header: false,
                headerEvidence: "")
            let limit = allRows ? Int.max : Self.sampleRows
            var estimate = RowEstimate(fd: fd, limit: limit)
            if !asCSV {
                let column = inferrer.column(named: nil)
                var rows = 0
                do {
                    try RecordReader().forEachRecord(fd: fd) { record in
                        bar.advance(bytes: (record.oversizedLength ?? record.bytes.count) + 1)
                        if rows == limit {
                            report.sampled = true
                            throw StopReading()
                        }
                        rows += 1
                        estimate.note(row: rows, bytes: (record.oversizedLength ?? record.bytes.count) + 1, inferrer)
                        if let length = record.oversizedLength {
                            // Only its first bytes were kept: reading them would judge a
                            // value nobody wrote.
                            report.addTooLong(
                                TooLong(
                                    row: record.number, line: record.number, length: length,
                                    prefix: String(decoding: record.bytes, as: UTF8.self) + "…"))
                            return
                        }
                        column.add(bytes: record.bytes, row: record.number)
                    }
                } catch is StopReading {}
                report.rows = rows
                let answer = inferrer.finish(column)
                report.columns = [answer]
                report.exact = column.isExact
                return report
            }
            let head = encoding.sampleToUTF8(head)
            var dialect = CSVDialect.sniff(head)
            if let delimiter {
                dialect.delimiter = try CSVCommand.delimiterByte(delimiter)
                dialect.evidence = "given"
            }
            report.dialect = dialect
            var first: [String]?
            var columns: [ColumnInferrer.Column] = []
            // The widest record: past `columnLimit`, its columns are not inferred.
            var width = 0
            var rows = 0
            do {
                try CSVReader(delimiter: dialect.delimiter).forEachRecord(fd: fd) { record in
                    let bytes = (record.oversizedLength ?? record.raw.count) + record.terminator.count
                    bar.advance(bytes: bytes)
                    estimate.note(row: first == nil ? 0 : rows + 1, bytes: bytes, inferrer)
                    // A blank line before any record is passed over; after one, it is a row of
                    // one empty cell, which csv rejects (ragged_row) in a table of several.
                    if record.isBlank && (first == nil || first!.count > 1) {
                        guard first != nil else { return }
                        if rows == limit {
                            report.sampled = true
                            throw StopReading()
                        }
                        rows += 1
                        report.addBadRow(BadRow(row: rows, line: record.line, shape: .blank))
                        return
                    }
                    if let length = record.oversizedLength {
                        // Its cells were not kept: which one is long is not known, and none is
                        // read by a prefix. A first record cannot be told header or data, unless
                        // `--no-header` said: then it is data row 1.
                        if first == nil && header == false { first = [] }
                        if first != nil {
                            if rows == limit {
                                report.sampled = true
                                throw StopReading()
                            }
                            rows += 1
                        }
                        report.addTooLong(
                            TooLong(row: first == nil ? nil : rows, line: record.line, length: length, prefix: ""))
                        return
                    }
                    let names: [String]
                    if let known = first {
                        names = known
                    } else {
                        first = record.texts
                        if let problem = record.problem {
                            report.addBadRow(
                                BadRow(row: nil, line: record.line, shape: .syntax(Self.worded(problem, record))))
                        } else if let offset = CSVRunner.loneCarriageReturnOffset(record.raw) {
                            report.addBadRow(
                                BadRow(row: nil, line: record.line, shape: .loneCarriageReturn(at: offset)))
                        }
                        // Given no header, the first record is data row 1, read in its turn;
                        // otherwise it waits until the columns say whether it is a header.
                        guard header == false else { return }
                        names = []
                    }
                    if rows == limit {
                        report.sampled = true
                        throw StopReading()
                    }
                    rows += 1
                    // A row csv rejects for its shape lends no values: its cells stand under
                    // other columns' names (`Smith, John` unquoted). A short row's cells are
                    // read: csv checks them, and says which columns have none.
                    let expected = first?.count ?? record.count
                    if let problem = record.problem {
                        report.addBadRow(
                            BadRow(row: rows, line: record.line, shape: .syntax(Self.worded(problem, record))))
                        return
                    }
                    if record.count != expected && !names.isEmpty {
                        report.addBadRow(BadRow(row: rows, line: record.line, shape: .cells(record.count)))
                        if record.count > expected { return }
                    }
                    width = max(width, record.count)
                    while columns.count < min(max(record.count, names.count), ColumnInferrer.columnLimit) {
                        let index = columns.count
                        columns.append(inferrer.column(named: index < names.count ? names[index] : nil))
                    }
                    // Cells as bytes: a column makes a String of a cell only when it keeps one.
                    for (index, column) in columns.enumerated() where index < record.count {
                        column.add(bytes: record[index], row: rows)
                    }
                }
            } catch is StopReading {}
            guard let names = first else {
                report.headerEvidence = "the file is empty"
                return report
            }
            var answers = columns.map { inferrer.finish($0) }
            for index in answers.count..<max(answers.count, width, names.count) {
                // No data row lent it a value (none at all, or only bad rows): the column is
                // empty, not one past the column limit.
                let name = index < names.count ? names[index] : nil
                answers.append(
                    index < ColumnInferrer.columnLimit
                        ? inferrer.finish(inferrer.column(named: name)) : inferrer.notInferred(named: name))
            }
            let (isHeader, evidence) = Self.decideHeader(names, answers, redact: redact)
            report.header = header ?? isHeader
            report.headerEvidence = header == nil ? evidence : "given"
            if !report.header && header == false {
                // Given so: the first record was read as data row 1, in its turn.
                for index in answers.indices { answers[index].name = "column\(index + 1)" }
            } else if !report.header {
                // The first row is data: read it too (numbered after the others, as it is
                // read last).
                for (index, column) in columns.enumerated() {
                    column.add(index < names.count ? names[index] : "", row: rows + 1)
                }
                while columns.count < min(names.count, ColumnInferrer.columnLimit) {
                    let column = inferrer.column(named: nil)
                    column.add(names[columns.count], row: rows + 1)
                    columns.append(column)
                }
                answers = columns.map { inferrer.finish($0) }
                for _ in answers.count..<max(answers.count, width, names.count) {
                    answers.append(inferrer.notInferred(named: nil))
                }
                for index in answers.indices { answers[index].name = "column\(index + 1)" }
                // Numbered as read, the first record (read last) was row `rows + 1` and each
                // other one a row early: in a file without a header it is row 1, as csv says.
                let readLast = rows + 1
                answers = answers.map { Self.renumbered($0) { $0 == readLast ? 1 : $0 + 1 } }
                for index in report.tooLong.indices {
                    report.tooLong[index].row = report.tooLong[index].row.map { $0 + 1 }
                }
                for index in report.badRows.indices {
                    report.badRows[index].row = report.badRows[index].row.map { $0 + 1 }
                }
                rows += 1
            }
            report.rows = rows
            report.columns = answers
            report.firstRecord = names
            report.exact = columns.allSatisfy(\.isExact)
            return report
        }

        /// The answer with every row it names numbered by `row`, in order again.
        static func renumbered(_ answer: ColumnInference, _ row: (Int) -> Int) -> ColumnInference {
            var copy = answer
            for index in copy.eliminations.indices { copy.eliminations[index].row = row(copy.eliminations[index].row) }
            copy.eliminations.sort { $0.row < $1.row }
            for index in copy.outliers.indices { copy.outliers[index].row = row(copy.outliers[index].row) }
            copy.outliers.sort { $0.row < $1.row }
            return copy
        }

        /// A header row holds, in some typed column, a cell its conventions reject ('Betrag'
        /// above numbers); a first row that fits every typed column is data.
        /// - Parameter redact: a cell that fits its column is data, so it is named by its
        ///   column rather than quoted (`--redact`); a cell that does not is a name, quoted.
        static func decideHeader(_ first: [String], _ columns: [ColumnInference], redact: Bool = false) -> (
            Bool, String
        ) {
            if let years = pivotYears(first, columns) {
                let cells = redact ? "\(years.count) cells" : years.map { "'\($0)'" }.joined(separator: ", ")
                return (
                    true,
                    "\(cells) in row 1 are successive years above columns of other numbers, as a pivot table's header"
                )
            }
            var fits: String?
            for (index, column) in columns.enumerated() where index < first.count {
                guard let candidate = column.candidates.first, !first[index].isEmpty else { continue }
                guard let field = try? FieldValidator(candidate.spec) else { continue }
                if !field.validate(first[index]).isValid {
                    return (
                        true,
                        "'\(first[index])' in row 1 is not \(Self.article(column.type)) like the rest of its column"
                    )
                }
                let cell = redact ? "cell \(index + 1)" : "'\(first[index])'"
                fits = fits ?? "\(cell) in row 1 reads as \(Self.article(column.type)) like the rest of its column"
            }
            if let fits { return (false, fits) }
            let distinct = Set(first).count == first.count && !first.contains("")
            return distinct
                ? (true, "assumed: every column is text, and row 1 holds distinct non-empty names")
                : (false, "row 1 has empty or repeated cells, so it is read as data")
        }

        /// The first row's cells over the number columns, when they are two or more years in
        /// steps of one size (`Region;2023;2024;2025`) and most values below each are not years:
        /// a pivot table's header, though each year reads as a number of its column.
        static func pivotYears(_ first: [String], _ columns: [ColumnInference]) -> [String]? {
            var years: [Int] = []
            for (index, column) in columns.enumerated() where index < first.count {
                guard column.type == .integer || column.type == .number, column.isDecided else { continue }
                guard ColumnInferrer.isYear(first[index].utf8), column.yearCount * 2 < column.valueCount,
                    let year = Int(first[index])
                else { return nil }
                years.append(year)
            }
            guard years.count >= 2, years[1] > years[0],
                zip(years, years.dropFirst()).allSatisfy({ $1 - $0 == years[1] - years[0] })
            else { return nil }
            return years.map(String.init)
        }

        static func article(_ type: InferredType) -> String {
            switch type {
            case .integer: "an integer"
            case .number: "a number"
            case .date: "a date"
            case .boolean: "a yes/no value"
            case let type where type.isRegistered: "a \(type.rawValue) value"
            default: type.identifierKind.map { "a \($0.noun) code or name" } ?? "text"
            }
        }

        // MARK: Report

        static func text(_ report: FileReport) -> String {
            var text =
                "\(HumanPrinter.display(report.name).text): encoding \(report.encoding.name) (\(report.encoding.evidence))\n"
            if let dialect = report.dialect {
                text += "  delimiter \(CSVDialect.name(of: dialect.delimiter)) (\(dialect.evidence))"
                text += dialect.quoting ? "; quoted fields\n" : "; no quoted field\n"
                text += "  header: \(report.header ? "yes" : "no") (\(report.headerEvidence))\n"
            }
            let unit = report.isCSV ? "data row" : "value"
            text += "  \(report.rows) \(report.rows == 1 ? unit : unit + "s") read"
            if let bytes = report.sampledBytes {
                text += " (a sample: the first \(bytes >> 20) MiB of the file; --all-rows reads all)\n"
            } else {
                text += report.sampled ? " (a sample: the first \(sampleRows); --all-rows reads all)\n" : " (all)\n"
            }
            for record in report.tooLong {
                let shown = record.prefix.isEmpty ? "" : " '\(HumanPrinter.display(record.prefix).text)'"
                text +=
                    "  too long: \(place(record, csv: report.isCSV))\(shown): \(record.message(limit: report.recordLimit)) "
                    + "[\(ErrorCode.recordTooLong.rawValue)]\n"
            }
            if report.tooLongCount > report.tooLong.count {
                text += "  too long: \(report.tooLongCount - report.tooLong.count) more records\n"
            }
            for bad in report.badRowLines() {
                text += "  bad row: \(bad.place): \(bad.diagnostic.message) [\(bad.diagnostic.code.rawValue)]\n"
            }
            if report.badRowCount > report.badRows.count {
                text += "  bad rows: \(report.badRowCount) in all, the first \(report.badRows.count) listed\n"
            }
            for column in report.columns {
                text += "\n" + Self.text(column, someUnread: report.tooLongCount > 0 || report.badRowCount > 0)
            }
            return text + "\n"
        }

        /// - Parameter someUnread: whether records of the file were not read: too long, or bad
        ///   rows (then an empty column may hold values that were not read).
        static func text(_ column: ColumnInference, someUnread: Bool = false) -> String {
            let title = column.name.map { "column '\(HumanPrinter.display($0).text)'" } ?? "values"
            var text = "\(title): \(column.type.rawValue)"
            switch column.type {
            case .empty:
                if column.valueCount + column.emptyCount == 0 {
                    return text
                        + (someUnread ? " (no value read: the rows were too long or bad)\n" : " (no data rows)\n")
                }
                return text
                    + (someUnread
                        ? " (every value read is empty; some rows were too long or bad)\n"
                        : " (every value is empty)\n")
            case .string where !column.isDecided:
                return text + ", undecided: \(column.undecidedReason ?? "")\n"
            case .string where column.textReason != nil:
                return text + " (\(column.textReason ?? ""): a code, not a quantity)\n"
            case .string:
                text +=
                    " (no number, date, yes/no, identifier or ISO 8601 convention reads at least 90 % of the values)\n"
                // What no field reads (a NUL, bytes that are not UTF-8): csv rejects it.
                return text + outlierLines(column)
            case .boolean:
                return text
                    + " (true: \(column.trueValues.joined(separator: ", ")); false: \(column.falseValues.joined(separator: ", ")))\n"
                    + outlierLines(column)
            default: break
            }
            text +=
                column.isDecided
                ? (column.settledBy.map { " (settled by --locale \($0))" } ?? "") + "\n"
                : ", undecided: \(column.undecidedReason ?? "")\n"
            for facet in column.facets {
                // A decided column's candidates read every value alike: a facet they differ in
                // is one the values do not show, which changes nothing (an integer's decimal
                // mark), not a question left open.
                let value =
                    facet.values.count == 1
                    ? facet.values[0]
                    : (column.isDecided ? "not shown by the values: " : "undecided: ")
                        + facet.values.joined(separator: " or ")
                text += "  \(facet.key): \(value)\(facet.key == "year digits" ? yearsWritten(column) : "")\n"
            }
            text += monthNamesWritten(column)
            if column.isDecided, column.candidates.count > 1 {
                text += "  read alike by: \(column.candidates.map(\.name).joined(separator: ", "))\n"
            }
            // A value that rules out many candidates alike (a German name rules out the
            // names of 13 other languages) is shown for the first few.
            let decidingOnes = deciding(column)
            let shown = decidingOnes.count > 6 ? 3 : decidingOnes.count
            for elimination in decidingOnes.prefix(shown) {
                // Redacted, the value is gone: the row says where it is.
                let value =
                    column.isRedacted
                    ? "row \(elimination.row)"
                    : "'\(HumanPrinter.display(elimination.value).text)' (row \(elimination.row))"
                text +=
                    "  decided by: \(value) rules out \(elimination.candidate) [\(elimination.code.rawValue)]\n"
            }
            if decidingOnes.count > shown {
                text += "  decided by: \(decidingOnes.count - shown) more conventions ruled out (--json lists them)\n"
            }
            return text + outlierLines(column)
        }

        /// One line per outlier of the column.
        static func outlierLines(_ column: ColumnInference) -> String {
            let lines = column.outliers.map {
                let value = column.isRedacted ? "" : " '\(HumanPrinter.display($0.value).text)'"
                return
                    "  \($0.isWarning ? "warning" : "outlier"): row \($0.row)\(value): \($0.message) [\($0.code.rawValue)]\n"
            }.joined()
            let listed = column.outliers.count { !$0.isWarning }
            let more = column.rejectedOutlierCount - listed
            return more > 0
                ? lines + "  outliers: \(column.rejectedOutlierCount) in all, the first \(listed) listed\n" : lines
        }

        /// Which width of month names the values write (`January` or `Jan`): a pattern here reads
        /// both, a strptime format one (`%B` or `%b`), so a column of one width is said, and one
        /// of both is said with what reads it.
        static func monthNamesWritten(_ column: ColumnInference) -> String {
            guard let widths = column.monthNameWidths, widths.full + widths.abbreviated > 0,
                let top = column.candidates.first
            else { return "" }
            func example(_ value: String?) -> String {
                guard let value, !column.isRedacted else { return "" }
                return ", as in '\(HumanPrinter.display(value).text)'"
            }
            let sample = widths.isSample ? " (of the first \(ColumnInference.keptDistinctValues) distinct values)" : ""
            guard case .date(let date) = top.spec.kind, let pattern = date.format.uts35Pattern else { return "" }
            if widths.full == 0 || widths.abbreviated == 0 {
                let full = widths.abbreviated == 0
                let letters = full ? "MMMM" : "MMM"
                // A locale whose styles write one width (de_DE's d. MMMM y) reads the other too.
                let reads = MonthNameWidths.width(of: top) == letters.count ? "" : "; \(pattern) reads them too"
                return "  month names written: \(full ? "in full" : "abbreviated")"
                    + "\(example(full ? widths.fullExample : widths.abbreviatedExample)) (\(letters)\(reads))\(sample)\n"
            }
            return "  month names written: in full in \(widths.full) values\(example(widths.fullExample)), and "
                + "abbreviated in \(widths.abbreviated)\(example(widths.abbreviatedExample))\(sample); "
                + "\(pattern) reads both, a strptime format one width only (%B or %b)\n"
        }

        /// After `year digits: 2`, that some values have four (which a two-digit-year pattern
        /// reads too): a column of half of each is not one of two-digit years.
        static func yearsWritten(_ column: ColumnInference) -> String {
            guard let (count, exact) = column.fourDigitYears, let top = column.candidates.first else { return "" }
            let values = column.valueCount
            return count == values
                ? ""
                : " and 4 (\(exact ? "" : "at least ")\(count) of the \(values) values have four; \(top.name) reads both)"
        }

        /// Every candidate infer tries, read from the registry once per run (each type tried
        /// by its name alone is made from its schema field again when asked), by name: a
        /// column's eliminations are looked up by name (a search of the list for each was a
        /// tenth of `infer` on a wide table).
        static let candidatesByName = Dictionary(grouping: InferenceCandidate.registered, by: \.name)

        /// The eliminations that decide a convention: of candidates that differ from the
        /// chosen one in one facet only (MM.dd.yyyy against dd.MM.yyyy); and for the decimal
        /// mark and the field order, the conventions common readings disagree on, when none of
        /// those shows them, the elimination of the candidate nearest the chosen one that
        /// differs in it (`5,5` ruling out en_US decides the decimal mark `,` of de_DE, though
        /// en_US differs in grouping too). Digits and calendars are left out: every value
        /// decides them, and their lines hid the ones a person looks for.
        static func deciding(_ column: ColumnInference) -> [Elimination] {
            guard let top = column.candidates.first else { return [] }
            // Each ruled-out candidate of the type: which facets it differs in, and in how many.
            let ruledOut = column.eliminations.compactMap {
                elimination -> (elimination: Elimination, differs: [Bool], apart: Int)? in
                guard
                    let candidate = candidatesByName[elimination.candidate]?.first(where: { $0.family == top.family }),
                    candidate.facets.count == top.facets.count
                else { return nil }
                let differs = zip(candidate.facets, top.facets).map { $0.0.value != $0.1.value }
                return (elimination, differs, differs.count(where: { $0 }))
            }
            var chosen = Set(ruledOut.indices.filter { ruledOut[$0].apart == 1 })
            for (facet, facets) in column.facets.enumerated()
            where facets.values.count == 1 && ["decimal mark", "field order"].contains(facets.key) {
                guard !chosen.contains(where: { ruledOut[$0].differs[facet] }) else { continue }
                // The nearest: fewest conventions apart; of those, the one that stood longest
                // (en_US, which reads `1,234`, rather than de_CH, which does not).
                func rank(_ index: Int) -> (Int, Int) { (ruledOut[index].apart, -ruledOut[index].elimination.row) }
                let nearest = ruledOut.indices.filter { ruledOut[$0].differs[facet] }.min { rank($0) < rank($1) }
                if let nearest { chosen.insert(nearest) }
            }
            // The conventions a person looks for first (the report shows the first few when there
            // are many: en_IN's lakh grouping hid behind bn_BD's digits), then by row.
            func weight(_ index: Int) -> Int {
                guard let facet = ruledOut[index].differs.firstIndex(of: true), facet < top.facets.count else {
                    return Self.facetOrder.count
                }
                return Self.facetOrder.firstIndex(of: top.facets[facet].key) ?? Self.facetOrder.count
            }
            return chosen.sorted { (weight($0), $0) < (weight($1), $1) }.map { ruledOut[$0].elimination }
        }

        /// The facets in the order their deciding values are shown: the separators and field
        /// order before the pattern's details, the digits, calendar and form last.
        static let facetOrder = [
            "decimal mark", "grouping", "field order", "separator", "year digits", "pattern", "month names",
            "date part", "time part", "digits", "form", "calendar",
        ]

        /// Where a record too long to read stands, in the words of the report.
        static func place(_ record: TooLong, csv: Bool) -> String {
            guard let row = record.row else { return "record 1 (line \(record.line), before the header)" }
            return csv ? "row \(row) (line \(record.line))" : "line \(record.line)"
        }

        static func json(_ report: FileReport) -> String {
            var text =
                JSON.recordStart
                + "\"kind\":\"file\",\"file\":\(JSON.string(report.name)),\"encoding\":\(JSON.string(report.encoding.name)),"
            text += "\"encodingEvidence\":\(JSON.string(report.encoding.evidence)),\"csv\":\(report.isCSV),"
            if let dialect = report.dialect {
                text += "\"delimiter\":\(JSON.string(String(Character(Unicode.Scalar(dialect.delimiter))))),"
                text += "\"delimiterEvidence\":\(JSON.string(dialect.evidence)),\"quoting\":\(dialect.quoting),"
                text += "\"header\":\(report.header),\"headerEvidence\":\(JSON.string(report.headerEvidence)),"
            }
            let tooLong = report.tooLong.map { record in
                "{\"row\":\(record.row.map(String.init) ?? "null"),\"line\":\(record.line),\"length\":\(record.length),"
                    + "\"code\":\"\(ErrorCode.recordTooLong.rawValue)\","
                    + "\"message\":\(JSON.string(record.message(limit: report.recordLimit)))}"
            }
            text += "\"rows\":\(report.rows),\"sampled\":\(report.sampled),"
            let badRows = report.badRowLines().map { bad in
                "{\"row\":\(bad.row.map(String.init) ?? "null"),\"line\":\(bad.line),"
                    + "\"code\":\"\(bad.diagnostic.code.rawValue)\",\"message\":\(JSON.string(bad.diagnostic.message))}"
            }
            text += "\"tooLong\":[\(tooLong.joined(separator: ","))],\"tooLongCount\":\(report.tooLongCount),"
            text += "\"badRows\":[\(badRows.joined(separator: ","))],\"badRowCount\":\(report.badRowCount)}\n"
            for column in report.columns {
                let facets = column.facets.map {
                    "\(JSON.string($0.key)):[\($0.values.map { JSON.string($0) }.joined(separator: ","))]"
                }
                let redacted = column.isRedacted
                let decidedBy = deciding(column).map {
                    "{\"candidate\":\(JSON.string($0.candidate)),\"value\":\(redacted ? "null" : JSON.string($0.value)),"
                        + "\"row\":\($0.row),\"code\":\"\($0.code.rawValue)\"}"
                }
                let outliers = column.outliers.map { outlier in
                    // Redacted: the value is null; the offset and category of the character stay.
                    let place =
                        redacted
                        ? ",\"offset\":\(outlier.diagnostic?.offset.map(String.init) ?? "null"),"
                            + "\"category\":\(JSON.string(outlier.diagnostic?.category))" : ""
                    return "{\"row\":\(outlier.row),\"value\":\(redacted ? "null" : JSON.string(outlier.value)),"
                        + "\"code\":\"\(outlier.code.rawValue)\"\(place),\"message\":\(JSON.string(outlier.message)),"
                        + "\"severity\":\"\(outlier.isWarning ? "warning" : "error")\"}"
                }
                text +=
                    JSON.recordStart
                    + "\"kind\":\"column\",\"file\":\(JSON.string(report.name)),\"column\":\(JSON.string(column.name)),"
                text += "\"type\":\"\(column.type.rawValue)\",\"decided\":\(column.isDecided),"
                text += "\"undecidedReason\":\(JSON.string(column.undecidedReason)),"
                text += "\"textReason\":\(JSON.string(column.textReason)),"
                text += "\"candidates\":[\(column.candidates.map { JSON.string($0.name) }.joined(separator: ","))],"
                text += "\"conventions\":{\(facets.joined(separator: ","))},"
                text +=
                    "\"decidedBy\":[\(decidedBy.joined(separator: ","))],\"outliers\":[\(outliers.joined(separator: ","))],"
                text += "\"trueValues\":[\(column.trueValues.map { JSON.string($0) }.joined(separator: ","))],"
                text += "\"falseValues\":[\(column.falseValues.map { JSON.string($0) }.joined(separator: ","))],"
                text += "\"outlierCount\":\(column.rejectedOutlierCount),"
                text +=
                    "\"fourDigitYears\":"
                    + (column.fourDigitYears.map { "{\"count\":\($0.count),\"exact\":\($0.exact)}" } ?? "null") + ","
                    + "\"monthNames\":"
                    + (column.monthNameWidths.map {
                        "{\"full\":\($0.full),\"abbreviated\":\($0.abbreviated),\"sample\":\($0.isSample)}"
                    } ?? "null") + ","
                text += "\"values\":\(column.valueCount),\"empty\":\(column.emptyCount)}\n"
            }
            return text
        }
    }
}

/// An input `infer` reads: its first bytes for sniffing, and a descriptor to read it from the
/// start as UTF-8 (the file itself when it can be read twice and is UTF-8; otherwise a
/// temporary copy, converted, of at most `limit` bytes).
struct InputSource {
    let fd: Int32
    let head: [UInt8]
    /// Whether the input is a regular file (which can be read twice).
    let isRegular: Bool
    private let limit: Int
    /// The input's name in messages.
    let name: String

    init(path: String, limit: Int) throws {
        name = path == "-" ? "stdin" : path
        self.limit = limit
        fd = path == "-" ? 0 : openForReading(path)
        guard fd >= 0 else { throw InputOutputError("\(path): \(String(cString: strerror(errno)))") }
        var info = stat()
        isRegular = fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var filled = 0
        let descriptor = fd
        while filled < buffer.count {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw InputOutputError("\(path): \(String(cString: strerror(errno)))") }
            if count == 0 { break }
            filled += count
        }
        head = Array(buffer.prefix(filled))
    }

    /// A descriptor positioned at the start of the input, in UTF-8, and whether the input
    /// was cut at the byte limit (the rows read are then a sample, whatever their count).
    /// A byte sequence the encoding does not define is an input error at its offset, as
    /// `csv --encoding` reports it: never replaced, so that what `infer` reads is what `csv`
    /// will read.
    func utf8Descriptor(_ encoding: TextEncoding) throws -> (fd: Int32, cut: Bool) {
        if isRegular && encoding.isUTF8 {
            lseek(fd, 0, SEEK_SET)
            return (fd, false)
        }
        guard let file = tmpfile() else { throw InputOutputError("cannot create a temporary file") }
        let copy = dup(fileno(file))
        fclose(file)
        var keep = false
        defer { if !keep { close(copy) } }
        func store(_ bytes: [UInt8]) throws {
            var written = 0
            while written < bytes.count {
                let count = bytes.withUnsafeBytes { write(copy, $0.baseAddress! + written, $0.count - written) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else {
                    throw InputOutputError("cannot write a temporary file: \(String(cString: strerror(errno)))")
                }
                written += count
            }
        }
        let transcoder: Transcoder?
        do { transcoder = encoding.isUTF8 ? nil : try Transcoder(from: encoding.name) } catch {
            throw InputOutputError("\(name): \(error.message)")
        }
        var converted: [UInt8] = []
        func convert(_ bytes: [UInt8], last: Bool) throws {
            guard let transcoder else { return try store(bytes) }
            converted.removeAll(keepingCapacity: true)
            do {
                try bytes.withUnsafeBufferPointer { try transcoder.convert($0, last: last, into: &converted) }
            } catch { throw InputOutputError("\(name): \((error as? InputError)?.message ?? "\(error)")") }
            try store(converted)
        }
        // Block by block (memory stays flat); up to the limit, the end of a sample.
        var total = head.count
        var cut = false
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var pending = head
        while true {
            if total >= limit {
                cut = true
                break
            }
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, min($0.count, limit - total)) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw InputOutputError("\(name): \(String(cString: strerror(errno)))") }
            if count == 0 { break }
            try convert(pending, last: false)
            pending = Array(chunk.prefix(count))
            total += count
        }
        if cut {
            // Whether anything follows: a file of exactly the limit was read whole.
            var probe: UInt8 = 0
            cut = read(fd, &probe, 1) == 1
        }
        // A sample may end inside a character: that is its edge, not an error.
        try convert(pending, last: !cut)
        lseek(copy, 0, SEEK_SET)
        keep = true
        return (copy, cut)
    }
}

/// How many rows a regular file holds, told from its size and its first rows' length, for
/// `ColumnInferrer.expectedRows`: set once, after the second data row.
private struct RowEstimate {
    private var size: Int?
    private let limit: Int
    /// Bytes before the first data row (a header, or a first record not yet known to be one),
    /// and of the data rows so far.
    private var before = 0
    private var data = 0

    init(fd: Int32, limit: Int) {
        var info = stat()
        if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0 { size = Int(info.st_size) }
        self.limit = limit
    }

    /// A record of `bytes` (terminator included), data row `row` (0 before any).
    mutating func note(row: Int, bytes: Int, _ inferrer: ColumnInferrer) {
        guard let size else { return }
        guard row > 0 else {
            before += bytes
            return
        }
        data += bytes
        guard row == 2 else { return }
        let rows = Double(size - before) / (Double(data) / 2)
        inferrer.expectedRows = Int(min(Double(limit), max(2, rows.rounded(.up))))
        self.size = nil
    }
}
