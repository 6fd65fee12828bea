// Validates the fields of a German order form: a price in the de_DE convention, a delivery
// date in the locale's short style, and a customer code of two capitals and four digits.
// Prints each field's canonical value, or the code, offset and reason of its first problem;
// exits 1 when a field is rejected, so that CI notices if the library's answers change.
import FieldCheck

#if canImport(Glibc)
    import Glibc
#endif

do {
    let german = try LocaleID("de_DE")
    var price = NumberSpec()
    price.allowNegative = false
    price.maxFractionDigits = 2
    let fields: [(name: String, validator: FieldValidator)] = [
        ("price", try FieldValidator(FieldSpec(kind: .number(price), locale: german))),
        ("delivery", try FieldValidator(FieldSpec(kind: .date(DateSpec()), locale: german))),
        (
            "customer",
            try {
                var spec = FieldSpec(kind: .text, locale: german)
                spec.pattern = "[A-Z]{2}[0-9]{4}"
                return try FieldValidator(spec)
            }()
        ),
    ]
    let forms: [[String]] = [
        ["1.234,50", "13.04.26", "AB1234"],
        ["1,234.50", "31.02.26", "ab12"],
    ]
    var rejected = 0
    for (number, form) in forms.enumerated() {
        print("form \(number + 1):")
        for (field, value) in zip(fields, form) {
            // One call per value: the canonical form goes to `output` when the value is
            // accepted; a rejection comes back with its diagnostics.
            let output = FieldOutput()
            let verdict = field.validator.check(value, detail: .messages, output: output)
            if verdict.isAccepted {
                print("  \(field.name): '\(value)' -> \(output.string)")
            } else if let error = verdict.result?.errors.first {
                rejected += 1
                print(
                    "  \(field.name): '\(value)' rejected [\(error.code.rawValue)] at offset \(error.offset ?? -1): \(error.message)"
                )
            }
        }
    }
    // The second form has one bad value per field: three rejections, no more, no fewer.
    exit(rejected == 3 ? 0 : 1)
} catch {
    print("configuration error: \(error)")
    exit(2)
}
