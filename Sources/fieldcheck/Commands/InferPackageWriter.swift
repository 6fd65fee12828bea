import FieldCheck

#if canImport(Glibc)
    import Glibc
#endif

/// `infer --package FILE`: what `infer` found in each CSV file as a Frictionless Data Package,
/// one tabular resource per file. The dialect and the encoding stand on the resource, where
/// Frictionless reads them (a Table Schema has neither), and the schema is the one
/// `infer --schema` writes; `fieldcheck csv --package FILE` reads it unchanged.
final class PackageWriter {
    /// The package file as the user named it.
    let package: String
    private let json: Bool
    /// Each file's path relative to the package's folder, by the name it was given.
    private let relative: [String: String]
    private var resources: [(name: String, path: String, report: Fieldcheck.InferCommand.FileReport)] = []

    /// - Throws: `ConfigurationError` when a file is not inside the package's folder: a
    ///   package's paths are relative to it and stay inside it.
    init(package: String, files: [String]) throws(ConfigurationError) {
        self.package = package
        json = package.lowercased().hasSuffix(".json")
        let folder = package.lastIndex(of: "/").map { String(package[..<$0]) } ?? "."
        guard let root = Self.resolved(folder.isEmpty ? "/" : folder) else {
            throw ConfigurationError(
                "--package \(package): its folder cannot be opened: \(String(cString: strerror(errno)))")
        }
        var relative: [String: String] = [:]
        for file in files {
            guard let path = Self.resolved(file) else {
                throw ConfigurationError("\(file): \(String(cString: strerror(errno)))")
            }
            let prefix = root == "/" ? "/" : root + "/"
            guard path.hasPrefix(prefix) else {
                throw ConfigurationError(
                    "\(file) is not inside \(root), the folder of --package \(package): a package's paths stay inside "
                        + "its folder; write the package next to the files, or above them")
            }
            relative[file] = String(path.dropFirst(prefix.count))
        }
        self.relative = relative
    }

    private static func resolved(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }

    func add(_ report: Fieldcheck.InferCommand.FileReport, file: String) {
        let path = relative[file] ?? file
        resources.append((Self.name(for: path, taken: Set(resources.map(\.name))), path, report))
    }

    /// A resource name as Frictionless requires it (lower-case letters, digits, `-`, `_`, `.`),
    /// from the file's name without its extension, made unique.
    static func name(for path: String, taken: Set<String>) -> String {
        var stem = String(path.split(separator: "/").last ?? "data")
        if let dot = stem.lastIndex(of: "."), dot != stem.startIndex { stem = String(stem[..<dot]) }
        var name = String(
            stem.lowercased().unicodeScalars.map { scalar -> Character in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                        || "-_.".unicodeScalars.contains(scalar))
                    ? Character(scalar) : "-"
            })
        if name.isEmpty { name = "data" }
        var unique = name
        var number = 2
        while taken.contains(unique) {
            unique = "\(name)-\(number)"
            number += 1
        }
        return unique
    }

    func write() throws {
        let text = json ? jsonText() : yamlText()
        let out = try OutputStream.open(path: package)
        try out.write(text)
        try out.flush()
        try out.close()
    }

    private func dialectKeys(_ report: Fieldcheck.InferCommand.FileReport) -> [(String, String)] {
        let delimiter = report.dialect.map { String(Character(Unicode.Scalar($0.delimiter))) } ?? ","
        return [("delimiter", JSON.string(delimiter)), ("header", String(report.header))]
    }

    private func yamlText() -> String {
        var text = "# Data Package inferred by fieldcheck; check it with: fieldcheck csv --package \(package)\n"
        text += "resources:\n"
        for (name, path, report) in resources {
            text +=
                "  # \(report.rows) rows read\(report.sampled ? " (a sample)" : ""), encoding \(report.encoding.name)\n"
            text += "  - name: \(JSON.string(name))\n"
            text += "    path: \(JSON.string(path))\n"
            text += "    profile: \"tabular-data-resource\"\n"
            text += "    format: \"csv\"\n"
            text += "    encoding: \(JSON.string(report.encoding.isUTF8 ? "utf-8" : report.encoding.name))\n"
            text += "    dialect:\n"
            for (key, value) in dialectKeys(report) { text += "      \(key): \(value)\n" }
            text += "    schema:\n"
            text += SchemaWriter.yamlFields(report, indent: "      ")
        }
        return text
    }

    private func jsonText() -> String {
        let items = resources.map { name, path, report in
            let dialect = dialectKeys(report).map { "\(JSON.string($0.0)):\($0.1)" }.joined(separator: ",")
            return "{\"name\":\(JSON.string(name)),\"path\":\(JSON.string(path)),"
                + "\"profile\":\"tabular-data-resource\",\"format\":\"csv\","
                + "\"encoding\":\(JSON.string(report.encoding.isUTF8 ? "utf-8" : report.encoding.name)),"
                + "\"dialect\":{\(dialect)},"
                + "\"schema\":{\(SchemaWriter.jsonMembers(report, dialect: false).joined(separator: ","))}}"
        }
        return "{\"resources\":[\(items.joined(separator: ","))]}\n"
    }
}
