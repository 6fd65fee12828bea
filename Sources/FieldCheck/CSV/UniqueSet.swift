/// The values a `unique` column has seen, exactly, in little memory: every distinct value's
/// bytes once in one arena, and an open-addressing table of 32-bit arena offsets. About the
/// value's length + 8 bytes, plus 4–8 bytes of table, per distinct value (a million 7-digit
/// ids: about 23 MB), and never a false `not_unique` (hash matches are confirmed byte by byte).
final class UniqueSet {
    /// Per value: its length (4 bytes), the row it first appeared in (4 bytes), its bytes.
    private var arena: [UInt8] = []
    /// Arena offset + 1 of each value; 0 is an empty slot.
    private var slots: [UInt32] = Array(repeating: 0, count: 1024)
    private(set) var count = 0

    /// Adds a value; returns nil when it is new, or the row where it first appeared.
    func insert(_ value: UnsafeBufferPointer<UInt8>, row: Int) -> Int? {
        if (count + 1) * 4 > slots.count * 3 { grow() }
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: Self.hash(value)) & mask
        while slots[index] != 0 {
            let offset = Int(slots[index] - 1)
            if matches(offset, value) { return Int(read32(offset + 4)) }
            index = (index + 1) & mask
        }
        guard arena.count + value.count + 8 < Int(UInt32.max) else { return nil }
        slots[index] = UInt32(arena.count + 1)
        append32(UInt32(value.count))
        append32(UInt32(truncatingIfNeeded: row))
        arena.append(contentsOf: value)
        count += 1
        return nil
    }

    private func matches(_ offset: Int, _ value: UnsafeBufferPointer<UInt8>) -> Bool {
        guard Int(read32(offset)) == value.count else { return false }
        return arena.withUnsafeBufferPointer { stored in
            value.count == 0 || memcmp(stored.baseAddress! + offset + 8, value.baseAddress!, value.count) == 0
        }
    }

    private func grow() {
        var larger = [UInt32](repeating: 0, count: slots.count * 2)
        let mask = larger.count - 1
        for slot in slots where slot != 0 {
            let offset = Int(slot - 1)
            let length = Int(read32(offset))
            let hash = arena.withUnsafeBufferPointer {
                Self.hash(UnsafeBufferPointer(rebasing: $0[(offset + 8)..<(offset + 8 + length)]))
            }
            var index = Int(truncatingIfNeeded: hash) & mask
            while larger[index] != 0 { index = (index + 1) & mask }
            larger[index] = slot
        }
        slots = larger
    }

    private func read32(_ offset: Int) -> UInt32 {
        UInt32(arena[offset]) | UInt32(arena[offset + 1]) << 8 | UInt32(arena[offset + 2]) << 16
            | UInt32(arena[offset + 3]) << 24
    }

    private func append32(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { arena.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
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
