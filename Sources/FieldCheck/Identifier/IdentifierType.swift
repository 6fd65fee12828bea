extension FieldType {
    /// One identifier kind as a schema type: `type: string` with `format: country` (a
    /// fieldcheck extension of Table Schema's string formats), or `country` in `--column`.
    /// Its keys: `accept` (the forms read: a list, or one comma-separated string), `output`
    /// (the form written) and, for currencies, `historic`.
    static func identifier(_ kind: IdentifierKind) -> FieldType {
        var type = FieldType(
            names: [kind.rawValue],
            help: "a \(kind.noun): \(kind.forms.map { kind.describe($0) }.joined(separator: ", ")) in the locale",
            make: { (field: inout SchemaField) throws(ConfigurationError) -> FieldSpec in
                FieldSpec(kind: .identifier(try identifierSpec(kind, field)), locale: field.locale)
            },
            canonical: { (kind: FieldKind, text: String) throws(ConfigurationError) -> String in
                guard case .identifier(let spec) = kind else { return text }
                let validator = try IdentifierValidator(spec, locale: .posix)
                var result = FieldResult(input: text)
                validator.validate(text, map: OffsetMap(), detail: .verdict, into: &result)
                guard let value = result.value else {
                    throw ConfigurationError("'\(text)' is not a \(spec.kind.noun) code")
                }
                return value
            })
        type.candidates = { InferenceCandidate.identifiers(kind) }
        return type
    }

    /// The identifier types, in the order they are listed to users.
    static let identifiers = IdentifierKind.allCases.map(identifier)

    private static func identifierSpec(_ kind: IdentifierKind, _ field: SchemaField) throws(ConfigurationError)
        -> IdentifierSpec
    {
        var spec = IdentifierSpec(kind: kind)
        let formNames = kind.forms.map(\.rawValue).joined(separator: ", ")
        if let given = field.object["accept"] {
            let words: [String]
            if let list = given as? [Any] {
                words = list.compactMap(scalarText)
            } else if let text = scalarText(given) {
                words = text.split(separator: ",").map { $0.trimmingWhitespace() }
            } else {
                throw ConfigurationError("\(field.path, member: "accept"): expected a list of forms (\(formNames))")
            }
            var forms: Set<IdentifierForm> = []
            for word in words {
                guard let form = IdentifierForm(rawValue: word), kind.forms.contains(form) else {
                    throw ConfigurationError(
                        "\(field.path, member: "accept"): a \(kind.noun) is not written as '\(word)'; use \(formNames)")
                }
                forms.insert(form)
            }
            spec.accept = forms
        }
        if let output = try field.text("output") {
            guard let form = IdentifierForm(rawValue: output), kind.forms.contains(form) else {
                throw ConfigurationError(
                    "\(field.path, member: "output"): a \(kind.noun) cannot be written as '\(output)'; use \(formNames)"
                )
            }
            spec.output = form
        }
        if let historic = field.object["historic"] {
            guard let flag = historic as? Bool else {
                throw ConfigurationError("\(field.path, member: "historic"): expected true or false")
            }
            spec.historic = flag
        }
        return spec
    }
}
