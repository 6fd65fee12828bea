import FieldCheck

/// A field given on the command line as `TYPE[:LOCALE[:FORMAT]]` (`number:de_DE`,
/// `date:de_DE:dd.MM.yyyy`, `datetime`), read through the type registry (`FieldType`) as a
/// schema's field object: `csv --column NAME=…` and `fieldcheck as …` read it here, so that a
/// type is given the same way to both, and a type registered once is found by both.
enum InlineField {
    /// The column `name` of the type, locale and format in `text`; `path` names where it was
    /// given, for messages (`--column 'price=number:xx'`).
    static func column(name: String, _ text: Substring, path: String, defaultLocale: LocaleID)
        throws(ConfigurationError) -> ColumnSchema
    {
        let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        var object: [String: Any] = ["name": name, "type": parts[0]]
        if parts.count > 1, !parts[1].isEmpty { object["locale"] = parts[1] }
        if parts.count > 2, !parts[2].isEmpty {
            let format = parts[2]
            let styles = DateStyle.allCases.map(\.rawValue) + NumberStyle.allCases.map(\.rawValue)
            // A number has styles and no format of its own: anything else after the
            // locale is a mistake, which a schema's `format` key would silently be.
            // A boolean or an identifier has no format: one given would be silently ignored.
            if parts[0] == "boolean" || IdentifierKind(rawValue: parts[0]) != nil {
                throw ConfigurationError(
                    "\(path): a \(parts[0]) has no FORMAT ('\(format)'); give TYPE or TYPE:LOCALE"
                        + (parts[0] == "boolean" ? "" : " (a schema's accept and output keys choose its forms)"))
            }
            if ["number", "integer"].contains(parts[0]), NumberStyle(rawValue: format) == nil {
                throw ConfigurationError(
                    "\(path): unknown number style '\(format)'; use "
                        + NumberStyle.allCases.map(\.rawValue).joined(separator: ", "))
            }
            object[styles.contains(format) ? "style" : "format"] = format
        } else if parts[0] == "date" {
            // As `fieldcheck date` reads: the locale's short style, and ISO 8601 (below).
            object["style"] = "short"
        } else if parts[0] == "time" || parts[0] == "datetime", parts.count > 1, !parts[1].isEmpty {
            // A time or datetime in a locale is written in its short style too; without
            // a locale, in ISO 8601 (Table Schema's default).
            object["style"] = "short"
        }
        var column = try ColumnSchema(object: object, path: path, defaultLocale: defaultLocale)
        if parts[0] == "date", parts.count < 3 || parts[2].isEmpty, case .date(var date) = column.spec.kind {
            // ISO 8601 too, what fieldcheck writes: `as date --value 2026-04-13` was refused
            // where `fieldcheck date` accepts it (a schema has no key for the pair).
            date.format = .styleOrISO(.short)
            column.spec.kind = .date(date)
        }
        return column
    }
}
