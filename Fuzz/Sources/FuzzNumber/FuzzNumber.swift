import FieldCheck
import FuzzSupport

/// Numbers in every locale and style: the strict reader, its fast path, the rules, the
/// formatted output (`--to`), and ICU's lenient reader.
let cache = FieldCache()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNumber(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let locale = Int(input.byte()) % fuzzLocales.count
    let style = Int(input.byte()) % NumberStyle.allCases.count
    let flags = Int(input.byte())
    let key = locale | style << 8 | flags << 16
    let field = cache.field(key) {
        var number = NumberSpec()
        number.style = NumberStyle.allCases[style]
        number.integerOnly = flags & 1 != 0
        number.allowNegative = flags & 2 == 0
        number.allowExponent = flags & 4 == 0
        number.lenient = flags & 8 != 0
        number.allowGrouping = flags & 16 == 0
        if flags & 32 != 0 { number.toLocale = try LocaleID(fuzzLocales[(locale + 7) % fuzzLocales.count]) }
        if flags & 64 != 0 { number.fractionDigits = 2 }
        if flags & 128 != 0 { number.maxFractionDigits = 3 }
        var spec = FieldSpec(kind: .number(number), locale: try LocaleID(fuzzLocales[locale]))
        if flags & 1 != 0 { spec.maxLength = 12 }
        return try FieldValidator(spec)
    }
    if let field { checkField(field, input.bytes) }
    return 0
}

@_cdecl("FuzzNumber_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzNumber)
}
