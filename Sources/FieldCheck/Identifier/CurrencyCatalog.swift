internal import CICU
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Currencies as ICU's currency data has them (CLDR, after ISO 4217): every code, whether it
/// is money in use now, a fund, metal or unit of account, reserved, or a former currency, and
/// each currency's symbols and names in a locale. Names read as CLDR writes them: the display
/// name and every plural form (`euro`, `euros`), the symbol (`€`, `$US`) and the narrow
/// symbol (`$`), which several currencies share in most locales and so is read only where no
/// currency's own symbol or name is the same text: `$` is USD in en_US and ambiguous in fr_FR.
struct CurrencyCatalog: IdentifierCatalog {
    var noun: String { "currency" }
    var pluralNoun: String { "currencies" }
    var forms: [IdentifierForm] { [.code, .symbol, .name] }
    var formNames: [IdentifierForm: String] { [.code: "ISO 4217 code", .symbol: "symbol"] }
    var exampleCode: String { "EUR" }
    var codes: [String] { Self.currentCodes }

    /// What an ISO 4217 code stands for now.
    enum Status: Sendable, Hashable {
        /// Money in use now (`EUR`): its code, symbols and names are read.
        case money
        /// A current fund, precious metal or unit of account (`XAU`, `XDR`, `CHE`): read as a
        /// code only, since its names are everyday words (`or` and `argent` in French).
        case unit
        /// A former currency (`DEM`, `FRF`, `HRK`), read when the field is historic.
        case former
        /// A code that names no currency on purpose (`XXX`, `XTS`), and what it is for.
        case reserved(String)

        var isCurrent: Bool { self == .money || self == .unit }
    }

    /// The codes ISO 4217 reserves for something other than a currency.
    private static let reserved = [
        "XXX": "the ISO 4217 code for transactions without a currency",
        "XTS": "the ISO 4217 code reserved for testing",
    ]

    /// Every code ICU knows and what it stands for. Money is a code in ICU's list of common,
    /// non-deprecated currencies that some region still uses (ICU's list alone keeps HRK,
    /// VEF and SLL); a unit is one of its uncommon codes that is legal tender today
    /// (ucurr_isAvailable, reliable for these: each has one date range).
    static let statuses: [String: Status] = {
        let inUse = Set(
            CountryCatalog.territories.flatMap { territory in
                strings { cicu_ucurr_getKeywordValuesForLocale("currency", "und_\(territory.alpha2)", 1, &$0) }
            })
        let common = Set(strings { cicu_ucurr_openISOCurrencies(commonCurrent, &$0) })
        let uncommon = Set(strings { cicu_ucurr_openISOCurrencies(uncommonCurrent, &$0) })
        let now = Double(time(nil)) * 1000
        var statuses: [String: Status] = [:]
        for code in strings({ cicu_ucurr_openISOCurrencies(UInt32(UCURR_ALL.rawValue), &$0) }) {
            var status = U_ZERO_ERROR
            if let meaning = reserved[code] {
                statuses[code] = .reserved(meaning)
            } else if common.contains(code) && inUse.contains(code) {
                statuses[code] = .money
            } else if uncommon.contains(code), cicu_ucurr_isAvailable(code.icuUnits + [0], now, now, &status) != 0 {
                statuses[code] = .unit
            } else {
                statuses[code] = .former
            }
        }
        return statuses
    }()

    /// The codes of money and units in use now, sorted.
    static let currentCodes = statuses.filter { $0.value.isCurrent }.keys.sorted()

    private static let commonCurrent = UInt32(UCURR_COMMON.rawValue | UCURR_NON_DEPRECATED.rawValue)
    private static let uncommonCurrent = UInt32(UCURR_UNCOMMON.rawValue | UCURR_NON_DEPRECATED.rawValue)

    /// The strings of an ICU enumeration, closed after reading; none when ICU fails.
    private static func strings(_ open: (inout UErrorCode) -> OpaquePointer?) -> [String] {
        var status = U_ZERO_ERROR
        guard let list = open(&status), !ICU.failed(status) else { return [] }
        defer { cicu_uenum_close(list) }
        var found: [String] = []
        while let next = cicu_uenum_next(list, nil, &status), !ICU.failed(status) {
            found.append(String(cString: next))
        }
        return found
    }

    func mayBeCode(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { Self.only(bytes, lengths: 3...3, digits: false) }

    func readCode(_ text: String, historic: Bool) -> CodeReading? {
        let scalars = text.unicodeScalars
        guard scalars.count == 3, scalars.allSatisfy({ ("A"..."Z").contains($0) || ("a"..."z").contains($0) })
        else { return nil }
        let code = text.uppercased()
        let reading = judge(code, historic: historic)
        guard code != text, case .valid = reading else { return reading }
        return .replaced(
            code: code, form: .code, warning: .codeNormalized, reason: "read '\(text)' as the ISO 4217 code \(code)")
    }

    private func judge(_ code: String, historic: Bool) -> CodeReading {
        switch Self.statuses[code] {
        case .money?, .unit?:
            return .valid(code: code, form: .code)
        case .former? where historic:
            return .valid(code: code, form: .code)
        case .former?:
            let name = Self.table("en")[code]?.name.map { " (\($0))" } ?? ""
            return .refused(
                code: .formerCurrency,
                reason: "\(code) is a former currency\(name)")
        case .reserved(let meaning)?:
            return .refused(code: .unknownCode, reason: "\(code) is \(meaning), not a currency's")
        case nil:
            let near = codes.filter { zip($0, code).filter { $0 != $1 }.count == 1 }.prefix(3)
            return .refused(
                code: .unknownCode,
                reason: "no currency has the ISO 4217 code '\(code)'"
                    + (near.isEmpty ? "" : " (did you mean \(near.joined(separator: " or "))?)"))
        }
    }

    func names(in locale: String, historic: Bool) -> [NamedIdentifier] {
        let table = Self.table(locale)
        // Tiers in order of precedence: a text is read as the currencies of the first tier
        // that has it, so that a shared narrow symbol or a former currency's name never
        // makes a current currency's own symbol or name ambiguous.
        var tiers: [[NamedIdentifier]] = [[], [], [], []]
        for (code, status) in Self.statuses.sorted(by: { $0.key < $1.key }) {
            let first: Int
            switch status {
            case .money: first = 0
            case .former where historic: first = 2
            default: continue
            }
            guard let names = table[code] else { continue }
            for name in [names.name].compactMap({ $0 }) + names.plurals {
                tiers[first].append(NamedIdentifier(code: code, name: name, form: .name))
            }
            for (symbol, tier) in [(names.symbol, first), (names.narrowSymbol, first + 1)] where symbol != code {
                tiers[tier].append(NamedIdentifier(code: code, name: symbol, form: .symbol))
            }
        }
        var taken: Set<String> = []
        var entries: [NamedIdentifier] = []
        for tier in tiers {
            entries += tier.filter { !taken.contains($0.name) }
            taken.formUnion(tier.map(\.name))
        }
        return entries
    }

    func write(_ code: String, as form: IdentifierForm, locale: String) -> String? {
        switch form {
        case .code: code
        case .symbol: Self.table(locale)[code]?.symbol
        case .name: Self.table(locale)[code]?.name
        case .alpha3, .numeric: nil
        }
    }

    /// One currency's symbols and names in a locale.
    struct Names: Sendable {
        /// The standard symbol (`€`, `$US`); the code itself where the locale has none.
        var symbol: String
        /// The narrow symbol (`$` for USD, CAD and AUD alike); the symbol where there is none.
        var narrowSymbol: String
        /// The display name (`euro`), nil where the locale has none.
        var name: String?
        /// The plural names (`euros`), each once, without the display name.
        var plurals: [String]
    }

    /// CLDR's plural categories; a locale without one gives its `other` name instead.
    private static let pluralCategories = ["zero", "one", "two", "few", "many", "other"]

    private static let tables = Mutex<[String: [String: Names]]>([:])

    /// Every currency's symbols and names in `locale`, made once per locale.
    static func table(_ locale: String) -> [String: Names] {
        if let table = tables.withLock({ $0[locale] }) { return table }
        var table: [String: Names] = [:]
        for code in statuses.keys {
            let units = code.icuUnits + [0]
            func name(_ style: UCurrNameStyle) -> String? {
                ICU.utf16String(capacity: 64) { cicu_ucurr_getName(units, locale, style, $0, $1, &$2) }
                    .flatMap { $0.isEmpty ? nil : $0 }
            }
            let symbol = name(UCURR_SYMBOL_NAME) ?? code
            let display = name(UCURR_LONG_NAME).flatMap { $0 == code ? nil : $0 }
            var plurals: [String] = []
            for category in pluralCategories {
                guard
                    let plural = ICU.utf16String(
                        capacity: 64, { cicu_ucurr_getPluralName(units, locale, category, $0, $1, &$2) }),
                    !plural.isEmpty, plural != code, plural != display, !plurals.contains(plural)
                else { continue }
                plurals.append(plural)
            }
            table[code] = Names(
                symbol: symbol, narrowSymbol: name(UCURR_NARROW_SYMBOL_NAME) ?? symbol, name: display, plurals: plurals)
        }
        tables.withLock { $0[locale] = table }
        return table
    }
}
