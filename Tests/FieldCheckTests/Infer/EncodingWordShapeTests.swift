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
        ("Äàòà îïåðàöèè", true, 2), ("rйsumй Cafй", false, 2), ("Zak³ad Ma³y", false, 2),
        ("Café résumé Straße été Дата Ελλάδα", true, 0),
        // Against another Latin reading, a word of accented letters is a word: Polish writes them.
        ("Żółć Łódź", false, 0), ("Äàòà", false, 0),
        // A capital that is not ASCII after a small letter; ASCII capitals may (`McDonald`).
        ("ŁódĽ McDonald Ülker", false, 1),
    ])
    func wordsThatAreNoWords(text: String, againstAnotherScript: Bool, odd: Int) throws {
        let shapes = try #require(WordShapes(Array(text.utf8), accentedRunsAreOdd: againstAnotherScript))
        #expect(shapes.odd == odd)
    }

    /// Polish in windows-1250, which the detector guesses at low confidence: its reading makes
    /// words (`Żółć`), windows-1252's puts symbols inside them (`¯ó³æ`).
    @Test func polishInWindows1250IsReadAsIt() throws {
        let text =
            "Data;Opis;Kwota\n13.01.2025;Żabka Łódź;-21,50 zł\n14.01.2025;Biedronka Kraków;-113,99 zł\n"
            + "15.01.2025;Przelew Żółć;1 200,00 zł\n"
        let table: [Character: UInt8] = ["Ż": 0xAF, "ż": 0xBF, "Ł": 0xA3, "ł": 0xB3, "ó": 0xF3, "ź": 0x9F, "ć": 0xE6]
        let bytes = text.map { table[$0] ?? UInt8($0.asciiValue!) }
        let encoding = TextEncoding.detect(bytes, complete: true)
        #expect(encoding.name == "windows-1250", "\(encoding.evidence)")
    }

    /// Polish in ISO-8859-2 that the detector takes for ISO-8859-1 (confidence 26, on a bank
    /// export of the trial): windows-1252 reads no symbol inside a word, but `¯abka £ód¼` beside
    /// letters; windows-1250 reads `ŁódĽ`, a capital after a small letter.
    @Test func polishInISO88592IsReadAsIt() throws {
        var text = "Data;Kontrahent;Kwota;Saldo\n"
        for row in 0..<10 {
            text += "1\(row).05.2025;Żabka Łódź \(row);-\(row)1 613,01 zł;2\(row) 613,01 zł\n"
        }
        let table: [Character: UInt8] = ["Ż": 0xAF, "Ł": 0xA3, "ł": 0xB3, "ó": 0xF3, "ź": 0xBC]
        let bytes = text.map { table[$0] ?? UInt8($0.asciiValue!) }
        let encoding = TextEncoding.detect(bytes, complete: true)
        #expect(encoding.name == "ISO-8859-2", "\(encoding.evidence)")
        #expect(encoding.evidence.contains("symbols beside letters ('¯abka')"), "\(encoding.evidence)")
    }

    /// Symbols a Western text writes beside letters (`®`, `m³`, `¿Qué`, `µg`, `Nº`) are no
    /// evidence of a Central European charset, where they would read as letters.
    @Test func westernSymbolsBesideLettersStayWindows1252() {
        let text =
            "Producto;Cantidad;Nota\nAcme®;5 m³;¿Qué?\nBrand®;10 m³;¡Sí!\nVitamina;20 µg;Nº 5\n"
            + "Acme®;3 m³;¿Dónde?\n"
        let bytes = text.unicodeScalars.map { UInt8($0.value) }
        #expect(TextEncoding.detect(bytes, complete: true).name == "windows-1252")
    }

    /// Text without a word of a non-ASCII character tells nothing (a lone `€` is no word).
    @Test func asciiTellsNothing() {
        #expect(WordShapes(Array("Date;Amount 1,234.50 €".utf8)) == nil)
    }
}
