import FieldCheck
import FuzzSupport

/// Text fields: character sets, presets, patterns (catastrophic ones included: the time
/// limit must hold), lengths in every unit, normalization, stripping and case mapping.
let cache = FieldCache()

let allows = [nil, "aeiouAEIOU", "[a-z]", "[[:L:]-[aeiou]]", "\\p{Script=Cyrillic}", "[0-9]"]
let patterns = [nil, "[A-Z]{2}[0-9]{2}", "(a+)+$", "\\d{1,3}(,\\d{3})*", "[^@\\s]+@[^@\\s]+\\.[^@\\s]+", "(x|xy)*z"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzText(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let locale = Int(input.byte()) % fuzzLocales.count
    let rules = Int(input.byte())
    let more = Int(input.byte())
    let key = locale | rules << 8 | more << 16
    let field = cache.field(key) {
        var spec = FieldSpec(kind: .text, locale: try LocaleID(fuzzLocales[locale]))
        if let allow = allows[rules % allows.count] { spec.allow = CharacterRule(allow) }
        spec.pattern = patterns[(rules / allows.count) % patterns.count]
        if rules & 128 != 0 { spec.preset = CharacterPreset.allCases[more % CharacterPreset.allCases.count] }
        spec.strip = more & 1 != 0
        spec.trim = more & 2 != 0
        if more & 4 != 0 { spec.normalization = more & 8 != 0 ? .nfkc : .nfc }
        if more & 16 != 0 { spec.caseMapping = CaseMapping.allCases[more % CaseMapping.allCases.count] }
        if more & 32 != 0 { spec.maxLength = 6 }
        if more & 64 != 0 { spec.minLength = 2 }
        spec.lengthUnit = LengthUnit.allCases[(more >> 6) % LengthUnit.allCases.count]
        return try FieldValidator(spec)
    }
    if let field { checkField(field, input.bytes) }
    return 0
}

@_cdecl("FuzzText_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzText)
}
