import Testing

@testable import FieldCheck

/// Issue 30: `infer` reads its candidates from the type registry. Each type registers its
/// own conventions next to its reader (numbers in each locale's way, dates in each pattern,
/// an identifier kind's codes and names), and a library user's type with conventions of its
/// own is tried like the built-in ones.
@Suite struct InferRegistryTests {
    /// A colour type with one convention, registered once for the suite.
    static let colour: FieldType? = {
        var type = FieldType.custom(name: "colour-inferred", help: "a colour #RRGGBB", reader: HexColour())
        type.candidates = {
            [
                InferenceCandidate(
                    name: "colour #RRGGBB", type: InferredType(rawValue: "colour-inferred"),
                    spec: FieldSpec(
                        kind: .custom(CustomType(name: "colour-inferred", reader: HexColour())), locale: .posix),
                    facets: [("written as", "#RRGGBB")], schemaKeys: [])
            ]
        }
        try? FieldType.register(type)
        return FieldType.named("colour-inferred")
    }()

    @Test func theCandidatesAreTheRegisteredTypesOwn() throws {
        let all = InferenceCandidate.registered
        for type in [FieldType.number, .date] + FieldType.identifiers {
            let own = try #require(type.candidates?(), "\(type.names[0]) registers no candidates")
            #expect(!own.isEmpty)
            #expect(own.allSatisfy { candidate in all.contains { $0.name == candidate.name } })
        }
        // Names say which convention ruled a column out: no two candidates share one.
        #expect(Set(all.map(\.name)).count == all.count)
        // The ISO types are tried by their names alone.
        for name in ["datetime", "time", "yearmonth", "duration"] {
            #expect(all.contains { $0.name == name && $0.type.rawValue == name })
        }
    }

    @Test func identifierNamesRankAfterEveryKindsCodes() throws {
        // Registered kind by kind, a country's names before a currency's codes…
        let registered = InferenceCandidate.registered.filter { $0.family == .identifier }
        let firstName = try #require(registered.firstIndex { $0.tier == 1 })
        let lastCode = try #require(registered.lastIndex { $0.tier == 0 })
        #expect(firstName < lastCode)
        // …and ranked by the inferrer every kind's codes first, then the names.
        let ranked = ColumnInferrer().identifiers.map(\.0)
        #expect(ranked.count == registered.count)
        let firstRankedName = try #require(ranked.firstIndex { $0.tier == 1 })
        #expect(ranked[..<firstRankedName].allSatisfy { $0.tier == 0 })
        #expect(ranked[firstRankedName...].allSatisfy { $0.tier == 1 })
        let inferrer = ColumnInferrer()
        let column = inferrer.column(named: "c")
        for code in ["DE", "FR", "JP", "BR"] { column.add(code, row: 1) }
        let answer = inferrer.finish(column)
        #expect(answer.type == .identifier(.country))
        #expect(answer.candidates.first?.name == "country ISO 3166-1 alpha-2 code")
    }

    @Test func aLibraryUsersTypeIsTriedWithItsOwnConventions() throws {
        _ = try #require(Self.colour)
        let inferrer = ColumnInferrer()
        let column = inferrer.column(named: "colour")
        for (row, value) in ["#1e90ff", "#FFFFFF", "#000000", "#ab12cd"].enumerated() {
            column.add(value, row: row + 1)
        }
        let answer = inferrer.finish(column)
        #expect(answer.type.rawValue == "colour-inferred")
        #expect(answer.candidates.map(\.name) == ["colour #RRGGBB"])
        #expect(answer.facets.first?.values == ["#RRGGBB"])
        // A column it does not read stays what it was.
        let other = inferrer.column(named: "n")
        for value in ["12", "13", "#zz"] { other.add(value, row: 1) }
        #expect(inferrer.finish(other).type != InferredType(rawValue: "colour-inferred"))
    }
}
