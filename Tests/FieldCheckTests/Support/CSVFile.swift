import Glibc

@testable import FieldCheck

/// `csv` written to a temporary file and read back as `fieldcheck csv` reads a file: each
/// record handed to `body` (valid during the call only).
func forEachRecord(
    ofCSV csv: String, delimiter: UInt8 = UInt8(ascii: ","), _ body: (CSVRecord) throws -> Void
) throws {
    var template = Array("/tmp/fieldcheck-table-XXXXXX".utf8CString)
    let fd = mkstemp(&template)
    defer {
        close(fd)
        unlink(template)
    }
    _ = Array(csv.utf8).withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count) }
    lseek(fd, 0, SEEK_SET)
    try CSVReader(delimiter: delimiter).forEachRecord(fd: fd, body)
}
