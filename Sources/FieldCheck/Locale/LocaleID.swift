internal import CICU

/// A locale that ICU really has data for, resolved from an ICU id or a BCP 47 tag.
///
/// ICU never refuses a locale: asked for `xx_YY` it quietly loads the root data (or the
/// process default), which would validate numbers against the wrong separators. Resolving
/// checks the locale ICU actually loaded and refuses the id when it is not the one asked for.
public struct LocaleID: Hashable, Sendable, CustomStringConvertible {
    /// The canonical ICU id, keywords included (`ar_EG@numbers=latn`).
    public let identifier: String
    /// The locale whose data ICU loads (`zh_Hans_CN` for `zh_CN`).
    public let dataLocale: String
    /// Where the environment named it (`from LANG=C.UTF-8`), when it was not asked for by name:
    /// messages say so, since a user who gave no locale may not know which one is in force.
    /// Not part of the locale's identity.
    public internal(set) var origin: String? = nil

    public static func == (a: LocaleID, b: LocaleID) -> Bool {
        a.identifier == b.identifier && a.dataLocale == b.dataLocale
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
        hasher.combine(dataLocale)
    }

    /// The id, and where it came from when the environment chose it: `en_US_POSIX, from LANG=C`.
    public var nameAndOrigin: String { origin.map { "\(identifier), \($0)" } ?? identifier }

    /// The locale used when nothing is set, or `C`/`POSIX` is: ICU's `en_US_POSIX`.
    public static let posix = LocaleID(unchecked: "en_US_POSIX", dataLocale: "en_US_POSIX")

    init(unchecked identifier: String, dataLocale: String) {
        self.identifier = identifier
        self.dataLocale = dataLocale
    }

    public var description: String { identifier }

    /// Resolves an ICU id (`de_DE`, `zh_Hant_TW`) or BCP 47 tag (`de-CH`, `ar-EG-u-nu-latn`).
    /// - Throws: `ConfigurationError` naming the nearest known ids when ICU has no data for it,
    ///   or naming the keyword when ICU does not know its value (`en-u-nu-foo`, `en@calendar=foo`).
    public init(_ text: String) throws(ConfigurationError) {
        try self.init(resolving: text)
        try Self.checkKeywords(of: identifier, written: text)
    }

    /// The locale ICU has data for, its keywords not yet checked.
    private init(resolving text: String) throws(ConfigurationError) {
        let trimmed = try Self.withoutPOSIXParts(text.trimmingWhitespace(), written: text)
        if ["C", "POSIX", "c", "posix"].contains(trimmed) {
            self = .posix
            return
        }
        if let message = Self.languageNameMessage(trimmed, written: text) {
            throw ConfigurationError(message)
        }
        guard !trimmed.isEmpty, trimmed.utf8.allSatisfy({ $0 < 0x80 && $0 > 0x20 }) else {
            throw ConfigurationError("unknown locale '\(text)': not an ICU locale id or BCP 47 tag")
        }
        let canonical: String?
        // A hyphen makes a BCP 47 tag only before any `@`: an ICU id's keyword values have
        // their own (`en_US@calendar=islamic-umalqura`), and read as a tag it was "no data".
        if trimmed.prefix(while: { $0 != "@" }).contains("-") {
            canonical = ICU.cString { buffer, capacity, status in
                var parsed: Int32 = 0
                return cicu_uloc_forLanguageTag(trimmed, buffer, capacity, &parsed, &status)
            }
        } else {
            canonical = ICU.cString { cicu_uloc_canonicalize(trimmed, $0, $1, &$2) }
        }
        guard let id = canonical, !id.isEmpty,
            let base = ICU.cString({ cicu_uloc_getBaseName(id, $0, $1, &$2) }),
            let valid = ICU.cString({ cicu_validLocale(base, $0, $1, &$2) }),
            valid != "root", !valid.isEmpty,
            Self.sameLocale(requested: base, loaded: valid)
        else {
            throw ConfigurationError(Self.unknownMessage(text), advice: [.listLocales])
        }
        guard Self.namesALanguage(base) else {
            throw ConfigurationError(
                "unknown locale '\(text)': it names no language, or an unknown script or region (Zzzz, ZZ); "
                    + "a locale id begins with a language: de_DE, sr_Latn_RS, es-419",
                advice: [.listLocales])
        }
        self.init(unchecked: id, dataLocale: valid)
    }

    /// The locale named by the environment for a category (`LC_NUMERIC`, `LC_TIME`,
    /// `LC_CTYPE`): `LC_ALL`, then the category, then `LANG`; `C`, `POSIX` or nothing is
    /// `en_US_POSIX`.
    public static func fromEnvironment(
        category: String, environment: [String: String]
    ) throws(ConfigurationError) -> LocaleID {
        for name in ["LC_ALL", category, "LANG"] {
            guard let raw = environment[name], !raw.isEmpty else { continue }
            // POSIX names carry a codeset and modifier ICU does not want: de_DE.UTF-8@euro.
            let bare = String(raw.prefix { $0 != "." && $0 != "@" })
            if bare == "C" || bare == "POSIX" || bare.isEmpty {
                var posix = LocaleID.posix
                posix.origin = "from \(name)=\(raw)"
                return posix
            }
            var locale: LocaleID
            let posix: String
            do {
                posix = try withoutPOSIXParts(raw, written: raw)
                locale = try LocaleID(resolving: posix)
            } catch {
                throw ConfigurationError(
                    "\(name)=\(raw) names a locale ICU does not know. \(error.message)",
                    advice: [.setLocale] + error.advice)
            }
            do {
                try checkKeywords(of: locale.identifier, written: posix)
            } catch {
                throw ConfigurationError("\(name)=\(raw): \(error.message)", advice: error.advice)
            }
            locale.origin = "from \(name)=\(raw)"
            return locale
        }
        var posix = LocaleID.posix
        posix.origin = "as no LC_ALL, \(category) or LANG is set"
        return posix
    }

    /// The same locale with an ICU keyword set (`calendar` = `buddhist` gives
    /// `th_TH@calendar=buddhist`), replacing the keyword's value when the id has one.
    public func setting(keyword: String, to value: String) -> LocaleID {
        let parts = identifier.split(separator: "@", maxSplits: 1)
        var keywords = parts.count > 1 ? parts[1].split(separator: ";").map(String.init) : []
        keywords.removeAll { $0.lowercased().hasPrefix(keyword.lowercased() + "=") }
        keywords.append("\(keyword)=\(value)")
        keywords.sort()
        return LocaleID(unchecked: parts[0] + "@" + keywords.joined(separator: ";"), dataLocale: dataLocale)
    }

    // MARK: Keywords

    /// Refuses a numbering system, calendar or currency keyword whose value ICU does not know.
    /// ICU never says so itself: it opens no number format at all for `en@numbers=foo`, quietly
    /// uses the Gregorian calendar for `en@calendar=foo`, and takes `en-u-cu-foo` for a currency
    /// named FOO. A numbering system without decimal
    /// digits (`roman`, `jpan`: ICU writes numbers with it by rules, as letters or words) is
    /// refused too: fieldcheck reads and writes numbers as digits.
    private static func checkKeywords(of id: String, written text: String) throws(ConfigurationError) {
        // The tag's own spelling of the keyword in messages: `nu` in `en-u-nu-foo`, `numbers`
        // in `en@numbers=foo`.
        let tag = text.contains("-") && !text.contains("@")
        func keywordValue(_ keyword: String) -> String? {
            let value = ICU.cString { cicu_uloc_getKeywordValue(id, keyword, $0, $1, &$2) } ?? ""
            return value.isEmpty ? nil : value
        }
        /// `unknown calendar 'foo' (keyword ca)`.
        func unknown(_ what: String, _ keyword: (tag: String, icu: String), _ value: String) -> String {
            guard tag else { return "unknown \(what) '\(value)' (keyword \(keyword.icu))" }
            // ICU gives a tag that ends at its key (`en-u-nu`) the value `yes`, and drops a
            // value longer than a tag allows: name what was written.
            let subtags = text.lowercased().split(separator: "-")
            guard let key = subtags.firstIndex(where: { $0 == keyword.tag }), key + 1 < subtags.count,
                subtags[key + 1].count > 2
            else { return "the \(what) keyword (\(keyword.tag)) has no value" }
            return "unknown \(what) '\(subtags[key + 1])' (keyword \(keyword.tag))"
        }
        if let value = keywordValue("numbers") {
            var status = U_ZERO_ERROR
            let system = cicu_unumsys_open(id, &status)
            defer { if let system { cicu_unumsys_close(system) } }
            var valid: String {
                "numbering systems with decimal digits: \(decimalNumberingSystems.joined(separator: ", ")) "
                    + "(or \(tag ? "native, traditio" : "default, native, traditional") or finance, for the locale's own)"
            }
            guard let system, !ICU.failed(status) else {
                throw ConfigurationError(
                    "locale '\(text)': \(unknown("numbering system", ("nu", "numbers"), value)); \(valid)")
            }
            if cicu_unumsys_isAlgorithmic(system) != 0 || cicu_unumsys_getRadix(system) != 10 {
                let name = String(cString: cicu_unumsys_getName(system))
                let selects = name == value ? "" : " selects '\(name)', which"
                throw ConfigurationError(
                    "locale '\(text)': the numbering system '\(value)' (keyword \(tag ? "nu" : "numbers"))\(selects) "
                        + "writes numbers with letters or words by rules, not with ten decimal digits, and fieldcheck "
                        + "reads and writes digits; \(valid)")
            }
        }
        if let value = keywordValue("calendar") {
            let known = calendars
            guard known.isEmpty || known.contains(value) else {
                let names = known.map {
                    tag ? (cicu_uloc_toUnicodeLocaleType("ca", $0).map { String(cString: $0) } ?? $0) : $0
                }
                throw ConfigurationError(
                    "locale '\(text)': \(unknown("calendar", ("ca", "calendar"), value)); ICU's calendars: \(names.joined(separator: ", "))"
                )
            }
        }
        if let value = keywordValue("currency"), !NumberSymbols.isKnownCurrency(value) {
            // A bare key (`en-u-cu`) has the value `yes`: no code is near what was not written.
            let hint = value == "yes" ? NumberSymbols.commonCurrencies : NumberSymbols.currencyHint(value)
            throw ConfigurationError(
                "locale '\(text)': \(unknown("currency", ("cu", "currency"), value)); a currency is an ISO 4217 "
                    + "code ICU knows (\(hint))")
        }
    }

    /// The numbering systems ICU has that write numbers with ten decimal digits, by name.
    static var decimalNumberingSystems: [String] {
        var status = U_ZERO_ERROR
        guard let names = cicu_unumsys_openAvailableNames(&status), !ICU.failed(status) else { return [] }
        defer { cicu_uenum_close(names) }
        var result: [String] = []
        while let name = cicu_uenum_next(names, nil, &status), !ICU.failed(status) {
            var opened = U_ZERO_ERROR
            guard let system = cicu_unumsys_openByName(name, &opened) else { continue }
            if !ICU.failed(opened) && cicu_unumsys_isAlgorithmic(system) == 0 && cicu_unumsys_getRadix(system) == 10 {
                result.append(String(cString: name))
            }
            cicu_unumsys_close(system)
        }
        return result.sorted()
    }

    /// Every calendar ICU has, by its ICU name (`gregorian`, `islamic-civil`).
    static var calendars: [String] {
        var status = U_ZERO_ERROR
        guard let values = cicu_ucal_getKeywordValuesForLocale("calendar", "root", 0, &status), !ICU.failed(status)
        else { return [] }
        defer { cicu_uenum_close(values) }
        var result: [String] = []
        while let value = cicu_uenum_next(values, nil, &status), !ICU.failed(status) {
            result.append(String(cString: value))
        }
        return result
    }

    // MARK: Names as people write them

    /// A POSIX locale name as `LANG` holds it, made an ICU id: the codeset goes
    /// (`en_US.UTF-8` is `en_US`: fieldcheck reads UTF-8 whatever it says) and a modifier
    /// becomes what it selects (`de_DE@euro` the euro, `sr_RS@latin` the Latin script).
    /// ICU keywords (`@numbers=arab`) and BCP 47 tags pass unchanged.
    static func withoutPOSIXParts(_ text: String, written: String) throws(ConfigurationError) -> String {
        let at = text.firstIndex(of: "@")
        let head = text[..<(at ?? text.endIndex)]
        let modifier = at.map { String(text[text.index(after: $0)...]) }
        let name = head.firstIndex(of: ".").map { head[..<$0] } ?? head
        guard !name.contains("-") else { return text }
        guard let modifier, !modifier.contains("=") else {
            return String(name) + (modifier.map { "@" + $0 } ?? "")
        }
        let parts = name.split(separator: "_", maxSplits: 1).map(String.init)
        let region = parts.count > 1 ? "_" + parts[1] : ""
        switch modifier.lowercased() {
        case "euro": return "\(name)@currency=EUR"
        case "latin": return "\(parts[0])_Latn\(region)"
        case "cyrillic": return "\(parts[0])_Cyrl\(region)"
        case "devanagari": return "\(parts[0])_Deva\(region)"
        case "valencia": return "\(name)_VALENCIA"
        default:
            throw ConfigurationError(
                "unknown locale '\(written)': the POSIX modifier '@\(modifier)' is not one fieldcheck maps "
                    + "(euro, latin, cyrillic, devanagari, valencia); ICU keywords are written @key=value, "
                    + "as in de_DE@currency=EUR")
        }
    }

    /// The message for a language's name written where a locale id belongs (`german`,
    /// `Deutsch`, `français`), naming the locales ICU has for that language; nil when the
    /// text is no language's name in English or in itself.
    static func languageNameMessage(_ text: String, written: String) -> String? {
        let wanted = text.lowercased()
        guard wanted.count > 3, !wanted.contains("_"), !wanted.contains("-") else { return nil }
        let all = available
        for language in all where !language.contains("_") {
            let english = displayName(language, in: "en")
            let native = displayName(language, in: language)
            guard english.lowercased() == wanted || native.lowercased() == wanted else { continue }
            let locales = all.filter { $0 == language || $0.hasPrefix(language + "_") }
            let likely = ICU.cString { cicu_uloc_addLikelySubtags(language, $0, $1, &$2) } ?? language
            let region = ICU.cString { cicu_uloc_getCountry(likely, $0, $1, &$2) } ?? ""
            let example = region.isEmpty ? language : "\(language)_\(region)"
            let shown = locales.prefix(12).joined(separator: ", ") + (locales.count > 12 ? ", …" : "")
            return "unknown locale '\(written)': that is the name of a language (\(english), \(native)), "
                + "not a locale id; ICU's locales for it: \(shown) (for example \(example))"
        }
        return nil
    }

    /// Whether the id names a language, and no script or region that stands for "unknown"
    /// (`Zzzz`, `ZZ`): ICU fills `_`, `_Latn` and `en_Zzzz` in from its default locale or the
    /// likely subtags, and would validate against data nobody asked for.
    private static func namesALanguage(_ id: String) -> Bool {
        let (language, script, region) = subtags(id)
        return !language.isEmpty && language != "und" && script != "Zzzz" && region != "ZZ"
    }

    /// The language, script and region a locale id names ("" for one it leaves out).
    private static func subtags(_ id: String) -> (language: String, script: String, region: String) {
        let language = ICU.cString { cicu_uloc_getLanguage(id, $0, $1, &$2) } ?? ""
        let script = ICU.cString { cicu_uloc_getScript(id, $0, $1, &$2) } ?? ""
        let region = ICU.cString { cicu_uloc_getCountry(id, $0, $1, &$2) } ?? ""
        return (language, script, region)
    }

    /// The language, script and region of a locale id with the likely ones filled in.
    private static func maximized(_ id: String) -> (language: String, script: String, region: String) {
        subtags(ICU.cString { cicu_uloc_addLikelySubtags(id, $0, $1, &$2) } ?? id)
    }

    /// Whether the data ICU loaded belongs to the locale asked for: same language, script
    /// and region once the likely subtags are added, so `zh_CN` matches `zh_Hans_CN` but
    /// `de_XX` does not match `de`.
    private static func sameLocale(requested: String, loaded: String) -> Bool {
        let asked = maximized(requested)
        let got = maximized(loaded)
        guard asked.language == got.language, asked.script == got.script else { return false }
        let askedRegion = subtags(requested).region
        return askedRegion.isEmpty || askedRegion == got.region
    }

    /// Every locale ICU has data for, by id.
    public static var available: [String] {
        (0..<cicu_uloc_countAvailable()).map { String(cString: cicu_uloc_getAvailable($0)) }
    }

    /// The locale's name in English ("German (Germany)").
    public static func displayName(_ id: String) -> String { displayName(id, in: "en") }

    /// The locale's name in the language of another (`in: "de"` gives "Deutsch (Deutschland)").
    static func displayName(_ id: String, in display: String) -> String {
        ICU.utf16String { cicu_uloc_getDisplayName(id, display, $0, $1, &$2) } ?? id
    }

    private static func unknownMessage(_ text: String) -> String {
        let nearest = nearestAvailable(to: text)
        let hint = nearest.isEmpty ? "" : "; nearest known: \(nearest.joined(separator: ", "))"
        return "unknown locale '\(text)': ICU has no data for it\(hint)"
    }

    /// Up to five available ids closest to `text`: what a known mix-up meant first (`en_UK` is
    /// en_GB, `jp_JP` is ja_JP), then the same language, by edit distance.
    static func nearestAvailable(to text: String) -> [String] {
        let wanted = text.replacingHyphens().lowercased()
        let language = String(wanted.prefix { $0 != "_" })
        let all = available
        let byLowercased = Dictionary(all.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        let meant = mixUps(wanted).compactMap { byLowercased[$0] }
        let sameLanguage = all.filter { $0.lowercased().prefix { $0 != "_" } == language }
        let pool = sameLanguage.isEmpty ? all : sameLanguage
        let near = pool.map { ($0, Suggestion.editDistance(wanted, $0.lowercased())) }
            .sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }
            .map(\.0)
        var seen = Set<String>()
        return (meant + near).filter { seen.insert($0).inserted }.prefix(5).map { $0 }
    }

    /// Country codes written where ISO or CLDR has another one, and country codes written as
    /// language codes: the mix-ups that edit distance does not find.
    private static let regionMixUps = [
        "uk": "gb", "en": "gb", "el": "gr", "ja": "jp", "ko": "kr", "zh": "cn", "da": "dk", "sv": "se", "cs": "cz",
    ]
    private static let languageMixUps = [
        "jp": "ja", "cn": "zh", "kr": "ko", "dk": "da", "se": "sv", "gr": "el", "cz": "cs", "ua": "uk", "ee": "et",
        "si": "sl", "rs": "sr", "il": "he", "iw": "he", "in": "id", "no": "nb", "br": "pt", "at": "de", "ch": "de",
        "us": "en",
        "gb": "en",
    ]

    /// Lowercased ids a mixed-up `wanted` (lowercased, `_`-separated) may have meant.
    private static func mixUps(_ wanted: String) -> [String] {
        let parts = wanted.split(separator: "_").map(String.init)
        guard let language = parts.first else { return [] }
        let region = parts.count > 1 ? parts[parts.count - 1] : ""
        let languages = [language] + [languageMixUps[language]].compactMap { $0 }
        let regions = region.isEmpty ? [] : [region] + [regionMixUps[region]].compactMap { $0 }
        var ids: [String] = []
        for candidate in languages {
            if regions.isEmpty { ids.append(candidate) }
            for each in regions { ids.append("\(candidate)_\(each)") }
            // `de_UK`: the language is right, the region is not.
            if let fixed = regionMixUps[region] { ids.append("\(candidate)_\(fixed)") }
        }
        // `jp` alone, `uk` for the country: the language the country speaks.
        if regions.isEmpty, let fromRegion = languageMixUps[language] { ids.append("\(fromRegion)_\(language)") }
        return ids.filter { $0 != wanted }
    }
}

extension StringProtocol {
    /// The text without white space at either end (a locale id as typed, a list's items).
    package func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}

extension String {
    func replacingHyphens() -> String { String(map { $0 == "-" ? "_" : $0 }) }
}
