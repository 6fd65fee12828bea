internal import CICU
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// An ICU UnicodeSet, frozen after construction, with an ASCII bitmap in front of ICU so
/// the common case costs two shifts instead of a call.
final class CharacterSetHandle: @unchecked Sendable {
    let set: OpaquePointer
    private var asciiLow: UInt64 = 0
    private var asciiHigh: UInt64 = 0

    /// Takes ownership of `set`.
    init(owning set: OpaquePointer) {
        self.set = set
        cicu_uset_freeze(set)
        for value in 0..<128 where cicu_uset_contains(set, UChar32(value)) != 0 {
            if value < 64 { asciiLow |= 1 << UInt64(value) } else { asciiHigh |= 1 << UInt64(value - 64) }
        }
    }

    deinit { cicu_uset_close(set) }

    @inline(__always)
    func contains(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 64 { return asciiLow & (1 << UInt64(value)) != 0 }
        if value < 128 { return asciiHigh & (1 << UInt64(value - 64)) != 0 }
        return cicu_uset_contains(set, UChar32(value)) != 0
    }

    /// The set's characters in code point order (strings in the set are skipped), at most `limit`.
    func characters(limit: Int) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        let count = cicu_uset_getItemCount(set)
        var item: Int32 = 0
        while item < count && result.count < limit {
            var start: UChar32 = 0
            var end: UChar32 = 0
            var status = U_ZERO_ERROR
            let length = cicu_uset_getItem(set, item, &start, &end, nil, 0, &status)
            if length == 0 {
                var value = start
                while value <= end && result.count < limit {
                    if let scalar = Unicode.Scalar(UInt32(value)) { result.append(scalar) }
                    value += 1
                }
            }
            item += 1
        }
        return result
    }

    /// The set as an ICU pattern (`[0-9]`).
    var pattern: String {
        ICU.utf16String { cicu_uset_toPattern(set, $0, $1, 0, &$2) } ?? "[]"
    }
}

/// A compiled ICU regular expression with its own reusable text buffer (ICU keeps a
/// pointer to the text, so the buffer must outlive each match).
final class RegexHandle {
    let regex: OpaquePointer
    let pattern: String
    private var text: [UChar] = []

    init(pattern: String) throws(ConfigurationError) {
        var parseError = UParseError()
        var status = U_ZERO_ERROR
        let units = pattern.icuUnits
        guard let regex = cicu_uregex_open(units, Int32(units.count), 0, &parseError, &status),
            !ICU.failed(status)
        else {
            let column = Int(parseError.offset) + 1
            throw ConfigurationError(
                "malformed regular expression '\(pattern)' at column \(column): \(ICU.explain(status))")
        }
        self.regex = regex
        self.pattern = pattern
        ascii = ASCIIPattern(pattern)
    }

    deinit { cicu_uregex_close(regex) }

    /// The pattern compiled for ASCII values without ICU, when it is simple enough.
    let ascii: ASCIIPattern?

    /// An automaton whose values the pattern matches, for examples only: `ascii`, or for a
    /// pattern that begins with `(?i)` the rest of it (a value of that matches either case).
    /// Never for matching: it is case-sensitive where the pattern is not.
    var exampleAutomaton: ASCIIPattern? {
        if let ascii { return ascii }
        guard pattern.hasPrefix("(?i)") else { return nil }
        return ASCIIPattern(String(pattern.dropFirst(4)))
    }

    /// Whether the whole of an ASCII value matches, for the fast paths: nil when ICU's match
    /// takes more than the small limit (`PatternTimeBudget.limitWhenSpent`), and the
    /// pipeline decides. The fast paths never draw on the run's budget: a value's check then
    /// draws on it once, in the pipeline, whichever path came first.
    func matchesASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        if let ascii { return ascii.matches(bytes) }
        let outcome = matches(bytes.lazy.map { UInt16($0) }, fixedLimit: PatternTimeBudget.limitWhenSpent)
        return outcome.timedOut ? nil : outcome.matched
    }

    /// The run's budget for matches that time out; a test gives a handle its own.
    var budget = PatternTimeBudget.run

    /// Whether the whole of `units` matches; `hitEnd` says whether a longer text might;
    /// `timedOut` that ICU gave up (see `timeLimit`), so neither is known; `overBudget` that it
    /// gave up at the small limit of a run whose budget is spent (see `PatternTimeBudget`).
    /// `fixedLimit`: a limit of the caller's, which the budget has no part in.
    func matches<C: Collection>(_ units: C, fixedLimit: Int32? = nil) -> (
        matched: Bool, hitEnd: Bool, timedOut: Bool, overBudget: Bool
    )
    where C.Element == UInt16 {
        text.removeAll(keepingCapacity: true)
        text.append(contentsOf: units)
        if let fixedLimit { return matchText(limit: fixedLimit) }
        let spent = budget.isSpent
        // Out of input order, a match the small limit does not decide is left for the value's
        // check in order (`OutOfOrderChecks`); once the budget is spent, it is spent for every
        // value still to come, so the small limit decides as one thread would.
        let outOfOrder = spent ? nil : OutOfOrderChecks.current
        let limit =
            spent || outOfOrder != nil ? PatternTimeBudget.limitWhenSpent : Self.timeLimit(length: text.count)
        let outcome = matchText(limit: limit)
        if outcome.timedOut {
            if let outOfOrder {
                outOfOrder.valueNeedsOrder = true
                return outcome
            }
            if !spent { budget.spend(Int(limit)) }
            return (false, false, true, spent)
        }
        return outcome
    }

    /// Matches the text set last within `limit`.
    private func matchText(limit: Int32) -> (matched: Bool, hitEnd: Bool, timedOut: Bool, overBudget: Bool) {
        var status = U_ZERO_ERROR
        cicu_uregex_setText(regex, text, Int32(text.count), &status)
        cicu_uregex_setTimeLimit(regex, limit, &status)
        let matched = cicu_uregex_matches(regex, -1, &status) != 0
        if status == U_REGEX_TIME_OUT { return (false, false, true, false) }
        let hitEnd = cicu_uregex_hitEnd(regex, &status) != 0
        return (matched && !ICU.failed(status), hitEnd, false, false)
    }

    /// The work one match may take, in ICU's time-limit units (10,000 steps of its match
    /// engine each; about 0.2 ms on a 2020s machine): 3 million steps, plus 100 per UTF-16
    /// unit of the value so that long values are not refused for their length. A pattern that
    /// backtracks catastrophically (`(a+)+$` on 30 `a`s and a `b`) would otherwise run for
    /// minutes; linear patterns take a few steps per unit, far below. The bound keeps one
    /// value's check (the match, then the search for the offending character) well under a
    /// tenth of a second, so that a prompt keystroke or a CSV cell never stalls.
    static func timeLimit(length: Int) -> Int32 { Int32(clamping: 300 + length / 100) }
}

/// What a run may spend on pattern matches that time out, all patterns and threads together.
///
/// One value's match is bounded (`RegexHandle.timeLimit`, about 0.1 s), but a file of many
/// values that make a pattern backtrack (100,000 rows against `(a+)+$`) would cost that for
/// each: hours. So the matches that time out draw on one budget, `limit` units of ICU's time
/// limit (10,000 steps of its match engine each): 100 million steps, some 35 values that time
/// out, a few seconds of CPU. Once it is spent the run goes on, and every match gets the
/// small limit `limitWhenSpent` (10,000 steps, a fraction of a millisecond): a pattern that
/// needs no more — a sane pattern on any ordinary value — is still decided, accepted or
/// `pattern_mismatch`; a value that needs more is rejected `pattern_budget_exhausted`, its
/// row sent where rejected rows go. Nothing is accepted unchecked, the run ends in minutes
/// rather than hours, and the rows so rejected can be checked again with a better pattern.
/// Which value is the first past the budget depends on the order matches were made, so only
/// checks made in input order draw on it: a check made out of order (`OutOfOrderChecks`, a
/// `--jobs` worker's) leaves a value that needs it to be checked again in order.
final class PatternTimeBudget: Sendable {
    /// The process's budget, which every pattern of the run draws on.
    static let run = PatternTimeBudget(limit: 10_000)
    /// The time limit of each match once the budget is spent, in ICU's units (10,000 steps).
    static let limitWhenSpent: Int32 = 1

    let limit: Int
    private let spentUnits = Atomic<Int>(0)

    init(limit: Int) { self.limit = limit }

    var isSpent: Bool { spentUnits.load(ordering: .relaxed) >= limit }
    func spend(_ units: Int) { spentUnits.add(units, ordering: .relaxed) }
    /// The units spent so far, for messages.
    var spent: Int { spentUnits.load(ordering: .relaxed) }
}

/// Values checked out of input order — by a `--jobs` worker, while earlier values are still
/// being checked — which must then decide exactly what a check in input order decides.
///
/// Everything a value's check decides depends on the value alone, but for one thing: the
/// run's budget for pattern matches that take too long (`PatternTimeBudget`), on which
/// values draw in the order they are checked. So while `checking` runs on a thread, its
/// pattern matches are given the small limit that a spent budget leaves them: a match it
/// decides (nearly every match of a sane pattern) is decided as in input order, whatever the
/// budget's state; a match it does not decide sets `valueNeedsOrder`, and the caller drops
/// that value's result and checks the value again in input order, where it draws on the
/// budget as one thread's run would. `--jobs N` then accepts and rejects exactly what one
/// thread does, in every case.
public final class OutOfOrderChecks {
    /// Whether a value checked since it was last cleared needs checking again in input order.
    public var valueNeedsOrder = false

    public init() {}

    /// Runs `body` with this thread's checks made out of order, reporting here.
    public func checking<Result>(_ body: () throws -> Result) rethrows -> Result {
        let previous = pthread_getspecific(Self.key)
        pthread_setspecific(Self.key, Unmanaged.passUnretained(self).toOpaque())
        defer { pthread_setspecific(Self.key, previous) }
        return try body()
    }

    /// Where this thread's checks report, when they are made out of order.
    static var current: OutOfOrderChecks? {
        pthread_getspecific(key).map { Unmanaged<OutOfOrderChecks>.fromOpaque($0).takeUnretainedValue() }
    }

    /// A thread-local slot: read only by pattern matches that go to ICU, which cost far more.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()
}

/// A grapheme-cluster break iterator, opened once and reused for every value.
final class GraphemeCounter {
    private let iterator: OpaquePointer
    private var text: [UChar] = []

    init(locale: LocaleID) {
        var status = U_ZERO_ERROR
        iterator = cicu_ubrk_openCharacter(locale.identifier, &status)!
    }

    deinit { cicu_ubrk_close(iterator) }

    /// The scalar offsets at which each grapheme cluster of `value` starts.
    func clusterStarts(_ value: String) -> [Int] {
        if Self.isSimple(value) { return Array(0..<value.unicodeScalars.count) }
        // The UTF-16 ICU reads, written scalar by scalar into a buffer sized once: appending
        // `value.utf16` went through the generic path, a fifth of the count (issue 35).
        // Taken out of the property while it is filled and read: no access check per unit.
        var text: [UChar] = []
        swap(&text, &self.text)
        defer { swap(&text, &self.text) }
        text.removeAll(keepingCapacity: true)
        text.reserveCapacity(value.utf8.count)
        for scalar in value.unicodeScalars {
            if scalar.value < 0x10000 {
                text.append(UInt16(truncatingIfNeeded: scalar.value))
            } else {
                let above = scalar.value - 0x10000
                text.append(0xD800 | UInt16(truncatingIfNeeded: above >> 10))
                text.append(0xDC00 | UInt16(truncatingIfNeeded: above & 0x3FF))
            }
        }
        var status = U_ZERO_ERROR
        cicu_ubrk_setText(iterator, text, Int32(text.count), &status)
        // Boundaries come in UTF-16 units, in increasing order: one walk over the units
        // translates them to scalar offsets (a low surrogate is no scalar of its own).
        var starts: [Int] = []
        starts.reserveCapacity(text.count)
        var scalarIndex = 0
        var boundary = Int(cicu_ubrk_first(iterator))
        for unitIndex in text.indices {
            let unit = text[unitIndex]
            if unit & 0xFC00 == 0xDC00 { continue }
            if boundary == unitIndex {
                starts.append(scalarIndex)
                boundary = Int(cicu_ubrk_next(iterator))
            }
            scalarIndex += 1
        }
        return starts
    }

    /// `clusterStarts`, or nil for text in which every scalar is its own grapheme.
    func clusterStartsUnlessSimple(_ value: String) -> [Int]? {
        Self.isSimple(value) ? nil : clusterStarts(value)
    }

    func count(_ value: String) -> Int {
        if Self.isSimple(value) { return value.unicodeScalars.count }
        return clusterStarts(value).count
    }

    /// Text in which every scalar is its own grapheme: nothing that combines or joins
    /// (all below U+0300) and no CR LF pair.
    private static func isSimple(_ value: String) -> Bool {
        var previousCR = false
        for unit in value.utf8 {
            if unit >= 0xCC { return false }  // a lead byte of U+0300 or above
            if previousCR && unit == 0x0A { return false }
            previousCR = unit == 0x0D
        }
        return true
    }
}
