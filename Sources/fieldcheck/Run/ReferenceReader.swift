import FieldCheck

#if canImport(Glibc)
    import Glibc
#endif

/// Reads the key values foreign keys refer to: the referenced table is read whole, once, before
/// the tables that refer to it, and for each list of referenced fields the canonical values of
/// those fields in each row go into a set (memory grows with the distinct keys, not with the
/// rows). A row whose key cells are rejected adds nothing to that key; the table's own run
/// reports them. One pass serves every list: reading the table again for each (as before
/// issue 29, 7) made 20 keys on a 1.4 MB table cost 20 reads and 20 validations of each row.
struct ReferenceReader {
    let schema: TableSchema
    let delimiter: UInt8
    let header: Bool
    /// The files' charset when it is not UTF-8.
    let encoding: String?
    let maxRecordBytes: Int
    /// Opens one of the files (beneath a package's folder).
    var open: (String) throws -> Int32 = openForReading

    /// The values of each list of `fieldLists` in every row of `files`, the parts of one table,
    /// in the order of the lists.
    /// - Throws: `InputOutputError` when a file cannot be read (the references would be
    ///   incomplete and every row a false miss); `ConfigurationError` for a header without the
    ///   fields, or parts with different headers.
    func values(of fieldLists: [[String]], in files: [String]) throws -> [Set<String>] {
        let compiled = try CompiledSchema(schema)
        let reader = CSVReader(delimiter: delimiter, maxRecordBytes: maxRecordBytes)
        var values = [Set<String>](repeating: [], count: fieldLists.count)
        var table: TableValidator? = nil
        var keys: [TableValidator.KeyColumns] = []
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
                                tracksUniqueness: false, detail: .verdict)
                            for fields in fieldLists {
                                guard let columns = made.keyColumns(fields) else {
                                    throw ConfigurationError(
                                        "\(path): the fields a foreign key refers to (\(fields.joined(separator: ", "))) "
                                            + "are not all columns of its header")
                                }
                                keys.append(columns)
                            }
                            table = made
                        }
                        if header { return }
                    }
                    guard let table, record.oversizedLength == nil else { return }
                    row += 1
                    table.validateCells(record, row: row, into: &result)
                    for (index, key) in keys.enumerated() {
                        if let value = table.key(key, record, result) { values[index].insert(value) }
                    }
                }
                try transcoded?.finish()
            } catch let error as InputError {
                throw InputOutputError("\(path): \(error.message)")
            }
        }
        return values
    }
}
