/// The identifier conventions `infer` tries (each identifier type's candidates): a kind's
/// codes, and for some kinds their names in the languages most exports are written in.
extension InferenceCandidate {
    /// The locales whose names `infer` tries on an identifier column, by kind: the languages
    /// most exports are written in. A kind not listed is tried by its codes only (building a
    /// time-zone name index takes a tenth of a second per locale).
    static let identifierNameLocales: [IdentifierKind: [String]] = [
        .country: ["en", "de", "fr", "es", "it", "pt", "nl", "pl", "sv", "ru", "tr", "ja", "zh", "ar"]
    ]

    /// Each kind's conventions, built once.
    private static let identifierCandidates = Dictionary(
        uniqueKeysWithValues: IdentifierKind.allCases.map { ($0, identifiers(of: $0)) })

    /// A kind's conventions: its codes (a country's alpha-3 code too), then its names in each
    /// locale of `identifierNameLocales` (tier 1: ranked after every kind's codes). A code
    /// candidate reads codes only, and a name candidate names only, so that a column says
    /// which it holds; the schema says it too (`accept: alpha3`), and a column of alpha-3 or
    /// numeric codes is written in its own form (`output: alpha3`: `csv --normalize` rewrote
    /// `DEU` as `DE`), a column of names as codes.
    static func identifiers(_ kind: IdentifierKind) -> [InferenceCandidate] { identifierCandidates[kind] ?? [] }

    private static func identifiers(of kind: IdentifierKind) -> [InferenceCandidate] {
        var list: [InferenceCandidate] = []
        for form in kind.forms where form != .name && form != .symbol {
            var identifier = IdentifierSpec(kind: kind)
            identifier.accept = [form]
            list.append(
                InferenceCandidate(
                    name: "\(kind.noun) \(kind.describe(form))", type: .identifier(kind),
                    spec: FieldSpec(kind: .identifier(identifier), locale: .posix),
                    facets: [("written as", kind.describe(form))],
                    schemaKeys: [("identifier", kind.rawValue), ("accept", form.rawValue)]
                        + (form == .code ? [] : [("output", form.rawValue)])))
        }
        for id in identifierNameLocales[kind] ?? [] {
            guard let locale = try? LocaleID(id) else { continue }
            var identifier = IdentifierSpec(kind: kind)
            identifier.accept = Set(kind.forms.filter { $0 == .name || $0 == .symbol })
            var candidate = InferenceCandidate(
                name: "\(kind.noun) names, \(id)", type: .identifier(kind),
                spec: FieldSpec(kind: .identifier(identifier), locale: locale),
                facets: [("written as", "names"), ("names in", id)],
                schemaKeys: [
                    ("identifier", kind.rawValue),
                    ("accept", identifier.acceptedForms.map(\.rawValue).joined(separator: ", ")), ("locale", id),
                ])
            candidate.tier = 1
            list.append(candidate)
        }
        return list
    }
}
