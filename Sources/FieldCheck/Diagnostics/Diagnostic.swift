internal import CICU
import Synchronization

/// One finding about one value: what (a stable code), where (an offset in Unicode scalars of
/// the input, or in bytes for `invalid_utf8`), which character, and why.
///
/// Diagnostics are data: the core produces them, the command line's printers render them.
public struct Diagnostic: Sendable, Hashable {
    public var code: ErrorCode
    /// 0-based offset in Unicode scalars of the raw input; in bytes for `invalid_utf8`.
    /// Nil when the finding is about the whole value (`empty`, `too_short`).
    public var offset: Int?
    /// How many scalars (bytes for `invalid_utf8`) the finding covers.
    public var length: Int
    /// The offending character, when there is one.
    public var character: Unicode.Scalar?
    /// The offending byte of an `invalid_utf8` finding.
    public var byte: UInt8?
    /// Why, as data; `message` puts it into words.
    public var reason: Reason
    /// The whole explanation, with an example of a valid value where one helps. Setting it
    /// gives the diagnostic these words as its reason.
    public var message: String {
        get {
            if case .sentence(let text) = reason { return text }
            var text = ""
            withMessage { text = String(decoding: $0, as: UTF8.self) }
            return text
        }
        set { reason = .sentence(newValue) }
    }
    /// What kind of character it was ("a lowercase letter"), in a redacted diagnostic, which
    /// has no `character`.
    public var category: String? = nil

    public init(
        code: ErrorCode, offset: Int?, length: Int = 1, character: Unicode.Scalar? = nil,
        byte: UInt8? = nil, message: String
    ) {
        self.init(
            code: code, offset: offset, length: length, character: character, byte: byte, reason: .sentence(message))
    }

    public init(
        code: ErrorCode, offset: Int?, length: Int = 1, character: Unicode.Scalar? = nil,
        byte: UInt8? = nil, reason: Reason
    ) {
        self.code = code
        self.offset = offset
        self.length = length
        self.character = character
        self.byte = byte
        self.reason = reason
    }

    /// `U+0061` for the character (or `0xFF` for a byte).
    public var codepoint: String? {
        if let character { return CharacterDescription.codepoint(character) }
        if let byte { return "0x" + hex(UInt32(byte), width: 2) }
        return nil
    }

    /// The character's Unicode name (`LATIN SMALL LETTER A`).
    public var characterName: String? { character.map(CharacterDescription.name) }
}

/// Describes characters the way a person reading a diagnostic needs: visible ones quoted,
/// invisible ones (spaces other than U+0020, format and control characters, bidi marks)
/// called out by name because quoting them shows nothing.
public enum CharacterDescription {
    public static func codepoint(_ scalar: Unicode.Scalar) -> String {
        "U+" + hex(scalar.value, width: 4)
    }

    /// The Unicode name from ICU, or a label such as `<control-0000>` when it has none.
    ///
    /// Kept for the next time, as `describe` keeps its text: every refused character of a
    /// `--json` record is named, and ICU's lookup was a tenth of such a run.
    public static func name(_ scalar: Unicode.Scalar) -> String {
        text(.name, of: scalar)
    }

    /// Hands `body` the name's UTF-8: the kept one, or one ICU writes on the stack (and kept
    /// while there is room), with no `String` made for a character seen once.
    package static func withName(of scalar: Unicode.Scalar, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        withText(.name, of: scalar, body)
    }

    /// ICU's name (or label) of the character, on the stack: the longest name has 88
    /// characters, a label such as `<unassigned-10FFFF>` fewer.
    private static func withNewName(of scalar: Unicode.Scalar, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 129) { buffer in
            var status = U_ZERO_ERROR
            let length = cicu_u_charName(UChar32(scalar.value), buffer.baseAddress!, 128, &status)
            let count = ICU.failed(status) || length > 128 ? 0 : Int(length)
            UnsafeRawPointer(buffer.baseAddress!).withMemoryRebound(to: UInt8.self, capacity: 129) {
                body(UnsafeBufferPointer(start: $0, count: count))
            }
        }
    }

    /// The names looked up so far.
    private static let names = CharacterTexts()

    /// Whether the character shows nothing (or nothing distinct) when printed.
    ///
    /// Asked of every character of every rejected value a diagnostic quotes, so it reads ICU's
    /// property tries (a lookup each) rather than the standard library's `Unicode.Scalar.
    /// Properties`, whose searches took a third of an explained run over random Unicode
    /// (issue 35). The answers are those of ICU's Unicode version, as everything else here.
    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        // Space and printable ASCII, most of what diagnostics show, need no lookup at all.
        if scalar.value >= 0x20 && scalar.value < 0x7F { return false }
        let c = UChar32(scalar.value)
        switch Int32(cicu_u_charType(c)) {
        case Int32(U_CONTROL_CHAR.rawValue), Int32(U_FORMAT_CHAR.rawValue), Int32(U_SPACE_SEPARATOR.rawValue),
            Int32(U_LINE_SEPARATOR.rawValue), Int32(U_PARAGRAPH_SEPARATOR.rawValue),
            Int32(U_NON_SPACING_MARK.rawValue), Int32(U_ENCLOSING_MARK.rawValue), Int32(U_UNASSIGNED.rawValue),
            Int32(U_PRIVATE_USE_CHAR.rawValue), Int32(U_SURROGATE.rawValue):
            return true
        default:
            return cicu_u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT) != 0 || cicu_u_isUWhiteSpace(c) != 0
        }
    }

    /// Whether the character is a combining mark (nonspacing or enclosing), which is shown
    /// on the character before it.
    public static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x300 { return false }
        let category = Int32(cicu_u_charType(UChar32(scalar.value)))
        return category == Int32(U_NON_SPACING_MARK.rawValue) || category == Int32(U_ENCLOSING_MARK.rawValue)
    }

    /// How many terminal cells a character takes: 2 for East Asian wide and full-width ones
    /// (漢, Ａ, most emoji), 0 for a lone combining mark or format character, else 1.
    public static func cellWidth(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        let width = cicu_u_getIntPropertyValue(UChar32(first.value), UCHAR_EAST_ASIAN_WIDTH)
        if width == Int32(U_EA_WIDE.rawValue) || width == Int32(U_EA_FULLWIDTH.rawValue) { return 2 }
        if first.properties.isEmojiPresentation { return 2 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: return 1
        }
    }

    /// `'a' (U+0061 LATIN SMALL LETTER A)` or `invisible U+200B ZERO WIDTH SPACE`.
    ///
    /// Built in one string, and kept for the next time (up to `CharacterTexts.limit` characters):
    /// every refused character of an explained run is described, the same few over and over
    /// in real data (a letter, a separator, a no-break space), and ICU's name lookup was most
    /// of a description's cost.
    public static func describe(_ scalar: Unicode.Scalar) -> String {
        text(.description, of: scalar)
    }

    /// Hands `body` the description's UTF-8: the kept one, or a new one written on the stack
    /// (and kept while there is room). Over random Unicode, whose characters are too many to
    /// keep, every refused character is described anew, and making each description a
    /// `String` (allocated, and validated as UTF-8) was a fifth of an explained run (issue 35).
    package static func withDescription(of scalar: Unicode.Scalar, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        withText(.description, of: scalar, body)
    }

    /// The one writer of a description.
    private static func withNewDescription(of scalar: Unicode.Scalar, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let invisible = isInvisible(scalar)
        withName(of: scalar) { name in
            MessageWriter.withBytes(
                { writer in
                    if invisible {
                        writer.put("invisible U+")
                    } else {
                        writer.put("'")
                        writer.put(scalar: scalar)
                        writer.put("' (U+")
                    }
                    writer.put(hex: scalar.value, width: 4)
                    writer.put(byte: 0x20)
                    writer.put(name)
                    if !invisible { writer.put(")") }
                }, body)
        }
    }

    /// The descriptions made so far.
    private static let described = CharacterTexts()

    /// The two texts made of a character and kept.
    private enum Text { case name, description }

    /// The texts of the ASCII characters, made together the first time one is asked for and
    /// read without a lock: most refused characters are ASCII (a letter, a point, a comma),
    /// and a look-up in the shared table, under its lock, cost about 600 instructions, once
    /// for a message and again for a `--json` record's name (issue 35).
    private static let asciiNames: [String] = (0..<0x80).map { ascii(.name, UInt8($0)) }
    private static let asciiDescriptions: [String] = (0..<0x80).map { ascii(.description, UInt8($0)) }

    private static func ascii(_ kind: Text, _ byte: UInt8) -> String {
        var text = ""
        withNew(kind, of: Unicode.Scalar(byte)) { text = String(decoding: $0, as: UTF8.self) }
        return text
    }

    /// The kept text, or a new one, kept.
    @inline(__always)
    private static func text(_ kind: Text, of scalar: Unicode.Scalar) -> String {
        if scalar.isASCII { return (kind == .name ? asciiNames : asciiDescriptions)[Int(scalar.value)] }
        let store = kind == .name ? names : described
        if let text = store.known(scalar) { return text }
        var text = ""
        withNew(kind, of: scalar) { text = String(decoding: $0, as: UTF8.self) }
        store.keep(text, for: scalar)
        return text
    }

    /// Hands `body` the kept text's UTF-8, or a new one's from the stack (kept while there is
    /// room: once the table is full, no `String` is made for it).
    @inline(__always)
    private static func withText(_ kind: Text, of scalar: Unicode.Scalar, _ body: (UnsafeBufferPointer<UInt8>) -> Void)
    {
        if scalar.isASCII {
            (kind == .name ? asciiNames : asciiDescriptions)[Int(scalar.value)].withUTF8Bytes(body)
            return
        }
        let store = kind == .name ? names : described
        if let text = store.known(scalar) {
            text.withUTF8Bytes(body)
            return
        }
        withNew(kind, of: scalar) { bytes in
            if store.hasRoom { store.keep(String(decoding: bytes, as: UTF8.self), for: scalar) }
            body(bytes)
        }
    }

    @inline(__always)
    private static func withNew(_ kind: Text, of scalar: Unicode.Scalar, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        switch kind {
        case .name: withNewName(of: scalar, body)
        case .description: withNewDescription(of: scalar, body)
        }
    }

    /// A text made for a character, kept for the next time (up to `limit` characters, about
    /// 300 KB), shared by every thread of a `--jobs` run.
    private final class CharacterTexts: Sendable {
        static let limit = 4096
        private let kept = Mutex<[UInt32: String]>([:])

        func known(_ scalar: Unicode.Scalar) -> String? { kept.withLock { $0[scalar.value] } }

        /// Whether another text would be kept; once the table is full, no `String` need be made.
        var hasRoom: Bool { kept.withLock { $0.count < Self.limit } }

        func keep(_ text: String, for scalar: Unicode.Scalar) {
            kept.withLock { kept in
                if kept.count < Self.limit { kept[scalar.value] = text }
            }
        }
    }
}

func hex(_ value: UInt32, width: Int) -> String {
    var text = ""
    appendHex(value, width: width, to: &text)
    return text
}

/// `value` in upper-case hexadecimal, at least `width` (at most 8) digits, appended to `text`
/// as one small string (no allocation), not digit by digit.
func appendHex(_ value: UInt32, width: Int, to text: inout String) {
    text += withHexDigits(value, width: width) { String(decoding: $0, as: UTF8.self) }
}

/// Hands `body` the upper-case hexadecimal digits of `value`, at least `width` (at most 8), from
/// the stack: the one digit writer behind `appendHex` and `FieldOutput.appendHex`.
@inlinable
package func withHexDigits<R>(_ value: UInt32, width: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    let count = hexDigitCount(value, width: width)
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 8) { buffer in
        for index in 0..<count { buffer[index] = hexDigit(value, index, of: count) }
        return body(UnsafeBufferPointer(rebasing: buffer[..<count]))
    }
}

/// How many upper-case hexadecimal digits `value` is written with: at least `width`, at most 8.
@usableFromInline
func hexDigitCount(_ value: UInt32, width: Int) -> Int {
    min(8, max(width, (UInt32.bitWidth - value.leadingZeroBitCount + 3) / 4))
}

/// The `index`th (from the left) of the `count` upper-case hexadecimal digits of `value`.
@usableFromInline @inline(__always)
func hexDigit(_ value: UInt32, _ index: Int, of count: Int) -> UInt8 {
    let nibble = UInt8(truncatingIfNeeded: value >> UInt32((count &- 1 &- index) &* 4)) & 0xF
    return nibble < 10 ? 0x30 &+ nibble : 0x37 &+ nibble
}

/// Hands `body` the decimal digits of `value` (with a minus sign), from the stack: the one
/// decimal writer behind `FieldOutput.appendDecimal` and messages' numbers.
@inlinable
package func withDecimalDigits<R>(_ value: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 21) { digits in
        var magnitude = value.magnitude
        var start = 21
        repeat {
            start -= 1
            digits[start] = 0x30 &+ UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        if value < 0 {
            start -= 1
            digits[start] = UInt8(ascii: "-")
        }
        return body(UnsafeBufferPointer(rebasing: digits[start..<21]))
    }
}

/// The value with each invisible character written as its escape (`12\u{A0}345`), as the
/// front end shows a value: a message that quotes the value again (another reading of it)
/// must not show a no-break space as a space.
func visibly(_ value: String) -> String {
    guard value.unicodeScalars.contains(where: { $0 != " " && CharacterDescription.isInvisible($0) }) else {
        return value
    }
    var shown = ""
    for scalar in value.unicodeScalars {
        if scalar != " " && CharacterDescription.isInvisible(scalar) {
            shown += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        } else {
            shown.unicodeScalars.append(scalar)
        }
    }
    return shown
}

/// A value quoted in a message: `'12a,5'`, or its first 200 characters and its length when it
/// is longer (`'aaaa…' (60000000 characters)`), so that a message about a 60 MB value is not
/// 60 MB long.
func quoted(_ value: String) -> String {
    MessageWriter.string { $0.put(quoting: value) }
}
