extension FieldType {
    /// Table Schema's `date`: ISO 8601 by default, `any`, a strptime or UTS #35 `format`, or
    /// the locale's `style`.
    static let date = FieldType(
        names: ["date"],
        help: "a date: ISO 8601, a strptime or UTS #35 format, or the locale's style",
        make: { (field: inout SchemaField) throws(ConfigurationError) -> FieldSpec in
            let path = field.path
            var date = DateSpec()
            if let style = try field.text("style") {
                guard let parsed = DateStyle(rawValue: style) else {
                    throw ConfigurationError(
                        "\(path, member: "style"): unknown date style '\(style)'; use short, medium, long, full")
                }
                date.format = .style(parsed)
            } else {
                switch try field.temporalFormat() {
                case nil, "default": date.format = .pattern("yyyy-MM-dd")
                case "any": date.format = .any
                case let pattern?:
                    if pattern.contains("%") {
                        do throws(ConfigurationError) { date.format = try DateFormat.strptime(pattern) } catch {
                            throw ConfigurationError("\(path, member: "format"): \(error.message)")
                        }
                    } else {
                        date.format = .pattern(pattern)
                    }
                }
            }
            return FieldSpec(kind: .date(date), locale: field.locale)
        },
        bound: { (kind: FieldKind, text: String, isMinimum: Bool) throws(ConfigurationError) -> FieldKind in
            guard case .date(var date) = kind, let day = CivilDate(iso: text) else {
                throw ConfigurationError("'\(text)' is not an ISO date (yyyy-MM-dd)")
            }
            if isMinimum { date.minimum = day } else { date.maximum = day }
            return .date(date)
        },
        canonical: { (_: FieldKind, text: String) throws(ConfigurationError) -> String in
            guard let day = CivilDate(iso: text) else {
                throw ConfigurationError("'\(text)' is not an ISO date (yyyy-MM-dd)")
            }
            return day.description
        },
        candidates: { InferenceCandidate.allDates })
}
