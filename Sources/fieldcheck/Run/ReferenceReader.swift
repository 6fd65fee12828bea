import FieldCheck

#if canImport(Glibc)
    import Glibc
#endif

/// Reads the key values a foreign key refers to: the referenced table is read whole, before the
/// table that refers to it, and the canonical values of the referenced fields in each row go
/// into a set (memory grows with the distinct keys, not with the rows). A row whose key cells
/// are rejected adds nothing; the table's own run reports them.
struct ReferenceReader {
    let schema: TableSchema
    let delimiter: UInt8
    let header: Bool
    /// The files' charset when it is not UTF-8.
    let encoding: String?
    let maxRecordBytes: Int
    /// Opens one of the files (beneath a package's folder).
    var open: (String) throws -> Int32 = openForReading

    /// The values of `fields` in every row of `files`, the parts of one table.
    /// - Throws: `InputOutputError` when a file cannot be read (the references would be
    ///   incomplete and every row a false miss); `ConfigurationError` for a header without the
    ///   fields, or parts with different headers.
    func values(of fields: [String], in files: [String]) throws -> Set<String> {
        // Compiled apart from the run's schema, whose validators explain their rejections.
        let compiled = try CompiledSchema(schema)
        compiled.explainsRejections = false
        let reader = CSVReader(delimiter: delimiter, maxRecordBytes: maxRecordBytes)
        var values: Set<String> = []
        var table: TableValidator? = nil
        var key: TableValidator.KeyColumns? = nil
        var firstHeader: [String]? = nil
        var result = RowResult()
        var row = 0
        for path in files {
            guard path != "-" else {
                throw ConfigurationError("a foreign key needs the table it refers to in files, not on stdin")
            }
            let fd = try open(path)
            guard fd >= 0 else { throw InputOutputError("\(path): \(String(cString: strerror(errno)))") }
            defer { close(fd) }
            var firstRecord = true
            do {
                let transcoded = try encoding.map { try TranscodedInput(source: fd, encoding: $0) }
                defer { if transcoded != nil { _ = try? transcoded?.finish() } }
                try reader.forEachRecord(fd: transcoded?.fd ?? fd, overflow: { _ in }) { record in
                    let isFirst = firstRecord
                    firstRecord = false
                    if isFirst && (header || table == nil) {
                        let names = header ? record.texts : nil
                        if let first = firstHeader, let names {
                            try requireSameHeader(names, as: first, in: path, firstIs: "part", advice: nil)
                        }
                        if table == nil {
                            firstHeader = names
                            let made = try TableValidator(
                                schema: compiled, header: names, width: record.count, file: path,
                                tracksUniqueness: false)
                            guard let columns = made.keyColumns(fields) else {
                                throw ConfigurationError(
                                    "\(path): the fields a foreign key refers to (\(fields.joined(separator: ", "))) "
                                        + "are not all columns of its header")
                            }
                            table = made
                            key = columns
                        }
                        if header { return }
                    }
                    guard let table, let key, record.oversizedLength == nil else { return }
                    row += 1
                    table.validateCells(record, row: row, into: &result)
                    if let value = table.key(key, record, result) { values.insert(value) }
                }
                try transcoded?.finish()
            } catch let error as InputError {
                throw InputOutputError("\(path): \(error.message)")
            }
        }
        return values
    }
}
