/// Why a text typed so far can no longer become a valid value: the prompt refuses the key
/// that made it so (`shouldChangeCharactersIn`), and says which character and why.
public struct PrefixRefusal: Sendable, Hashable {
    /// 0-based offset, in Unicode scalars, of the character that cannot stand there.
    public var offset: Int
    /// That character (nil for a refusal of the whole text, as a length limit's).
    public var character: Unicode.Scalar?
    /// Why, in words: `not in --allow aeiou`, `at most 3 characters`.
    public var reason: String
    /// The finding that refused the whole text, when it was read whole and only a rule no
    /// further key can satisfy refuses it (the year 1926 under a minimum of 2000): `reason`
    /// then quotes the value, and a front end that must not show it words this instead.
    public var finding: Diagnostic? = nil
}

extension FieldValidator {
    /// `prefix` completed as far as the field's listed values that begin with it agree: a
    /// country's, currency's, language's or time zone's codes and names (`Allem` gives
    /// `Allemagne` in fr_FR; `Ma` nothing more, as Madagascar, Malaisie and Mali part there).
    /// Compared as written first, then without case. Nil when nothing longer is certain, or
    /// the field lists no values (numbers, dates, text).
    public func completion(ofPrefix prefix: String) -> String? {
        guard case .identifier = spec.kind, let typed, !prefix.isEmpty else { return nil }
        let samples = typed.completionSamples()
        var matches = samples.filter { $0.hasPrefix(prefix) }
        if matches.isEmpty {
            let lowered = prefix.lowercased()
            matches = samples.filter { $0.lowercased().hasPrefix(lowered) }
        }
        guard var common = matches.first.map({ Array($0) }) else { return nil }
        for match in matches.dropFirst() {
            common = Array(zip(common, match).prefix { $0 == $1 }.map(\.0))
        }
        let completed = String(common)
        return completed.count > prefix.count ? completed : nil
    }

    /// Whether `prefix`, typed so far, can still be completed into a value this field accepts
    /// (nil), or why not. Not whether it is valid now: `1,` is a prefix of a de_DE number and
    /// `31.1` of a `dd.MM.yyyy` date, while `32` and `1,2,` are not.
    ///
    /// Text: every character must pass the character rules, the length must not pass the
    /// maximum, and the pattern must match or still be able to (ICU's `hitEnd`). Numbers and
    /// dates: the same, and some completion must be read as valid: the tails of values the
    /// locale writes, spliced on (`31.1` + `2.2024`), and short continuations (a digit,
    /// `,0`, `.000`, an exponent). A completion found is a proof; none found after that
    /// search is a refusal.
    public func refusal(ofPrefix prefix: String) -> PrefixRefusal? {
        let scalars = Array(prefix.unicodeScalars)
        guard !scalars.isEmpty else { return nil }
        // The rules and the length judge the text as the pipeline does, after --normalize: a
        // full-width `１` is the `1` a number pad allows under NFKC, and `㍻` is two characters.
        var map = OffsetMap()
        let checked = normalizer.flatMap { normalize(prefix, $0, &map) } ?? prefix
        func typedOffset(_ index: Int) -> Int {
            min(normalizer == nil ? index : map.original(index), scalars.count - 1)
        }
        if !spec.strip {
            for (index, scalar) in checked.unicodeScalars.enumerated() {
                if let reason = refusal(scalar) {
                    let offset = typedOffset(index)
                    return PrefixRefusal(offset: offset, character: scalars[offset], reason: reason)
                }
            }
        }
        if let maximum = spec.maxLength, length(of: checked) > maximum {
            // The first character past the limit in the field's unit, as the line commands name
            // it (a paste of `abcdefgh` into three characters is refused at `d`).
            let offset = typedOffset(scalarOffset(ofUnit: maximum, in: checked))
            return PrefixRefusal(
                offset: offset, character: scalars[offset],
                reason: "at most \(spec.lengthUnit.describe(maximum)) allowed")
        }
        let checkedNow = validate(prefix)
        if checkedNow.isValid { return nil }
        guard let typed else {
            if let regex, case let outcome = regex.matches(prefix.utf16), !outcome.matched, !outcome.hitEnd,
                !outcome.timedOut
            {
                return PrefixRefusal(
                    offset: scalars.count - 1, character: scalars.last,
                    reason: "no text that begins so can match the pattern '\(regex.pattern)'")
            }
            return nil
        }
        typed.completionFreeFrom = scalars.count
        defer { typed.completionFreeFrom = nil }
        if canComplete(scalars, typed) { return nil }
        // The samples are values of a few years and sizes: a minimum or maximum past all of
        // them (--min 2026-01-01, --min 10000000) left no completion in range, and every key
        // was refused. Without the bounds a completion proves the text can still become a
        // value of the field's shape; whether it ends in range, Enter says.
        if let unbounded = withoutBounds, let unboundedTyped = unbounded.typed {
            unboundedTyped.completionFreeFrom = scalars.count
            defer { unboundedTyped.completionFreeFrom = nil }
            if unbounded.canComplete(scalars, unboundedTyped) { return nil }
            // A whole value of the field's shape that only the bounds refuse (the year 1926
            // under --min 2000), with nothing left to type that could bring it in: the bound
            // is the reason, not the shape.
            if unbounded.validate(prefix).isValid, let beyond = checkedNow.errors.first {
                return PrefixRefusal(
                    offset: scalars.count - 1, character: scalars.last, reason: beyond.message, finding: beyond)
            }
        }
        return PrefixRefusal(
            offset: scalars.count - 1, character: scalars.last,
            reason: "\(ruleRefusing(prefix, typed) ?? "no \(spec.kind.noun) begins so"); expected \(typed.example)")
    }

    /// The field's own rule that no completion of `prefix` can pass, when the full reader
    /// names one on the prefix or on its shortest continuations: `-` under no negatives,
    /// the decimal separator under integers only. Nil when the shape itself fails.
    private func ruleRefusing(_ prefix: String, _ typed: TypedValidator) -> String? {
        let rules: [ErrorCode] = [
            .negativeNotAllowed, .fractionNotAllowed, .exponentNotAllowed, .tooManyFractionDigits, .mixedDigits,
        ]
        for probe in [prefix] + typed.completionTokens().prefix(6).map({ prefix + $0 }) {
            if let error = validate(probe).errors.first(where: { rules.contains($0.code) }) {
                return error.code.summary
            }
        }
        return nil
    }

    private func canComplete(_ scalars: [Unicode.Scalar], _ typed: TypedValidator) -> Bool {
        let prefix = String(String.UnicodeScalarView(scalars))
        func accepts(_ tail: some Sequence<Unicode.Scalar>) -> Bool {
            validate(prefix + String(String.UnicodeScalarView(tail))).isValid
        }
        // The tails of values as the locale writes them, spliced at the same place: first of
        // those that begin as the prefix does and of their neighbours, which share the longest
        // beginning with it (found by binary search); then every distinct tail of those of
        // the same shape (digits for digits: `2031/0` takes the tails of `2001/02/03`).
        let key = Self.completionKey(scalars)
        var tried: Set<[Unicode.Scalar]> = []
        func tries(_ sample: [Unicode.Scalar]) -> Bool {
            guard sample.count > scalars.count else { return false }
            let tail = Array(sample[scalars.count...])
            return tried.insert(tail).inserted && accepts(tail)
        }
        let exact = Self.firstIndex(notBelow: key, in: completionIndex)
        for position in max(0, exact - 40)..<min(completionIndex.count, exact + 40)
        where tries(completionIndex[position].sample) {
            return true
        }
        let shape = Self.completionShape(key)
        var position = Self.firstIndex(notBelow: shape, in: completionShapes)
        while position < completionShapes.count, tried.count < 1_000,
            completionShapes[position].key.starts(with: shape)
        {
            if tries(completionShapes[position].sample) { return true }
            position += 1
        }
        // Short continuations, up to two, then the ending of a sample (a currency or percent
        // sign after the number).
        let tokens = [""] + typed.completionTokens()
        var endings: Set<String> = [""]
        for entry in completionIndex.prefix(64) {
            endings.insert(
                String(
                    String.UnicodeScalarView(
                        entry.sample.reversed().prefix { $0.properties.numericType == nil }.reversed())))
        }
        // An ending begun: the rest of it (`1.234,56 €` typed as far as the space).
        for ending in endings {
            let characters = Array(ending.unicodeScalars)
            for typedPart in stride(from: min(characters.count - 1, scalars.count), through: 1, by: -1)
            where Array(scalars.suffix(typedPart)) == Array(characters.prefix(typedPart)) {
                if accepts(characters[typedPart...]) { return true }
            }
        }
        for first in tokens {
            for second in tokens where !(first.isEmpty && !second.isEmpty) {
                for ending in endings where !(first + second + ending).isEmpty {
                    if accepts((first + second + ending).unicodeScalars) { return true }
                }
            }
        }
        return false
    }

    /// The first position in `index` (sorted by key) whose key is not below `key`.
    private static func firstIndex(
        notBelow key: [Unicode.Scalar], in index: [(key: [Unicode.Scalar], sample: [Unicode.Scalar])]
    ) -> Int {
        var low = 0
        var high = index.count
        while low < high {
            let middle = (low + high) / 2
            if index[middle].key.lexicographicallyPrecedes(key, by: { $0.value < $1.value }) {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }
}
