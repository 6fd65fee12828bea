/// The datetime conventions `infer` tries (`FieldType.dateTime`'s candidates): ISO 8601, which
/// the type's name alone reads, then a date and a time of day in the numeric forms exports
/// write (`2025-07-18 19:57:44`, `18.07.2025 19:57`), which a `format` reads.
extension InferenceCandidate {
    /// Built once.
    static let allDateTimes = dateTimes()

    static func dateTimes() -> [InferenceCandidate] {
        let type = InferredType(rawValue: TemporalUnit.dateTime.rawValue)
        var list = [
            InferenceCandidate(
                name: type.rawValue, type: type,
                spec: FieldSpec(kind: .temporal(TemporalSpec(unit: .dateTime)), locale: .posix),
                facets: [("date part", "ISO 8601"), ("time part", "ISO 8601")], schemaKeys: [])
        ]
        // Day and month in both orders: a column whose days are all 12 or less stays undecided.
        for date in ["yyyy-MM-dd", "dd.MM.yyyy", "dd/MM/yyyy", "MM/dd/yyyy"] {
            for time in ["HH:mm:ss", "HH:mm"] {
                let pattern = "\(date) \(time)"
                var spec = TemporalSpec(unit: .dateTime)
                spec.format = .pattern(pattern)
                list.append(
                    InferenceCandidate(
                        name: pattern, type: type, spec: FieldSpec(kind: .temporal(spec), locale: .posix),
                        facets: [("date part", date), ("time part", time)], schemaKeys: [("format", pattern)]))
            }
        }
        return list
    }
}
