/// A set of ASCII characters as 128 bits: what the fast paths ask of every byte, so a test
/// must be a shift and a mask, not a lookup.
struct ASCIISet: Sendable {
    /// Characters 0–63 and 64–127.
    private(set) var low: UInt64 = 0
    private(set) var high: UInt64 = 0

    init() {}

    /// The ASCII characters of `scalars`; the others are left out.
    init(_ scalars: some Sequence<Unicode.Scalar>) {
        insert(contentsOf: scalars)
    }

    mutating func insert(_ scalar: Unicode.Scalar) {
        guard scalar.isASCII else { return }
        let value = UInt64(scalar.value)
        if value < 64 { low |= 1 << value } else { high |= 1 << (value - 64) }
    }

    mutating func insert(contentsOf scalars: some Sequence<Unicode.Scalar>) {
        for scalar in scalars { insert(scalar) }
    }

    /// Whether `byte` (below 0x80) is in the set.
    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        (byte < 64 ? low : high) & (1 << UInt64(byte & 63)) != 0
    }

    /// Whether every byte of `bytes` is ASCII and in the set, copying them to `out` on the way
    /// (room for `bytes.count`). A byte at a time with an early exit: the values are short,
    /// and the vectorized branch-free loop the compiler made of the alternative spent more on
    /// its set-up than on the bytes.
    @inline(__always)
    func copyIfContainsAll(_ bytes: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte < 0x80, contains(byte) else { return false }
            out[index] = byte
            index += 1
        }
        return true
    }

    /// Whether some ASCII byte of `bytes` is outside the set (bytes of 0x80 and above are not
    /// looked at). A byte at a time with an early exit, as `copyIfContainsAll`.
    @inline(__always)
    func missesSomeASCII(of bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.contains { $0 < 0x80 && !contains($0) }
    }
}
