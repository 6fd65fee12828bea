import FieldCheck

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a table schema over CSV files: reading, the per-row verdict, the outputs (rows on
/// stdout, rejected rows to a file, diagnostics, JSON Lines, summary, progress) and the exit
/// status. Every row read is either accepted or rejected, and the summary says so.
struct CSVRunner {
    let schema: CompiledSchema
    let delimiter: UInt8
    let header: Bool
    let normalize: Bool
    /// `--format` (`--json`).
    let format: OutputFormat
    let report: ReportOptions
    let onInvalid: InvalidPolicy
    let rejects: String?
    let maxRecordBytes: Int
    let progress: Bool
    /// Threads that check cells (`--jobs`); 1 checks them on the reading thread.
    let jobs: Int
    /// The files' charset when it is not UTF-8 (`--encoding`): read through a converter.
    var encoding: String? = nil
    /// The files are the parts of one table (`--one-table`, a Data Package's multipart
    /// resource): the first part's header is the table's, each later part's must equal it and
    /// is skipped; unique values, the primary key and row numbers go on across the parts.
    var oneTable = false
    /// The Data Package resource these files are, named in `--summary`'s lines or record.
    var resource: String? = nil
    /// Opens one of the files (a Data Package's, beneath its folder).
    var open: (String) throws -> Int32 = openForReading

    /// What a first record with a lone CR says (csv refuses the file; infer reports a bad row).
    static let loneCarriageReturnAdvice =
        "holds a carriage return that no line feed follows: the file's rows may end with a lone CR (classic "
        + "Mac OS), which ends no row here (RFC 4180 rows end with CRLF or LF); convert it first: tr '\\r' '\\n'"

    /// Where a record's bytes hold a CR outside quotes that no LF follows, or nil: in a header,
    /// the sign of a file whose rows end with a lone CR, read as one record of one row.
    static func loneCarriageReturnOffset(_ raw: UnsafeBufferPointer<UInt8>) -> Int? {
        var quoted = false
        for (index, byte) in raw.enumerated() {
            if byte == UInt8(ascii: "\"") { quoted.toggle() }
            if byte == 0x0D, !quoted, index + 1 < raw.count, raw[index + 1] != 0x0A { return index }
        }
        return nil
    }

    func run(files: [String]) throws -> Int32 {
        let routing = Routing(
            format: format, report: report, onInvalid: onInvalid, color: report.usesColor(on: Streams.standardError))
        let sinks = try Sinks.standard(rejects: rejects, inputs: files.isEmpty ? ["-"] : files, routing: routing)
        let out = sinks.out
        let redact = routing.redact
        // Nobody reads a message under --quiet (JSON Lines carry them): do not build them.
        let detail: CheckDetail = !routing.quiet || format != .human ? .messages : .codes
        let reader = CSVReader(delimiter: delimiter, maxRecordBytes: maxRecordBytes, chunked: jobs > 1)
        // Nobody reads a rejected row's findings (no diagnostics, JSON, summary or blanked
        // cells): a row the fast paths reject for certain is not checked in full.
        let verdictsOnly = routing.quiet && format == .human && !report.summary && onInvalid != .blank
        let pool =
            jobs > 1
            ? CSVPool(
                jobs: jobs, schema: schema, reader: reader,
                renderDelimiter: normalize && routing.writesRecords ? delimiter : nil,
                verdictsOnly: verdictsOnly)
            : nil
        // The input goes quiet: the rows read are checked and written before waiting for more.
        // Weak: the pool holds the reader, and a strong hold here kept every pool of a Data
        // Package's resources (threads, batches, unique sets) until the process ended.
        reader.beforeWaiting = { [weak pool] in
            try pool?.finishAll()
            try Streams.flushBeforeWaiting()
        }
        let rows = CSVRowWriter(
            sinks: sinks, normalize: normalize, delimiter: delimiter, onInvalid: onInvalid)
        // On one thread (no pool), a row with nothing to report is written as the table
        // checked it under --normalize (`TableValidator.check`).
        let acceptedTarget = normalize && routing.writesRecords ? out.buffer : nil
        let oneThread = pool == nil
        var wroteRejectsHeader = false
        var wroteHeader = false
        var firstHeader: [String]? = nil
        // Under oneTable, the table and the row count of the parts read so far.
        var sharedTable: TableValidator? = nil
        var sharedRow = 0

        let ioFailed = try forEachInput(files, open: open) { fd, path in
            let name = path ?? "stdin"
            let file = FileState(
                bar: ProgressBar(fd: fd, enabled: progress && sinks.err.isTerminal),
                table: oneTable ? sharedTable : nil, row: oneTable ? sharedRow : 0,
                size: encoding == nil ? FileState.regularFileSize(fd) : 0)
            defer { file.bar.clear() }
            let transcoded = try encoding.map { try TranscodedInput(source: fd, encoding: $0) }
            // Said once per file, where the cells can only say "invalid UTF-8" one by one.
            let hint = file.size > 0 && !routing.quiet ? Self.encodingHint(fd: fd, name: name) : nil
            if let hint { Streams.complain(hint) }
            sinks.foldsInvalidUTF8 = hint != nil
            defer {
                if oneTable {
                    sharedTable = file.table
                    sharedRow = file.row
                }
            }
            rows.file = file
            rows.path = path
            // Past the first block, rows go to the workers unread: they split them into cells.
            let chunks = pool.map { pool in
                CSVChunkHandler(
                    ready: { !file.firstRecord && file.table != nil },
                    take: { chunk in
                        file.bytes &+= chunk.bytes.count
                        let firstRow = file.row + 1
                        file.row += chunk.records
                        file.estimateRows()
                        try pool.add(chunk, firstRow: firstRow)
                    })
            }
            do {
                defer { if transcoded != nil { _ = try? transcoded?.finish() } }
                try reader.forEachRecord(
                    fd: transcoded?.fd ?? fd,
                    overflow: { chunk in
                        try pool?.finishAll()
                        try sinks.overflow(chunk)
                    }, chunks: chunks
                ) { record in
                    // The progress bar moves as rows are written (`handle`), or here for a header.
                    let bytes = record.raw.count &+ (record.oversizedLength ?? 0)
                    file.bytes &+= bytes
                    if record.number == 1 {
                        // Every rewritten row of the file ends as its first record does.
                        if !record.terminator.isEmpty { file.newline = CSVNewline(terminator: record.terminator) }
                        pool?.newline = file.newline
                    }
                    let isFirst = file.firstRecord
                    file.firstRecord = false
                    if isFirst && header, file.table != nil, let first = firstHeader {
                        // A later part of one table: its header must be the first part's, and is not data.
                        try requireSameHeader(
                            record.texts, as: first, in: name, firstIs: "part",
                            advice: "the parts of one table have the same columns")
                        file.bar.advance(bytes: bytes)
                        return
                    }
                    if file.table == nil {
                        let names =
                            header ? record.texts : nil
                        // Rows of every file go out under the first file's header: they must agree.
                        if let names, let first = firstHeader {
                            try requireSameHeader(
                                names, as: first, in: name, firstIs: "file",
                                advice: "check files with different columns in separate runs")
                        }
                        if firstHeader == nil { firstHeader = names }
                        if header, Self.loneCarriageReturnOffset(record.raw) != nil {
                            throw ConfigurationError(
                                "\(name): the header (line \(record.line)) \(Self.loneCarriageReturnAdvice) < \(name)")
                        }
                        // A header that is not well-formed CSV (a quote never closed, text after
                        // a closing one) names its columns as best it can, and is said to be so,
                        // as row 0; a column the schema then misses is said to be for that reason.
                        let malformed =
                            header
                            ? record.problem.map { TableValidator.syntaxProblem($0, record, limitHint: nil) } : nil
                        do throws(ConfigurationError) {
                            file.table = try TableValidator(
                                schema: schema, header: names, width: record.count, file: name, detail: detail)
                        } catch {
                            guard let malformed else { throw error }
                            throw ConfigurationError(
                                "\(name): the header (line \(record.line)) is not well-formed CSV: "
                                    + "\(malformed.diagnostic.message); its columns cannot be named, so the schema's are not found"
                            )
                        }
                        pool?.start(file.table!, header: names, width: record.count, file: name, sink: rows)
                        // The header against the schema's fieldsMatch: once per file, as row 0.
                        let headerProblems = (malformed.map { [$0] } ?? []) + file.table!.headerProblems
                        for problem in headerProblems { sinks.summary.addHeader(problem) }
                        if !headerProblems.isEmpty {
                            try routing.printer.row(
                                RowProblems(
                                    file: path, row: 0,
                                    errors: RowProblems.shown(
                                        headerProblems, redactedBy: redact ? file.table : nil, isError: true),
                                    warnings: [], redact: redact, record: record, delimiter: delimiter),
                                into: sinks)
                        }
                        if header {
                            if !wroteHeader && routing.writesRecords {
                                try out.write(record.raw)
                                if record.needsTerminator { try out.write(file.newline.bytes) }
                                wroteHeader = true
                            }
                            if let rejectsFile = sinks.rejects, !wroteRejectsHeader {
                                try rejectsFile.write(record.raw)
                                if record.needsTerminator { try rejectsFile.write(file.newline.bytes) }
                                wroteRejectsHeader = true
                            }
                            file.bar.advance(bytes: bytes)
                            return
                        }
                    }
                    file.row += 1
                    let row = file.row
                    file.estimateRows()
                    if let pool, record.oversizedLength == nil {
                        try pool.add(record, row: row)
                        return
                    }
                    // One thread, or a row too long to copy: checked here, after the rows before it.
                    try pool?.finishAll()
                    let outcome = file.tableRef!._withUnsafeGuaranteedRef {
                        // A row too long to copy under --jobs takes no fast path, as on a worker.
                        oneThread
                            ? $0.check(
                                record, row: row, newline: file.newline, writingAcceptedTo: acceptedTarget,
                                delimiter: delimiter, verdictsOnly: verdictsOnly, into: &file.result)
                            : $0.checkInFull(record, row: row, into: &file.result)
                    }
                    switch outcome {
                    case .accepted(written: true):
                        // In stdout's buffer already. Here, not in `rows`: the commonest
                        // outcome, and reading `rows.file` there retained it.
                        file.bar.advance(bytes: record.raw.count)
                        sinks.summary.addAccepted(1)
                        try out.flushIfFull()
                    case .accepted(written: false):
                        try rows.accepted(record, row: row, written: nil)
                    case .rejectedQuietly:
                        try rows.rejectedQuietly(record)
                    case .checked:
                        try rows.checked(record, row: row, written: nil, &file.result)
                    }
                }
                try pool?.finishAll()
                // A byte the charset does not define ends the file's reading: an input error.
                try transcoded?.finish()
                // An empty file has no header to find the schema's columns in, as a blank
                // header line has none (it passed with 0 rows read).
                let columns = schema.schema.columns
                if header, file.table == nil, !columns.isEmpty, schema.schema.fieldsMatch.refusesMissing {
                    throw ConfigurationError(
                        "\(name) is empty: it has no header, so the schema's columns ("
                            + columns.prefix(5).map(\.name).joined(separator: ", ") + (columns.count > 5 ? ", …" : "")
                            + ") are not found")
                }
            } catch let error as InputError {
                // What was read before the failure is written, as one thread writes it.
                try pool?.finishAll()
                throw error
            } catch {
                pool?.discard()
                throw error
            }
        }
        try sinks.finish(summary: report.summary ? .rows(rejectsFile: rejects, resource: resource) : nil)
        if ioFailed { return 3 }
        return sinks.summary.rejectedAny ? 1 : 0
    }

    /// What one file's reading changes on every row, in a class whose properties are not
    /// checked for exclusive access at run time: as local variables captured by the row
    /// closures (and by `finish`, handed to the pool), each row paid five dynamic checks,
    /// about 8 % of a row's time. Only the reading thread touches it.
    final class FileState {
        @exclusivity(unchecked) var bar: ProgressBar
        /// The file's table; `tableRef`, which it keeps alive, unretained: loading the table
        /// from here for each row's check retained and released it.
        @exclusivity(unchecked) var table: TableValidator? {
            didSet { tableRef = table.map { Unmanaged.passUnretained($0) } }
        }
        @exclusivity(unchecked) private(set) var tableRef: Unmanaged<TableValidator>? = nil
        @exclusivity(unchecked) var row: Int
        @exclusivity(unchecked) var firstRecord = true
        @exclusivity(unchecked) var newline = CSVNewline.lf
        @exclusivity(unchecked) var result = RowResult()
        /// The row count before this file, the file's size when it is a regular file (else
        /// 0), and the bytes of its records read so far.
        let startRow: Int
        let size: Int
        @exclusivity(unchecked) var bytes = 0
        /// The data rows read before the rows to come are estimated.
        static let rowsBeforeEstimate = 1024
        @exclusivity(unchecked) private var estimated = false

        init(bar: ProgressBar, table: TableValidator?, row: Int, size: Int) {
            self.bar = bar
            self.table = table
            // An initializer does not run `didSet`.
            tableRef = table.map { Unmanaged.passUnretained($0) }
            self.row = row
            startRow = row
            self.size = size
        }

        /// Once, after a regular file's first rows: the rows to come, at the size of the rows
        /// so far, so that the unique sets grow once to hold their values.
        @inline(__always)
        func estimateRows() {
            guard !estimated, row - startRow >= Self.rowsBeforeEstimate else { return }
            estimated = true
            if size > bytes { table?.expectRows(row + (size - bytes) / max(1, bytes / (row - startRow))) }
        }

        static func regularFileSize(_ fd: Int32) -> Int {
            var info = stat()
            guard fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG else { return 0 }
            return Int(info.st_size)
        }
    }

    /// For a regular file read as UTF-8 (`FileState.size` is not 0) whose first 64 KiB are
    /// not: the encoding ICU's charset detector (as `infer` uses it) finds, and the option that
    /// reads it. Read with `pread`, so the reader still starts at the beginning.
    static func encodingHint(fd: Int32, name: String) -> String? {
        var head = [UInt8](repeating: 0, count: 1 << 16)
        let count = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let found = TextEncoding.detect(Array(head.prefix(count)), complete: count < head.count)
        guard !found.isUTF8 else { return nil }
        return "\(name): not UTF-8: it looks like \(found.name) (\(found.evidence)); give --encoding \(found.name) "
            + "to read it; each cell with such bytes is rejected as invalid_utf8 (the first shown below)"
    }

    static func `where`(_ place: String, _ problem: CellProblem) -> String {
        problem.column.map { "\(place), column '\($0)'" } ?? place
    }
}
