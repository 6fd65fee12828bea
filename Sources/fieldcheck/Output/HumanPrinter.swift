import FieldCheck

/// Renders diagnostics as one line each on stderr:
/// `fieldcheck: line 3: '12a,5': unexpected character 'a' (U+0061 LATIN SMALL LETTER A) at column 3; …`
/// On a terminal (or with `--color always`) the code is coloured and a caret line points at
/// the character.
struct HumanPrinter {
    var color: Bool
    var caret: Bool

    /// A value's diagnostics: errors, characters `--strip` removed, and its warnings unless
    /// `warnings` is false (`--warnings once` renders them one by one: `render(warning:…)`).
    func render(_ result: FieldResult, at location: Location, warnings: Bool = true) -> String {
        let out = FieldOutput(capacity: 256)
        render(result, at: location, warnings: warnings, into: out)
        return out.string
    }

    /// `render(_:at:warnings:)` appended to `out`: straight into stderr's buffer
    /// (`Sinks.diagnose(_:)`), for a value of random Unicode whose lines made a `String` of
    /// kilobytes, validated again as UTF-8, only to be copied out.
    func render(_ result: FieldResult, at location: Location, warnings: Bool = true, into out: FieldOutput) {
        // The value, quoted unless redacted, worked out once for every line.
        let shown = result.isRedacted ? nil : Self.display(result.input)
        let place = Place.location(location)
        // Read in place: a loop over the array copied each diagnostic (its reason's strings).
        result.errors.withUnsafeBufferPointer { errors in
            for index in errors.indices {
                appendLine(to: out, place, shown?.text, errors[index], warning: false)
                if caret, let shown { appendCaret(to: out, input: result.input, shown: shown.text, errors[index]) }
            }
        }
        result.removed.withUnsafeBufferPointer { removed in
            for index in removed.indices { appendLine(to: out, place, shown?.text, removed[index], warning: true) }
        }
        if warnings {
            result.warnings.withUnsafeBufferPointer { warnings in
                for index in warnings.indices {
                    appendLine(to: out, place, shown?.text, warnings[index], warning: true)
                }
            }
        }
    }

    /// One warning of a value, alone, appended to `out`.
    func render(warning diagnostic: Diagnostic, of result: FieldResult, at location: Location, into out: FieldOutput) {
        appendLine(
            to: out, .location(location), result.isRedacted ? nil : Self.display(result.input).text, diagnostic,
            warning: true)
    }

    /// One diagnostic about a CSV cell or row, placed as "data.csv: row 3 (line 4), column
    /// 'price'" (or "header (line 1)", without a column for a whole row), appended to `out`.
    func render(
        row problems: RowProblems, column: String?, input: String?, _ diagnostic: Diagnostic, warning: Bool = false,
        into out: FieldOutput
    ) {
        let shown = input.map(Self.display)
        appendLine(
            to: out, .row(file: problems.file, row: problems.row, line: problems.line, column: column), shown?.text,
            diagnostic, warning: warning)
        if caret, !warning, let input, let shown { appendCaret(to: out, input: input, shown: shown.text, diagnostic) }
    }

    /// Where a diagnostic is: a value's location, or a csv row's.
    private enum Place {
        case location(Location)
        /// A csv row (or the header, row 0), and the column when the problem is a cell's: only
        /// what is shown (a whole `RowProblems` here was copied for every problem).
        case row(file: String?, row: Int, line: Int, column: String?)
    }

    /// `fieldcheck: PLACE: ['INPUT': ][warning: ]MESSAGE [code]`, appended as bytes to a
    /// buffer that becomes a `String` once: appended to a `String`, each of a line's dozen
    /// pieces cost about 360 instructions, a quarter of an explained run (issue 35). Without
    /// `input` (redacted, or about a whole row) the value is left out.
    private func appendLine(
        to out: FieldOutput, _ place: Place, _ input: String?, _ diagnostic: Diagnostic, warning: Bool
    ) {
        out.append(literal: "fieldcheck: ")
        // Of the place, only the file name and a column's can hold what a terminal must not see.
        let file: String? =
            switch place {
            case .location(let location): location.file
            case .row(let file, _, _, _): file
            }
        if let file {
            TerminalText.append(escaping: file, to: out)
            out.append(literal: ": ")
        }
        switch place {
        case .location(let location):
            out.append(location.unit)
            out.append(byte: 0x20)
            out.appendDecimal(location.number)
        case .row(_, let row, let line, let column):
            if row == 0 {
                out.append(literal: "header")
            } else {
                out.append(literal: "row ")
                out.appendDecimal(row)
            }
            out.append(literal: " (line ")
            out.appendDecimal(line)
            out.append(byte: UInt8(ascii: ")"))
            if let column {
                out.append(literal: ", column '")
                TerminalText.append(escaping: column, to: out)
                out.append(byte: UInt8(ascii: "'"))
            }
        }
        if let input {
            out.append(literal: ": '")
            out.append(input)
            out.append(literal: "': ")
        } else {
            out.append(literal: ": ")
        }
        if warning {
            out.append(paint("warning", "33"))
            out.append(literal: ": ")
        }
        diagnostic.withMessage { TerminalText.append(escaping: $0, to: out) }
        out.append(byte: 0x20)
        if color {
            out.append(paint("[\(diagnostic.code.rawValue)]", warning ? "33" : "31"))
        } else {
            out.append(byte: UInt8(ascii: "["))
            out.append(diagnostic.code.rawValue)
            out.append(byte: UInt8(ascii: "]"))
        }
        out.append(byte: 0x0A)
    }

    /// The caret line of a diagnostic that points at characters (not at a byte of invalid UTF-8).
    private func appendCaret(to out: FieldOutput, input: String, shown: String, _ diagnostic: Diagnostic) {
        guard let offset = diagnostic.offset, diagnostic.code != .invalidUTF8,
            let line = caretLine(input: input, shown: shown, offset: offset, length: max(1, diagnostic.length))
        else { return }
        out.append(line)
    }

    /// The value as the quoted one shows it (`shown`: invisible characters as `\u{200B}`), and
    /// carets under the characters found, placed by the cells a terminal draws (漢 and most
    /// emoji take two, a combining mark none). Nil past the first 120 characters, which are
    /// all shown.
    private func caretLine(input: String, shown: String, offset: Int, length: Int) -> String? {
        let scalars = Array(input.unicodeScalars)
        guard offset <= scalars.count, offset + length <= 120 else { return nil }
        func cells(_ part: ArraySlice<Unicode.Scalar>) -> Int {
            Self.display(String(String.UnicodeScalarView(part))).text.reduce(0) {
                $0 + CharacterDescription.cellWidth($1)
            }
        }
        let indent = cells(scalars[..<offset])
        let marks = max(1, cells(scalars[offset..<min(scalars.count, offset + length)]))
        return
            "    \(shown)\n    \(String(repeating: " ", count: indent))\(paint(String(repeating: "^", count: marks), "32"))\n"
    }

    private func paint(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// The input as it can be shown inside quotes on one line: control and invisible
    /// characters escaped, long values cut. `exact` says whether columns still line up.
    static func display(_ input: String) -> (text: String, exact: Bool) {
        // Most values are short printable ASCII, shown as they are: their bytes are looked at
        // without decoding scalars or building a copy.
        let plain = input.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.count <= 120 && TerminalText.isPrintableASCII(bytes, lineFeeds: false)
        }
        if plain == true { return (input, true) }
        // Other text is shown as it is too when nothing in its first 120 characters needs an
        // escape: no copy made scalar by scalar.
        var checked = 0
        var clean = true
        for scalar in input.unicodeScalars {
            checked += 1
            if checked > 120 || needsEscape(scalar) {
                clean = false
                break
            }
        }
        if clean { return (input, true) }
        // Built as bytes, made a `String` once: appended scalar by scalar, and each escape
        // interpolated, the copy of a value of binary input cost more than the rest of its
        // diagnostic (issue 35).
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(input.utf8.count, 480) + 32)
        var exact = true
        var count = 0
        for scalar in input.unicodeScalars {
            count += 1
            if count > 120 {
                bytes.append(contentsOf: "…".utf8)
                exact = false
                break
            }
            if needsEscape(scalar) {
                bytes.append(contentsOf: #"\u{"#.utf8)
                withHexDigits(scalar.value, width: 1) { bytes.append(contentsOf: $0) }
                bytes.append(UInt8(ascii: "}"))
                exact = false
            } else {
                UTF8.encode(scalar) { bytes.append($0) }
            }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        return (text, exact)
    }

    /// Whether a character of a quoted value is shown as `\u{…}`: a control, or an invisible
    /// character other than the space and combining marks.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F
            || (scalar != " " && CharacterDescription.isInvisible(scalar)
                && !CharacterDescription.isCombiningMark(scalar))
    }
}
