extension FieldType {
    /// Table Schema's `boolean`: the `trueValues` and `falseValues` words, exactly.
    static let boolean = FieldType(
        names: ["boolean"],
        help: "one of the true or false words (trueValues, falseValues)",
        make: { (field: inout SchemaField) throws(ConfigurationError) -> FieldSpec in
            var boolean = BooleanSpec()
            for key in ["trueValues", "falseValues"] {
                guard let given = field.object[key] else { continue }
                guard let list = given as? [Any], !list.isEmpty else {
                    throw ConfigurationError("\(field.path).\(key): expected a non-empty list of strings")
                }
                // YAML reads an unquoted yes, no, on, off, true or false as a boolean, and
                // which word was written is lost: such a value must be quoted.
                if list.contains(where: { $0 is Bool }) {
                    throw ConfigurationError(
                        "\(field.path).\(key): an unquoted yes, no, on, off, true or false is a YAML boolean, not the "
                            + "word the file holds; quote each word ('yes', 'True')")
                }
                let words = list.map { scalarText($0) ?? "" }
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
