import Glibc
import Testing

@testable import FieldCheck

/// Differential tests of the fast paths against the full pipeline: generated strings —
/// valid, near-valid and random — go through both, and any value the fast path accepts must
/// be accepted by the pipeline with the same output, and any value `rejectsFast` names must
/// be rejected by the pipeline. (Otherwise the fast paths decline and the pipeline decides,
/// so the verdicts cannot differ.)
///
/// The same strings also go through a validator that does not explain rejections (`--quiet`):
/// its results must be the full pipeline's with the messages left out, nothing else.
///
/// `FIELDCHECK_DIFFERENTIAL_COUNT` sets the strings per field (default 20,000, for CI);
/// the closing note of the performance issue gives a run with millions.
@Suite struct FastPathTests {
    static let count: Int = {
        guard let text = getenv("FIELDCHECK_DIFFERENTIAL_COUNT") else { return 20_000 }
        return Int(String(cString: text)) ?? 20_000
    }()

    /// Runs `count` generated strings through both paths; returns how many the fast path took.
    static func compare(
        _ field: FieldValidator, seed: UInt64, _ generate: (inout SeededGenerator) -> String
    ) -> (fast: Int, accepted: Int, fastRejected: Int) {
        var generator = SeededGenerator(seed: seed)
        let verdictsOnly = try! FieldValidator(field.spec)
        let checking = try! FieldValidator(field.spec)
        let checkOutput = FieldOutput()
        var out: [UInt8] = []
        var fast = 0
        var accepted = 0
        var fastRejected = 0
        var failures = 0
        for _ in 0..<count {
            var text = generate(&generator)
            let result = text.withUTF8 { field.validate(bytes: $0) }
            if result.isValid { accepted += 1 }
            let unexplained = text.withUTF8 { verdictsOnly.validate(bytes: $0, detail: .codes) }
            if unexplained != result.withoutMessages {
                failures += 1
                if failures <= 10 {
                    Issue.record("'\(text)': without messages \(unexplained), with them \(result)")
                }
            }
            // The one door (`check`), at every detail, gives the pipeline's verdict, output
            // and (where it makes a result) the pipeline's result.
            for detail in CheckDetail.allCases {
                checkOutput.removeAll()
                let verdict = checking.check(text, detail: detail, output: checkOutput)
                var problem: String? = nil
                if verdict.isAccepted != result.isValid {
                    problem = "accepted \(verdict.isAccepted)"
                } else if verdict.isAccepted && checkOutput.string != result.emitted {
                    problem = "wrote '\(checkOutput.string)'"
                } else if case .accepted = verdict, !(result.warnings.isEmpty && result.removed.isEmpty) {
                    problem = "accepted plainly a value with warnings"
                } else if case .accepted = verdict, checking.fastAcceptanceIsWholeResult,
                    result.value != checkOutput.string || result.output != nil || result.currency != nil
                        || result.input != text
                {
                    // --json writes such a value's record from its input and what was written.
                    problem = "accepted plainly, but its result is more than its input and '\(checkOutput.string)'"
                } else if let made = verdict.result {
                    let expected = detail == .codes || detail == .verdict ? result.withoutMessages : result
                    if made != expected { problem = "made \(made)" }
                } else if detail == .everything {
                    problem = "made no result under .everything"
                }
                if let problem {
                    failures += 1
                    if failures <= 10 {
                        Issue.record("'\(text)': check(\(detail)) \(problem); the pipeline: \(result)")
                    }
                }
            }
            if text.withUTF8({ field.rejectsFast($0) }) {
                fastRejected += 1
                if result.isValid {
                    failures += 1
                    if failures <= 10 { Issue.record("'\(text)': rejectsFast, but the pipeline accepts it") }
                }
            }
            out.removeAll(keepingCapacity: true)
            let took = text.withUTF8 { field.acceptFast($0, into: &out) }
            guard took else { continue }
            fast += 1
            let fastOutput = String(decoding: out, as: UTF8.self)
            if !result.isValid || result.emitted != fastOutput || !result.warnings.isEmpty {
                failures += 1
                if failures <= 10 {
                    Issue.record(
                        "'\(text)': fast path gave \(fastOutput), pipeline \(result.emitted ?? "a rejection: \(result.errors.map(\.message))")"
                    )
                }
            }
        }
        return (fast, accepted, fastRejected)
    }

    static func pick(_ options: [String], _ generator: inout SeededGenerator) -> String {
        options[Int.random(in: 0..<options.count, using: &generator)]
    }

    /// Numbers: runs of digits joined by whatever a number might contain, often well-formed.
    /// `digits` are the locale's ten digits; one digit in fifty is an ASCII one instead.
    static func numberLike(
        _ generator: inout SeededGenerator, digits: [Unicode.Scalar] = Unicode.Scalar.asciiDigits
    ) -> String {
        var text = ""
        if Int.random(in: 0..<4, using: &generator) == 0 {
            text += pick(["-", "+", " ", "−", "", "\u{61C}-", "\u{200E}\u{2212}", "\u{200E}-", "\u{61C}"], &generator)
        }
        let parts = Int.random(in: 1...5, using: &generator)
        for part in 0..<parts {
            // Now and then a run longer than a group: partially grouped values (`1,234567`)
            // must be declined by the fast path as the full reader rejects them.
            let length =
                Int.random(in: 0..<8, using: &generator) == 0
                ? Int.random(in: 5...7, using: &generator) : Int.random(in: 0...4, using: &generator)
            for _ in 0..<length {
                let value = Int.random(in: 0...9, using: &generator)
                let ascii = Int.random(in: 0..<50, using: &generator) == 0
                text.unicodeScalars.append(ascii ? Unicode.Scalar.asciiDigits[value] : digits[value])
            }
            if part < parts - 1 {
                text += pick([".", ",", ".", ",", "'", " ", "e", "E", "a", "٫", "٬", "٫", "٬", "\u{A0}"], &generator)
            }
        }
        if Int.random(in: 0..<20, using: &generator) == 0 {
            text += pick(["-", " ", "%", "x", "\u{61C}", "\u{200F}"], &generator)
        }
        return text
    }

    @Test(arguments: [
        ("de_DE", 0), ("en_US", 0), ("en_IN", 0), ("es_ES", 0), ("pt_BR", 0), ("de_CH", 0), ("ja_JP", 0),
        ("fr_FR", 0), ("en_US", 1), ("de_DE", 2), ("en_US", 3), ("de_DE", 4), ("en_US_POSIX", 0),
        ("ar_EG", 0), ("fa_IR", 0), ("ar_EG", 2), ("ar_EG", 1), ("bn_BD", 0), ("hi_IN@numbers=deva", 0),
        ("en_US", 5), ("de_DE", 5), ("fr_FR", 5), ("en_US", 6), ("de_DE", 6), ("de_CH", 6), ("ja_JP", 6),
    ])
    func numbers(locale: String, rules: Int) throws {
        var number = NumberSpec()
        switch rules {
        case 1:
            number.integerOnly = true
            number.allowNegative = false
        case 2:
            number.maxFractionDigits = 2
            number.minimum = ExactDecimal("-1000")
            number.maximum = ExactDecimal("99999.5")
        case 3: number.allowGrouping = false
        case 4: number.style = .integer
        // Percent and currency: a value of digits and separators alone is missing the symbol
        // every form writes, which `rejectsFast` decides (infer tries these forms on every
        // number); half the values carry a symbol.
        case 5: number.style = .percent
        case 6: number.style = .currency
        default: break
        }
        let symbols = ["%", " %", "\u{A0}%", "$", "€", " €", "\u{A0}€", "CHF ", "CHF", "¥", "￥", "USD "]
        var spec = FieldSpec(kind: .number(number), locale: try LocaleID(locale))
        if rules == 2 { spec.maxLength = 9 }
        let field = try FieldValidator(spec)
        let digits = NumberSymbols(locale: spec.locale).digits
        let (fast, accepted, fastRejected) = Self.compare(field, seed: UInt64(rules * 7919 + locale.utf8.count)) {
            let number = Self.numberLike(&$0, digits: digits)
            guard rules >= 5, Bool.random(using: &$0) else { return number }
            let symbol = Self.pick(symbols, &$0)
            return Bool.random(using: &$0) ? symbol + number : number + symbol
        }
        // Letters and stray spaces: some rejections are decided without the pipeline.
        #expect(fastRejected > 0, "\(locale): no value rejected on the fast path")
        // A value with the right symbol is read: what the fast path rejects is decided against
        // values that pass.
        if rules >= 5 { #expect(accepted > 0, "\(locale): no value with a symbol accepted") }
        // The fast path must actually carry the common case where the locale allows it (it
        // counts lengths in ASCII only: rules 2 has a maximum length).
        let ascii = digits == Unicode.Scalar.asciiDigits
        // fr_FR and de_CH group with spaces and apostrophes, which have variants: their
        // ungrouped numbers only (issue 16: infer tries both on every number column).
        if ["de_DE", "en_US", "en_IN", "ja_JP", "en_US_POSIX", "ar_EG", "fa_IR", "bn_BD"].contains(locale)
            && (ascii || rules != 2) && rules < 5
        {
            #expect(fast * 2 > accepted, "\(locale): fast path took \(fast) of \(accepted) accepted values")
        }
        if ["fr_FR", "de_CH"].contains(locale) && rules < 5 {
            #expect(fast > 0, "\(locale): the fast path took no value")
        }
    }

    /// An `enum`, a rule of the field: the fast path takes only its members, as the pipeline
    /// does (a csv column and a line command now share it), and a number compares as a value
    /// (`1,50` is in `[1.5]`, written as read).
    @Test func allowedValuesAgreeOnBothPaths() throws {
        var number = FieldSpec(kind: .number(NumberSpec()), locale: try LocaleID("de_DE"))
        number.allowedValues = ["1", "1.5", "12", "-3"]
        let numbers = try FieldValidator(number)
        let members = ["1", "1,5", "1,50", "12", "-3", "12,0"]
        let (fast, accepted, _) = Self.compare(numbers, seed: 29) { generator in
            Self.mutated(Self.pick(members + ["2", "1,55", "-1", "3"], &generator), &generator)
        }
        #expect(fast > 0 && accepted > 0, "fast \(fast) of \(accepted)")
        for member in members { #expect(numbers.validate(member).isValid, "\(member)") }
        #expect(numbers.validate("1,50").value == "1.50")
        #expect(numbers.validate("2").errors.map(\.code) == [.notInEnum])

        var text = FieldSpec(kind: .text, locale: try LocaleID("en_US"))
        text.allowedValues = ["DE01", "FR12"]
        text.caseMapping = .upper
        let texts = try FieldValidator(text)
        _ = Self.compare(texts, seed: 31) { Self.pick(["DE01", "de01", "FR12", "XX99", "FR1"], &$0) }
        // Compared after the case mapping, in the form the field writes.
        #expect(texts.validate("de01").value == "DE01")
        #expect(texts.validate("XX99").errors.map(\.code) == [.notInEnum])
    }

    /// Dates: numbers and separators in the pattern's order, often right, sometimes not.
    static func dateLike(_ generator: inout SeededGenerator) -> String {
        func number(_ most: Int) -> String {
            let value = Int.random(in: 0...most, using: &generator)
            let text = String(value)
            return Bool.random(using: &generator) && text.count == 1 ? "0" + text : text
        }
        let separator = pick([".", ".", ".", "/", "-", "", " "], &generator)
        let year = Bool.random(using: &generator) ? number(2100) : number(99)
        var parts = [number(32), number(13), year]
        if Int.random(in: 0..<3, using: &generator) == 0 { parts.shuffle(using: &generator) }
        var text = parts.joined(separator: separator)
        if Int.random(in: 0..<30, using: &generator) == 0 { text += pick(["x", " ", "."], &generator) }
        return text
    }

    /// `text` with one character replaced, inserted or removed, now and then: near-valid
    /// values, where a fast path that decides rejections would go wrong first.
    static func mutated(_ text: String, _ generator: inout SeededGenerator) -> String {
        guard Int.random(in: 0..<4, using: &generator) == 0 else { return text }
        var characters = Array(text)
        let position = Int.random(in: 0...characters.count, using: &generator)
        let character = Character(pick(["0", "1", "9", ".", "/", "-", " ", "x", "\u{A0}", "\u{200E}"], &generator))
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: characters.insert(character, at: position)
        case 1 where position < characters.count: characters[position] = character
        default: if position < characters.count { characters.remove(at: position) }
        }
        return String(characters)
    }

    @Test(arguments: ["dd.MM.yyyy", "d.M.yy", "M/d/yy", "yyyy-MM-dd", "yyyyMMdd", "dd/MM/y", "d.M.y"])
    func dates(pattern: String) throws {
        var date = DateSpec()
        date.format = .pattern(pattern)
        date.today = CivilDate(year: 2026, month: 11, day: 22)
        if pattern == "d.M.y" {
            date.minimum = CivilDate(year: 1990, month: 1, day: 1)
            date.maximum = CivilDate(year: 2030, month: 6, day: 30)
        }
        let field = try FieldValidator(FieldSpec(kind: .date(date), locale: try LocaleID("de_DE")))
        let (fast, accepted, fastRejected) = Self.compare(field, seed: UInt64(pattern.utf8.count)) { generator in
            // Half the time, write the date exactly as the pattern asks.
            if Bool.random(using: &generator) { return Self.mutated(Self.dateLike(&generator), &generator) }
            let day = Int.random(in: 1...31, using: &generator)
            let month = Int.random(in: 1...12, using: &generator)
            let year = Int.random(in: 1...12000, using: &generator)
            func pad(_ value: Int, _ width: Int) -> String {
                String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
            }
            return Self.mutated(pattern.replacingFields(year: year, month: month, day: day, pad: pad), &generator)
        }
        #expect(fast * 2 > accepted, "\(pattern): fast path took \(fast) of \(accepted) accepted values")
        // The generated values are mostly ASCII: most rejections are decided on the fast path.
        let rejected = Self.count - accepted
        #expect(fastRejected * 2 > rejected, "\(pattern): \(fastRejected) of \(rejected) rejected on the fast path")
    }

    /// A locale's style beside ISO 8601 (the default of `date`): the fast reader reads both
    /// patterns, and, as the pipeline does, the first whose shape a value has decides (sv_SE
    /// and en_CA write `y-MM-dd`, the shape of ISO's `yyyy-MM-dd`: `2026-02-30` is refused
    /// there, not read as ISO).
    @Test(arguments: ["de_DE", "en_US", "ja_JP", "en_GB", "sv_SE", "en_CA"])
    func styleAndISO(locale: String) throws {
        var date = DateSpec()
        date.format = .styleOrISO(.short)
        date.today = CivilDate(year: 2026, month: 11, day: 22)
        let field = try FieldValidator(FieldSpec(kind: .date(date), locale: try LocaleID(locale)))
        let short = try DateWriter(
            pattern: DatePatterns.pattern(for: .short, locale: try LocaleID(locale)), locale: try LocaleID(locale))
        let (fast, accepted, fastRejected) = Self.compare(field, seed: UInt64(locale.utf8.count)) { generator in
            func two(_ range: ClosedRange<Int>) -> String {
                let value = Int.random(in: range, using: &generator)
                return value < 10 ? "0\(value)" : String(value)
            }
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: return Self.mutated(Self.dateLike(&generator), &generator)
            case 1:
                let year = Self.pick(["2026", "1999", "26", "0026", "12026"], &generator)
                return Self.mutated("\(year)-\(two(0...13))-\(two(0...31))", &generator)
            default:
                let day = CivilDate(
                    year: Int.random(in: 1930...2120, using: &generator),
                    month: Int.random(in: 1...12, using: &generator), day: Int.random(in: 1...28, using: &generator))!
                return Self.mutated(short.string(day), &generator)
            }
        }
        #expect(fast * 2 > accepted, "\(locale): fast path took \(fast) of \(accepted) accepted values")
        let rejected = Self.count - accepted
        #expect(fastRejected * 2 > rejected, "\(locale): \(fastRejected) of \(rejected) rejected on the fast path")
    }

    /// Patterns with names have no fast reader, but an ASCII value with fewer digits than
    /// their numeric fields, or without the letter a name needs, is rejected at once (infer
    /// asks some thirty of them about every value): never one the pipeline accepts.
    @Test(arguments: [
        ("d MMM y", "en_US"), ("EEEE, d. MMMM y", "de_DE"), ("MMM d, y, h:mm a", "en_US"),
        ("d MMM y", "zh_CN"), ("d MMMM y G", "ar_EG@numbers=latn"),
    ])
    func datesWithNames(pattern: String, locale: String) throws {
        var date = DateSpec()
        date.format = .pattern(pattern)
        date.content = pattern.contains("h:mm") ? .dateTime : .date
        date.today = CivilDate(year: 2026, month: 11, day: 22)
        let field = try FieldValidator(FieldSpec(kind: .date(date), locale: try LocaleID(locale)))
        let writer = try DateWriter(pattern: pattern, locale: try LocaleID(locale))
        let (_, accepted, fastRejected) = Self.compare(field, seed: UInt64(pattern.utf8.count)) { generator in
            let day = CivilDate(year: Int.random(in: 1...3000, using: &generator), month: 4, day: 13)!
            let written =
                date.content == .date
                ? writer.string(day) : writer.string(millis: Double(day.daysSinceEpoch * 86_400) * 1000) ?? ""
            // Dropping characters takes digits away, down to none.
            var characters = Array(written)
            for _ in 0..<Int.random(in: 0...6, using: &generator) where !characters.isEmpty {
                characters.remove(at: Int.random(in: 0..<characters.count, using: &generator))
            }
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: return written
            // Without its letters (`13 2026`): a name that needs one is missing.
            case 1: return Self.mutated(String(written.filter { !$0.isLetter }), &generator)
            default: return Self.mutated(String(characters), &generator)
            }
        }
        #expect(accepted > 0 && fastRejected > 0, "\(pattern): \(accepted) accepted, \(fastRejected) rejected fast")
    }

    /// Numeric patterns without the fast reader (another calendar, the locale's own digits,
    /// several patterns) and names whose letters a value lacks: an ASCII value with a
    /// character no reading consumes, ASCII digits where the locale's are not, or too few
    /// digits is rejected at once (infer asks every value of a column about some sixty
    /// patterns) — never one the pipeline accepts.
    @Test(arguments: [
        ("dd/MM/yyyy", "th_TH"), ("dd/MM/yy", "th_TH"), ("y/M/d", "fa_IR"), ("yyyy/MM/dd", "fa_IR@numbers=latn"),
        ("dd/MM/yyyy", "ar_SA@numbers=latn"), ("d. MMMM y", "de_DE"), ("EEEE, d 'de' MMMM 'de' y", "pt_BR"),
        ("y年M月d日", "ja_JP"), ("any", "en_US"),
    ])
    func datesWithoutTheFastReader(pattern: String, locale: String) throws {
        var date = DateSpec()
        date.format = pattern == "any" ? .any : .pattern(pattern)
        date.today = CivilDate(year: 2026, month: 11, day: 22)
        let field = try FieldValidator(FieldSpec(kind: .date(date), locale: try LocaleID(locale)))
        let writer = try DateWriter(pattern: pattern == "any" ? "M/d/yy" : pattern, locale: try LocaleID(locale))
        let digits = DateSymbols(locale: try LocaleID(locale), namesAtOnce: false).digits
        let (_, accepted, fastRejected) = Self.compare(field, seed: UInt64(pattern.utf8.count + locale.utf8.count)) {
            generator in
            let day = CivilDate(
                year: Int.random(in: 1900...2100, using: &generator), month: Int.random(in: 1...12, using: &generator),
                day: Int.random(in: 1...28, using: &generator))!
            var written = writer.string(day)
            // The locale's digits written as ASCII ones (`1405/1/24` for fa_IR's), which it does not read.
            if Int.random(in: 0..<4, using: &generator) == 0 {
                written = String(
                    String.UnicodeScalarView(
                        written.unicodeScalars.map { scalar in
                            digits.firstIndex(of: scalar).map { Unicode.Scalar(UInt8(0x30 + $0)) } ?? scalar
                        }))
            }
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: return written
            // A value of another column: a code, a number, a date of another pattern.
            case 1:
                return Self.pick(["x12", "2201", "582,97", "03.05.1965", "2026-04-13", "Mai", "x"], &generator)
            default: return Self.mutated(Self.mutated(written, &generator), &generator)
            }
        }
        #expect(accepted > 0 && fastRejected > 0, "\(pattern): \(accepted) accepted, \(fastRejected) rejected fast")
    }

    /// A duration is ruled out on its bytes, by the steps its reader takes: never one the
    /// pipeline accepts.
    @Test func durations() throws {
        let type = CustomType(name: "duration", reader: DurationReader())
        let field = try FieldValidator(FieldSpec(kind: .custom(type), locale: try LocaleID("en_US")))
        let (_, accepted, fastRejected) = Self.compare(field, seed: 11) { generator in
            var value = Self.pick(["P", "-P", "P", "+P", "p", ""], &generator)
            for _ in 0..<Int.random(in: 0...4, using: &generator) {
                value += Self.pick(["1", "12", "1.5", "0,5", "T", "Y", "M", "W", "D", "H", "S", "x", " "], &generator)
            }
            return Self.mutated(value, &generator)
        }
        #expect(accepted > 0 && fastRejected > 0, "\(accepted) accepted, \(fastRejected) rejected fast")
    }

    /// Issue 18: the ISO 8601 fast path of year, yearmonth, time and datetime, with and
    /// without bounds (offsets on either side, fractions), against `ISOScanner`.
    @Test(
        arguments: [
            (TemporalUnit.year, nil, nil), (.year, "1990", "2030"), (.yearMonth, "2000-02", nil),
            (.yearMonth, nil, nil),
            (.time, nil, nil), (.time, "09:00:00", "17:30:00"), (.time, "09:00:00Z", nil),
            (.dateTime, nil, nil), (.dateTime, "2000-02-29T12:00:00", "2030-06-30T00:00:00+02:00"),
        ] as [(TemporalUnit, String?, String?)])
    func temporals(unit: TemporalUnit, minimum: String?, maximum: String?) throws {
        var temporal = TemporalSpec(unit: unit)
        temporal.minimum = minimum.flatMap { TemporalValue(iso: $0, unit: unit) }
        temporal.maximum = maximum.flatMap { TemporalValue(iso: $0, unit: unit) }
        let field = try FieldValidator(FieldSpec(kind: .temporal(temporal), locale: try LocaleID("en_US")))
        let (fast, accepted, fastRejected) = Self.compare(field, seed: UInt64(unit.rawValue.utf8.count)) {
            generator in
            func two(_ range: ClosedRange<Int>) -> String {
                let value = Int.random(in: range, using: &generator)
                return value < 10 ? "0\(value)" : String(value)
            }
            let year = String(Int.random(in: 1980...2040, using: &generator))
            let date = "\(year)-\(two(1...13))-\(two(1...31))"
            var time = "\(two(0...24)):\(two(0...60)):\(two(0...59))"
            if Int.random(in: 0..<4, using: &generator) == 0 {
                time += Self.pick([".5", ",250", ".000", "."], &generator)
            }
            time += Self.pick(["", "", "Z", "+02:00", "-14:00", "+15:00", "+0200"], &generator)
            let value =
                switch unit {
                case .year: year
                case .yearMonth: String(date.prefix(7))
                case .time: time
                case .dateTime: date + Self.pick(["T", "T", "T", " "], &generator) + time
                }
            return Self.mutated(value, &generator)
        }
        #expect(fast * 2 > accepted, "\(unit): fast path took \(fast) of \(accepted) accepted values")
        // Most rejections (a broken shape, a field out of range) are certain on the fast path.
        let rejected = Self.count - accepted
        #expect(fastRejected * 2 > rejected, "\(unit): \(fastRejected) of \(rejected) rejected on the fast path")
    }

    /// Issue 18: the boolean fast path, with Table Schema's words and a schema's own.
    /// A field whose fast path leaves part of the result out (an output formatted apart from
    /// the value, a currency, the input echoed) says so: --json then makes every record in full.
    @Test func aFastAcceptanceIsTheWholeResultOnlyWhenNothingIsLeftOut() throws {
        let locale = try LocaleID("de_DE")
        var spec = FieldSpec(kind: .number(NumberSpec()), locale: locale)
        #expect(try FieldValidator(spec).fastAcceptanceIsWholeResult)
        spec.output = .input
        #expect(try !FieldValidator(spec).fastAcceptanceIsWholeResult)
        var formatted = NumberSpec()
        formatted.toLocale = try LocaleID("en_US")
        #expect(try !FieldValidator(FieldSpec(kind: .number(formatted), locale: locale)).fastAcceptanceIsWholeResult)
        var currency = NumberSpec()
        currency.style = .currency
        currency.currency = "EUR"
        #expect(try !FieldValidator(FieldSpec(kind: .number(currency), locale: locale)).fastAcceptanceIsWholeResult)
        #expect(try FieldValidator(FieldSpec(kind: .text, locale: locale)).fastAcceptanceIsWholeResult)
        var trimmed = FieldSpec(kind: .text, locale: locale)
        trimmed.trim = true
        #expect(try !FieldValidator(trimmed).fastAcceptanceIsWholeResult)
    }

    @Test(arguments: [false, true])
    func booleans(ownWords: Bool) throws {
        var boolean = BooleanSpec()
        if ownWords {
            boolean.trueValues = ["ja", "J", "✓"]
            boolean.falseValues = ["nein", "N", ""]
        }
        let field = try FieldValidator(FieldSpec(kind: .boolean(boolean), locale: try LocaleID("de_DE")))
        let words = boolean.trueValues + boolean.falseValues + ["yes", "tru", "TRUE ", "1.0", "Ja", "✗"]
        let (fast, accepted, fastRejected) = Self.compare(field, seed: ownWords ? 2 : 1) { generator in
            Self.mutated(Self.pick(words, &generator), &generator)
        }
        #expect(fast * 2 > accepted, "fast path took \(fast) of \(accepted) accepted values")
        #expect(fastRejected * 2 > Self.count - accepted, "\(fastRejected) rejected on the fast path")
    }

    @Test(arguments: [
        ("[a-zA-Z0-9]", 12, LengthUnit.graphemes), ("aeiouAEIOU", 6, .graphemes), ("[^aeiou]", 8, .utf16),
        ("[[:L:]]", 5, .bytes), ("pattern", 8, .graphemes),
    ])
    func text(allow: String, maxLength: Int, unit: LengthUnit) throws {
        var spec = FieldSpec(kind: .text, locale: try LocaleID("en_US"))
        if allow == "pattern" {
            spec.pattern = "[A-Za-z]{2}[0-9]{1,2}|[aeiou]+"
        } else {
            spec.allow = CharacterRule(allow)
        }
        spec.maxLength = maxLength
        spec.minLength = 1
        spec.lengthUnit = unit
        let field = try FieldValidator(spec)
        let alphabet = Array("aeiouAEIOUxyz019 \t\r-é\u{200B}")
        let (fast, accepted, fastRejected) = Self.compare(field, seed: UInt64(maxLength)) { generator in
            String(
                (0..<Int.random(in: 0...14, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
        }
        #expect(fast * 2 > accepted, "\(allow): fast path took \(fast) of \(accepted) accepted values")
        #expect(fastRejected > 0, "\(allow): no value rejected on the fast path")
    }
}

extension FastPathTests {
    /// Patterns the ASCII matcher must read (and agree with ICU on), and some it must leave to ICU.
    static let simplePatterns = [
        "[A-Z]{2}[0-9]{2}", "[a-z]+(-[a-z]+)*", "\\d{5}|\\d{5}-\\d{4}", "a*b?c+", "(ab|a)(bc|c)*",
        "[^aeiou]{0,3}x", "(?:a|b){2,}", ".+@.+\\..+", "a{0}b", "x(y|)z", "[a-cx-z0-9_]{1,4}", "(a*)*b",
        "[A-Za-z]{2}[0-9]{1,2}|[aeiou]+", "\\.\\-\\(", "a|b|", "((a|b)c?){3}",
    ]
    static let icuOnlyPatterns = ["\\w+", "[[:L:]]+", "a*?b", "^ab$", "(?i)ab", "[a b]", "[a-]", "\\p{L}", "a++b"]

    /// Random patterns over a few letters, sets, groups and quantifiers.
    static func patternLike(_ generator: inout SeededGenerator) -> String {
        func atom(_ depth: Int) -> String {
            switch Int.random(in: 0..<(depth < 2 ? 7 : 5), using: &generator) {
            case 0, 1: return pick(["a", "b", "c", "-", "x", "1", "."], &generator)
            case 2: return pick(["[ab]", "[^a]", "[a-c]", "[0-9x]", "\\d", "\\."], &generator)
            case 3, 4: return pick(["a", "b"], &generator)
            default:
                let branches = (0..<Int.random(in: 1...3, using: &generator)).map { _ in sequence(depth + 1) }
                return "(" + branches.joined(separator: "|") + ")"
            }
        }
        func sequence(_ depth: Int) -> String {
            (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                atom(depth) + pick(["", "", "", "?", "*", "+", "{2}", "{0,2}", "{1,}"], &generator)
            }.joined()
        }
        return sequence(0)
    }

    @Test func asciiPatternsAgreeWithICU() throws {
        var generator = SeededGenerator(seed: 4242)
        let alphabet = Array("abcx1-.9Z \n")
        var patterns = Self.simplePatterns
        for _ in 0..<300 { patterns.append(Self.patternLike(&generator)) }
        var compiled = 0
        var failures = 0
        for pattern in patterns {
            // ICU refuses some generated patterns (an empty one): so does fieldcheck, before any value.
            guard let regex = try? RegexHandle(pattern: pattern) else {
                #expect(!Self.simplePatterns.contains(pattern))
                continue
            }
            guard let ascii = regex.ascii else {
                #expect(!Self.simplePatterns.contains(pattern), "'\(pattern)' should be read without ICU")
                continue
            }
            compiled += 1
            for _ in 0..<max(50, Self.count / 100) {
                let value = String(
                    (0..<Int.random(in: 0...8, using: &generator)).map { _ in
                        alphabet.randomElement(using: &generator)!
                    })
                let bytes = Array(value.utf8)
                let fast = bytes.withUnsafeBufferPointer { ascii.matches($0) }
                let icu = regex.matches(value.utf16).matched
                if fast != icu {
                    failures += 1
                    if failures <= 10 { Issue.record("'\(pattern)' on '\(value)': ASCII matcher \(fast), ICU \(icu)") }
                }
            }
        }
        for pattern in Self.icuOnlyPatterns {
            #expect(try RegexHandle(pattern: pattern).ascii == nil, "'\(pattern)' must be left to ICU")
        }
        // Most generated patterns are in the subset: the comparison is not vacuous.
        #expect(compiled * 2 > patterns.count, "only \(compiled) of \(patterns.count) patterns compiled")
    }
}

extension FastPathTests {
    /// The example a pattern mismatch quotes is a value ICU matches, of the lengths asked for,
    /// made of characters the field allows, whenever the automaton offers one.
    @Test func asciiPatternExamplesMatchInICU() throws {
        var generator = SeededGenerator(seed: 4444)
        var patterns = Self.simplePatterns
        for _ in 0..<300 { patterns.append(Self.patternLike(&generator)) }
        var made = 0
        for pattern in patterns {
            guard let regex = try? RegexHandle(pattern: pattern), let ascii = regex.ascii else { continue }
            for (lengths, usable) in [(0...Int.max, "abcx1-.9Z"), (1...3, "b1-"), (4...6, "ac9")] {
                guard
                    let example = ascii.example(
                        lengths: lengths, preferred: 5, usable: { usable.utf8.contains($0) })
                else { continue }
                made += 1
                #expect(regex.matches(example.utf16).matched, "'\(pattern)': example '\(example)' does not match")
                #expect(lengths.contains(example.utf8.count), "'\(pattern)': '\(example)' is not \(lengths) long")
                #expect(example.utf8.allSatisfy { usable.utf8.contains($0) }, "'\(pattern)': '\(example)'")
            }
        }
        #expect(made > patterns.count, "only \(made) examples for \(patterns.count) patterns")
        #expect(
            try RegexHandle(pattern: "[A-Z]{2}[0-9]{4}").ascii?.example(lengths: 0...9, preferred: 5) { _ in true }
                == "AB1234")
    }
}

extension FastPathTests {
    /// A rejected value's offending character, as the automaton finds it, is the one ICU's
    /// prefix search names: the first after which no continuation can match (nil when the
    /// value stops short of a match).
    @Test func asciiPatternsStopWhereICUStops() throws {
        var generator = SeededGenerator(seed: 4343)
        let alphabet = Array("abcx1-.9Z ")
        var patterns = Self.simplePatterns
        for _ in 0..<300 { patterns.append(Self.patternLike(&generator)) }
        var compared = 0
        var stops = 0
        var failures = 0
        for pattern in patterns {
            guard let regex = try? RegexHandle(pattern: pattern), let ascii = regex.ascii else { continue }
            for _ in 0..<max(50, Self.count / 100) {
                let value = String(
                    (0..<Int.random(in: 0...8, using: &generator)).map { _ in
                        alphabet.randomElement(using: &generator)!
                    })
                guard let fast = Array(value.utf8).withUnsafeBufferPointer({ ascii.firstStop($0) }) else { continue }
                let matched = regex.matches(value.utf16).matched
                var icuStop: Int?
                if !matched {
                    for end in 1...max(1, value.utf8.count) where end <= value.utf8.count {
                        let attempt = regex.matches(value.utf16.prefix(end))
                        if !attempt.matched && !attempt.hitEnd {
                            icuStop = end - 1
                            break
                        }
                    }
                }
                compared += 1
                if fast.stop != nil { stops += 1 }
                if fast.matched != matched || (!matched && fast.stop != icuStop) {
                    failures += 1
                    if failures <= 10 {
                        Issue.record(
                            "'\(pattern)' on '\(value)': automaton \(fast), ICU matched \(matched) stop \(String(describing: icuStop))"
                        )
                    }
                }
            }
        }
        #expect(compared > 10_000, "only \(compared) values compared")
        #expect(stops > compared / 10, "only \(stops) of \(compared) values stopped early")
    }
}

extension FieldResult {
    /// The result with every diagnostic's message emptied, as a validator that does not
    /// explain rejections gives it.
    var withoutMessages: FieldResult {
        func blank(_ list: [Diagnostic]) -> [Diagnostic] {
            list.map {
                var diagnostic = $0
                diagnostic.message = ""
                return diagnostic
            }
        }
        var copy = self
        copy.errors = blank(errors)
        copy.warnings = blank(warnings)
        copy.removed = blank(removed)
        return copy
    }
}

extension String {
    /// A date written with a numeric pattern (`dd.MM.yyyy`) by hand, for the generator.
    func replacingFields(year: Int, month: Int, day: Int, pad: (Int, Int) -> String) -> String {
        var out = ""
        var characters = Array(self)[...]
        while let letter = characters.first {
            let run = characters.prefix { $0 == letter }.count
            characters = characters.dropFirst(run)
            switch letter {
            case "y": out += run == 2 ? pad(year % 100, 2) : pad(year, 4)
            case "M": out += pad(month, run)
            case "d": out += pad(day, run)
            default: out += String(repeating: letter, count: run)
            }
        }
        return out
    }
}
