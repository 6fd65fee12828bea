import FieldCheck

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
    static func render(_ result: FieldResult, at location: Location) -> String {
        var out = JSON.recordStart
        if let file = location.file { out += "\"file\":\(JSON.string(file))," }
        // Values given with --value are numbered as lines: "value" is the canonical value's key.
        out += "\"\(location.unit == "value" ? "line" : location.unit)\":\(location.number)"
        out += ",\"input\":\(result.isRedacted ? "null" : JSON.string(result.input))"
        out += ",\"valid\":\(result.isValid)"
        out += ",\"value\":\(JSON.string(result.value))"
        out += ",\"output\":\(JSON.string(result.output))"
        if let currency = result.currency { out += ",\"currency\":\(JSON.string(currency))" }
        out += ",\"errors\":\(array(result.errors))"
        out += ",\"warnings\":\(array(result.warnings))"
        out += ",\"removed\":\(array(result.removed))"
        return out + "}\n"
    }

    static func array(_ diagnostics: [Diagnostic]) -> String {
        "[" + diagnostics.map(object).joined(separator: ",") + "]"
    }

    /// `fieldcheck csv --json`: one object per problem, not per row:
    /// `{"formatVersion":1,"file":"data.csv","row":3,"line":4,"column":"price","field":1,"input":"12a,5","severity":"error",
    /// "code":"unexpected_character","offset":2,…,"message":"..."}` with the diagnostic's keys as
    /// above. `row` is the data row, `line` the physical line it starts on, `field` the cell's
    /// 1-based position; `column`, `field` and `input` are null for a problem of the whole row
    /// (`ragged_row`, `malformed_csv`). A `foreign_key` problem adds `"reference"`, the resource
    /// its value was looked up in ("" for the same table); `column` then names the key's columns
    /// and `input` its values, joined by ", ".
    static func render(
        _ problem: CellProblem, file: String?, row: Int, line: Int, warning: Bool, redacted: Bool = false
    ) -> String {
        var out = JSON.recordStart
        if let file { out += "\"file\":\(JSON.string(file))," }
        out += "\"row\":\(row),\"line\":\(line)"
        out += ",\"column\":\(JSON.string(problem.column))"
        out += ",\"field\":\(problem.field.map { String($0 + 1) } ?? "null")"
        out += ",\"input\":\(problem.column == nil || redacted ? "null" : JSON.string(problem.input))"
        out += ",\"severity\":\"\(warning ? "warning" : "error")\","
        out += members(problem.diagnostic)
        // foreign_key: the resource the value was looked up in ("" for the same table).
        if let reference = problem.reference { out += ",\"reference\":\(JSON.string(reference))" }
        return out + "}\n"
    }

    static func object(_ diagnostic: Diagnostic) -> String { "{" + members(diagnostic) + "}" }

    /// The keys of one diagnostic, without the braces around them.
    private static func members(_ diagnostic: Diagnostic) -> String {
        var out = "\"code\":\(JSON.string(diagnostic.code.rawValue))"
        out += ",\"offset\":\(diagnostic.offset.map(String.init) ?? "null")"
        out += ",\"length\":\(diagnostic.length)"
        out += ",\"character\":\(JSON.string(diagnostic.character.map { String($0) }))"
        out += ",\"codepoint\":\(JSON.string(diagnostic.character.map(CharacterDescription.codepoint)))"
        out += ",\"name\":\(JSON.string(diagnostic.characterName))"
        if let codepoint = diagnostic.codepoint, diagnostic.byte != nil {
            out += ",\"byte\":\(JSON.string(codepoint))"
        }
        if let category = diagnostic.category { out += ",\"category\":\(JSON.string(category))" }
        out += ",\"message\":\(JSON.string(diagnostic.message))"
        return out
    }
}
