import ArgumentParser
import FieldCheck

extension Fieldcheck {
    /// `fieldcheck compare`: how values read under many locales, and where they disagree.
    struct CompareCommand: StatusCommand {
        static let configuration = CommandConfiguration(
            commandName: "compare",
            _superCommandName: Fieldcheck.superCommandName,
            abstract: "Show how values read under many locales, and warn where the locales disagree.",
            discussion: """
                Each value is read by the same strict readers as the number and date commands, \
                in every locale compared; locales that read it alike share one row. A value the \
                accepting locales read as different values (1.234 is 1234 in de_DE and 1.234 in \
                en_US; 03/04/2025 is 3 April in en_GB and 4 March in en_US) gets a warning.

                Values come from the arguments, then from --input files; with neither, from \
                stdin, one per line. A line longer than 8 MiB is reported as record_too_long and \
                not compared.

                Exit status: 0 every value has one meaning wherever it is accepted, 1 some value \
                is read differently by different locales or by none, or is too long, 2 usage or \
                configuration error, 3 I/O error.

                Examples:
                  fieldcheck compare 1.234 1,234.5 03/04/2025
                  fieldcheck compare --locales de_DE,en_US,fr_FR --type number 1.234
                  fieldcheck compare --type country Dänemark Chypre
                  cut -d';' -f3 export.csv | fieldcheck compare --all --json
                """
        )

        @Argument(help: ArgumentHelp("Values to compare.", valueName: "VALUE"))
        var values: [String] = []

        @Option(
            help: ArgumentHelp(
                "Compare in these locales (comma-separated ICU ids or BCP 47 tags). Default: 15 common locales of different conventions.",
                valueName: "LIST"))
        var locales: String?

        @Flag(help: "Compare in every locale ICU has data for.")
        var all = false

        @Option(
            help:
                "Read values as: number, date (the locale's short to full styles), auto (default: a number where some locale reads one, else a date), or country, currency, language, timezone (a code or the locale's name: how a name reads in each locale)."
        )
        var type: ComparedType = .auto

        @Option(
            name: .customLong("input"),
            help: ArgumentHelp(
                "Read further values from FILE, one per line ('-' for stdin); repeatable.", valueName: "FILE"),
            completion: .file())
        var inputs: [String] = []

        @Flag(help: "Write one JSON object per value (JSON Lines).")
        var json = false

        @Option(help: "Colour the table: auto (on a terminal), always or never.")
        var color: ColorChoice = .auto

        @Flag(
            help:
                "Keep values out of the output: a value is named by its place and length, a reading by its number; which locales accept it, and the codes of the rest, stay."
        )
        var redact = false

        func validate() throws {
            if all && locales != nil { throw ValidationError("--all and --locales exclude each other") }
        }

        /// What `compare` writes for one value read: how it reads in each locale, or a record
        /// too long to compare (reported on stderr; under `--json` also by a record in its
        /// place, so that every value read has one).
        enum Report {
            /// Under `--redact`, `redactedAs` names the value by where it was read ("value 2",
            /// "line 3").
            case compared(LocaleComparison, redactedAs: String?)
            case tooLong(FieldResult)
        }

        mutating func runWithStatus() throws -> Int32 {
            let comparer = try LocaleComparer(locales: try chosenLocales(), type: type)
            let out = Streams.standardOutput
            let paint = color == .always || (color == .auto && out.isTerminal && LineRunner.colorAllowed)
            var printer: any ReportPrinter<Report> =
                json
                ? RecordReports { [redact] in Self.json($0, redacted: redact) }
                : HumanReports { Self.table($0, color: paint) }
            var unclear = false
            /// - Parameter place: where the value was read ("value 2", "line 3"), which names
            ///   it under --redact.
            func report(_ value: String, place: @autoclosure () -> String) throws {
                let comparison = comparer.compare(value)
                if comparison.isAmbiguous || !comparison.isReadable { unclear = true }
                try printer.write(.compared(comparison, redactedAs: redact ? place() : nil), into: out)
            }
            for (index, value) in values.enumerated() { try report(value, place: "value \(index + 1)") }
            var ioFailed = false
            if !inputs.isEmpty || values.isEmpty {
                let reader = RecordReader()
                var badLines = false
                ioFailed = try forEachInput(inputs.isEmpty ? ["-"] : inputs) { fd, name in
                    try reader.forEachRecord(fd: fd) { record in
                        if let length = record.oversizedLength {
                            // The reader kept only the first bytes: comparing them would show
                            // the meaning of a value nobody wrote. Reported as the line
                            // commands report it.
                            let result = tooLong(record, length: length, limit: reader.maxRecordBytes, file: name)
                            try printer.write(.tooLong(result), into: out)
                            unclear = true
                            return
                        }
                        guard let value = String(validating: record.bytes, as: UTF8.self) else {
                            // Where, as the line commands say it: the byte and its offset.
                            var place = ""
                            if case .invalid(let offset, let byte) = checkUTF8(record.bytes) {
                                place =
                                    ": byte 0x\(String(byte, radix: 16, uppercase: true)) at byte offset \(offset)"
                                    + " is not part of a well-formed UTF-8 sequence"
                            }
                            Streams.complain(
                                "\(name.map { "\($0): " } ?? "")line \(record.number): not valid UTF-8\(place); skipped; "
                                    + "the input must be UTF-8 text [invalid_utf8]"
                            )
                            badLines = true
                            return
                        }
                        try report(value, place: "\(name.map { "\($0): " } ?? "")line \(record.number)")
                    }
                }
                if badLines { unclear = true }
            }
            try out.flush()
            if ioFailed { return 3 }
            return unclear ? 1 : 0
        }

        /// A record longer than the reader holds, as the line commands report it: its
        /// `record_too_long` goes to stderr here, whatever the format.
        private func tooLong(_ record: Record, length: Int, limit: Int, file: String?) -> FieldResult {
            var result = LineRunner.oversized(
                record.bytes, length: length, limit: limit, consequence: "it was not compared")
            if redact { result = result.redacted() }
            let diagnostic = result.errors[0]
            let shown = result.isRedacted ? "" : "'\(HumanPrinter.display(result.input).text)': "
            Streams.complain(
                "\(file.map { "\($0): " } ?? "")line \(record.number): \(shown)\(diagnostic.message) [record_too_long]"
            )
            return result
        }

        private func chosenLocales() throws(ConfigurationError) -> [LocaleID] {
            if all { return LocaleID.available.compactMap { try? LocaleID($0) } }
            if let locales {
                let names = locales.split(separator: ",").map { String($0.filter { $0 != " " }) }.filter { !$0.isEmpty }
                guard !names.isEmpty else { throw ConfigurationError("--locales names no locale") }
                return try names.map { (name) throws(ConfigurationError) in try LocaleID(name) }
            }
            var ids = LocaleComparer.defaultLocales.compactMap { try? LocaleID($0) }
            if let own = try? LocaleID.fromEnvironment(category: "LC_NUMERIC", environment: environment()),
                own != .posix, !ids.contains(own)
            {
                ids.insert(own, at: 0)
            }
            return ids
        }

        /// Locales listed in a row before the rest are counted.
        static let shownLocales = 12

        /// The rows of a compared value; nothing for a record too long (stderr has it).
        static func table(_ report: Report, color: Bool) -> String {
            guard case .compared(let comparison, let place) = report else { return "" }
            return table(comparison, color: color, redactedAs: place)
        }

        /// - Parameter place: under `--redact`, where the value was read: the value is then
        ///   named by it and its length, and each distinct reading by its number ("reading 2").
        static func table(_ comparison: LocaleComparison, color: Bool, redactedAs place: String? = nil) -> String {
            func paint(_ text: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
            let shown: String
            var text: String
            if let place {
                let length = comparison.input.unicodeScalars.count
                shown = "the value"
                text = "\(place) (\(length) character\(length == 1 ? "" : "s")) as a \(comparison.type.rawValue):\n"
            } else {
                shown = "'\(HumanPrinter.display(comparison.input).text)'"
                text = "\(shown) as a \(comparison.type.rawValue):\n"
            }
            // Accepting groups come first, one per distinct reading.
            let readings = comparison.groups.enumerated().map { index, group in
                place == nil ? group.value : group.value.map { _ in "reading \(index + 1)" }
            }
            let cells = zip(comparison.groups, readings).map { group, reading in
                reading ?? "rejected (\(group.code?.rawValue ?? "invalid"))"
            }
            let width = min(40, cells.map(\.count).max() ?? 0)
            for (group, cell) in zip(comparison.groups, cells) {
                let names = group.locales.prefix(shownLocales).map(\.identifier).joined(separator: ", ")
                let more = group.locales.count > shownLocales ? " and \(group.locales.count - shownLocales) more" : ""
                let padded = cell + String(repeating: " ", count: max(0, width - cell.count))
                text += "  \(group.isAccepted ? paint(padded, "32") : paint(padded, "31"))  \(names)\(more)\n"
            }
            if comparison.isAmbiguous {
                let readings = zip(comparison.groups, readings).filter { $0.0.isAccepted }.map { group, reading in
                    let names = group.locales.prefix(3).map(\.identifier).joined(separator: ", ")
                    return "\(reading!) in \(names)\(group.locales.count > 3 ? ", …" : "")"
                }
                text +=
                    "  " + paint("warning:", "33") + " the locales disagree on what \(shown) means: "
                    + readings.joined(separator: "; ") + "\n"
            } else if !comparison.isReadable {
                text += "  no locale compared reads \(shown) as a \(comparison.type.rawValue)\n"
            }
            return text
        }

        /// One JSON Lines record: a compared value's, or a record too long to compare, with its
        /// `record_too_long` and no readings.
        static func json(_ report: Report, redacted: Bool) -> String {
            switch report {
            case .compared(let comparison, _):
                return json(comparison, redacted: redacted) + "\n"
            case .tooLong(let result):
                return JSON.recordStart
                    + "\"input\":\(result.isRedacted ? "null" : JSON.string(result.input)),\"type\":null,"
                    + "\"ambiguous\":false,\"readable\":false,"
                    + "\"meanings\":[],\"readings\":[],\"errors\":\(JSONLinesPrinter.array(result.errors))}\n"
            }
        }

        /// - Parameter redacted: `--redact`: the input, readings and meanings are null, and
        ///   the input's `length` (in Unicode scalars) is added.
        static func json(_ comparison: LocaleComparison, redacted: Bool = false) -> String {
            func value(_ text: String?) -> String { redacted && text != nil ? "null" : JSON.string(text) }
            let groups = comparison.groups.map { group in
                "{\"valid\":\(group.isAccepted),\"value\":\(value(group.value)),"
                    + "\"code\":\(JSON.string(group.code?.rawValue)),"
                    + "\"locales\":[\(group.locales.map { JSON.string($0.identifier) }.joined(separator: ","))]}"
            }
            let input =
                redacted
                ? "null,\"length\":\(comparison.input.unicodeScalars.count)" : JSON.string(comparison.input)
            return JSON.recordStart + "\"input\":\(input),\"type\":\"\(comparison.type.rawValue)\","
                + "\"ambiguous\":\(comparison.isAmbiguous),\"readable\":\(comparison.isReadable),"
                + "\"meanings\":[\(comparison.meanings.map { value($0) }.joined(separator: ","))],"
                + "\"readings\":[\(groups.joined(separator: ","))]}"
        }
    }
}
