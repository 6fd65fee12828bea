/// Records copied out of the reader's buffers, so that they outlive its callback: a run of
/// rows handed to another thread to check. Its buffers keep their capacity when emptied.
///
/// A chunk of whole records (the reader's chunk mode) comes in as bytes (`take`), and the
/// thread that checks them reads them into cells here (`readChunk`): their raw bytes stay
/// where `take` put them, and the reader writes their cells and cell ends straight into the
/// batch's memory, so that no record is copied a second time.
///
/// Raw memory, not Arrays: appending a record to four Arrays (a uniqueness check and a
/// generic copy each) cost about 600 instructions a row, a tenth of checking it.
///
/// Not thread-safe. Its state is `@exclusivity(unchecked)`: only its own methods touch it,
/// and `forEach`'s body cannot reach it, so the run-time check per access guards nothing.
public final class CSVRecordBatch {
    private struct Entry {
        var rawStart: Int
        var rawEnd: Int
        var cellBytesEnd: Int
        var cellEndsEnd: Int
        var number: Int
        var line: Int
        var problem: CSVProblem?
        var oversizedLength: Int?
        /// A record ends with "\n", "\r\n" or nothing (the input's end): its length says which.
        var terminatorLength: Int
    }

    @exclusivity(unchecked) private var raw = GrowingBuffer<UInt8>()
    @exclusivity(unchecked) private var cellBytes = GrowingBuffer<UInt8>()
    /// Each record's cell ends, relative to its first cell byte.
    @exclusivity(unchecked) private var cellEnds = GrowingBuffer<Int>()
    @exclusivity(unchecked) private var entries = GrowingBuffer<Entry>()
    /// A chunk taken and not yet read: where its bytes start in `raw`, its first record's
    /// number and line, and how many records it holds.
    @exclusivity(unchecked) private var chunk: (rawStart: Int, number: Int, line: Int, records: Int)? = nil

    public init() {}

    deinit {
        raw.deallocate()
        cellBytes.deallocate()
        cellEnds.deallocate()
        entries.deallocate()
    }

    /// How many records the batch holds (a chunk's, once it is read).
    public var count: Int { entries.count }
    /// Whether it holds no record and no chunk.
    public var isEmpty: Bool { entries.count == 0 && chunk == nil }
    /// Keeps the next object in memory off the cache lines of this one's counts, which the
    /// filling thread writes at every record while another thread works on that neighbour.
    private let padding = CacheLinePadding()

    /// Copies a record in; returns how many records and bytes the batch now holds (a caller
    /// in another module reading properties pays a run-time exclusivity check for each: the
    /// attribute that waives it here is not honoured across modules).
    @discardableResult
    public func append(_ record: CSVRecord) -> (records: Int, bytes: Int) {
        let rawStart = raw.count
        raw.append(record.raw)
        cellBytes.append(record.cellBytes)
        cellEnds.append(record.cellEnds)
        entries.append(
            Entry(
                rawStart: rawStart, rawEnd: raw.count, cellBytesEnd: cellBytes.count, cellEndsEnd: cellEnds.count,
                number: record.number, line: record.line, problem: record.problem,
                oversizedLength: record.oversizedLength, terminatorLength: record.terminator.count))
        return (entries.count, raw.count &+ cellBytes.count)
    }

    /// Takes a chunk's bytes (a copy), to be read into records by `readChunk`. The batch
    /// holds nothing else until then.
    public func take(_ chunk: CSVChunk) {
        precondition(isEmpty)
        self.chunk = (raw.count, chunk.firstNumber, chunk.firstLine, chunk.records)
        raw.append(chunk.bytes)
    }

    /// How many records the chunk that `take` took says it holds, until `readChunk` reads it.
    public var recordsInChunk: Int { chunk?.records ?? 0 }

    /// Reads the chunk that `take` took into records, with `reader` (its settings only),
    /// calling `body` with each record and its index in the batch as it is read, while its
    /// bytes are still in the cache: what `forEach` would hand out later.
    public func readChunk(with reader: CSVReader, _ body: (Int, CSVRecord) -> Void = { _, _ in }) throws {
        guard let taken = chunk else { return }
        chunk = nil
        let bytes = raw.slice(taken.rawStart, raw.count)
        guard let base = bytes.baseAddress else { return }
        // A record's cells are never longer than its raw bytes: the chunk's cells fit in as
        // many bytes as it has (and the reader's eight-byte stores stay within them).
        cellBytes.reserve(cellBytes.count + bytes.count)
        var cellsEnd = cellBytes.count
        var cellEndsEnd = cellEnds.count
        let rawBase = UnsafePointer(raw.base)
        try reader.forEachRecord(
            in: CSVChunk(bytes: bytes, firstNumber: taken.number, firstLine: taken.line, records: taken.records),
            cells: cellBytes.base + cellsEnd, ends: &cellEnds
        ) { record in
            cellsEnd &+= record.cellBytes.count
            cellEndsEnd &+= record.cellEnds.count
            let rawStart = rawBase.distance(to: record.raw.baseAddress ?? base)
            entries.append(
                Entry(
                    rawStart: rawStart, rawEnd: rawStart + record.raw.count, cellBytesEnd: cellsEnd,
                    cellEndsEnd: cellEndsEnd, number: record.number, line: record.line, problem: record.problem,
                    oversizedLength: record.oversizedLength, terminatorLength: record.terminator.count))
            body(entries.count - 1, record)
        }
        cellBytes.count = cellsEnd
    }

    public func removeAll() {
        chunk = nil
        raw.count = 0
        cellBytes.count = 0
        cellEnds.count = 0
        entries.count = 0
    }

    /// A terminator of this length, in static memory: the reader ends records only so.
    private static func terminator(_ length: Int) -> UnsafeBufferPointer<UInt8> {
        switch length {
        case 0: UnsafeBufferPointer(start: nil, count: 0)
        case 1: CSVNewline.lf.bytes
        default: CSVNewline.crlf.bytes
        }
    }

    /// Calls `body` with each record in order, and its index in the batch.
    public func forEach(_ body: (Int, CSVRecord) throws -> Void) rethrows {
        for index in 0..<entries.count { try body(index, self[index]) }
    }

    /// Record `index` (0-based, in the order added).
    public subscript(index: Int) -> CSVRecord {
        let entry = entries.base[index]
        let cellsStart = index == 0 ? 0 : entries.base[index - 1].cellBytesEnd
        let endsStart = index == 0 ? 0 : entries.base[index - 1].cellEndsEnd
        return CSVRecord(
            raw: raw.slice(entry.rawStart, entry.rawEnd), number: entry.number, line: entry.line,
            problem: entry.problem, oversizedLength: entry.oversizedLength,
            terminator: Self.terminator(entry.terminatorLength),
            cellBytes: cellBytes.slice(cellsStart, entry.cellBytesEnd),
            cellEnds: cellEnds.slice(endsStart, entry.cellEndsEnd))
    }
}

/// Elements in raw memory that grows by doubling and is never shrunk: a record batch's
/// buffers, the reader's cell ends. The owner deallocates it; copies share the memory. For plain values only (bytes,
/// integers, structs of them): emptying it does not deinitialize them.
struct GrowingBuffer<Element> {
    private(set) var base = UnsafeMutablePointer<Element>.allocate(capacity: 16)
    private var capacity = 16
    var count = 0

    mutating func append(_ element: Element) {
        if count == capacity { grow(to: count + 1) }
        (base + count).initialize(to: element)
        count &+= 1
    }

    @inline(__always)
    mutating func append(_ elements: UnsafeBufferPointer<Element>) {
        guard let source = elements.baseAddress else { return }
        if count &+ elements.count > capacity { grow(to: count + elements.count) }
        (base + count).initialize(from: source, count: elements.count)
        count &+= elements.count
    }

    /// Makes room for `capacity` elements in all.
    mutating func reserve(_ capacity: Int) {
        if capacity > self.capacity { grow(to: capacity) }
    }

    func slice(_ start: Int, _ end: Int) -> UnsafeBufferPointer<Element> {
        UnsafeBufferPointer(start: base + start, count: end - start)
    }

    @inline(never)
    private mutating func grow(to needed: Int) {
        var grown = capacity * 2
        while grown < needed { grown *= 2 }
        let memory = UnsafeMutablePointer<Element>.allocate(capacity: grown)
        memory.moveInitialize(from: base, count: count)
        base.deallocate()
        base = memory
        capacity = grown
    }

    func deallocate() { base.deallocate() }
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
