/// A `--pattern` compiled for ASCII values without ICU: for the common shapes (`[A-Z]{2}[0-9]{2}`,
/// `[a-z]+(-[a-z]+)*`, `\d{5}|\d{5}-\d{4}`) it decides whether a whole ASCII value matches, as
/// ICU's `uregex_matches` would, about ten times faster than widening the value to UTF-16 and
/// asking ICU.
///
/// It reads a small subset of ICU's syntax: ASCII literals and escaped punctuation, `.`, `\d`,
/// bracketed sets of ASCII characters and ranges (`[^a-z_]`), groups `( )` and `(?: )`, `|`,
/// and the greedy quantifiers `? * + {n} {n,} {n,m}`. Anything else (`\w`, `\p{…}`, nested sets,
/// anchors, flags, lazy or possessive quantifiers, more than 64 positions) leaves it nil and
/// ICU decides. `FastPathTests` checks it against ICU on generated patterns and values.
///
/// The matcher is a Glushkov automaton run bit-parallel: each position of a set in the pattern
/// is one bit, and a byte moves every live position to the positions that may follow it.
struct ASCIIPattern {
    /// Bit p set in `accepting[b]` when position p's set holds byte b.
    private var accepting = [UInt64](repeating: 0, count: 128)
    /// The positions that may follow position p.
    private var follow: [UInt64] = []
    private var first: UInt64 = 0
    private var last: UInt64 = 0
    private var matchesEmpty = false
    /// Whether every position a value can reach can still lead to a match (no set of the
    /// pattern is empty on the way), so that a value's reading may stop only where no
    /// continuation can match: then `firstStop` finds the offending character as ICU's
    /// prefix search does.
    private var everyPositionLeadsOn = false
    /// Whether ICU's reading of the pattern also matches characters beyond ASCII: `.`, `\d`
    /// (every decimal digit) and a negated set (`[^,]`) do; literals and sets of ASCII do not.
    private(set) var matchesBeyondASCII = false

    /// A parsed pattern: sets of bytes combined.
    private indirect enum Node {
        case set(low: UInt64, high: UInt64)
        case sequence([Node])
        case alternatives([Node])
        case repeated(Node, min: Int, max: Int?)
    }

    /// What a part of the pattern contributes: whether it matches the empty text, its first
    /// and last positions.
    private struct Part {
        var empty: Bool
        var first: UInt64
        var last: UInt64
    }

    init?(_ pattern: String) {
        var parser = Parser(bytes: Array(pattern.utf8))
        guard pattern.utf8.allSatisfy({ $0 < 0x80 }), let node = parser.alternatives(), parser.atEnd else {
            return nil
        }
        matchesBeyondASCII = parser.readsBeyondASCII
        guard let whole = build(node) else { return nil }
        first = whole.first
        last = whole.last
        matchesEmpty = whole.empty
        var inhabited: UInt64 = 0
        for set in accepting { inhabited |= set }
        everyPositionLeadsOn = reachable(inhabited) & ~leadingToAMatch(inhabited) == 0
    }

    /// The positions some value reaches: those of `start` (the `first` by default), and every
    /// one that follows one, whose set holds a byte (`inhabited`).
    private func reachable(from start: UInt64? = nil, _ inhabited: UInt64) -> UInt64 {
        var reached = (start ?? first) & inhabited
        var frontier = reached
        while frontier != 0 {
            frontier = followers(of: frontier) & inhabited & ~reached
            reached |= frontier
        }
        return reached
    }

    /// The positions whose set holds a byte of `bytes` that `usable` allows.
    private func positions(holding bytes: Range<UInt8>, _ usable: (UInt8) -> Bool) -> UInt64 {
        var inhabited: UInt64 = 0
        for byte in bytes where usable(byte) { inhabited |= accepting[Int(byte)] }
        return inhabited
    }

    /// The positions from which some continuation ends in a match, among the `inhabited`.
    private func leadingToAMatch(_ inhabited: UInt64) -> UInt64 {
        var leading = last & inhabited
        var changed = true
        while changed {
            changed = false
            for position in follow.indices where leading >> UInt64(position) & 1 == 0 {
                if follow[position] & leading != 0 && (inhabited >> UInt64(position)) & 1 != 0 {
                    leading |= 1 << UInt64(position)
                    changed = true
                }
            }
        }
        return leading
    }

    /// Whether the whole of `bytes` (ASCII) matches.
    func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !bytes.isEmpty else { return matchesEmpty }
        guard let reading = read(bytes) else { return false }
        return reading.live & last != 0
    }

    /// Whether the whole of `bytes` (ASCII) matches and, when not, the offset of the first byte
    /// after which no continuation can match (nil when every prefix can still become a match:
    /// the value stops short). Nil altogether when the pattern cannot tell (a set that holds
    /// no byte), or a byte is not ASCII: ICU's prefix search decides.
    func firstStop(_ bytes: UnsafeBufferPointer<UInt8>) -> (matched: Bool, stop: Int?)? {
        guard everyPositionLeadsOn else { return nil }
        guard !bytes.isEmpty else { return (matchesEmpty, nil) }
        guard let reading = read(bytes) else { return nil }
        return (reading.live & last != 0, reading.stop)
    }

    /// Whether some value the pattern matches may hold `byte`.
    func mayHold(_ byte: UInt8) -> Bool { byte < 0x80 && accepting[Int(byte)] != 0 }

    /// Whether the pattern certainly matches no value of a length in `lengths` made of the
    /// bytes `usable` allows (NUL never is): the set of positions such a value can end on is
    /// followed length by length. False when it cannot tell: a range past 1,024 is answered
    /// only where no length would do. What characters beyond ASCII a value may hold is the
    /// caller's to weigh (`matchesBeyondASCII`).
    func matchesNothing(lengths: ClosedRange<Int>, usable: (UInt8) -> Bool) -> Bool {
        if matchesEmpty && lengths.contains(0) { return false }
        let inhabited = positions(holding: 1..<0x80, usable)
        // Whatever the length: no last position is reached.
        if reachable(inhabited) & last == 0 { return true }
        let cap = 1_024
        guard lengths.lowerBound <= cap else { return false }
        // The positions a value of n characters ends on, up to the least length.
        var live = first & inhabited
        var length = 1
        while length < Swift.max(lengths.lowerBound, 1) {
            live = followers(of: live) & inhabited
            length += 1
        }
        if lengths.upperBound <= cap {
            while length <= lengths.upperBound {
                if live & last != 0 { return false }
                live = followers(of: live) & inhabited
                length += 1
            }
            return true
        }
        // Unbounded: no last position among those reached at the least length and after.
        return reachable(from: live, inhabited) & last == 0
    }

    /// The positions live after the whole of `bytes` (not empty), or none and the offset of the
    /// byte after which none was; nil when a byte is not ASCII.
    @inline(__always)
    private func read(_ bytes: UnsafeBufferPointer<UInt8>) -> (live: UInt64, stop: Int?)? {
        guard bytes[0] < 0x80 else { return nil }
        var live = first & accepting[Int(bytes[0])]
        var index = 1
        while live != 0 && index < bytes.count {
            let byte = bytes[index]
            guard byte < 0x80 else { return nil }
            live = followers(of: live) & accepting[Int(byte)]
            index += 1
        }
        return live == 0 ? (0, index - 1) : (live, nil)
    }

    /// A value the pattern matches, for the field's example of a valid value (`AB1234` for
    /// `[A-Z]{2}[0-9]{4}`): of a length in `lengths`, the nearest to `preferred`, made of printable
    /// characters `usable` allows. Where a set offers several, letters or digits (whichever it
    /// holds most of) come in order (`abc`, `123`, `ABC`), so that the example reads as one;
    /// nil when no value fits.
    func example(lengths: ClosedRange<Int>, preferred: Int, usable: (UInt8) -> Bool) -> String? {
        // Positions whose set holds a character the example may use.
        let inhabited = positions(holding: 0x20..<0x7F, usable)
        // reached[n]: the positions a value of n characters can end on.
        let longest = Swift.min(lengths.upperBound, 64)
        var reached: [UInt64] = [0]
        var live = first & inhabited
        while reached.count <= longest {
            reached.append(live)
            live = followers(of: live) & inhabited
        }
        let fitting = lengths.clamped(to: 0...longest).filter { length in
            length == 0 ? matchesEmpty : reached[length] & last != 0
        }
        guard let length = fitting.min(by: { abs($0 - preferred) < abs($1 - preferred) }) else { return nil }
        // Back from a last position to the first, each step to a position the next follows.
        var positions: [Int] = []
        var position = (reached[length] & last).trailingZeroBitCount
        for step in stride(from: length, to: 0, by: -1) {
            positions.append(position)
            guard step > 1 else { break }
            var earlier = reached[step - 1]
            while follow[earlier.trailingZeroBitCount] & (1 << UInt64(position)) == 0 { earlier &= earlier - 1 }
            position = earlier.trailingZeroBitCount
        }
        let runs: [ClosedRange<UInt8>] = [0x61...0x7A, 0x31...0x39, 0x41...0x5A]
        var used = [0, 0, 0]
        var example = ""
        for position in positions.reversed() {
            let bit = UInt64(1) << UInt64(position)
            let members = (UInt8(0x20)..<0x7F).filter { accepting[Int($0)] & bit != 0 && usable($0) }
            // The run the set holds most of (`[0-9a-f]` writes digits), the first on a tie.
            let inRuns = runs.map { run in members.filter { run.contains($0) } }
            var run = 0
            for other in 1..<runs.count where inRuns[other].count > inRuns[run].count { run = other }
            if !inRuns[run].isEmpty {
                let inRun = inRuns[run]
                example.unicodeScalars.append(Unicode.Scalar(inRun[used[run] % inRun.count]))
                used[run] += 1
            } else {
                // Punctuation, a space only when nothing else will do.
                let byte = members.first { $0 != 0x20 } ?? members[0]
                example.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return example
    }

    /// The positions that follow one of `positions`.
    @inline(__always)
    private func followers(of positions: UInt64) -> UInt64 {
        var next: UInt64 = 0
        var rest = positions
        while rest != 0 {
            next |= follow[rest.trailingZeroBitCount]
            rest &= rest - 1
        }
        return next
    }

    /// Gives every set of `node` its positions and records which follow which; nil past 64.
    private mutating func build(_ node: Node) -> Part? {
        switch node {
        case .set(let low, let high):
            let position = follow.count
            guard position < 64 else { return nil }
            follow.append(0)
            let bit = UInt64(1) << UInt64(position)
            for byte in 0..<128 where (byte < 64 ? low >> UInt64(byte) : high >> UInt64(byte - 64)) & 1 != 0 {
                accepting[byte] |= bit
            }
            return Part(empty: false, first: bit, last: bit)
        case .sequence(let nodes):
            var whole = Part(empty: true, first: 0, last: 0)
            for node in nodes {
                guard let part = build(node) else { return nil }
                link(whole.last, to: part.first)
                whole = Part(
                    empty: whole.empty && part.empty, first: whole.empty ? whole.first | part.first : whole.first,
                    last: part.empty ? whole.last | part.last : part.last)
            }
            return whole
        case .alternatives(let nodes):
            var whole = Part(empty: false, first: 0, last: 0)
            for node in nodes {
                guard let part = build(node) else { return nil }
                whole = Part(
                    empty: whole.empty || part.empty, first: whole.first | part.first, last: whole.last | part.last)
            }
            return whole
        case .repeated(let node, let min, let max):
            if min == 0 && (max == 1 || max == nil) {
                guard let part = build(node) else { return nil }
                if max == nil { link(part.last, to: part.first) }
                return Part(empty: true, first: part.first, last: part.last)
            }
            // x{2,4} is x x x? x?, each copy with positions of its own; x{2,} is x x x*.
            var copies: [Node] = Array(repeating: node, count: min)
            if let max {
                copies += Array(repeating: .repeated(node, min: 0, max: 1), count: max - min)
            } else {
                copies.append(.repeated(node, min: 0, max: nil))
            }
            return build(.sequence(copies))
        }
    }

    private mutating func link(_ from: UInt64, to next: UInt64) {
        var rest = from
        while rest != 0 {
            follow[rest.trailingZeroBitCount] |= next
            rest &= rest - 1
        }
    }

    /// A recursive-descent reader of the subset; nil on anything outside it.
    private struct Parser {
        let bytes: [UInt8]
        var index = 0
        var depth = 0
        /// Whether an atom read matches characters beyond ASCII in ICU.
        var readsBeyondASCII = false

        var atEnd: Bool { index == bytes.count }

        private func peek(_ offset: Int = 0) -> UInt8? {
            index + offset < bytes.count ? bytes[index + offset] : nil
        }

        mutating func alternatives() -> Node? {
            var branches: [Node] = []
            while true {
                guard let branch = sequence() else { return nil }
                branches.append(branch)
                guard peek() == UInt8(ascii: "|") else { break }
                index += 1
            }
            return branches.count == 1 ? branches[0] : .alternatives(branches)
        }

        private mutating func sequence() -> Node? {
            var items: [Node] = []
            while let byte = peek(), byte != UInt8(ascii: "|"), byte != UInt8(ascii: ")") {
                guard let atom = atom(), let item = quantified(atom) else { return nil }
                items.append(item)
            }
            return .sequence(items)
        }

        private mutating func atom() -> Node? {
            guard let byte = peek() else { return nil }
            index += 1
            switch byte {
            case UInt8(ascii: "("):
                if peek() == UInt8(ascii: "?") {
                    guard peek(1) == UInt8(ascii: ":") else { return nil }
                    index += 2
                }
                depth += 1
                guard depth <= 16, let inner = alternatives(), peek() == UInt8(ascii: ")") else { return nil }
                index += 1
                depth -= 1
                return inner
            case UInt8(ascii: "["): return bracketedSet()
            case UInt8(ascii: "."):
                // ICU's `.` refuses the line terminators; in ASCII, LF, VT, FF and CR.
                readsBeyondASCII = true
                return Self.set { !(0x0A...0x0D).contains($0) }
            case UInt8(ascii: "\\"):
                guard let escaped = peek() else { return nil }
                index += 1
                if escaped == UInt8(ascii: "d") {
                    readsBeyondASCII = true
                    return Self.set { (0x30...0x39).contains($0) }
                }
                guard Self.isPunctuation(escaped) else { return nil }
                return Self.set { $0 == escaped }
            default:
                // Every other metacharacter, and control characters, are left to ICU.
                guard !Self.isPunctuation(byte) || Self.plainPunctuation.contains(byte), byte >= 0x20, byte < 0x7F
                else { return nil }
                return Self.set { $0 == byte }
            }
        }

        /// `[abc]`, `[a-z0-9_]`, `[^,]`: ASCII characters and ranges only.
        private mutating func bracketedSet() -> Node? {
            var negated = false
            if peek() == UInt8(ascii: "^") {
                negated = true
                readsBeyondASCII = true
                index += 1
            }
            var members = [Bool](repeating: false, count: 128)
            var any = false
            while let byte = peek(), byte != UInt8(ascii: "]") {
                // Nested sets, escapes, intersections, POSIX classes, properties, strings,
                // spaces and a hyphen at either end read differently in ICU's set syntax:
                // ICU decides.
                guard byte > 0x20, byte < 0x7F, !Self.setSyntax.contains(byte) else { return nil }
                index += 1
                var upper = byte
                if peek() == UInt8(ascii: "-") {
                    guard let end = peek(1), end != UInt8(ascii: "]"), end > 0x20, end < 0x7F,
                        !Self.setSyntax.contains(end), end >= byte
                    else { return nil }
                    upper = end
                    index += 2
                }
                for member in byte...upper { members[Int(member)] = true }
                any = true
            }
            guard any, peek() == UInt8(ascii: "]") else { return nil }
            index += 1
            return Self.set { members[Int($0)] != negated }
        }

        private mutating func quantified(_ atom: Node) -> Node? {
            guard let byte = peek() else { return atom }
            var node = atom
            switch byte {
            case UInt8(ascii: "?"):
                index += 1
                node = .repeated(atom, min: 0, max: 1)
            case UInt8(ascii: "*"):
                index += 1
                node = .repeated(atom, min: 0, max: nil)
            case UInt8(ascii: "+"):
                index += 1
                node = .repeated(atom, min: 1, max: nil)
            case UInt8(ascii: "{"):
                index += 1
                guard let min = number() else { return nil }
                var max: Int? = min
                if peek() == UInt8(ascii: ",") {
                    index += 1
                    max = peek() == UInt8(ascii: "}") ? nil : number()
                    if max == nil && peek() != UInt8(ascii: "}") { return nil }
                }
                guard peek() == UInt8(ascii: "}"), min <= 64, max.map({ $0 >= min && $0 <= 64 }) ?? true else {
                    return nil
                }
                index += 1
                node = .repeated(atom, min: min, max: max)
            default: return atom
            }
            // Lazy (`*?`), possessive (`*+`) and stacked quantifiers are ICU's.
            if let next = peek(), "?+*{".utf8.contains(next) { return nil }
            return node
        }

        private mutating func number() -> Int? {
            var value = 0
            var digits = 0
            while let byte = peek(), (0x30...0x39).contains(byte), digits < 3 {
                value = value * 10 + Int(byte - 0x30)
                digits += 1
                index += 1
            }
            return digits > 0 ? value : nil
        }

        private static func set(_ contains: (UInt8) -> Bool) -> Node {
            var low: UInt64 = 0
            var high: UInt64 = 0
            for byte in UInt8(0)..<128 where contains(byte) {
                if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
            }
            return .set(low: low, high: high)
        }

        private static func isPunctuation(_ byte: UInt8) -> Bool {
            (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte)
                || (0x7B...0x7E).contains(byte)
        }

        /// Characters with a meaning of their own inside ICU's sets.
        private static let setSyntax: [UInt8] = Array("[\\&:-$^{}".utf8)

        /// Punctuation that stands for itself outside a set in ICU's syntax.
        private static let plainPunctuation: [UInt8] = Array("!\"%',-/:;<=>@_`~&".utf8)
    }
}
