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
        var out = ""
        // The value, quoted unless redacted, and the place, escaped once for every line.
        let shown = result.isRedacted ? nil : Self.display(result.input)
        let place = TerminalText.escaped(location.description)
        for diagnostic in result.errors {
            appendLine(to: &out, escapedPlace: place, shown?.text, diagnostic, warning: false)
            if caret, let shown, shown.exact, let offset = diagnostic.offset, diagnostic.code != .invalidUTF8 {
                out += caretLine(input: result.input, offset: offset, length: max(1, diagnostic.length))
            }
        }
        for diagnostic in result.removed {
            appendLine(to: &out, escapedPlace: place, shown?.text, diagnostic, warning: true)
        }
        if warnings {
            for diagnostic in result.warnings {
                appendLine(to: &out, escapedPlace: place, shown?.text, diagnostic, warning: true)
            }
        }
        return out
    }

    /// One warning of a value, alone.
    func render(warning diagnostic: Diagnostic, of result: FieldResult, at location: Location) -> String {
        var out = ""
        appendLine(
            to: &out, escapedPlace: TerminalText.escaped(location.description),
            result.isRedacted ? nil : Self.display(result.input).text, diagnostic, warning: true)
        return out
    }

    /// One diagnostic about a CSV cell or row: `place` is "data.csv: row 3 (line 4), column 'price'".
    func render(place: String, input: String?, _ diagnostic: Diagnostic, warning: Bool = false) -> String {
        let shown = input.map(Self.display)
        var out = ""
        appendLine(to: &out, escapedPlace: TerminalText.escaped(place), shown?.text, diagnostic, warning: warning)
        if caret, !warning, let input, let shown, shown.exact, let offset = diagnostic.offset,
            diagnostic.code != .invalidUTF8
        {
            out += caretLine(input: input, offset: offset, length: max(1, diagnostic.length))
        }
        return out
    }

    /// `fieldcheck: PLACE: ['INPUT': ][warning: ]MESSAGE [code]`, appended in place: a bad
    /// value of random Unicode has several, and building each from interpolated pieces copied
    /// every piece twice (a quarter of an explained run). Without `input` (redacted, or about
    /// a whole row) the value is left out.
    private func appendLine(
        to out: inout String, escapedPlace place: String, _ input: String?, _ diagnostic: Diagnostic, warning: Bool
    ) {
        let message = TerminalText.escaped(diagnostic.message)
        let code = diagnostic.code.rawValue
        out.reserveCapacity(
            out.utf8.count + place.utf8.count + (input?.utf8.count ?? 0) + message.utf8.count + code.utf8.count + 64)
        out += "fieldcheck: "
        out += place
        if let input {
            out += ": '"
            out += input
            out += "': "
        } else {
            out += ": "
        }
        if warning {
            out += paint("warning", "33")
            out += ": "
        }
        out += message
        out += " "
        if color {
            out += paint("[\(code)]", warning ? "33" : "31")
        } else {
            out += "["
            out += code
            out += "]"
        }
        out += "\n"
    }

    private func caretLine(input: String, offset: Int, length: Int) -> String {
        let scalars = Array(input.unicodeScalars)
        let before = String(String.UnicodeScalarView(scalars.prefix(offset)))
        // Combining marks take no column; count what a terminal draws.
        let indent = before.count
        let marks = String(repeating: "^", count: min(length, max(1, scalars.count - offset)))
        return "    \(input)\n    \(String(repeating: " ", count: indent))\(paint(marks, "32"))\n"
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
        var text = ""
        var exact = true
        var count = 0
        for scalar in input.unicodeScalars {
            count += 1
            if count > 120 {
                text += "…"
                exact = false
                break
            }
            if scalar.value < 0x20 || scalar.value == 0x7F
                || (scalar != " " && CharacterDescription.isInvisible(scalar)
                    && !CharacterDescription.isCombiningMark(scalar))
            {
                text += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                exact = false
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return (text, exact)
    }
}
