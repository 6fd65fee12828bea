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
