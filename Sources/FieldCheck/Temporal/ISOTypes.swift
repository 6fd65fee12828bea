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

/// The parts the ISO types share.
extension ISOScanner {
    /// `yyyy`.
    mutating func year() throws(ISORejection) -> Int { try number(4, "a four-digit year", "year", in: 0...9999, "") }

    /// `-MM`.
    mutating func month() throws(ISORejection) -> Int {
        try expect("-", "'-' before the month")
        return try number(2, "a two-digit month", "month", in: 1...12, "01 to 12")
    }

    /// `-dd` of `month` in `year`.
    mutating func day(month: Int, year: Int) throws(ISORejection) {
        try expect("-", "'-' before the day")
        let last = CivilDate.daysIn(month: month, year: year)
        _ = try number(2, "a two-digit day", "day", in: 1...last, "month \(month) of \(year) has \(last) days")
    }

    /// `HH:MM:SS[.fff]`, then an optional zone `Z` or `±HH:MM`.
    mutating func timeOfDay() throws(ISORejection) {
        _ = try number(2, "a two-digit hour", "hour", in: 0...23, "00 to 23")
        try expect(":", "':' before the minutes")
        _ = try number(2, "two-digit minutes", "minute", in: 0...59, "00 to 59")
        try expect(":", "':' before the seconds")
        _ = try number(2, "two-digit seconds", "second", in: 0...59, "00 to 59")
        if take(".") || take(",") {
            guard someDigits() else { throw ISORejection(failure("the digits of a fraction of a second")) }
        }
        if take("Z") { return }
        if take("+") || take("-") {
            _ = try number(2, "a two-digit zone hour", "zone hour", in: 0...14, "00 to 14")
            try expect(":", "':' in the zone offset")
            _ = try number(2, "two-digit zone minutes", "zone minute", in: 0...59, "00 to 59")
        }
    }
}

struct YearReader: ValueReader {
    var example: String { "2026" }
    func read(_ value: String) -> ValueReading {
        ISOScanner.read(value) { (scanner: inout ISOScanner) throws(ISORejection) in _ = try scanner.year() }
    }
}

struct YearMonthReader: ValueReader {
    var example: String { "2026-04" }
    func read(_ value: String) -> ValueReading {
        ISOScanner.read(value) { (scanner: inout ISOScanner) throws(ISORejection) in
            _ = try scanner.year()
            _ = try scanner.month()
        }
    }
}

struct TimeReader: ValueReader {
    var example: String { "13:45:30" }
    func read(_ value: String) -> ValueReading {
        ISOScanner.read(value) { (scanner: inout ISOScanner) throws(ISORejection) in try scanner.timeOfDay() }
    }
}

struct DateTimeReader: ValueReader {
    var example: String { "2026-04-13T13:45:30Z" }
    func read(_ value: String) -> ValueReading {
        ISOScanner.read(value) { (scanner: inout ISOScanner) throws(ISORejection) in
            let year = try scanner.year()
            let month = try scanner.month()
            try scanner.day(month: month, year: year)
            try scanner.expect("T", "'T' between the date and the time")
            try scanner.timeOfDay()
        }
    }
}

/// ISO 8601 durations: `P` then years, months, weeks and days, then `T` and hours, minutes
/// and seconds, each a number and its letter, in that order, at least one; the last may
/// have a fraction (`PT1.5S`).
struct DurationReader: ValueReader {
    var example: String { "P1Y2M10DT2H30M" }
    func read(_ value: String) -> ValueReading {
        ISOScanner.read(value) { (scanner: inout ISOScanner) throws(ISORejection) in
            try scanner.expect("P", "'P', which begins a duration")
            var designators: [Unicode.Scalar] = ["Y", "M", "W", "D"]
            var components = 0
            var inTime = false
            var fraction = false
            while !scanner.atEnd {
                if !inTime && scanner.take("T") {
                    inTime = true
                    designators = ["H", "M", "S"]
                    guard !scanner.atEnd else {
                        throw ISORejection(scanner.failure("hours, minutes or seconds after 'T'"))
                    }
                    continue
                }
                if fraction { throw ISORejection(scanner.failure("the end of the value after a fraction")) }
                guard scanner.someDigits() else { throw ISORejection(scanner.failure("a number")) }
                if scanner.take(".") || scanner.take(",") {
                    guard scanner.someDigits() else { throw ISORejection(scanner.failure("the digits of a fraction")) }
                    fraction = true
                }
                guard let letter = scanner.next, let index = designators.firstIndex(of: letter) else {
                    if designators.isEmpty { throw ISORejection(scanner.failure("the end of the value")) }
                    let units = designators.map { String($0) }.joined(separator: ", ")
                    throw ISORejection(scanner.failure("a unit that follows the ones before it: \(units)"))
                }
                scanner.position += 1
                designators.removeFirst(index + 1)
                components += 1
            }
            guard components > 0, !(inTime && designators.count == 3) else {
                throw ISORejection(scanner.failure("a number and its unit"))
            }
        }
    }
}
