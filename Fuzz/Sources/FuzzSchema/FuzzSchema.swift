import FieldCheck
import FuzzSupport
import YAMLTree

/// The schema loader: any text as a YAML or JSON Table Schema, composed within its bounds,
/// read into columns and compiled into fields. It may refuse (a configuration error) but not
/// crash, hang or grow without bound.
let locale = try! LocaleID("en_US")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSchema(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let text = String(decoding: input.bytes, as: UTF8.self)
    guard let tree = try? YAMLTree.parse(text) else { return 0 }
    guard let table = try? TableSchema(tree: tree, source: "fuzz.yaml", defaultLocale: locale) else { return 0 }
    if let compiled = try? CompiledSchema(table) {
        let names = table.columns.map(\.name)
        _ = try? TableValidator(schema: compiled, header: names, width: names.count, file: "fuzz.csv")
    }
    return 0
}

@_cdecl("FuzzSchema_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzSchema)
}
