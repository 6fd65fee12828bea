/// Records copied out of the reader's buffers, so that they outlive its callback: a run of
/// rows handed to another thread to check. Its buffers keep their capacity when emptied.
///
/// Not thread-safe. Its state is `@exclusivity(unchecked)`: only its own methods touch it,
/// and `forEach`'s body cannot reach it, so the run-time check per access guards nothing.
public final class CSVRecordBatch {
    private struct Entry {
        var rawEnd: Int
        var cellBytesEnd: Int
        var cellEndsEnd: Int
        var number: Int
        var line: Int
        var problem: CSVProblem?
        var oversizedLength: Int?
        var terminatorEnd: Int
    }

    @exclusivity(unchecked) private var raw: [UInt8] = []
    /// Kept apart from `raw`: an oversized record has no raw bytes but a terminator.
    @exclusivity(unchecked) private var terminators: [UInt8] = []
    @exclusivity(unchecked) private var cellBytes: [UInt8] = []
    /// Each record's cell ends, relative to its first cell byte.
    @exclusivity(unchecked) private var cellEnds: [Int] = []
    @exclusivity(unchecked) private var entries: [Entry] = []

    public init() {}

    /// How many records the batch holds.
    @exclusivity(unchecked) public private(set) var count = 0
    /// The bytes held, raw and cells.
    @exclusivity(unchecked) public private(set) var byteCount = 0
    /// Keeps the next object in memory off the cache lines of this one's counts, which the
    /// filling thread writes at every record while another thread works on that neighbour.
    private let padding = CacheLinePadding()

    /// Copies a record in; returns how many records and bytes the batch now holds (a caller
    /// in another module reading `count` and `byteCount` pays a run-time exclusivity check
    /// for each: the attribute that waives it here is not honoured across modules).
    @discardableResult
    public func append(_ record: CSVRecord) -> (records: Int, bytes: Int) {
        raw.append(contentsOf: record.raw)
        cellBytes.append(contentsOf: record.cellBytes)
        cellEnds.append(contentsOf: record.cellEnds)
        terminators.append(contentsOf: record.terminator)
        entries.append(
            Entry(
                rawEnd: raw.count, cellBytesEnd: cellBytes.count, cellEndsEnd: cellEnds.count,
                number: record.number, line: record.line, problem: record.problem,
                oversizedLength: record.oversizedLength, terminatorEnd: terminators.count))
        count += 1
        byteCount = raw.count + cellBytes.count
        return (count, byteCount)
    }

    public func removeAll() {
        raw.removeAll(keepingCapacity: true)
        cellBytes.removeAll(keepingCapacity: true)
        cellEnds.removeAll(keepingCapacity: true)
        terminators.removeAll(keepingCapacity: true)
        entries.removeAll(keepingCapacity: true)
        count = 0
        byteCount = 0
    }

    /// Calls `body` with each record in order, and its index in the batch.
    public func forEach(_ body: (Int, CSVRecord) throws -> Void) rethrows {
        try raw.withUnsafeBufferPointer { raw in
            try terminators.withUnsafeBufferPointer { terminators in
                try cellBytes.withUnsafeBufferPointer { cellBytes in
                    try cellEnds.withUnsafeBufferPointer { cellEnds in
                        var previous = Entry(
                            rawEnd: 0, cellBytesEnd: 0, cellEndsEnd: 0, number: 0, line: 0, terminatorEnd: 0)
                        for (index, entry) in entries.enumerated() {
                            let record = CSVRecord(
                                raw: UnsafeBufferPointer(rebasing: raw[previous.rawEnd..<entry.rawEnd]),
                                number: entry.number, line: entry.line, problem: entry.problem,
                                oversizedLength: entry.oversizedLength,
                                terminator: UnsafeBufferPointer(
                                    rebasing: terminators[previous.terminatorEnd..<entry.terminatorEnd]),
                                cellBytes: UnsafeBufferPointer(
                                    rebasing: cellBytes[previous.cellBytesEnd..<entry.cellBytesEnd]),
                                cellEnds: UnsafeBufferPointer(
                                    rebasing: cellEnds[previous.cellEndsEnd..<entry.cellEndsEnd]))
                            try body(index, record)
                            previous = entry
                        }
                    }
                }
            }
        }
    }
}

/// 128 bytes of nothing at the end of an object that one thread writes often while another
/// thread works on whatever the allocator placed next to it: without it the two share cache
/// lines, and each write takes the line from the other core (`csv --jobs 2` ran slower than
/// one thread: 0.52–0.66 s against 0.42 s on a million rows; 0.38–0.41 s with it).
package struct CacheLinePadding {
    private var words: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int) = (
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
    )

    package init() {}
}
