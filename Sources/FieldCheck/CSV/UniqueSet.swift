/// The values a `unique` column has seen, exactly, in little memory, with the row each first
/// appeared in.
///
/// Every distinct value is kept once, as a record in arrival order, in chunks that are never
/// moved: a header byte (the value's shape, and how many rows after the previous record's it
/// arrived), then the value. A value of ASCII digits without a leading zero, up to 19 of
/// them, is kept as the integer it writes (a 7-digit id takes 3 bytes); any other value as
/// its bytes. Each value has exactly one record form, so two values are equal exactly when
/// their records are. The rows are kept as these differences (usually 1, inside the header),
/// and every 32nd record's place and row in a small directory: a record is found, and its
/// row known, by walking at most 31 records from there.
///
/// An open-addressing table of 32-bit slots finds a record: a slot holds the record's
/// arrival number and some bits of its hash, so a probe walks to a record only when those
/// bits agree. The table grows by half, not double, and is rebuilt from the records, which
/// hold all it needs, after the old one is freed: the two never take memory at once.
///
/// A million distinct 7-digit ids take about 4 bytes of record, 0.5 of directory and 4.6 to
/// 6.9 of table each: 9 to 11.5 MB. Never a false `not_unique`: a hash match is confirmed on
/// the record itself.
///
/// Its state is `@exclusivity(unchecked)`: every access is inside one of its own methods,
/// none of which calls out while it holds one, so the run-time check of each access guards
/// nothing.
final class UniqueSet {
    /// Records are placed by (chunk << 32 | offset): a record never straddles two chunks.
    @exclusivity(unchecked) private var chunks: [UnsafeMutablePointer<UInt8>] = []
    /// Bytes used in each chunk but the last, whose use is `used`.
    @exclusivity(unchecked) private var chunkUsed: [Int] = []
    @exclusivity(unchecked) private var current: UnsafeMutablePointer<UInt8>? = nil
    @exclusivity(unchecked) private var used = 0
    @exclusivity(unchecked) private var currentCapacity = 0
    @exclusivity(unchecked) private var chunkBytes = 0
    /// The row of the last record written; rows are kept as differences from it.
    @exclusivity(unchecked) private var lastRow = 0
    /// For records 0, 32, 64…: where each is, and its row.
    @exclusivity(unchecked) private var directoryPlace: [Int] = []
    @exclusivity(unchecked) private var directoryRow: [Int] = []

    /// Per slot: 0 when empty, else the top bit, `tagBits` of the hash, and the record's
    /// arrival number in the low `indexBits`.
    @exclusivity(unchecked) private var slots: UnsafeMutablePointer<UInt32>
    /// Small at first: a schema may have thousands of unique columns, each with a set.
    @exclusivity(unchecked) private var capacity = 64
    @exclusivity(unchecked) private var growAt = 56
    /// Arrival numbers take the bits the table's largest needs; the rest, but the top one, hold
    /// hash bits that tell records apart without walking to them (11 of them at a million).
    @exclusivity(unchecked) private var indexBits = 6
    @exclusivity(unchecked) private(set) var count = 0
    /// How many records the table may number before further values go to the overflow.
    private let arrivalLimit: Int
    /// Values that arrived after `arrivalLimit` records, with the row each first appeared
    /// in: slower, but exact (the set never answers "new" for a value it has seen).
    @exclusivity(unchecked) private var overflow: [[UInt8]: Int] = [:]

    private static let directoryStep = 32
    private static let largestChunk = 1 << 20

    /// - Parameter arrivalLimit: how many records the table may hold before further values
    ///   go to the overflow dictionary; lowered only by tests.
    init(arrivalLimit: Int = 1 << 30) {
        precondition(arrivalLimit >= 1 && arrivalLimit <= 1 << 30)
        self.arrivalLimit = arrivalLimit
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: 0, count: capacity)
    }

    deinit {
        for chunk in chunks { chunk.deallocate() }
        slots.deallocate()
    }

    /// Adds a value; returns nil when it is new, or the row where it first appeared.
    func insert(_ value: UnsafeBufferPointer<UInt8>, row: Int) -> Int? {
        let key = Key(value)
        return insert(value, key: key, hash: Self.hash(key, value), row: row)
    }

    /// `insert` with the value's `prepare(_:)` done already (on another thread).
    @inline(__always)
    func insert(_ value: UnsafeBufferPointer<UInt8>, prepared: Prepared, row: Int) -> Int? {
        insert(value, key: prepared.key, hash: prepared.hash, row: row)
    }

    @inline(__always)
    private func insert(_ value: UnsafeBufferPointer<UInt8>, key: Key, hash: UInt64, row: Int) -> Int? {
        if count >= growAt && count < arrivalLimit { grow() }
        let tag = self.tag(hash)
        let tagMask = ~UInt32(0) << indexBits
        var index = slot(hash)
        while true {
            let found = slots[index]
            if found == 0 { break }
            if found & tagMask == tag, let first = firstRow(ofArrival: Int(found & ~tagMask), ifHolding: key, value) {
                return first
            }
            index += 1
            if index == capacity { index = 0 }
        }
        if count >= arrivalLimit || !overflow.isEmpty { return insertInOverflow(value, row: row) }
        append(key, value, row: row)
        slots[index] = tag | UInt32(count)
        count += 1
        return nil
    }

    /// The bytes the set has taken: its records' chunks, its directory and its table.
    var bytesTaken: Int {
        chunkBytes + capacity * MemoryLayout<UInt32>.stride
            + (directoryPlace.capacity + directoryRow.capacity) * MemoryLayout<Int>.stride
    }

    /// Reads the slot where a value of this hash starts probing, to have it in the cache:
    /// reads of many values, one after another, overlap their misses.
    func warm(hash: UInt64) -> UInt8 {
        UInt8(truncatingIfNeeded: slots[slot(hash)])
    }

    /// The table holds no such value (it was probed already): look in, or add to, the
    /// overflow.
    private func insertInOverflow(_ value: UnsafeBufferPointer<UInt8>, row: Int) -> Int? {
        let key = Array(value)
        if let first = overflow[key] { return first }
        overflow[key] = row
        count += 1
        return nil
    }

    // MARK: Records

    /// A value as its record keeps it.
    fileprivate enum Key {
        /// ASCII digits without a leading zero (or "0"), at most 19 of them.
        case integer(UInt64)
        case bytes

        init(_ value: UnsafeBufferPointer<UInt8>) {
            if let number = UniqueSet.integer(value) { self = .integer(number) } else { self = .bytes }
        }
    }

    /// The integer a value writes, when it is kept as one.
    private static func integer(_ value: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard value.count >= 1 && value.count <= 19, value[0] != 0x30 || value.count == 1 else { return nil }
        var number: UInt64 = 0
        for byte in value {
            let digit = byte &- 0x30
            guard digit < 10 else { return nil }
            number = number &* 10 &+ UInt64(digit)
        }
        return number
    }

    /// Header shapes: 0…8, an integer in that many little-endian bytes; 9…14, bytes of
    /// length 0…5; 15, bytes whose length follows as a varint. The header's low 4 bits are
    /// the row's difference from the previous record's, 1…15, or 0 when a zigzag varint of
    /// it follows the value.
    private static let shortBytesShape = 9
    private static let longBytesShape = 15

    private static func byteCount(_ number: UInt64) -> Int { (64 - number.leadingZeroBitCount + 7) / 8 }

    private func append(_ key: Key, _ value: UnsafeBufferPointer<UInt8>, row: Int) {
        let delta = row &- lastRow
        let shortDelta = delta >= 1 && delta <= 15
        let payload: Int
        var shape: Int
        switch key {
        case .integer(let number):
            shape = Self.byteCount(number)
            payload = shape
        case .bytes:
            shape = value.count <= 5 ? Self.shortBytesShape + value.count : Self.longBytesShape
            payload = value.count + (shape == Self.longBytesShape ? 10 : 0)
        }
        // An integer is written as 8 bytes, of which the record keeps `shape`.
        let needed = 1 + max(payload, 8) + (shortDelta ? 0 : 10)
        if current == nil || used + needed > currentCapacity { startChunk(needed) }
        if count & (Self.directoryStep - 1) == 0 {
            directoryPlace.append((chunks.count - 1) << 32 | used)
            directoryRow.append(row)
        }
        var target = current! + used
        target[0] = UInt8(shape << 4 | (shortDelta ? delta : 0))
        target += 1
        switch key {
        case .integer(let number):
            UnsafeMutableRawPointer(target).storeBytes(of: number.littleEndian, as: UInt64.self)
            target += shape
        case .bytes:
            if shape == Self.longBytesShape { Self.writeVarint(UInt64(value.count), &target) }
            if value.count > 0 { target.update(from: value.baseAddress!, count: value.count) }
            target += value.count
        }
        if !shortDelta {
            // Zigzag: small differences of either sign stay short.
            Self.writeVarint(UInt64(bitPattern: Int64(delta) << 1 ^ Int64(delta) >> 63), &target)
        }
        used = target - current!
        lastRow = row
    }

    /// 256 bytes, doubling up to 1 MiB; a record larger than that has a chunk of its own.
    private func startChunk(_ needed: Int) {
        if current != nil { chunkUsed.append(used) }
        currentCapacity = max(min(Self.largestChunk, 256 << min(chunks.count, 12)), needed)
        // 8 bytes more: an integer is read as 8 bytes, of which the record keeps its shape's.
        let chunk = UnsafeMutablePointer<UInt8>.allocate(capacity: currentCapacity + 8)
        chunkBytes += currentCapacity + 8
        chunks.append(chunk)
        current = chunk
        used = 0
    }

    /// A record as read: the value's shape and bytes, where the next record starts, and the
    /// row difference it carries.
    private struct Record {
        var shape: Int
        var value: UnsafeMutablePointer<UInt8>
        var length: Int
        var next: UnsafeMutablePointer<UInt8>
        var delta: Int
    }

    @inline(__always)
    private static func read(_ start: UnsafeMutablePointer<UInt8>) -> Record {
        let header = Int(start[0])
        let shape = header >> 4
        var cursor = start + 1
        let length: Int
        if shape < shortBytesShape {
            length = shape
        } else if shape < longBytesShape {
            length = shape - shortBytesShape
        } else {
            length = Int(readVarint(&cursor))
        }
        let value = cursor
        cursor += length
        var delta = header & 15
        if delta == 0 {
            let zigzag = readVarint(&cursor)
            delta = Int(Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1))
        }
        return Record(shape: shape, value: value, length: length, next: cursor, delta: delta)
    }

    /// The row of the record with this arrival number, when it holds this value.
    private func firstRow(ofArrival arrival: Int, ifHolding key: Key, _ value: UnsafeBufferPointer<UInt8>) -> Int? {
        let group = arrival / Self.directoryStep
        let place = directoryPlace[group]
        var row = directoryRow[group]
        var chunk = place >> 32
        var cursor = chunks[chunk] + (place & 0xFFFF_FFFF)
        var record = Self.read(cursor)
        for _ in 0..<(arrival % Self.directoryStep) {
            cursor = record.next
            if cursor - chunks[chunk] == usedBytes(chunk) {
                chunk += 1
                cursor = chunks[chunk]
            }
            record = Self.read(cursor)
            row &+= record.delta
        }
        return Self.holds(record, key, value) ? row : nil
    }

    private static func holds(_ record: Record, _ key: Key, _ value: UnsafeBufferPointer<UInt8>) -> Bool {
        switch key {
        case .integer(let number):
            return record.shape == byteCount(number) && integer(of: record) == number
        case .bytes:
            return record.shape >= shortBytesShape && record.length == value.count
                && (value.count == 0 || memcmp(record.value, value.baseAddress!, value.count) == 0)
        }
    }

    private static func integer(of record: Record) -> UInt64 {
        let bytes = UInt64(littleEndian: UnsafeRawPointer(record.value).loadUnaligned(as: UInt64.self))
        return record.length == 8 ? bytes : bytes & (1 << (8 * UInt64(record.length)) - 1)
    }

    private func usedBytes(_ chunk: Int) -> Int { chunk == chunks.count - 1 ? used : chunkUsed[chunk] }

    private static func writeVarint(_ value: UInt64, _ target: inout UnsafeMutablePointer<UInt8>) {
        var rest = value
        while rest >= 0x80 {
            target[0] = UInt8(truncatingIfNeeded: rest) | 0x80
            rest >>= 7
            target += 1
        }
        target[0] = UInt8(rest)
        target += 1
    }

    private static func readVarint(_ cursor: inout UnsafeMutablePointer<UInt8>) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = cursor[0]
            cursor += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    // MARK: Table

    /// The slot where a hash starts probing: the hash's high bits scaled to the capacity, so
    /// that the capacity need not be a power of two.
    private func slot(_ hash: UInt64) -> Int {
        Int(truncatingIfNeeded: hash.multipliedFullWidth(by: UInt64(capacity)).high)
    }

    /// The top bit, then the hash's low bits, above the arrival number.
    private func tag(_ hash: UInt64) -> UInt32 {
        (1 << 31 | UInt32(truncatingIfNeeded: hash)) & (~UInt32(0) << indexBits)
    }

    /// How many rows the input holds, when the caller can tell (a regular file's size over
    /// the bytes of its first rows), or 0. Checked, unlike the state above: it is set once
    /// per file and read only when the table grows.
    var expectedRows = 0
    /// How many times the table has grown.
    private(set) var growths = 0

    /// Grows the table by half, and places every record again in arrival order. The old table
    /// goes first: the records are all it takes to build the new one.
    ///
    /// When the rows to come are known, it grows towards the size that holds the values they
    /// are expected to bring (as many per row as so far, and 5 % more) at 7/8 load, up to eight
    /// times larger at a step: growing by half to a million values placed every value again
    /// about three times over (7 % of a csv run), and ended in a table up to half empty. Four
    /// times a step still placed them 1.3 times over: the last step, from a quarter of the
    /// size, stopped short of the projection and a fifth step placed 917,000 values again.
    private func grow() {
        slots.deallocate()
        var larger = capacity + capacity / 2
        if expectedRows > lastRow && lastRow > 0 {
            // At most eight times larger at a step: a column whose values stop coming after
            // the first rows costs no table for rows that bring none.
            let projected = min(count * expectedRows / lastRow, expectedRows)
            larger = max(larger, min((projected + projected / 20) / 7 * 8 + 8, capacity * 8))
        }
        capacity = larger
        growths += 1
        growAt = min(capacity / 8 * 7, arrivalLimit)
        indexBits = Int.bitWidth - growAt.leadingZeroBitCount
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: 0, count: capacity)
        var arrival = 0
        for (chunk, base) in chunks.enumerated() {
            var cursor = base
            let end = base + usedBytes(chunk)
            while cursor < end {
                let record = Self.read(cursor)
                let hash =
                    record.shape < Self.shortBytesShape
                    ? Self.hash(integer: Self.integer(of: record))
                    : Self.hash(bytes: UnsafeBufferPointer(start: record.value, count: record.length))
                var index = slot(hash)
                while slots[index] != 0 {
                    index += 1
                    if index == capacity { index = 0 }
                }
                slots[index] = tag(hash) | UInt32(arrival)
                arrival += 1
                cursor = record.next
            }
        }
    }

    // MARK: Hash

    /// What `insert` works out from a value before it looks at the set: its record form and
    /// its hash. Pure, so that workers do it; the thread that inserts in input order then
    /// does not read the value's digits again (an integer's form was a tenth of its lookup).
    struct Prepared {
        /// As the record form gives it: an integer's is mixed from the integer, any other
        /// value's from its bytes (FNV-1a).
        let hash: UInt64
        fileprivate let key: Key
    }

    static func prepare(_ value: UnsafeBufferPointer<UInt8>) -> Prepared {
        let key = Key(value)
        return Prepared(hash: hash(key, value), key: key)
    }

    @inline(__always)
    private static func hash(_ key: Key, _ value: UnsafeBufferPointer<UInt8>) -> UInt64 {
        switch key {
        case .integer(let number): hash(integer: number)
        case .bytes: hash(bytes: value)
        }
    }

    /// The finalizer of SplitMix64: every bit of the integer reaches the high bits (the slot)
    /// and the low ones (the tag).
    private static func hash(integer: UInt64) -> UInt64 {
        var mixed = integer &+ 0x9E37_79B9_7F4A_7C15
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// FNV-1a, 64-bit, with a final mix so that both the high bits (the slot) and the low
    /// bits (the tag) are spread.
    private static func hash(bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        hash ^= hash >> 33
        hash = hash &* 0xff51_afd7_ed55_8ccd
        return hash ^ (hash >> 33)
    }
}

#if canImport(Glibc)
    import Glibc
#endif
