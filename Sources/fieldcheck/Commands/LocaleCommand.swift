import ArgumentParser
import FieldCheck

extension Fieldcheck {
    /// `fieldcheck locale`: what ICU supplies for a locale.
    struct LocaleCommand: StatusCommand {
        static let configuration = CommandConfiguration(
            commandName: "locale",
            _superCommandName: Fieldcheck.superCommandName,
            abstract: "Show a locale's separators, digits, currency, date patterns, characters and examples.",
            discussion: "With no LOCALE, shows the locale the environment selects (LC_ALL, LC_NUMERIC, LANG)."
        )

        @Argument(help: "ICU locale ids or BCP 47 tags.")
        var locales: [String] = []

        @Flag(help: "List every locale ICU has data for, with its English name.")
        var list = false

        @Flag(help: "Write JSON (one object per locale, one per line).")
        var json = false

        mutating func runWithStatus() throws -> Int32 {
            let out = Streams.standardOutput
            if list {
                var printer: any ReportPrinter<String> =
                    json
                    ? RecordReports { id in
                        JSON.recordStart
                            + "\"locale\":\(JSON.string(id)),\"name\":\(JSON.string(LocaleID.displayName(id)))}\n"
                    }
                    : HumanReports(separated: false) { id in "\(id)\t\(LocaleID.displayName(id))\n" }
                for id in LocaleID.available { try printer.write(id, into: out) }
                return 0
            }
            let ids: [LocaleID] =
                locales.isEmpty
                ? [try LocaleID.fromEnvironment(category: "LC_NUMERIC", environment: environment())]
                : try locales.map { (text) throws(ConfigurationError) in try LocaleID(text) }
            var printer: any ReportPrinter<LocaleReport> =
                json ? RecordReports { Self.json($0) + "\n" } : HumanReports(render: Self.text)
            for id in ids { try printer.write(LocaleReport(id), into: out) }
            return 0
        }

        static func describe(_ symbol: String) -> String {
            let names = symbol.unicodeScalars.map {
                "\(CharacterDescription.codepoint($0)) \(CharacterDescription.name($0))"
            }
            return "\(symbol) (\(names.joined(separator: ", ")))"
        }

        static func text(_ report: LocaleReport) -> String {
            let n = report.numbers
            var rows: [(String, String)] = [
                ("locale", "\(report.locale.identifier) — \(report.name)"),
                ("ICU data", report.locale.dataLocale),
                ("decimal separator", describe(n.decimalSeparator)),
                ("grouping separator", describe(n.groupingSeparator)),
                (
                    "grouping sizes",
                    n.usesGrouping
                        ? "\(n.primaryGroupingSize), then \(n.secondaryGroupingSize); minimum grouping digits \(n.minimumGroupingDigits)"
                        : "none (the default pattern does not group)"
                ),
                ("minus sign", describe(n.minusSign)),
                ("plus sign", describe(n.plusSign)),
                ("percent sign", describe(n.percentSign)),
                ("exponent symbol", n.exponentSymbol),
                ("numbering system", "\(n.numberingSystem): \(String(String.UnicodeScalarView(n.digits)))"),
                ("currency", n.currencyCode.map { "\($0) \(n.currencySymbol ?? "")" } ?? "none"),
                (
                    "number patterns",
                    "decimal \(n.decimalPattern); percent \(n.percentPattern); currency \(n.currencyPattern)"
                ),
            ]
            for (style, pattern) in report.datePatterns { rows.append(("date \(style.rawValue)", pattern)) }
            let exemplars = report.exemplarCharacters
            rows.append(
                (
                    "exemplar characters",
                    exemplars.count > 120 ? String(exemplars.prefix(120)) + "… (--json shows all)" : exemplars
                ))
            rows.append(("example number", report.exampleNumbers.joined(separator: "   ")))
            for (style, text) in report.exampleDates { rows.append(("example date \(style.rawValue)", text)) }
            let width = rows.map(\.0.count).max() ?? 0
            return rows.map { $0.0 + ":" + String(repeating: " ", count: width - $0.0.count + 2) + $0.1 + "\n" }
                .joined()
        }

        static func json(_ report: LocaleReport) -> String {
            let n = report.numbers
            var fields: [String] = [
                "\"locale\":\(JSON.string(report.locale.identifier))",
                "\"name\":\(JSON.string(report.name))",
                "\"dataLocale\":\(JSON.string(report.locale.dataLocale))",
                "\"decimalSeparator\":\(JSON.string(n.decimalSeparator))",
                "\"groupingSeparator\":\(JSON.string(n.groupingSeparator))",
                "\"grouping\":\(n.usesGrouping)",
                "\"groupingSizes\":[\(n.primaryGroupingSize),\(n.secondaryGroupingSize)]",
                "\"minimumGroupingDigits\":\(n.minimumGroupingDigits)",
                "\"minusSign\":\(JSON.string(n.minusSign))",
                "\"plusSign\":\(JSON.string(n.plusSign))",
                "\"percentSign\":\(JSON.string(n.percentSign))",
                "\"exponentSymbol\":\(JSON.string(n.exponentSymbol))",
                "\"numberingSystem\":\(JSON.string(n.numberingSystem))",
                "\"digits\":\(JSON.string(String(String.UnicodeScalarView(n.digits))))",
                "\"currency\":\(JSON.string(n.currencyCode))",
                "\"currencySymbol\":\(JSON.string(n.currencySymbol))",
                "\"numberPatterns\":{\"decimal\":\(JSON.string(n.decimalPattern)),\"percent\":\(JSON.string(n.percentPattern)),\"currency\":\(JSON.string(n.currencyPattern)),\"scientific\":\(JSON.string(n.scientificPattern))}",
                "\"datePatterns\":{"
                    + report.datePatterns.map { "\"\($0.style.rawValue)\":\(JSON.string($0.pattern))" }.joined(
                        separator: ",") + "}",
                "\"exemplarCharacters\":\(JSON.string(report.exemplarCharacters))",
                "\"examples\":{\"numbers\":[" + report.exampleNumbers.map(JSON.string).joined(separator: ",")
                    + "],\"dates\":{"
                    + report.exampleDates.map { "\"\($0.style.rawValue)\":\(JSON.string($0.text))" }.joined(
                        separator: ",") + "}}",
            ]
            fields.append("\"icuVersion\":\(JSON.string(FieldCheckLibrary.icuVersion))")
            return JSON.recordStart + fields.joined(separator: ",") + "}"
        }
    }
}
