/// A growable byte buffer that a field writes accepted values into: `FieldValidator.check`
/// appends each accepted value's output here, so that a caller handling millions of values
/// makes no `String` per value.
///
/// The storage is raw memory rather than an Array: the fast readers write a value straight
/// into it, without the bounds checks and uniqueness checks of appending to an Array. Only
/// this type touches the storage, so its state is `@exclusivity(unchecked)`. Not thread-safe:
/// one buffer per thread.
public final class FieldOutput {
    @usableFromInline @exclusivity(unchecked) package private(set) var base: UnsafeMutablePointer<UInt8>
    /// How many bytes the buffer holds (`count`).
    @usableFromInline @exclusivity(unchecked) package var end = 0
    @usableFromInline @exclusivity(unchecked) package private(set) var allocated: Int

    /// An empty buffer with room for `capacity` bytes before it grows.
    public init(capacity: Int = 1 << 12) {
        allocated = max(capacity, 64)
        base = .allocate(capacity: allocated)
    }

    deinit { base.deallocate() }

    /// How many bytes the buffer holds.
    public var count: Int { end }

    /// The bytes written so far.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: end)) }

    /// The bytes written so far, decoded as UTF-8.
    public var string: String { String(decoding: UnsafeBufferPointer(start: base, count: end), as: UTF8.self) }

    /// Empties the buffer, keeping its memory.
    public func removeAll() { end = 0 }

    /// Appends bytes.
    public func append(_ bytes: Span<UInt8>) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// Appends the UTF-8 bytes of a string.
    public func append(_ text: String) {
        text.withUTF8Bytes { append($0) }
    }

    /// Appends a literal's bytes (a diagnostic's fixed words): read where the literal lies, with
    /// no `String` made of it.
    package func append(literal text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends one byte (a record terminator).
    @inlinable
    public func append(byte: UInt8) {
        if end == allocated { reserve(1) }
        base[end] = byte
        end += 1
    }

    /// Appends bytes.
    ///
    /// Inlined, and a run of at most 16 bytes copied as two overlapping words: records and
    /// messages are written as many short runs (a key, a quote, a number), and a call that
    /// handed each to `memcpy` cost about 50 instructions, a tenth of a `--json` run (issue 35).
    @inlinable
    package func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        let count = bytes.count
        guard let source = bytes.baseAddress else { return }
        if end + count > allocated { reserve(count) }
        let target = UnsafeMutableRawPointer(base + end)
        let from = UnsafeRawPointer(source)
        if count >= 8 && count <= 16 {
            let head = from.loadUnaligned(as: UInt64.self)
            let tail = from.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            target.storeBytes(of: head, as: UInt64.self)
            target.storeBytes(of: tail, toByteOffset: count &- 8, as: UInt64.self)
        } else if count < 8 {
            var index = 0
            while index < count {
                target.storeBytes(
                    of: from.load(fromByteOffset: index, as: UInt8.self), toByteOffset: index, as: UInt8.self)
                index &+= 1
            }
        } else {
            target.copyMemory(from: from, byteCount: count)
        }
        end &+= count
    }

    /// Appends the decimal digits of `value`, written in place: a line or row number, an
    /// offset, on every diagnostic and record.
    package func appendDecimal(_ value: Int) {
        if value >= 0 && value < 10 {
            append(byte: UInt8(truncatingIfNeeded: value) &+ 0x30)
            return
        }
        // Written in place, last digit first: through a buffer on the stack and a closure, a
        // record's line number cost about 140 instructions.
        if value < 0 { append(byte: UInt8(ascii: "-")) }
        var rest = value.magnitude
        var digits = 0
        repeat {
            digits &+= 1
            rest /= 10
        } while rest > 0
        if end + digits > allocated { reserve(digits) }
        rest = value.magnitude
        var at = end &+ digits
        repeat {
            at &-= 1
            base[at] = 0x30 &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        } while rest > 0
        end &+= digits
    }

    /// Appends `value` in upper-case hexadecimal, at least `width` digits: a code point.
    package func appendHex(_ value: UInt32, width: Int) {
        // Written in place, as `appendDecimal` is.
        let count = hexDigitCount(value, width: width)
        if end + count > allocated { reserve(count) }
        for index in 0..<count { base[end &+ index] = hexDigit(value, index, of: count) }
        end &+= count
    }

    /// Whether the buffer holds at least `count` bytes. A client module asks this rather than
    /// reading `end`: its own reads of the stored counts pay a dynamic exclusivity check each
    /// (`@exclusivity(unchecked)` holds for code of this module, inlined code included).
    @inlinable
    package func holds(atLeast count: Int) -> Bool { end >= count }

    /// Whether `room` more bytes fit without growing.
    @inlinable
    package func fits(_ room: Int) -> Bool { end + room <= allocated }

    /// The bytes written so far, for writing them out.
    package var pending: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: end) }

    /// Makes room for `room` more bytes.
    @usableFromInline
    package func reserve(_ room: Int) {
        guard end + room > allocated else { return }
        let size = max(allocated * 2, end + room)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
        grown.moveInitialize(from: base, count: end)
        base.deallocate()
        base = grown
        allocated = size
    }

    /// Lets `body` write at most `room` bytes after the buffer's bytes without counting them
    /// in (`commit(_:)` does): returns what `body` returns, how many it wrote or nil.
    @inline(__always)
    public func writeAfterEnd(room: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int?) -> Int? {
        if end + room > allocated { reserve(room) }
        return body(base + end)
    }

    /// Counts in `count` bytes that `writeAfterEnd` wrote.
    @inline(__always)
    public func commit(_ count: Int) {
        assert(end + count <= allocated)
        end += count
    }

    /// Lets `body` write at most `room` bytes straight into the buffer; `body` returns how
    /// many it wrote, or nil when it wrote nothing. Returns the range written, or nil.
    @inline(__always)
    package func appendFast(room: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int?) -> Range<Int>? {
        if end + room > allocated { reserve(room) }
        guard let written = body(base + end) else { return nil }
        assert(written <= room, "wrote \(written) bytes into room for \(room)")
        defer { end += written }
        return end..<(end + written)
    }
}
