import FieldCheck
import FuzzSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The CSV reader and the table: any bytes, with any of four delimiters and a small record
/// limit (so that oversized records are streamed). Properties: the records' raw bytes and the
/// streamed bytes together are the input, byte for byte, in order; every record gets a
/// verdict (accepted + rejected = read), with a diagnostic for each rejection.
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
    return 0
}

@_cdecl("FuzzCSV_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzCSV)
}
