/// The identifier stage of the pipeline: a value is a code in one of the forms the field
/// accepts (read by the kind's catalog), or a name or symbol of the field's locale (read by
/// the kind's `NameIndex`). Its canonical value is the code; `--output` and `--to` write it in
/// another form or locale. A rejection says why in the kind's own terms (`UK` is deprecated,
/// `EU` is a group, `$` names several currencies) and what to write instead.
final class IdentifierValidator: TypedValidator {
    let spec: IdentifierSpec
    let locale: LocaleID
    private let catalog: any IdentifierCatalog
    /// The kind's names in the locale, built on first use (a time zone's take a tenth of a
    /// second): even when names are not accepted, a name is then refused as a form the field
    /// does not accept, not as a name nobody knows, unless nobody reads the reason.
    private lazy var names = NameIndex.of(spec.kind, locale: locale.dataLocale, historic: spec.historic)
    /// The forms accepted, and whether they include a code or a name, decided once: the fast
    /// path asks on every value.
    private let acceptedForms: [IdentifierForm]
    private let readsCodes: Bool
    private let readsNames: Bool
    private let lengths: LengthRule
    /// The valid value messages and the prompt's placeholder show: "a country like DE, DEU,
    /// 276 or Germany (en_US)", or, when the field's lengths leave none of the forms of the
    /// usual example or any name, "a country (en_US)".
    lazy var example: String =
        exampleForms.isEmpty
        ? "a \(catalog.noun) (\(locale.identifier))"
        : "a \(catalog.noun) like \(exampleForms) (\(locale.identifier))"

    func adoptExample(_ value: String) { example = "a \(catalog.noun) like \(value) (\(locale.identifier))" }

    /// The usual example in each accepted form (`DE, DEU, 276 or Germany`); made on first use.
    private lazy var exampleForms: String = {
        /// Whether the field reads `text` as `code`: an example must not be ambiguous (pt_BR's
        /// `alemão (Suíça)` is de-CH and gsw), refused, or of a length the field refuses.
        func readsBack(_ text: String, as code: String) -> Bool {
            guard lengths.admits(text) else { return false }
            var result = FieldResult(input: text)
            validate(text, map: OffsetMap(), detail: .verdict, into: &result)
            return result.errors.isEmpty && result.value == code
        }
        let code = catalog.exampleCode
        // A name that is the example's alone (a time zone's location name, not the name it
        // shares with thirty others).
        var written = acceptedForms.compactMap { form in
            form == .name
                ? catalog.distinguishingName(code, locale: locale.dataLocale)
                : catalog.write(code, as: form, locale: locale.dataLocale)
        }.filter { readsBack($0, as: code) }
        // A locale without the example's names (bem names Zambia alone): one it has.
        if written.isEmpty,
            let entry = catalog.names(in: locale.dataLocale, historic: spec.historic).first(where: {
                acceptedForms.contains($0.form) && readsBack($0.name, as: $0.code)
            })
        {
            written = [entry.name]
        }
        return written.count < 2
            ? written.joined() : written.dropLast().joined(separator: ", ") + " or " + written.last!
    }()
    var completionFreeFrom: Int? {
        get { nil }
        set {}
    }

    /// The words for the field's rules (`--historic`, `historic: true`).
    let vocabulary: RuleVocabulary

    /// - Parameter lengths: the field's length rule, which the example's forms keep to
    ///   (`--max-length 2` shows DE, not DEU, 276 or Germany).
    init(
        _ spec: IdentifierSpec, locale: LocaleID, vocabulary: RuleVocabulary = .plain,
        lengths: LengthRule = .none
    ) throws(ConfigurationError) {
        let catalog = spec.kind.catalog
        for form in spec.accept ?? [] where !catalog.forms.contains(form) {
            throw ConfigurationError(
                "a \(catalog.noun) is not written as \(form.rawValue); it is written as "
                    + catalog.forms.map(\.rawValue).joined(separator: ", "))
        }
        guard catalog.forms.contains(spec.output) else {
            throw ConfigurationError(
                "a \(catalog.noun) cannot be written as \(spec.output.rawValue); it can be written as "
                    + catalog.forms.map(\.rawValue).joined(separator: ", "))
        }
        guard !spec.acceptedForms.isEmpty else {
            throw ConfigurationError("a \(catalog.noun) field must accept at least one form")
        }
        self.spec = spec
        self.locale = locale
        self.vocabulary = vocabulary
        self.lengths = lengths
        self.catalog = catalog
        acceptedForms = spec.acceptedForms
        readsNames = acceptedForms.contains { $0 == .name || $0 == .symbol }
        readsCodes = acceptedForms.contains { $0 != .name && $0 != .symbol }
    }

    func validate(_ value: String, map: OffsetMap, detail: CheckDetail, into result: inout FieldResult) {
        let explains = detail.explains
        // Whether the code and offset must be those of an explained rejection (all but
        // `.verdict`, which wants the verdict and a code: infer, a schema's enum).
        let locates = detail != .verdict
        guard !value.isEmpty else {
            result.errors.append(
                Diagnostic(
                    code: .empty, offset: nil, length: 0,
                    reason: .ifExplained(explains, .empty(expected: expectedPhrase))))
            return
        }
        var reading = catalog.readCode(value, historic: spec.historic)
        if catalog.exactNamesOutrankCodes, readsNames || locates, names.exact[value] != nil {
            // A name as the locale writes it, unless it is a valid code as well.
            switch reading {
            case .valid?: break
            default: reading = nil
            }
        }
        switch reading {
        case .valid(let code, let form)?:
            accept(code, form: form, value: value, map: map, explains: explains, into: &result)
            return
        case .replaced(let code, let form, let warning, let reason)?:
            if accept(code, form: form, value: value, map: map, explains: explains, into: &result) {
                result.warnings.append(
                    Diagnostic(code: warning, offset: nil, length: 0, message: explains ? reason : ""))
            }
            return
        case .refused(let code, let reason, let offset)? where code != .unknownCode:
            // How to accept a former currency, in the words of the front end that made the field.
            let advice = code == .formerCurrency ? "; \(vocabulary.historic) accepts former currencies" : ""
            reject(
                value, code: code, reason: reason + advice, offset: offset, map: map, explains: explains, into: &result)
            return
        case .refused, nil:
            break
        }
        // Not a usable code: a name or symbol, or nothing the kind knows.
        if readsNames || locates {
            let (found, loosely) = names.lookUp(value)
            let codes = found.map(\.code)
            if codes.count == 1, let entry = found.first {
                if accept(entry.code, form: entry.form, value: value, map: map, explains: explains, into: &result),
                    loosely
                {
                    // The name it was matched with, as the locale writes it.
                    let written: String? = entry.name
                    result.warnings.append(
                        Diagnostic(
                            code: .nameReadLoosely, offset: nil, length: 0,
                            reason: .ifExplained(
                                explains,
                                .readLoosely(
                                    value: value, noun: catalog.noun, code: entry.code, written: written,
                                    locale: locale.identifier))))
                }
                return
            }
            if codes.count > 1 {
                // A metazone's name is shared by dozens of time zones: a few are listed with
                // their names, the others by code alone, so that every candidate is named.
                let shown = found.count > 5 ? 4 : found.count
                let told = found.prefix(shown).map { catalog.distinguishingName($0.code, locale: locale.dataLocale) }
                let listed = zip(found, told).map { entry, name in name.map { "\(entry.code) (\($0))" } ?? entry.code }
                let more =
                    found.count > shown
                    ? " and \(found.count - shown) more: " + found.dropFirst(shown).map(\.code).joined(separator: ", ")
                    : ""
                let namesTell =
                    acceptedForms.contains(.name)
                    && told.allSatisfy { name in name.map { names.lookUp($0).identifiers.count == 1 } ?? false }
                reject(
                    value, code: .ambiguousName,
                    reason: "'\(value)' names \(found.count) \(catalog.pluralNoun) "
                        + "in \(locale.identifier): \(listed.joined(separator: ", "))\(more); write the "
                        + "\(spec.kind.describe(.code))\(namesTell ? " or the name in parentheses" : "") instead",
                    offset: nil, map: map, explains: explains, into: &result)
                return
            }
        }
        if case .refused(let code, let reason, let offset)? = reading {
            reject(value, code: code, reason: reason, offset: offset, map: map, explains: explains, into: &result)
            return
        }
        guard locates else {
            // Only the verdict is read (infer): no suggestion, no search for the offset.
            result.errors.append(Diagnostic(code: .unknownName, offset: nil, length: 0, message: ""))
            return
        }
        var reason = ""
        if explains {
            reason = "no \(catalog.noun) is written '\(value)' in \(locale.nameAndOrigin)"
            if readsNames {
                let near = Suggestion.near(value, in: nameCandidates, maxDistance: 3).prefix(3)
                if !near.isEmpty { reason += " (did you mean '\(near.joined(separator: "' or '"))'?)" }
            }
        }
        reject(
            value, code: .unknownName, reason: reason, offset: divergence(of: value), map: map, explains: explains,
            into: &result)
    }

    /// Records the accepted `code` (written in `form`), unless the field does not accept
    /// that form; returns whether it was accepted.
    @discardableResult
    private func accept(
        _ code: String, form: IdentifierForm, value: String, map: OffsetMap, explains: Bool,
        into result: inout FieldResult
    ) -> Bool {
        var form = form
        // A code that is also the locale's symbol for it (CHF in de_CH, whose symbol is its
        // code): the symbol form takes it, or a field of symbols could not read its own.
        if form == .code, !acceptedForms.contains(.code), acceptedForms.contains(.symbol),
            catalog.write(code, as: .symbol, locale: locale.dataLocale) == value
        {
            form = .symbol
        }
        guard acceptedForms.contains(form) else {
            reject(
                value, code: .formNotAccepted,
                reason: "'\(value)' is the \(catalog.noun) \(code) written as its \(spec.kind.describe(form)), "
                    + "which the field does not accept", offset: nil, map: map, explains: explains, into: &result)
            return false
        }
        if spec.output != .code || spec.to != nil {
            guard let written = catalog.write(code, as: spec.output, locale: (spec.to ?? locale).dataLocale) else {
                reject(
                    value, code: .formNotAccepted,
                    reason: "'\(value)' is the \(catalog.noun) \(code), which has no "
                        + "\(spec.kind.describe(spec.output)) to write",
                    offset: nil, map: map, explains: explains, into: &result)
                return false
            }
            result.output = written
        }
        result.value = code
        return true
    }

    /// `expected a country like DE (fr_FR)`, worded once.
    private lazy var expectedPhrase = "expected \(example)"

    private func reject(
        _ value: String, code: ErrorCode, reason: String, offset: Int?, map: OffsetMap, explains: Bool,
        into result: inout FieldResult
    ) {
        let why: Reason =
            .ifExplained(explains, .notAnIdentifier(noun: catalog.noun, why: reason, expected: expectedPhrase))
        guard let offset, let character = value.unicodeScalars.dropFirst(offset).first else {
            result.errors.append(Diagnostic(code: code, offset: nil, length: 0, reason: why))
            return
        }
        result.errors.append(Diagnostic(code: code, offset: map.original(offset), character: character, reason: why))
    }

    /// The field's names prepared for did-you-mean; made on the first unknown name.
    private lazy var nameCandidates = Suggestion.Candidates(names.names)

    /// Where `value` leaves the beginning of every name and code (compared without case):
    /// the character a prompt would refuse. Nil when it is the beginning of one.
    private func divergence(of value: String) -> Int? {
        let typed = Array(value.lowercased().unicodeScalars)
        guard typed.count == value.unicodeScalars.count else { return nil }
        if lowercasedSamples == nil {
            lowercasedSamples = completionSamples().map { Array($0.lowercased().unicodeScalars) }
        }
        var reached = 0
        for scalars in lowercasedSamples ?? [] {
            let shared = zip(scalars, typed).prefix { $0 == $1 }.count
            reached = max(reached, shared)
            if reached == typed.count { return nil }
        }
        return reached
    }

    func acceptFast(_ bytes: UnsafeBufferPointer<UInt8>, at out: UnsafeMutablePointer<UInt8>) -> Int { 0 }
    /// A value with an ASCII digit, where no accepted code or name has one (a country's names
    /// and alpha-2 codes, a currency's): `infer` tries these fields on every column, dates and
    /// numbers included, and this spares them the name index.
    func rejectsFast(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if readsCodes && catalog.mayBeCode(bytes) {
            return false
        }
        guard readsNames else { return true }
        return !namesHaveDigits && bytes.contains { $0 &- 0x30 < 10 }
    }

    /// Whether some name or symbol has an ASCII digit; made on first use.
    private lazy var namesHaveDigits = names.names.contains { $0.utf8.contains { $0 &- 0x30 < 10 } }

    /// Every accepted code and name, as the prompt completes them.
    func completionSamples() -> [String] {
        if let cached = samples { return cached }
        var list: [String] = []
        for code in catalog.codes {
            for form in acceptedForms where form != .name && form != .symbol {
                if let written = catalog.write(code, as: form, locale: locale.dataLocale) { list.append(written) }
            }
        }
        if readsNames { list += names.names }
        samples = list
        return list
    }
    private var samples: [String]? = nil
    /// The samples in lower case, as `divergence` compares them; made on first use.
    private var lowercasedSamples: [[Unicode.Scalar]]? = nil

    func completionTokens() -> [String] { [] }
}
