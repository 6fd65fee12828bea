extension FieldType {
    /// Table Schema's `boolean`: the `trueValues` and `falseValues` words, exactly.
    static let boolean = FieldType(
        names: ["boolean"],
        help: "one of the true or false words (trueValues, falseValues)",
        make: { (field: inout SchemaField) throws(ConfigurationError) -> FieldSpec in
            var boolean = BooleanSpec()
            for key in ["trueValues", "falseValues"] {
                guard let given = field.object[key] else { continue }
                // YAML reads an unquoted yes, no, on, off, true or false as a boolean (and 1 as a
                // number), and which word was written is lost to every other reader: quote it.
                let words = try stringList(
                    given, path: "\(field.path).\(key)", purpose: "true and false words",
                    example: key == "trueValues" ? "\"yes\", \"Y\"" : "\"no\", \"N\"", allowsEmpty: false)
                if key == "trueValues" { boolean.trueValues = words } else { boolean.falseValues = words }
            }
            return FieldSpec(kind: .boolean(boolean), locale: field.locale)
        },
        canonical: { (kind: FieldKind, text: String) throws(ConfigurationError) -> String in
            guard case .boolean(let boolean) = kind,
                boolean.trueValues.contains(text) || boolean.falseValues.contains(text)
            else { throw ConfigurationError("'\(text)' is not a true or false value of the column") }
            return boolean.trueValues.contains(text) ? "true" : "false"
        })
}
