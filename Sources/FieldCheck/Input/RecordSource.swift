/// Where a run's records come from: lines or NUL-terminated values (`RecordReader`), or the
/// rows of a CSV file (`CSVReader`). Each reads a file descriptor in large blocks, hands out
/// one record at a time from its own buffer (valid only during the call), and streams a
/// record longer than its limit to `overflow` instead of holding it, so that memory stays
/// flat whatever the input. The command line's runners read every input through one.
public protocol RecordSource {
    associatedtype Element
    /// The longest record held whole, in bytes; a longer one streams through `overflow`.
    var maxRecordBytes: Int { get }
    /// Reads `fd` to its end, calling `body` with each record in order; an oversized
    /// record's bytes go to `overflow`, in order, before `body` gets its first bytes.
    func forEachRecord(
        fd: Int32, overflow: (UnsafeBufferPointer<UInt8>) throws -> Void, _ body: (Element) throws -> Void
    ) throws
}

extension RecordReader: RecordSource {}
extension CSVReader: RecordSource {}
