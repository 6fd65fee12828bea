import FieldCheck
import YAMLTree

/// A field given on the command line as `TYPE[:LOCALE[:FORMAT]]` (`number:de_DE`,
/// `date:de_DE:dd.MM.yyyy`, `datetime`), read through the type registry (`FieldType`) as a
/// schema's field object: `csv --column NAME=…` and `fieldcheck as …` read it here, so that a
/// type is given the same way to both, and a type registered once is found by both.
enum InlineField {
    /// The column `name` of the type, locale and format in `text`; `path` names where it was
    /// given, for messages (`--column 'price=number:xx'`).
    /// `keys` are more of the field object's keys (`InlineField.keys(rules:)`).
    static func column(
        name: String, _ text: Substring, path: String, defaultLocale: LocaleID, keys: [String: Any] = [:]
    ) throws(ConfigurationError) -> ColumnSchema {
        let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        let formatWritten = parts.count > 2 && !parts[2].isEmpty
        // The type's own format, unless one follows the locale or is given as a key (`--rule
        // format=%d.%m.%Y`).
        let usesDefaultFormat = !formatWritten && keys["format"] == nil && keys["style"] == nil
        var object = keys
        object["name"] = name
        object["type"] = parts[0]
        if parts.count > 1, !parts[1].isEmpty { object["locale"] = parts[1] }
        if formatWritten {
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
        } else if usesDefaultFormat, parts[0] == "date" {
            // As `fieldcheck date` reads: the locale's short style, and ISO 8601 (below).
            object["style"] = "short"
        } else if usesDefaultFormat, parts[0] == "time" || parts[0] == "datetime", parts.count > 1, !parts[1].isEmpty {
            // A time or datetime in a locale is written in its short style too; without
            // a locale, in ISO 8601 (Table Schema's default).
            object["style"] = "short"
        }
        var column = try ColumnSchema(object: object, path: path, defaultLocale: defaultLocale)
        if parts[0] == "date", usesDefaultFormat, case .date(var date) = column.spec.kind {
            // ISO 8601 too, what fieldcheck writes: `as date --value 2026-04-13` was refused
            // where `fieldcheck date` accepts it (a schema has no key for the pair).
            date.format = .styleOrISO(.short)
            column.spec.kind = .date(date)
        }
        return column
    }

    /// The keys of `--rule KEY=VALUE` options, put where a schema's field object has them
    /// (a constraint under `constraints`), with the values a schema file would hold (`rule`):
    /// so a type's own keys are the line command's rules, with nothing written for the type here.
    static func keys(rules: [String]) throws(ConfigurationError) -> [String: Any] {
        var object: [String: Any] = [:]
        var constraints: [String: Any] = [:]
        let constraintKeys = SchemaKeys.known(.constraints)
        // What names the field, describes it, or holds its constraints is not a rule.
        let known = SchemaKeys.known(.field).subtracting([
            "name", "type", "constraints", "title", "description", "example", "rdfType",
        ]).union(constraintKeys)
        for rule in rules {
            let option = "--rule '\(rule)'"
            guard let equals = rule.firstIndex(of: "="), equals != rule.startIndex else {
                throw ConfigurationError(
                    "\(option): expected KEY=VALUE, such as --rule 'pattern=[A-Z]{2}' or --rule 'enum=a,b'")
            }
            let key = String(rule[..<equals])
            if key == "required" || key == "unique" {
                throw ConfigurationError(
                    "\(option): \(key) is a constraint of a table's column, which fieldcheck csv checks; "
                        + "a line command checks each value alone")
            }
            if key == "type" || key == "name" {
                throw ConfigurationError("\(option): TYPE names the type, and a line's value has no name")
            }
            guard known.contains(key) else {
                if let reason = SchemaKeys.unchecked(.constraints)[key] ?? SchemaKeys.unchecked(.field)[key] {
                    throw ConfigurationError("\(option): fieldcheck cannot honour this key: \(reason)")
                }
                let near = Suggestion.near(key, in: known)
                guard near.isEmpty else {
                    throw ConfigurationError(
                        "\(option): unknown key (did you mean '\(near.joined(separator: "' or '"))'?)")
                }
                throw ConfigurationError(
                    "\(option): unknown key; the keys are "
                        + known.subtracting(["required", "unique"]).sorted().joined(separator: ", "))
            }
            guard object[key] == nil, constraints[key] == nil else {
                throw ConfigurationError("\(option): \(key) is given twice")
            }
            let value = try Self.value(String(rule[rule.index(after: equals)...]), of: key, option: option)
            if constraintKeys.contains(key) { constraints[key] = value } else { object[key] = value }
        }
        if !constraints.isEmpty { object["constraints"] = constraints }
        return object
    }

    /// The keys whose value is a list, true or false, or a whole number.
    private static let listKeys: Set<String> = ["enum", "trueValues", "falseValues", "accept"]
    private static let flagKeys: Set<String> = ["bareNumber", "trim", "historic"]
    private static let wholeNumberKeys: Set<String> = ["minLength", "maxLength", "fractionDigits"]

    /// A rule's VALUE as a schema file holds it. A list (`enum`, `trueValues`…) is written
    /// `a,b` or, to quote an item, as YAML (`[a, "b,c"]`), its items as written (`yes` is a
    /// word, not YAML's boolean); `true` and `false` are booleans and whole numbers numbers
    /// (`maxLength=5`); anything else is the text as written, so that a pattern such as
    /// `[A-Z]{2}` is not read as YAML.
    private static func value(_ text: String, of key: String, option: String) throws(ConfigurationError) -> Any {
        guard listKeys.contains(key) else {
            let flag = text == "true" || text == "false"
            let whole = !text.isEmpty && text.utf8.count < 19 && text.utf8.allSatisfy { (0x30...0x39).contains($0) }
            // Said here, where the option can be named: the field's reader names the key alone.
            if flagKeys.contains(key) && !flag { throw ConfigurationError("\(option): expected true or false") }
            if wholeNumberKeys.contains(key) && !whole {
                throw ConfigurationError("\(option): expected a whole number, such as \(key)=5")
            }
            if flag { return text == "true" }
            return whole ? Int(text)! : text
        }
        guard text.hasPrefix("[") else {
            return text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingWhitespace() }
        }
        let parsed: Any?
        do throws(YAMLTreeError) { parsed = try YAMLTree.parse(text) } catch {
            throw ConfigurationError("\(option): not a list: \(error.description)")
        }
        guard let list = parsed as? [Any] else { throw ConfigurationError("\(option): not a list, such as [a, b]") }
        return try list.map { (item) throws(ConfigurationError) -> String in
            guard !(item is [Any]), !(item is [String: Any]), let text = scalarText(item) else {
                throw ConfigurationError("\(option): a list of single values, such as [a, b]")
            }
            return text
        }
    }
}
