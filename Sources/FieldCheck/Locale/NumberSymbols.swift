internal import CICU
import Synchronization

/// What a locale uses to write numbers, read from ICU's data once.
public struct NumberSymbols: Sendable, Hashable {
    public var locale: LocaleID
    /// How messages name where these numbers come from, when not by the locale: a field's own
    /// separators ("this field's format").
    public var name: String? = nil
    /// The locale, or the name given instead.
    public var placeName: String { name ?? locale.description }

    /// Digits (ASCII) written with these symbols: grouped by the grouping sizes when grouping
    /// is used, the decimal separator before `fraction`.
    public func written(_ integer: String, fraction: String? = nil) -> String {
        var groups: [Substring] = []
        var rest = Substring(integer)
        var size = primaryGroupingSize
        while usesGrouping, size > 0, rest.count > size {
            groups.insert(rest.suffix(size), at: 0)
            rest = rest.dropLast(size)
            size = secondaryGroupingSize > 0 ? secondaryGroupingSize : primaryGroupingSize
        }
        groups.insert(rest, at: 0)
        return groups.joined(separator: groupingSeparator) + (fraction.map { decimalSeparator + $0 } ?? "")
    }
    public var decimalSeparator: String
    public var groupingSeparator: String
    /// Digits per group nearest the decimal separator (3 in `1,234,567`).
    public var primaryGroupingSize: Int
    /// Digits per further group (2 for en_IN's `12,34,567`); equal to the primary size
    /// when the locale has no secondary size.
    public var secondaryGroupingSize: Int
    /// The fewest digits before the first separator for grouping to apply (2 in es, pl:
    /// `1234` is written without a separator there).
    public var minimumGroupingDigits: Int
    /// Whether the locale's default pattern groups at all (en_US_POSIX does not).
    public var usesGrouping: Bool
    public var minusSign: String
    public var plusSign: String
    public var percentSign: String
    public var perMillSign: String
    public var exponentSymbol: String
    public var infinity: String
    public var notANumber: String
    /// The numbering system's name (`latn`, `arab`, `deva`).
    public var numberingSystem: String
    /// The ten digits 0–9 of that numbering system.
    public var digits: [Unicode.Scalar]
    /// The locale's default decimal pattern (`#,##0.###`).
    public var decimalPattern: String
    public var percentPattern: String
    public var currencyPattern: String
    public var scientificPattern: String
    /// The locale's currency (ISO 4217 code) and its symbol there, when it has one.
    public var currencyCode: String?
    public var currencySymbol: String?

    /// What ICU says of `locale`, read once per locale in a process: a Data Package of 10,000
    /// resources compiled a number field for each, and reading the symbols (a number format
    /// and a dozen of its symbols and patterns) was the largest part of it.
    public init(locale: LocaleID) {
        if let known = Self.known.withLock({ $0[locale] }) {
            self = known
            return
        }
        self.init(reading: locale)
        let read = self
        Self.known.withLock { known in
            // A bound, for a process that reads many locales (compare --all): they are read again.
            if known.count >= 512 { known.removeAll() }
            known[locale] = read
        }
    }

    private static let known = Mutex<[LocaleID: NumberSymbols]>([:])

    private init(reading locale: LocaleID) {
        self.locale = locale
        let id = locale.identifier
        // `LocaleID` refuses the keywords ICU opens no format for (`en-u-nu-foo`); should a
        // format still fail to open, the locale without its keywords, then root, stand in.
        var opened: UnsafeMutablePointer<UNumberFormat?>? = nil
        for candidate in [id, locale.dataLocale, "root"] where opened == nil {
            var status = U_ZERO_ERROR
            opened = cicu_unum_open(UNUM_DECIMAL, nil, 0, candidate, &status)
            if ICU.failed(status), let failed = opened {
                cicu_unum_close(failed)
                opened = nil
            }
        }
        guard let format = opened else {
            self = NumberSymbols(fallback: locale)
            return
        }
        defer { cicu_unum_close(format) }
        func symbol(_ which: UNumberFormatSymbol) -> String {
            ICU.utf16String { cicu_unum_getSymbol(format, which, $0, $1, &$2) } ?? ""
        }
        decimalSeparator = symbol(UNUM_DECIMAL_SEPARATOR_SYMBOL)
        groupingSeparator = symbol(UNUM_GROUPING_SEPARATOR_SYMBOL)
        minusSign = symbol(UNUM_MINUS_SIGN_SYMBOL)
        plusSign = symbol(UNUM_PLUS_SIGN_SYMBOL)
        percentSign = symbol(UNUM_PERCENT_SYMBOL)
        perMillSign = symbol(UNUM_PERMILL_SYMBOL)
        exponentSymbol = symbol(UNUM_EXPONENTIAL_SYMBOL)
        infinity = symbol(UNUM_INFINITY_SYMBOL)
        notANumber = symbol(UNUM_NAN_SYMBOL)
        let digitSymbols: [UNumberFormatSymbol] = [
            UNUM_ZERO_DIGIT_SYMBOL, UNUM_ONE_DIGIT_SYMBOL, UNUM_TWO_DIGIT_SYMBOL,
            UNUM_THREE_DIGIT_SYMBOL, UNUM_FOUR_DIGIT_SYMBOL, UNUM_FIVE_DIGIT_SYMBOL,
            UNUM_SIX_DIGIT_SYMBOL, UNUM_SEVEN_DIGIT_SYMBOL, UNUM_EIGHT_DIGIT_SYMBOL,
            UNUM_NINE_DIGIT_SYMBOL,
        ]
        digits = digitSymbols.map { symbol($0).unicodeScalars.first ?? "0" }
        let grouping = Int(cicu_unum_getAttribute(format, UNUM_GROUPING_SIZE))
        let secondary = Int(cicu_unum_getAttribute(format, UNUM_SECONDARY_GROUPING_SIZE))
        usesGrouping = cicu_unum_getAttribute(format, UNUM_GROUPING_USED) != 0 && grouping > 0
        primaryGroupingSize = max(grouping, 0)
        secondaryGroupingSize = secondary > 0 ? secondary : max(grouping, 0)
        minimumGroupingDigits = max(1, Int(cicu_unum_getAttribute(format, UNUM_MINIMUM_GROUPING_DIGITS)))
        numberingSystem = ICU.cString { cicu_numberingSystemName(id, $0, $1, &$2) } ?? "latn"
        func pattern(_ style: UNumberFormatStyle) -> String {
            var status = U_ZERO_ERROR
            guard let other = cicu_unum_open(style, nil, 0, id, &status), !ICU.failed(status) else {
                return ""
            }
            defer { cicu_unum_close(other) }
            return ICU.utf16String { cicu_unum_toPattern(other, 0, $0, $1, &$2) } ?? ""
        }
        decimalPattern = ICU.utf16String { cicu_unum_toPattern(format, 0, $0, $1, &$2) } ?? ""
        percentPattern = pattern(UNUM_PERCENT)
        currencyPattern = pattern(UNUM_CURRENCY)
        scientificPattern = pattern(UNUM_SCIENTIFIC)
        let code = ICU.utf16String(capacity: 8) { cicu_ucurr_forLocale(id, $0, $1, &$2) }
        currencyCode = (code?.isEmpty ?? true) ? nil : code
        currencySymbol = currencyCode.flatMap { Self.currencySymbol($0, locale: locale) }
    }

    /// The symbols one style writes with: the currency style uses the locale's monetary
    /// separators where they differ (de_AT `€ 1.234,56` against `1 234,56`), and each style
    /// groups as its own pattern does (mr_IN groups percent values by three, decimals as lakh;
    /// the scientific pattern groups not at all).
    public func forStyle(_ style: NumberStyle) -> NumberSymbols {
        let icuStyle: UNumberFormatStyle
        switch style {
        case .percent: icuStyle = UNUM_PERCENT
        case .currency: icuStyle = UNUM_CURRENCY
        // The scientific pattern (#E0 in CLDR) has no grouping: ICU stops at 123 in 123,456.
        case .scientific: icuStyle = UNUM_SCIENTIFIC
        case .decimal, .integer: return self
        }
        var status = U_ZERO_ERROR
        guard let format = cicu_unum_open(icuStyle, nil, 0, locale.identifier, &status), !ICU.failed(status) else {
            return self
        }
        defer { cicu_unum_close(format) }
        var symbols = self
        if style == .currency {
            func symbol(_ which: UNumberFormatSymbol) -> String? {
                let text = ICU.utf16String { cicu_unum_getSymbol(format, which, $0, $1, &$2) }
                return text?.isEmpty == false ? text : nil
            }
            symbols.decimalSeparator = symbol(UNUM_MONETARY_SEPARATOR_SYMBOL) ?? decimalSeparator
            symbols.groupingSeparator = symbol(UNUM_MONETARY_GROUPING_SEPARATOR_SYMBOL) ?? groupingSeparator
        }
        let grouping = Int(cicu_unum_getAttribute(format, UNUM_GROUPING_SIZE))
        let secondary = Int(cicu_unum_getAttribute(format, UNUM_SECONDARY_GROUPING_SIZE))
        symbols.usesGrouping = cicu_unum_getAttribute(format, UNUM_GROUPING_USED) != 0 && grouping > 0
        if symbols.usesGrouping {
            symbols.primaryGroupingSize = grouping
            symbols.secondaryGroupingSize = secondary > 0 ? secondary : grouping
        }
        return symbols
    }

    /// en_US_POSIX's symbols, for when ICU cannot open a number format at all.
    private init(fallback locale: LocaleID) {
        self.locale = locale
        decimalSeparator = "."
        groupingSeparator = ","
        primaryGroupingSize = 3
        secondaryGroupingSize = 3
        minimumGroupingDigits = 1
        usesGrouping = false
        minusSign = "-"
        plusSign = "+"
        percentSign = "%"
        perMillSign = "\u{2030}"
        exponentSymbol = "E"
        infinity = "INF"
        notANumber = "NaN"
        numberingSystem = "latn"
        digits = Unicode.Scalar.asciiDigits
        decimalPattern = "#0.######"
        percentPattern = "0%"
        currencyPattern = "\u{A4} 0.00"
        scientificPattern = "0.000000E+000"
        currencyCode = nil
        currencySymbol = nil
    }

    /// Every ISO 4217 code ICU knows, current or historic (`EUR`, `DEM`).
    public static let currencyCodes: Set<String> = {
        var status = U_ZERO_ERROR
        guard let codes = cicu_ucurr_openISOCurrencies(UInt32(UCURR_ALL.rawValue), &status), !ICU.failed(status)
        else { return [] }
        defer { cicu_uenum_close(codes) }
        var result: Set<String> = []
        while let code = cicu_uenum_next(codes, nil, &status), !ICU.failed(status) {
            result.insert(String(cString: code))
        }
        return result
    }()

    /// Refuses a currency code ICU does not know (`EURO`, `XYZ`), suggesting the codes one
    /// letter away.
    public static func checkCurrency(_ code: String) throws(ConfigurationError) {
        guard !isKnownCurrency(code) else { return }
        throw ConfigurationError("unknown currency '\(code)': not an ISO 4217 code ICU knows (\(currencyHint(code)))")
    }

    /// Whether ICU knows the currency code, in any case (`eur` is `EUR`); true when ICU lists none.
    static func isKnownCurrency(_ code: String) -> Bool {
        currencyCodes.isEmpty || currencyCodes.contains(code.uppercased())
    }

    static let commonCurrencies = "such as EUR, USD, JPY or CHF"

    /// The codes one letter away from an unknown one, or a few common codes.
    static func currencyHint(_ code: String) -> String {
        let upper = code.uppercased()
        let near = currencyCodes.filter { candidate in
            upper.hasPrefix(candidate) || candidate.hasPrefix(upper)
                || (candidate.count == upper.count && zip(candidate, upper).filter { $0 != $1 }.count == 1)
        }.sorted()
        return near.isEmpty ? commonCurrencies : "did you mean \(near.prefix(6).joined(separator: ", "))?"
    }

    /// The symbol of an ISO 4217 currency in a locale (`€` for EUR in de_DE).
    public static func currencySymbol(_ code: String, locale: LocaleID) -> String? {
        let units = code.icuUnits + [0]
        return ICU.utf16String(capacity: 16) {
            cicu_ucurr_getName(units, locale.identifier, UCURR_SYMBOL_NAME, $0, $1, &$2)
        }
    }

    /// The value of a digit of this numbering system, or nil.
    public func digitValue(_ scalar: Unicode.Scalar) -> Int? {
        if let first = digits.first, scalar.value >= first.value, scalar.value <= first.value + 9,
            digits[Int(scalar.value - first.value)] == scalar
        {
            return Int(scalar.value - first.value)
        }
        return digits.firstIndex(of: scalar)
    }
}

extension Unicode.Scalar {
    /// 0–9 of the Latin numbering system (`latn`): the digits the fast paths read.
    static let asciiDigits = Array("0123456789".unicodeScalars)

    /// Whether this is one of the bidi marks ICU writes into numbers and dates (U+200E LRM,
    /// U+200F RLM, U+061C ALM), which readers treat as optional.
    var isBidiMark: Bool { self == "\u{200E}" || self == "\u{200F}" || self == "\u{061C}" }
}
