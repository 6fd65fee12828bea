extension FieldType {
    /// Table Schema's `string`: text under the field's character, length and pattern rules,
    /// the `email`, `uri` and `uuid` formats as patterns, and `binary` (base64, read by
    /// `Base64Reader`).
    static let string = FieldType(
        names: ["string"],
        help: "text under the character, length and pattern rules",
        make: { (field: inout SchemaField) throws(ConfigurationError) -> FieldSpec in
            var spec = FieldSpec(kind: .text, locale: field.locale)
            if let name = try field.text("identifier") {
                // `identifier: country`: fieldcheck's own key, which other tools pass over (a
                // `format` they do not know makes Frictionless refuse the whole schema).
                guard let kind = IdentifierKind(rawValue: name) else {
                    throw ConfigurationError(
                        "\(field.path, member: "identifier"): unknown identifier '\(name)'; use "
                            + IdentifierKind.allCases.map(\.rawValue).joined(separator: ", "))
                }
                return try FieldType.identifier(kind).make(&field)
            }
            if let format = try field.text("format"), let kind = IdentifierKind(rawValue: format) {
                // `format: country`: fieldcheck's extension, read by the identifier type.
                return try FieldType.identifier(kind).make(&field)
            } else if let format = try field.text("format"), format == "binary" {
                spec.kind = .custom(CustomType(name: "base64", reader: Base64Reader()))
            } else if let format = try field.text("format"), format != "default" {
                let patterns = [
                    "email": ("[^@\\s]+@[^@\\s]+\\.[^@\\s]+", "name@example.com"),
                    "uri": ("[A-Za-z][A-Za-z0-9+.-]*:\\S+", "https://example.com/"),
                    "uuid": (
                        "[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}",
                        "123e4567-e89b-12d3-a456-426614174000"
                    ),
                ]
                guard let (pattern, example) = patterns[format] else {
                    throw ConfigurationError(
                        "\(field.path, member: "format"): unknown string format '\(format)'; use default, email, uri, uuid, binary or "
                            + IdentifierKind.allCases.map(\.rawValue).joined(separator: ", ") + ""
                    )
                }
                spec.pattern = pattern
                spec.patternExample = example
            }
            return spec
        })
}
