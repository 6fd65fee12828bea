/// A Frictionless Table Schema (JSON or YAML) turned into one field specification per
/// column, plus the table-level rules a line command has no use for (required, unique,
/// enum, missing values, primary key).
///
/// Real Table Schema files work unchanged: types `string`, `number`, `integer`, `date`;
/// `format` (dates: `default` = ISO, `any`, a strptime pattern such as `%d.%m.%Y`, or a
/// UTS #35 pattern); `decimalChar`, `groupChar`, `bareNumber`; `constraints`. fieldcheck's
/// own keys add what Table Schema lacks: `locale`, `allow`, `deny`, `preset`, `style`.
public struct TableSchema: Sendable {
    public var columns: [ColumnSchema]
    /// Cells that mean "no value" (Table Schema's `missingValues`; default: the empty string).
    public var missingValues: [String] = [""]
    /// Column names whose values together must be unique and present.
    public var primaryKey: [String] = []
    /// The file's delimiter (the CSV Dialect key `dialect.delimiter`, which `infer` writes);
    /// a command-line delimiter wins.
    public var delimiter = UInt8(ascii: ",")
    /// Whether the file has a header row (`dialect.header`).
    public var header = true
    /// The file's charset when it is not UTF-8 (`dialect.encoding`, fieldcheck's own key, as
    /// Data Package resources name it); a command-line encoding wins.
    public var encoding: String? = nil
    /// References from this table's columns to the key values of a table (`foreignKeys`).
    public var foreignKeys: [ForeignKey] = []
    /// Said of a row over the record limit, when the front end can raise it.
    public var recordLimitHint: String? = nil

    /// How the file's header must match the fields (Table Schema v2's `fieldsMatch`). A
    /// schema document defaults to `exact`, as the standard says; columns given inline
    /// (`--column`) check the columns they name and leave the others (`subset`).
    public var fieldsMatch: FieldsMatch = .subset

    public init(columns: [ColumnSchema]) { self.columns = columns }

    /// Builds the schema from a parsed JSON or YAML document (`[String: Any]` and so on);
    /// every problem names `source` and the path in it ("schema.yaml: fields[2].type").
    /// - Parameter strict: refuse every key neither Table Schema nor fieldcheck defines
    ///   (`--strict-schema`); otherwise such keys are custom properties, as the spec allows,
    ///   unless they are near a known key (`typ`, `requried`), which is a typo and an error.
    public init(tree: Any?, source: String, defaultLocale: LocaleID, strict: Bool = false) throws(ConfigurationError) {
        guard let root = tree as? [String: Any] else {
            throw ConfigurationError("\(source): a Table Schema is an object with a 'fields' list")
        }
        try SchemaKeys.check(root, level: .table, path: source, strict: strict)
        guard let fields = root["fields"] as? [Any], !fields.isEmpty else {
            throw ConfigurationError("\(source): fields: a Table Schema needs a non-empty 'fields' list")
        }
        var columns: [ColumnSchema] = []
        var names: Set<String> = []
        for (index, field) in fields.enumerated() {
            let path = "\(source): fields[\(index)]"
            guard let object = field as? [String: Any] else {
                throw ConfigurationError("\(path): each field is an object with a 'name' and a 'type'")
            }
            let column = try ColumnSchema(object: object, path: path, defaultLocale: defaultLocale, strict: strict)
            if !names.insert(column.name).inserted {
                throw ConfigurationError("\(path, member: "name"): the column '\(column.name)' is named twice")
            }
            columns.append(column)
        }
        self.columns = columns
        if let missing = root["missingValues"] {
            // Only strings: a number or boolean here (`[1]`, `[true]`) would make a cell `1`
            // skip its column's rules while looking like data.
            missingValues = try stringList(
                missing, path: "\(source): missingValues", purpose: "missing values", example: "\"\", \"NA\"")
        }
        fieldsMatch = .exact
        if let value = root["fieldsMatch"] {
            guard let text = scalarText(value), let parsed = FieldsMatch(rawValue: text) else {
                throw ConfigurationError(
                    "\(source): fieldsMatch: expected one of "
                        + FieldsMatch.allCases.map(\.rawValue).joined(separator: ", "))
            }
            fieldsMatch = parsed
        }
        if let dialect = root["dialect"] { try applyDialect(dialect, source: "\(source): dialect", strict: strict) }
        if let key = root["primaryKey"] {
            let names = (key as? [Any])?.compactMap(scalarText) ?? scalarText(key).map { [$0] } ?? []
            for name in names where !columns.contains(where: { $0.name == name }) {
                throw ConfigurationError("\(source): primaryKey: '\(name)' is not a field of the schema")
            }
            primaryKey = names
        }
        if let keys = root["foreignKeys"] {
            foreignKeys = try ForeignKey.list(
                keys, fields: Set(columns.map(\.name)), path: "\(source): foreignKeys",
                strict: strict)
        }
    }

    /// Reads a CSV Dialect object (`delimiter`, `header`, `encoding`, `skipInitialSpace`, …)
    /// into the schema: the schema's own `dialect`, or a Data Package resource's, which wins.
    /// - Parameter source: names the dialect in messages ("schema.yaml: dialect").
    public mutating func applyDialect(_ dialect: Any, source: String, strict: Bool = false) throws(ConfigurationError) {
        guard let object = dialect as? [String: Any] else {
            throw ConfigurationError("\(source): expected an object (delimiter, header, encoding)")
        }
        try SchemaKeys.check(object, level: .dialect, path: source, strict: strict)
        if let value = object["delimiter"] {
            let text = scalarText(value) ?? ""
            guard text.utf8.count == 1, let byte = text.utf8.first, byte != 0x22, byte != 0x0A, byte != 0x0D else {
                throw ConfigurationError(
                    "\(source).delimiter: expected one ASCII character other than a quote or line break")
            }
            delimiter = byte
        }
        if let value = object["encoding"] {
            guard let text = scalarText(value), !text.isEmpty else {
                throw ConfigurationError("\(source).encoding: expected a charset name such as windows-1252")
            }
            encoding = text
        }
        if let value = object["header"] {
            guard let flag = value as? Bool else {
                throw ConfigurationError("\(source).header: expected true or false")
            }
            header = flag
        }
        // CSV Dialect's skipInitialSpace: the spaces after a delimiter are not the cell's.
        if let value = object["skipInitialSpace"] {
            guard let flag = value as? Bool else {
                throw ConfigurationError("\(source).skipInitialSpace: expected true or false")
            }
            if flag { for index in columns.indices { columns[index].spec.trim = true } }
        }
    }
}

/// One column of a table: its field specification and table-level constraints.
public struct ColumnSchema: Sendable {
    public var name: String
    public var spec: FieldSpec
    /// A missing value is a `required` error.
    public var required = false
    /// A repeated value is `not_unique`.
    public var unique = false
    /// The allowed values, in canonical form (`not_in_enum` otherwise): the field's rule
    /// (`FieldSpec.allowedValues`).
    public var allowedValues: [String]? {
        get { spec.allowedValues }
        set { spec.allowedValues = newValue }
    }
    /// Table Schema's `bareNumber: false`: text before and after the number is dropped.
    public var bareNumber = true
    /// Where the column was defined, for messages ("schema.yaml: fields[2]").
    public var path: String
    /// The 1-based cell the column is, when it is named by its position (`--column 5=number`
    /// on a file without a header): used when the file has no header, or no column so named.
    public var position: Int? = nil

    public init(name: String, spec: FieldSpec, path: String) {
        self.name = name
        self.spec = spec
        self.path = path
    }

    /// A column from one field object of a Table Schema (`name`, `type`, `format`, …).
    public init(object: [String: Any], path: String, defaultLocale: LocaleID, strict: Bool = false)
        throws(ConfigurationError)
    {
        try SchemaKeys.check(object, level: .field, path: path, strict: strict)
        guard let name = object["name"].flatMap(scalarText), !name.isEmpty else {
            throw ConfigurationError("\(path, member: "name"): each field needs a name")
        }
        // No `type` is Table Schema's string; a list, a mapping or a null is a mistake to say,
        // not a string column that accepts everything.
        var type = "string"
        if let value = object["type"] {
            guard let name = scalarText(value) else {
                throw ConfigurationError(
                    "\(path, member: "type"): expected one type name, such as type: number; fieldcheck reads "
                        + FieldType.names.joined(separator: ", "))
            }
            type = name
        }
        guard let fieldType = FieldType.named(type) else {
            // `text` and `str` are what the line command and other tools call a string.
            let meant =
                ["text", "str", "varchar"].contains(type.lowercased())
                ? ["string"] : Suggestion.near(type, in: FieldType.names)
            let hint = meant.isEmpty ? "" : " (did you mean '\(meant.joined(separator: "' or '"))'?)"
            throw ConfigurationError(
                "\(path, member: "type"): unknown or unsupported type '\(type)'\(hint); fieldcheck reads "
                    + FieldType.names.joined(separator: ", "))
        }
        func text(_ key: String) throws(ConfigurationError) -> String? {
            guard let value = object[key] else { return nil }
            guard let string = scalarText(value) else {
                throw ConfigurationError("\(path, member: key): expected a string")
            }
            return string
        }
        _ = try text("format")  // a scalar, or a clear error; the type reads it
        var locale = defaultLocale
        let explicitLocale = try text("locale")
        if let explicitLocale {
            do { locale = try LocaleID(explicitLocale) } catch {
                throw ConfigurationError("\(path, member: "locale"): \(error.message)", advice: error.advice)
            }
        }
        var field = SchemaField(
            object: object, path: path, typeName: type, locale: locale, hasOwnLocale: explicitLocale != nil)
        var spec = try fieldType.make(&field)
        spec.vocabulary = .tableSchema
        if let allow = try text("allow") { spec.allow = CharacterRule(allow) }
        if let deny = try text("deny") { spec.deny = CharacterRule(deny) }
        if let preset = try text("preset") {
            guard let parsed = CharacterPreset(rawValue: preset) else {
                throw ConfigurationError(
                    "\(path, member: "preset"): unknown preset '\(preset)'; use "
                        + CharacterPreset.allCases.map(\.rawValue).joined(separator: ", "))
            }
            spec.preset = parsed
        }
        if let value = object["trim"] {
            guard let flag = value as? Bool else {
                throw ConfigurationError("\(path, member: "trim"): expected true or false")
            }
            spec.trim = flag
        }
        self.init(name: name, spec: spec, path: path)
        bareNumber = field.bareNumber
        if let constraints = object["constraints"] {
            guard let rules = constraints as? [String: Any] else {
                throw ConfigurationError("\(path, member: "constraints"): expected an object")
            }
            try SchemaKeys.check(rules, level: .constraints, path: "\(path, member: "constraints")", strict: strict)
            try apply(rules, type: fieldType, path: "\(path, member: "constraints")")
        }
    }

    private mutating func apply(_ rules: [String: Any], type: FieldType, path: String) throws(ConfigurationError) {
        func integer(_ key: String) throws(ConfigurationError) -> Int? {
            guard let value = rules[key] else { return nil }
            guard let number = value as? Int, number >= 0 else {
                throw ConfigurationError("\(path, member: key): expected a whole number from 0 to \(Int.max)")
            }
            return number
        }
        func flag(_ key: String) throws(ConfigurationError) -> Bool {
            guard let value = rules[key] else { return false }
            guard let bool = value as? Bool else {
                throw ConfigurationError("\(path, member: key): expected true or false")
            }
            return bool
        }
        required = try flag("required")
        unique = try flag("unique")
        spec.minLength = try integer("minLength")
        spec.maxLength = try integer("maxLength")
        if let pattern = rules["pattern"] {
            guard let text = scalarText(pattern) else {
                throw ConfigurationError("\(path, member: "pattern"): expected a string")
            }
            spec.pattern = text
        }
        for key in ["minimum", "maximum"] {
            guard let value = rules[key] else { continue }
            guard let bound = type.bound else {
                throw ConfigurationError(
                    "\(path, member: key): a \(type.names[0]) column has no minimum or maximum"
                        + (type.noOrder.map { ": \($0); use pattern or enum to limit the values" } ?? ""))
            }
            guard let text = scalarText(value) else {
                throw ConfigurationError("\(path, member: key): expected a single value, such as \(key): 10")
            }
            do throws(ConfigurationError) {
                spec.kind = try bound(spec.kind, text, key == "minimum")
            } catch {
                throw ConfigurationError("\(path, member: key): \(error.message)")
            }
        }
        if let values = rules["enum"] {
            guard let list = values as? [Any], !list.isEmpty else {
                throw ConfigurationError("\(path, member: "enum"): expected a list of at least one allowed value")
            }
            allowedValues = try list.map { (item) throws(ConfigurationError) in
                let text = scalarText(item) ?? ""
                guard let canonical = type.canonical else { return text }
                do throws(ConfigurationError) { return try canonical(spec.kind, text) } catch {
                    throw ConfigurationError("\(path, member: "enum"): \(error.message)")
                }
            }
        }
    }
}

/// How a file's header must match a schema's fields (Table Schema v2's `fieldsMatch`).
public enum FieldsMatch: String, Sendable, Hashable, CaseIterable {
    /// The same columns in the same order.
    case exact
    /// The same columns, in any order.
    case equal
    /// Every schema field is in the file, which may have more columns.
    case subset
    /// Every file column is a schema field; the file may lack some.
    case superset
    /// At least one schema field is in the file.
    case partial

    /// Whether a file column the schema lacks is a problem.
    var refusesExtras: Bool { self == .exact || self == .equal || self == .superset }
    /// Whether a schema field the file lacks is a problem.
    public var refusesMissing: Bool { self == .exact || self == .equal || self == .subset }
}

/// A YAML or JSON scalar as text (numbers and booleans as written). A number that the reader
/// kept as its text (`YAMLTree.YAMLNumber`: a fraction, an exponent, more digits than `Int`
/// holds) comes as a `LosslessStringConvertible`, and its text is the number exactly: a
/// `Double` would have made `minimum: 0.1` or a 20-digit `enum` value another number.
package func scalarText(_ value: Any) -> String? {
    switch value {
    case let string as String: string
    case let int as Int: String(int)
    case let double as Double: String(double)
    case let bool as Bool: String(bool)
    case let exact as any LosslessStringConvertible: exact.description
    default: nil
    }
}

/// The strptime format (`%d.%m.%Y`, `%Y-%m-%d %H:%M:%S`) that reads what a UTS #35 date or
/// datetime pattern (`dd.MM.yyyy`, `yyyy-MM-dd HH:mm:ss`) reads, for tools that read Table Schema's `format` as Python's `strptime` does
/// (Frictionless), or nil when strptime cannot say it: an era, a week, a day of the year, a
/// single `y`, a two-digit `yy` (ICU's century window is the 80 years before and 20 after
/// today, Python's %y is 1969–2068, and `yy` here reads four-digit years too), or month and
/// day names outside English (`locale`), which strptime reads in the C locale only. `%d` and `%m` read one or two digits in Python, as `d`/`dd` and
/// `M`/`MM` do here, `%I` one or two as `h` does, `%f` one to six as `S` does; `%p` is AM
/// or PM in the C locale, as en_US_POSIX's `a`; `%z` reads `Z`, `+0100` and `+01:00` where `X`
/// reads `+01` too (the schema writer says so when the values write it). `strptimeToUTS35`
/// reads the result back as a pattern that reads the same values.
public func uts35ToStrptime(_ pattern: String, namesInEnglish: Bool) -> String? {
    let fields: [String: String] = [
        "dd": "%d", "d": "%d", "MM": "%m", "M": "%m", "yyyy": "%Y", "MMM": "%b", "MMMM": "%B",
        "EEE": "%a", "EEEE": "%A", "HH": "%H", "mm": "%M", "ss": "%S", "h": "%I", "hh": "%I", "a": "%p",
        // strptime's %f reads one to six digits, %z an offset with its minutes (+0100, +01:00).
        "S": "%f", "SSS": "%f", "SSSSSS": "%f", "X": "%z", "XX": "%z", "XXX": "%z",
    ]
    let names: Set<String> = ["MMM", "MMMM", "EEE", "EEEE", "a"]
    var out = ""
    let characters = Array(pattern)
    var index = 0
    while index < characters.count {
        let character = characters[index]
        if character == "'" {
            // Quoted literal text; '' is a quote.
            index += 1
            if index < characters.count, characters[index] == "'" {
                out += "'"
                index += 1
                continue
            }
            while index < characters.count {
                if characters[index] == "'" {
                    if index + 1 < characters.count, characters[index + 1] == "'" {
                        out += "'"
                        index += 2
                        continue
                    }
                    break
                }
                out += characters[index] == "%" ? "%%" : String(characters[index])
                index += 1
            }
            guard index < characters.count else { return nil }
            index += 1
        } else if character.isASCII && character.isLetter {
            var end = index
            while end < characters.count, characters[end] == character { end += 1 }
            let field = String(characters[index..<end])
            guard let directive = fields[field], namesInEnglish || !names.contains(field) else { return nil }
            out += directive
            index = end
        } else {
            out += character == "%" ? "%%" : String(character)
            index += 1
        }
    }
    return out
}

/// A list the Table Schema defines as strings only (`missingValues`, `trueValues`), each item
/// checked: a number, boolean, null or list is refused naming its index, with the advice to
/// quote it. In YAML an unquoted `1`, `NO` or `~` is such a value to every other reader
/// (PyYAML, Yams), even where fieldcheck's reader kept the text written.
func stringList(_ value: Any, path: String, purpose: String, example: String, allowsEmpty: Bool = true)
    throws(ConfigurationError) -> [String]
{
    guard let list = value as? [Any], allowsEmpty || !list.isEmpty else {
        throw ConfigurationError(
            "\(path): expected a\(allowsEmpty ? "" : " non-empty") list of strings, such as [\(example)]")
    }
    var strings: [String] = []
    for (index, item) in list.enumerated() {
        if let string = item as? String {
            strings.append(string)
            continue
        }
        guard let written = scalarText(item) else {
            throw ConfigurationError(
                "\(path)[\(index)]: expected a string; \(purpose) are strings, such as [\(example)]")
        }
        throw ConfigurationError(
            "\(path)[\(index)]: \(written) is not a string: unquoted, YAML and JSON read it as a number, boolean "
                + "or null; \(purpose) are strings, so quote it (\"\(written)\")")
    }
    return strings
}

/// Converts Table Schema's strptime date format (`%d.%m.%Y`) to a UTS #35 pattern
/// (`dd.MM.yyyy`), quoting literal letters. A time or datetime format may also have the
/// time directives (`%H:%M:%S`, `%I` with `%p`, `%f`, `%z`, `%T`, `%R`).
func strptimeToUTS35(_ format: String, content: DateContent = .date) throws(ConfigurationError) -> String {
    var directives: [Character: String] = [
        "d": "dd", "e": "d", "m": "MM", "Y": "yyyy", "y": "yy", "b": "MMM", "h": "MMM", "B": "MMMM", "a": "EEE",
        "A": "EEEE",
    ]
    if content != .date {
        // %f is Python's microseconds (1 to 6 digits); %z its offset (+0200, +02:00 or Z).
        let time: [Character: String] = [
            "H": "HH", "I": "hh", "M": "mm", "S": "ss", "f": "SSSSSS", "p": "a", "z": "xx", "T": "HH:mm:ss",
            "R": "HH:mm",
        ]
        directives.merge(time) { $1 }
    }
    var out = ""
    var literal = ""
    func flush() {
        guard !literal.isEmpty else { return }
        if literal.contains(where: { $0.isLetter || $0 == "'" }) {
            out += "'" + literal.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''") + "'"
        } else {
            out += literal
        }
        literal = ""
    }
    var characters = Array(format)
    var index = 0
    while index < characters.count {
        let character = characters[index]
        guard character == "%" else {
            literal.append(character)
            index += 1
            continue
        }
        index += 1
        guard index < characters.count else { throw ConfigurationError("'\(format)' ends with a lone %") }
        var directive = characters[index]
        // %-d and %-m: without padding (both read one or two digits; only examples differ).
        var unpadded = false
        if directive == "-", index + 1 < characters.count {
            index += 1
            directive = characters[index]
            unpadded = true
        }
        if directive == "%" {
            literal.append("%")
        } else if let pattern = directives[directive] {
            flush()
            out += unpadded && "dmHIMS".contains(directive) ? String(pattern.prefix(1)) : pattern
        } else if content == .date {
            throw ConfigurationError(
                "'%\(directive)' in '\(format)' is not a date directive fieldcheck reads "
                    + "(%d %e %m %Y %y %b %B %a %A)")
        } else {
            throw ConfigurationError(
                "'%\(directive)' in '\(format)' is not a directive fieldcheck reads "
                    + "(%H %I %p %M %S %f %z %T %R" + (content == .dateTime ? " %d %e %m %Y %y %b %B %a %A)" : ")"))
        }
        index += 1
    }
    characters.removeAll()
    flush()
    return out
}
