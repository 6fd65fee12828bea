import Foundation
import Testing

/// frictionless-py's own string cases for `number` and `integer` fields (its
/// tests/fields/test_number.py and test_integer.py), run through `fieldcheck csv` with the
/// same field options: each value is accepted with the same value (compared as a number) or
/// rejected, as Frictionless does. Differences are deliberate and listed in `differences`,
/// each with its reason (and in the README).
@Suite struct FrictionlessNumberTests {
    struct Case: CustomStringConvertible, Sendable {
        var type = "number"
        var value: String
        /// The value Frictionless reads, or nil for a rejection.
        var expected: String?
        var options: [String: String] = [:]
        var description: String {
            "\(type) \(value.debugDescription) "
                + (options.isEmpty
                    ? "[:]"
                    : "["
                        + options.sorted { $0.key < $1.key }.map {
                            "\($0.key.debugDescription): \($0.value.debugDescription)"
                        }.joined(separator: ", ") + "]")
        }
    }

    static let cases: [Case] = [
        Case(value: "1", expected: "1"),
        Case(value: "10.00", expected: "10"),
        Case(value: "10.50", expected: "10.5"),
        Case(value: "100%", expected: "100", options: ["bareNumber": "false"]),
        Case(value: "1000‰", expected: "1000", options: ["bareNumber": "false"]),
        Case(value: "-1000", expected: "-1000"),
        Case(value: "1,000", expected: "1000", options: ["groupChar": ","]),
        Case(value: "10,000.00", expected: "10000", options: ["groupChar": ","]),
        Case(value: "10,000,000.50", expected: "10000000.5", options: ["groupChar": ","]),
        Case(value: "10#000.00", expected: "10000", options: ["groupChar": "#"]),
        Case(value: "10#000#000.50", expected: "10000000.5", options: ["groupChar": "#"]),
        Case(value: "10.50", expected: "10.5", options: ["groupChar": "#"]),
        Case(value: "1#000", expected: "1000", options: ["groupChar": "#"]),
        Case(value: "10#000@00", expected: "10000", options: ["groupChar": "#", "decimalChar": "@"]),
        Case(value: "10#000#000@50", expected: "10000000.5", options: ["groupChar": "#", "decimalChar": "@"]),
        Case(value: "10@50", expected: "10.5", options: ["groupChar": "#", "decimalChar": "@"]),
        Case(value: "1#000", expected: "1000", options: ["groupChar": "#", "decimalChar": "@"]),
        Case(value: "10,000.00", expected: "10000", options: ["groupChar": ",", "bareNumber": "false"]),
        Case(value: "10,000,000.00", expected: "10000000", options: ["groupChar": ",", "bareNumber": "false"]),
        Case(value: "$10,000.00", expected: "10000", options: ["groupChar": ",", "bareNumber": "false"]),
        Case(value: "10 000,00", expected: "10000", options: ["groupChar": " ", "decimalChar": ","]),
        Case(value: "10 000 000,00", expected: "10000000", options: ["groupChar": " ", "decimalChar": ","]),
        Case(
            value: "10000,00 ₪", expected: "10000",
            options: ["groupChar": " ", "decimalChar": ",", "bareNumber": "false"]),
        // Table Schema's special values (the specification's, in any case).
        Case(value: "NaN", expected: "NaN"),
        Case(value: "INF", expected: "INF"),
        Case(value: "-INF", expected: "-INF"),
        Case(value: "inf", expected: "INF"),
        Case(type: "integer", value: "NaN", expected: nil),
        Case(value: "10,000a.00", expected: nil),
        Case(value: "10+000.00", expected: nil),
        Case(value: "$10:000.00", expected: nil),
        Case(value: "string", expected: nil),
        Case(value: "1.234", expected: nil, options: ["decimalChar": ","]),
        Case(value: "1.234.", expected: nil, options: ["decimalChar": ",", "groupChar": "."]),
        Case(value: "1234.", expected: nil, options: ["decimalChar": ",", "groupChar": "."]),
        Case(value: "1,234.", expected: nil, options: ["decimalChar": ",", "groupChar": "."]),
        Case(value: "1.234,", expected: nil, options: ["decimalChar": ",", "groupChar": "."]),
        Case(value: "1.234,5", expected: "1234.5", options: ["decimalChar": ",", "groupChar": "."]),
        Case(value: "1,234.", expected: nil, options: ["decimalChar": ".", "groupChar": ","]),
        // test_integer.py
        Case(type: "integer", value: "1", expected: "1"),
        Case(type: "integer", value: "1$", expected: "1", options: ["bareNumber": "false"]),
        Case(type: "integer", value: "ab1$", expected: "1", options: ["bareNumber": "false"]),
        Case(type: "integer", value: "3.14", expected: nil),
        Case(type: "integer", value: "", expected: nil),
        Case(type: "integer", value: "string", expected: nil),
    ]

    /// Where fieldcheck deliberately reads otherwise than Frictionless, and why.
    static let differences: [String: String] = [
        #"number "1.234," ["decimalChar": ",", "groupChar": "."]"#: trailingDecimal,
        #"number "1,234." ["decimalChar": ".", "groupChar": ","]"#: trailingDecimal,
        #"integer "" [:]"#:
            "an empty cell is a missing value (missingValues defaults to [\"\"]): Frictionless's field cast "
            + "of '' fails, but its table reading gives null, as fieldcheck does",
    ]
    static let trailingDecimal =
        "a decimal separator with no digit after it (1234.) is a number in ICU's strict reading, which "
        + "fieldcheck agrees with in every locale; Frictionless refuses it"

    @Test func frictionlessNumberCasesAgree() throws {
        var disagreements: [String] = []
        for item in Self.cases {
            let options = item.options.map { key, value in
                value == "false" ? "\(key): false" : "\(key): \(Self.JSONString(value))"
            }
            let field = (["name: v", "type: \(item.type)"] + options).joined(separator: ", ")
            let schema = CLI.temporaryFile("frictionless.yaml")
            try Data("fields:\n  - {\(field)}\n".utf8).write(to: schema)
            defer { try? FileManager.default.removeItem(at: schema) }
            let quoted = "\"" + item.value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            let run = try CLI.run(["csv", "--schema", schema.path, "--normalize", "-q"], input: "v\n\(quoted)\n")
            let rows = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let got: String? = run.status == 0 && rows.count >= 2 ? rows[1] : nil
            let agrees: Bool
            switch (item.expected, got) {
            case (nil, nil): agrees = run.status == 1
            case (let expected?, let got?):
                agrees = expected == got || Decimal(string: expected) == Decimal(string: got)
            default: agrees = false
            }
            if !agrees && Self.differences[item.description] == nil {
                disagreements.append(
                    "\(item): Frictionless \(item.expected ?? "rejects"), fieldcheck \(got ?? "rejects (status \(run.status)) \(run.stderr)")"
                )
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
    }

    static func JSONString(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
