internal import CICU
import Synchronization

/// Time zones as ICU's time-zone data has them: every canonical zone under its IANA id
/// (`Europe/Berlin`, `Etc/UTC`, `Etc/GMT+5`), the aliases ICU knows read as their zone with a
/// warning (`Asia/Calcutta`, `US/Eastern`, `europe/berlin`), and each zone's names in a locale:
/// its generic and specific long names (`Mitteleuropäische Zeit`, `… Normalzeit`,
/// `… Sommerzeit`) and its location name (`Deutschland (Berlin) Zeit`). The long names come
/// from CLDR's metazones, which many zones share: a name that several zones share is
/// ambiguous, and the location name or the id tells them apart.
struct TimeZoneCatalog: IdentifierCatalog {
    var noun: String { "time zone" }
    var pluralNoun: String { "time zones" }
    var forms: [IdentifierForm] { [.code, .name] }
    var formNames: [IdentifierForm: String] { [.code: "IANA time zone id"] }
    var exampleCode: String { "Europe/Berlin" }
    var codes: [String] { Self.zones.map(\.id) }

    /// One canonical zone: its IANA id and the id ICU's data files it under.
    struct Zone: Sendable {
        var id: String
        var icu: String
    }

    /// ICU 72 keeps CLDR's stable ids where IANA has renamed a zone since (ICU 74's
    /// `ucal_getIanaTimeZoneID` answers this, ICU 72 has no such call): the zone is ICU's, the
    /// id written is IANA's. The list is CLDR's (ICU 74's `ianaMap`), checked against tzdata.
    private static let ianaIDs: [String: String] = [
        "Africa/Asmera": "Africa/Asmara",
        "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
        "America/Catamarca": "America/Argentina/Catamarca",
        "America/Coral_Harbour": "America/Atikokan",
        "America/Cordoba": "America/Argentina/Cordoba",
        "America/Godthab": "America/Nuuk",
        "America/Indianapolis": "America/Indiana/Indianapolis",
        "America/Jujuy": "America/Argentina/Jujuy",
        "America/Louisville": "America/Kentucky/Louisville",
        "America/Mendoza": "America/Argentina/Mendoza",
        "Asia/Calcutta": "Asia/Kolkata",
        "Asia/Katmandu": "Asia/Kathmandu",
        "Asia/Rangoon": "Asia/Yangon",
        "Asia/Saigon": "Asia/Ho_Chi_Minh",
        "Atlantic/Faeroe": "Atlantic/Faroe",
        "Europe/Kiev": "Europe/Kyiv",
        "Pacific/Enderbury": "Pacific/Kanton",
        "Pacific/Ponape": "Pacific/Pohnpei",
        "Pacific/Truk": "Pacific/Chuuk",
    ]

    /// Ids ICU reads that the IANA database does not have: Java's three-letter ids (`IST` is
    /// Asia/Kolkata there, `BST` Asia/Dhaka, not British Summer Time) and ids IANA removed.
    /// They are refused, with what ICU would have read.
    private static func isIANA(_ id: String) -> Bool {
        !(id.hasPrefix("SystemV/") || id == "US/Pacific-New" || id == "Canada/East-Saskatchewan"
            || id == "Factory" || javaIDs.contains(id))
    }
    private static let javaIDs: Set<String> = [
        "ACT", "AET", "AGT", "ART", "AST", "BET", "BST", "CAT", "CNT", "CST", "CTT", "EAT", "ECT", "IET", "IST",
        "JST", "MIT", "NET", "NST", "PLT", "PNT", "PRT", "PST", "SST", "VST",
    ]

    /// Every canonical zone, by ICU's order (its ids sorted).
    static let zones: [Zone] = timeZoneIDs(UCAL_ZONE_TYPE_CANONICAL).filter(isIANA).map {
        Zone(id: ianaIDs[$0] ?? $0, icu: $0)
    }

    private static let zoneIDs: Set<String> = Set(zones.map(\.id))

    /// Every id ICU knows, by its lower case: the id as written, and its zone's IANA id (nil
    /// for ids IANA does not have).
    private static let aliases: [String: (written: String, zone: String?)] = {
        var found: [String: (written: String, zone: String?)] = [:]
        for id in timeZoneIDs(UCAL_ZONE_TYPE_ANY) {
            guard let canonical = canonicalID(id) else { continue }
            let zone = ianaIDs[canonical] ?? canonical
            found[id.lowercased()] = (id, isIANA(id) && zoneIDs.contains(zone) ? zone : nil)
        }
        return found
    }()

    /// The zones by their last part in lower case (`tokyo`, `new_york`), to suggest an id
    /// for a city written alone.
    private static let byCity: [String: [String]] = Dictionary(
        grouping: zones.map(\.id), by: { String($0.split(separator: "/").last ?? "").lowercased() })

    private static func timeZoneIDs(_ type: USystemTimeZoneType) -> [String] {
        var status = U_ZERO_ERROR
        guard let list = cicu_ucal_openTimeZoneIDEnumeration(type, &status), !ICU.failed(status) else { return [] }
        defer { cicu_uenum_close(list) }
        var ids: [String] = []
        while let next = cicu_uenum_next(list, nil, &status) { ids.append(String(cString: next)) }
        return ids
    }

    private static func canonicalID(_ id: String) -> String? {
        let units = id.icuUnits
        var isSystemID: UBool = 0
        let canonical = ICU.utf16String(capacity: 64) {
            cicu_ucal_getCanonicalTimeZoneID(units, Int32(units.count), $0, $1, &isSystemID, &$2)
        }
        return isSystemID != 0 ? canonical : nil
    }

    func mayBeCode(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // An IANA id begins with a letter: a date such as 13/04/2026 is none.
        Self.only(bytes, lengths: 1...64, others: Array("/_+-".utf8)) && (bytes[0] | 0x20) &- 0x61 < 26
    }

    func readCode(_ text: String, historic: Bool) -> CodeReading? {
        let scalars = text.unicodeScalars
        guard (1...64).contains(scalars.count), let first = scalars.first,
            ("A"..."Z").contains(first) || ("a"..."z").contains(first),
            scalars.allSatisfy({
                ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0)
                    || "/_+-".unicodeScalars.contains($0)
            })
        else { return nil }
        if Self.zoneIDs.contains(text) { return .valid(code: text, form: .code) }
        if let alias = Self.aliases[text.lowercased()] {
            guard let zone = alias.zone else {
                // IANA removed SystemV/EST5 and Factory; ICU still reads them as themselves.
                let read = Self.canonicalID(alias.written).map { Self.ianaIDs[$0] ?? $0 }
                    .flatMap { $0 == alias.written ? nil : $0 }
                return .refused(
                    code: .unknownCode,
                    reason: "'\(text)' is not an IANA time zone id"
                        + (read.map { " (ICU reads it as \($0)); write the zone's IANA id" } ?? ""))
            }
            let why = alias.written == zone ? "" : ", its canonical IANA id"
            return .replaced(
                code: zone, form: .code, warning: .codeNormalized, reason: "read '\(text)' as \(zone)\(why)")
        }
        if !text.contains("/") {
            // A city alone (`Tokyo`) is no id; a name may still read it.
            guard let zones = Self.byCity[text.lowercased()] else { return nil }
            return .refused(
                code: .unknownCode,
                reason: "'\(text)' is no IANA time zone id (did you mean \(zones.joined(separator: " or "))?)")
        }
        let near = Suggestion.near(text, in: codes, maxDistance: 3).prefix(3)
        return .refused(
            code: .unknownCode,
            reason: "no time zone has the IANA id '\(text)'"
                + (near.isEmpty ? "" : " (did you mean \(near.joined(separator: " or "))?)"))
    }

    func names(in locale: String, historic: Bool) -> [NamedIdentifier] {
        let table = Self.names(in: locale)
        var entries: [NamedIdentifier] = []
        for zone in Self.zones {
            guard let names = table[zone.id] else { continue }
            for name in names.all { entries.append(NamedIdentifier(code: zone.id, name: name, form: .name)) }
        }
        return entries
    }

    /// `--output name` writes the generic long name (`India Standard Time`), the name people
    /// use for a zone, when it names that zone alone in the locale; where other zones share it
    /// (`Mitteleuropäische Zeit`), the location name (`Deutschland (Ortszeit)`), so that what
    /// is written reads back as the zone it was.
    func write(_ code: String, as form: IdentifierForm, locale: String) -> String? {
        switch form {
        case .code: Self.zoneIDs.contains(code) ? code : nil
        case .name:
            Self.names(in: locale)[code].flatMap {
                $0.genericIsShared ? $0.location ?? $0.generic : $0.generic ?? $0.location
            }
        case .alpha3, .numeric, .symbol: nil
        }
    }

    /// A zone among others that share a name is told by its location name.
    func distinguishingName(_ code: String, locale: String) -> String? {
        Self.names(in: locale)[code].flatMap { $0.location ?? $0.generic }
    }

    /// One zone's names in one locale.
    struct ZoneNames: Sendable {
        /// `vvvv`: `Mitteleuropäische Zeit`.
        var generic: String?
        /// `VVVV`: `Deutschland (Berlin) Zeit`, `heure : Allemagne`.
        var location: String?
        /// `zzzz` in January and in July: `Mitteleuropäische Normalzeit`, `… Sommerzeit`.
        var specific: [String] = []
        /// Whether another zone has the same generic name (which then reads as neither).
        var genericIsShared = false

        var all: [String] { [generic, location].compactMap { $0 } + specific }
    }

    private static let tables = Mutex<[String: [String: ZoneNames]]>([:])

    /// Every zone's names in `locale`, by IANA id, made once per locale. One date format per
    /// pattern and one calendar moved from zone to zone (a format opened per zone is slower):
    /// the names and their index take 95 ms in a release build for the first locale of a
    /// process, 80 ms of it ICU finding each zone's country for the location names (`VVVV`)
    /// once, and 50-100 ms for each other locale, with ICU loading its collation and names.
    static func names(in locale: String) -> [String: ZoneNames] {
        if let table = tables.withLock({ $0[locale] }) { return table }
        let table = makeNames(in: locale)
        tables.withLock { $0[locale] = table }
        return table
    }

    private static func makeNames(in locale: String) -> [String: ZoneNames] {
        var status = U_ZERO_ERROR
        func format(_ pattern: String) -> UnsafeMutablePointer<UDateFormat?>? {
            let units = pattern.icuUnits
            return cicu_udat_open(UDAT_PATTERN, UDAT_PATTERN, locale, nil, 0, units, Int32(units.count), &status)
        }
        let generic = format("vvvv")
        let specific = format("zzzz")
        let location = format("VVVV")
        let offset = format("OOOO")
        let calendar = cicu_ucal_open(nil, 0, locale, UCAL_GREGORIAN, &status)
        defer {
            for handle in [generic, specific, location, offset] { if let handle { cicu_udat_close(handle) } }
            if let calendar { cicu_ucal_close(calendar) }
        }
        guard let generic, let specific, let location, let offset, let calendar, !ICU.failed(status) else {
            return [:]
        }
        // 2024-01-15 and 2024-07-15, noon UTC: each hemisphere's winter and summer.
        let january = 1_705_320_000_000.0
        let july = 1_721_044_800_000.0
        func name(_ format: UnsafeMutablePointer<UDateFormat?>, at date: Double) -> String? {
            var status = U_ZERO_ERROR
            cicu_ucal_setMillis(calendar, date, &status)
            return ICU.utf16String(capacity: 96) { cicu_udat_formatCalendar(format, calendar, $0, $1, &$2) }
        }
        let utc = "Etc/UTC".icuUnits
        cicu_ucal_setTimeZone(calendar, utc, Int32(utc.count), &status)
        // The locale's offset format at zero (`UTC`, `GMT`), which ICU writes for a zone
        // without a name of that kind, as it writes `UTC+01:00` for others: no names.
        let zero = name(offset, at: january)
        var table: [String: ZoneNames] = [:]
        for zone in zones {
            let units = zone.icu.icuUnits
            var status = U_ZERO_ERROR
            cicu_ucal_setTimeZone(calendar, units, Int32(units.count), &status)
            guard !ICU.failed(status) else { continue }
            // Etc/GMT-1's only name is its offset (`UTC+01:00`): it reads back as that zone.
            let fixed = zone.id.hasPrefix("Etc/GMT")
            func named(_ text: String?) -> String? {
                guard let text, text != zero,
                    fixed || !text.unicodeScalars.contains(where: { $0.properties.numericType == .decimal })
                else { return nil }
                return text
            }
            var names = ZoneNames(
                generic: named(name(generic, at: january)), location: named(name(location, at: january)))
            for date in [january, july] {
                if let text = named(name(specific, at: date)), !names.specific.contains(text), text != names.generic {
                    names.specific.append(text)
                }
            }
            table[zone.id] = names
        }
        var generics: [String: Int] = [:]
        for names in table.values { if let generic = names.generic { generics[generic, default: 0] += 1 } }
        for (id, names) in table where names.generic.map({ generics[$0, default: 0] > 1 }) ?? false {
            table[id]?.genericIsShared = true
        }
        return table
    }
}
