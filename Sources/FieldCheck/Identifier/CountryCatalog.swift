internal import CICU
import Synchronization

/// Countries and territories as ICU's region data has them (CLDR, after ISO 3166-1): every
/// region of type territory, its alpha-2, alpha-3 and numeric codes, and its names in a
/// locale (the standard name and CLDR's short form: `Vereinigtes Königreich` and `UK`).
/// Codes ICU knows that are no territory's are refused with their own reason: withdrawn or
/// unofficial codes (`SU`, `UK`) with what replaced them, groups (`EU`, `150`) as groups.
struct CountryCatalog: IdentifierCatalog {
    var noun: String { "country" }
    var pluralNoun: String { "countries" }
    var forms: [IdentifierForm] { [.code, .alpha3, .numeric, .name] }
    var formNames: [IdentifierForm: String] {
        [.code: "ISO 3166-1 alpha-2 code", .alpha3: "ISO 3166-1 alpha-3 code", .numeric: "ISO 3166-1 numeric code"]
    }
    var exampleCode: String { "DE" }
    var codes: [String] { Self.territories.map(\.alpha2) }

    /// One territory's codes.
    struct Territory: Sendable {
        var alpha2: String
        var alpha3: String
        var numeric: String
    }

    /// Every territory ICU knows, by alpha-2 code order.
    static let territories: [Territory] = {
        var status = U_ZERO_ERROR
        guard let list = cicu_uregion_getAvailable(URGN_TERRITORY, &status), !ICU.failed(status) else { return [] }
        defer { cicu_uenum_close(list) }
        var found: [Territory] = []
        while let next = cicu_uenum_next(list, nil, &status) {
            let code = String(cString: next)
            guard code != "ZZ", let region = cicu_uregion_getRegionFromCode(code, &status) else { continue }
            // ICU writes XEA and XIC for Ceuta and Melilla and the Canary Islands, which have
            // no ISO alpha-3 code and which it does not read back: none.
            var alpha3 = String(cString: cicu_uloc_getISO3Country("_\(code)"))
            if let back = cicu_uregion_getRegionFromCode(alpha3, &status),
                String(cString: cicu_uregion_getRegionCode(back)) != code
            {
                alpha3 = ""
            }
            if ICU.failed(status) {
                alpha3 = ""
                status = U_ZERO_ERROR
            }
            let number = cicu_uregion_getNumericCode(region)
            found.append(
                Territory(
                    alpha2: code, alpha3: alpha3,
                    numeric: number > 0
                        ? String(repeating: "0", count: max(0, 3 - String(number).count)) + String(number) : ""))
        }
        return found.sorted { $0.alpha2 < $1.alpha2 }
    }()

    private static let byAlpha2: [String: Territory] = Dictionary(
        territories.map { ($0.alpha2, $0) }, uniquingKeysWith: { first, _ in first })

    func mayBeCode(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        Self.only(bytes, lengths: 2...3, digits: false) || Self.only(bytes, lengths: 1...3, letters: false)
    }

    func readCode(_ text: String, historic: Bool) -> CodeReading? {
        let scalars = text.unicodeScalars
        guard (1...3).contains(scalars.count), scalars.allSatisfy(\.isASCII) else { return nil }
        if scalars.allSatisfy({ ("0"..."9").contains($0) }) { return readNumeric(text) }
        guard scalars.count >= 2, scalars.allSatisfy({ ("A"..."Z").contains($0) || ("a"..."z").contains($0) })
        else { return nil }
        let upper = text.uppercased()
        guard let reading = readLetters(upper) else { return nil }
        guard upper != text, case .valid(let code, let form) = reading else { return reading }
        return .replaced(
            code: code, form: form, warning: .codeNormalized,
            reason: "read '\(text)' as the \(formNames[form] ?? "code") \(upper)" + (upper == code ? "" : " (\(code))"))
    }

    private func readLetters(_ code: String) -> CodeReading? {
        var status = U_ZERO_ERROR
        guard let region = cicu_uregion_getRegionFromCode(code, &status), !ICU.failed(status) else {
            return .refused(code: .unknownCode, reason: "no country has the code '\(code)'")
        }
        let resolved = String(cString: cicu_uregion_getRegionCode(region))
        let form: IdentifierForm = code.count == 3 ? .alpha3 : .code
        return judge(
            region, resolved: resolved, written: code,
            isAlias: code.count == 2 ? resolved != code : Self.byAlpha2[resolved]?.alpha3 != code, form: form)
    }

    private func readNumeric(_ text: String) -> CodeReading? {
        guard let number = Int32(text) else { return nil }
        var status = U_ZERO_ERROR
        guard let region = cicu_uregion_getRegionFromNumericCode(number, &status), !ICU.failed(status) else {
            return .refused(code: .unknownCode, reason: "no country has the numeric code '\(text)'")
        }
        let resolved = String(cString: cicu_uregion_getRegionCode(region))
        let reading = judge(region, resolved: resolved, written: text, isAlias: false, form: .numeric)
        guard text.count < 3, case .valid(let code, _) = reading, let numeric = Self.byAlpha2[code]?.numeric else {
            return reading
        }
        return .replaced(
            code: code, form: .numeric, warning: .codeNormalized,
            reason: "read '\(text)' as the ISO 3166-1 numeric code \(numeric) (\(code))")
    }

    /// What the region `written` resolved to is: a territory, a withdrawn code, a group.
    private func judge(
        _ region: OpaquePointer, resolved: String, written: String, isAlias: Bool, form: IdentifierForm
    ) -> CodeReading {
        let type = cicu_uregion_getType(region)
        let name = Self.names(in: "en")[resolved]
        switch type {
        case URGN_TERRITORY where isAlias:
            return .refused(
                code: .deprecatedCode,
                reason: "'\(written)' is not an ISO 3166-1 code (\(name ?? resolved) is "
                    + (form == .alpha3 ? (Self.byAlpha2[resolved]?.alpha3 ?? resolved) : resolved) + "); write "
                    + (form == .alpha3 ? (Self.byAlpha2[resolved]?.alpha3 ?? resolved) : resolved))
        case URGN_TERRITORY:
            return .valid(code: resolved, form: form)
        case URGN_DEPRECATED:
            var status = U_ZERO_ERROR
            var replacements: [String] = []
            if let list = cicu_uregion_getPreferredValues(region, &status) {
                while let next = cicu_uenum_next(list, nil, &status) { replacements.append(String(cString: next)) }
                cicu_uenum_close(list)
            }
            let instead =
                replacements.isEmpty
                ? ""
                : replacements.count == 1
                    ? "; write \(replacements[0])"
                    : "; its territories are now "
                        + replacements.joined(separator: ", ")
            return .refused(code: .deprecatedCode, reason: "'\(written)' is a withdrawn ISO 3166-1 code\(instead)")
        case URGN_WORLD, URGN_CONTINENT, URGN_SUBCONTINENT, URGN_GROUPING:
            let group = Self.groupName(resolved).map { " (\($0))" } ?? ""
            return .refused(
                code: .groupingCode, reason: "'\(written)' is the code of a group of countries\(group), not of one")
        default:
            return .refused(code: .unknownCode, reason: "no country has the code '\(written)'")
        }
    }

    /// A group's English name (`European Union`), for messages.
    private static func groupName(_ code: String) -> String? {
        ICU.utf16String { cicu_uloc_getDisplayCountry("und_\(code)", "en", $0, $1, &$2) }
            .flatMap { $0 == code ? nil : $0 }
    }

    func names(in locale: String, historic: Bool) -> [NamedIdentifier] {
        var entries: [NamedIdentifier] = []
        for table in [Self.names(in: locale), Self.shortNames(in: locale)] {
            for (code, name) in table { entries.append(NamedIdentifier(code: code, name: name, form: .name)) }
        }
        return entries
    }

    func write(_ code: String, as form: IdentifierForm, locale: String) -> String? {
        switch form {
        case .code: code
        case .alpha3: Self.byAlpha2[code].flatMap { $0.alpha3.isEmpty ? nil : $0.alpha3 }
        case .numeric: Self.byAlpha2[code].flatMap { $0.numeric.isEmpty ? nil : $0.numeric }
        case .name: Self.names(in: locale)[code]
        case .symbol: nil
        }
    }

    private static let nameTables = Mutex<[String: [String: String]]>([:])

    /// Every territory's standard name in `locale`, made once per locale.
    static func names(in locale: String) -> [String: String] { table(locale, length: UDISPCTX_LENGTH_FULL) }
    /// CLDR's short names (`UK`, `US`, `Hongkong`), where they differ.
    static func shortNames(in locale: String) -> [String: String] { table(locale, length: UDISPCTX_LENGTH_SHORT) }

    private static func table(_ locale: String, length: UDisplayContext) -> [String: String] {
        let key = "\(locale)|\(length.rawValue)"
        if let table = nameTables.withLock({ $0[key] }) { return table }
        var status = U_ZERO_ERROR
        var table: [String: String] = [:]
        if let names = cicu_uldn_open(locale, length, UDISPCTX_STANDARD_NAMES, &status), !ICU.failed(status) {
            defer { cicu_uldn_close(names) }
            for territory in territories {
                if let name = ICU.utf16String({ cicu_uldn_regionDisplayName(names, territory.alpha2, $0, $1, &$2) }),
                    name != territory.alpha2 || length == UDISPCTX_LENGTH_SHORT
                {
                    table[territory.alpha2] = name
                }
            }
        }
        nameTables.withLock { $0[key] = table }
        return table
    }
}
