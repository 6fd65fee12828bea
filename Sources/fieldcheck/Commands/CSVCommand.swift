import ArgumentParser
import FieldCheck
import YAMLTree

#if canImport(Glibc)
    import Glibc
#endif

extension Fieldcheck {
    /// `fieldcheck csv`: validate and normalize CSV columns against a Table Schema.
    struct CSVCommand: StatusCommand {
        static let configuration = CommandConfiguration(
            commandName: "csv",
            _superCommandName: Fieldcheck.superCommandName,
            abstract:
                "Check the columns of CSV files against a Table Schema; write the good rows, normalized if asked.",
            discussion: """
                Each column of the schema is a field specification, checked by the same pipeline \
                as the line commands. Every bad cell is reported with its data row, physical line, \
                column, code, offset and character. Accepted rows go to stdout (as read, or with \
                --normalize in canonical form); rejected rows to --rejects, byte for byte. Rows \
                read = rows accepted + rows rejected, always (--summary counts them). A column no \
                field checks passes through as read, but a cell in it that is not text (not UTF-8, \
                a NUL) is rejected as in any column.

                Examples:
                  fieldcheck csv --schema schema.yaml data.csv > clean.csv
                  fieldcheck csv --column 'price=number:de_DE' --normalize data.csv
                  fieldcheck csv --column 'at=datetime::dd.MM.yyyy HH:mm' --normalize data.csv
                  fieldcheck csv --schema schema.json --rejects bad.csv --summary data.csv
                  fieldcheck csv --schema schema.yaml --one-table part1.csv part2.csv
                  fieldcheck csv --package datapackage.json

                With --package, every tabular resource of a Frictionless Data Package is checked: \
                its files (paths relative to the package's folder, never absolute, a URL or up \
                out of it), its schema (inline or a file), dialect and encoding; the parts of a \
                multipart resource are one table; foreignKeys are looked up in the resource they \
                name, read once for all its keys (a miss is foreign_key; a key naming a field twice \
                is refused). No rows go to stdout: diagnostics, --json and \
                --summary report.
                """
        )

        @Argument(help: "CSV files to read; stdin when none or '-'.", completion: .file())
        var files: [String] = []

        @Option(
            help: ArgumentHelp(
                "A Frictionless Table Schema (JSON or YAML; a file named .json must be strict JSON) describing the columns ('-': read from standard input, the CSV then from FILEs). A string column's format binary is strict base64 (invalid_base64); in YAML, list items keep the text written (enum: [SE, NO]), and missingValues, trueValues and falseValues take strings only.",
                valueName: "FILE"),
            completion: .file(extensions: ["json", "yaml", "yml"]))
        var schema: String?

        @Option(
            help: ArgumentHelp(
                "A Frictionless Data Package (JSON or YAML): check each of its tabular resources, with its own files, schema, dialect and encoding, and its foreign keys.",
                valueName: "FILE"),
            completion: .file(extensions: ["json", "yaml", "yml"]))
        var package: String?

        @Flag(
            help:
                "The files are the parts of one table: one header (each part's must equal the first's and is skipped), one set of unique values and primary keys, row numbers counting on."
        )
        var oneTable = false

        @Flag(
            help:
                "Refuse every schema key that neither Table Schema, CSV Dialect nor fieldcheck defines (without it, such keys are custom properties and ignored, unless they look like a typo of a known key)."
        )
        var strictSchema = false

        @Option(
            help: ArgumentHelp(
                "A column given inline: NAME=TYPE[:LOCALE[:FORMAT]], TYPE one of "
                    + FieldType.names.joined(separator: ", ")
                    + "; FORMAT a date, time or datetime pattern or style, or a number style (a date reads the "
                    + "locale's short style and ISO 8601 without one, a time or datetime given a LOCALE its short "
                    + "style; repeatable; overrides "
                    + "the schema's column).",
                valueName: "SPEC"))
        var column: [String] = []

        @OptionGroup var locale: LocaleOption

        @Option(
            name: [.short, .long],
            help: ArgumentHelp(
                "The cell delimiter: one ASCII character, or 'tab' (default: the schema's dialect.delimiter, else ',').",
                valueName: "C"))
        var delimiter: String?

        @Option(
            help: ArgumentHelp(
                "The files' charset when it is not UTF-8 (windows-1252, ISO-8859-15, UTF-16, Shift_JIS). Without it, a file that is not UTF-8 is named once with the charset it looks like.",
                valueName: "NAME"))
        var encoding: String?

        @Flag(
            help:
                "The first row is data, not a header; schema columns are matched by position, and a --column named by a number (5=number, or column5=number) is that cell; another new name is refused."
        )
        var noHeader = false

        @Flag(help: "Ignore white space at both ends of every cell (a field's trim: true does it for one column).")
        var trim = false

        @Flag(help: "Write accepted rows with every checked cell in canonical form (numbers exact, dates ISO 8601).")
        var normalize = false

        @OptionGroup var run: RunOptions

        @Flag(
            inversion: .prefixedNo,
            help:
                "Show a progress bar (rows, bytes, rate, time left) on stderr when it is a terminal and the input a file."
        )
        var progress = true

        func validate() throws {
            if package != nil {
                let others = [
                    ("--schema", schema != nil), ("--column", !column.isEmpty), ("a FILE", !files.isEmpty),
                    ("--one-table", oneTable), ("--normalize", normalize), ("--rejects", run.rejects != nil),
                    ("--delimiter", delimiter != nil), ("--encoding", encoding != nil), ("--no-header", noHeader),
                    ("--on-invalid", run.onInvalid != .drop),
                ]
                if let (name, _) = others.first(where: \.1) {
                    throw ValidationError(
                        "--package takes its files, schemas, dialects and encodings from the package; \(name) cannot go with it"
                    )
                }
                return
            }
            if schema == nil && column.isEmpty {
                throw ValidationError("give --schema FILE, at least one --column, or --package FILE")
            }
            if schema == "-" && (files.isEmpty || files.contains("-")) {
                throw ValidationError(
                    "--schema - reads the schema from standard input: name the CSV files to check (standard input "
                        + "cannot be both)")
            }
            if let delimiter { _ = try Self.delimiterByte(delimiter) }
        }

        static func delimiterByte(_ delimiter: String) throws -> UInt8 {
            if delimiter == "tab" || delimiter == "\\t" || delimiter == "\t" { return 0x09 }
            guard delimiter.utf8.count == 1, let byte = delimiter.utf8.first, byte != 0x22, byte != 0x0A, byte != 0x0D
            else {
                throw ValidationError(
                    "--delimiter must be one ASCII character other than a quote or line break, or 'tab'")
            }
            return byte
        }

        mutating func runWithStatus() throws -> Int32 {
            try run.refuseStrptimeFormat()
            let defaultLocale = try locale.resolve(category: "LC_NUMERIC")
            if let package { return try runPackage(package, defaultLocale: defaultLocale) }
            var table: TableSchema
            if let schema {
                let tree = try Self.readTree(schema, what: "schema")
                table = try TableSchema(tree: tree, source: schema, defaultLocale: defaultLocale, strict: strictSchema)
            } else {
                table = TableSchema(columns: [])
            }
            for spec in column {
                var inline = try Self.inlineColumn(spec, defaultLocale: defaultLocale)
                if let index = table.columns.firstIndex(where: { $0.name == inline.name }) {
                    table.columns[index] = inline
                } else {
                    if noHeader || !table.header, inline.position == nil {
                        // Without a header, `column2` (as infer calls the second cell) is the
                        // second cell; another new name stands for no cell. It was bound by
                        // its place among the columns, which a numbered column could take.
                        guard inline.name.hasPrefix("column"), let cell = Int(inline.name.dropFirst(6)), cell >= 1,
                            inline.name.allSatisfy(\.isASCII)
                        else {
                            throw ConfigurationError(
                                "--column '\(spec)': the file has no header, so no cell is named '\(inline.name)'; "
                                    + "name a cell by its number (2=TYPE or column2=TYPE for the second)")
                        }
                        inline.position = cell
                    }
                    table.columns.append(inline)
                }
            }
            prepare(&table)
            let encoding = self.encoding ?? table.encoding
            if let encoding { _ = try Transcoder(from: encoding) }  // an unknown name is exit 2 before reading
            let inputs = files.isEmpty ? ["-"] : files
            let delimiter = try self.delimiter.map(Self.delimiterByte) ?? table.delimiter
            var compiled = try CompiledSchema(table)
            // Without a package there is no other resource to look a value up in: only a key
            // that refers to this table is checked, against the files given.
            var lists: [[String]] = []
            for key in table.foreignKeys {
                guard key.resource.isEmpty else {
                    throw ConfigurationError(
                        "\(key.path).reference.resource: '\(key.resource)' is another resource, which only a Data "
                            + "Package names; check it with --package FILE, or remove the key to check the rest")
                }
                if !lists.contains(key.referencedFields) { lists.append(key.referencedFields) }
            }
            if !lists.isEmpty {
                // The files read once for every key.
                let reader = ReferenceReader(
                    schema: table, delimiter: delimiter, header: !noHeader && table.header, encoding: encoding,
                    maxRecordBytes: run.recordLimit)
                let sets = Dictionary(uniqueKeysWithValues: zip(lists, try reader.values(of: lists, in: inputs)))
                for key in table.foreignKeys {
                    compiled.references.append(
                        ReferenceKeys(foreignKey: key, resourceName: "", values: sets[key.referencedFields] ?? []))
                }
            }
            var runner = CSVRunner(
                schema: compiled, delimiter: delimiter,
                header: !noHeader && table.header,
                normalize: normalize, format: run.outputFormat,
                report: run.report, onInvalid: run.onInvalid, rejects: run.rejects,
                maxRecordBytes: run.recordLimit, progress: progress, jobs: run.jobs)
            let utf8 = ["utf-8", "utf8"].contains(encoding?.lowercased() ?? "utf-8")
            runner.encoding = utf8 ? nil : encoding
            runner.oneTable = oneTable
            return try runner.run(files: inputs)
        }

        /// What the command line adds to every column of a schema: --trim, and the hints.
        func prepare(_ table: inout TableSchema) {
            for index in table.columns.indices {
                if trim { table.columns[index].spec.trim = true }
                table.columns[index].spec.vocabulary.trimHint =
                    "--trim (or a field's trim: true) ignores white space at the ends"
            }
            table.recordLimitHint = LineRunner.raiseHint(run.recordLimit)
        }

        /// A schema, dialect or package file read with the schema file's limits, parsed as JSON or YAML.
        static func readTree(
            _ path: String, what: String,
            open: (String) throws(ConfigurationError) -> Int32 = { (path) throws(ConfigurationError) in
                // `-`: standard input (a copy of it, closed as a file is).
                path == "-" ? dup(STDIN_FILENO) : openForReading(path)
            }
        ) throws(ConfigurationError) -> Any? {
            let fd = try open(path)
            guard fd >= 0 else {
                throw ConfigurationError("cannot read \(what) \(path): \(String(cString: strerror(errno)))")
            }
            defer { close(fd) }
            var status = stat()
            if fstat(fd, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR {
                throw ConfigurationError("\(path): is a directory, not a file")
            }
            guard let text = readText(fd: fd, limit: YAMLTree.maximumBytes) else {
                throw ConfigurationError(
                    "\(path): cannot read it, or it is more than the \(YAMLTree.maximumBytes)-byte limit of a "
                        + "schema file")
            }
            // A file named .json is held to JSON, which libyaml reads more loosely.
            if path.lowercased().hasSuffix(".json"), let problem = JSONSyntax.problem(in: text) {
                throw ConfigurationError("\(path): not valid JSON: \(problem.description)")
            }
            do { return try YAMLTree.parse(text) } catch {
                throw ConfigurationError("\(path): not valid JSON or YAML: \(error.description)")
            }
        }

        /// `--package`: every tabular resource, in the package's order, each as one table of its
        /// parts; the tables a foreign key refers to are read first. The exit status is the worst
        /// of the resources' (3 before 1 before 0).
        func runPackage(_ package: String, defaultLocale: LocaleID) throws -> Int32 {
            let tree = try Self.readTree(package, what: "package")
            var folder = ""
            if let slash = package.lastIndex(of: "/") {
                folder = slash == package.startIndex ? "/" : String(package[..<slash])
            }
            // Every file the package names is opened beneath its folder, never through a link
            // out of it.
            let inside = try PackageFolder(package: package, folder: folder)
            let data = try DataPackage(
                tree: tree, source: package, folder: folder, defaultLocale: defaultLocale, strict: strictSchema,
                load: { (path) throws(ConfigurationError) in
                    try Self.readTree(path, what: "file", open: inside.open)
                })
            // Every resource's files refused before a row is read, if one of them must be.
            for resource in data.resources {
                for path in resource.paths {
                    let fd = try inside.open(path)
                    if fd >= 0 { close(fd) }
                }
            }
            // Every schema compiled and every charset known before a row is read. Each is
            // compiled again when its turn comes: held, 10,000 resources' schemas took 200 MB.
            func compiled(_ resource: DataPackage.Resource) throws(ConfigurationError) -> CompiledSchema {
                var table = resource.schema
                prepare(&table)
                return try CompiledSchema(table)
            }
            for resource in data.resources {
                if let encoding = resource.schema.encoding { _ = try Transcoder(from: encoding) }
                _ = try compiled(resource)
            }
            let maxRecordBytes = run.recordLimit
            var report = run.report
            report.check = true
            // Every list of fields each resource is referred to by, so that a referenced table
            // is read once, for all of them, when a table first needs it.
            var wanted: [String: [[String]]] = [:]
            for resource in data.resources {
                for key in resource.schema.foreignKeys {
                    let target = key.resource.isEmpty ? resource.name : key.resource
                    if !(wanted[target] ?? []).contains(key.referencedFields) {
                        wanted[target, default: []].append(key.referencedFields)
                    }
                }
            }
            var read: [String: [[String]: Set<String>]] = [:]
            let byName = Dictionary(data.resources.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            var status: Int32 = 0
            for resource in data.resources {
                var schema = try compiled(resource)
                for key in resource.schema.foreignKeys {
                    let target = key.resource.isEmpty ? resource : byName[key.resource]!
                    if read[target.name] == nil {
                        let lists = wanted[target.name] ?? []
                        var reader = ReferenceReader(
                            schema: target.schema, delimiter: target.schema.delimiter, header: target.schema.header,
                            encoding: Self.nonUTF8(target.schema.encoding), maxRecordBytes: maxRecordBytes)
                        reader.open = inside.open
                        let sets = try reader.values(of: lists, in: target.paths)
                        read[target.name] = Dictionary(uniqueKeysWithValues: zip(lists, sets))
                    }
                    schema.references.append(
                        ReferenceKeys(
                            foreignKey: key, resourceName: target.name,
                            values: read[target.name]?[key.referencedFields] ?? []))
                }
                var runner = CSVRunner(
                    schema: schema, delimiter: resource.schema.delimiter, header: resource.schema.header,
                    normalize: false, format: run.outputFormat, report: report, onInvalid: .drop, rejects: nil,
                    maxRecordBytes: maxRecordBytes, progress: progress, jobs: run.jobs)
                runner.encoding = Self.nonUTF8(resource.schema.encoding)
                runner.oneTable = true
                runner.open = inside.open
                runner.resource = resource.name
                let result = try runner.run(files: resource.paths)
                status = result == 3 || status == 3 ? 3 : max(status, result)
            }
            return status
        }

        /// The charset to convert from; nil for UTF-8, read as it is.
        static func nonUTF8(_ encoding: String?) -> String? {
            guard let encoding, !["utf-8", "utf8"].contains(encoding.lowercased()) else { return nil }
            return encoding
        }

        /// `price=number:de_DE`, `date=date:de_DE:dd.MM.yyyy`, `code=string`.
        static func inlineColumn(_ text: String, defaultLocale: LocaleID) throws(ConfigurationError) -> ColumnSchema {
            let path = "--column '\(text)'"
            guard let equals = text.firstIndex(of: "=") else {
                throw ConfigurationError("\(path): expected NAME=TYPE[:LOCALE[:FORMAT]], as in price=number:de_DE")
            }
            let name = String(text[..<equals])
            var column = try InlineField.column(
                name: name, text[text.index(after: equals)...], path: path, defaultLocale: defaultLocale)
            // A number names the cell by its position (1 is the first), used when the file has
            // no header or no column of that name.
            if let cell = Int(name), cell >= 1, name.allSatisfy(\.isASCII) { column.position = cell }
            return column
        }
    }
}
