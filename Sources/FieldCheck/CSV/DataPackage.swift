/// One of a Table Schema's `foreignKeys`: the values of `fields` in a row must be among the
/// values of `referencedFields` in the resource named `resource` (the empty string: the same
/// resource).
public struct ForeignKey: Sendable, Hashable {
    public var fields: [String]
    public var resource: String
    public var referencedFields: [String]
    /// Where the key was defined, for messages ("schema.yaml: foreignKeys[0]").
    public var path: String

    /// The `foreignKeys` list of a schema whose fields are `fields`.
    static func list(_ value: Any, fields: Set<String>, path: String, strict: Bool) throws(ConfigurationError)
        -> [ForeignKey]
    {
        guard let list = value as? [Any] else {
            throw ConfigurationError("\(path): expected a list of {fields, reference: {resource, fields}}")
        }
        var keys: [ForeignKey] = []
        for (index, item) in list.enumerated() {
            let path = "\(path)[\(index)]"
            guard let object = item as? [String: Any] else {
                throw ConfigurationError("\(path): expected an object with 'fields' and 'reference'")
            }
            try SchemaKeys.check(object, level: .foreignKey, path: path, strict: strict)
            let names = try Self.names(object["fields"], path: "\(path).fields")
            for name in names where !fields.contains(name) {
                throw ConfigurationError("\(path).fields: '\(name)' is not a field of the schema")
            }
            guard let reference = object["reference"] as? [String: Any] else {
                throw ConfigurationError("\(path).reference: expected an object with 'resource' and 'fields'")
            }
            try SchemaKeys.check(reference, level: .reference, path: "\(path).reference", strict: strict)
            let resource = reference["resource"].flatMap(scalarText) ?? ""
            let referenced = try Self.names(reference["fields"], path: "\(path).reference.fields")
            guard referenced.count == names.count else {
                throw ConfigurationError(
                    "\(path).reference.fields: \(referenced.count) field(s) for the \(names.count) of 'fields'")
            }
            if resource.isEmpty {
                for name in referenced where !fields.contains(name) {
                    throw ConfigurationError("\(path).reference.fields: '\(name)' is not a field of the schema")
                }
            }
            keys.append(ForeignKey(fields: names, resource: resource, referencedFields: referenced, path: path))
        }
        return keys
    }

    /// A field name or a non-empty list of them, each named once: a key of `[a, a]` says
    /// nothing `[a]` does not, and each distinct list costs a set of the referenced table's
    /// values.
    private static func names(_ value: Any?, path: String) throws(ConfigurationError) -> [String] {
        if let value, let name = scalarText(value), !name.isEmpty { return [name] }
        if let list = value as? [Any], !list.isEmpty {
            let names = list.compactMap(scalarText)
            if names.count == list.count, !names.contains("") {
                for (index, name) in names.enumerated() where names[..<index].contains(name) {
                    throw ConfigurationError(
                        "\(path)[\(index)]: the field '\(name)' is named twice in one key; name each field once, "
                            + "as in [\(names.uniqued().joined(separator: ", "))]")
                }
                return names
            }
        }
        throw ConfigurationError("\(path): expected a field name or a list of field names")
    }
}

/// The key values a foreign key looks a row's values up in: the canonical values of the
/// referenced fields in every row of the referenced resource, read before the table is checked.
public struct ReferenceKeys: Sendable {
    public var foreignKey: ForeignKey
    /// The referenced resource's name, for messages ("" when a schema refers to itself).
    public var resourceName: String
    /// Each row's values joined by U+001F.
    public var values: Set<String>

    public init(foreignKey: ForeignKey, resourceName: String, values: Set<String>) {
        self.foreignKey = foreignKey
        self.resourceName = resourceName
        self.values = values
    }
}

/// A Frictionless Data Package (`datapackage.json` or `.yaml`): its tabular resources, each a
/// table of one file or of several parts, with its schema, dialect and encoding.
///
/// Every path is relative to the package's folder and stays inside it: an absolute path, a
/// URL or a `..` is refused, so a package cannot make fieldcheck read `/etc/passwd`.
public struct DataPackage: Sendable {
    public struct Resource: Sendable {
        public var name: String
        /// The files of the table, resolved against the package's folder; several are parts
        /// of one table.
        public var paths: [String]
        public var schema: TableSchema
        /// Where the resource was defined, for messages ("datapackage.json: resources[1]").
        public var path: String
    }

    public var resources: [Resource]

    /// - Parameters:
    ///   - folder: the package file's folder ("" for the working directory).
    ///   - load: reads a schema or dialect file (a path already resolved) as a parsed tree.
    public init(
        tree: Any?, source: String, folder: String, defaultLocale: LocaleID, strict: Bool = false,
        load: (String) throws(ConfigurationError) -> Any?
    ) throws(ConfigurationError) {
        guard let root = tree as? [String: Any] else {
            throw ConfigurationError("\(source): a Data Package is an object with a 'resources' list")
        }
        try SchemaKeys.check(root, level: .package, path: source, strict: strict)
        guard let list = root["resources"] as? [Any], !list.isEmpty else {
            throw ConfigurationError("\(source): resources: a Data Package needs a non-empty 'resources' list")
        }
        func resolved(_ value: Any, _ path: String) throws(ConfigurationError) -> String {
            guard let text = scalarText(value) else { throw ConfigurationError("\(path): expected a path") }
            let relative = try Self.checkedPath(text, path: path)
            if folder.isEmpty { return relative }
            return folder.hasSuffix("/") ? folder + relative : folder + "/" + relative
        }
        var resources: [Resource] = []
        // Names looked up in a set: a scan of the resources for each one was quadratic (10,000
        // resources took most of 19 s there).
        var names: [String: Int] = [:]
        for (index, item) in list.enumerated() {
            let path = "\(source): resources[\(index)]"
            guard let object = item as? [String: Any] else {
                throw ConfigurationError("\(path): each resource is an object with a 'name' and a 'path'")
            }
            let profile = object["profile"].flatMap(scalarText) ?? object["type"].flatMap(scalarText)
            let tabular = object["schema"] != nil || profile == "tabular-data-resource" || profile == "table"
            // Other resources (a PDF, a JSON file) are not tables: nothing to check.
            guard tabular else { continue }
            try SchemaKeys.check(object, level: .resource, path: path, strict: strict)
            let name = object["name"].flatMap(scalarText) ?? "resources[\(index)]"
            if names[name] != nil {
                throw ConfigurationError("\(path).name: the resource '\(name)' is named twice")
            }
            let paths: [String]
            switch object["path"] {
            case let parts as [Any] where !parts.isEmpty:
                paths = try parts.enumerated().map { (part, value) throws(ConfigurationError) in
                    try resolved(value, "\(path).path[\(part)]")
                }
            case .some(let value) where !(value is [Any]):
                paths = [try resolved(value, "\(path).path")]
            default:
                throw ConfigurationError("\(path).path: expected a file path or a non-empty list of them")
            }
            guard let schemaValue = object["schema"] else {
                throw ConfigurationError("\(path).schema: a tabular resource needs a Table Schema to be checked")
            }
            var schema: TableSchema
            if schemaValue is [String: Any] {
                schema = try TableSchema(
                    tree: schemaValue, source: "\(path).schema", defaultLocale: defaultLocale, strict: strict)
            } else {
                let file = try resolved(schemaValue, "\(path).schema")
                schema = try TableSchema(tree: load(file), source: file, defaultLocale: defaultLocale, strict: strict)
            }
            if let dialect = object["dialect"] {
                if dialect is [String: Any] {
                    try schema.applyDialect(dialect, source: "\(path).dialect", strict: strict)
                } else {
                    let file = try resolved(dialect, "\(path).dialect")
                    try schema.applyDialect(load(file) as Any, source: file, strict: strict)
                }
            }
            if let value = object["encoding"] {
                guard let encoding = scalarText(value), !encoding.isEmpty else {
                    throw ConfigurationError("\(path).encoding: expected a charset name such as windows-1252")
                }
                schema.encoding = encoding
            }
            names[name] = resources.count
            resources.append(Resource(name: name, paths: paths, schema: schema, path: path))
        }
        // References are resolved once every resource is known.
        for resource in resources {
            for key in resource.schema.foreignKeys where !key.resource.isEmpty {
                guard let target = names[key.resource].map({ resources[$0] }) else {
                    throw ConfigurationError(
                        "\(key.path).reference.resource: no tabular resource of the package is named '\(key.resource)'"
                            + " (its resources: \(resources.map(\.name).joined(separator: ", ")))")
                }
                let fields = Set(target.schema.columns.map(\.name))
                for name in key.referencedFields where !fields.contains(name) {
                    throw ConfigurationError(
                        "\(key.path).reference.fields: '\(name)' is not a field of the resource '\(target.name)'")
                }
            }
        }
        guard !resources.isEmpty else {
            throw ConfigurationError("\(source): resources: no resource is a table (none has a schema)")
        }
        self.resources = resources
    }

    /// A resource's path as the package writes it, if it stays inside the package's folder:
    /// not absolute, not a URL, no `..`, no control character.
    static func checkedPath(_ text: String, path: String) throws(ConfigurationError) -> String {
        func refuse(_ why: String) -> ConfigurationError {
            ConfigurationError(
                "\(path): '\(text)' \(why); a package's paths are relative to its folder and stay inside it")
        }
        if text.isEmpty { throw refuse("is empty") }
        if text == "-" { throw refuse("would be stdin") }
        if text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw refuse("has a control character")
        }
        if text.hasPrefix("/") || text.hasPrefix("\\") || text.hasPrefix("~") { throw refuse("is absolute") }
        // A scheme (http:, file:, s3:) makes it a URL, which fieldcheck does not fetch.
        if let colon = text.firstIndex(of: ":"),
            text[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        {
            throw refuse("is a URL; fieldcheck reads local files only")
        }
        if text.split(separator: "/").contains("..") || text.split(separator: "\\").contains("..") {
            throw refuse("goes up out of the folder (..)")
        }
        return text
    }
}

extension Array where Element: Hashable {
    /// The elements in order, each once.
    fileprivate func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
