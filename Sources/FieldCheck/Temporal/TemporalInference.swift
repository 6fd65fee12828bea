/// The datetime and time conventions `infer` tries (`FieldType.dateTime`'s and `.time`'s
/// candidates): ISO 8601, which the type's name alone reads, then a date and a time of day in
/// the numeric forms exports write (`2025-07-18 19:57:44`, `18.07.2025 19:57`, `2025/01/03
/// 14:05:00`, `1/13/2025 2:30:00 PM`, PostgreSQL's `2025-03-04 12:34:56.123456+01`), which a
/// `format` reads.
extension InferenceCandidate {
    /// Built once.
    static let allDateTimes = dateTimes()
    static let allTimes = times()

    static func dateTimes() -> [InferenceCandidate] {
        var list = [iso(.dateTime, facets: [("date part", "ISO 8601"), ("time part", "ISO 8601")])]
        // Day and month in both orders: a column whose days are all 12 or less stays undecided.
        // A twelve-hour clock with AM and PM only after a day and month in either order (the
        // US and the Commonwealth); fractions of a second and a UTC offset (`X` reads `Z`,
        // `+01`, `+0100` and `+01:00`) only after an ISO date, as databases write them.
        let twelveHours = ["h:mm:ss a", "h:mm a"]
        let parts: [(date: String, times: [String])] = [
            ("yyyy-MM-dd", ["HH:mm:ss", "HH:mm", "HH:mm:ss.S", "HH:mm:ssX", "HH:mm:ss.SX"]),
            ("yyyy/MM/dd", ["HH:mm:ss", "HH:mm"]),
            ("dd.MM.yyyy", ["HH:mm:ss", "HH:mm"]),
            ("dd/MM/yyyy", ["HH:mm:ss", "HH:mm"] + twelveHours),
            ("MM/dd/yyyy", ["HH:mm:ss", "HH:mm"] + twelveHours),
        ]
        for (date, times) in parts {
            for time in times {
                list.append(
                    pattern(
                        "\(date) \(time)", unit: .dateTime,
                        facets: [("date part", date), ("time part", time)]))
            }
        }
        return list
    }

    /// A time of day: ISO 8601, then hours and minutes alone (`19:46`, which ISO 8601 reads
    /// but Table Schema's default format does not) and a twelve-hour clock (`2:30 PM`).
    static func times() -> [InferenceCandidate] {
        return [iso(.time, facets: [("time part", "ISO 8601")])]
            + ["HH:mm", "h:mm:ss a", "h:mm a"].map {
                pattern($0, unit: .time, facets: [("time part", $0)])
            }
    }

    /// A datetime or time in ISO 8601, which the type's name alone reads.
    private static func iso(_ unit: TemporalUnit, facets: [(key: String, value: String)]) -> InferenceCandidate {
        InferenceCandidate(
            name: unit.rawValue, type: InferredType(rawValue: unit.rawValue),
            spec: FieldSpec(kind: .temporal(TemporalSpec(unit: unit)), locale: .posix), facets: facets, schemaKeys: [])
    }

    /// A datetime or time in a UTS #35 pattern, read in en_US_POSIX (`AM`, `PM`).
    private static func pattern(
        _ pattern: String, unit: TemporalUnit, facets: [(key: String, value: String)]
    ) -> InferenceCandidate {
        var spec = TemporalSpec(unit: unit)
        spec.format = .pattern(pattern)
        return InferenceCandidate(
            name: pattern, type: InferredType(rawValue: unit.rawValue),
            spec: FieldSpec(kind: .temporal(spec), locale: .posix), facets: facets,
            schemaKeys: [("format", pattern)])
    }
}
