extension FieldType {
    /// A Table Schema type read in its ISO 8601 default form only: a `format` other than
    /// `default` is refused by name rather than ignored.
    static func iso(name: String, help: String, reader: any ValueReader) -> FieldType {
        var type = FieldType.custom(name: name, help: help, reader: reader)
        let make = type.make
        type.make = { (field: inout SchemaField) throws(ConfigurationError) -> FieldSpec in
            if let format = try field.text("format"), format != "default" {
                throw ConfigurationError(
                    "\(field.path).format: fieldcheck reads a \(name) in its ISO 8601 form only (format: default, "
                        + "as in \(reader.example)); '\(format)' is not read")
            }
            return try make(&field)
        }
        return type
    }

    /// Table Schema's `year`: `2026`.
    static let year = iso(name: "year", help: "a year, as in 2026", reader: YearReader())
    /// Table Schema's `yearmonth`: `2026-04`.
    static let yearMonth = iso(name: "yearmonth", help: "a year and month, as in 2026-04", reader: YearMonthReader())
    /// Table Schema's `time`: `13:45:30`, with a fraction and a zone when written.
    static let time = iso(
        name: "time", help: "a time of day, as in 13:45:30 or 13:45:30.250+02:00", reader: TimeReader())
    /// Table Schema's `datetime`: `2026-04-13T13:45:30Z`.
    static let dateTime = iso(
        name: "datetime", help: "a date and time, as in 2026-04-13T13:45:30Z", reader: DateTimeReader())
    /// Table Schema's `duration`: ISO 8601's `P1Y2M10DT2H30M`.
    static let duration = iso(
        name: "duration", help: "an ISO 8601 duration, as in P1Y2M10DT2H30M", reader: DurationReader())
}

/// Reads the parts the ISO types share, on one scanner.
extension ISOScanner {
    /// `yyyy`; returns the year or a rejection.
    mutating func year(example: String) -> Result<Int, ISORejection> {
        guard let year = digits(4) else {
            return .failure(ISORejection(failure("a four-digit year", example: example)))
        }
        return .success(year)
    }

    /// `-MM`; returns the month or a rejection.
    mutating func month(example: String) -> Result<Int, ISORejection> {
        guard take("-") else { return .failure(ISORejection(failure("'-' before the month", example: example))) }
        let start = position
        guard let month = digits(2) else {
            return .failure(ISORejection(failure("a two-digit month", example: example)))
        }
        guard (1...12).contains(month) else {
            return .failure(ISORejection(Self.outOfRange("month \(month)", at: start, "01 to 12")))
        }
        return .success(month)
    }

    /// `-dd` of `month` in `year`.
    mutating func day(month: Int, year: Int, example: String) -> Result<Int, ISORejection> {
        guard take("-") else { return .failure(ISORejection(failure("'-' before the day", example: example))) }
        let start = position
        guard let day = digits(2) else { return .failure(ISORejection(failure("a two-digit day", example: example))) }
        let last = CivilDate.daysIn(month: month, year: year)
        guard (1...last).contains(day) else {
            return .failure(
                ISORejection(Self.outOfRange("day \(day)", at: start, "month \(month) of \(year) has \(last) days")))
        }
        return .success(day)
    }

    /// `HH:MM:SS[.fff]` then an optional zone `Z` or `±HH:MM`.
    mutating func timeOfDay(example: String) -> ISORejection? {
        var start = position
        guard let hour = digits(2) else { return ISORejection(failure("a two-digit hour", example: example)) }
        guard hour <= 23 else { return ISORejection(Self.outOfRange("hour \(hour)", at: start, "00 to 23")) }
        guard take(":") else { return ISORejection(failure("':' before the minutes", example: example)) }
        start = position
        guard let minute = digits(2) else { return ISORejection(failure("two-digit minutes", example: example)) }
        guard minute <= 59 else { return ISORejection(Self.outOfRange("minute \(minute)", at: start, "00 to 59")) }
        guard take(":") else { return ISORejection(failure("':' before the seconds", example: example)) }
        start = position
        guard let second = digits(2) else { return ISORejection(failure("two-digit seconds", example: example)) }
        guard second <= 59 else { return ISORejection(Self.outOfRange("second \(second)", at: start, "00 to 59")) }
        if take(".") || take(",") {
            guard someDigits() != nil else {
                return ISORejection(failure("the digits of a fraction of a second", example: example))
            }
        }
        if take("Z") { return nil }
        if next == "+" || next == "-" {
            position += 1
            start = position
            guard let zoneHour = digits(2) else {
                return ISORejection(failure("a two-digit zone hour", example: example))
            }
            guard zoneHour <= 14 else {
                return ISORejection(Self.outOfRange("zone hour \(zoneHour)", at: start, "00 to 14"))
            }
            guard take(":") else { return ISORejection(failure("':' in the zone offset", example: example)) }
            start = position
            guard let zoneMinute = digits(2) else {
                return ISORejection(failure("two-digit zone minutes", example: example))
            }
            guard zoneMinute <= 59 else {
                return ISORejection(Self.outOfRange("zone minute \(zoneMinute)", at: start, "00 to 59"))
            }
        }
        return nil
    }

    /// The value ends here: nothing may follow.
    mutating func end(example: String, _ value: String) -> ValueReading {
        isComplete = true
        return atEnd ? .value(value) : failure("the end of the value", example: example)
    }
}

/// A reader's refusal, carried through `Result`.
struct ISORejection: Error {
    let reading: ValueReading
    init(_ reading: ValueReading) { self.reading = reading }
}

struct YearReader: ValueReader {
    var example: String { "2026" }
    func read(_ value: String) -> ValueReading {
        var scanner = ISOScanner(value)
        if case .failure(let rejection) = scanner.year(example: example) { return rejection.reading }
        return scanner.end(example: example, value)
    }
}

struct YearMonthReader: ValueReader {
    var example: String { "2026-04" }
    func read(_ value: String) -> ValueReading {
        var scanner = ISOScanner(value)
        if case .failure(let rejection) = scanner.year(example: example) { return rejection.reading }
        if case .failure(let rejection) = scanner.month(example: example) { return rejection.reading }
        return scanner.end(example: example, value)
    }
}

struct TimeReader: ValueReader {
    var example: String { "13:45:30" }
    func read(_ value: String) -> ValueReading {
        var scanner = ISOScanner(value)
        if let rejection = scanner.timeOfDay(example: example) { return rejection.reading }
        return scanner.end(example: example, value)
    }
}

struct DateTimeReader: ValueReader {
    var example: String { "2026-04-13T13:45:30Z" }
    func read(_ value: String) -> ValueReading {
        var scanner = ISOScanner(value)
        let year: Int
        switch scanner.year(example: example) {
        case .success(let read): year = read
        case .failure(let rejection): return rejection.reading
        }
        let month: Int
        switch scanner.month(example: example) {
        case .success(let read): month = read
        case .failure(let rejection): return rejection.reading
        }
        if case .failure(let rejection) = scanner.day(month: month, year: year, example: example) {
            return rejection.reading
        }
        guard scanner.take("T") else { return scanner.failure("'T' between the date and the time", example: example) }
        if let rejection = scanner.timeOfDay(example: example) { return rejection.reading }
        return scanner.end(example: example, value)
    }
}

/// ISO 8601 durations: `P` then years, months, weeks and days, then `T` and hours, minutes
/// and seconds, each a number and its letter, in that order, at least one; the last may
/// have a fraction (`PT1.5S`).
struct DurationReader: ValueReader {
    var example: String { "P1Y2M10DT2H30M" }
    func read(_ value: String) -> ValueReading {
        var scanner = ISOScanner(value)
        guard scanner.take("P") else { return scanner.failure("'P', which begins a duration", example: example) }
        var designators: [Unicode.Scalar] = ["Y", "M", "W", "D"]
        var components = 0
        var inTime = false
        var fraction = false
        while !scanner.atEnd {
            if !inTime && scanner.take("T") {
                inTime = true
                designators = ["H", "M", "S"]
                guard !scanner.atEnd else {
                    return scanner.failure("hours, minutes or seconds after 'T'", example: example)
                }
                continue
            }
            if fraction { return scanner.failure("the end of the value after a fraction", example: example) }
            guard scanner.someDigits() != nil else { return scanner.failure("a number", example: example) }
            if scanner.take(".") || scanner.take(",") {
                guard scanner.someDigits() != nil else {
                    return scanner.failure("the digits of a fraction", example: example)
                }
                fraction = true
            }
            guard let letter = scanner.next, let index = designators.firstIndex(of: letter) else {
                let units = designators.map { String($0) }.joined(separator: ", ")
                if designators.isEmpty { return scanner.failure("the end of the value", example: example) }
                return scanner.failure("a unit that follows the ones before it: \(units)", example: example)
            }
            scanner.position += 1
            designators.removeFirst(index + 1)
            components += 1
        }
        guard components > 0, !(inTime && designators.count == 3) else {
            return scanner.failure("a number and its unit", example: example)
        }
        return .value(value)
    }
}
