internal import CICU
import Synchronization

/// Languages as BCP 47 tags (`de`, `de-CH`, `zh-Hant-TW`, `sr-Latn`), read strictly: a tag
/// that is not well-formed is refused where it breaks (`ill_formed_tag`), a language, script
/// or region subtag ICU does not know is named (`xx-YY`), and a deprecated subtag is refused
/// with what replaced it (`iw`: write he; `de-DD`: write de-DE). A tag is written as ICU
/// writes it strictly (`uloc_toLanguageTag`); an ICU locale id (`de_CH`) or other case
/// (`DE-ch`) is read as that tag with a warning. Names are every locale's display name in the
/// field's locale (`Deutsch (Schweiz)`, `allemand (Suisse)`), its dialect name where CLDR has
/// one (`Schweizer Hochdeutsch`, `British English`), and every language's.
struct LanguageCatalog: IdentifierCatalog {
    var noun: String { "language" }
    var pluralNoun: String { "languages" }
    var forms: [IdentifierForm] { [.code, .name] }
    var formNames: [IdentifierForm: String] { [.code: "BCP 47 language tag"] }
    var exampleCode: String { "de-CH" }
    var codes: [String] { Self.tags.map(\.tag) }
    var exactNamesOutrankCodes: Bool { true }

    /// A tag with the ICU locale id it is read as.
    struct Tagged: Sendable {
        var tag: String
        var id: String
    }

    /// The tags of every locale ICU has data for (`de-CH`) and of every language it names
    /// (`la`), once each, sorted.
    static let tags: [Tagged] = {
        var ids: [String] = (0..<cicu_uloc_countAvailable()).compactMap { index in
            cicu_uloc_getAvailable(index).map { String(cString: $0) }
        }
        if var list = cicu_uloc_getISOLanguages() {
            while let code = list.pointee {
                let language = String(cString: code)
                // ISO's list keeps withdrawn codes (`iw`); their languages are there under the new.
                if tag(language) == language, isKnownLanguage(language) { ids.append(language) }
                list += 1
            }
        }
        var seen: Set<String> = []
        var found: [Tagged] = []
        for id in ids {
            guard let tag = tag(id), seen.insert(tag).inserted else { continue }
            found.append(Tagged(tag: tag, id: id))
        }
        return found.sorted { $0.tag < $1.tag }
    }()

    /// The tag ICU writes for a locale id, strictly; nil when it has none.
    static func tag(_ id: String) -> String? {
        ICU.cString { cicu_uloc_toLanguageTag(id, $0, $1, 1, &$2) }
    }

    /// Whether ICU has a name for the language subtag (its display name is not the code).
    private static func isKnownLanguage(_ language: String) -> Bool {
        guard let name = ICU.utf16String({ cicu_uloc_getDisplayLanguage(language, "en", $0, $1, &$2) }) else {
            return false
        }
        return !name.isEmpty && name != language
    }

    /// The two-letter codes by their languages' English names, to tell a three-letter code
    /// that names the same language.
    private static let twoLetterCodes: [String: String] = {
        var found: [String: String] = [:]
        guard var list = cicu_uloc_getISOLanguages() else { return found }
        while let code = list.pointee {
            let language = String(cString: code)
            if language.count == 2, let name = englishName(language), name != language { found[name] = language }
            list += 1
        }
        return found
    }()

    /// The English name of a language, for messages.
    private static func englishName(_ id: String) -> String? {
        ICU.utf16String { cicu_uloc_getDisplayName(id, "en", $0, $1, &$2) }
    }

    private static let readings = Mutex<[String: CodeReading?]>([:])

    /// Values read before, up to 4,096 of them: a column of tags has few, and reading one
    /// asks ICU's display names several times.
    func mayBeCode(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        Self.only(bytes, lengths: 1...100, others: [UInt8(ascii: "-"), UInt8(ascii: "_")])
    }

    func readCode(_ text: String, historic: Bool) -> CodeReading? {
        if let known = Self.readings.withLock({ $0[text] }) { return known }
        let reading = Self.read(text)
        Self.readings.withLock { if $0.count < 4096 { $0[text] = reading } }
        return reading
    }

    private static func read(_ text: String) -> CodeReading? {
        let scalars = Array(text.unicodeScalars)
        guard (1...100).contains(scalars.count),
            scalars.allSatisfy({
                ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
                    || $0 == "_"
            })
        else { return nil }
        let hyphenated = String(String.UnicodeScalarView(scalars.map { $0 == "_" ? "-" : $0 }))
        // A first word in title case (`Deutsch`, `Ewe`, `Alt-Newari`; not `De-CH`) or one word
        // longer than any subtag is a name, not a code: names read it.
        let first = scalars.prefix { $0 != "-" && $0 != "_" }
        let isTitle =
            first.first.map { ("A"..."Z").contains($0) } == true
            && first.dropFirst().allSatisfy { ("a"..."z").contains($0) }
        if first.count == scalars.count ? scalars.count > 8 || isTitle : isTitle && first.count > 2 { return nil }
        var parsed: Int32 = 0
        let id = ICU.cString { cicu_uloc_forLanguageTag(hyphenated, $0, $1, &parsed, &$2) }
        guard let id, Int(parsed) == scalars.count else {
            var offset = id == nil ? 0 : Int(parsed)
            // The subtag after the last one read is the one that cannot stand there.
            if offset > 0, offset + 1 < scalars.count, scalars[offset] == "-" || scalars[offset] == "_" { offset += 1 }
            let subtag = String(String.UnicodeScalarView(scalars[offset...].prefix { $0 != "-" && $0 != "_" }))
            return .refused(
                code: .illFormedTag,
                reason: "'\(text)' is not a well-formed BCP 47 language tag"
                    + (!subtag.isEmpty
                        ? " ('\(subtag)' cannot stand \(offset == 0 ? "first" : "there"))"
                        : offset + 1 < scalars.count ? " (an empty subtag)" : " (it ends in a separator)"),
                offset: offset < scalars.count ? offset : nil)
        }
        let subtags = hyphenated.split(separator: "-", omittingEmptySubsequences: false).map { $0.lowercased() }
        func offset(of subtag: String) -> Int? {
            var at = 0
            for part in subtags {
                if part == subtag.lowercased() { return at }
                at += part.count + 1
            }
            return nil
        }
        guard let written = tag(id) else {
            return .refused(code: .illFormedTag, reason: "'\(text)' is not a well-formed BCP 47 language tag")
        }
        let writtenSubtags = written.split(separator: "-").map(String.init)
        if let language = ICU.cString({ cicu_uloc_getLanguage(id, $0, $1, &$2) }), language.count == 3,
            let name = englishName(language), let two = twoLetterCodes[name]
        {
            // ISO 639-2's other codes (`ger`, `fre`), which ICU names but keeps as written.
            let replacement = ([two] + writtenSubtags.dropFirst()).joined(separator: "-")
            return .refused(
                code: .deprecatedCode,
                reason: "'\(language)' is another code for \(name), which is written \(two); write \(replacement)")
        }
        // Variants: the subtags after language, script and region, up to an extension.
        let variants = writtenSubtags.dropFirst().prefix { $0.count > 1 }.filter {
            $0.count >= 5 || ($0.count == 4 && $0.first?.isNumber == true)
        }
        if let unknown = unknownSubtag(id, variants: Array(variants)) {
            let at = offset(of: unknown.subtag)
            return .refused(
                code: .unknownCode,
                reason: "ICU knows no \(unknown.kind) '\(unknown.subtag)'"
                    + (at == nil ? " (which '\(text)' is read as)" : ""),
                offset: at)
        }
        var tag = written
        let lowered = writtenSubtags.map { $0.lowercased() }
        if lowered != subtags, lowered.sorted() == subtags.sorted() {
            // ICU sorts variants (sl-biske-rozaj); the registry's order is the one written.
            tag = zip(subtags, writtenSubtags).map { variants.contains($0) ? $0 : $1 }.joined(separator: "-")
        }
        if tag == text { return .valid(code: tag, form: .code) }
        if tag.lowercased() == hyphenated.lowercased() {
            return .replaced(
                code: tag, form: .code, warning: .codeNormalized,
                reason: text.contains("_")
                    ? "read the ICU locale id '\(text)' as the BCP 47 language tag \(tag)" : "read '\(text)' as \(tag)")
        }
        // ICU wrote other subtags: a deprecated one replaced (iw: he, DD: DE, deu: de).
        let kept = Set(tag.lowercased().split(separator: "-").map(String.init))
        let old = subtags.first { !kept.contains($0) }
        let language = englishName(id).map { " (\($0))" } ?? ""
        let reason: String
        if let old, subtags.count == 1 {
            reason = "'\(old)' is a deprecated language code\(language); write \(tag)"
        } else if let old, let at = offset(of: old) {
            let original = String(String.UnicodeScalarView(scalars[at...].prefix { $0 != "-" && $0 != "_" }))
            reason = "'\(text)' has the deprecated subtag '\(original)'\(language); write \(tag)"
        } else {
            reason = "'\(text)' is written \(tag) in BCP 47\(language); write that"
        }
        return .refused(code: .deprecatedCode, reason: reason)
    }

    /// The first of a locale id's language, script, region and variant subtags that ICU does
    /// not know. A variant is known by its name: one IANA registers but CLDR does not name is
    /// refused too.
    private static func unknownSubtag(_ id: String, variants: [String]) -> (kind: String, subtag: String)? {
        let language = ICU.cString { cicu_uloc_getLanguage(id, $0, $1, &$2) } ?? ""
        if !language.isEmpty, !isKnownLanguage(language) { return ("language", language) }
        var status = U_ZERO_ERROR
        guard let names = cicu_uldn_open("en", UDISPCTX_LENGTH_FULL, UDISPCTX_STANDARD_NAMES, &status),
            !ICU.failed(status)
        else {
            return nil
        }
        defer { cicu_uldn_close(names) }
        let script = ICU.cString { cicu_uloc_getScript(id, $0, $1, &$2) } ?? ""
        if !script.isEmpty,
            ICU.utf16String({ cicu_uldn_scriptDisplayName(names, script, $0, $1, &$2) })?.isEmpty ?? true
        {
            return ("script", script)
        }
        let region = ICU.cString { cicu_uloc_getCountry(id, $0, $1, &$2) } ?? ""
        if !region.isEmpty {
            guard let found = cicu_uregion_getRegionFromCode(region, &status), !ICU.failed(status),
                cicu_uregion_getType(found) != URGN_UNKNOWN
            else { return ("region", region) }
        }
        for variant in variants
        where ICU.utf16String({ cicu_uldn_variantDisplayName(names, variant.uppercased(), $0, $1, &$2) })?
            .isEmpty ?? true
        {
            return ("variant", variant)
        }
        return nil
    }

    func names(in locale: String, historic: Bool) -> [NamedIdentifier] {
        [false, true].flatMap { dialect in
            Self.names(in: locale, dialect: dialect).sorted { $0.key < $1.key }.map {
                NamedIdentifier(code: $0.key, name: $0.value, form: .name)
            }
        }
    }

    func write(_ code: String, as form: IdentifierForm, locale: String) -> String? {
        switch form {
        case .code: code
        case .name: Self.names(in: locale)[code] ?? Self.displayName(code, in: locale)
        case .alpha3, .numeric, .symbol: nil
        }
    }

    /// A tag's name in `locale` when it is none of the catalog's (`de-CH-1996`).
    private static func displayName(_ tag: String, in locale: String) -> String? {
        var parsed: Int32 = 0
        var status = U_ZERO_ERROR
        guard let id = ICU.cString({ cicu_uloc_forLanguageTag(tag, $0, $1, &parsed, &$2) }),
            let names = cicu_uldn_open(locale, UDISPCTX_LENGTH_FULL, UDISPCTX_STANDARD_NAMES, &status),
            !ICU.failed(status)
        else { return nil }
        defer { cicu_uldn_close(names) }
        return ICU.utf16String { cicu_uldn_localeDisplayName(names, id, $0, $1, &$2) }
    }

    private static let nameTables = Mutex<[String: [String: String]]>([:])

    /// Every tag's name in `locale` (`Deutsch (Schweiz)`), made once per locale; with
    /// `dialect`, CLDR's dialect names where it has them (`Schweizer Hochdeutsch`) and the
    /// standard name elsewhere.
    static func names(in locale: String, dialect: Bool = false) -> [String: String] {
        let key = "\(locale)|\(dialect)"
        if let table = nameTables.withLock({ $0[key] }) { return table }
        var status = U_ZERO_ERROR
        var table: [String: String] = [:]
        let opened =
            cicu_uldn_open(
                locale, UDISPCTX_LENGTH_FULL, dialect ? UDISPCTX_DIALECT_NAMES : UDISPCTX_STANDARD_NAMES, &status)
        if let names = opened, !ICU.failed(status) {
            defer { cicu_uldn_close(names) }
            for tagged in tags {
                if let name = ICU.utf16String({ cicu_uldn_localeDisplayName(names, tagged.id, $0, $1, &$2) }),
                    !name.isEmpty
                {
                    table[tagged.tag] = name
                }
            }
        }
        nameTables.withLock { $0[key] = table }
        return table
    }
}
