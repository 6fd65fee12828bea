/// The keys of a Table Schema, by level: those Table Schema (v1 and v2), CSV Dialect and
/// fieldcheck give a meaning, those fieldcheck does not check (a schema that relies on them
/// is refused rather than passing a file it would have failed), and the typos between.
///
/// A typo must never make a bad file pass: `typ: number` would read the column as text,
/// `constraints: {requried: true}` would let empty cells through.
package enum SchemaKeys {
    package enum Level: String {
        case table = "the schema"
        case field = "a field"
        case constraints = "constraints"
        case dialect = "a dialect"
        case foreignKey = "a foreign key"
        case reference = "a foreign key's reference"
        case package = "the data package"
        case resource = "a resource"
    }

    /// Keys read, or descriptive (names, titles, examples): they change no verdict.
    package static func known(_ level: Level) -> Set<String> {
        switch level {
        case .table:
            [
                "fields", "missingValues", "primaryKey", "dialect", "$schema", "name", "title", "description",
                "profile", "path", "format", "encoding", "mediatype", "sources", "licenses", "fieldsMatch",
                "foreignKeys",
            ]
        case .field:
            [
                "name", "title", "type", "format", "description", "example", "constraints", "rdfType",
                "bareNumber", "decimalChar", "groupChar", "trueValues", "falseValues", "locale", "style", "allow",
                "deny", "preset", "trim", "fractionDigits", "percentValue", "accept", "output", "historic", "identifier",
            ]
        case .constraints:
            ["required", "unique", "minLength", "maxLength", "minimum", "maximum", "pattern", "enum"]
        case .dialect:
            [
                "delimiter", "encoding", "header", "skipInitialSpace", "quoteChar", "doubleQuote",
                "lineTerminator", "caseSensitiveHeader", "csvddfVersion", "$schema", "name", "title",
                "description", "headerRow",
            ]
        case .foreignKey: ["fields", "reference"]
        case .reference: ["resource", "fields"]
        case .package:
            [
                "resources", "name", "id", "title", "description", "homepage", "version", "created", "keywords",
                "contributors", "licenses", "sources", "image", "profile", "$schema",
            ]
        case .resource:
            [
                "name", "path", "schema", "dialect", "encoding", "profile", "$schema", "type", "format", "mediatype",
                "title", "description", "bytes", "hash", "sources", "licenses", "homepage", "scheme",
            ]
        }
    }

    /// Keys with a meaning fieldcheck does not check: refused, with the reason.
    package static func unchecked(_ level: Level) -> [String: String] {
        switch level {
        case .table:
            [
                "uniqueKeys": "unique keys of several columns are not checked (primaryKey is)"
            ]
        case .field:
            [
                "missingValues": "missing values per field are not read (the schema's missingValues are)",
                "categories": "categories are not checked (use constraints: enum)",
                "categoriesOrdered": "categories are not checked (use constraints: enum)",
            ]
        case .constraints:
            [
                "exclusiveMinimum": "exclusive bounds are not checked (minimum and maximum are)",
                "exclusiveMaximum": "exclusive bounds are not checked (minimum and maximum are)",
                "jsonSchema": "JSON Schema constraints are not checked",
            ]
        case .dialect:
            [
                "escapeChar": "only quoting with doubled quotes is read",
                "commentChar": "comment lines are not skipped",
                "nullSequence": "a null sequence is not read (use the schema's missingValues)",
                "commentRows": "comment rows are not skipped",
                "headerJoin": "headers of several rows are not read",
            ]
        case .foreignKey, .reference, .package: [:]
        case .resource:
            [
                "data": "inline data is not read (write it to a CSV file and give its path)",
                "compression": "compressed files are not read",
            ]
        }
    }

    static func check(_ object: [String: Any], level: Level, path: String, strict: Bool) throws(ConfigurationError) {
        let known = known(level)
        let unchecked = unchecked(level)
        for key in object.keys.sorted() where !known.contains(key) {
            if let reason = unchecked[key] {
                throw ConfigurationError(
                    "\(path, member: key): fieldcheck cannot honour this key: \(reason); remove it to check the rest")
            }
            let near = Suggestion.near(key, in: known.union(unchecked.keys))
            if !near.isEmpty {
                throw ConfigurationError(
                    "\(path, member: key): unknown key in \(level.rawValue) (did you mean '\(near.joined(separator: "' or '"))'?)"
                )
            }
            if strict {
                throw ConfigurationError(
                    "\(path, member: key): unknown key in \(level.rawValue); the keys are "
                        + known.sorted().joined(separator: ", ")
                        + " (strict checking refuses the keys no standard defines)")
            }
        }
        if level == .dialect { try checkDialectValues(object, path: path) }
    }

    /// Dialect values that describe a file fieldcheck would misread.
    private static func checkDialectValues(_ object: [String: Any], path: String) throws(ConfigurationError) {
        if let quote = object["quoteChar"], (quote as? String) != "\"" {
            throw ConfigurationError("\(path, member: "quoteChar"): only '\"' is read as the quote character")
        }
        if let double = object["doubleQuote"], (double as? Bool) != true {
            throw ConfigurationError("\(path, member: "doubleQuote"): only doubled quotes are read inside quoted cells")
        }
        if let terminator = object["lineTerminator"], !["\n", "\r\n"].contains(terminator as? String ?? "") {
            let advice = terminator as? String == "\r" ? " (convert a file of lone CRs first: tr '\\r' '\\n')" : ""
            throw ConfigurationError(
                "\(path, member: "lineTerminator"): rows end with \\n or \\r\\n; no other terminator is read\(advice)")
        }
        if let row = object["headerRow"], (row as? Int) != 1 {
            throw ConfigurationError("\(path, member: "headerRow"): the header is read from the first row only")
        }
    }
}

extension DefaultStringInterpolation {
    /// Where in a schema a message points: `fields[2].type`, or the `--column 'price=numbr'`
    /// option alone, which stands for the whole field (`--column '…'.type` reads as a typo).
    mutating func appendInterpolation(_ path: String, member: String) {
        appendLiteral(path)
        // A field given on the command line is named by its argument, quoted (`--column
        // 'x=foo'`, `as 'foo'`): it has no members. A schema's paths never end with a quote.
        if !path.hasSuffix("'") { appendLiteral(".\(member)") }
    }
}
