internal import CICU
import Synchronization

/// Every name (and symbol) of one kind's identifiers in one locale, by the text as written
/// and by its loose key: a collation key at primary strength with spaces and punctuation
/// ignored, so that the locale's own collation decides which cases and accents are the same
/// letter (`ALLEMAGNE`, `allemagne` and `Allemagne` in fr_FR; `ä` is not `a` in sv_SE), as
/// CLDR's loose matching of names does. Built once per kind and locale, then shared by every
/// field and thread.
final class NameIndex: @unchecked Sendable {
    /// The names as the locale writes them, each with the identifiers it names.
    let exact: [String: [NamedIdentifier]]
    /// The same by loose key.
    private let loose: [[UInt8]: [NamedIdentifier]]
    /// The locale's collator (ICU's collators are thread-safe for reading keys); nil when
    /// ICU has no collation data, and names are then matched by case folding alone.
    private let collator: OpaquePointer?
    /// Every name, sorted, for completions and suggestions.
    let names: [String]

    private init(_ entries: [NamedIdentifier], locale: String) {
        var status = U_ZERO_ERROR
        let opened = cicu_ucol_openLoose(locale, &status)
        collator = ICU.failed(status) ? nil : opened
        var exact: [String: [NamedIdentifier]] = [:]
        var loose: [[UInt8]: [NamedIdentifier]] = [:]
        for entry in entries where !entry.name.isEmpty {
            Self.add(entry, to: &exact[entry.name, default: []])
            Self.add(entry, to: &loose[Self.key(entry.name, collator: collator), default: []])
        }
        self.exact = exact
        self.loose = loose
        names = exact.keys.sorted()
    }

    deinit { if let collator { cicu_ucol_close(collator) } }

    /// One entry per identifier under a name: the same name as full and short form is one.
    private static func add(_ entry: NamedIdentifier, to list: inout [NamedIdentifier]) {
        if !list.contains(where: { $0.code == entry.code }) { list.append(entry) }
    }

    /// The identifiers `text` names: exactly as the locale writes a name (`loosely` false), or
    /// by its loose key.
    func lookUp(_ text: String) -> (identifiers: [NamedIdentifier], loosely: Bool) {
        if let found = exact[text] { return (found, false) }
        return (loose[Self.key(text, collator: collator)] ?? [], true)
    }

    private static func key(_ text: String, collator: OpaquePointer?) -> [UInt8] {
        guard let collator else { return Array(text.lowercased().utf8) }
        let units = Array(text.utf16)
        var key = [UInt8](repeating: 0, count: units.count * 4 + 16)
        var length = Int(cicu_ucol_getSortKey(collator, units, Int32(units.count), &key, Int32(key.count)))
        if length > key.count {
            key = [UInt8](repeating: 0, count: length)
            length = Int(cicu_ucol_getSortKey(collator, units, Int32(units.count), &key, Int32(key.count)))
        }
        return Array(key.prefix(length))
    }

    private static let cache = Mutex<[String: NameIndex]>([:])

    /// The index of `kind`'s names in `locale`, built on first use.
    static func of(_ kind: IdentifierKind, locale: String, historic: Bool) -> NameIndex {
        let key = "\(kind.rawValue)|\(locale)|\(historic)"
        if let index = cache.withLock({ $0[key] }) { return index }
        let index = NameIndex(kind.catalog.names(in: locale, historic: historic), locale: locale)
        return cache.withLock { cached in
            if let existing = cached[key] { return existing }
            cached[key] = index
            return index
        }
    }
}
