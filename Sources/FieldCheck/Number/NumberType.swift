extension FieldType {
    /// Table Schema's `number` and `integer`: the strict reader in the field's locale (or in
    /// the field's own `decimalChar` and `groupChar`), in a `style`.
    static let number = FieldType(
        names: ["number", "integer"],
        help: "a number in the locale (integer: no fraction or exponent)",
        make: { (field: inout SchemaField) throws(ConfigurationError) -> FieldSpec in
            let path = field.path
            var number = NumberSpec()
            if field.typeName == "integer" { number.integerOnly = true } else { number.specialValues = true }
            if let style = try field.text("style") {
                guard let parsed = NumberStyle(rawValue: style) else {
                    throw ConfigurationError(
                        "\(path, member: "style"): unknown number style '\(style)'; use "
                            + NumberStyle.allCases.map(\.rawValue).joined(separator: ", "))
                }
                number.style = parsed
            }
            let decimalChar = try field.text("decimalChar")
            let groupChar = try field.text("groupChar")
            if decimalChar != nil || groupChar != nil {
                // Table Schema's separators, any character each, over the locale's (with a
                // locale) or over Table Schema's defaults: '.' and no grouping.
                if !field.hasOwnLocale {
                    field.locale = .posix
                    number.decimalSeparator = decimalChar ?? "."
                    number.groupingSeparator = groupChar ?? ""
                } else {
                    // The locale's own separators, named again, change nothing.
                    let own = NumberSymbols(locale: field.locale)
                    number.decimalSeparator = decimalChar == own.decimalSeparator ? nil : decimalChar
                    // Another space (U+00A0 for fr_FR's U+202F) or apostrophe is the field's
                    // own: the values it writes read without a warning, and the locale's, as
                    // every space variant, with one (`infer --schema` names the one a file uses).
                    number.groupingSeparator =
                        groupChar.map { own.usesGrouping && $0 == own.groupingSeparator } == true ? nil : groupChar
                }
                do throws(ConfigurationError) {
                    _ = try NumberValidator.withSeparators(NumberSymbols(locale: field.locale), of: number)
                } catch {
                    throw ConfigurationError("\(path): \(error.message)")
                }
            }
            // fieldcheck's own key: normalized output rounded half-even to this many
            // fraction digits, still in canonical form.
            if let digits = field.object["fractionDigits"] {
                guard let count = digits as? Int, (0...100).contains(count) else {
                    throw ConfigurationError("\(path, member: "fractionDigits"): expected a whole number from 0 to 100")
                }
                number.fractionDigits = count
                number.toLocale = .posix
            }
            // fieldcheck's own key: a percent's value as written (5% is 5, as other tools read
            // it with `bareNumber: false`) or the fraction it stands for (0.05, the default).
            if let scale = try field.text("percentValue") {
                guard scale == "written" || scale == "fraction" else {
                    throw ConfigurationError("\(path, member: "percentValue"): expected 'written' or 'fraction'")
                }
                guard number.style == .percent else {
                    throw ConfigurationError("\(path, member: "percentValue"): only a field of style percent has one")
                }
                number.percentAsWritten = scale == "written"
            }
            if let flag = field.object["bareNumber"] {
                guard let value = flag as? Bool else {
                    throw ConfigurationError("\(path, member: "bareNumber"): expected true or false")
                }
                // The percent and currency styles read the sign or symbol around the number
                // themselves: stripped first (`bareNumber: false`, which `infer --schema`
                // writes beside `style` for tools that read no style), every cell lacked it.
                field.bareNumber = value || number.style == .percent || number.style == .currency
            }
            return FieldSpec(kind: .number(number), locale: field.locale)
        },
        bound: { (kind: FieldKind, text: String, isMinimum: Bool) throws(ConfigurationError) -> FieldKind in
            guard case .number(var number) = kind, let decimal = ExactDecimal(text) else {
                throw ConfigurationError("'\(text)' is not a number")
            }
            if isMinimum { number.minimum = decimal } else { number.maximum = decimal }
            return .number(number)
        },
        canonical: { (_: FieldKind, text: String) throws(ConfigurationError) -> String in
            guard let decimal = ExactDecimal(text) else { throw ConfigurationError("'\(text)' is not a number") }
            return decimal.normalizedDescription
        },
        candidates: { InferenceCandidate.allNumbers })
}
