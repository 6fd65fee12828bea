/// The values a `unique` column has seen, exactly, in little memory: every distinct value's
/// bytes once, in 1 MiB chunks that are never moved, and an open-addressing table of 32-bit
/// references into them. About the value's length + 8 bytes, plus 4–8 bytes of table, per
/// distinct value (a million 7-digit ids: about 23 MB), and never a false `not_unique`: hash
/// matches are confirmed byte by byte.
final class UniqueSet {
    private static let chunkBits = 20
    private static let chunkSize = 1 << chunkBits
    /// Per value: its length (4 bytes), the row it first appeared in (4 bytes), its bytes.
    /// Chunks are raw allocations, never moved (and free of reference counting on the hot
    /// path): a value that does not fit the last chunk starts a new one.
    private var chunks: [UnsafeMutablePointer<UInt8>] = []
    private var lastChunkCapacity = 0
    private var lastChunkUsed = 0
    /// Reference + 1 of each value (chunk << 20 | offset); 0 is an empty slot.
    private var slots: [UInt32] = Array(repeating: 0, count: 1024)
    private(set) var count = 0

    deinit { for chunk in chunks { chunk.deallocate() } }

    /// Adds a value; returns nil when it is new, or the row where it first appeared.
    func insert(_ value: UnsafeBufferPointer<UInt8>, row: Int) -> Int? {
        if (count + 1) * 4 > slots.count * 3 { grow() }
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: Self.hash(value)) & mask
        while true {
            let slot = slots[index]
            if slot == 0 { break }
            let stored = address(slot - 1)
            if Int(Self.read32(stored)) == value.count
                && (value.count == 0 || memcmp(stored + 8, value.baseAddress!, value.count) == 0)
            {
                return Int(Self.read32(stored + 4))
            }
            index = (index + 1) & mask
        }
        let needed = value.count + 8
        if chunks.isEmpty || lastChunkUsed + needed > lastChunkCapacity {
            guard chunks.count < (1 << (32 - Self.chunkBits)) - 1 else { return nil }
            lastChunkCapacity = max(Self.chunkSize, needed)
            chunks.append(UnsafeMutablePointer<UInt8>.allocate(capacity: lastChunkCapacity))
            lastChunkUsed = 0
        }
        let chunk = chunks.count - 1
        let target = chunks[chunk] + lastChunkUsed
        slots[index] = UInt32(chunk << Self.chunkBits | lastChunkUsed) + 1
        Self.write32(UInt32(value.count), target)
        Self.write32(UInt32(truncatingIfNeeded: row), target + 4)
        if value.count > 0 { (target + 8).update(from: value.baseAddress!, count: value.count) }
        lastChunkUsed += needed
        count += 1
        return nil
    }

    private func address(_ reference: UInt32) -> UnsafeMutablePointer<UInt8> {
        chunks[Int(reference) >> Self.chunkBits] + (Int(reference) & (Self.chunkSize - 1))
    }

    private func grow() {
        var larger = [UInt32](repeating: 0, count: slots.count * 2)
        let mask = larger.count - 1
        for slot in slots where slot != 0 {
            let stored = address(slot - 1)
            let length = Int(Self.read32(stored))
            var index = Int(truncatingIfNeeded: Self.hash(UnsafeBufferPointer(start: stored + 8, count: length))) & mask
            while larger[index] != 0 { index = (index + 1) & mask }
            larger[index] = slot
        }
        slots = larger
    }

    private static func read32(_ pointer: UnsafeMutablePointer<UInt8>) -> UInt32 {
        UnsafeRawPointer(pointer).loadUnaligned(as: UInt32.self)
    }

    private static func write32(_ value: UInt32, _ pointer: UnsafeMutablePointer<UInt8>) {
        UnsafeMutableRawPointer(pointer).storeBytes(of: value, as: UInt32.self)
    }

    /// FNV-1a, 64-bit, with a final mix so the low bits (the table index) are spread.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
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
