import FieldCheck

#if canImport(Glibc)
    import Glibc
#endif

/// The constrained text field on a terminal: refuses a key that would make the text unable
/// to become valid (with the bell and the reason under the field), validates the whole value
/// on Enter with the line commands' reader, and hands back the accepted value.
final class PromptSession {
    let field: FieldValidator
    let options: PromptOptions
    /// Letters typed are mapped as the field maps them (`--case lower`).
    let caseMapping: CaseMapping?

    private(set) var text: [Character] = []
    private var cursor = 0
    private var message = ""

    init(field: FieldValidator, options: PromptOptions) {
        self.field = field
        self.options = options
        caseMapping = field.spec.caseMapping
        if let value = options.defaultValue {
            text = Array(value)
            cursor = text.count
        }
    }

    /// Runs the field on the terminal: the exit status (0 accepted, 130 cancelled).
    func run() throws -> Int32 {
        // The completion samples are made before the first key, not on it.
        _ = field.refusal(ofPrefix: "0")
        let terminal = try Terminal()
        defer { terminal.close() }
        var decoder = KeyDecoder()
        draw(on: terminal)
        while let bytes = terminal.read() {
            let keys = decoder.keys(from: bytes, moreComing: { terminal.hasInput(within: 40) })
            var position = 0
            while position < keys.count {
                // Characters that arrived together (a paste the terminal did not bracket, a
                // key held down) are checked as one insertion: one check of the whole text
                // per read, where a check per key made 20,000 typed digits quadratic.
                var end = position
                while end < keys.count, case .text = keys[end] { end += 1 }
                if end - position > 1 {
                    insert(run: keys[position..<end].map { if case .text(let typed) = $0 { typed } else { "" } })
                    position = end
                    continue
                }
                let key = keys[position]
                position += 1
                if key == .suspend {
                    terminal.suspend()
                    continue
                }
                switch handle(key) {
                case .continue: break
                case .cancel:
                    message = ""
                    draw(on: terminal, final: true)
                    return 130
                case .accept(let value):
                    message = ""
                    draw(on: terminal, final: true)
                    try Streams.standardOutput.write(value + "\n")
                    return 0
                }
            }
            draw(on: terminal)
        }
        draw(on: terminal, final: true)
        return 130
    }

    enum Outcome: Equatable {
        case `continue`, cancel
        case accept(String)
    }

    /// What one key does to the field.
    func handle(_ key: Key) -> Outcome {
        message = ""
        switch key {
        case .text(let typed), .paste(let typed):
            insert(typed)
        case .enter:
            let result = field.validate(String(text))
            if result.isValid, let value = result.emitted { return .accept(value) }
            let problem = options.secure ? result.errors.first?.redacted() : result.errors.first
            message = problem?.message ?? "not valid"
            ringBell = true
        case .backspace:
            if cursor > 0 {
                text.remove(at: cursor - 1)
                cursor -= 1
            }
        case .delete:
            if cursor < text.count { text.remove(at: cursor) }
        case .endOfInput:
            if text.isEmpty { return .cancel }
            if cursor < text.count { text.remove(at: cursor) }
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(text.count, cursor + 1)
        case .home: cursor = 0
        case .end: cursor = text.count
        case .clearBefore:
            text.removeSubrange(..<cursor)
            cursor = 0
        case .cancel:
            return .cancel
        case .tab:
            // Completes the whole text, as a shell completes a word: the cursor goes to the end.
            if let completed = field.completion(ofPrefix: String(text)) {
                text = Array(completed)
                cursor = text.count
            } else {
                ringBell = true
            }
        case .other, .suspend:
            break
        }
        return .continue
    }

    /// Whether the next drawing rings the bell (a refused key, a refused Enter).
    private var ringBell = false

    /// The most characters the field holds on a terminal, whatever `--max-length` allows:
    /// each key checks the whole text, and this bounds a key's work (10 to 25 ms a key at the
    /// limit, debug build). A terminal's own line mode reads at most 4,095 on Linux.
    static let maxCharacters = 4_096

    /// Inserts what was typed or pasted, whole, unless the text could then never be valid.
    private func insert(_ typed: String) {
        insert(prepared: prepared(typed))
    }

    /// What the field takes of `typed`: no line breaks, and letters mapped as the field maps
    /// them.
    private func prepared(_ typed: String) -> String {
        let inserted = typed.filter { $0 != "\r" && $0 != "\n" }
        // In the field's locale, as the pipeline maps it: Swift's own mapping knows no
        // locale, and made `i` under tr_TR an `I`.
        guard caseMapping == .lower || caseMapping == .upper, !inserted.isEmpty else { return inserted }
        return field.mappingCase(inserted)
    }

    /// Inserts `inserted`, or refuses it with the bell and the reason.
    private func insert(prepared inserted: String) {
        guard let refusal = attempt(inserted) else { return }
        ringBell = true
        message = refusal.message
    }

    /// Inserts `inserted` at the cursor when the text can still become valid; else leaves the
    /// text as it was and says why not, and the scalar offset of the character refused.
    private func attempt(_ inserted: String) -> (offset: Int, message: String)? {
        guard !inserted.isEmpty else { return nil }
        // Before anything that reads the whole text: past the limit a key costs nothing.
        if text.count + inserted.count > Self.maxCharacters {
            let past = inserted.index(inserted.startIndex, offsetBy: max(0, Self.maxCharacters - text.count))
            return (Int.max, overLimit(inserted[past < inserted.endIndex ? past : inserted.startIndex]))
        }
        // Graphemes as the whole text forms them: a combining mark or a zero-width joiner
        // typed after a character joins it, and Backspace then takes them together.
        let before = String(text[..<cursor]) + inserted
        let prospective = before + String(text[cursor...])
        if var refusal = field.refusal(ofPrefix: prospective) {
            // A paste (or keys that arrived together): the first of its characters where no
            // value can begin any more, as typing them one by one meets it, not its last one.
            // Whether a prefix can still be completed only gets worse as it grows: a binary
            // search finds the shortest refused one.
            let characters = Array(inserted)
            var low = 1
            var high = characters.count
            while low < high {
                let middle = (low + high) / 2
                let candidate = String(text[..<cursor]) + String(characters[..<middle]) + String(text[cursor...])
                if let found = field.refusal(ofPrefix: candidate) {
                    refusal = found
                    high = middle
                } else {
                    low = middle + 1
                }
            }
            // The field judges the whole text as if typed to its end: a length limit names the
            // first character past it, a shape its last character. Typed before the end (after
            // Home), the key that made the text refused is the last one inserted, not those.
            let start = cursorScalars
            let typedScalars = characters[..<high].reduce(0) { $0 + $1.unicodeScalars.count }
            if refusal.character != nil, !(start..<start + typedScalars).contains(refusal.offset),
                let last = characters[high - 1].unicodeScalars.first
            {
                refusal.offset = start + typedScalars - characters[high - 1].unicodeScalars.count
                refusal.character = last
            }
            return (refusal.offset, Self.explain(refusal, secure: options.secure, expected: field.placeholderPhrase))
        }
        text = Array(prospective)
        cursor = min(text.count, before.count)
        return nil
    }

    /// The cursor's place in Unicode scalars, as a refusal's offset counts them.
    private var cursorScalars: Int { text[..<cursor].reduce(0) { $0 + $1.unicodeScalars.count } }

    /// Why `character`, past `maxCharacters`, is refused.
    private func overLimit(_ character: Character) -> String {
        Self.explain(
            character.unicodeScalars.first, "at most \(Self.maxCharacters) characters in a field on the terminal",
            secure: options.secure)
    }

    /// Keys typed one after another, each as if typed alone: the run is checked whole, and
    /// only when it is refused is it split, at the key holding the refused character (those
    /// before it are inserted together, it is refused or taken alone, the rest go on as a
    /// run). The keys past the length limit are refused together, with one reason.
    private func insert(run keys: [String]) {
        message = ""
        var pending = keys.map(prepared).filter { !$0.isEmpty }[...]
        var room = Self.maxCharacters - text.count
        var fitting = pending.startIndex
        while fitting < pending.endIndex, pending[fitting].count <= room {
            room -= pending[fitting].count
            fitting += 1
        }
        let overflow = pending[fitting...]
        pending = pending[..<fitting]
        insert(preparedRun: pending)
        if let first = overflow.first?.first {
            ringBell = true
            message = overLimit(first)
        }
    }

    /// A run already prepared and within the limit; recursion takes the keys before a refused
    /// one, which may still be refused together (a completion that ends at the last of them).
    private func insert(preparedRun keys: ArraySlice<String>) {
        var pending = keys
        while pending.count > 1 {
            let start = cursorScalars
            guard let refusal = attempt(pending.joined()) else { return }
            // The key that holds the refused character (the last key, when the refusal is of
            // the text after all of them).
            var scalars = start
            var index = pending.startIndex
            while index < pending.endIndex - 1, scalars + pending[index].unicodeScalars.count <= refusal.offset {
                scalars += pending[index].unicodeScalars.count
                index += 1
            }
            insert(preparedRun: pending[..<index])
            insert(prepared: pending[index])
            pending = pending[(index + 1)...]
        }
        if let last = pending.first { insert(prepared: last) }
    }

    /// `'x' (U+0078 LATIN SMALL LETTER X) is not allowed: not in --allow aeiou`; in a secure
    /// field, the character's category only (the reasons name rules, never what was typed: a
    /// bound's refusal, which quotes the value, is said redacted, with `expected`).
    static func explain(_ refusal: PrefixRefusal, secure: Bool, expected: String) -> String {
        let reason =
            secure ? refusal.finding.map { $0.redacted(expected: expected).message } ?? refusal.reason : refusal.reason
        return explain(refusal.character, reason, secure: secure)
    }

    static func explain(_ character: Unicode.Scalar?, _ reason: String, secure: Bool) -> String {
        guard let character else { return reason }
        if secure { return "\(Diagnostic.category(character)) is not allowed here: \(reason)" }
        return "\(CharacterDescription.describe(character)) is not allowed: \(reason)"
    }

    /// The example the placeholder shows: the value of the field's placeholder phrase
    /// (`1.234,56` of "a number like 1.234,56 (de_DE)").
    var placeholder: String {
        let phrase = field.placeholderPhrase
        guard let like = phrase.firstRange(of: " like ") else { return "" }
        var example = String(phrase[like.upperBound...])
        // The first example only ("13.04.26 (dd.MM.yy) or ..."), without its "(…)".
        if let open = example.firstRange(of: " (") { example = String(example[..<open.lowerBound]) }
        if example.hasPrefix("'") && example.hasSuffix("'") && example.count >= 2 {
            example = String(example.dropFirst().dropLast())
        }
        return example
    }

    /// The field as shown: each grapheme, or a bullet for each in a secure field.
    private var shown: [Character] { options.secure ? Array(repeating: "•", count: text.count) : text }

    /// Redraws the field's line and the message line under it, the cursor in the field.
    func draw(on terminal: Terminal, final: Bool = false) {
        let label = options.label.map { "\($0): " } ?? ""
        var line = "\r\u{1B}[K" + TerminalText.escaped(label)
        let counter = field.spec.maxLength.map { "  \(field.length(of: String(text)))/\($0)" }
        // The field's line never wraps: a line the terminal wrapped is not the one `\r` and
        // erase-line redraw, and each key left a copy of it on the screen. Text wider than
        // the room left is shown as a window around the cursor, `…` marking a cut.
        let room = max(4, terminal.columns - 1 - width(label) - (final ? 0 : counter.map(width) ?? 0))
        let visible = shown
        let window = Self.window(visible, cursor: final ? visible.count : cursor, room: room)
        if visible.isEmpty && !final {
            line += "\u{1B}[2m" + TerminalText.escaped(fitted(placeholder, columns: room)) + "\u{1B}[0m"
        } else {
            line += TerminalText.escaped(window.text)
        }
        if let counter, !final {
            line += "\u{1B}[2m" + counter + "\u{1B}[0m"
        }
        if ringBell {
            line += "\u{07}"
            ringBell = false
        }
        if final {
            terminal.write(line + "\r\n\u{1B}[K")
            return
        }
        // The message on one line, cut to the terminal's width: the cursor goes back up one.
        line += "\r\n\u{1B}[K" + fitted(TerminalText.escaped(message), columns: terminal.columns - 1) + "\u{1B}[1A\r"
        let column = width(label) + window.cursorColumn
        if column > 0 { line += "\u{1B}[\(column)C" }
        terminal.write(line)
    }

    /// The part of `characters` shown in `room` cells with the cursor in view: all of it
    /// when it fits; else as much before the cursor as fits beside the character under it
    /// (or the cell after the last), then more after it, with `…` where the text goes on.
    /// Widths are those drawn: a control character is drawn escaped (`\u{9}`), in several
    /// cells. `cursorColumn` is the cursor's cell in the part shown.
    static func window(_ characters: [Character], cursor: Int, room: Int) -> (text: String, cursorColumn: Int) {
        func cells(_ character: Character) -> Int {
            TerminalText.escaped(String(character)).reduce(0) { $0 + CharacterDescription.cellWidth($1) }
        }
        // Measured only as far as the room: a key's drawing costs the window, not the text.
        var whole = 0
        for character in characters {
            whole += cells(character)
            if whole > room { break }
        }
        if whole <= room {
            return (String(characters), characters[..<cursor].reduce(0) { $0 + cells($1) })
        }
        // A cell for each `…`, and the cells of the character under the cursor.
        let under = cursor < characters.count ? cells(characters[cursor]) : 1
        var start = cursor
        var used = 0
        while start > 0, used + cells(characters[start - 1]) <= room - 2 - under {
            start -= 1
            used += cells(characters[start])
        }
        let left = start > 0 ? 1 : 0
        let beforeCursor = used
        var end = cursor
        while end < characters.count, left + used + cells(characters[end]) <= room - 1 {
            used += cells(characters[end])
            end += 1
        }
        let text = (left == 1 ? "…" : "") + String(characters[start..<end]) + (end < characters.count ? "…" : "")
        return (text, left + beforeCursor)
    }

    /// `text` cut to `columns` cells, an ellipsis marking the cut.
    private func fitted(_ text: String, columns: Int) -> String {
        guard width(text) > columns else { return text }
        var out = ""
        var used = 0
        for character in text {
            let cells = CharacterDescription.cellWidth(character)
            if used + cells > columns - 1 { break }
            out.append(character)
            used += cells
        }
        return out + "…"
    }

    /// Cells `text` takes as drawn (escaped).
    private func width(_ text: String) -> Int {
        TerminalText.escaped(text).reduce(0) { $0 + CharacterDescription.cellWidth($1) }
    }

    /// `--no-tty`: one line from stdin, validated with the same messages; the exit status.
    func runWithoutTerminal() throws -> Int32 {
        // One byte at a time: what follows the line stays on stdin for the script.
        let limit = 1 << 20
        var bytes: [UInt8] = []
        var length = 0
        var byte: UInt8 = 0
        var ended = false
        while Glibc.read(0, &byte, 1) == 1 {
            if byte == 0x0A {
                ended = true
                break
            }
            length += 1
            if bytes.count < limit { bytes.append(byte) }
        }
        // No line at all: as Ctrl-D on an empty field, but said, since no terminal shows it.
        if length == 0 && !ended {
            Streams.complain(
                "no answer: stdin ended before a line was read (--no-tty reads one line from stdin); cancelled")
            return 130
        }
        if bytes.last == 0x0D && length == bytes.count { bytes.removeLast() }
        var result: FieldResult
        if length > limit {
            result = FieldResult(input: String(decoding: bytes.prefix(64), as: UTF8.self) + "…")
            result.errors.append(
                Diagnostic(
                    code: .recordTooLong, offset: nil, length: length,
                    message: "answer too long: \(length) bytes, more than the prompt's \(limit)-byte limit; "
                        + "it was not checked"))
        } else {
            result = bytes.withUnsafeBufferPointer { field.validate(bytes: $0) }
        }
        if result.isValid, let emitted = result.emitted {
            try Streams.standardOutput.write(emitted + "\n")
            return 0
        }
        let shownResult = options.secure ? result.redacted(expected: field.placeholderPhrase) : result
        let printer = HumanPrinter(color: false, caret: false)
        try Streams.standardError.write(printer.render(shownResult, at: Location(file: nil, number: 1, unit: "line")))
        return 1
    }
}
