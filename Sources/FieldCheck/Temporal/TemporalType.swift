extension FieldType {
    /// Table Schema's `year`: `2026`.
    static let year = temporal(.year, help: "a year, as in 2026")
    /// Table Schema's `yearmonth`: `2026-04`.
    static let yearMonth = inferred(temporal(.yearMonth, help: "a year and month, as in 2026-04"))
    /// Table Schema's `time`: `13:45:30`, with a fraction and a zone when written, or as a
    /// `format` or the locale's `style` writes it.
    /// `infer` tries it in ISO 8601 and as exports write it (`InferenceCandidate.allTimes`).
    static let time: FieldType = {
        var type = inferred(
            temporal(
                .time, help: "a time of day, as in 13:45:30 or 13:45:30.250+02:00, or in a strptime or UTS #35 format"))
        type.candidates = { InferenceCandidate.allTimes }
        return type
    }()
    /// Table Schema's `datetime`: `2026-04-13T13:45:30Z`, or as a `format` or the locale's
    /// `style` writes it.
    /// `infer` tries it in ISO 8601 and in the numeric forms exports write
    /// (`InferenceCandidate.allDateTimes`).
    static let dateTime: FieldType = {
        var type = inferred(
            temporal(.dateTime, help: "a date and time, as in 2026-04-13T13:45:30Z, or in a strptime or UTS #35 format")
        )
        type.candidates = { InferenceCandidate.allDateTimes }
        return type
    }()

    /// `type`, tried by `infer` (`FieldType.inferred`). A year is not: `2026` is an integer
    /// first, as other tools infer it.
    static func inferred(_ type: FieldType) -> FieldType {
        var type = type
        type.inferred = true
        return type
    }

    /// An ordered ISO 8601 type: ISO 8601 by default; `time` and `datetime` also in a
    /// strptime or UTS #35 `format`, `any`, or the locale's `style`, read by the date reader.
    /// `minimum` and `maximum` are written in ISO 8601.
    static func temporal(_ unit: TemporalUnit, help: String) -> FieldType {
        let iso = ISOTemporalReader(unit: unit)
        return FieldType(
            names: [unit.rawValue], help: help,
            make: { (field: inout SchemaField) throws(ConfigurationError) -> FieldSpec in
                let path = field.path
                var spec = TemporalSpec(unit: unit)
                let format = try field.temporalFormat()
                let style = try field.text("style")
                if unit == .year || unit == .yearMonth {
                    if let format, format != "default" {
                        throw ConfigurationError(
                            "\(path, member: "format"): fieldcheck reads a \(unit.rawValue) in its ISO 8601 form only (format: "
                                + "default, as in \(iso.example)); '\(format)' is not read")
                    }
                    if style != nil {
                        throw ConfigurationError(
                            "\(path, member: "style"): fieldcheck reads a \(unit.rawValue) in its ISO 8601 form only "
                                + "(as in \(iso.example)); a locale's style is read for date, time and datetime")
                    }
                    return FieldSpec(kind: .temporal(spec), locale: field.locale)
                }
                let content: DateContent = unit == .time ? .time : .dateTime
                if let style {
                    guard let parsed = DateStyle(rawValue: style) else {
                        throw ConfigurationError(
                            "\(path, member: "style"): unknown \(unit.rawValue) style '\(style)'; use short, medium, long, full"
                        )
                    }
                    spec.format = .style(parsed)
                    let pattern = DatePatterns.pattern(for: parsed, content: content, locale: field.locale)
                    do throws(ConfigurationError) { _ = try DatePattern(pattern, content: content) } catch {
                        throw ConfigurationError(
                            "\(path, member: "style"): the \(style) style of \(field.locale) (\(pattern)) cannot be read: "
                                + error.message)
                    }
                } else {
                    switch format {
                    case nil, "default": break
                    case "any": spec.format = .any
                    case let pattern?:
                        do throws(ConfigurationError) {
                            let read: DateFormat =
                                pattern.contains("%")
                                ? try DateFormat.strptime(pattern, content: content) : .pattern(pattern)
                            _ = try DatePattern(read.uts35Pattern ?? pattern, content: content)
                            spec.format = read
                        } catch {
                            throw ConfigurationError("\(path, member: "format"): \(error.message)")
                        }
                    }
                }
                return FieldSpec(kind: .temporal(spec), locale: field.locale)
            },
            bound: { (kind: FieldKind, text: String, isMinimum: Bool) throws(ConfigurationError) -> FieldKind in
                guard case .temporal(var spec) = kind else { return kind }
                let (reading, read) = ISOScanner.temporal(text, unit)
                guard let value = read else {
                    var why = ""
                    if case .rejected(let offset, let reason, _) = reading {
                        why = offset.map { ": at column \($0 + 1), \(reason)" } ?? ": \(reason)"
                    }
                    throw ConfigurationError(
                        "'\(text)' is not \(unit.phrase) in ISO 8601, the form a \(unit.rawValue) bound is written "
                            + "in, as in \(iso.example)\(why)")
                }
                // A format decides whether every value has an offset or none: a bound that
                // differs could never be compared near it, so it is a mistake in the schema.
                if let source = spec.format?.uts35Pattern,
                    let pattern = try? DatePattern(source, content: unit == .time ? .time : .dateTime),
                    pattern.fields.contains(.zone) != (value.offset != nil)
                {
                    throw ConfigurationError(
                        pattern.fields.contains(.zone)
                            ? "'\(text)' has no UTC offset, and the format '\(source)' writes one in every value; "
                                + "write the bound with its offset (\(text)Z for UTC)"
                            : "'\(text)' has a UTC offset, and the format '\(source)' writes none; write the bound "
                                + "without it, as the values are written")
                }
                if isMinimum {
                    spec.minimum = value
                } else {
                    if let minimum = spec.minimum, minimum.compare(value) == .after {
                        throw ConfigurationError("\(value) is earlier than the minimum \(minimum)")
                    }
                    spec.maximum = value
                }
                return .temporal(spec)
            },
            canonical: { (_: FieldKind, text: String) throws(ConfigurationError) -> String in
                guard case .value(let canonical) = iso.read(text) else {
                    throw ConfigurationError("'\(text)' is not \(unit.phrase) in ISO 8601 (as in \(iso.example))")
                }
                return canonical
            })
    }
}
