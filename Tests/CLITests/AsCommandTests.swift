import Foundation
import Testing

/// `fieldcheck as TYPE[:LOCALE[:FORMAT]]` (issue 30): every type the registry holds is a line
/// command, read as `csv --column` reads a column's type, with the line commands' output and
/// diagnostics.
@Suite struct AsCommandTests {
    /// The example of an ISO 8601 type with bounds is within them (`as year --min 2030` said
    /// 2026, which the field refuses).
    @Test(arguments: [
        (["year", "--min", "2030"], "2030"), (["time", "--max", "09:00:00"], "09:00:00"),
        (["yearmonth", "--max", "2020-01"], "2020-01"), (["year"], "2026"),
    ])
    func theExampleIsWithinTheBounds(arguments: [String], example: String) throws {
        let run = try CLI.run(["as"] + arguments, input: "x\n\(example)\n")
        #expect(run.stderr.contains("expected a value like \(example) ("), "\(run.stderr)")
        #expect(run.stdout == "\(example)\n")
    }

    /// A field with allowed values shows one of them, as its input writes it, in every other
    /// rejection (`--rule enum=ab,xyz --rule maxLength=3` said "expected text like 'abc'",
    /// which the field refuses), and the value shown is accepted.
    @Test(arguments: [
        (["string", "--rule", "enum=ab,xyz", "--rule", "maxLength=3"], "abcd", "'ab'"),
        (["string", "--rule", "enum=abcdef,xyz,ab", "--rule", "minLength=3"], "x", "'abcdef'"),
        (["number", "--locale", "de_DE", "--rule", "enum=3.5,1234.5"], "abc", "3,5"),
        (["date", "--rule", "format=dd.MM.yyyy", "--rule", "enum=2026-05-01"], "7", "01.05.2026"),
        (["country", "--rule", "enum=FR"], "XX", "FR"), (["year", "--rule", "enum=1999"], "7", "1999"),
    ])
    func anEnumsExampleIsAnAllowedValue(arguments: [String], bad: String, shown: String) throws {
        let run = try CLI.run(["as"] + arguments, input: bad + "\n")
        #expect(run.status == 1)
        #expect(run.stderr.contains(" like \(shown)"), "\(run.stderr)")
        let value = shown.trimmingCharacters(in: CharacterSet(charactersIn: "'"))
        let accepted = try CLI.run(["as"] + arguments, input: value + "\n")
        #expect(accepted.status == 0, "\(accepted.stderr)")
    }

    @Test func aDatetimeIsCheckedAndWrittenInISO8601() throws {
        let run = try CLI.run(
            ["as", "datetime"], input: "2026-04-13T13:45:30Z\n2026-04-13 13:45:30\n2026-02-30T10:00:00\n")
        #expect(run.status == 1)
        #expect(run.stdout == "2026-04-13T13:45:30Z\n")
        #expect(
            run.stderr.contains("line 2: '2026-04-13 13:45:30': not a datetime value: ' ' (U+0020 SPACE) at column 11"))
        #expect(run.stderr.contains("[invalid_value]"))
        #expect(run.stderr.contains("line 3: '2026-02-30T10:00:00'"))
        #expect(run.stderr.contains("[field_out_of_range]"))
    }

    /// An identifier's example shows only the forms the field's lengths allow (it listed DE,
    /// DEU, 276 and Germany under --max-length 2), and each one shown is accepted.
    @Test(arguments: [(["--max-length", "2"], ["DE"]), (["--min-length", "3", "--max-length", "3"], ["DEU", "276"])])
    func anIdentifiersExampleKeepsToTheLengths(rules: [String], shown: [String]) throws {
        let run = try CLI.run(["as", "country"] + rules, input: "xx\n")
        #expect(run.status == 1)
        let example = run.stderr.split(separator: "expected ").last ?? ""
        let words = Set(example.split { " ,".contains($0) }.map(String.init))
        for form in ["DE", "DEU", "276", "Germany"] {
            #expect(words.contains(form) == shown.contains(form), "\(run.stderr)")
        }
        let accepted = try CLI.run(["as", "country"] + rules, input: shown.map { $0 + "\n" }.joined())
        #expect(accepted.status == 0, "\(accepted.stderr)")
    }

    /// When the lengths leave none of the usual example's forms, the message names the kind
    /// without an empty example ("a time zone like  (…)", and a bare "expected " under a
    /// length rule); with one, a length rule's message words it as the others do.
    @Test func anIdentifierWithoutAnExampleOfItsLengthsSaysSo() throws {
        let run = try CLI.run(["as", "timezone", "--max-length", "3"], input: "zz\n")
        #expect(run.status == 1)
        #expect(run.stderr.contains("expected a time zone (en_US_POSIX) [unknown_name]"), "\(run.stderr)")
        let short = try CLI.run(["as", "country", "--min-length", "3"], input: "zz\n")
        #expect(
            short.stderr.contains("; expected a country like DEU, 276 or Germany (en_US_POSIX) [too_short]"),
            "\(short.stderr)")
    }

    @Test func aBooleanIsWrittenCanonically() throws {
        let run = try CLI.run(["as", "boolean", "--json"], input: "True\n0\nyes\n")
        #expect(run.status == 1)
        let objects = run.objects
        try #require(objects.count == 3)
        #expect(objects[0]["value"] as? String == "true")
        #expect(objects[1]["value"] as? String == "false")
        #expect(objects[2].errorCodes == ["not_a_boolean"])
        #expect(objects[2].firstError?["offset"] as? Int == 0)
        #expect(objects[2].firstError?["character"] as? String == "y")
    }

    /// The locale and format after the type, as in `--column`: a time in the locale's short
    /// style, a date in a pattern.
    @Test func theLocaleAndFormatFollowTheType() throws {
        let time = try CLI.run(["as", "time:de_DE"], input: "13:45\n25:00\n")
        #expect(time.status == 1)
        #expect(time.stdout == "13:45:00\n")
        #expect(time.stderr.contains("hour 25 at column 1 is out of range"))
        let date = try CLI.run(["as", "date:en_US:MM/dd/yyyy"], input: "04/13/2026\n")
        #expect(date.status == 0)
        #expect(date.stdout == "2026-04-13\n")
        // The same types as the line commands: a number in de_DE, a country's name in fr_FR.
        #expect(try CLI.run(["as", "number:de_DE"], input: "1.234,5\n").stdout == "1234.5\n")
        #expect(try CLI.run(["as", "country:fr_FR"], input: "Allemagne\n").stdout == "DE\n")
    }

    /// Without a locale in TYPE, --locale (then the environment) is the field's.
    /// A date without a FORMAT reads as `fieldcheck date` reads: the locale's short style and
    /// ISO 8601 (found by a new-user trial: `as date --value 2026-04-13` was refused).
    @Test(arguments: [["as", "date:fr_FR"], ["date", "--locale", "fr_FR"], ["as", "date", "--locale", "fr_FR"]])
    func aDateReadsTheShortStyleAndISO8601(command: [String]) throws {
        let run = try CLI.run(command, input: "13/04/2026\n2026-04-13\n04/13/2026\n")
        #expect(run.status == 1)
        #expect(run.stdout == "2026-04-13\n2026-04-13\n")
        #expect(run.stderr.contains("line 3: '04/13/2026': month 13"), "\(run.stderr)")
        let column = try CLI.run(
            ["csv", "--column", "d=date:fr_FR", "--normalize", "--no-progress"], input: "d\n13/04/2026\n2026-04-13\n")
        #expect(column.status == 0, "\(column.stderr)")
        #expect(column.stdout == "d\n2026-04-13\n2026-04-13\n")
    }

    @Test func localeOptionIsTheDefault() throws {
        let run = try CLI.run(["as", "number", "--locale", "de_DE"], input: "1.234,5\n")
        #expect(run.status == 0)
        #expect(run.stdout == "1234.5\n")
    }

    @Test func anUnknownTypeOrLocaleIsAConfigurationError() throws {
        let type = try CLI.run(["as", "datetme"], input: "")
        #expect(type.status == 2)
        #expect(type.stderr.contains("as 'datetme': unknown or unsupported type 'datetme'"))
        #expect(type.stderr.contains("datetime"))
        let locale = try CLI.run(["as", "number:xx_YY"], input: "")
        #expect(locale.status == 2)
        #expect(locale.stderr.contains("unknown locale 'xx_YY'"))
    }

    /// A type with no command of its own, named as a command, points to `as`.
    @Test func aTypeNamedAsACommandPointsToAs() throws {
        let run = try CLI.run(["datetime"], input: "")
        #expect(run.status == 2)
        #expect(run.stderr.contains("'fieldcheck as datetime'"))
    }

    /// --help lists every registered type with its help line.
    @Test func helpListsTheRegisteredTypes() throws {
        let help = try CLI.run(["as", "--help"]).stdout
        for type in [
            "string", "number, integer", "date", "boolean", "year", "yearmonth", "time", "datetime", "duration",
            "country", "currency", "language", "timezone",
        ] {
            #expect(
                help.contains("  \(type): ") || help.contains("  \(type) *: "), "\(type) in fieldcheck as --help")
        }
        // The registry's order (`FieldType.bound`) marks the types --min and --max bound.
        #expect(help.contains("  datetime *: "))
        #expect(help.contains("  boolean: "))
        #expect(help.contains("  duration: "))
    }

    /// --min and --max bound every type with an order, read as a schema's minimum and maximum.
    @Test func minAndMaxBoundAnyOrderedType() throws {
        let datetime = try CLI.run(
            ["as", "datetime", "--min", "2026-01-01T00:00:00Z"], input: "2025-12-31T23:59:59Z\n2026-01-01T00:00:00Z\n")
        #expect(datetime.status == 1)
        #expect(datetime.stdout == "2026-01-01T00:00:00Z\n")
        #expect(datetime.stderr.contains("line 1: '2025-12-31T23:59:59Z'"))
        #expect(datetime.stderr.contains("earlier than the minimum 2026-01-01T00:00:00Z"))
        #expect(datetime.stderr.contains("[out_of_range]"))
        let number = try CLI.run(["as", "number:de_DE", "--min", "1", "--max", "10"], input: "9,5\n10,5\n0,5\n")
        #expect(number.stdout == "9.5\n")
        #expect(number.stderr.contains("line 2: '10,5': 10.5 is greater than the maximum 10"))
        #expect(number.stderr.contains("line 3: '0,5': 0.5 is less than the minimum 1"))
        let year = try CLI.run(["as", "year", "--max", "2026", "--json"], input: "2027\n")
        #expect(year.stdout.contains(#""code":"out_of_range""#))
        // A negative bound is a value, not a missing one.
        let negative = try CLI.run(["as", "integer", "--min", "-5", "--max", "-1"], input: "-3\n-10\n0\n")
        #expect(negative.stdout == "-3\n")
        #expect(negative.stderr.contains("line 2: '-10': -10 is less than the minimum -5"))
        #expect(negative.stderr.contains("line 3: '0': 0 is greater than the maximum -1"))
        #expect(
            try CLI.run(["as", "date:de_DE", "--min", "2026-04-01"], input: "13.04.2026\n31.03.2026\n").stdout
                == "2026-04-13\n")
    }

    /// A bound on a type without order, or one the type cannot read, is a configuration error
    /// that names the option.
    @Test func aBoundTheTypeCannotTakeIsAConfigurationError() throws {
        let boolean = try CLI.run(["as", "boolean", "--min", "1"], input: "1\n")
        #expect(boolean.status == 2)
        #expect(boolean.stdout.isEmpty)
        #expect(
            boolean.stderr.contains("--min '1': a boolean has no order; --min and --max apply to number, integer, date")
        )
        for (arguments, said) in [
            (["duration", "--max", "P2D"], "--max 'P2D': durations have no order"),
            (["datetime", "--min", "2026"], "--min: '2026' is not a date and time in ISO 8601"),
            (["string", "--max", "zzz"], "--max 'zzz': a string has no order"),
            (["country", "--max", "DE"], "--max 'DE': a country has no order"),
        ] {
            let run = try CLI.run(["as"] + arguments, input: "")
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stderr.contains(said), "\(arguments): \(run.stderr)")
        }
    }

    /// The line commands' input and run options: --value, -z, length options, a number
    /// style, a pattern with colons in FORMAT.
    @Test func theLineOptionsApply() throws {
        let values = try CLI.run(["as", "integer", "--value", "42", "--value", "4.2"])
        #expect(values.status == 1)
        #expect(values.stdout == "42\n")
        #expect(values.stderr.contains("value 2: '4.2'"))
        let nul = try CLI.run(["as", "boolean", "-z"], input: "1\u{0}0\u{0}")
        #expect(nul.stdout == "true\u{0}false\u{0}")
        let short = try CLI.run(["as", "string", "--max-length", "3"], input: "abc\nabcd\n")
        #expect(short.stdout == "abc\n")
        #expect(short.stderr.contains("[too_long]"))
        #expect(try CLI.run(["as", "number:de_DE:percent"], input: "12 %\n").stdout == "0.12\n")
        #expect(try CLI.run(["as", "time::%H:%M"], input: "13:45\n").stdout == "13:45:00\n")
    }

    /// A FORMAT where the type reads none is refused, not ignored; an empty TYPE too.
    @Test func aFormatTheTypeDoesNotReadIsRefused() throws {
        let boolean = try CLI.run(["as", "boolean::yes"], input: "")
        #expect(boolean.status == 2)
        #expect(boolean.stderr.contains("as 'boolean::yes': a boolean has no FORMAT ('yes')"))
        let country = try CLI.run(["as", "country:fr_FR:name"], input: "")
        #expect(country.status == 2)
        #expect(country.stderr.contains("a country has no FORMAT"))
        #expect(try CLI.run(["as", ""], input: "").status == 2)
        let column = try CLI.run(["csv", "--column", "ok=boolean::yes"], input: "ok\ntrue\n")
        #expect(column.status == 2)
        #expect(column.stderr.contains("--column 'ok=boolean::yes': a boolean has no FORMAT"))
    }

    /// `--rule KEY=VALUE` gives a line the keys a schema field has (issue 30: the registry's
    /// keys are the line command's rules): a pattern written as it is (`[A-Z]` is not YAML),
    /// an enum compared in canonical form, a boolean's words, lengths and trimming.
    @Test func rulesAreTheSchemaFieldsKeys() throws {
        let codes = try CLI.run(
            ["as", "string", "--rule", "pattern=[A-Z]{2}[0-9]{2}", "--rule", "enum=DE01, FR12"],
            input: "DE01\nXX99\nFR12\nde01\n")
        #expect(codes.status == 1)
        #expect(codes.stdout == "DE01\nFR12\n")
        #expect(
            codes.stderr.contains(
                "line 2: 'XX99': 'XX99' is not one of the allowed values: 'DE01', 'FR12' [not_in_enum]"),
            "\(codes.stderr)")
        #expect(codes.stderr.contains("line 4: 'de01': does not match the pattern '[A-Z]{2}[0-9]{2}'"))

        // The allowed values as the field's input writes them, and what a value written
        // otherwise means: `3.500` is 3500 in de_DE.
        let numbers = try CLI.run(["as", "number:de_DE", "--rule", "enum=[3, 3.5]"], input: "3,50\n4\n3\n3.500\n")
        #expect(numbers.stdout == "3.50\n3\n", "\(numbers.stderr)")
        #expect(numbers.stderr.contains("line 2: '4': '4' is not one of the allowed values: '3', '3,5' [not_in_enum]"))
        #expect(
            numbers.stderr.contains(
                "line 4: '3.500': '3.500' (3500) is not one of the allowed values: '3', '3,5' [not_in_enum]"))

        let words = try CLI.run(
            ["as", "boolean", "--rule", "trueValues=[yes, y]", "--rule", "falseValues=no,n"], input: "y\nno\ntrue\n")
        #expect(words.stdout == "true\nfalse\n")
        #expect(words.stderr.contains("line 3: 'true': not a boolean"), "\(words.stderr)")
        let onlyTrue = try CLI.run(
            ["as", "boolean", "--rule", "trueValues=[yes, y]", "--rule", "falseValues=no", "--rule", "enum=yes"],
            input: "y\nno\n")
        #expect(onlyTrue.stdout == "true\n")
        #expect(
            onlyTrue.stderr.contains(
                "line 2: 'no': 'no' (false) is not one of the allowed values: 'yes' [not_in_enum]"),
            "\(onlyTrue.stderr)")

        let lengths = try CLI.run(
            ["as", "string", "--rule", "maxLength=4", "--rule", "trim=true"], input: " ab \nabcdef\n")
        #expect(lengths.stdout == "ab\n")
        #expect(lengths.stderr.contains("line 2: 'abcdef': too long: 6 characters, at most 4 allowed"))
        // An option given beside a rule decides.
        let both = try CLI.run(["as", "string", "--rule", "maxLength=4", "--max-length", "6"], input: "abcdef\n")
        #expect(both.status == 0 && both.stdout == "abcdef\n", "\(both.stderr)")
    }

    /// A rule a line cannot honour, or a key that is not one, is a usage error that says what
    /// to write instead; it is never silently ignored.
    @Test(arguments: [
        ("minLenght=3", "unknown key (did you mean 'minLength'?)"),
        ("required=true", "required is a constraint of a table's column, which fieldcheck csv checks"),
        ("exclusiveMinimum=3", "fieldcheck cannot honour this key: exclusive bounds are not checked"),
        ("pattern", "expected KEY=VALUE"), ("enum=[a, [b]]", "a list of single values"),
        ("maxLength=x", "expected a whole number"), ("type=number", "TYPE names the type"),
    ])
    func aRuleThatCannotBeHonouredIsRefused(rule: String, message: String) throws {
        let run = try CLI.run(["as", "string", "--rule", rule], input: "a\n")
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }

    /// A boolean's and a duration's example keep to the length rule (`true or false` under
    /// --max-length 1, `P1Y2M10DT2H30M` under 3), and the value shown is accepted.
    @Test(arguments: [
        ("boolean", "1", "1 or 0", ["1", "0"]), ("duration", "3", "P1D", ["P1D"]),
        ("duration", "7", "PT2H30M", ["PT2H30M"]),
    ])
    func theExampleKeepsToTheLength(type: String, most: String, shown: String, values: [String]) throws {
        let run = try CLI.run(["as", type, "--max-length", most, "--value", "P1Y2M10DT2H30M0S"])
        #expect(run.status == 1)
        #expect(
            run.stderr.contains("expected \(type == "boolean" ? "a boolean like " : "")\(shown) [too_long]"),
            "\(run.stderr)")
        let accepted = try CLI.run(["as", type, "--max-length", most] + values.flatMap { ["--value", $0] })
        #expect(accepted.status == 0, "\(accepted.stderr)")
    }
}
