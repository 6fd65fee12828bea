/// Why a finding was made, as data: the rule a value breaks and the arguments that say how
/// (the rule's words, the limit, the count, the example of a valid value), put into words only
/// when somebody reads them.
///
/// The words are written in one place, `Diagnostic.withMessage`, straight into memory sized
/// beforehand: a printer copies them into its output buffer (escaped for a terminal or for
/// JSON) without a `String` made for the message, its pieces or the character's description.
/// Building each sentence as a `String` in the validator, and copying it again in the printer,
/// was most of the cost of an explained rejection (issue 35). A reader that has not been moved
/// to typed arguments yet gives its words as a `sentence`.
public enum Reason: Sendable, Hashable {
    /// Words already put together (and none at all, `""`, when the caller did not ask for them).
    case sentence(String)
    /// A byte that is not part of a well-formed UTF-8 sequence (the diagnostic's `byte`, at
    /// its `offset` in bytes).
    case invalidUTF8(expected: String)
    /// A NUL inside a value; `hint` is what the front end adds (` (for NUL-separated records
    /// use -z)`), or empty.
    case nul(hint: String, expected: String)
    /// The diagnostic's character breaks a character rule: `rule` says which
    /// (`not in --allow abc`), `expected` is an example of a valid value.
    case disallowed(rule: String, expected: String)
    /// The diagnostic's character was removed (`--strip`) by the rule `rule`.
    case removed(rule: String)
    /// `count` more characters were removed, from the diagnostic's offset over its length,
    /// the first of them its character, by the rule `rule` (the first one's).
    case removedMore(count: Int, rule: String)
    /// The value is `count` units long, more than `maximum`; the excess starts at the
    /// diagnostic's character.
    case tooLong(unit: LengthUnit, count: Int, maximum: Int, expected: String)
    /// The value is `count` units long, fewer than `minimum`.
    case tooShort(unit: LengthUnit, count: Int, minimum: Int, expected: String)
    /// A reader (number, date) refused the diagnostic's character as `what`: `why` says why,
    /// `hint` what the front end adds (` (--trim ignores white space at the ends)`), or empty,
    /// `expected` is an example of a valid value and `after` another reading, or nil.
    indirect case refused(RefusedAs, why: Why, hint: String, expected: String, after: OtherReading?)
    /// A reader refused the value, or a part of it, as a whole (`why` says which).
    indirect case unreadable(why: Why, expected: String, after: OtherReading?)

    /// A table column's cell is empty where the column `requires` a value.
    indirect case required(column: String, expected: String)
    /// A value is not in the field's `enum`: as written, with what it means (`meaning`) when read as
    /// something else (`3.500` is 3500 in de_DE); `allowed` lists the first few.
    indirect case notInEnum(value: String, meaning: String?, allowed: String)
    /// A cell's value of a unique column already stood in row `firstRow`.
    indirect case repeated(value: String, column: String, firstRow: Int)
    /// Not a boolean: the diagnostic's character begins none of the words (or, without a
    /// character, the value ends too soon); `lists` names the words for true and for false.
    indirect case notABoolean(lists: String)
    /// A value reader of a registered type (`FieldType`) refused the value, at the
    /// diagnostic's character when it has one: `why`, then an example of the type's values.
    indirect case notOfType(String, why: String, example: String)
    /// The value does not match `pattern`: no match can continue with the diagnostic's
    /// character; without a character, the value ends before the pattern is complete (at
    /// the diagnostic's offset), or, without an offset, the search for the character was
    /// given up; `expected` is an example of a matching value, or empty when the field has none.
    indirect case patternMismatch(pattern: String, expected: String)
    /// The value is empty; `expected` is the whole phrase (`expected a date like 13.04.26`).
    indirect case empty(expected: String)
    /// Not an identifier (a country, currency, language, time zone: `noun`): `why`, then
    /// the diagnostic's character and where, when it has one, then `expected` (the phrase).
    indirect case notAnIdentifier(noun: String, why: String, expected: String)
    /// A row of `cells` cells has no cell for the column `column`, the one at 0-based `at`.
    indirect case missingCell(cells: Int, column: String, at: Int)
    /// A row of `cells` cells (nil: a blank line) where the header, or the first row when
    /// there is none, has `width`.
    case ragged(cells: Int?, width: Int, againstHeader: Bool)
    /// The primary key (`columns`) of the row repeats the one of row `firstRow`.
    indirect case keyRepeated(columns: String, firstRow: Int)
    /// The quote at the diagnostic's offset (in bytes of the row) is never closed.
    case unclosedQuote
    /// Text follows a closing quote, at the diagnostic's offset (in bytes of the row); its
    /// character when it is one on its own (ASCII).
    case textAfterQuote
    /// A row of the diagnostic's length in bytes is over the limit and was not checked; `hint`
    /// is what the front end adds (` (raise --max-record-bytes …)`), or empty.
    case rowTooLong(hint: String)
    /// A `value` beyond a bound of the field: less than (`minimum`) or greater than its
    /// `bound`, or, `inTime`, earlier or later (a date, a time, a datetime in ISO 8601);
    /// `expected` the phrase after "expected", or empty.
    indirect case beyond(value: String, bound: String, minimum: Bool, inTime: Bool, expected: String)
    /// A temporal `value` that cannot be ordered against the `minimum` (or maximum) `bound`:
    /// one has a UTC offset (the value, when `valueHasOffset`), the other none, and they are
    /// less than 14 hours apart; `expected` the phrase after "expected".
    indirect case incomparable(value: String, bound: String, minimum: Bool, valueHasOffset: Bool, expected: String)
    /// The diagnostic's character read as the locale's `symbol`, which `locale` writes `own`
    /// (a space variant as the grouping separator, ¥ as ￥).
    indirect case readAs(Symbol, locale: String, own: String)
    /// `value` read as the `noun` `code` by a loose match of names (as `locale` collates
    /// them), the name it matched being `written`, when known.
    indirect case readLoosely(value: String, noun: String, code: String, written: String?, locale: String)
    /// Normalized (`form`: NFC, NFKC…), the value would grow past the limit.
    indirect case normalizationTooLong(form: String)
    /// The `pattern` ran out of time on the value: ICU stopped it after `millions` million steps.
    indirect case patternTimedOut(pattern: String, millions: Int)
    /// The run's time for slow patterns (`millions` million steps) was spent before the value,
    /// which needs more than a match may then take.
    indirect case patternBudgetSpent(pattern: String, millions: Int)
    /// The foreign key (`columns`) has no match in `fields` of `resource` ("": this table).
    indirect case noForeignMatch(columns: String, resource: String, fields: String)
    /// The header's cell at 0-based `at` names a column the schema lacks (`fieldsMatch`
    /// refuses extras); `fields` lists the schema's.
    indirect case extraColumn(String, at: Int, fieldsMatch: String, fields: String)
    /// The header's cell at 0-based `at` names another column than the schema's `expected`
    /// there (`fieldsMatch: exact`).
    indirect case misplacedColumn(String, at: Int, expected: String)
    /// What is left of a finding with nothing of the value (`--redact`): the code, where, the
    /// kind of character (the diagnostic's `category`) and the field's example.
    case redacted(expected: String?)

    /// What a reader took a refused character for, the start of its message.
    public enum RefusedAs: Sendable, Hashable {
        case character, unexpectedCharacter, misplacedSign, secondDecimalSeparator, misplacedGroupingSeparator
        case otherNumberingSystemDigit
        /// A date's: `unexpected`, and `trailing text from`.
        case unexpected, trailingText
    }

    /// A symbol of the locale's a variant of it was read as.
    public enum Symbol: Sendable, Hashable {
        case groupingSeparator, currencySymbol
    }
}

extension Reason {
    /// `reason` when the caller reads reasons in words (`CheckDetail.explains`), else none:
    /// then the reason's arguments are not even made.
    static func ifExplained(_ explains: Bool, _ reason: @autoclosure () -> Reason) -> Reason {
        explains ? reason() : .sentence("")
    }
}

extension Diagnostic {
    /// Hands `body` the message in words, as UTF-8: the one place a reason is worded.
    ///
    /// The bytes live only during the call (on the stack when short): a printer copies them
    /// into its own buffer, escaped as its format needs.
    public func withMessage(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        if case .sentence(let text) = reason {
            text.withUTF8Bytes(body)
            return
        }
        MessageWriter.withBytes({ write(to: &$0) }, body)
    }

    private func write(to writer: inout MessageWriter) {
        let column = (offset ?? 0) + 1
        switch reason {
        case .sentence(let text):
            writer.put(text)
        case .invalidUTF8(let expected):
            writer.put("invalid UTF-8: byte 0x")
            writer.put(hex: UInt32(byte ?? 0), width: 2)
            writer.put(" at byte offset ")
            writer.put(decimal: offset ?? 0)
            writer.put(" is not part of a well-formed UTF-8 sequence; the input must be UTF-8 text")
            writer.put(expected: expected)
        case .nul(let hint, let expected):
            writer.put("NUL character (U+0000) at column ")
            writer.put(decimal: column)
            writer.put("; a value cannot hold NUL")
            writer.put(hint)
            writer.put(expected: expected)
        case .disallowed(let rule, let expected):
            writer.put("disallowed character ")
            writer.put(character: character, atColumn: column)
            writer.put(": ")
            writer.put(rule)
            writer.put(expected: expected)
        case .removed(let rule):
            writer.put("removed ")
            writer.put(character: character, atColumn: column)
            writer.put(": ")
            writer.put(rule)
        case .removedMore(let count, let rule):
            writer.put("removed ")
            writer.put(decimal: count)
            writer.put(" more characters from column ")
            writer.put(decimal: column)
            writer.put(" to column ")
            writer.put(decimal: (offset ?? 0) + length)
            writer.put(", not listed one by one; the first is ")
            writer.putDescription(of: character)
            writer.put(": ")
            writer.put(rule)
        case .tooLong(let unit, let count, let maximum, let expected):
            writer.put("too long: ")
            writer.put(count: count, of: unit)
            writer.put(", at most ")
            writer.put(decimal: maximum)
            writer.put(" allowed; the excess starts with ")
            writer.put(character: character, atColumn: column)
            writer.put(expected: expected)
        case .tooShort(let unit, let count, let minimum, let expected):
            writer.put("too short: ")
            writer.put(count: count, of: unit)
            writer.put(", at least ")
            writer.put(decimal: minimum)
            writer.put(" required; expected ")
            writer.put(expected)
        case .refused(let what, let why, let hint, let expected, let after):
            switch what {
            case .character: writer.put("character ")
            case .unexpectedCharacter: writer.put("unexpected character ")
            case .misplacedSign: writer.put("misplaced sign ")
            case .secondDecimalSeparator: writer.put("second decimal separator ")
            case .misplacedGroupingSeparator: writer.put("misplaced grouping separator ")
            case .otherNumberingSystemDigit: writer.put("digit of another numbering system ")
            case .unexpected: writer.put("unexpected ")
            case .trailingText: writer.put("trailing text from ")
            }
            writer.put(character: character, atColumn: column)
            writer.put(": ")
            why.write(to: &writer)
            writer.put(hint)
            writer.put(expected: expected)
            after?.write(to: &writer)
        case .unreadable(let why, let expected, let after):
            why.write(to: &writer)
            writer.put(expected: expected)
            after?.write(to: &writer)
        case .required(let column, let expected):
            writer.put("the column '")
            writer.put(column)
            writer.put("' requires a value; expected ")
            writer.put(expected)
        case .notInEnum(let value, let meaning, let allowed):
            writer.put(quoting: value)
            if let meaning {
                writer.put(" (")
                writer.put(meaning)
                writer.put(")")
            }
            writer.put(" is not one of the allowed values: ")
            writer.put(allowed)
        case .repeated(let value, let column, let firstRow):
            writer.put("the value ")
            writer.put(quoting: value)
            writer.put(" of the unique column '")
            writer.put(column)
            writer.put("' already appeared in row ")
            writer.put(decimal: firstRow)
        case .notABoolean(let lists):
            if character != nil {
                writer.put("not a boolean: ")
                writer.put(character: character, atColumn: column)
                writer.put(" begins no true or false value; ")
            } else {
                writer.put("not a boolean: the value ends too soon; ")
            }
            writer.put(lists)
        case .notOfType(let name, let why, let example):
            writer.put("not a ")
            writer.put(name)
            writer.put(" value: ")
            if character != nil {
                writer.put(character: character, atColumn: column)
                writer.put(": ")
            }
            writer.put(why)
            writer.put("; expected a value like ")
            writer.put(example)
            writer.put(" (")
            writer.put(name)
            writer.put(")")
        case .patternMismatch(let pattern, let expected):
            writer.put("does not match the pattern '")
            writer.put(pattern)
            writer.put("'")
            if character != nil {
                writer.put(": no match can continue with ")
                writer.put(character: character, atColumn: column)
            } else if offset != nil {
                writer.put(": the value ends before the pattern is complete")
            }
            if !expected.isEmpty {
                writer.put("; expected ")
                writer.put(expected)
            }
        case .empty(let expected):
            writer.put("empty value; ")
            writer.put(expected)
        case .notAnIdentifier(let noun, let why, let expected):
            writer.put("not a ")
            writer.put(noun)
            writer.put(": ")
            writer.put(why)
            if character != nil {
                writer.put("; ")
                writer.put(character: character, atColumn: column)
                if code == .unknownName {
                    writer.put(" begins no ")
                    writer.put(noun)
                    writer.put(" there")
                }
            }
            writer.put("; ")
            writer.put(expected)
        case .missingCell(let cells, let column, let at):
            writer.put("the row has ")
            writer.put(count: cells, of: "cell")
            writer.put(", so no cell for the column '")
            writer.put(column)
            writer.put("' (cell ")
            writer.put(decimal: at + 1)
            writer.put(")")
        case .ragged(let cells, let width, let againstHeader):
            if let cells {
                writer.put("the row has ")
                writer.put(count: cells, of: "cell")
                writer.put(" where ")
            } else {
                writer.put("a blank line: a row of 1 empty cell where ")
            }
            writer.put(againstHeader ? "the header" : "the first row")
            writer.put(" has ")
            writer.put(decimal: width)
        case .keyRepeated(let columns, let firstRow):
            writer.put("the primary key (")
            writer.put(columns)
            writer.put(") repeats row ")
            writer.put(decimal: firstRow)
        case .unclosedQuote:
            writer.put("the quote at byte ")
            writer.put(decimal: column)
            writer.put(" of the row is never closed, so the rest of the input was read as one cell")
        case .textAfterQuote:
            writer.put("text after the closing quote at byte ")
            writer.put(decimal: column)
            writer.put(" of the row")
            if character != nil {
                writer.put(" (")
                writer.putDescription(of: character)
                writer.put(")")
            }
            writer.put(
                "; a quoted cell must end at a delimiter or the end of the line (write \"\" for a quote inside it)")
        case .rowTooLong(let hint):
            writer.put("row too long: ")
            writer.put(decimal: length)
            writer.put(" bytes, more than the limit; it was not checked")
            writer.put(hint)
        case .beyond(let value, let bound, let minimum, let inTime, let expected):
            writer.put(value)
            switch (minimum, inTime) {
            case (true, true): writer.put(" is earlier than the minimum ")
            case (false, true): writer.put(" is later than the maximum ")
            case (true, false): writer.put(" is less than the minimum ")
            case (false, false): writer.put(" is greater than the maximum ")
            }
            writer.put(bound)
            if !expected.isEmpty {
                writer.put(expected: expected)
            }
        case .incomparable(let value, let bound, let minimum, let valueHasOffset, let expected):
            writer.put(value)
            writer.put(minimum ? " cannot be compared with the minimum " : " cannot be compared with the maximum ")
            writer.put(bound)
            writer.put(": ")
            writer.put(valueHasOffset ? value : bound)
            writer.put(" has a UTC offset, ")
            writer.put(valueHasOffset ? bound : value)
            writer.put(
                " has none, and less than 14 hours apart the order depends on the offset; expected ")
            writer.put(expected)
            writer.put(", with an offset where the bound has one and without where it has none")
        case .readAs(let symbol, let locale, let own):
            writer.put(character: character, atColumn: column)
            writer.put(
                symbol == .groupingSeparator ? " read as the grouping separator (" : " read as the currency symbol (")
            writer.put(locale)
            writer.put(" writes ")
            // A separator is often invisible: it is described; a symbol is shown.
            if symbol == .groupingSeparator {
                writer.putDescription(of: own.unicodeScalars.first)
            } else {
                writer.put(quoting: own)
            }
            writer.put(")")
        case .readLoosely(let value, let noun, let code, let written, let locale):
            writer.put("read '")
            writer.put(value)
            writer.put("' as the ")
            writer.put(noun)
            writer.put(" ")
            writer.put(code)
            if let written {
                writer.put(" ('")
                writer.put(written)
                writer.put("' in ")
                writer.put(locale)
                writer.put(")")
            }
            writer.put(", matching names as ")
            writer.put(locale)
            writer.put(" collates them")
        case .normalizationTooLong(let form):
            writer.put("normalized (")
            writer.put(form)
            writer.put("), the value would be more than ")
            writer.put(decimal: FieldValidator.normalizationGrowth)
            writer.put(" times as long as written (and over ")
            writer.put(decimal: FieldValidator.normalizationSlack)
            writer.put(
                " UTF-16 units), as when it repeats a character that expands to many, such as U+FDFA ARABIC "
                    + "LIGATURE SALLALLAHOU ALAYHE WASALLAM (18 characters)")
        case .patternTimedOut(let pattern, let millions):
            writer.put("the pattern '")
            writer.put(pattern)
            writer.put("' took too long on this value: ICU stopped it after ")
            writer.put(decimal: millions)
            writer.put(
                " million steps without an answer; a pattern that can match the same text in many ways, "
                    + "such as (a+)+, backtracks without end")
        case .patternBudgetSpent(let pattern, let millions):
            writer.put("the pattern '")
            writer.put(pattern)
            writer.put(
                "' was not decided on this value: the run's budget for patterns that take too long (")
            writer.put(decimal: millions)
            writer.put(
                " million steps of ICU's match engine, spent on values that timed out) is used up, and since "
                    + "then a match may take ")
            writer.put(decimal: Int(PatternTimeBudget.limitWhenSpent) * 10)
            writer.put(
                ",000 steps, which this value needs more than; the pattern backtracks (as (a+)+$ does, where "
                    + "a+$ means the same): rewrite it and check the rejected rows again")
        case .noForeignMatch(let columns, let resource, let fields):
            writer.put("the foreign key (")
            writer.put(columns)
            writer.put(") has no match in ")
            if resource.isEmpty {
                writer.put("this table")
            } else {
                writer.put("the resource '")
                writer.put(resource)
                writer.put("'")
            }
            writer.put(" (")
            writer.put(fields)
            writer.put(")")
        case .extraColumn(let name, let at, let match, let fields):
            writer.put("the column '")
            writer.put(name)
            writer.put("' (cell ")
            writer.put(decimal: at + 1)
            writer.put(") is not a field of the schema (fieldsMatch: ")
            writer.put(match)
            writer.put("); its fields: ")
            writer.put(fields)
        case .misplacedColumn(let name, let at, let expected):
            writer.put("cell ")
            writer.put(decimal: at + 1)
            writer.put(" of the header is '")
            writer.put(name)
            writer.put("' where the schema has '")
            writer.put(expected)
            writer.put("' (fieldsMatch: exact keeps the schema's order; equal allows any)")
        case .redacted(let expected):
            writer.put(code.summary)
            if let offset {
                // A byte is counted from 0, as the unredacted message and JSON count it; a
                // column from 1.
                if code == .invalidUTF8 {
                    writer.put(" at byte offset ")
                    writer.put(decimal: offset)
                } else {
                    writer.put(" at column ")
                    writer.put(decimal: offset + 1)
                }
            }
            if let category {
                writer.put(" (")
                writer.put(category)
                writer.put(")")
            }
            if let expected {
                writer.put(expected: expected)
            }
        }
    }

    /// Adds another reading of the value at the end of the reason (`; '1,5' is not a number
    /// in en_US, but in de_DE it reads as 1.5`); a reason that holds none as data gets its words.
    package mutating func add(_ reading: OtherReading) {
        switch reason {
        case .refused(let what, let why, let hint, let expected, nil):
            reason = .refused(what, why: why, hint: hint, expected: expected, after: reading)
        case .unreadable(let why, let expected, nil):
            reason = .unreadable(why: why, expected: expected, after: reading)
        case .refused, .unreadable:
            // One other reading is said, the first found: the readers try them in order and
            // stop at the first that reads the value.
            break
        default:
            message += MessageWriter.string { reading.write(to: &$0) }
        }
    }
}

/// Why a number or date reader refused a value, as it found it: its findings as data.
public enum Why: Sendable, Hashable {
    /// What the number reader (or a number rule) found.
    case number(NumberProblem)
    /// What the date reader (or a date's field ranges) found.
    case date(DateProblem)

    func write(to writer: inout MessageWriter) {
        switch self {
        case .number(let problem): problem.write(to: &writer)
        case .date(let problem): problem.write(to: &writer)
        }
    }
}

/// Bytes written into memory sized beforehand, cut at its end rather than past it: a message
/// put together with no `String` per piece.
struct MessageWriter {
    private let base: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private var count = 0
    /// The bytes once they outgrow the stack: a rule or value of kilobytes is worded whole.
    private var spilled: [UInt8]? = nil

    private init(base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    /// Hands `body` what `write` put, from the stack when it fits in 512 bytes (every message
    /// but those quoting long rules or values).
    static func withBytes(
        _ write: (inout MessageWriter) -> Void, _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 512) { buffer in
            var writer = MessageWriter(base: buffer.baseAddress!, capacity: 512)
            write(&writer)
            if let spilled = writer.spilled {
                spilled.withUnsafeBufferPointer(body)
            } else {
                body(UnsafeBufferPointer(start: buffer.baseAddress, count: writer.count))
            }
        }
    }

    /// What `write` put, as a string.
    static func string(_ write: (inout MessageWriter) -> Void) -> String {
        var text = ""
        withBytes(write) { text = String(decoding: $0, as: UTF8.self) }
        return text
    }

    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        if spilled != nil {
            spilled!.append(contentsOf: bytes)
        } else if count + bytes.count <= capacity {
            if let source = bytes.baseAddress { (base + count).update(from: source, count: bytes.count) }
            count += bytes.count
        } else {
            spilled = Array(UnsafeBufferPointer(start: base, count: count)) + Array(bytes)
        }
    }

    mutating func put(_ text: StaticString) {
        put(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// `; expected` and the phrase: how most reasons end.
    mutating func put(expected: String) {
        put("; expected ")
        put(expected)
    }

    mutating func put(_ text: String) {
        text.withUTF8Bytes { put($0) }
    }

    mutating func put(byte: UInt8) {
        if spilled == nil && count < capacity {
            base[count] = byte
            count += 1
        } else {
            withUnsafePointer(to: byte) { put(UnsafeBufferPointer(start: $0, count: 1)) }
        }
    }

    mutating func put(scalar: Unicode.Scalar) {
        UTF8.encode(scalar) { put(byte: $0) }
    }

    mutating func put(decimal value: Int) {
        withDecimalDigits(value) { put($0) }
    }

    mutating func put(hex value: UInt32, width: Int) {
        withHexDigits(value, width: width) { put($0) }
    }

    /// `3 characters`, `1 byte`: a length in its unit, as `LengthUnit.describe` words it.
    mutating func put(count: Int, of unit: LengthUnit) {
        put(count: count, of: unit.singular)
    }

    /// `3 cells`, `1 cell`: a count of things named in the singular.
    mutating func put(count: Int, of singular: String) {
        put(decimal: count)
        put(byte: 0x20)
        put(singular)
        if count != 1 { put(byte: UInt8(ascii: "s")) }
    }

    /// A value quoted as `quoted` words it: `'12a,5'`, or its first 200 characters and its
    /// length (`'aaaa…' (60000000 characters)`).
    mutating func put(quoting value: String) {
        put(byte: UInt8(ascii: "'"))
        let limit = 200
        if value.utf8.count <= limit {
            put(value)
            put(byte: UInt8(ascii: "'"))
            return
        }
        var shown = 0
        var cut: String.Index? = nil
        for index in value.unicodeScalars.indices {
            if shown == limit {
                cut = index
                break
            }
            shown += 1
        }
        guard let cut else {
            put(value)
            put(byte: UInt8(ascii: "'"))
            return
        }
        var prefix = Substring(value.unicodeScalars[..<cut])
        prefix.withUTF8 { put($0) }
        put("…' (")
        put(decimal: value.unicodeScalars.count)
        put(" characters)")
    }

    /// The character as `CharacterDescription.describe` words it.
    mutating func putDescription(of character: Unicode.Scalar?) {
        guard let character else { return }
        CharacterDescription.withDescription(of: character) { put($0) }
    }

    /// `'a' (U+0061 LATIN SMALL LETTER A) at column 3`: the character and where it stands.
    mutating func put(character: Unicode.Scalar?, atColumn column: Int) {
        putDescription(of: character)
        put(" at column ")
        put(decimal: column)
    }
}
