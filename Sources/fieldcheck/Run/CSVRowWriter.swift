import FieldCheck

/// Where csv's rows go once the table has decided them (`TableRowSink`), on one thread or
/// from the workers' batches: stdout (the row as read, normalized, or with its rejected cells
/// blanked), the rejects file, diagnostics or JSON Lines, the summary and the progress bar.
/// One per run; `file` and `path` are the file being read.
///
/// Its state is not checked for exclusive access at run time: only the reading thread uses
/// it, and a dynamic check on each row's use of it cost about 90 instructions.
final class CSVRowWriter: TableRowSink {
    private let sinks: Sinks
    private let out: OutputStream
    private let routing: Routing
    private let normalize: Bool
    private let delimiter: UInt8
    private let onInvalid: InvalidPolicy
    /// The file being read, and its name (nil: stdin).
    @exclusivity(unchecked) var file: CSVRunner.FileState! = nil
    @exclusivity(unchecked) var path: String? = nil

    init(sinks: Sinks, normalize: Bool, delimiter: UInt8, onInvalid: InvalidPolicy) {
        self.sinks = sinks
        out = sinks.out
        routing = sinks.routing
        self.normalize = normalize
        self.delimiter = delimiter
        self.onInvalid = onInvalid
    }

    /// A progress bar counts rows one by one.
    var takesAcceptedRuns: Bool { !file.bar.enabled }

    func accepted(_ record: CSVRecord, row: Int, written: UnsafeBufferPointer<UInt8>?) throws {
        file.bar.advance(bytes: record.raw.count)
        sinks.summary.addAccepted(1)
        guard routing.writesRecords else { return }
        if let written {
            try out.write(written)
        } else {
            try writeRaw(record, file.newline)
        }
    }

    func acceptedRun(_ written: UnsafeBufferPointer<UInt8>, rows: Int) throws {
        sinks.summary.addAccepted(rows)
        try out.write(written)
    }

    func rejectedQuietly(_ record: CSVRecord) throws {
        file.bar.advance(bytes: record.raw.count)
        sinks.summary.addRejected()
        try sinks.rejected(
            record.raw,
            terminator: record.needsTerminator ? file.newline.bytes : UnsafeBufferPointer(start: nil, count: 0),
            keep: true)
        if onInvalid == .abort { throw StopReading() }
    }

    /// Everything a checked row is written to. `written`: the row as `--normalize` writes
    /// it, written on a worker.
    func checked(_ record: CSVRecord, row: Int, written: UnsafeBufferPointer<UInt8>?, _ result: inout RowResult)
        throws
    {
        let file = file!
        file.bar.advance(bytes: record.raw.count &+ (record.oversizedLength ?? 0))
        sinks.summary.add(result)
        if routing.writesRecords {
            if result.isValid, let written {
                try out.write(written)
            } else if result.isValid {
                try writeRow(record, result, blankRejected: false, normalized: normalize, file.newline)
            } else if onInvalid == .blank && !result.rejectedCells.isEmpty && record.count == file.table?.width {
                // Only bad cells can be emptied; a row whose shape is wrong is dropped, bad
                // cells or not (a short row blanked went out short under the header).
                try writeRow(record, result, blankRejected: true, normalized: normalize, file.newline)
            }
        }
        if !result.isValid {
            // A row too long to hold went out whole, terminator included, through `overflow`.
            let needsTerminator =
                record.oversizedLength == nil
                ? record.needsTerminator : record.terminator.isEmpty && !sinks.overflowEndsLine
            try sinks.rejected(
                record.raw,
                terminator: needsTerminator ? file.newline.bytes : UnsafeBufferPointer(start: nil, count: 0),
                keep: record.oversizedLength == nil)
        }
        if !(result.errors.isEmpty && result.warnings.isEmpty) {
            file.bar.clear()
            // The row's own problems unless redacted: mapped, every problem was copied.
            let redactor = routing.redact ? file.table : nil
            try routing.printer.row(
                RowProblems(
                    file: path, row: row,
                    errors: RowProblems.shown(result.errors, redactedBy: redactor, isError: true),
                    warnings: RowProblems.shown(result.warnings, redactedBy: redactor, isError: false),
                    redact: redactor != nil, record: record, delimiter: delimiter),
                into: sinks)
        }
        if !result.isValid && onInvalid == .abort {
            // Stop reading at once: nothing after the first rejection is looked at.
            throw StopReading()
        }
    }

    /// The row as it was read, ended as the file's rows end when it is the last and has no end.
    private func writeRaw(_ record: CSVRecord, _ newline: CSVNewline) throws {
        try out.write(record.raw)
        if record.needsTerminator { try out.write(newline.bytes) }
    }

    private func writeRow(
        _ record: CSVRecord, _ result: RowResult, blankRejected: Bool, normalized: Bool, _ newline: CSVNewline
    ) throws {
        if !normalized && !blankRejected {
            try writeRaw(record, newline)
            return
        }
        // A rewritten row ends as the file's first record did.
        CSVWriter.write(
            record, result, blankRejected: blankRejected, normalized: normalized, delimiter: delimiter,
            newline: newline, to: out.buffer)
        try out.flushIfFull()
    }
}
