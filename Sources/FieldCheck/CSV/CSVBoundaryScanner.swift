#if canImport(Glibc)
    import Glibc
#endif

/// Finds where CSV records end without reading their cells: a line feed ends a record
/// unless it is inside a quoted field, and a quote opens a quoted field only at a field's
/// start (after a delimiter or a record's end). Only quotes and line feeds are looked at,
/// with `memchr`, so a chunk costs the reading thread a small part of what reading its cells
/// does. It follows `CSVReader`'s state machine exactly (the tests compare the two): a quote
/// inside an unquoted field is data, a doubled quote stays inside, text after a closing quote
/// leaves the field.
///
/// Offsets are into the buffer scanned; the scan starts at a record's start.
struct CSVBoundaryScanner {
    private enum State {
        case outside
        case quoted
        /// The last byte scanned was a quote inside a quoted field: doubled or closing, as
        /// the next byte says.
        case quoteAtEnd
    }

    let delimiter: UInt8
    private var state = State.outside
    /// The byte before the next one to scan (outside quoted fields): a quote after a
    /// delimiter or a line feed opens a field.
    private var previous = UInt8(ascii: "\n")
    /// Just after the last line feed found that ends a record: where a chunk may end.
    private(set) var lastBoundary = 0
    /// Records ended since the last cut (all of them at or before `lastBoundary`).
    private(set) var records = 0
    /// Line feeds inside quoted fields since the last cut, before `lastBoundary` and after.
    private var quotedLinesBefore = 0
    private var quotedLinesAfter = 0

    init(delimiter: UInt8) {
        self.delimiter = delimiter
    }

    /// Looks at `buffer[from..<to]`, which follows what was scanned before.
    mutating func scan(_ buffer: UnsafePointer<UInt8>, from: Int, to: Int) {
        let quote = UInt8(ascii: "\"")
        let lf = UInt8(ascii: "\n")
        var index = from
        while index < to {
            switch state {
            case .quoteAtEnd:
                if buffer[index] == quote {
                    state = .quoted
                    index += 1
                } else {
                    state = .outside
                    previous = quote
                }
            case .quoted:
                let closing = Self.find(quote, buffer, index, to)
                quotedLinesAfter += Self.count(lf, buffer, index, closing)
                if closing == to {
                    index = to
                } else if closing + 1 == to {
                    state = .quoteAtEnd
                    index = to
                } else if buffer[closing + 1] == quote {
                    index = closing + 2
                } else {
                    state = .outside
                    previous = quote
                    index = closing + 1
                }
            case .outside:
                let next = Self.find(quote, buffer, index, to)
                var scan = index
                var ended = false
                while true {
                    let feed = Self.find(lf, buffer, scan, next)
                    guard feed < next else { break }
                    records += 1
                    scan = feed + 1
                    ended = true
                }
                if ended {
                    lastBoundary = scan
                    quotedLinesBefore += quotedLinesAfter
                    quotedLinesAfter = 0
                }
                if next == to {
                    previous = buffer[to - 1]
                    index = to
                } else {
                    let before = next > index ? buffer[next - 1] : previous
                    if before == delimiter || before == lf {
                        state = .quoted
                    } else {
                        previous = quote
                    }
                    index = next + 1
                }
            }
        }
    }

    /// The records and lines from the last cut to `lastBoundary`, which becomes the new cut.
    mutating func cut() -> (records: Int, lines: Int) {
        let taken = (records: records, lines: records + quotedLinesBefore)
        records = 0
        quotedLinesBefore = 0
        return taken
    }

    /// The records and lines from the last cut to the end of the input, `end`.
    func rest(end: Int) -> (records: Int, lines: Int) {
        let lines = records + quotedLinesBefore + quotedLinesAfter
        return (records + (end > lastBoundary ? 1 : 0), lines)
    }

    /// The scanned bytes moved `distance` towards the buffer's start.
    mutating func moved(by distance: Int) {
        lastBoundary -= distance
    }

    /// The first `byte` in `buffer[from..<to]`, or `to`.
    @inline(__always)
    private static func find(_ byte: UInt8, _ buffer: UnsafePointer<UInt8>, _ from: Int, _ to: Int) -> Int {
        guard from < to, let found = memchr(buffer + from, Int32(byte), to - from) else { return to }
        return UnsafeRawPointer(buffer).distance(to: UnsafeRawPointer(found))
    }

    /// How many `byte`s `buffer[from..<to]` holds.
    private static func count(_ byte: UInt8, _ buffer: UnsafePointer<UInt8>, _ from: Int, _ to: Int) -> Int {
        var total = 0
        var index = find(byte, buffer, from, to)
        while index < to {
            total += 1
            index = find(byte, buffer, index + 1, to)
        }
        return total
    }
}
