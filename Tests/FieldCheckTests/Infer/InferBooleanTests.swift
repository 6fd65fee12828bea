import Testing

@testable import FieldCheck

/// A yes/no column whose words are in several pairs (`no` is in yes/no and in si/no): the pair
/// that holds every word is the column's. An Italian `SI`/`NO` column was two pairs, so no
/// boolean, and read as country codes (IT's `SI`, Norway's `NO`) with exit status 0.
@Suite struct InferBooleanTests {
    @Test(arguments: [
        (["SI", "NO", "SI", "NO", "NO"], ["SI"], ["NO"]),
        (["si", "no", "si"], ["si"], ["no"]),
        (["yes", "no", "no"], ["yes"], ["no"]),
        // Trial 57, defect 6: the pairs of other languages' exports were text.
        (["ja", "nee", "ja"], ["ja"], ["nee"]),
        (["Ja", "Nej", "Nej"], ["Ja"], ["Nej"]),
        (["sì", "no", "sì"], ["sì"], ["no"]),
        (["Sim", "Não", "Sim"], ["Sim"], ["Não"]),
        (["да", "нет", "нет"], ["да"], ["нет"]),
        (["Evet", "Hayır", "Evet"], ["Evet"], ["Hayır"]),
        (["EVET", "HAYIR"], ["EVET"], ["HAYIR"]),
        (["ano", "ne", "ano"], ["ano"], ["ne"]),
        (["TAK", "NIE", "TAK"], ["TAK"], ["NIE"]),
        (["kyllä", "ei", "ei"], ["kyllä"], ["ei"]),
    ])
    func thePairThatHoldsEveryWordIsTheColumns(values: [String], trues: [String], falses: [String]) {
        let inferrer = ColumnInferrer()
        let column = inferrer.column(named: "paid")
        for (row, value) in values.enumerated() { column.add(value, row: row + 1) }
        let answer = inferrer.finish(column)
        #expect(answer.type == .boolean)
        #expect(answer.trueValues == trues)
        #expect(answer.falseValues == falses)
    }

    /// Words of different pairs (si, yes, no) are no one column's yes/no.
    @Test func wordsOfNoOnePairAreNoBoolean() {
        let inferrer = ColumnInferrer()
        let column = inferrer.column(named: "paid")
        for (row, value) in ["si", "yes", "no"].enumerated() { column.add(value, row: row + 1) }
        #expect(inferrer.finish(column).type != .boolean)
    }
}
