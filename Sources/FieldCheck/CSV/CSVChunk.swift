/// Whole CSV records as they stand in the input, not yet split into cells: what
/// `CSVReader` hands out in chunk mode, so that other threads read the cells
/// (`CSVReader.forEachRecord(in:)`) while the reading thread only finds where records end.
/// Valid only during the callback that receives it.
public struct CSVChunk {
    /// The records' bytes, terminators included; they begin a record and end one (or the input).
    public var bytes: UnsafeBufferPointer<UInt8>
    /// The record number of the first record (the header, when there is one, is record 1).
    public var firstNumber: Int
    /// The physical line on which the first record starts.
    public var firstLine: Int
    /// How many records the bytes hold.
    public var records: Int

    public init(bytes: UnsafeBufferPointer<UInt8>, firstNumber: Int, firstLine: Int, records: Int) {
        self.bytes = bytes
        self.firstNumber = firstNumber
        self.firstLine = firstLine
        self.records = records
    }
}

/// Where `CSVReader.forEachRecord(fd:)` sends chunks: `ready` is asked before each block
/// is read while records go one by one; once it says yes, the rest of the input comes as
/// chunks to `take`, but for a record with no end within `maxRecordBytes` less a block,
/// which is read one by one (streamed, when over the limit) before chunks start again.
public struct CSVChunkHandler {
    public var ready: () -> Bool
    public var take: (CSVChunk) throws -> Void

    public init(ready: @escaping () -> Bool, take: @escaping (CSVChunk) throws -> Void) {
        self.ready = ready
        self.take = take
    }
}
