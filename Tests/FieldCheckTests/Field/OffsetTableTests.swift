import Testing

@testable import FieldCheck

/// Issue 21: the offsets of a rewritten value are stored as runs; every lookup must give what
/// one integer per scalar gave.
@Suite struct OffsetTableTests {
    @Test(arguments: [
        [0, 1, 2, 3, 4],  // one run
        [0, 2, 4, 6, 9, 10, 11],  // every other character removed, then a gap
        [5, 5, 5, 6, 6, 6, 7],  // one character became three (NFKC, case mapping)
        [3],
        [0, 1, 5, 6, 7, 7, 8, 20, 21, 23],
    ])
    func lookupsGiveEveryOffset(_ offsets: [Int]) {
        var table = OffsetTable()
        for offset in offsets { table.append(offset) }
        #expect(table.count == offsets.count)
        #expect(table.last == offsets.last)
        #expect(offsets.indices.map { table[$0] } == offsets)
        var map = OffsetMap(shift: 0, table: table)
        #expect(map.original(offsets.count) == offsets.last! + 1)
        map.table = nil
        map.shift = 2
        #expect(map.original(3) == 5)
    }

    @Test func randomRemovalsAreMappedExactly() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            var offsets: [Int] = []
            var table = OffsetTable()
            var position = 0
            for _ in 0..<Int.random(in: 1...300, using: &generator) {
                position += Int.random(in: 0...3, using: &generator)
                offsets.append(position)
                table.append(position)
            }
            #expect(offsets.indices.map { table[$0] } == offsets)
            let cut = Int.random(in: 0...offsets.count, using: &generator)
            table.truncate(to: cut)
            #expect(table.count == cut)
            #expect((0..<cut).map { table[$0] } == Array(offsets.prefix(cut)))
        }
    }

    @Test func aValueWithFewChangesMakesFewRuns() {
        var table = OffsetTable()
        for offset in 0..<1_000_000 where offset != 500_000 { table.append(offset) }
        #expect(table.runCount == 2)
    }
}
