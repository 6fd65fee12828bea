import Testing

@testable import FieldCheck

/// Amounts in the currency of a locale whose plain numbers read as another's (pl_PL's
/// `21 613,01` reads as fr_FR's): the currency form is the locale's own, so `infer` tries it,
/// and a bank export in złoty, kroner or reais is a number column with the locale that reads it.
@Suite struct InferCurrencyTests {
    @Test(arguments: [
        (["21 613,01 zł", "-77 026,96 zł", "74 856,25 zł"], "pl_PL currency", "PLN"),
        (["88.907,24 kr.", "-36.628,61 kr.", "1.004,00 kr."], "da_DK currency", "DKK"),
        (["36 904,48 kr", "-38 575,24 kr", "904,00 kr"], "sv_SE currency", "SEK"),
        (["98 564,81 ₽", "-64 874,05 ₽", "12,00 ₽"], "ru_RU currency", "RUB"),
        (["R$ 88.391,29", "-R$ 70.356,11", "R$ 0,99"], "pt_BR currency", "BRL"),
        (["€ 12,50", "€ -12,50", "€ 1.234,56"], "nl_NL currency", "EUR"),
        (["£1,234.50", "-£12.00", "£0.99"], "en_GB currency", "GBP"),
        (["1 234,50 Kč", "-99,00 Kč", "10 000,00 Kč"], "cs_CZ currency", "CZK"),
    ])
    func aCurrencyOfItsOwnIsANumberColumn(values: [String], name: String, code: String) {
        let inferrer = ColumnInferrer()
        let column = inferrer.column(named: "amount")
        for (row, value) in values.enumerated() { column.add(value, row: row + 1) }
        let answer = inferrer.finish(column)
        #expect(answer.type == .number)
        #expect(answer.candidates.first?.name == name)
        #expect(answer.facets.first { $0.key == "form" }?.values == ["currency (\(code))"])
    }
}
