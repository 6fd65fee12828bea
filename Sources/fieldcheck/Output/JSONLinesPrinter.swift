import FieldCheck
import Synchronization

/// Renders each value as one JSON object on its own line (JSON Lines):
///
///     {"formatVersion":1,"line":3,"input":"12a,5","valid":false,"value":null,"output":null,
///      "errors":[{"code":"unexpected_character","offset":2,"length":1,"character":"a",
///      "codepoint":"U+0061","name":"LATIN SMALL LETTER A","message":"..."}],
///      "warnings":[],"removed":[]}
///
/// - `formatVersion`: the format's version (`JSON.recordStart`), first in every record.
/// - `line`: 1-based line (or record, under `-z`) number; `file` is added for named files.
/// - `input`: the raw value (invalid UTF-8 shown as U+FFFD).
/// - `value`: the canonical value when accepted, else null; `output`: the formatted
///   output when one was asked for; `currency`: the ISO code a currency value used.
/// - Each diagnostic: `code`, `offset` (0-based, in Unicode scalars of `input`; in bytes
///   for `invalid_utf8`), `length`, `character`, `codepoint`, `name`, `message`, and
///   `byte` for `invalid_utf8`. `warnings` and `removed` (under `--strip`) use the same form.
enum JSONLinesPrinter {
    static func write(_ result: FieldResult, at location: Location, into out: inout JSONText) {
        start(at: location, into: &out)
        if result.isRedacted { out.raw("null") } else { out.string(result.input) }
        out.raw(",\"valid\":")
        out.bool(result.isValid)
        out.raw(",\"value\":")
        out.string(result.value)
        out.raw(",\"output\":")
        out.string(result.output)
        if let currency = result.currency {
            out.raw(",\"currency\":")
            out.string(currency)
        }
        out.raw(",\"errors\":")
        array(result.errors, into: &out)
        out.raw(",\"warnings\":")
        array(result.warnings, into: &out)
        out.raw(",\"removed\":")
        array(result.removed, into: &out)
        out.raw("}\n")
    }

    /// The record of a value accepted with nothing to report, whose full result is its input
    /// and `value` (`FieldValidator.fastAcceptanceIsWholeResult`), from their bytes: exactly
    /// the record `write(_:at:into:)` makes of that result.
    static func writeAccepted(
        input: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>, at location: Location,
        into out: inout JSONText
    ) {
        start(at: location, into: &out)
        out.string(utf8: input)
        out.raw(",\"valid\":true,\"value\":")
        out.string(utf8: value)
        out.raw(",\"output\":null,\"errors\":[],\"warnings\":[],\"removed\":[]}\n")
    }

    /// A value's record up to its input's key: the format version, the file, the line.
    private static func start(at location: Location, into out: inout JSONText) {
        // Values given with --value are numbered as lines: "value" is the canonical value's key.
        appendPrefix(file: location.file, key: location.unit == "value" ? "line" : location.unit, into: &out)
        out.int(location.number)
        out.raw(",\"input\":")
    }

    /// `{"formatVersion":1,"file":"…","KEY":`, from the one written last when the file and key
    /// are the same.
    private static func appendPrefix(file: String?, key: String, into out: inout JSONText) {
        let prefix = recordPrefix.withLock { last in last?.file == file && last?.key == key ? last?.json : nil }
        if let prefix {
            prefix.withUnsafeBufferPointer { out.out.append($0) }
            return
        }
        let text = JSONText(capacity: (file?.utf8.count ?? 0) + 48)
        text.raw(json: JSON.recordStart)
        if let file {
            text.raw("\"file\":")
            text.string(file)
            text.raw(",")
        }
        text.raw("\"")
        text.raw(json: key)
        text.raw("\":")
        let json = text.out.bytes
        recordPrefix.withLock { $0 = (file, key, json) }
        json.withUnsafeBufferPointer { out.out.append($0) }
    }

    /// A record's start up to its number (`{"formatVersion":1,"file":"…","line":`) for the
    /// file and key named last, written once: every record of a file starts with it, and
    /// escaping the path again was a tenth of a `--json` run (issue 35).
    private static let recordPrefix = Mutex<(file: String?, key: String, json: [UInt8])?>(nil)

    static func array(_ diagnostics: [Diagnostic]) -> String {
        var text = JSONText()
        array(diagnostics, into: &text)
        return text.string
    }

    static func array(_ diagnostics: [Diagnostic], into out: inout JSONText) {
        out.raw("[")
        // Read in place: a loop over the array copied each diagnostic (its reason's strings).
        diagnostics.withUnsafeBufferPointer { diagnostics in
            for index in diagnostics.indices {
                if index > 0 { out.raw(",") }
                out.raw("{")
                members(diagnostics[index], into: &out)
                out.raw("}")
            }
        }
        out.raw("]")
    }

    /// `fieldcheck csv --json`: one object per problem, not per row:
    /// `{"formatVersion":1,"file":"data.csv","row":3,"line":4,"column":"price","field":1,"input":"12a,5","severity":"error",
    /// "code":"unexpected_character","offset":2,…,"message":"..."}` with the diagnostic's keys as
    /// above. `row` is the data row, `line` the physical line it starts on, `field` the cell's
    /// 1-based position; `column`, `field` and `input` are null for a problem of the whole row
    /// (`ragged_row`, `malformed_csv`). A `foreign_key` problem adds `"reference"`, the resource
    /// its value was looked up in ("" for the same table); `column` then names the key's columns
    /// and `input` its values, joined by ", ".
    static func write(
        _ problem: CellProblem, file: String?, row: Int, line: Int, warning: Bool, redacted: Bool = false,
        into out: inout JSONText
    ) {
        appendPrefix(file: file, key: "row", into: &out)
        out.int(row)
        out.raw(",\"line\":")
        out.int(line)
        out.raw(",\"column\":")
        out.string(problem.column)
        out.raw(",\"field\":")
        if let field = problem.field { out.int(field + 1) } else { out.raw("null") }
        out.raw(",\"input\":")
        if problem.column == nil || redacted { out.raw("null") } else { out.string(problem.input) }
        out.raw(warning ? ",\"severity\":\"warning\"," : ",\"severity\":\"error\",")
        members(problem.diagnostic, into: &out)
        // foreign_key: the resource the value was looked up in ("" for the same table).
        if let reference = problem.reference {
            out.raw(",\"reference\":")
            out.string(reference)
        }
        out.raw("}\n")
    }

    /// The keys of one diagnostic, without the braces around them.
    private static func members(_ diagnostic: Diagnostic, into out: inout JSONText) {
        out.raw("\"code\":\"")
        out.raw(json: diagnostic.code.rawValue)
        out.raw("\",\"offset\":")
        if let offset = diagnostic.offset { out.int(offset) } else { out.raw("null") }
        out.raw(",\"length\":")
        out.int(diagnostic.length)
        if let character = diagnostic.character {
            out.raw(",\"character\":")
            out.string(scalar: character)
            out.raw(",\"codepoint\":\"U+")
            out.hex(character.value, width: 4)
            out.raw("\",\"name\":")
            CharacterDescription.withName(of: character) { out.string(utf8: $0) }
        } else {
            out.raw(",\"character\":null,\"codepoint\":null,\"name\":null")
        }
        if diagnostic.byte != nil, let codepoint = diagnostic.codepoint {
            out.raw(",\"byte\":")
            out.string(codepoint)
        }
        if let category = diagnostic.category {
            out.raw(",\"category\":")
            out.string(category)
        }
        out.raw(",\"message\":")
        diagnostic.withMessage { out.string(utf8: $0) }
    }
}
