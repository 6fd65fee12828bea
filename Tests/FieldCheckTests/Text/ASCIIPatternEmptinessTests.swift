import Testing

@testable import FieldCheck

/// `ASCIIPattern.matchesNothing`, on which a text field's "no value can pass these rules" (exit
/// 2) rests: held against ICU's own match of every value over a small alphabet. For a range of
/// lengths it is exact; for an open one it may only say "nothing" when no value matches.
@Suite struct ASCIIPatternEmptinessTests {
    /// Every value of the alphabet's characters with a length in `lengths`.
    static func values(_ alphabet: [Character], _ lengths: ClosedRange<Int>) -> [String] {
        var all: [String] = []
        var level = [""]
        for length in 0...lengths.upperBound {
            if lengths.contains(length) { all += level }
            level = level.flatMap { prefix in alphabet.map { prefix + String($0) } }
        }
        return all
    }

    @Test func emptinessAgreesWithICUOnEveryShortValue() throws {
        var generator = SeededGenerator(seed: 77)
        var patterns = FastPathTests.simplePatterns
        for _ in 0..<200 { patterns.append(FastPathTests.patternLike(&generator)) }
        var empty = 0
        var checked = 0
        for pattern in patterns {
            guard let regex = try? RegexHandle(pattern: pattern), let ascii = regex.ascii else { continue }
            for _ in 0..<4 {
                let alphabet = Array("abc1x-.").filter { _ in Bool.random(using: &generator) }
                let usable = Set(alphabet.map { $0.asciiValue! })
                let least = Int.random(in: 0...3, using: &generator)
                let lengths = least...(least + Int.random(in: 0...2, using: &generator))
                let matching = Self.values(alphabet, lengths).filter {
                    regex.matches(Array($0.utf16), fixedLimit: 0).matched
                }
                let nothing = ascii.matchesNothing(lengths: lengths, usable: usable.contains)
                #expect(nothing == matching.isEmpty, "'\(pattern)' over \(alphabet), lengths \(lengths): \(matching)")
                // An open range: "nothing" only when no value of up to six characters matches.
                if ascii.matchesNothing(lengths: least...Int.max, usable: usable.contains) {
                    let longer = Self.values(alphabet, least...6).first {
                        regex.matches(Array($0.utf16), fixedLimit: 0).matched
                    }
                    #expect(longer == nil, "'\(pattern)' over \(alphabet) from \(least): '\(longer ?? "")' matches")
                }
                checked += 1
                if nothing { empty += 1 }
            }
        }
        // The test is about something: both answers came up often.
        #expect(checked > 400 && empty > 50 && checked - empty > 50, "\(empty) empty of \(checked)")
    }
}
