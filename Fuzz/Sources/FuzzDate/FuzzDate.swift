import FieldCheck
import FuzzSupport

/// Dates in every locale: the four styles, skeletons, numeric and named patterns, strptime
/// formats, the `any` format of Table Schema, and formatted output.
let cache = FieldCache()

let formats: [DateFormat] = [
    .style(.short), .style(.medium), .style(.long), .style(.full), .skeleton("yMd"), .skeleton("yMMMMEEEEd"),
    .pattern("dd.MM.yyyy"), .pattern("yyyy-MM-dd"), .pattern("d MMMM y"), .pattern("yyyyMMdd"), .pattern("M/d/yy"),
    .pattern("EEEE, d 'de' MMMM 'de' y"), .pattern("G y-MM-dd"), .any,
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDate(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let locale = Int(input.byte()) % fuzzLocales.count
    let format = Int(input.byte()) % formats.count
    let flags = Int(input.byte()) % 8
    let key = locale | format << 8 | flags << 16
    let field = cache.field(key) {
        var date = DateSpec()
        date.format = formats[format]
        if flags & 1 != 0 { date.toLocale = try LocaleID(fuzzLocales[(locale + 5) % fuzzLocales.count]) }
        if flags & 2 != 0 { date.calendar = "gregorian" }
        if flags & 4 != 0 {
            date.minimum = CivilDate(year: 1900, month: 1, day: 1)
            date.maximum = CivilDate(year: 2100, month: 12, day: 31)
        }
        return try FieldValidator(FieldSpec(kind: .date(date), locale: try LocaleID(fuzzLocales[locale])))
    }
    if let field { checkField(field, input.bytes) }
    return 0
}

@_cdecl("FuzzDate_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzDate)
}
