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
    /// The whole explanation, with an example of a valid value where one helps.
    public var message: String
    /// What kind of character it was ("a lowercase letter"), in a redacted diagnostic, which
    /// has no `character`.
    public var category: String? = nil

    public init(
        code: ErrorCode, offset: Int?, length: Int = 1, character: Unicode.Scalar? = nil,
        byte: UInt8? = nil, message: String
    ) {
        self.code = code
        self.offset = offset
        self.length = length
        self.character = character
        self.byte = byte
        self.message = message
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
        names.text(for: scalar) {
            ICU.cString(capacity: 96) { cicu_u_charName(UChar32(scalar.value), $0, $1, &$2) } ?? ""
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
        described.text(for: scalar) { newDescription(scalar) }
    }

    /// The descriptions made so far.
    private static let described = CharacterTexts()

    /// A text made for a character, kept for the next time (up to `limit` characters, about
    /// 300 KB), shared by every thread of a `--jobs` run.
    private final class CharacterTexts: Sendable {
        static let limit = 4096
        private let known = Mutex<[UInt32: String]>([:])

        func text(for scalar: Unicode.Scalar, _ make: () -> String) -> String {
            if let text = known.withLock({ $0[scalar.value] }) { return text }
            let text = make()
            known.withLock { known in
                if known.count < Self.limit { known[scalar.value] = text }
            }
            return text
        }
    }

    /// Written as bytes into a string made at its full length: appended piece by piece, the
    /// five pieces cost a third of a description (issue 35), and over random Unicode, whose
    /// characters are too many to keep, every refused character is described anew.
    private static func newDescription(_ scalar: Unicode.Scalar) -> String {
        let invisible = isInvisible(scalar)
        var name = name(scalar)
        return name.withUTF8 { nameBytes in
            String(unsafeUninitializedCapacity: nameBytes.count + 32) { buffer in
                var at = 0
                func put(_ bytes: UnsafeBufferPointer<UInt8>) {
                    for byte in bytes {
                        buffer[at] = byte
                        at += 1
                    }
                }
                func put(_ literal: StaticString) {
                    put(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
                }
                if invisible {
                    put("invisible U+")
                } else {
                    put("'")
                    UTF8.encode(scalar) { byte in
                        buffer[at] = byte
                        at += 1
                    }
                    put("' (U+")
                }
                withHexDigits(scalar.value, width: 4) { put($0) }
                put(" ")
                put(nameBytes)
                if !invisible { put(")") }
                return at
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
    let count = min(8, max(width, (UInt32.bitWidth - value.leadingZeroBitCount + 3) / 4))
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 8) { buffer in
        for index in 0..<count {
            let nibble = UInt8(truncatingIfNeeded: value >> UInt32((count - 1 - index) * 4)) & 0xF
            buffer[index] = nibble < 10 ? 0x30 + nibble : 0x37 + nibble
        }
        return body(UnsafeBufferPointer(rebasing: buffer[..<count]))
    }
}

/// A reason in words, built only when it is read: readers fail far more often than anyone
/// reads why (under `--quiet`, nobody does), and interpolating every reason cost a tenth of
/// a rejected value.
///
/// `@unchecked Sendable`: the closure may capture its reader, and a failure never leaves the
/// thread of the validator that made it.
struct LazyReason: @unchecked Sendable {
    private let build: () -> String

    init(_ build: @escaping () -> String) { self.build = build }

    var text: String { build() }
}

/// The pieces of a message as one string, each piece's bytes copied once into a string made
/// at its full length: appended piece by piece (or interpolated), each piece cost about 360
/// instructions, a third of a rejected value's explanation (issue 35).
func joinedText(_ pieces: [String]) -> String {
    var total = 0
    for piece in pieces { total &+= piece.utf8.count }
    return String(unsafeUninitializedCapacity: total) { buffer in
        var at = 0
        for var piece in pieces {
            piece.withUTF8 { bytes in
                guard let source = bytes.baseAddress else { return }
                (buffer.baseAddress! + at).update(from: source, count: bytes.count)
                at &+= bytes.count
            }
        }
        return at
    }
}

/// A value quoted in a message: `'12a,5'`, or its first 200 characters and its length when it
/// is longer (`'aaaa…' (60000000 characters)`), so that a message about a 60 MB value is not
/// 60 MB long.
func quoted(_ value: String) -> String {
    let limit = 200
    var count = 0
    var end = value.unicodeScalars.startIndex
    for index in value.unicodeScalars.indices {
        if count == limit {
            end = index
            let total = value.unicodeScalars.count
            return "'\(String(value.unicodeScalars[..<end]))…' (\(total) characters)"
        }
        count += 1
    }
    return "'\(value)'"
}
