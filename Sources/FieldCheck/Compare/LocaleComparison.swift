/// How one value reads under many locales: the third use the tool exists for. `1.234` is
/// 1234 in de_DE and 1.234 in en_US; `03/04/2025` is 3 April in en_GB and 4 March in en_US.
/// Each locale's verdict comes from the same readers the line commands use, so `compare`
/// can never disagree with `fieldcheck number --locale L` on a value.

/// What `compare` reads a value as: `number`, `date`, `auto` (a number where some locale
/// reads it as one, else a date), or an identifier kind (`country`: how a name reads in
/// each locale's names).
public struct ComparedType: RawRepresentable, Sendable, Hashable, CaseIterable {
    public let rawValue: String
    public init?(rawValue: String) {
        guard Self.allCases.contains(where: { $0.rawValue == rawValue }) else { return nil }
        self.rawValue = rawValue
    }
    private init(_ rawValue: String) { self.rawValue = rawValue }

    public static let number = ComparedType("number")
    public static let date = ComparedType("date")
    public static let auto = ComparedType("auto")
    public static func identifier(_ kind: IdentifierKind) -> ComparedType { ComparedType(kind.rawValue) }
    public static var allCases: [ComparedType] {
        [.number, .date, .auto] + IdentifierKind.allCases.map(identifier)
    }

    /// The identifier kind compared, when it is one.
    public var identifierKind: IdentifierKind? { IdentifierKind(rawValue: rawValue) }
}

/// The locales that gave a value one outcome: the same canonical value, or the same
/// rejection code.
public struct LocaleGroup: Sendable, Hashable {
    /// The canonical value (`1234.5`, `2025-04-03`) when these locales accept the value.
    public var value: String?
    /// The code of the first error when they reject it.
    public var code: ErrorCode?
    public var locales: [LocaleID]

    public var isAccepted: Bool { value != nil }
}

/// One value compared across locales.
public struct LocaleComparison: Sendable, Hashable {
    public var input: String
    /// The type the value was read as (never `auto`).
    public var type: ComparedType
    /// Accepting groups first, the largest first, then rejecting groups, the largest first;
    /// locales within a group keep the order they were given in.
    public var groups: [LocaleGroup]

    /// The distinct meanings the accepting locales give the value.
    public var meanings: [String] { groups.compactMap(\.value) }
    /// Whether locales that accept the value read it as different values: the case to warn
    /// about (`1.234`, `03/04/2025`).
    public var isAmbiguous: Bool { meanings.count > 1 }
    /// Whether some locale accepts the value.
    public var isReadable: Bool { !meanings.isEmpty }
}

/// Reads values under a list of locales. Fields are opened once per locale (and, for dates,
/// per style as needed) and reused for every value.
public final class LocaleComparer {
    public let locales: [LocaleID]
    public let type: ComparedType
    private var numberFields: [FieldValidator?]
    /// Per locale, the date fields of the four styles, opened on first use.
    private var dateFields: [[FieldValidator?]?]
    /// Per locale, the identifier field of `type`'s kind, when it is one.
    private var identifierFields: [FieldValidator?] = []

    /// - Throws: `ConfigurationError` when no locale is given.
    public init(locales: [LocaleID], type: ComparedType) throws(ConfigurationError) {
        guard !locales.isEmpty else { throw ConfigurationError("no locale to compare: name at least one") }
        var seen = Set<LocaleID>()
        self.locales = locales.filter { seen.insert($0).inserted }
        self.type = type
        numberFields = Array(repeating: nil, count: self.locales.count)
        dateFields = Array(repeating: nil, count: self.locales.count)
        if let kind = type.identifierKind {
            identifierFields = self.locales.map { locale in
                try? FieldValidator(FieldSpec(kind: .identifier(IdentifierSpec(kind: kind)), locale: locale))
            }
        } else if type != .date {
            numberFields = self.locales.map { locale in
                try? FieldValidator(FieldSpec(kind: .number(NumberSpec()), locale: locale))
            }
        }
    }

    /// How `input` reads in every locale.
    ///
    /// Each locale's reading is folded into its group as soon as it is made, and dropped:
    /// only one copy of each distinct reading is held, never one per locale (a 1 MB value
    /// read in 800 locales once held 800 canonical copies, 2.1 GB).
    public func compare(_ input: String) -> LocaleComparison {
        switch type {
        case .number: return comparison(input, .number, numberGroups(input))
        case .date: return comparison(input, .date, dateGroups(input))
        case .auto:
            let numbers = numberGroups(input)
            if numbers.hasAccepted { return comparison(input, .number, numbers) }
            let dates = dateGroups(input)
            if dates.hasAccepted { return comparison(input, .date, dates) }
            return comparison(input, .number, numbers)
        default:
            return comparison(input, type, groups(input, identifierFields))
        }
    }

    /// Locales grouped by outcome as the outcomes arrive: a distinct reading is kept once,
    /// found again by a hash of it rather than by comparing it with every group.
    private struct Grouping {
        private struct Outcome: Hashable {
            var value: String?
            var code: ErrorCode?
        }
        var groups: [LocaleGroup] = []
        private var seen: [Outcome: Int] = [:]

        var hasAccepted: Bool { groups.contains(where: \.isAccepted) }

        mutating func add(_ locale: LocaleID, value: String?, code: ErrorCode?) {
            let outcome = Outcome(value: value, code: code)
            if let at = seen[outcome] { return groups[at].locales.append(locale) }
            seen[outcome] = groups.count
            groups.append(LocaleGroup(value: value, code: code, locales: [locale]))
        }
    }

    private func numberGroups(_ input: String) -> Grouping { groups(input, numberFields) }

    /// One field per locale: each locale's reading.
    private func groups(_ input: String, _ fields: [FieldValidator?]) -> Grouping {
        var grouping = Grouping()
        for (index, field) in fields.enumerated() {
            guard let field else { continue }
            let result = field.validate(input, detail: .verdict)
            grouping.add(locales[index], value: result.value, code: result.errors.first?.code)
        }
        return grouping
    }

    /// A date is accepted when one of the locale's four styles reads it (short first); a
    /// rejection reports the short style's code.
    private func dateGroups(_ input: String) -> Grouping {
        var grouping = Grouping()
        locales: for index in locales.indices {
            var firstCode: ErrorCode?
            for field in dateFieldsOf(index) {
                guard let field else { continue }
                let result = field.validate(input, detail: .verdict)
                if let value = result.value, result.isValid {
                    grouping.add(locales[index], value: value, code: nil)
                    continue locales
                }
                if firstCode == nil { firstCode = result.errors.first?.code }
            }
            if let firstCode { grouping.add(locales[index], value: nil, code: firstCode) }
        }
        return grouping
    }

    private func dateFieldsOf(_ index: Int) -> [FieldValidator?] {
        if let fields = dateFields[index] { return fields }
        let fields = DateStyle.allCases.map { style -> FieldValidator? in
            var spec = DateSpec()
            spec.format = .style(style)
            return try? FieldValidator(FieldSpec(kind: .date(spec), locale: locales[index]))
        }
        dateFields[index] = fields
        return fields
    }

    private func comparison(_ input: String, _ type: ComparedType, _ grouping: Grouping) -> LocaleComparison {
        // Stable: equal groups keep the order of their first locale.
        let ordered = grouping.groups.enumerated().sorted { a, b in
            if a.element.isAccepted != b.element.isAccepted { return a.element.isAccepted }
            if a.element.locales.count != b.element.locales.count {
                return a.element.locales.count > b.element.locales.count
            }
            return a.offset < b.offset
        }
        return LocaleComparison(input: input, type: type, groups: ordered.map(\.element))
    }

    /// The locales compared when none are named: the most used conventions for numbers and
    /// dates (point and comma decimals, space, apostrophe and lakh grouping; DMY, MDY, YMD).
    public static let defaultLocales = [
        "en_US", "en_GB", "de_DE", "fr_FR", "es_ES", "it_IT", "pt_BR", "nl_NL", "de_CH", "en_IN", "ja_JP",
        "zh_CN", "ru_RU", "pl_PL", "sv_SE",
    ]
}
