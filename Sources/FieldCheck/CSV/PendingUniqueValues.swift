/// What rows checked on one thread hand to the thread that finishes them in input order:
/// whether each row is clean (no error, no warning: nothing is left to do for it but to look
/// up its unique values and write it), and a clean row's unique values, copied out of its
/// result. The finishing thread then reads a few bytes a row, one row after another, instead
/// of each row's result and the arrays it points to: memory the other thread writes again
/// for a later row, so that every line read moved between the cores twice.
///
/// Filled by one thread, then read by another; not thread-safe. Its state is
/// `@exclusivity(unchecked)`: every access is inside one of its own methods.
final class PendingUniqueValues {
    private struct Value {
        var column: Int
        var prepared: UniqueSet.Prepared
        /// Where the value's bytes end in `bytes`.
        var end: Int
    }

    @exclusivity(unchecked) private var values = GrowingBuffer<Value>()
    @exclusivity(unchecked) private var bytes = GrowingBuffer<UInt8>()
    /// Per row: where its values end in `values`, shifted left three times, 1 when it is
    /// clean, 2 when it has no result (the clean-row path took it), 4 when it must be checked
    /// again in input order.
    @exclusivity(unchecked) private var rows = GrowingBuffer<Int>()
    /// Keeps the next object in memory off the cache lines this one's filling thread writes.
    private let padding = CacheLinePadding()

    init() {}

    deinit {
        values.deallocate()
        bytes.deallocate()
        rows.deallocate()
    }

    /// How many rows it holds.
    var count: Int { rows.count }

    func removeAll() {
        values.count = 0
        bytes.count = 0
        rows.count = 0
    }

    /// Adds the next row: its unique values when it is clean; else only that it is not.
    /// `result` is `inout` only so that it is not copied (a copy retains each of its arrays).
    func append(_ result: inout RowResult) {
        let isClean = result.errors.isEmpty && result.warnings.isEmpty
        if isClean && !result.pendingUnique.isEmpty {
            result.outputBytes.withUnsafeBufferPointer { output in
                for pending in result.pendingUnique {
                    add(pending.column, pending.prepared, UnsafeBufferPointer(rebasing: output[pending.value]))
                }
            }
        }
        rows.append(values.count << 3 | (isClean ? 1 : 0))
    }

    /// Adds the next row, with no result made: `clean`, taken on the clean-row path, else
    /// rejected on the fast paths. `value` is its unique value (of the column at place
    /// `column` among the table's columns), to look up, or for a rejected row to add as the
    /// full check would; prepared here. No column: it has none.
    func appendWithoutResult(clean: Bool, column: Int?, value: UnsafeBufferPointer<UInt8>) {
        if let column { add(column, UniqueSet.prepare(value), value) }
        rows.append(values.count << 3 | (clean ? 3 : 2))
    }

    /// Marks the row added last as checked out of input order in a way that only a check in
    /// order can decide (`OutOfOrderChecks`): it is neither clean nor rejected, and whatever
    /// else was added for it is to be ignored.
    func markLastNeedsOrder() {
        rows.base[rows.count - 1] = rows.base[rows.count - 1] & ~3 | 4
    }

    /// Whether row `index` must be checked again, in input order.
    func needsOrder(_ index: Int) -> Bool { rows.base[index] & 4 == 4 }

    /// Adds a unique value of the row being added.
    private func add(_ column: Int, _ prepared: UniqueSet.Prepared, _ value: UnsafeBufferPointer<UInt8>) {
        bytes.append(value)
        values.append(Value(column: column, prepared: prepared, end: bytes.count))
    }

    /// Whether row `index` (0-based, in the order appended) is clean.
    func isClean(_ index: Int) -> Bool { rows.base[index] & 1 == 1 }

    /// Whether row `index` has no result: taken on the clean-row path when it is clean, else
    /// rejected on the fast paths.
    func hasNoResult(_ index: Int) -> Bool { rows.base[index] & 2 == 2 }

    /// Calls `body` with each unique value of clean row `index`, in column order, until
    /// `body` returns false; returns the place among the row's values where it did, or nil.
    func forEachValue(
        ofRow index: Int, _ body: (Int, UniqueSet.Prepared, UnsafeBufferPointer<UInt8>) -> Bool
    ) -> Int? {
        let first = index == 0 ? 0 : rows.base[index - 1] >> 3
        var start = first == 0 ? 0 : values.base[first - 1].end
        for place in first..<rows.base[index] >> 3 {
            let value = values.base[place]
            if !body(value.column, value.prepared, bytes.slice(start, value.end)) { return place - first }
            start = value.end
        }
        return nil
    }

    /// Calls `body` with the column and prepared form of every value it holds.
    func forEachPrepared(_ body: (Int, UniqueSet.Prepared) -> Void) {
        for place in 0..<values.count { body(values.base[place].column, values.base[place].prepared) }
    }
}
