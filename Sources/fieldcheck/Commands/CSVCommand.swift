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
            abstract:
                "Check the columns of CSV files against a Table Schema; write the good rows, normalized if asked.",
            discussion: """
                Each column of the schema is a field specification, checked by the same pipeline \
                as the line commands. Every bad cell is reported with its data row, physical line, \
                column, code, offset and character. Accepted rows go to stdout (as read, or with \
                --normalize in canonical form); rejected rows to --rejects, byte for byte. Rows \
                read = rows accepted + rows rejected, always.

                Examples:
                  fieldcheck csv --schema schema.yaml data.csv > clean.csv
                  fieldcheck csv --column 'price=number:de_DE' --normalize data.csv
                  fieldcheck csv --schema schema.json --rejects bad.csv --summary data.csv
                """
        )

        @Argument(help: "CSV files to read; stdin when none or '-'.", completion: .file())
        var files: [String] = []

        @Option(
            help: ArgumentHelp(
                "A Frictionless Table Schema (JSON or YAML) describing the columns.", valueName: "FILE"),
            completion: .file(extensions: ["json", "yaml", "yml"]))
        var schema: String?

        @Flag(
            help:
                "Refuse every schema key that neither Table Schema, CSV Dialect nor fieldcheck defines (without it, such keys are custom properties and ignored, unless they look like a typo of a known key)."
        )
        var strictSchema = false

        @Option(
            help: ArgumentHelp(
                "A column given inline: NAME=TYPE[:LOCALE[:FORMAT]], TYPE one of "
                    + FieldType.names.joined(separator: ", ")
                    + "; FORMAT a date pattern or style, or a number style (repeatable; overrides the schema's column).",
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
                "The files' charset when it is not UTF-8 (windows-1252, ISO-8859-15, UTF-16, Shift_JIS; `fieldcheck infer` names it).",
                valueName: "NAME"))
        var encoding: String?

        @Flag(
            help:
                "The first row is data, not a header; schema columns are matched by position, and a --column named by a number (5=number) is that cell."
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
            if schema == nil && column.isEmpty { throw ValidationError("give --schema FILE or at least one --column") }
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
            let defaultLocale = try locale.resolve(category: "LC_NUMERIC")
            var table: TableSchema
            if let schema {
                let fd = openForReading(schema)
                guard fd >= 0 else {
                    throw ConfigurationError("cannot read schema \(schema): \(String(cString: strerror(errno)))")
                }
                defer { close(fd) }
                guard let text = readText(fd: fd, limit: YAMLTree.maximumBytes) else {
                    throw ConfigurationError(
                        "\(schema): cannot read it, or it is more than the \(YAMLTree.maximumBytes)-byte limit of a "
                            + "schema file")
                }
                let tree: Any?
                do { tree = try YAMLTree.parse(text) } catch {
                    throw ConfigurationError("\(schema): not valid JSON or YAML: \(error.description)")
                }
                table = try TableSchema(tree: tree, source: schema, defaultLocale: defaultLocale, strict: strictSchema)
            } else {
                table = TableSchema(columns: [])
            }
            for spec in column {
                let inline = try Self.inlineColumn(spec, defaultLocale: defaultLocale)
                if let index = table.columns.firstIndex(where: { $0.name == inline.name }) {
                    table.columns[index] = inline
                } else {
                    table.columns.append(inline)
                }
            }
            for index in table.columns.indices {
                if trim { table.columns[index].spec.trim = true }
                table.columns[index].spec.vocabulary.trimHint =
                    "--trim (or a field's trim: true) ignores white space at the ends"
            }
            table.recordLimitHint = "raise --max-record-bytes up to 64 MiB to check it"
            let encoding = self.encoding ?? table.encoding
            if let encoding { _ = try Transcoder(from: encoding) }  // an unknown name is exit 2 before reading
            var runner = CSVRunner(
                schema: try CompiledSchema(table), delimiter: try delimiter.map(Self.delimiterByte) ?? table.delimiter,
                header: !noHeader && table.header,
                normalize: normalize, json: run.json,
                report: run.report, onInvalid: run.onInvalid, rejects: run.rejects,
                // Rows default to 8 MiB: an unterminated quote near the start of a large file
                // then stays well within 64 MB of memory.
                maxRecordBytes: run.maxRecordBytes ?? 8 << 20, progress: progress, jobs: run.jobs)
            let utf8 = ["utf-8", "utf8"].contains(encoding?.lowercased() ?? "utf-8")
            runner.encoding = utf8 ? nil : encoding
            return try runner.run(files: files.isEmpty ? ["-"] : files)
        }

        /// `price=number:de_DE`, `date=date:de_DE:dd.MM.yyyy`, `code=string`.
        static func inlineColumn(_ text: String, defaultLocale: LocaleID) throws(ConfigurationError) -> ColumnSchema {
            let path = "--column '\(text)'"
            guard let equals = text.firstIndex(of: "=") else {
                throw ConfigurationError("\(path): expected NAME=TYPE[:LOCALE[:FORMAT]], as in price=number:de_DE")
            }
            let name = String(text[..<equals])
            let parts = text[text.index(after: equals)...].split(
                separator: ":", maxSplits: 2, omittingEmptySubsequences: false
            )
            .map(String.init)
            var object: [String: Any] = ["name": name, "type": parts[0]]
            if parts.count > 1, !parts[1].isEmpty { object["locale"] = parts[1] }
            if parts.count > 2, !parts[2].isEmpty {
                let format = parts[2]
                let styles = DateStyle.allCases.map(\.rawValue) + NumberStyle.allCases.map(\.rawValue)
                object[styles.contains(format) ? "style" : "format"] = format
            } else if parts[0] == "date" {
                // As `fieldcheck date` reads: the locale's short style.
                object["style"] = "short"
            }
            var column = try ColumnSchema(object: object, path: path, defaultLocale: defaultLocale)
            // A number names the cell by its position (1 is the first), used when the file has
            // no header or no column of that name.
            if let cell = Int(name), cell >= 1, name.allSatisfy(\.isASCII) { column.position = cell }
            return column
        }
    }
}
