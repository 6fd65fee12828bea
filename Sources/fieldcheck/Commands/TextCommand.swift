import ArgumentParser
import FieldCheck

extension Fieldcheck {
    /// `fieldcheck text`: constrained text — allowed characters, length, pattern, case.
    struct TextCommand: LineCommand, DeclaresFieldBasics {
        static let configuration = CommandConfiguration(
            commandName: "text",
            _superCommandName: Fieldcheck.superCommandName,
            abstract: "Check text against character, length and pattern rules.",
            discussion: """
                A character passes when --allow and --preset (if given) contain it and --deny \
                does not. SET is an ICU UnicodeSet pattern when it starts with '[', '\\p' or '\\P' \
                ('[[:L:]-[aeiou]]', '\\p{Script=Cyrillic}'), otherwise a literal list of characters.

                Examples:
                  fieldcheck text --allow aeiouAEIOU --max-length 6
                  fieldcheck text --deny aeiouAEIOU --max-length 8
                  fieldcheck text --preset number-pad --max-length 3
                """
        )

        @OptionGroup var locale: LocaleOption
        @OptionGroup var rules: TextRules
        @OptionGroup var length: LengthOptions
        @OptionGroup var prepare: PrepareOptions
        @OptionGroup var lines: LineOptions
        @OptionGroup var run: RunOptions

        mutating func runWithStatus() throws -> Int32 {
            try checkLines(rules.spec(basics))
        }
    }
}

/// The rule options of `fieldcheck text`, shared with `fieldcheck prompt text`.
struct TextRules: ParsableArguments {

    @Option(help: ArgumentHelp("Allow only these characters.", valueName: "SET"))
    var allow: String?

    @Option(help: ArgumentHelp("Refuse these characters.", valueName: "SET"))
    var deny: String?

    @Option(
        help:
            "Allow only the characters of an iOS keyboard type, in the locale (letters: the locale's exemplar letters)."
    )
    var preset: CharacterPreset?

    @Flag(
        help:
            "Remove disallowed characters instead of rejecting the value; reported as warnings, the first 100 one by one and the rest as one."
    )
    var strip = false

    @Option(help: "Map case after filtering, with the locale's rules (tr_TR maps i to İ): lower, upper or title.")
    var `case`: CaseMapping?

    @Option(
        help: ArgumentHelp(
            "An ICU regular expression the whole value must match. A match stopped for taking too long is pattern_timeout; once such matches have spent the run's budget (100 million steps), a value needing over 10,000 steps is pattern_budget_exhausted.",
            valueName: "REGEX"))
    var pattern: String?

    /// The field these options describe.
    func spec(_ basics: FieldBasics) throws -> FieldSpec {
        var spec = FieldSpec(kind: .text, locale: try basics.locale.resolve(category: "LC_CTYPE"))
        spec.vocabulary = .commandLine
        spec.allow = allow.map(CharacterRule.init)
        spec.deny = deny.map(CharacterRule.init)
        for (option, set) in [("--allow", allow), ("--deny", deny)] {
            if let set, let range = Self.rangeLookalike(set) {
                Streams.complain(
                    "warning: \(option) '\(set)' is a list of characters, so '\(range)' is the three characters "
                        + "'\(range.first!)', '-' and '\(range.last!)'; for every character from '\(range.first!)' to "
                        + "'\(range.last!)' write \(option) '[\(set)]'")
            }
        }
        spec.preset = preset
        spec.strip = strip
        spec.caseMapping = `case`
        spec.pattern = pattern
        basics.apply(to: &spec)
        return spec
    }

    /// The first `x-y` in a literal character list that reads like a range (`a-z`, `0-9`: two
    /// letters of one case or two digits, in order), or nil. A set in UnicodeSet syntax
    /// (`[a-z]`, `\p{L}`) is not a list.
    static func rangeLookalike(_ set: String) -> String? {
        guard !set.hasPrefix("["), !set.hasPrefix("\\p"), !set.hasPrefix("\\P") else { return nil }
        let characters = Array(set)
        guard characters.count >= 3 else { return nil }
        for index in 1..<(characters.count - 1) where characters[index] == "-" {
            let low = characters[index - 1]
            let high = characters[index + 1]
            let sameClass =
                (low.isASCII && high.isASCII)
                && ((low.isLowercase && high.isLowercase) || (low.isUppercase && high.isUppercase)
                    || (low.isNumber && high.isNumber))
            if sameClass, low < high { return "\(low)-\(high)" }
        }
        return nil
    }
}
