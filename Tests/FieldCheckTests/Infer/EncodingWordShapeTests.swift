import Testing

@testable import FieldCheck

/// A file that is not UTF-8 in a single-byte charset of another script: windows-1252 decodes
/// any bytes, so whether its reading makes words decides against the detector's low-confidence
/// guess (a Russian bank export in windows-1251 was read as windows-1252: `Äàòà` for `Дата`).
@Suite struct EncodingWordShapeTests {
    /// Cyrillic in windows-1251: А–я are 0xC0–0xFF, ё is 0xB8, Ё 0xA8; ASCII as it is.
    static func windows1251(_ text: String) -> [UInt8] {
        text.unicodeScalars.map { scalar in
            switch scalar.value {
            case 0x410...0x44F: UInt8(scalar.value - 0x410 + 0xC0)
            case 0x451: 0xB8
            case 0x401: 0xA8
            default: UInt8(scalar.value)
            }
        }
    }

    @Test(arguments: [
        "Дата;Описание;Сумма\n08.01.2025;Оплата в магазине Пятёрочка;-1 234,50\n09.01.2025;Перевод от Ивана;500,00\n",
        "Дата операции;Категория;Сумма\n05.02.2025;Супермаркеты;-2 150,00\n06.02.2025;Переводы;10 000,00\n"
            + "07.02.2025;Кафе и рестораны;-845,30\n",
    ])
    func cyrillicInWindows1251IsReadAsIt(text: String) {
        let encoding = TextEncoding.detect(Self.windows1251(text), complete: true)
        #expect(encoding.name == "windows-1251", "\(encoding.evidence)")
        #expect(encoding.evidence.contains("its reading makes words ('Дата"), "\(encoding.evidence)")
        #expect(encoding.evidence.contains("windows-1252's"), "\(encoding.evidence)")
    }

    /// Western European text stays windows-1252 whatever the detector guesses.
    @Test func latinTextStaysWindows1252() {
        let text = "Name;Ort;Betrag\nMüller;Köln;1.234,50\nCafé Français;Genève;12,00\nStraße;Zürich;3,00\n"
        let bytes = text.unicodeScalars.map { UInt8($0.value) }
        #expect(TextEncoding.detect(bytes, complete: true).name == "windows-1252")
    }

    @Test(arguments: [
        ("Äàòà îïåðàöèè", 2), ("rйsumй Cafй", 2), ("Zak³ad Ma³y", 2), ("Café résumé Straße été Дата Ελλάδα", 0),
    ])
    func wordsThatAreNoWords(text: String, odd: Int) throws {
        let shapes = try #require(WordShapes(Array(text.utf8)))
        #expect(shapes.odd == odd)
    }

    /// Text without a word of a non-ASCII character tells nothing (a lone `€` is no word).
    @Test func asciiTellsNothing() {
        #expect(WordShapes(Array("Date;Amount 1,234.50 €".utf8)) == nil)
    }
}
