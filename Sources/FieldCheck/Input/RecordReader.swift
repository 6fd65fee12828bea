#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A read that failed: the command line reports it and exits with status 3.
public struct InputError: Error, Sendable, CustomStringConvertible {
    public var message: String
    /// The 0-based byte offset in the input where reading failed, when one is known.
    public var byteOffset: Int?
    public var description: String { message }
    public init(_ message: String, byteOffset: Int? = nil) {
        self.message = message
        self.byteOffset = byteOffset
    }
}

/// One record (a line, or a NUL-terminated record) as it came from the input.
public struct Record {
    /// The record's bytes without its terminator (and without the `\r` of a `\r\n`).
    /// For an oversized record, only its first bytes. Valid only during the callback.
    public var bytes: UnsafeBufferPointer<UInt8>
    /// 1-based record number in its input.
    public var number: Int
    /// The full length in bytes of a record longer than the reader's limit; nil otherwise.
    public var oversizedLength: Int?

    public init(bytes: UnsafeBufferPointer<UInt8>, number: Int, oversizedLength: Int? = nil) {
        self.bytes = bytes
        self.number = number
        self.oversizedLength = oversizedLength
    }
}

/// A run of whole records as read, for a caller that splits them elsewhere (another thread).
public struct RecordBlock {
    /// The records with their terminators; the last one may lack it at the end of the input.
    public var bytes: UnsafeBufferPointer<UInt8>
    /// The number of the first record.
    public var firstNumber: Int
    /// How many records `bytes` holds.
    public var count: Int

    public init(bytes: UnsafeBufferPointer<UInt8>, firstNumber: Int, count: Int) {
        self.bytes = bytes
        self.firstNumber = firstNumber
        self.count = count
    }
}

/// Splits a file descriptor into records, reading in large blocks and reusing one buffer.
///
/// Memory stays bounded by `maxRecordBytes`: a longer record is not held; its bytes are
/// streamed to `overflow` (so a rejects file can still receive it whole) and the record is
/// delivered with only its first bytes and `oversizedLength` set.
public struct RecordReader {
    public var delimiter: UInt8
    public var maxRecordBytes: Int
    /// Called when the next read of the input would wait (a pipe or a terminal with nothing
    /// to read yet), never for a file: a caller that holds back what it writes (answers and
    /// diagnostics, buffered for speed) writes it out here, so that whoever follows its
    /// output has the answer to everything read before the input went quiet. An error it
    /// throws ends the reading.
    public var beforeWaiting: (() throws -> Void)? = nil
    public static let blockSize = 1 << 18
    /// How many leading bytes of an oversized record are kept for its diagnostic.
    public static let oversizedPrefix = 64

    /// The record limit when none is given: 8 MiB, for values and CSV rows alike. A record at
    /// the limit costs several times its size while it is checked (a valid 8 MiB number about
    /// 80 MB: the decoded text, its scalars, the digits, the output).
    public static let defaultMaxRecordBytes = 8 << 20
    /// The most `maxRecordBytes` may be (64 MiB): a larger limit is taken as this one.
    public static let largestMaxRecordBytes = 64 << 20

    public init(delimiter: UInt8 = 0x0A, maxRecordBytes: Int = RecordReader.defaultMaxRecordBytes) {
        self.delimiter = delimiter
        // The buffer holds one whole record, so the limit also caps the buffer.
        self.maxRecordBytes = min(max(1, maxRecordBytes), Self.largestMaxRecordBytes)
    }

    /// Reads `fd` to its end, calling `body` for each record in order.
    /// - Parameter overflow: receives, in order, every byte of each oversized record.
    public func forEachRecord(
        fd: Int32,
        overflow: (UnsafeBufferPointer<UInt8>) throws -> Void = { _ in },
        _ body: (Record) throws -> Void
    ) throws {
        try read(fd: fd, overflow: overflow, inBlocks: false, blocks: { _ in }, body)
    }

    /// Reads `fd` to its end, handing whole records to `blocks` in runs as large as one read
    /// gives (split them with `forEachRecord(in:)`). A record longer than the buffer still
    /// goes to `overflow` and `body`, between the runs, in order.
    /// Records delivered one by one (an oversized record, and those after it in the same
    /// read) go to `body`.
    public func forEachBlock(
        fd: Int32,
        overflow: (UnsafeBufferPointer<UInt8>) throws -> Void,
        blocks: (RecordBlock) throws -> Void,
        records body: (Record) throws -> Void
    ) throws {
        try read(fd: fd, overflow: overflow, inBlocks: true, blocks: blocks, body)
    }

    /// Splits a run of records from `forEachBlock` and calls `body` for each, exactly as
    /// `forEachRecord(fd:)` would have (the `\r` of `\r\n` dropped, the record limit applied).
    public func forEachRecord(
        in block: RecordBlock,
        overflow: (UnsafeBufferPointer<UInt8>) throws -> Void,
        _ body: (Record) throws -> Void
    ) throws {
        guard let base = block.bytes.baseAddress else { return }
        var start = 0
        let end = block.bytes.count
        var number = block.firstNumber
        while start < end {
            let stop: Int
            if let hit = memchr(base + start, Int32(delimiter), end - start) {
                stop = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
            } else {
                stop = end
            }
            try deliver(UnsafeBufferPointer(start: base + start, count: stop - start), number, overflow, body)
            number += 1
            start = stop + 1
        }
    }

    /// Hands out one record found whole in a buffer.
    @inline(__always)
    private func deliver(
        _ whole: UnsafeBufferPointer<UInt8>, _ number: Int, _ overflow: (UnsafeBufferPointer<UInt8>) throws -> Void,
        _ body: (Record) throws -> Void
    ) throws {
        var bytes = whole
        if delimiter == 0x0A, let last = bytes.last, last == 0x0D {
            bytes = UnsafeBufferPointer(rebasing: bytes.dropLast())
        }
        if bytes.count > maxRecordBytes {
            // Too long, though it fit in the buffer: the same treatment as a longer one.
            try overflow(bytes)
            try body(
                Record(
                    bytes: UnsafeBufferPointer(rebasing: bytes.prefix(Self.oversizedPrefix)), number: number,
                    oversizedLength: bytes.count))
        } else {
            try body(Record(bytes: bytes, number: number))
        }
    }

    private func read(
        fd: Int32,
        overflow: (UnsafeBufferPointer<UInt8>) throws -> Void,
        inBlocks: Bool,
        blocks: (RecordBlock) throws -> Void,
        _ body: (Record) throws -> Void
    ) throws {
        let capacity = maxRecordBytes + Self.blockSize
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        var start = 0  // first byte of the current record
        var end = 0  // bytes in the buffer
        var number = 0
        var skipping: Int? = nil  // bytes of an oversized record seen so far
        var searched = 0  // bytes before this hold no terminator after `start` (runs only)
        var prefix = [UInt8]()
        var eof = false

        /// Hands out a streamed-out record by its first bytes and full length.
        func finishOversized(_ total: Int) throws {
            number += 1
            try prefix.withUnsafeBufferPointer { try body(Record(bytes: $0, number: number, oversizedLength: total)) }
        }

        func deliver(_ from: Int, _ to: Int) throws {
            number += 1
            try self.deliver(UnsafeBufferPointer(start: buffer + from, count: to - from), number, overflow, body)
        }

        while true {
            // Hand out every complete record in the buffer: in one run when asked to, up to
            // the last terminator.
            if inBlocks, skipping == nil, let last = lastTerminator(buffer, max(start, searched), end) {
                let stop = last + 1
                let run = UnsafeBufferPointer(start: buffer + start, count: stop - start)
                let count = countTerminators(run)
                try blocks(RecordBlock(bytes: run, firstNumber: number + 1, count: count))
                number += count
                start = stop
            }
            var scan = start
            while scan < end {
                let remaining = end - scan
                guard let hit = memchr(buffer + scan, Int32(delimiter), remaining) else { break }
                let position = UnsafeMutablePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - buffer
                if let seen = skipping {
                    // The `\r` of `\r\n` is not the record's (it may have been held back from
                    // the last stream, see below).
                    var stop = position
                    if delimiter == 0x0A && stop > start && buffer[stop - 1] == 0x0D { stop -= 1 }
                    try overflow(UnsafeBufferPointer(start: buffer + start, count: stop - start))
                    try finishOversized(seen + stop - start)
                    skipping = nil
                } else {
                    try deliver(start, position)
                }
                start = position + 1
                scan = start
            }
            if eof {
                if start < end {
                    if let seen = skipping {
                        // As `deliver` does for the last record: a final `\r` is not its own.
                        var stop = end
                        if delimiter == 0x0A && buffer[stop - 1] == 0x0D { stop -= 1 }
                        try overflow(UnsafeBufferPointer(start: buffer + start, count: stop - start))
                        try finishOversized(seen + stop - start)
                    } else if inBlocks {
                        try blocks(
                            RecordBlock(
                                bytes: UnsafeBufferPointer(start: buffer + start, count: end - start),
                                firstNumber: number + 1, count: 1))
                    } else {
                        try deliver(start, end)
                    }
                } else if let seen = skipping {
                    try finishOversized(seen)
                }
                return
            }
            // The current record is incomplete: stream it out if it is too long, else compact.
            // A `\r` at the end is held back until the next byte says whether it begins the
            // record's `\r\n`: what is streamed must not depend on where a read stopped.
            let heldBack = delimiter == 0x0A && end > start && buffer[end - 1] == 0x0D ? 1 : 0
            if let seen = skipping {
                try overflow(UnsafeBufferPointer(start: buffer + start, count: end - heldBack - start))
                skipping = seen + end - heldBack - start
                if heldBack == 1 { buffer[0] = 0x0D }
                start = 0
                end = heldBack
            } else if end - start > maxRecordBytes {
                prefix = Array(
                    UnsafeBufferPointer(start: buffer + start, count: min(Self.oversizedPrefix, end - start)))
                try overflow(UnsafeBufferPointer(start: buffer + start, count: end - heldBack - start))
                skipping = end - heldBack - start
                if heldBack == 1 { buffer[0] = 0x0D }
                start = 0
                end = heldBack
            } else if start > 0 {
                memmove(buffer, buffer + start, end - start)
                end -= start
                start = 0
            }
            // Fill.
            searched = end
            // One block at a time: the kernel touches every page a read may fill, so asking
            // for the whole buffer would make it resident even for short lines.
            let room = min(capacity - end, Self.blockSize)
            if let beforeWaiting, readWouldWait(fd) { try beforeWaiting() }
            let got = try readBlock(fd, into: buffer + end, count: room)
            if got == 0 { eof = true } else { end += got }
        }
    }
}

extension RecordReader {
    /// The position of the last terminator in `buffer[start..<end]`.
    fileprivate func lastTerminator(_ buffer: UnsafeMutablePointer<UInt8>, _ start: Int, _ end: Int) -> Int? {
        var position = end - 1
        while position >= start {
            if buffer[position] == delimiter { return position }
            position -= 1
        }
        return nil
    }

    /// How many terminators a run of records holds.
    fileprivate func countTerminators(_ run: UnsafeBufferPointer<UInt8>) -> Int {
        let delimiter = delimiter
        var count = 0
        for byte in run { count &+= byte == delimiter ? 1 : 0 }
        return count
    }
}

/// One `read(2)` of at most `count` bytes, retried when a signal interrupts it: 0 at the end
/// of the input.
/// - Throws: `InputError` with the system's reason.
func readBlock(_ fd: Int32, into buffer: UnsafeMutablePointer<UInt8>, count: Int) throws(InputError) -> Int {
    while true {
        let got = read(fd, buffer, count)
        if got >= 0 { return got }
        if errno != EINTR { throw InputError(String(cString: strerror(errno))) }
    }
}

/// Whether a read of `fd` would wait for input: nothing to read yet, and not at its end.
/// One `poll(2)` that does not wait; a file is always ready.
func readWouldWait(_ fd: Int32) -> Bool {
    var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    return poll(&entry, 1, 0) == 0
}

/// The whole contents of a small text file (a schema), or nil when it cannot be read.
public func readTextFile(_ path: String) -> String? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    return readText(fd: fd, limit: .max)
}

/// The text of an open file, or nil when it cannot be read or holds more than `limit` bytes
/// (read no further than that: a schema named by mistake as a 2 GB file costs nothing).
public func readText(fd: Int32, limit: Int) -> String? {
    var bytes: [UInt8] = []
    let chunk = UnsafeMutablePointer<UInt8>.allocate(capacity: 1 << 16)
    defer { chunk.deallocate() }
    while true {
        guard let got = try? readBlock(fd, into: chunk, count: 1 << 16) else { return nil }
        if got == 0 { return String(decoding: bytes, as: UTF8.self) }
        bytes.append(contentsOf: UnsafeBufferPointer(start: chunk, count: got))
        if bytes.count > limit { return nil }
    }
}
