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
    /// The first value that ruled out each other candidate of the type.
    public var eliminations: [Elimination] = []
    public var outliers: [Outlier] = []
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
    private let numberFields: [FieldValidator]
    private let dateFields: [FieldValidator]
    /// How many outliers a column may have, as a share of its values, and still be typed.
    public var outlierShare = 0.1
    /// Outliers listed per column.
    public var outlierLimit = 20

    public init() {
        func open(_ list: [InferenceCandidate]) -> [(InferenceCandidate, FieldValidator)] {
            list.compactMap { candidate in
                guard let field = try? FieldValidator(candidate.spec) else { return nil }
                field.explainsRejections = false
                return (candidate, field)
            }
        }
        numbers = open(InferenceCandidate.allNumbers)
        dates = open(InferenceCandidate.allDates)
        numberFields = numbers.map(\.1)
        dateFields = dates.map(\.1)
    }

    /// Collects one column's values, then `finish` answers.
    public final class Column {
        fileprivate let inferrer: ColumnInferrer
        public let name: String?
        fileprivate var values = 0
        fileprivate var empty = 0
        /// Per candidate: how many values it rejected, its first rejection, and per value
        /// read so far the meaning it gave (kept for a bounded number of distinct values).
        fileprivate var numberTallies: [Tally]
        fileprivate var dateTallies: [Tally]
        fileprivate var booleanWords: [String: Int] = [:]
        /// The fast paths' output, reused from value to value.
        private var scratch: [UInt8] = []
        fileprivate var notBoolean = false

        /// The candidates still read.
        private var activeNumbers: [Int]
        private var activeDates: [Int]

        fileprivate init(_ inferrer: ColumnInferrer, name: String?) {
            self.inferrer = inferrer
            self.name = name
            numberTallies = inferrer.numbers.map { _ in Tally() }
            dateTallies = inferrer.dates.map { _ in Tally() }
            activeNumbers = Array(inferrer.numbers.indices)
            activeDates = Array(inferrer.dates.indices)
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
            if value.isEmpty {
                empty += 1
                return
            }
            values += 1
            // By index over the fields alone: iterating the (candidate, field) pairs copied
            // each candidate, with its arrays, for every value.
            let numberFields = inferrer.numberFields
            var dropped = false
            for index in activeNumbers {
                numberTallies[index].read(value, row, numberFields[index], &scratch)
                dropped = dropped || numberTallies[index].isHopeless
            }
            let dateFields = inferrer.dateFields
            for index in activeDates {
                dateTallies[index].read(value, row, dateFields[index], &scratch)
                dropped = dropped || dateTallies[index].isHopeless
            }
            if dropped {
                activeNumbers.removeAll { numberTallies[$0].isHopeless }
                activeDates.removeAll { dateTallies[$0].isHopeless }
            }
            if !notBoolean {
                if ColumnInferrer.booleanPair(of: value) != nil, booleanWords.count < 8 {
                    booleanWords[value, default: 0] += 1
                } else {
                    notBoolean = true
                }
            }
        }
    }

    fileprivate struct Tally {
        var rejected = 0
        /// Values read; a candidate dropped as hopeless counts the rest as rejected.
        var count = 0
        /// A candidate that rejected most values so far is out: the column stops paying for it.
        var isHopeless: Bool { rejected > 64 && rejected * 2 > count }
        var first: (value: String, row: Int, code: ErrorCode)?
        /// The first rejections (for the outliers of the chosen candidate).
        var rejections: [(value: String, row: Int)] = []
        /// Meanings of values, for telling candidates that read alike from those that do
        /// not: value → canonical reading, for the first distinct values.
        var meanings: [String: String] = [:]
        /// Those values in the order first read, so that the value an undecided answer names
        /// is the first one, not one a hash order picks.
        var meaningOrder: [String] = []
        var fractional = false

        mutating func read(_ value: String, _ row: Int, _ field: FieldValidator, _ scratch: inout [UInt8]) {
            count += 1
            var value = value
            // The fast paths first, as the line commands take them: most values are decided
            // there without building a result.
            let verdict: Bool? = value.withUTF8 { bytes in
                scratch.removeAll(keepingCapacity: true)
                if field.acceptFast(bytes, into: &scratch) { return true }
                return field.rejectsFast(bytes) ? false : nil
            }
            switch verdict {
            case true?:
                // The canonical form as bytes: a String is made only while meanings are kept.
                if !fractional && scratch.contains(where: { $0 == 0x2E || $0 == 0x45 }) { fractional = true }
                if meanings.count < 4096 { keep(value, String(decoding: scratch, as: UTF8.self)) }
            case false?:
                // The code of a rejection is wanted only for the first one.
                reject(value, row, first == nil ? field.validate(value).errors.first?.code : nil)
            case nil:
                let result = field.validate(value)
                if let canonical = result.value, result.isValid {
                    accept(value, canonical)
                } else {
                    reject(value, row, result.errors.first?.code)
                }
            }
        }

        private mutating func accept(_ value: String, _ canonical: String) {
            if !fractional && canonical.utf8.contains(where: { $0 == 0x2E || $0 == 0x45 }) { fractional = true }
            if meanings.count < 4096 { keep(value, canonical) }
        }

        private mutating func keep(_ value: String, _ meaning: String) {
            if meanings.updateValue(meaning, forKey: value) == nil { meaningOrder.append(value) }
        }

        private mutating func reject(_ value: String, _ row: Int, _ code: ErrorCode?) {
            rejected += 1
            if first == nil { first = (value, row, code ?? .invalidDate) }
            if rejections.count < 64 { rejections.append((value, row)) }
        }
    }

    public func column(named name: String?) -> Column { Column(self, name: name) }

    /// The pairs of words a boolean column may use (compared without case).
    static let booleanPairs: [(String, String)] = [
        ("true", "false"), ("yes", "no"), ("y", "n"), ("t", "f"), ("ja", "nein"), ("oui", "non"), ("si", "no"),
        ("wahr", "falsch"), ("vrai", "faux"), ("on", "off"),
    ]

    static func booleanPair(of value: String) -> Int? {
        let lowered = value.lowercased()
        return booleanPairs.firstIndex { $0.0 == lowered || $0.1 == lowered }
    }

    /// The answer for a column.
    public func finish(_ column: Column) -> ColumnInference {
        var answer = ColumnInference(name: column.name, type: .empty)
        answer.valueCount = column.values
        answer.emptyCount = column.empty
        guard column.values > 0 else { return answer }
        // Booleans: every value a word of one pair, and not only 0 and 1 (integers).
        if !column.notBoolean, !column.booleanWords.isEmpty {
            let pairs = Set(column.booleanWords.keys.compactMap(Self.booleanPair))
            if pairs.count == 1, let pair = pairs.first {
                answer.type = .boolean
                let words = column.booleanWords.keys.sorted()
                answer.trueValues = words.filter { $0.lowercased() == Self.booleanPairs[pair].0 }
                answer.falseValues = words.filter { $0.lowercased() == Self.booleanPairs[pair].1 }
                return answer
            }
        }
        let allowed = Int(Double(column.values) * outlierShare)
        let numberTallies = column.settled(column.numberTallies)
        let dateTallies = column.settled(column.dateTallies)
        let numberBest = numberTallies.map(\.rejected).min() ?? .max
        let dateBest = dateTallies.map(\.rejected).min() ?? .max
        if numberBest <= allowed && numberBest <= dateBest {
            decide(&answer, numbers, numberTallies, best: numberBest, type: .number)
            if answer.candidates.allSatisfy({ candidate in
                let index = numbers.firstIndex { $0.0 == candidate }!
                return !numberTallies[index].fractional
            }) {
                answer.type = .integer
            }
        } else if dateBest <= allowed {
            decide(&answer, dates, dateTallies, best: dateBest, type: .date)
        } else {
            answer.type = .string
        }
        return answer
    }

    private func decide(
        _ answer: inout ColumnInference, _ list: [(InferenceCandidate, FieldValidator)], _ tallies: [Tally],
        best: Int, type: InferredType
    ) {
        answer.type = type
        let reading = list.indices.filter { tallies[$0].rejected == best }
        var standing = reading
        // A two-digit-year pattern also reads four-digit years: it stands aside when its
        // four-digit twin reads the column as well.
        standing.removeAll { index in
            let name = list[index].0.name
            return name.contains("yy") && !name.contains("yyyy")
                && reading.contains {
                    list[$0].0.name
                        == name.split(separator: "yy", omittingEmptySubsequences: false).joined(separator: "yyyy")
                }
        }
        answer.candidates = standing.map { list[$0].0 }
        for index in list.indices where tallies[index].rejected > best {
            if let first = tallies[index].first {
                answer.eliminations.append(
                    Elimination(candidate: list[index].0.name, value: first.value, row: first.row, code: first.code))
            }
        }
        answer.eliminations.sort { $0.row < $1.row }
        // Outliers: the values the top candidate rejects, with its full reasons.
        if best > 0, let top = standing.first {
            let explaining = try? FieldValidator(list[top].0.spec)
            for rejection in tallies[top].rejections.prefix(outlierLimit) {
                let result = explaining?.validate(rejection.value)
                let error = result?.errors.first
                answer.outliers.append(
                    Outlier(
                        value: rejection.value, row: rejection.row, code: error?.code ?? .invalidDate,
                        message: error?.message ?? ""))
            }
        }
        // Decided when every standing candidate reads every value alike.
        guard let top = standing.first else { return }
        for other in standing.dropFirst() {
            for value in tallies[top].meaningOrder {
                guard let meaning = tallies[top].meanings[value] else { continue }
                if let theirs = tallies[other].meanings[value], theirs != meaning {
                    answer.isDecided = false
                    answer.undecidedReason =
                        "\(quoted(value)) is \(meaning) as \(list[top].0.name) and \(theirs) as \(list[other].0.name), "
                        + "and no value rules either out"
                    return
                }
            }
        }
    }
}
