#if canImport(Glibc)
    import Glibc
#endif

/// `infer`'s answer for one column (or one file of values): the type, the conventions
/// consistent with its values, the values that decide them, `undecided` where the values
/// cannot tell, and the outliers. It never guesses: a convention is named only when every
/// candidate still standing reads every value alike.

/// A value that rules a candidate out: the first one it rejects.
public struct Elimination: Sendable, Hashable {
    public var candidate: String
    public var value: String
    /// 1-based data row (or line) of the value.
    public var row: Int
    public var code: ErrorCode
}

/// A value the chosen conventions reject.
public struct Outlier: Sendable, Hashable {
    public var value: String
    public var row: Int
    public var code: ErrorCode
    public var message: String
    /// The rejection itself (offset, character), from which `redacted()` keeps what says
    /// nothing of the value.
    public var diagnostic: Diagnostic?
    /// Whether the column's type reads the value, with a warning (`UTC` is the time zone
    /// Etc/UTC, `code_normalized`): it ruled out no convention and `csv` accepts it, so it is
    /// shown but is no outlier (the exit status stays 0).
    public var isWarning = false
}

public struct ColumnInference: Sendable {
    /// The column's header name, when it has one.
    public var name: String?
    public var type: InferredType
    /// Non-empty values read, and empty ones.
    public var valueCount = 0
    public var emptyCount = 0
    /// The candidates that read every value but the outliers, best ranked first.
    public var candidates: [InferenceCandidate] = []
    /// Whether those candidates read every value alike (then the first one is the answer).
    public var isDecided = true
    /// Why not, in words: a value they read differently, and what it means in each.
    public var undecidedReason: String?
    /// Why a column every value of which reads as a whole number is text: a value with a
    /// leading zero (`01234`, a postal code or an account number), which a number would lose.
    public var textReason: String?
    /// The two candidates that read a value differently, when undecided.
    public var undecidedBetween: (String, String)?
    /// The locale that settled a column the values left undecided (`infer --locale`).
    public var settledBy: String?
    /// Whether `redacted()` made this: values are left out of it.
    public var isRedacted = false
    /// The first value that ruled out each other candidate of the type.
    public var eliminations: [Elimination] = []
    public var outliers: [Outlier] = []
    /// The outliers the type rejects, not those it reads with a warning: all of them, where
    /// `outliers` lists the first `ColumnInferrer.outlierLimit`.
    public var rejectedOutlierCount: Int {
        max(outliers.count { !$0.isWarning }, rejectedOutlierTotal ?? 0)
    }
    /// How many values the type rejects in all, when more than those listed are known.
    public var rejectedOutlierTotal: Int?
    /// How often each space and apostrophe variant (`NumberParser`'s grouping separators read
    /// alike) stands between two digits in the values, the most used first; those unused are
    /// left out. A schema names the one the file writes: other tools read only that one.
    public var separatorsBetweenDigits: [(separator: Unicode.Scalar, count: Int)] = []

    /// Of `separatorsBetweenDigits`, those the strict reader takes for `own` (any space for a
    /// space, either apostrophe for an apostrophe); none for another separator.
    public func separatorsWritten(for own: String) -> [(separator: Unicode.Scalar, count: Int)] {
        guard own.unicodeScalars.count == 1, let own = own.unicodeScalars.first else { return [] }
        let family: (Unicode.Scalar) -> Bool
        if NumberParser.spaces.contains(own) {
            family = NumberParser.spaces.contains
        } else if NumberParser.apostrophes.contains(own) {
            family = NumberParser.apostrophes.contains
        } else {
            return []
        }
        return separatorsBetweenDigits.filter { family($0.separator) }
    }
    /// Values written with U+2212 MINUS SIGN, which other tools reading Table Schema's
    /// `bareNumber: false` take for text around the number (`−5 €` is 5 there).
    public var minusSignCount = 0
    /// Values that begin with a hyphen-minus and then no digit (`-$329.34`, `-€5`): other tools
    /// read text around a number (bareNumber: false), not between its sign and its digits.
    public var signBeforeSymbolCount = 0
    /// Values of a time that end in a UTC offset of hours alone (`12:34:56+01`, as PostgreSQL
    /// writes it), which strptime's `%z` does not read.
    public var hourOffsetCount = 0
    /// Values that are a year written alone (four ASCII digits, 1800 to 2199): a first row of
    /// successive years above columns of other numbers is a pivot table's header.
    public var yearCount = 0
    /// A date column read with a two-digit-year pattern (which reads four-digit years too): how
    /// many of its values have four, when some do, and whether that is all of them (`exact`) or
    /// those among the values its four-digit twin read before it stopped (a lower bound).
    public var fourDigitYears: (count: Int, exact: Bool)?
    /// How many distinct values of a column each candidate keeps with their meanings (for
    /// telling candidates that read alike apart, and the month names' width).
    public static let keptDistinctValues = 4096
    /// How the values write month names, when the chosen pattern reads them (nil otherwise).
    public var monthNameWidths: MonthNameWidths?
    /// Boolean columns: the words read as true and as false.
    public var trueValues: [String] = []
    public var falseValues: [String] = []

    /// Each facet (decimal mark, field order, …): its value when the candidates agree on
    /// it, or every value they offer.
    public var facets: [(key: String, values: [String])] {
        guard let first = candidates.first else { return [] }
        return first.facets.map { facet in
            var values: [String] = []
            for candidate in candidates {
                for other in candidate.facets where other.key == facet.key && !values.contains(other.value) {
                    values.append(other.value)
                }
            }
            return (facet.key, values)
        }
    }
}

/// Infers columns from their values.
public final class ColumnInferrer {
    private let numbers: [(InferenceCandidate, FieldValidator)]
    private let dates: [(InferenceCandidate, FieldValidator)]
    /// Internal, not private: InferRegistryTests checks their order.
    let identifiers: [(InferenceCandidate, FieldValidator)]
    private let registered: [(InferenceCandidate, FieldValidator)]
    private let numberFields: [FieldValidator]
    private let dateFields: [FieldValidator]
    private let identifierFields: [FieldValidator]
    private let registeredFields: [FieldValidator]
    /// Per date candidate, the four-digit-year twin of a two-digit-year pattern (dd.MM.yyyy
    /// for dd.MM.yy), which stands in its place when it reads all but a few values.
    private let dateTwins: [Int?]
    /// How many outliers a column may have, as a share of its values, and still be typed.
    public var outlierShare = 0.1
    /// Outliers listed per column.
    public var outlierLimit = 20
    /// Whether a column sets aside the candidates that reject clearly more values than the
    /// best one (see `Standing`). When a column's answer is not exact (`Column.isExact`),
    /// reading its values again with this off gives the exact one. Unchecked: every value of
    /// every column reads it, and it is set only between columns.
    @exclusivity(unchecked) public var setsAside = true

    /// How many rows the input is expected to hold, when the reader can tell (a file's size
    /// over its first records' length). While setting aside, a candidate that has rejected most
    /// values read and more than a tenth of that (and a quarter more) stops reading (it is
    /// parked): a column of few rows paid for about 65 readings of each candidate, which is
    /// dropped only after 64 rejections so that a column may begin with placeholders. `finish`
    /// checks that each parked candidate rejected more values than a column may have outliers,
    /// which rules it out whatever it did not read, and says the answer is not exact otherwise
    /// (a second reading, which parks nothing, decides).
    public var expectedRows: Int? {
        didSet {
            parkAt = expectedRows.map { Swift.max(16, Int(Double($0) * outlierShare * 1.25) + 1) } ?? .max
        }
    }
    /// The rejections at which a candidate is parked (see `expectedRows`).
    @exclusivity(unchecked) private(set) var parkAt = Int.max

    /// The inferrer of every registered candidate, and with `locale` (`infer --locale`) that
    /// locale's number forms too, when they are none of the built-in conventions.
    public init(locale: LocaleID? = nil) {
        func open(_ list: [InferenceCandidate]) -> [(InferenceCandidate, FieldValidator)] {
            list.compactMap { candidate in
                guard let field = try? FieldValidator(candidate.spec) else { return nil }
                return (candidate, field)
            }
        }
        // The registry's candidates by family; within one, by tier, then as registered.
        var all = InferenceCandidate.registered
        if let locale {
            let known = Set(all)
            all += InferenceCandidate.numbers(of: locale).filter { !known.contains($0) }
        }
        func family(_ family: InferenceFamily) -> [InferenceCandidate] {
            let members = all.filter { $0.family == family }
            return Set(members.map(\.tier)).sorted().flatMap { tier in members.filter { $0.tier == tier } }
        }
        numbers = open(family(.number))
        dates = open(family(.date))
        identifiers = open(family(.identifier))
        registered = open(family(.namedType))
        numberFields = numbers.map(\.1)
        dateFields = dates.map(\.1)
        identifierFields = identifiers.map(\.1)
        registeredFields = registered.map(\.1)
        let names = dates.map(\.0.name)
        dateTwins = names.map { name in
            guard name.contains("yy"), !name.contains("yyyy") else { return nil }
            let fourDigits = name.split(separator: "yy", omittingEmptySubsequences: false).joined(separator: "yyyy")
            return names.firstIndex(of: fourDigits)
        }
    }

    /// Collects one column's values, then `finish` answers.
    public final class Column {
        fileprivate let inferrer: ColumnInferrer
        public let name: String?
        // Unchecked: a column is read by one thread, and a checked access cost more than
        // the read of a value on the fast path.
        @exclusivity(unchecked) fileprivate var values = 0
        @exclusivity(unchecked) fileprivate var empty = 0
        /// Per candidate: how many values it rejected, its first rejection, and per value
        /// read so far the meaning it gave (kept for a bounded number of distinct values).
        @exclusivity(unchecked) fileprivate var numbers: Standing
        @exclusivity(unchecked) fileprivate var dates: Standing
        /// Identifiers are read strictly: a value accepted with a warning (a code in lower
        /// case, a name read loosely) counts as rejected, so that `de` is no country code.
        @exclusivity(unchecked) fileprivate var identifiers: Standing
        /// The registered types `infer` tries (datetime, time, yearmonth, duration).
        @exclusivity(unchecked) fileprivate var registered: Standing
        fileprivate var booleanWords: [String: Int] = [:]
        /// Values that are no word of a boolean pair, and the first of them with their rows
        /// (a yes/no column may have outliers as any other).
        fileprivate var booleanMisses = 0
        fileprivate var booleanOutliers: [(value: String, row: Int)] = []
        /// The first value written with a leading zero before another digit (`01234`), and its row.
        fileprivate var leadingZero: (value: String, row: Int)?
        /// The first values no field reads, whatever its type (a NUL, bytes that are not
        /// UTF-8): `csv` rejects them in any column, so they are outliers of a text column too.
        fileprivate var unreadable: [(bytes: [UInt8], row: Int)] = []
        /// How many values no field reads, all of them (a value with a NUL and bad UTF-8 once).
        fileprivate var unreadableCount = 0
        private var lastUnreadableRow = 0
        /// The fast paths' output, reused from value to value.
        private let scratch = Scratch()
        /// The inferrer's fields, held here so that reading a value does not go through it.
        private let numberFields: [FieldValidator]
        private let dateFields: [FieldValidator]
        private let identifierFields: [FieldValidator]
        private let registeredFields: [FieldValidator]
        @exclusivity(unchecked) fileprivate var notBoolean = false
        /// Values that are a year alone (`ColumnInference.yearCount`).
        fileprivate var years = 0
        /// Values with U+2212 (`ColumnInference.minusSignCount`).
        fileprivate var minusSigns = 0
        /// Values with a hyphen-minus and then no digit (`ColumnInference.signBeforeSymbolCount`).
        fileprivate var signsBeforeSymbol = 0
        /// Values ending in an offset of hours alone (`ColumnInference.hourOffsetCount`).
        fileprivate var hourOffsets = 0
        /// Per `ColumnInferrer.groupingVariants`, how often it stood between two digits.
        fileprivate var variantCounts = [Int](repeating: 0, count: ColumnInferrer.groupingVariants.count)
        /// Whether the answer is the one reading every candidate on every value would give:
        /// false when a candidate set aside could not be shown to be ruled out (see
        /// `ColumnInferrer.setsAside`). Known once `finish` has answered.
        public fileprivate(set) var isExact = true
        /// How many candidates were ever set aside, and parked (for tests).
        var candidatesSetAside: Int { allTallies.count(where: \.wasSetAside) }
        var candidatesParked: Int { allTallies.count(where: \.parked) }
        private var allTallies: [Tally] { numbers.tallies + dates.tallies + identifiers.tallies + registered.tallies }

        fileprivate init(_ inferrer: ColumnInferrer, name: String?) {
            self.inferrer = inferrer
            self.name = name
            numbers = Standing(count: inferrer.numbers.count)
            dates = Standing(count: inferrer.dates.count)
            identifiers = Standing(count: inferrer.identifiers.count, strict: true)
            registered = Standing(count: inferrer.registered.count)
            numberFields = inferrer.numberFields
            dateFields = inferrer.dateFields
            identifierFields = inferrer.identifierFields
            registeredFields = inferrer.registeredFields
        }

        /// The tallies with the values a dropped candidate did not read counted as rejected.
        fileprivate func settled(_ tallies: [Tally]) -> [Tally] {
            tallies.map { tally in
                var settled = tally
                settled.rejected += values - tally.count
                settled.count = values
                return settled
            }
        }

        /// Reads one value (a cell, a line) of data row `row`.
        public func add(_ value: String, row: Int) {
            value.withUTF8Bytes {
                noteNUL($0, row)
                add(bytes: $0, text: value, row: row)
            }
        }

        /// Reads one value, as UTF-8 bytes, of data row `row`: a String is made of it only
        /// where one is kept or the full pipeline reads it. Bytes that are not UTF-8 are read
        /// as they decode (U+FFFD for each bad sequence), as `add(_:row:)` reads them.
        public func add(bytes: UnsafeBufferPointer<UInt8>, row: Int) {
            noteNUL(bytes, row)
            guard bytes.contains(where: { $0 >= 0x80 }) else { return add(bytes: bytes, text: nil, row: row) }
            if let text = String(validating: bytes, as: UTF8.self) { return add(bytes: bytes, text: text, row: row) }
            noteUnreadable(bytes, row)
            add(String(decoding: bytes, as: UTF8.self), row: row)
        }

        /// A value no field reads, whatever its type, kept for the outliers of a text column.
        private func noteUnreadable(_ bytes: UnsafeBufferPointer<UInt8>, _ row: Int) {
            guard lastUnreadableRow != row else { return }
            lastUnreadableRow = row
            unreadableCount += 1
            guard unreadable.count < inferrer.outlierLimit else { return }
            unreadable.append((Array(bytes), row))
        }

        private func noteNUL(_ bytes: UnsafeBufferPointer<UInt8>, _ row: Int) {
            if !bytes.isEmpty, memchr(bytes.baseAddress!, 0, bytes.count) != nil { noteUnreadable(bytes, row) }
        }

        /// Counts the grouping variants standing between two ASCII digits (`1 234`, `1'234`),
        /// and a value with U+2212 MINUS SIGN (before the number or after a symbol: `€ −5`).
        private func countMarks(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard bytes.count >= 3 else { return }
            var minus = bytes[0] == 0xE2 && bytes[1] == 0x88 && bytes[2] == 0x92
            defer { if minus { minusSigns += 1 } }
            func digit(_ index: Int) -> Bool { index < bytes.count && bytes[index] &- 0x30 < 10 }
            if bytes[0] == 0x2D && !digit(1) && bytes[1] != 0x2E { signsBeforeSymbol += 1 }
            // `…56+01`: a digit, a sign, two digits at the end, and a time's colon before.
            let end = bytes.count
            if end >= 7, bytes[end - 3] == 0x2B || bytes[end - 3] == 0x2D, digit(end - 4), digit(end - 2),
                digit(end - 1), bytes.contains(0x3A)
            {
                hourOffsets += 1
            }
            var index = 1
            while index < bytes.count - 1 {
                defer { index += 1 }
                let byte = bytes[index]
                let variant: Int
                let width: Int
                switch byte {
                case 0x20: (variant, width) = (0, 1)
                case 0x27: (variant, width) = (3, 1)
                case 0xC2 where bytes[index + 1] == 0xA0: (variant, width) = (1, 2)
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80:
                    switch bytes[index + 2] {
                    case 0xAF: (variant, width) = (2, 3)
                    case 0x99: (variant, width) = (4, 3)
                    default: continue
                    }
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x88 && bytes[index + 2] == 0x92:
                    minus = true
                    continue
                default: continue
                }
                if digit(index - 1), digit(index + width) { variantCounts[variant] += 1 }
            }
        }

        private func add(bytes: UnsafeBufferPointer<UInt8>, text: String?, row: Int) {
            if bytes.isEmpty {
                empty += 1
                return
            }
            values += 1
            if leadingZero == nil, bytes.count > 1, bytes[0] == 0x30, (0x30...0x39).contains(bytes[1]) {
                leadingZero = (String(decoding: bytes, as: UTF8.self), row)
            }
            countMarks(bytes)
            if ColumnInferrer.isYear(bytes) { years += 1 }
            var value = Value(bytes: bytes, text: text)
            scratch.reserve(bytes.count + FieldValidator.fastPathSlack)
            let parkAt = inferrer.setsAside ? inferrer.parkAt : .max
            numbers.read(&value, row, numberFields, scratch, parkAt: parkAt)
            dates.read(&value, row, dateFields, scratch, parkAt: parkAt)
            identifiers.read(&value, row, identifierFields, scratch, parkAt: parkAt)
            registered.read(&value, row, registeredFields, scratch, parkAt: parkAt)
            if inferrer.setsAside, values >= 256, values % 64 == 0 {
                numbers.setAside()
                dates.setAside()
                identifiers.setAside()
                registered.setAside()
            }
            if !notBoolean {
                // The longest word of a pair has six bytes: a longer value makes no String.
                if value.bytes.count <= 6, ColumnInferrer.booleanPair(of: value.text) != nil,
                    booleanWords.count < 8 || booleanWords[value.text] != nil
                {
                    booleanWords[value.text, default: 0] += 1
                } else {
                    booleanMisses += 1
                    if booleanOutliers.count < inferrer.outlierLimit { booleanOutliers.append((value.text, row)) }
                    // Past a tenth of the values so far (and a few), no yes/no column is likely:
                    // stop making a String of every value for it.
                    if booleanMisses > 64 && booleanMisses * 10 > values { notBoolean = true }
                }
            }
        }
    }

    /// Whether `bytes` are a year written alone: four ASCII digits from 1800 to 2199.
    public static func isYear<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        guard bytes.count == 4, bytes.allSatisfy({ $0 &- 0x30 < 10 }) else { return false }
        let century = bytes.prefix(2).reduce(0) { $0 * 10 + Int($1 - 0x30) }
        return (18...21).contains(century)
    }

    /// The grouping separators a locale that groups with a space or an apostrophe reads alike:
    /// U+0020, U+00A0, U+202F, U+0027, U+2019 (`NumberParser.spaces`, `.apostrophes`).
    public static let groupingVariants: [Unicode.Scalar] = [" ", "\u{A0}", "\u{202F}", "'", "\u{2019}"]

    /// A value being read: its bytes, and the String made of them once one is needed.
    fileprivate struct Value {
        let bytes: UnsafeBufferPointer<UInt8>
        private var made: String?

        init(bytes: UnsafeBufferPointer<UInt8>, text: String?) {
            self.bytes = bytes
            made = text
        }

        var text: String {
            mutating get {
                if let made { return made }
                let text = String(decoding: bytes, as: UTF8.self)
                made = text
                return text
            }
        }
    }

    /// Where the fast paths write a value's canonical form: one buffer per column, grown as
    /// values need.
    fileprivate final class Scratch {
        @exclusivity(unchecked) private(set) var base = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        @exclusivity(unchecked) private var capacity = 256

        func reserve(_ count: Int) {
            guard count > capacity else { return }
            base.deallocate()
            capacity = max(count, capacity * 2)
            base = .allocate(capacity: capacity)
        }

        deinit { base.deallocate() }
    }

    /// The candidates of one type and which of them a column still reads.
    ///
    /// A candidate that has rejected clearly more values than the leader (the candidate with
    /// the fewest rejections) is set aside: from then on it reads only the values the leader
    /// rejects, so its rejections stay a lower bound of what reading every value would count,
    /// and grow with the leader's. If the values the leader rejects bring it back within reach,
    /// it reads every value again. A candidate that has rejected more values than the best
    /// candidate ever read in full is ruled out whatever the values it did not read: the
    /// answer is then the same as reading every candidate on every value, which `finish`
    /// checks (`Column.isExact`).
    fileprivate struct Standing {
        var tallies: [Tally]
        /// The candidates reading every value, in rank order.
        var active: [Int]
        /// Per candidate: the candidates set aside against it, which read the values it rejects.
        var watchers: [[Int]]

        /// Rejections over the leader's for a candidate to be set aside, and for it to read
        /// every value again.
        static let asideMargin = 8
        static let backMargin = 2

        init(count: Int, strict: Bool = false) {
            tallies = Array(repeating: Tally(strict: strict), count: count)
            active = Array(0..<count)
            watchers = Array(repeating: [], count: count)
        }

        mutating func read(
            _ value: inout Value, _ row: Int, _ fields: [FieldValidator], _ scratch: Scratch, parkAt: Int
        ) {
            // By index over the fields alone: iterating the (candidate, field) pairs copied
            // each candidate, with its arrays, for every value.
            var dropped = false
            for index in active {
                let before = tallies[index].rejected
                tallies[index].read(&value, row, fields[index], scratch)
                guard tallies[index].rejected > before else { continue }
                if tallies[index].isHopeless {
                    dropped = true
                } else if tallies[index].rejected >= parkAt && tallies[index].rejected * 2 > tallies[index].count {
                    tallies[index].parked = true
                    dropped = true
                }
                if !watchers[index].isEmpty { readAside(&value, row, witness: index, fields, scratch) }
            }
            if dropped {
                // A dropped leader's watchers read every value again: nothing else would
                // keep their rejections growing.
                for index in active where tallies[index].isOut && !watchers[index].isEmpty {
                    active += watchers[index]
                    watchers[index] = []
                }
                active.removeAll { tallies[$0].isOut }
                active.sort()
            }
        }

        /// The candidates set aside against `witness` read a value it rejected.
        private mutating func readAside(
            _ value: inout Value, _ row: Int, witness: Int, _ fields: [FieldValidator], _ scratch: Scratch
        ) {
            var back: [Int] = []
            for index in watchers[witness] {
                let before = tallies[index].rejected
                tallies[index].read(&value, row, fields[index], scratch)
                if tallies[index].rejected == before
                    && tallies[index].rejected <= tallies[witness].rejected + Self.backMargin
                {
                    back.append(index)
                }
            }
            if !back.isEmpty {
                watchers[witness].removeAll { back.contains($0) }
                active += back
                active.sort()
            }
        }

        /// Sets aside the candidates that have rejected clearly more values than the leader.
        mutating func setAside() {
            guard var leader = active.first else { return }
            for index in active where tallies[index].rejected < tallies[leader].rejected { leader = index }
            let floor = tallies[leader].rejected
            var kept: [Int] = []
            for index in active {
                if index != leader && watchers[index].isEmpty && !tallies[index].isOut
                    && tallies[index].rejected >= floor + Self.asideMargin
                {
                    watchers[leader].append(index)
                    tallies[index].wasSetAside = true
                } else {
                    kept.append(index)
                }
            }
            active = kept
        }

        /// Whether every candidate ever set aside has rejected more values than the best of
        /// those that read every value, and every one parked more than the `allowed` outliers:
        /// then none of them could have ranked otherwise.
        func isExact(settled: [Tally], allowed: Int) -> Bool {
            let best = settled.indices.filter { !tallies[$0].wasSetAside }.map { settled[$0].rejected }.min() ?? .max
            return tallies.allSatisfy {
                ($0.wasSetAside ? $0.rejected > best : true) && (!$0.parked || $0.rejected > allowed)
            }
        }
    }

    /// A value a candidate rejected, and its row.
    fileprivate struct Rejection {
        var value: String
        var row: Int
    }

    fileprivate struct Tally {
        /// Whether a value accepted with a warning counts as rejected.
        var strict = false
        var rejected = 0
        /// Of those, values read strictly that were accepted with a warning.
        var warned = 0
        /// Values read; a candidate dropped as hopeless counts the rest as rejected.
        var count = 0
        /// A candidate that rejected most values so far is out: the column stops paying for it.
        var isHopeless: Bool { rejected > 64 && rejected * 2 > count }
        /// Whether it stopped reading before it was hopeless (see `ColumnInferrer.expectedRows`).
        var parked = false
        /// Whether it reads no more values.
        var isOut: Bool { parked || isHopeless }
        /// The first rejection; its code is nil when the value was rejected on the fast path
        /// (`finish` reads it again for the code when it is shown).
        var first: (value: String, row: Int, code: ErrorCode?)?
        /// The first rejections (for the outliers of the chosen candidate). A struct, not a
        /// tuple: an array of tuples is destroyed through their generic metadata, element by
        /// element (2 % of `infer` on a wide table, whose candidates each keep 64).
        var rejections: [Rejection] = []
        /// Meanings of values, for telling candidates that read alike from those that do
        /// not: value → canonical reading, for the first distinct values.
        var meanings: [String: String] = [:]
        /// Those values in the order first read, so that the value an undecided answer names
        /// is the first one, not one a hash order picks.
        var meaningOrder: [String] = []
        var fractional = false
        /// Whether the candidate was ever set aside (see `Standing`).
        var wasSetAside = false

        mutating func read(_ value: inout Value, _ row: Int, _ field: FieldValidator, _ scratch: Scratch) {
            count += 1
            // The fast paths first, as the line commands take them: most values are decided
            // there without building a result.
            let bytes = value.bytes
            if let length = field.acceptFast(bytes, at: scratch.base) {
                // The canonical form as bytes: a String is made only while meanings are kept.
                let canonical = UnsafeBufferPointer(start: scratch.base, count: length)
                if !fractional && canonical.contains(where: { $0 == 0x2E || $0 == 0x45 }) { fractional = true }
                if meanings.count < ColumnInference.keptDistinctValues {
                    keep(value.text, String(decoding: canonical, as: UTF8.self))
                }
            } else if field.rejectsFast(bytes) {
                // The code of a rejection is wanted only for the first one, and only when the
                // column's answer is of this candidate's type: `finish` asks for it then.
                reject(value.text, row, nil)
            } else {
                let result = field.validate(value.text, detail: .verdict)
                if let canonical = result.value, result.isValid, !strict || result.warnings.isEmpty {
                    accept(value.text, canonical)
                } else {
                    // Read strictly, a value accepted with a warning is rejected for it
                    // (`de` is no country code: code_normalized), not for an invalid date.
                    if result.isValid { warned += 1 }
                    reject(value.text, row, result.errors.first?.code ?? result.warnings.first?.code)
                }
            }
        }

        private mutating func accept(_ value: String, _ canonical: String) {
            if !fractional && canonical.utf8.contains(where: { $0 == 0x2E || $0 == 0x45 }) { fractional = true }
            if meanings.count < ColumnInference.keptDistinctValues { keep(value, canonical) }
        }

        private mutating func keep(_ value: String, _ meaning: String) {
            if meanings.updateValue(meaning, forKey: value) == nil { meaningOrder.append(value) }
        }

        private mutating func reject(_ value: String, _ row: Int, _ code: ErrorCode?) {
            rejected += 1
            if first == nil { first = (value, row, code) }
            if rejections.count < 64 { rejections.append(Rejection(value: value, row: row)) }
        }
    }

    public func column(named name: String?) -> Column { Column(self, name: name) }

    /// The columns of a file that are inferred, at most. Each holds every candidate's tallies
    /// (about 20 KB): 100,000 columns of three rows took 2.5 GB and 103 s. Past it, a column is
    /// `notInferred`: text in a schema, undecided, saying why.
    public static let columnLimit = 4_096

    /// The answer for a column past `columnLimit`.
    public func notInferred(named name: String?) -> ColumnInference {
        var answer = ColumnInference(name: name, type: .string)
        answer.isDecided = false
        answer.undecidedReason =
            "not inferred: only the first \(Self.columnLimit) columns of a file are (each holds every candidate's "
            + "tallies); a schema field written by hand checks it"
        return answer
    }

    /// The pairs of words a boolean column may use (compared without case), as exports write
    /// them: English, German, French, Spanish and Italian (with and without the accent), Dutch,
    /// the Scandinavian languages, Portuguese, Polish, Czech, Finnish, Russian and Turkish
    /// (`hayir` as typed without the dotless i, and as `HAYIR` lowers without a Turkish locale).
    /// A word has at most six bytes in UTF-8 (`falsch`, `hayır`, `нет`).
    static let booleanPairs: [(String, String)] = [
        ("true", "false"), ("yes", "no"), ("y", "n"), ("t", "f"), ("ja", "nein"), ("oui", "non"), ("si", "no"),
        ("wahr", "falsch"), ("vrai", "faux"), ("on", "off"), ("sí", "no"), ("sì", "no"), ("ja", "nee"),
        ("ja", "nej"), ("sim", "não"), ("tak", "nie"), ("ano", "ne"), ("kyllä", "ei"), ("да", "нет"),
        ("evet", "hayır"), ("evet", "hayir"),
    ]

    static func booleanPair(of value: String) -> Int? {
        let lowered = value.lowercased()
        return booleanPairs.firstIndex { $0.0 == lowered || $0.1 == lowered }
    }

    /// Every pair a word belongs to.
    static func booleanPairs(of value: String) -> Set<Int> {
        let lowered = value.lowercased()
        return Set(booleanPairs.indices.filter { booleanPairs[$0].0 == lowered || booleanPairs[$0].1 == lowered })
    }

    /// The values a boolean column of these words rejects, with its reasons.
    private static func booleanOutliers(_ values: [(value: String, row: Int)], _ trues: [String], _ falses: [String])
        -> [Outlier]
    {
        var spec = BooleanSpec()
        spec.trueValues = trues
        spec.falseValues = falses
        guard !values.isEmpty, let field = try? FieldValidator(FieldSpec(kind: .boolean(spec), locale: .posix))
        else { return [] }
        return values.compactMap { value, row in
            guard let error = field.validate(value, detail: .messages).errors.first else { return nil }
            return Outlier(value: value, row: row, code: error.code, message: error.message, diagnostic: error)
        }
    }

    /// The answer for a column.
    public func finish(_ column: Column) -> ColumnInference {
        var answer = ColumnInference(name: column.name, type: .empty)
        answer.valueCount = column.values
        answer.emptyCount = column.empty
        answer.yearCount = column.years
        answer.minusSignCount = column.minusSigns
        answer.signBeforeSymbolCount = column.signsBeforeSymbol
        answer.hourOffsetCount = column.hourOffsets
        guard column.values > 0 else { return answer }
        // The most used first; on a tie, in `groupingVariants`' order.
        answer.separatorsBetweenDigits = column.variantCounts.indices.filter { column.variantCounts[$0] > 0 }
            .sorted { (column.variantCounts[$1], $0) < (column.variantCounts[$0], $1) }
            .map { (Self.groupingVariants[$0], column.variantCounts[$0]) }
        let allowed = Int(Double(column.values) * outlierShare)
        // Booleans: every value a word of one pair, and not only 0 and 1 (integers); or all
        // but the outliers, when both words of the pair are there (a column of country codes
        // that are mostly NO is no yes/no column).
        if !column.notBoolean, !column.booleanWords.isEmpty {
            // The pairs every word belongs to: `no` is in yes/no and si/no, so SI with NO is
            // si/no (it was two pairs, and the column a country code's).
            let pairs = column.booleanWords.keys.map(Self.booleanPairs(of:)).reduce(nil) { (common: Set<Int>?, word) in
                common.map { $0.intersection(word) } ?? word
            }
            if let pair = pairs?.min() {
                let words = column.booleanWords.keys.sorted()
                let trueValues = words.filter { $0.lowercased() == Self.booleanPairs[pair].0 }
                let falseValues = words.filter { $0.lowercased() == Self.booleanPairs[pair].1 }
                if column.booleanMisses == 0
                    || (column.booleanMisses <= allowed && !trueValues.isEmpty && !falseValues.isEmpty)
                {
                    answer.type = .boolean
                    answer.trueValues = trueValues
                    answer.falseValues = falseValues
                    answer.outliers = Self.booleanOutliers(column.booleanOutliers, trueValues, falseValues)
                    answer.rejectedOutlierTotal = column.booleanMisses
                    return answer
                }
            }
        }
        let numberTallies = column.settled(column.numbers.tallies)
        let dateTallies = column.settled(column.dates.tallies)
        let identifierTallies = column.settled(column.identifiers.tallies)
        let registeredTallies = column.settled(column.registered.tallies)
        column.isExact =
            column.numbers.isExact(settled: numberTallies, allowed: allowed)
            && column.dates.isExact(settled: dateTallies, allowed: allowed)
            && column.identifiers.isExact(settled: identifierTallies, allowed: allowed)
            && column.registered.isExact(settled: registeredTallies, allowed: allowed)
        let registeredBest = registeredTallies.map(\.rejected).min() ?? .max
        let numberBest = numberTallies.map(\.rejected).min() ?? .max
        let dateBest = dateTallies.map(\.rejected).min() ?? .max
        let identifierBest = identifierTallies.map(\.rejected).min() ?? .max
        // A four-digit twin set aside or parked counts a lower bound of its rejections: when that is
        // within reach of standing in for the best of a date column (`decide`), only its full
        // count can tell.
        let twinsSetAside = dateTallies.indices.compactMap { index -> Int? in
            guard dateTallies[index].rejected == dateBest, let twin = dateTwins[index],
                column.dates.tallies[twin].wasSetAside || column.dates.tallies[twin].parked
            else { return nil }
            return twin
        }
        if dateBest <= allowed, !twinsSetAside.isEmpty,
            fourDigitTwinsBest(twinsSetAside, column.dates.tallies, best: dateBest, values: column.values) != nil
        {
            column.isExact = false
        }
        if numberBest <= allowed && numberBest <= dateBest {
            decide(&answer, numbers, numberTallies, best: numberBest, type: .number)
            if answer.candidates.allSatisfy({ candidate in
                let index = numbers.firstIndex { $0.0 == candidate }!
                return !numberTallies[index].fractional
            }) {
                answer.type = .integer
                // Codes written with leading zeros are not quantities: as integers, `csv
                // --normalize` would write 01234 as 1234.
                if let (value, row) = column.leadingZero {
                    answer = ColumnInference(name: column.name, type: .string)
                    answer.valueCount = column.values
                    answer.emptyCount = column.empty
                    answer.textReason =
                        "\(quoted(value)) (row \(row)) has a leading zero, which an integer would drop"
                }
            }
        } else if dateBest <= allowed && dateBest <= identifierBest {
            decide(&answer, dates, dateTallies, best: dateBest, type: .date)
            // The values the top pattern's four-digit twin reads are those with four digits.
            if let top = answer.candidates.first, let index = dates.firstIndex(where: { $0.0 == top }),
                let twin = dateTwins[index]
            {
                let tally = column.dates.tallies[twin]
                let four = tally.count - tally.rejected
                if four > 0 { answer.fourDigitYears = (four, tally.count == column.values) }
            }
            monthNameWidths(&answer, column)
        } else if identifierBest <= allowed,
            let top = identifierTallies.indices.first(where: { identifierTallies[$0].rejected == identifierBest })
        {
            // The kind of the best candidate; candidates of other kinds that read the column
            // as well stand beside it, and their different meanings leave it undecided.
            decide(&answer, identifiers, identifierTallies, best: identifierBest, type: identifiers[top].0.type)
        } else if registeredBest <= allowed,
            let top = registeredTallies.indices.first(where: { registeredTallies[$0].rejected == registeredBest })
        {
            // A registered type (datetime, time, yearmonth, duration): one way of writing each.
            decide(&answer, registered, registeredTallies, best: registeredBest, type: registered[top].0.type)
        } else {
            answer.type = .string
            answer.rejectedOutlierTotal = column.unreadableCount
            // Text reads anything but what no field reads: those, as `csv` will reject them.
            let text = try? FieldValidator(FieldSpec(kind: .text, locale: .posix))
            for (bytes, row) in column.unreadable {
                guard let error = bytes.withUnsafeBufferPointer({ text?.validate(bytes: $0) })?.errors.first
                else { continue }
                answer.outliers.append(
                    Outlier(
                        value: String(decoding: bytes, as: UTF8.self), row: row, code: error.code,
                        message: error.message, diagnostic: error))
            }
        }
        return answer
    }

    /// Counts the month-name widths of a date column whose pattern reads names, and when the
    /// values write one width only, the patterns of the other (`MMM d, y` beside `MMMM d, y`:
    /// they read every value alike) stand aside, so that a schema's strptime format is the one
    /// that reads the values (`%B`, not `%b`, for `January 13, 2025`).
    private func monthNameWidths(_ answer: inout ColumnInference, _ column: Column) {
        guard let top = answer.candidates.first, MonthNameWidths.width(of: top) != nil,
            let index = dates.firstIndex(where: { $0.0 == top })
        else { return }
        let tally = column.dates.tallies[index]
        guard
            let widths = MonthNameWidths.count(
                tally.meaningOrder, locale: top.spec.locale,
                isSample: tally.meaningOrder.count >= ColumnInference.keptDistinctValues)
        else { return }
        answer.monthNameWidths = widths
        guard answer.isDecided, (widths.full > 0) != (widths.abbreviated > 0) else { return }
        let written = widths.full > 0 ? 4 : 3
        let fitting = answer.candidates.filter { MonthNameWidths.width(of: $0) == written }
        if !fitting.isEmpty { answer.candidates = fitting }
    }

    /// The fewest rejections of the four-digit twins of the candidates reading a date column
    /// best, when each has one and that is a few more (a tenth of the values, or one).
    private func fourDigitTwinsBest(_ twins: [Int?], _ tallies: [Tally], best: Int, values: Int) -> Int? {
        guard !twins.isEmpty else { return nil }
        var twinBest = Int.max
        for twin in twins {
            guard let twin else { return nil }
            twinBest = min(twinBest, tallies[twin].rejected)
        }
        let strays = max(1, Int(Double(values) * outlierShare))
        return twinBest - best <= strays ? twinBest : nil
    }

    private func decide(
        _ answer: inout ColumnInference, _ list: [(InferenceCandidate, FieldValidator)], _ tallies: [Tally],
        best: Int, type: InferredType
    ) {
        answer.type = type
        var best = best
        var reading = list.indices.filter { tallies[$0].rejected == best }
        // A two-digit-year pattern also reads four-digit years: it stands aside when its
        // four-digit twin reads the column as well, or all of it but a few two-digit years.
        // Those few are the twin's outliers (two_digit_year): `19.4.26` among dates of 2026 is
        // a value to show, not the column's convention, and `%d.%m.%Y` is a schema other
        // tools read.
        let twins = type == .date ? dateTwins : []
        func twin(_ index: Int) -> Int? { twins.isEmpty ? nil : twins[index] }
        if let twinBest = fourDigitTwinsBest(reading.map(twin), tallies, best: best, values: answer.valueCount) {
            best = twinBest
            reading = list.indices.filter { tallies[$0].rejected == best && twin($0) == nil }
        }
        var standing = reading
        standing.removeAll { index in twin(index).map(reading.contains) ?? false }
        answer.candidates = standing.map { list[$0].0 }
        // What rules a candidate out is a value the candidate chosen reads and it does not:
        // the first of its rejections that is no outlier of the chosen one (`31.02.2026`, which
        // no pattern reads, was named as ruling out dd.MM.yyyy, where `19.4.26` does).
        let chosen = standing.first.map { list[$0].1 }
        // The chosen candidate's verdicts, kept: the candidates ruled out mostly share their
        // first rejection (row 1's value), and a hundred readings of it were a tenth of
        // `infer` on a wide table.
        var chosenReads: [String: Bool] = [:]
        func isReadByChosen(_ value: String) -> Bool {
            guard let chosen else { return false }
            if let known = chosenReads[value] { return known }
            let reads = chosen.validate(value, detail: .verdict).isValid
            chosenReads[value] = reads
            return reads
        }
        for index in list.indices where tallies[index].rejected > best {
            guard let first = tallies[index].first else { continue }
            func code(_ value: String) -> ErrorCode {
                list[index].1.validate(value, detail: .verdict).errors.first?.code ?? .invalidDate
            }
            var evidence = (value: first.value, row: first.row, code: first.code ?? code(first.value))
            if chosen != nil,
                let telling = tallies[index].rejections.first(where: { isReadByChosen($0.value) }),
                telling.row != first.row
            {
                evidence = (telling.value, telling.row, code(telling.value))
            }
            answer.eliminations.append(
                Elimination(
                    candidate: list[index].0.name, value: evidence.value, row: evidence.row, code: evidence.code))
        }
        answer.eliminations.sort { $0.row < $1.row }
        // Outliers: the values the top candidate rejects, with its full reasons.
        if best > 0, let top = standing.first {
            answer.rejectedOutlierTotal = best - tallies[top].warned
            for rejection in tallies[top].rejections.prefix(outlierLimit) {
                let checked = list[top].1.validate(rejection.value, detail: .messages)
                // A strict reading's outlier may be accepted with a warning: the warning says why.
                let error = checked.errors.first ?? checked.warnings.first
                answer.outliers.append(
                    Outlier(
                        value: rejection.value, row: rejection.row, code: error?.code ?? .invalidDate,
                        message: error?.message ?? "", diagnostic: error, isWarning: checked.isValid))
            }
        }
        // Decided when every standing candidate reads every value alike.
        guard let top = standing.first else { return }
        for other in standing.dropFirst() {
            for value in tallies[top].meaningOrder {
                guard let meaning = tallies[top].meanings[value] else { continue }
                if let theirs = tallies[other].meanings[value], theirs != meaning {
                    answer.isDecided = false
                    answer.undecidedBetween = (list[top].0.name, list[other].0.name)
                    answer.undecidedReason =
                        "\(quoted(value)) is \(meaning) as \(list[top].0.name) and \(theirs) as \(list[other].0.name), "
                        + "and no value rules either out"
                    return
                }
            }
        }
    }
}

extension ColumnInference {
    /// The answer with nothing of the values in it (`infer --redact`): no value that decided
    /// or ruled out a convention, and outliers by row, code, offset and character category
    /// (`Diagnostic.redacted`). The column's name, type and conventions stay.
    public func redacted() -> ColumnInference {
        var copy = self
        copy.isRedacted = true
        if let (first, second) = undecidedBetween {
            copy.undecidedReason =
                "a value is read differently as \(first) and as \(second), and no value rules either out"
        }
        if textReason != nil { copy.textReason = "a value has a leading zero, which an integer would drop" }
        copy.eliminations = eliminations.map { elimination in
            var copy = elimination
            copy.value = ""
            return copy
        }
        copy.outliers = outliers.map { outlier in
            var copy = outlier
            copy.value = ""
            copy.diagnostic = outlier.diagnostic?.redacted()
            copy.message = copy.diagnostic?.message ?? outlier.code.summary
            return copy
        }
        return copy
    }
}

extension ColumnInference {
    /// The answer with `locale` settling what the values could not (`infer --locale de_DE`):
    /// an undecided number column takes the standing candidate that writes numbers with the
    /// locale's decimal mark and grouping; a date column the one that reads the locale's
    /// style patterns or is in its language. A decided column whose candidates read every value
    /// alike but write some convention otherwise (whole percents: `10 %` shows no decimal mark)
    /// puts the fitting ones first, so that a schema takes the locale's. Unchanged when no
    /// standing candidate fits.
    public func settled(by locale: LocaleID) -> ColumnInference {
        guard !isDecided || candidates.count > 1, type == .number || type == .integer || type == .date else {
            return self
        }
        let symbols = NumberSymbols(locale: locale)
        let patterns = Set(DateStyle.allCases.map { DatePatterns.pattern(for: $0, locale: locale) })
        let language = locale.identifier.prefix { $0 != "_" && $0 != "@" }
        func fits(_ candidate: InferenceCandidate) -> Bool {
            switch candidate.spec.kind {
            case .number:
                let theirs = NumberSymbols(locale: candidate.spec.locale)
                return theirs.decimalSeparator == symbols.decimalSeparator
                    && theirs.groupingSeparator == symbols.groupingSeparator
            case .date(let date):
                if let pattern = date.format.uts35Pattern, patterns.contains(pattern) { return true }
                return candidate.spec.locale == locale
                    || (candidate.spec.locale.identifier.prefix { $0 != "_" && $0 != "@" } == language
                        && !candidate.schemaKeys.contains { $0.key == "locale" && $0.value == "en_US_POSIX" })
            default: return false
            }
        }
        // Each asked once: a number's opens its locale's symbols.
        let fit = candidates.map(fits)
        // The locale's own forms (`infer --locale ja_JP` adds them) before those that write
        // numbers alike: the schema then names the locale asked for.
        let fitting =
            candidates.indices.filter { fit[$0] && candidates[$0].spec.locale == locale }.map { candidates[$0] }
            + candidates.indices.filter { fit[$0] && candidates[$0].spec.locale != locale }.map { candidates[$0] }
        guard !fitting.isEmpty else { return self }
        if isDecided {
            guard !fit[0] || (candidates[0].spec.locale != locale && fitting[0].spec.locale == locale) else {
                return self
            }
            var copy = self
            copy.candidates = fitting + candidates.indices.filter { !fit[$0] }.map { candidates[$0] }
            copy.settledBy = locale.identifier
            return copy
        }
        var copy = self
        // Only the conventions of the locale stand: the others read some value otherwise.
        copy.candidates = fitting
        copy.isDecided = true
        copy.undecidedReason = nil
        copy.undecidedBetween = nil
        copy.settledBy = locale.identifier
        return copy
    }
}
