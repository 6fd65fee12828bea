import Testing

@testable import FieldCheck

/// Text ICU writes in UTF-16 becomes the same `String` the standard library's decoding
/// makes, lone surrogates included (U+FFFD), at every length of UTF-8 sequence.
@Suite struct UTF16StringTests {
    @Test(arguments: [
        [UInt16](), Array("Deutschland".utf16), Array("Allemagne (Suisse) ß é".utf16), Array("日本 ١٢٣".utf16),
        Array("a😀b𝔸".utf16), [0x61, 0xD83D], [0xDE00, 0x61], [0xD83D, 0xD83D, 0xDE00], [0xDC00, 0xD800],
        [0x7F, 0x80, 0x7FF, 0x800, 0xFFFF, 0xD7FF, 0xE000],
    ])
    func decodesAsTheStandardLibraryDoes(units: [UInt16]) {
        let decoded = ICU.string(utf16: units)
        #expect(Array(decoded.utf16) == Array(String(decoding: units, as: UTF16.self).utf16))
    }

    /// What an ICU call fills goes through it: a region name beyond ASCII.
    @Test func aRegionNameFromICU() {
        #expect(CountryCatalog().write("CI", as: .name, locale: "fr_FR") == "Côte d’Ivoire")
    }
}
