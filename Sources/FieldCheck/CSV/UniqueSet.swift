/// The values a `unique` column has seen, exactly, in little memory: every distinct value's
/// bytes once, in 1 MiB chunks that are never moved, and an open-addressing table of 32-bit
/// references into them beside one control byte per slot. About the value's length + 5 bytes,
/// plus 5–10 bytes of table, per distinct value (a million 7-digit ids: about 21 MB), and
/// never a false `not_unique`: hash matches are confirmed byte by byte.
///
/// The control byte holds 7 bits of the value's hash, so a probe reads a stored value only
/// when those bits agree (1 in 128 for another value): a new value usually costs one look at
/// the dense control bytes and no read of the stored values, which lie in memory in the order
/// they arrived. Growing walks the stored values in that order too, instead of jumping to
/// each from the old table.
///
/// Its state is `@exclusivity(unchecked)`: every access is inside one of its own methods,
/// none of which calls out while it holds one, so the run-time check of each access guards
/// nothing.
final class UniqueSet {
    private static let chunkBits = 20
    private static let chunkSize = 1 << chunkBits
    /// A stored value's header: its length in one byte, or `longLength` and then 4 bytes;
    /// then the row it first appeared in (4 bytes); then its bytes.
    private static let longLength: UInt8 = 0xFF
    /// Chunks are raw allocations, never moved (and free of reference counting on the hot
    /// path): a value that does not fit the last chunk starts a new one.
    @exclusivity(unchecked) private var chunks: [UnsafeMutablePointer<UInt8>] = []
    /// Bytes used in each chunk.
    @exclusivity(unchecked) private var chunkUsed: [Int] = []
    @exclusivity(unchecked) private var lastChunkCapacity = 0
    /// Per slot: 0 when empty, else 0x80 | the hash's top 7 bits.
    @exclusivity(unchecked) private var control: UnsafeMutablePointer<UInt8>
    /// Per slot: the stored value's reference (chunk << 20 | offset).
    @exclusivity(unchecked) private var references: UnsafeMutablePointer<UInt32>
    /// Small at first, as are the first chunks: a schema may have thousands of unique
    /// columns, each with a set (10,000 took 95 MB at 1,024 slots and a 1 MiB first chunk).
    @exclusivity(unchecked) private var capacity = 64
    @exclusivity(unchecked) private(set) var count = 0
    /// The most chunks a 32-bit reference can name (4 GiB of values).
    private let chunkLimit: Int
    /// Values that arrived once the chunks were all used, with the row each first appeared
    /// in: slower, but exact (the set never answers "new" for a value it has seen).
    @exclusivity(unchecked) private var overflow: [[UInt8]: Int] = [:]

    /// - Parameter chunkLimit: how many chunks the table may reference before further
    ///   values go to the overflow dictionary; lowered only by tests.
    init(chunkLimit: Int = (1 << (32 - UniqueSet.chunkBits)) - 1) {
        precondition(chunkLimit >= 1 && chunkLimit < (1 << (32 - Self.chunkBits)))
        self.chunkLimit = chunkLimit
        control = .allocate(capacity: capacity)
        control.initialize(repeating: 0, count: capacity)
        references = .allocate(capacity: capacity)
        references.initialize(repeating: 0, count: capacity)
    }

    deinit {
        for chunk in chunks { chunk.deallocate() }
        control.deallocate()
        references.deallocate()
    }

    /// Adds a value; returns nil when it is new, or the row where it first appeared.
    func insert(_ value: UnsafeBufferPointer<UInt8>, row: Int) -> Int? {
        insert(value, hash: Self.hash(value), row: row)
    }

    /// `insert` with the value's `hash(_:)` computed already (on another thread).
    func insert(_ value: UnsafeBufferPointer<UInt8>, hash: UInt64, row: Int) -> Int? {
        if (count + 1) * 8 > capacity * 7 { grow() }
        let tag = Self.tag(hash)
        let mask = capacity - 1
        var index = Int(truncatingIfNeeded: hash) & mask
        while true {
            let found = control[index]
            if found == 0 { break }
            if found == tag {
                let stored = address(references[index])
                let (length, start) = Self.header(stored)
                if length == value.count
                    && (length == 0 || memcmp(stored + start, value.baseAddress!, length) == 0)
                {
                    return Int(Self.read32(stored + start - 4))
                }
            }
            index = (index + 1) & mask
        }
        if !overflow.isEmpty { return insertInOverflow(value, row: row) }
        assert(value.count == 0 || value.baseAddress != nil)
        let long = value.count >= Int(Self.longLength)
        let needed = (long ? 5 : 1) + 4 + value.count
        if chunks.isEmpty || chunkUsed[chunks.count - 1] + needed > lastChunkCapacity {
            guard chunks.count < chunkLimit else { return insertInOverflow(value, row: row) }
            // 256 bytes, doubling up to `chunkSize`: 12 chunks of the 4,095 a reference names.
            lastChunkCapacity = max(min(Self.chunkSize, 256 << min(chunks.count, 20)), needed)
            chunks.append(UnsafeMutablePointer<UInt8>.allocate(capacity: lastChunkCapacity))
            chunkUsed.append(0)
        }
        let chunk = chunks.count - 1
        let used = chunkUsed[chunk]
        // A reference holds the offset in 20 bits: a value starts inside its chunk's first MiB
        // (a longer value has a chunk of its own, at offset 0).
        assert(used < Self.chunkSize && chunk < chunkLimit)
        var target = chunks[chunk] + used
        control[index] = tag
        references[index] = UInt32(chunk << Self.chunkBits | used)
        if long {
            target[0] = Self.longLength
            Self.write32(UInt32(value.count), target + 1)
            target += 5
        } else {
            target[0] = UInt8(value.count)
            target += 1
        }
        Self.write32(UInt32(truncatingIfNeeded: row), target)
        if value.count > 0 { (target + 4).update(from: value.baseAddress!, count: value.count) }
        chunkUsed[chunk] = used + needed
        count += 1
        return nil
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

    /// Reads the slot where a value of this hash starts probing, to have it in the cache:
    /// reads of many values, one after another, overlap their misses.
    func warm(hash: UInt64) -> UInt8 {
        let index = Int(truncatingIfNeeded: hash) & (capacity - 1)
        return control[index] &+ UInt8(truncatingIfNeeded: references[index])
    }

    private func address(_ reference: UInt32) -> UnsafeMutablePointer<UInt8> {
        chunks[Int(reference) >> Self.chunkBits] + (Int(reference) & (Self.chunkSize - 1))
    }

    /// The length of the value stored at `stored`, and the offset of its bytes.
    private static func header(_ stored: UnsafeMutablePointer<UInt8>) -> (length: Int, start: Int) {
        stored[0] == longLength ? (Int(read32(stored + 1)), 9) : (Int(stored[0]), 5)
    }

    private static func tag(_ hash: UInt64) -> UInt8 { 0x80 | UInt8(truncatingIfNeeded: hash >> 57) }

    /// Doubles the table, placing the stored values in the order they are kept. The old
    /// table goes first: the stored values are all it takes to build the new one, so the two
    /// never take memory at once.
    private func grow() {
        control.deallocate()
        references.deallocate()
        let larger = capacity * 2
        let mask = larger - 1
        let newControl = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        newControl.initialize(repeating: 0, count: larger)
        let newReferences = UnsafeMutablePointer<UInt32>.allocate(capacity: larger)
        newReferences.initialize(repeating: 0, count: larger)
        for (chunk, base) in chunks.enumerated() {
            var offset = 0
            let used = chunkUsed[chunk]
            while offset < used {
                let (length, start) = Self.header(base + offset)
                let hash = Self.hash(UnsafeBufferPointer(start: base + offset + start, count: length))
                var index = Int(truncatingIfNeeded: hash) & mask
                while newControl[index] != 0 { index = (index + 1) & mask }
                newControl[index] = Self.tag(hash)
                newReferences[index] = UInt32(chunk << Self.chunkBits | offset)
                offset += start + length
            }
        }
        control = newControl
        references = newReferences
        capacity = larger
    }

    private static func read32(_ pointer: UnsafeMutablePointer<UInt8>) -> UInt32 {
        UnsafeRawPointer(pointer).loadUnaligned(as: UInt32.self)
    }

    private static func write32(_ value: UInt32, _ pointer: UnsafeMutablePointer<UInt8>) {
        UnsafeMutableRawPointer(pointer).storeBytes(of: value, as: UInt32.self)
    }

    /// FNV-1a, 64-bit, with a final mix so that both the low bits (the slot) and the top
    /// bits (the control byte) are spread.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
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
