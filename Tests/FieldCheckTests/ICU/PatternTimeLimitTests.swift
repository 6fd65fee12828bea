import Testing

@testable import FieldCheck

/// Issue 21: patterns cannot run away, on ICU or on the ASCII matcher.
@Suite struct PatternTimeLimitTests {
    @Test func theASCIIMatcherIsLinear() throws {
        // `(a+)+` without an anchor is the ASCII matcher's: an automaton reads each byte once.
        let regex = try RegexHandle(pattern: "(a+)+")
        let ascii = try #require(regex.ascii)
        let value = Array(String(repeating: "a", count: 1_000_000).utf8) + [UInt8(ascii: "b")]
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            #expect(!value.withUnsafeBufferPointer { ascii.matches($0) })
        }
        #expect(elapsed < .seconds(5))
    }

    @Test func icuStopsABacktrackingMatch() throws {
        let regex = try RegexHandle(pattern: "(a+)+$")
        let outcome = regex.matches((String(repeating: "a", count: 40) + "b").utf16)
        #expect(outcome.timedOut)
        #expect(!outcome.matched)
        #expect(regex.matches("aaaa".utf16).matched)
    }

    @Test func theTimeLimitGrowsWithTheValue() {
        #expect(RegexHandle.timeLimit(length: 0) == 300)
        #expect(RegexHandle.timeLimit(length: 16 << 20) > 100_000)
    }
}

/// Issue 29, 9: the matches that time out share one budget per run; once it is spent a match
/// gets a small limit, and a sane pattern is still decided within it.
@Suite struct PatternTimeBudgetTests {
    @Test func theTimeOutsOfARunShareOneBudget() throws {
        let regex = try RegexHandle(pattern: "(a+)+$")
        // Its own budget: two time-outs at the base limit (300 units each) spend 600.
        regex.budget = PatternTimeBudget(limit: 600)
        let bad = (String(repeating: "a", count: 40) + "b").utf16
        for _ in 0..<2 {
            let outcome = regex.matches(bad)
            #expect(outcome.timedOut && !outcome.overBudget)
        }
        #expect(regex.budget.isSpent)
        let past = regex.matches(bad)
        #expect(past.timedOut && past.overBudget && !past.matched)
        // What needs few steps is still decided, either way.
        #expect(regex.matches("aaaa".utf16).matched)
        let short = regex.matches("ab".utf16)
        #expect(!short.matched && !short.timedOut && !short.overBudget)
        // The run's own budget was not touched.
        #expect(PatternTimeBudget.run.limit == 10_000)
    }
}
