import FieldCheck
import FuzzSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The CSV reader and the table: any bytes, with any of four delimiters and a small record
/// limit (so that oversized records are streamed). Properties: the records' raw bytes and the
/// streamed bytes together are the input, byte for byte, in order; every record gets a
/// verdict (accepted + rejected = read), with a diagnostic for each rejection; and read in
/// chunk mode (`csv --jobs`: whole records found by a quote and line-feed scan, split into
/// cells afterwards), with small blocks, the records are the ones read one by one.
nonisolated(unsafe) let schema: CompiledSchema = {
    let locale = try! LocaleID("de_DE")
    var number = NumberSpec()
    number.minimum = ExactDecimal("0")
    var id = ColumnSchema(name: "id", spec: FieldSpec(kind: .number(number), locale: locale), path: "id")
    id.unique = true
    var code = ColumnSchema(name: "code", spec: FieldSpec(kind: .text, locale: locale), path: "code")
    code.spec.pattern = "[A-Z]{2}[0-9]{2}"
    code.allowedValues = ["DE01", "FR12"]
    let day = ColumnSchema(name: "day", spec: FieldSpec(kind: .date(DateSpec()), locale: locale), path: "day")
    return try! CompiledSchema(TableSchema(columns: [id, code, day]))
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let delimiter = input.pick([UInt8(ascii: ","), UInt8(ascii: ";"), 0x09, UInt8(ascii: "|")])
    let bytes = input.bytes
    // The input through a pipe, as the command reads it (a fuzz input fits in its buffer).
    var ends: [Int32] = [0, 0]
    guard bytes.count <= 60_000, pipe(&ends) == 0 else { return 0 }
    if let base = bytes.baseAddress, !bytes.isEmpty { _ = write(ends[1], base, bytes.count) }
    close(ends[1])
    defer { close(ends[0]) }
    var seen: [UInt8] = []
    var records = 0
    var verdicts = 0
    var table: TableValidator?
    var result = RowResult()
    do {
        try CSVReader(delimiter: delimiter, maxRecordBytes: 256).forEachRecord(
            fd: ends[0], overflow: { seen.append(contentsOf: $0) }
        ) { record in
            seen.append(contentsOf: record.raw)
            records += 1
            if table == nil {
                table = try TableValidator(schema: schema, header: nil, width: record.count, file: "fuzz")
            }
            table!.validate(record, row: records, into: &result)
            if !result.isValid && result.errors.isEmpty { violated("a rejected row without a diagnostic", bytes) }
            verdicts += 1
        }
    } catch {
        violated("the reader threw \(error)", bytes)
    }
    if !seen.elementsEqual(bytes) { violated("the records are not the input byte for byte", bytes) }
    if verdicts != records { violated("\(records) records read, \(verdicts) verdicts", bytes) }
    let small = CSVReader(
        delimiter: delimiter, maxRecordBytes: 256, blockSize: 64, chunkBytes: input.pick([8, 16, 40, 100]))
    if read(bytes, small, chunked: true) != read(bytes, small, chunked: false) {
        violated("chunk mode read other records than one by one", bytes)
    }
    return 0
}

/// Everything `reader` hands out for `bytes` (through a pipe), each record or streamed record
/// as one byte string; chunks are read into their records.
func read(_ bytes: UnsafeBufferPointer<UInt8>, _ reader: CSVReader, chunked: Bool) -> [[UInt8]] {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return [] }
    if let base = bytes.baseAddress, !bytes.isEmpty { _ = write(ends[1], base, bytes.count) }
    close(ends[1])
    defer { close(ends[0]) }
    var events: [[UInt8]] = []
    func add(_ record: CSVRecord) {
        var event = Array(
            "\(record.number) \(record.line) \(record.oversizedLength ?? -1) \(String(describing: record.problem))|"
                .utf8)
        event += record.terminator
        event += [0xFF] + record.raw
        for cell in 0..<record.count { event += [0xFE] + record[cell] }
        events.append(event)
    }
    // Chunks are read as `csv --jobs` reads them: into a record batch, reused.
    let batch = CSVRecordBatch()
    let chunks = CSVChunkHandler(
        ready: { !events.isEmpty },
        take: { chunk in
            batch.removeAll()
            batch.take(chunk)
            try batch.readChunk(with: reader)
            batch.forEach { add($1) }
            if batch.count != chunk.records {
                events.append(Array("chunk of \(chunk.records) held \(batch.count)".utf8))
            }
        })
    do {
        try reader.forEachRecord(
            fd: ends[0],
            overflow: { piece in
                // Pieces of one record are cut where blocks end, which differs between the two.
                if events.last?.first == 0xFD {
                    events[events.count - 1] += piece
                } else {
                    events.append([0xFD] + piece)
                }
            }, chunks: chunked ? chunks : nil, add)
    } catch {
        violated("the reader threw \(error)", bytes)
    }
    return events
}

@_cdecl("FuzzCSV_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzCSV)
}
