import Foundation
import Testing

/// Issue 18: `minimum` and `maximum` for year, yearmonth, time and datetime columns, and
/// time and datetime columns in a strptime or UTS #35 `format` or the locale's style.
@Suite struct TemporalColumnTests {
    /// Checks one cell under one field (a YAML flow mapping's inside) and returns the run
    /// with `--json` and the run with `--normalize`.
    static func check(_ field: String, _ cell: String) throws -> (json: CLI.Outcome, normalized: CLI.Outcome) {
        let schema = CLI.temporaryFile("temporal.yaml")
        defer { try? FileManager.default.removeItem(at: schema) }
        try Data("fields:\n  - {name: c, \(field)}\n".utf8).write(to: schema)
        let input = "c\n\"\(cell)\"\n"
        return (
            try CLI.run(["csv", "--schema", schema.path, "--json", "-"], input: input),
            try CLI.run(["csv", "--schema", schema.path, "--normalize", "-"], input: input)
        )
    }

    static func expect(
        _ runs: (json: CLI.Outcome, normalized: CLI.Outcome), code: String?, offset: Int?, output: String?
    ) {
        let (json, normalized) = runs
        if let code {
            #expect(json.status == 1, "\(json.stdout)\(json.stderr)")
            #expect(json.stdout.contains("\"code\":\"\(code)\""), "\(json.stdout)")
            #expect(json.stdout.contains("\"offset\":\(offset.map(String.init) ?? "null")"), "\(json.stdout)")
            #expect(normalized.stdout == "c\n", "\(normalized.stdout)")
        } else {
            #expect(json.status == 0, "\(json.stdout)\(json.stderr)")
            #expect(json.stdout.isEmpty)
            #expect(normalized.stdout == "c\n\(output ?? "")\n", "\(normalized.stdout)")
        }
    }

    @Test(
        arguments: [
            // (field, cell, code, offset, normalized output)
            ("type: year, constraints: {minimum: 2000, maximum: 2030}", "2030", nil, nil, "2030"),
            ("type: year, constraints: {minimum: 2000, maximum: 2030}", "1999", "out_of_range", nil, nil),
            ("type: year, constraints: {minimum: 2000, maximum: 2030}", "2031", "out_of_range", nil, nil),
            ("type: year, constraints: {minimum: 2000}", "20x0", "invalid_value", 0, nil),
            // XML Schema's duration may be negative; '+' and a sign after the P are not its.
            ("type: duration", "-P1D", nil, nil, "-P1D"),
            ("type: duration", "+P1D", "invalid_value", 0, nil),
            ("type: duration", "P-1D", "invalid_value", 1, nil),
            ("type: duration", "-", "invalid_value", nil, nil),
            ("type: yearmonth, constraints: {minimum: '2026-01', maximum: '2026-06'}", "2026-06", nil, nil, "2026-06"),
            (
                "type: yearmonth, constraints: {minimum: '2026-01', maximum: '2026-06'}", "2025-12", "out_of_range",
                nil, nil
            ),
            ("type: yearmonth, constraints: {maximum: '2026-06'}", "2026-07", "out_of_range", nil, nil),
            ("type: time, constraints: {minimum: '09:00:00', maximum: '17:30:00'}", "09:00:00", nil, nil, "09:00:00"),
            (
                "type: time, constraints: {minimum: '09:00:00', maximum: '17:30:00'}", "08:59:59.999", "out_of_range",
                nil, nil
            ),
            ("type: time, constraints: {maximum: '17:30:00'}", "17:30:00.000", nil, nil, "17:30:00.000"),
            ("type: time, constraints: {maximum: '17:30:00'}", "17:30:00.001", "out_of_range", nil, nil),
            ("type: time, constraints: {maximum: '17:30:00'}", "25:00:00", "field_out_of_range", 0, nil),
            // Both with an offset: instants. 12:30+02:00 is 10:30Z.
            ("type: time, constraints: {maximum: '11:00:00Z'}", "12:30:00+02:00", nil, nil, "12:30:00+02:00"),
            ("type: time, constraints: {maximum: '11:00:00Z'}", "12:30:00+01:00", "out_of_range", nil, nil),
            (
                "type: datetime, constraints: {minimum: '2026-04-13T12:00:00Z'}", "2026-04-13T13:00:00+02:00",
                "out_of_range", nil, nil
            ),
            (
                "type: datetime, constraints: {minimum: '2026-04-13T12:00:00Z'}", "2026-04-13T12:00:00.0Z", nil, nil,
                "2026-04-13T12:00:00.0Z"
            ),
            (
                "type: datetime, constraints: {minimum: '2026-04-13T12:00:00+02:00'}", "2026-04-13T10:00:00Z", nil, nil,
                "2026-04-13T10:00:00Z"
            ),
            // One with an offset, one without: decided only more than 14 hours apart.
            (
                "type: datetime, constraints: {minimum: '2026-04-13T12:00:00Z'}", "2026-04-13T13:00:00",
                "out_of_range", nil, nil
            ),
            (
                "type: datetime, constraints: {minimum: '2026-04-13T12:00:00Z'}", "2026-04-14T03:00:00", nil, nil,
                "2026-04-14T03:00:00"
            ),
            (
                "type: datetime, constraints: {minimum: '2026-04-13T12:00:00Z'}", "2026-04-12T21:00:00",
                "out_of_range", nil, nil
            ),
            // A bound applies to a formatted column's value, in ISO 8601.
            (
                "type: datetime, format: '%d.%m.%Y %H:%M', constraints: {maximum: '2026-12-31T23:59:00'}",
                "31.12.2026 23:59", nil, nil, "2026-12-31T23:59:00"
            ),
            (
                "type: datetime, format: '%d.%m.%Y %H:%M', constraints: {maximum: '2026-12-31T23:59:00'}",
                "01.01.2027 00:00", "out_of_range", nil, nil
            ),
        ] as [(String, String, String?, Int?, String?)])
    func bounds(field: String, cell: String, code: String?, offset: Int?, output: String?) throws {
        Self.expect(try Self.check(field, cell), code: code, offset: offset, output: output)
    }

    @Test func anOutOfRangeMessageNamesTheBoundAndTheRange() throws {
        let (json, _) = try Self.check(
            "type: time, constraints: {minimum: '09:00:00', maximum: '17:30:00'}", "08:00:00")
        #expect(
            json.stdout.contains(
                "08:00:00 is earlier than the minimum 09:00:00; expected a time from 09:00:00 to 17:30:00"),
            "\(json.stdout)")
        let (later, _) = try Self.check("type: year, constraints: {maximum: 2030}", "2031")
        #expect(later.stdout.contains("2031 is later than the maximum 2030; expected a year of 2030 or earlier"))
        let (mixed, _) = try Self.check(
            "type: datetime, constraints: {minimum: '2026-04-13T12:00:00Z'}", "2026-04-13T13:00:00")
        #expect(
            mixed.stdout.contains(
                "2026-04-13T12:00:00Z has a UTC offset, 2026-04-13T13:00:00 has none, and less than 14 hours apart "
                    + "the order depends on the offset"), "\(mixed.stdout)")
    }

    @Test(
        arguments: [
            // (field, message)
            (
                "type: time, constraints: {minimum: '25:00:00'}",
                "fields[0].constraints.minimum: '25:00:00' is not a time in ISO 8601, the form a time bound is written "
                    + "in, as in 13:45:30: at column 1, hour 25 is out of range (00 to 23)"
            ),
            (
                "type: year, constraints: {maximum: '26'}",
                "fields[0].constraints.maximum: '26' is not a year in ISO 8601"
            ),
            ("type: yearmonth, constraints: {minimum: '2026-4'}", "fields[0].constraints.minimum: '2026-4' is not"),
            (
                "type: datetime, constraints: {minimum: '2026-04-13 12:00:00'}",
                "fields[0].constraints.minimum: '2026-04-13 12:00:00' is not a date and time in ISO 8601"
            ),
            (
                "type: year, constraints: {minimum: 2030, maximum: 2020}",
                "fields[0].constraints.maximum: 2020 is earlier than the minimum 2030"
            ),
            (
                "type: time, format: '%H:%M', constraints: {minimum: '09:00:00Z'}",
                "fields[0].constraints.minimum: '09:00:00Z' has a UTC offset, and the format 'HH:mm' writes none"
            ),
            (
                "type: datetime, format: '%Y-%m-%dT%H:%M:%S%z', constraints: {minimum: '2026-01-01T00:00:00'}",
                "'2026-01-01T00:00:00' has no UTC offset, and the format 'yyyy-MM-dd'T'HH:mm:ssxx' writes one"
            ),
            (
                "type: duration, constraints: {minimum: P1D}",
                "fields[0].constraints.minimum: a duration column has no minimum or maximum: durations have no order"
            ),
            (
                "type: time, format: '%H:%M %d'",
                "fields[0].format: time pattern 'HH:mm dd': 'd' at column 7 is a date field"
            ),
            ("type: time, format: 'HH:mm zzzz'", "'z' at column 7 is a time zone name, which fieldcheck does not read"),
            (
                "type: time, format: '%H:%M %q'",
                "fields[0].format: '%q' in '%H:%M %q' is not a directive fieldcheck reads"
            ),
            ("type: time, format: 'hh:mm'", "the hour h (1–12) needs the AM/PM marker a"),
            ("type: datetime, format: 'HH:mm'", "datetime pattern 'HH:mm' has no year field"),
            ("type: time, format: 'yyyy'", "time pattern 'yyyy': 'y' at column 1 is a date field"),
            ("type: year, style: short", "fields[0].style: fieldcheck reads a year in its ISO 8601 form only"),
            ("type: time, style: tiny", "fields[0].style: unknown time style 'tiny'"),
        ] as [(String, String)])
    func configurationErrors(field: String, message: String) throws {
        let (json, _) = try Self.check(field, "1")
        #expect(json.status == 2)
        #expect(json.stdout.isEmpty)
        #expect(json.stderr.contains(message), "\(json.stderr)")
    }

    @Test(
        arguments: [
            // (field, cell, code, offset, normalized output)
            ("type: time, format: '%H:%M'", "14:30", nil, nil, "14:30:00"),
            ("type: time, format: '%H:%M'", "24:30", "field_out_of_range", 0, nil),
            ("type: time, format: '%H:%M'", "14:60", "field_out_of_range", 3, nil),
            ("type: time, format: '%H:%M'", "14:30:00", "trailing_text", 5, nil),
            ("type: time, format: '%H:%M'", "14.30", "invalid_date", 2, nil),
            ("type: time, format: '%H:%M'", "", "required", nil, nil),
            ("type: time, format: 'HH:mm:ss.SSS'", "14:30:05.250", nil, nil, "14:30:05.250"),
            ("type: time, format: '%I:%M %p', locale: en_US", "02:15 PM", nil, nil, "14:15:00"),
            ("type: time, format: '%I:%M %p', locale: en_US", "12:05 AM", nil, nil, "00:05:00"),
            ("type: time, format: '%I:%M %p', locale: en_US", "13:15 PM", "field_out_of_range", 0, nil),
            ("type: time, format: '%I:%M %p', locale: en_US", "02:15 XM", "invalid_date", 6, nil),
            ("type: time, format: 'HH:mm XXX'", "14:30 +02:00", nil, nil, "14:30:00+02:00"),
            ("type: time, format: 'HH:mm XXX'", "14:30 Z", nil, nil, "14:30:00Z"),
            ("type: time, format: 'HH:mm XXX'", "14:30 +15:00", "field_out_of_range", 7, nil),
            // Offsets run from -14:00 to +14:00: the minutes of +14:30 are out of range.
            ("type: time, format: 'HH:mm XXX'", "14:30 +14:00", nil, nil, "14:30:00+14:00"),
            ("type: time, format: 'HH:mm XXX'", "14:30 +14:30", "field_out_of_range", 10, nil),
            ("type: datetime", "2026-04-13T13:45:30+14:59", "field_out_of_range", 23, nil),
            ("type: datetime", "2026-04-13T13:45:30-14:00", nil, nil, "2026-04-13T13:45:30-14:00"),
            ("type: time, format: 'HH:mm XXX'", "14:30", "invalid_date", 5, nil),
            ("type: datetime, format: '%d.%m.%Y %H:%M:%S'", "13.04.2026 14:30:00", nil, nil, "2026-04-13T14:30:00"),
            ("type: datetime, format: '%d.%m.%Y %H:%M:%S'", "31.02.2026 14:30:00", "field_out_of_range", 0, nil),
            ("type: datetime, format: '%d.%m.%Y %H:%M:%S'", "13.04.2026 14:30:61", "field_out_of_range", 17, nil),
            ("type: datetime, format: '%d.%m.%Y %H:%M:%S'", "13.04.26 14:30:00", "two_digit_year", 6, nil),
            (
                "type: datetime, format: '%Y-%m-%dT%H:%M:%S%z'", "2026-04-13T14:30:00+0200", nil, nil,
                "2026-04-13T14:30:00+02:00"
            ),
            (
                "type: datetime, format: '%Y-%m-%dT%H:%M:%S%z'", "2026-04-13T14:30:00-05:30", nil, nil,
                "2026-04-13T14:30:00-05:30"
            ),
            ("type: datetime, format: '%Y-%m-%dT%H:%M:%S%z'", "2026-04-13T14:30:00Z", nil, nil, "2026-04-13T14:30:00Z"),
            ("type: datetime, format: '%Y-%m-%dT%H:%M:%S%z'", "2026-04-13T14:30:00", "invalid_date", 19, nil),
            ("type: datetime, format: 'dd.MM.yyyy HH:mm'", "13.04.2026 14:30", nil, nil, "2026-04-13T14:30:00"),
            ("type: datetime, format: 'dd.MM.yyyy HH:mm'", "13.04.2026 14:30 Uhr", "trailing_text", 16, nil),
            (
                "type: datetime, format: 'd. MMMM yyyy, HH:mm', locale: de_DE", "13. April 2026, 14:30", nil, nil,
                "2026-04-13T14:30:00"
            ),
            (
                "type: datetime, format: 'd. MMMM yyyy, HH:mm', locale: de_DE", "13. Aprl 2026, 14:30", "invalid_date",
                4,
                nil
            ),
            // The locale's style, and any of ISO 8601 and the styles.
            ("type: time, style: short, locale: de_DE", "14:30", nil, nil, "14:30:00"),
            ("type: datetime, style: short, locale: de_DE", "13.04.26, 14:30", nil, nil, "2026-04-13T14:30:00"),
            (
                "type: datetime, style: medium, locale: en_US", "Apr 13, 2026, 2:30:05\u{202F}PM", nil, nil,
                "2026-04-13T14:30:05"
            ),
            ("type: time, format: any, locale: de_DE", "14:30", nil, nil, "14:30:00"),
            ("type: time, format: any, locale: de_DE", "14:30:05", nil, nil, "14:30:05"),
            (
                "type: datetime, format: any, locale: de_DE", "2026-04-13T14:30:00+02:00", nil, nil,
                "2026-04-13T14:30:00+02:00"
            ),
            ("type: datetime, format: any, locale: de_DE", "13.04.26, 14:30", nil, nil, "2026-04-13T14:30:00"),
            ("type: datetime, format: any, locale: de_DE", "13.04.26", "invalid_date", 8, nil),
            // default is ISO 8601, unchanged.
            ("type: time, format: default", "14:30", "invalid_value", nil, nil),
            ("type: datetime, format: default", "2026-04-13T14:30:00", nil, nil, "2026-04-13T14:30:00"),
        ] as [(String, String, String?, Int?, String?)])
    func formats(field: String, cell: String, code: String?, offset: Int?, output: String?) throws {
        let required = field + (code == "required" ? ", constraints: {required: true}" : "")
        Self.expect(try Self.check(required, cell), code: code, offset: offset, output: output)
    }

    @Test func aFormattedCellSaysWhatItExpected() throws {
        let (json, _) = try Self.check("type: datetime, format: '%d.%m.%Y %H:%M'", "13.04.2026 25:00")
        #expect(
            json.stdout.contains(
                "hour 25 at column 12 is out of range (00–23); expected a datetime like 13.04.2026 13:45 "
                    + "(dd.MM.yyyy HH:mm)"), "\(json.stdout)")
    }

    /// Inline: with a locale, the locale's short style, as a date column; without, ISO 8601.
    @Test func inlineColumns() throws {
        let local = try CLI.run(
            ["csv", "--column", "t=time:de_DE", "--column", "d=datetime:de_DE", "--normalize"],
            input: "t,d\n14:30,\"13.04.26, 14:30\"\n14:30:00,2026-04-13T14:30:00\n")
        #expect(local.status == 1)
        #expect(local.stdout == "t,d\n14:30:00,2026-04-13T14:30:00\n")
        #expect(local.stderr.contains("expected a time like 13:45 (HH:mm)"), "\(local.stderr)")
        let iso = try CLI.run(["csv", "--column", "t=time", "--normalize"], input: "t\n14:30:00\n")
        #expect(iso.status == 0)
        #expect(iso.stdout == "t\n14:30:00\n")
        let pattern = try CLI.run(
            ["csv", "--column", "t=time:en_US:h:mm a", "--normalize"], input: "t\n2:30 PM\n")
        #expect(pattern.status == 0)
        #expect(pattern.stdout == "t\n14:30:00\n")
    }
}
