extension FieldType {
    /// A Table Schema type read in its ISO 8601 default form only: a `format` other than
    /// `default` is refused by name rather than ignored.
    static func iso(name: String, help: String, reader: any ValueReader) -> FieldType {
        var type = FieldType.custom(name: name, help: help, reader: reader)
        let make = type.make
        type.make = { (field: inout SchemaField) throws(ConfigurationError) -> FieldSpec in
            if let format = try field.text("format"), format != "default" {
                throw ConfigurationError(
                    "\(field.path, member: "format"): fieldcheck reads a \(name) in its ISO 8601 form only (format: default, "
                        + "as in \(reader.example)); '\(format)' is not read")
            }
            return try make(&field)
        }
        return type
    }

    /// Table Schema's `duration`: ISO 8601's `P1Y2M10DT2H30M`.
    /// It has no `minimum` or `maximum`: durations have no order (`P1M` is 28 to 31 days, so it
    /// neither precedes nor follows `P30D`).
    static let duration: FieldType = {
        var type = iso(name: "duration", help: "an ISO 8601 duration, as in P1Y2M10DT2H30M", reader: DurationReader())
        type.inferred = true
        type.noOrder = "durations have no order (P1M is 28 to 31 days, so it neither precedes nor follows P30D)"
        return type
    }()
}

/// The parts the ISO types share.
extension ISOScanner {
    /// The ranges of the fields, for the steps below and for `quickTemporal`.
    static let months = 1...12
    static let hours = 0...23
    static let minutes = 0...59
    static let seconds = 0...59
    static let zoneHours = 0...14

    /// `yyyy`.
    mutating func year() throws(ISORejection) -> Int { try number(4, "a four-digit year", "year", in: 0...9999, "") }

    /// `-MM`.
    mutating func month() throws(ISORejection) -> Int {
        try expect("-", "'-' before the month")
        return try number(2, "a two-digit month", "month", in: Self.months, "01 to 12")
    }

    /// `-dd` of `month` in `year`.
    mutating func day(month: Int, year: Int) throws(ISORejection) -> Int {
        try expect("-", "'-' before the day")
        let last = CivilDate.daysIn(month: month, year: year)
        return try number(2, "a two-digit day", "day", in: 1...last, "month \(month) of \(year) has \(last) days")
    }

    /// `HH:MM:SS[.fff]`, then an optional zone `Z` or `±HH:MM`: the seconds of the day, the
    /// fraction's digits and the offset in seconds (nil: none written).
    mutating func timeOfDay() throws(ISORejection) -> (seconds: Int, fraction: String, offset: Int?) {
        let hour = try number(2, "a two-digit hour", "hour", in: Self.hours, "00 to 23")
        try expect(":", "':' before the minutes")
        let minute = try number(2, "two-digit minutes", "minute", in: Self.minutes, "00 to 59")
        try expect(":", "':' before the seconds")
        let second = try number(2, "two-digit seconds", "second", in: Self.seconds, "00 to 59")
        var fraction = ""
        if take(".") || take(",") {
            let start = position
            guard someDigits() else { throw ISORejection(failure("the digits of a fraction of a second")) }
            fraction = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        }
        let seconds = hour * 3600 + minute * 60 + second
        if take("Z") { return (seconds, fraction, 0) }
        if let sign = next, sign == "+" || sign == "-" {
            position += 1
            let hours = try number(2, "a two-digit zone hour", "zone hour", in: Self.zoneHours, "00 to 14")
            try expect(":", "':' in the zone offset")
            let minuteStart = position
            let minutes = try number(2, "two-digit zone minutes", "zone minute", in: Self.minutes, "00 to 59")
            // Offsets run from −14:00 to +14:00: the hours' range alone let +14:59 through.
            if hours == 14 && minutes > 0 {
                throw ISORejection(
                    .rejected(
                        offset: minuteStart,
                        reason: "zone minute \(minutes) is out of range (00 after zone hour 14: offsets run from "
                            + "-14:00 to +14:00)", code: .fieldOutOfRange))
            }
            return (seconds, fraction, (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60))
        }
        return (seconds, fraction, nil)
    }

    /// A `unit` in its ISO 8601 form from here: its place in the unit's order (as
    /// `TemporalValue.seconds`), the fraction's digits and the offset.
    mutating func temporal(_ unit: TemporalUnit) throws(ISORejection) -> (seconds: Int, fraction: String, offset: Int?)
    {
        if unit == .time { return try timeOfDay() }
        let year = try year()
        if unit == .year { return (year, "", nil) }
        let month = try month()
        if unit == .yearMonth { return (year * 12 + month - 1, "", nil) }
        let day = try day(month: month, year: year)
        try expect("T", "'T' between the date and the time")
        let time = try timeOfDay()
        return (CivilDate.days(year: year, month: month, day: day) * 86_400 + time.seconds, time.fraction, time.offset)
    }

    /// The fast path's reading of a whole `unit` without a fraction of a second, the commonest
    /// form: what `temporal(_:)` reads of it — the same fields, the same ranges, the same place
    /// in the unit's order and offset — at fixed places, with nothing to throw. Nil for
    /// anything else, which `temporal(_:)` then reads (or rejects).
    static func quickTemporal(_ bytes: UnsafeBufferPointer<UInt8>, _ unit: TemporalUnit) -> (
        seconds: Int, offset: Int?
    )? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        /// `length` ASCII digits at `at` as a number, or -1.
        @inline(__always) func digits(_ at: Int, _ length: Int) -> Int {
            var value = 0
            for index in at..<(at &+ length) {
                let digit = base[index] &- 0x30
                guard digit < 10 else { return -1 }
                value = value &* 10 &+ Int(digit)
            }
            return value
        }
        /// `HH:MM:SS` at `at`, then the end, `Z` or `±HH:MM`: the seconds of the day and the offset.
        @inline(__always) func timeOfDay(_ at: Int) -> (seconds: Int, offset: Int?)? {
            guard count >= at &+ 8, base[at &+ 2] == UInt8(ascii: ":"), base[at &+ 5] == UInt8(ascii: ":") else {
                return nil
            }
            let hour = digits(at, 2)
            let minute = digits(at &+ 3, 2)
            let second = digits(at &+ 6, 2)
            guard Self.hours.contains(hour), Self.minutes.contains(minute), Self.seconds.contains(second) else {
                return nil
            }
            let seconds = hour &* 3600 &+ minute &* 60 &+ second
            let zone = at &+ 8
            if count == zone { return (seconds, nil) }
            if count == zone &+ 1 && base[zone] == UInt8(ascii: "Z") { return (seconds, 0) }
            let sign = base[zone]
            guard count == zone &+ 6, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"),
                base[zone &+ 3] == UInt8(ascii: ":")
            else { return nil }
            let offsetHours = digits(zone &+ 1, 2)
            let offsetMinutes = digits(zone &+ 4, 2)
            guard Self.zoneHours.contains(offsetHours), Self.minutes.contains(offsetMinutes),
                offsetHours < 14 || offsetMinutes == 0
            else { return nil }
            return (seconds, (sign == UInt8(ascii: "-") ? -1 : 1) &* (offsetHours &* 3600 &+ offsetMinutes &* 60))
        }
        if unit == .time { return timeOfDay(0) }
        guard count >= 4 else { return nil }
        let year = digits(0, 4)
        guard year >= 0 else { return nil }
        if unit == .year { return count == 4 ? (year, nil) : nil }
        guard count >= 7, base[4] == UInt8(ascii: "-") else { return nil }
        let month = digits(5, 2)
        guard Self.months.contains(month) else { return nil }
        if unit == .yearMonth { return count == 7 ? (year &* 12 &+ month &- 1, nil) : nil }
        guard count >= 11, base[7] == UInt8(ascii: "-"), base[10] == UInt8(ascii: "T") else { return nil }
        let day = digits(8, 2)
        guard day >= 1, day <= CivilDate.daysIn(month: month, year: year), let time = timeOfDay(11) else {
            return nil
        }
        return (CivilDate.days(year: year, month: month, day: day) &* 86_400 &+ time.seconds, time.offset)
    }

    /// Reads the whole of `value` as a `unit` in its ISO 8601 form: what a reader says of it,
    /// and the value when it is one.
    static func temporal(_ value: String, _ unit: TemporalUnit) -> (ValueReading, TemporalValue?) {
        var found: TemporalValue? = nil
        let reading = read(value) { (scanner: inout ISOScanner) throws(ISORejection) in
            let read = try scanner.temporal(unit)
            found = TemporalValue(text: value, seconds: read.seconds, fraction: read.fraction, offset: read.offset)
        }
        guard case .value = reading else { return (reading, nil) }
        return (reading, found)
    }
}

/// The ISO 8601 reader of a `TemporalUnit`, as the pipeline's `ValueReader`.
struct ISOTemporalReader: ValueReader {
    let unit: TemporalUnit
    var example: String {
        switch unit {
        case .year: "2026"
        case .yearMonth: "2026-04"
        case .time: "13:45:30"
        case .dateTime: "2026-04-13T13:45:30Z"
        }
    }
    func read(_ value: String) -> ValueReading { ISOScanner.temporal(value, unit).0 }
}

/// ISO 8601 durations, as XML Schema writes them: an optional `-`, `P`, then years, months, weeks and days, then `T` and hours, minutes
/// and seconds, each a number and its letter, in that order, at least one; the last may
/// have a fraction (`PT1.5S`).
struct DurationReader: ValueReader, BytesRejecting {
    var example: String { "P1Y2M10DT2H30M" }
    var otherExamples: [String] { ["PT2H30M", "P1D"] }
    func read(_ value: String) -> ValueReading { ISOScanner.read(value, Self.scan) }

    /// The same steps over the raw bytes: `infer` tries a duration on every value of every
    /// column, and the String and scalars of the full reading cost ten times the scan.
    func rejects(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Most values do not begin as a duration: no message is worded for them.
        let start = bytes.first == UInt8(ascii: "-") ? 1 : 0
        guard start < bytes.count, bytes[start] == UInt8(ascii: "P") else { return true }
        var scanner = ISOScanner(bytes)
        do throws(ISORejection) { try Self.scan(&scanner) } catch { return true }
        return !scanner.atEnd
    }

    private static func scan(_ scanner: inout ISOScanner) throws(ISORejection) {
        // XML Schema's duration, which Table Schema names, may be negative (-P1D); not '+'.
        _ = scanner.take("-")
        try scanner.expect("P", "'P', which begins a duration (-P for a negative one)")
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
