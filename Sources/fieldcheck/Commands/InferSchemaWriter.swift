import FieldCheck

/// Writes what `infer` found as a Table Schema that `fieldcheck csv --schema` reads
/// unchanged: `locale` (and Table Schema's `decimalChar` and `groupChar`) for numbers,
/// `format` (and `locale` for month names) for dates, `trueValues` and `falseValues` for
/// yes/no columns, the dialect's delimiter and header. A column `infer` could not decide is written as a string,
/// with the reason, so that the schema never rejects a value on a guess.
enum SchemaWriter {
    typealias FileReport = Fieldcheck.InferCommand.FileReport

    /// One field: its keys in order, constraints apart, and a comment.
    struct Field {
        var keys: [(String, String)]
        var enumValues: [String]? = nil
        /// Other constraints, each one string (a date's `minimum`).
        var constraints: [(String, String)] = []
        /// Keys whose values are lists of strings (a boolean's `trueValues`).
        var listKeys: [(String, [String])] = []
        var comment: String? = nil

        /// Adds `text` to the comment: what the column's outliers were is said beside what
        /// its keys mean to other tools, never instead of it.
        mutating func addComment(_ text: String?) {
            guard let text else { return }
            comment = comment.map { $0 + "; " + text } ?? text
        }
    }

    /// Header cells no field can stand for, with the reason: an empty cell, or a name an
    /// earlier cell already has. Table Schema names each field once, and `csv` matches fields
    /// to the header by name, so a renamed field (`dup_2`) would be a column the file lacks.
    static func unnamed(_ report: FileReport) -> [(index: Int, reason: String)] {
        guard report.isCSV, report.header else { return [] }
        var seen = Set<String>()
        var found: [(Int, String)] = []
        // A column past the header's last cell (cells of ragged rows) has no name: no
        // header cell to stand for, and it is left out without a word (`fields`).
        for (index, column) in report.columns.enumerated() {
            guard let name = column.name else { continue }
            if name.isEmpty {
                found.append((index, "cell \(index + 1) of the header is empty"))
            } else if !seen.insert(name).inserted {
                found.append((index, "cell \(index + 1) of the header repeats the name '\(name)'"))
            }
        }
        return found
    }

    /// What the schema must say when some columns are left out (`unnamed`): why, and that
    /// `fieldsMatch: subset` passes them through unchecked.
    static func unnamedNote(_ report: FileReport) -> String? {
        let left = unnamed(report)
        guard !left.isEmpty else { return nil }
        return "fieldsMatch is subset and no field stands for "
            + "\(left.count == 1 ? "one column" : "\(left.count) columns"), which csv passes through unchecked: "
            + left.map(\.reason).joined(separator: "; ")
            + " (a field needs a name of its own, and csv finds fields in the header by name; "
            + "give the column a distinct name to have it checked)"
            + (left.contains { report.columns[$0.index].name?.isEmpty == false }
                ? "; other tools (Frictionless) refuse to match fields by name in a header that repeats one, and "
                    + "check no row of the file: renaming the column in the file is the way there too" : "")
    }

    static func fields(_ report: FileReport) -> [Field] {
        let left = Set(unnamed(report).map(\.index))
        // With a header, the columns past its last cell are ragged rows' extra cells, which
        // `csv` reports as ragged_row: no field for them.
        return report.columns.enumerated().filter {
            !left.contains($0.offset) && !(report.isCSV && report.header && $0.element.name == nil)
        }.map { index, column in
            let name = column.name ?? (report.isCSV ? "column\(index + 1)" : "value")
            var field = Field(keys: [("name", name)])
            // An undecided typed column is text, with the reason.
            var undecided: Field {
                var text = field
                text.keys.append(("type", "string"))
                text.comment = "undecided: \(column.undecidedReason ?? "")"
                return text
            }
            switch column.type {
            case .integer, .number, .date:
                guard column.isDecided, let top = column.candidates.first else { return undecided }
                // Whole numbers written with grouping (1,234; the candidates that read them all
                // agree on the separator): Table Schema's integer has no groupChar, and other
                // tools refuse such a value as an integer, so the column is a number with the
                // separators.
                let grouped =
                    column.type == .integer
                    && column.facets.contains { $0.key == "grouping" && $0.values.count == 1 }
                let type: InferredType = grouped ? .number : column.type
                field.keys.append(("type", type.rawValue))
                if grouped { field.comment = "whole numbers written with grouping: an integer has no groupChar" }
                field.keys += top.schemaKeys
                field.constraints = top.schemaConstraints
                if column.type == .date {
                    standardDateFormat(&field)
                    if let widths = column.monthNameWidths, widths.full > 0, widths.abbreviated > 0,
                        let format = field.keys.first(where: { $0.0 == "format" })?.1, format.contains("%")
                    {
                        field.addComment(
                            "the values write month names in full (\(widths.full)) and abbreviated "
                                + "(\(widths.abbreviated)): fieldcheck reads both; other tools' strptime reads one width "
                                + "(%B or %b) and rejects the other")
                    }
                }
                // Table Schema's own keys for the separators, for tools that do not read
                // `locale` (Frictionless); fieldcheck reads them as the locale's own.
                if type == .number, let id = top.schemaKeys.first(where: { $0.key == "locale" })?.value,
                    let locale = try? LocaleID(id)
                {
                    let symbols = NumberSymbols(locale: locale)
                    field.keys.append(("decimalChar", symbols.decimalSeparator))
                    if symbols.usesGrouping {
                        let (groupChar, note) = groupChar(
                            symbols.groupingSeparator, column.separatorsWritten(for: symbols.groupingSeparator))
                        field.keys.append(("groupChar", groupChar))
                        field.addComment(note)
                    }
                    // A percent sign or a currency symbol around the number: Table Schema's
                    // bareNumber: false lets other tools read past them. Past a percent sign
                    // they read 5% as 5, where `style: percent` alone reads 0.05: the value
                    // must be the same in every tool, so fieldcheck reads it as written too,
                    // and its style still rejects the outliers (0.05, 5‰) other tools read.
                    if let style = top.schemaKeys.first(where: { $0.key == "style" })?.value {
                        field.keys.append(("bareNumber", "false"))
                        if column.minusSignCount > 0 {
                            let count = column.minusSignCount
                            field.addComment(
                                "\(count) value\(count == 1 ? " is" : "s are") written with U+2212 MINUS SIGN, which "
                                    + "other tools read as text around the number (−5 reads as 5 there); csv reads "
                                    + "\(count == 1 ? "it" : "them") negative")
                        }
                        if column.signBeforeSymbolCount > 0 {
                            let count = column.signBeforeSymbolCount
                            field.addComment(
                                "\(count) value\(count == 1 ? " writes" : "s write") the minus sign before the "
                                    + "\(style == "percent" ? "percent sign" : "currency symbol") (as -$5), which other "
                                    + "tools reject: they read text around a number, not between its sign and its "
                                    + "digits; csv reads \(count == 1 ? "it" : "them") negative")
                        }
                        if style == "percent" {
                            field.keys.append(("percentValue", "written"))
                            field.addComment(
                                "percent: 5% reads as 5 in every tool (percentValue: written, as other tools read "
                                    + "bareNumber: false); other tools read a value without the sign too")
                        }
                    }
                    // The values show no decimal mark (whole percents): the schema fixes the
                    // first convention's, which a value such as 10,5 % would find wrong.
                    if column.settledBy == nil,
                        let marks = column.facets.first(where: { $0.key == "decimal mark" })?.values, marks.count > 1
                    {
                        field.addComment(
                            "the values show no decimal mark: decimalChar \(JSON.string(symbols.decimalSeparator)) is "
                                + "\(id)'s, one of the conventions that read them alike (\(marks.joined(separator: " or "))); "
                                + "infer --locale chooses another")
                    }
                }
                field.addComment(outlierComment(column))
            case .boolean:
                field.keys.append(("type", "boolean"))
                field.listKeys = [("trueValues", column.trueValues), ("falseValues", column.falseValues)]
                field.addComment(outlierComment(column))
            case let type where type.identifierKind != nil:
                // fieldcheck's extension of Table Schema: a string its own key `identifier`
                // names (other tools read the column as text, and pass the key over).
                guard column.isDecided, let top = column.candidates.first else { return undecided }
                field.keys.append(("type", "string"))
                field.keys += top.schemaKeys
                field.addComment(outlierComment(column))
            case let type where type.isRegistered:
                // A registered type infer tries (datetime, time, yearmonth, duration): Table
                // Schema's own types, in ISO 8601, which the name alone reads, or in the format
                // of the convention chosen (`%Y-%m-%d %H:%M:%S`).
                guard column.isDecided, let top = column.candidates.first else { return undecided }
                field.keys.append(("type", type.rawValue))
                field.keys += top.schemaKeys
                standardDateFormat(&field)
                if column.hourOffsetCount > 0, field.keys.contains(where: { $0.0 == "format" && $0.1.contains("%z") }) {
                    let count = column.hourOffsetCount
                    field.addComment(
                        "\(count) value\(count == 1 ? " writes" : "s write") the UTC offset in hours alone (+01, as "
                            + "PostgreSQL does), which strptime's %z does not read: other tools may reject "
                            + "\(count == 1 ? "it" : "them"); csv reads \(count == 1 ? "it" : "them")")
                }
                field.addComment(outlierComment(column))
            default:
                field.keys.append(("type", "string"))
                if !column.isDecided { field.comment = "undecided: \(column.undecidedReason ?? "")" }
                if let reason = column.textReason { field.comment = "text: \(reason)" }
            }
            return field
        }
    }

    /// The `groupChar` of a locale that groups with a space or an apostrophe: the variant its
    /// values write most (fieldcheck reads every variant as the locale's separator, other tools
    /// only `groupChar`: fr_FR's own U+202F would make them reject `1 250,00` written with
    /// U+00A0), the locale's own on a tie or when the values group with none. When the values
    /// write several, a note says which, for other tools reject the rest. `written`: the
    /// variants of `own` the values write (`ColumnInference.separatorsWritten(for:)`).
    static func groupChar(_ own: String, _ written: [(separator: Unicode.Scalar, count: Int)]) -> (String, String?) {
        guard let most = written.map(\.count).max() else { return (own, nil) }
        let chosen =
            written.first { String($0.separator) == own && $0.count == most } ?? written.first { $0.count == most }!
        guard written.count > 1 else { return (String(chosen.separator), nil) }
        let counts = written.map {
            "\(CharacterDescription.codepoint($0.separator)) \($0.count == 1 ? "once" : "\($0.count) times")"
        }
        return (
            String(chosen.separator),
            "the values group with \(counts.joined(separator: ", ")): groupChar is \(CharacterDescription.codepoint(chosen.separator)); "
                + "csv reads each as the locale's separator, other tools only groupChar"
        )
    }

    /// The comment on a typed column with outliers (values read only with a warning are none).
    static func outlierComment(_ column: ColumnInference) -> String? {
        let count = column.rejectedOutlierCount
        return count == 0 ? nil : "\(count) outlier\(count == 1 ? "" : "s") in the rows read"
    }

    /// A date's `format` as Table Schema writes it, strptime-like (`%d.%m.%Y`), which
    /// Frictionless and `csv` both read; a UTS #35 pattern stays only where strptime cannot
    /// say it (month names outside English, another calendar), marked as fieldcheck's own.
    static func standardDateFormat(_ field: inout Field) {
        guard let index = field.keys.firstIndex(where: { $0.0 == "format" }) else { return }
        let locale = field.keys.first { $0.0 == "locale" }?.1
        // In English and the Gregorian calendar, strptime's C locale reads the names: the whole
        // names of every English locale, the abbreviations of en_US (en_GB writes `Sept`).
        let english = locale.map { ($0 == "en" || $0.hasPrefix("en_")) && !$0.contains("@") } ?? true
        var pattern = field.keys[index].1
        let abbreviated = pattern.contains("MMM") && !pattern.contains("MMMM")
        // ICU's styles write the year `y` (as many digits as it has); a column read so holds
        // four-digit years, for two would be the year 26 AD: `%Y`, as `yyyy` says it.
        if english, !pattern.contains("yy"), pattern.filter({ $0 == "y" }).count == 1 {
            pattern = pattern.split(separator: "y", omittingEmptySubsequences: false).joined(separator: "yyyy")
        }
        let abbreviationsAreC = locale.map { ["en", "en_US", "en_US_POSIX"].contains($0) } ?? true
        if english, !abbreviated || abbreviationsAreC, field.constraints.isEmpty,
            let format = uts35ToStrptime(pattern, namesInEnglish: true)
        {
            field.keys[index].1 = format
        } else {
            field.addComment(
                "format is a UTS #35 pattern, a fieldcheck extension: strptime cannot read "
                    + (locale.map { "\($0)'s dates" } ?? "this pattern") + ", so other tools may not read this field")
        }
    }

    static func dialect(_ report: FileReport) -> [(String, String)]? {
        guard report.isCSV, let dialect = report.dialect else { return nil }
        let encoding = report.encoding.isUTF8 ? [] : [("encoding", report.encoding.name)]
        return [("delimiter", String(Character(Unicode.Scalar(dialect.delimiter))))] + encoding
    }

    /// What the schema must say of records too long to read: nothing was inferred from them.
    static func tooLongNote(_ report: FileReport) -> String? {
        guard report.tooLongCount > 0 else { return nil }
        let places = report.tooLong.map { Fieldcheck.InferCommand.place($0, csv: report.isCSV) }
        let more = report.tooLongCount > places.count ? " and \(report.tooLongCount - places.count) more" : ""
        return "\(report.tooLongCount) record\(report.tooLongCount == 1 ? " was" : "s were") too long to read "
            + "(more than \(report.recordLimit) bytes) and nothing was inferred from "
            + "\(report.tooLongCount == 1 ? "it" : "them"): \(places.joined(separator: ", "))\(more); csv rejects such "
            + "records as record_too_long"
    }

    /// What the schema says of rows csv rejects for their shape (`infer` lists them).
    static func badRowNote(_ report: FileReport) -> String? {
        let count = report.badRowCount
        guard count > 0 else { return nil }
        let places = report.badRowLines().map { "\($0.place) \($0.diagnostic.code.rawValue)" }
        let more = count > places.count ? " and \(count - places.count) more" : ""
        return "\(count) row\(count == 1 ? "" : "s") csv rejects for \(count == 1 ? "its" : "their") shape (infer "
            + "lists \(count == 1 ? "it" : "them")): \(places.joined(separator: ", "))\(more)"
    }

    static func yaml(_ report: FileReport) -> String {
        var text = "# Table Schema inferred by fieldcheck from \(JSON.string(report.name)): \(report.rows) rows read"
        text += report.sampled ? " (a sample)" : ""
        text += ", encoding \(report.encoding.name).\n"
        if let note = tooLongNote(report) { text += "# \(note).\n" }
        if let note = badRowNote(report) { text += "# \(note).\n" }
        if let dialect = dialect(report) {
            text += "dialect:\n"
            for (key, value) in dialect { text += "  \(key): \(JSON.string(value))\n" }
            text += "  header: \(report.header)\n"
        }
        return text + yamlFields(report, indent: "")
    }

    /// The schema's `fields` (and `fieldsMatch`) in YAML, each line after `indent`.
    static func yamlFields(_ report: FileReport, indent: String) -> String {
        var text = ""
        if let note = unnamedNote(report) {
            text += "\(indent)# \(note.replacingNewlines).\n\(indent)fieldsMatch: \"subset\"\n"
        }
        text += "\(indent)fields:\n"
        for field in fields(report) {
            if let comment = field.comment { text += "\(indent)  # \(comment.replacingNewlines)\n" }
            for (offset, (key, value)) in field.keys.enumerated() {
                text += "\(indent)\(offset == 0 ? "  - " : "    ")\(key): \(yamlValue(key, value))\n"
            }
            for (key, values) in field.listKeys {
                text += "\(indent)    \(key): [\(values.map { JSON.string($0) }.joined(separator: ", "))]\n"
            }
            if field.enumValues != nil || !field.constraints.isEmpty { text += "\(indent)    constraints:\n" }
            for (key, value) in field.constraints { text += "\(indent)      \(key): \(JSON.string(value))\n" }
            if let values = field.enumValues {
                text += "\(indent)      enum: [\(values.map { JSON.string($0) }.joined(separator: ", "))]\n"
            }
        }
        return text
    }

    /// A key's value: a string, quoted, except the booleans Table Schema types as such.
    static func yamlValue(_ key: String, _ value: String) -> String {
        key == "bareNumber" ? value : JSON.string(value)
    }

    static func json(_ report: FileReport) -> String {
        "{\(jsonMembers(report, dialect: true).joined(separator: ","))}\n"
    }

    /// The schema's members in JSON; its `dialect` only when `dialect` (a package's resource
    /// has its own).
    static func jsonMembers(_ report: FileReport, dialect withDialect: Bool) -> [String] {
        let fields = fields(report).map { field in
            var members = field.keys.map { "\(JSON.string($0.0)):\(yamlValue($0.0, $0.1))" }
            for (key, values) in field.listKeys {
                members.append("\(JSON.string(key)):[\(values.map { JSON.string($0) }.joined(separator: ","))]")
            }
            var constraints = field.constraints.map { "\(JSON.string($0.0)):\(JSON.string($0.1))" }
            if let values = field.enumValues {
                constraints.append("\"enum\":[\(values.map { JSON.string($0) }.joined(separator: ","))]")
            }
            if !constraints.isEmpty { members.append("\"constraints\":{\(constraints.joined(separator: ","))}") }
            if let comment = field.comment { members.append("\"description\":\(JSON.string(comment))") }
            return "{\(members.joined(separator: ","))}"
        }
        var members = ["\"fields\":[\(fields.joined(separator: ","))]"]
        // JSON has no comments: Table Schema's own description carries the note.
        let unnamed = unnamedNote(report)
        let notes = [tooLongNote(report), badRowNote(report), unnamed].compactMap { $0.map { $0 + "." } }
        if unnamed != nil { members.insert("\"fieldsMatch\":\"subset\"", at: 0) }
        if !notes.isEmpty { members.insert("\"description\":\(JSON.string(notes.joined(separator: " ")))", at: 0) }
        if withDialect, let dialect = dialect(report) {
            let keys = dialect.map { "\(JSON.string($0.0)):\(JSON.string($0.1))" } + ["\"header\":\(report.header)"]
            members.insert("\"dialect\":{\(keys.joined(separator: ","))}", at: 0)
        }
        return members
    }
}

extension String {
    fileprivate var replacingNewlines: String {
        String(unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : Character($0) })
    }
}
