/// The values a `unique` column has seen, exactly, in little memory: every distinct value's
/// bytes once, in 1 MiB chunks that are never moved, and an open-addressing table of 32-bit
/// references into them. About the value's length + 8 bytes, plus 4–8 bytes of table, per
/// distinct value (a million 7-digit ids: about 23 MB), and never a false `not_unique`: hash
/// matches are confirmed byte by byte.
final class UniqueSet {
    private static let chunkBits = 20
    private static let chunkSize = 1 << chunkBits
    /// Per value: its length (4 bytes), the row it first appeared in (4 bytes), its bytes.
    /// A chunk is never reallocated: a value that does not fit starts a new chunk.
    private var chunks: [[UInt8]] = []
    /// Reference + 1 of each value (chunk << 20 | offset); 0 is an empty slot.
    private var slots: [UInt32] = Array(repeating: 0, count: 1024)
    private(set) var count = 0

    /// Adds a value; returns nil when it is new, or the row where it first appeared.
    func insert(_ value: UnsafeBufferPointer<UInt8>, row: Int) -> Int? {
        if (count + 1) * 4 > slots.count * 3 { grow() }
        let mask = slots.count - 1
        let hash = Self.hash(value)
        var index = Int(truncatingIfNeeded: hash) & mask
        while slots[index] != 0 {
            let (chunk, offset) = Self.split(slots[index] - 1)
            if matches(chunk, offset, value) { return Int(read32(chunk, offset + 4)) }
            index = (index + 1) & mask
        }
        let needed = value.count + 8
        if chunks.isEmpty || chunks[chunks.count - 1].count + needed > chunks[chunks.count - 1].capacity
            || chunks[chunks.count - 1].count >= Self.chunkSize
        {
            guard chunks.count < (1 << (32 - Self.chunkBits)) - 1 else { return nil }
            var chunk: [UInt8] = []
            chunk.reserveCapacity(max(Self.chunkSize, needed))
            chunks.append(chunk)
        }
        let chunk = chunks.count - 1
        let offset = chunks[chunk].count
        slots[index] = UInt32(chunk << Self.chunkBits | offset) + 1
        append32(UInt32(value.count), to: chunk)
        append32(UInt32(truncatingIfNeeded: row), to: chunk)
        chunks[chunk].append(contentsOf: value)
        count += 1
        return nil
    }

    private static func split(_ reference: UInt32) -> (Int, Int) {
        (Int(reference) >> chunkBits, Int(reference) & (chunkSize - 1))
    }

    private func matches(_ chunk: Int, _ offset: Int, _ value: UnsafeBufferPointer<UInt8>) -> Bool {
        guard Int(read32(chunk, offset)) == value.count else { return false }
        return chunks[chunk].withUnsafeBufferPointer { stored in
            value.count == 0 || memcmp(stored.baseAddress! + offset + 8, value.baseAddress!, value.count) == 0
        }
    }

    private func grow() {
        var larger = [UInt32](repeating: 0, count: slots.count * 2)
        let mask = larger.count - 1
        for slot in slots where slot != 0 {
            let (chunk, offset) = Self.split(slot - 1)
            let length = Int(read32(chunk, offset))
            let hash = chunks[chunk].withUnsafeBufferPointer {
                Self.hash(UnsafeBufferPointer(rebasing: $0[(offset + 8)..<(offset + 8 + length)]))
            }
            var index = Int(truncatingIfNeeded: hash) & mask
            while larger[index] != 0 { index = (index + 1) & mask }
            larger[index] = slot
        }
        slots = larger
    }

    private func read32(_ chunk: Int, _ offset: Int) -> UInt32 {
        chunks[chunk].withUnsafeBufferPointer { bytes in
            UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
                | UInt32(bytes[offset + 3]) << 24
        }
    }

    private func append32(_ value: UInt32, to chunk: Int) {
        for shift in stride(from: 0, to: 32, by: 8) {
            chunks[chunk].append(UInt8(truncatingIfNeeded: value >> UInt32(shift)))
        }
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
