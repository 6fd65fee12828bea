internal import CYAMLSystem

/// Reads YAML (and JSON, a subset of it) into plain Swift values: `[String: Any]`, `[Any]`,
/// `String`, `Int`, `YAMLNumber` (a number that `Int` cannot hold, as written), `Double` (only
/// `.inf` and `.nan`), `Bool`, and `YAMLNull` for a null.
///
/// The system libyaml reads the text as events; this module composes them into values, with
/// the bounds a file from anywhere needs: a schema is small, so a document of more than
/// `maximumNodes` values (aliases counted as the copies they stand for, which stops a
/// "billion laughs" document before it grows), whose scalars, aliases expanded, come to more
/// than `maximumExpandedBytes` (a few aliases to one huge scalar), nested deeper than
/// `maximumDepth`, or larger than `maximumBytes` is refused, as are repeated keys (the second `type:` of a field would
/// silently win) and more than one document.
///
/// Plain scalars are typed as YAML 1.1 does (what Yams and PyYAML read schemas with): `true`,
/// `yes`, `on` and their opposites are booleans; decimal, `0x`, `0o` and `0b` integers;
/// decimal and exponent floats, `.inf` and `.nan`; `~`, `null` and nothing are null. Quoted
/// scalars, and `!!str`, are strings. A mapping's plain value with a leading zero that YAML
/// 1.1 reads as octal and 1.2 as decimal (`020`: 16 or 20) is refused, as either guess could
/// be wrong.
///
/// Except in a sequence: there a plain scalar that YAML 1.1 would type as something other than
/// a string is a `YAMLPlainScalar`, which keeps the text as written. A schema's lists are of
/// words (`enum: [SE, NO, DK]`, `missingValues`, `trueValues`), and typing would lose which word
/// was written: `NO` would become `false`, `007` the number 7, `~` nothing.
public enum YAMLTree {
    /// The largest text read, in bytes: a schema `infer --schema` writes for a table of about
    /// 180,000 columns (30,000 columns made 5 MB, past the 4 MiB this was).
    public static let maximumBytes = 32 << 20
    /// The most values a document may stand for, aliases expanded.
    public static let maximumNodes = 2_000_000
    /// The most bytes of scalar text a document may stand for, aliases expanded: no more than
    /// `maximumBytes`, so that what a schema costs stays near its size on disk.
    public static let maximumExpandedBytes = maximumBytes
    /// The deepest nesting of sequences and mappings.
    public static let maximumDepth = 64

    /// The document's value, or nil for an empty document.
    /// - Throws: `YAMLTreeError` naming the line and column of a syntax error or of the
    ///   value past a bound.
    public static func parse(_ text: String) throws(YAMLTreeError) -> Any? {
        var bytes = Array(text.utf8)
        guard bytes.count <= maximumBytes else {
            throw YAMLTreeError(
                description: "\(bytes.count) bytes, more than the \(maximumBytes)-byte limit of a schema file")
        }
        bytes.append(0)
        var composer = Composer()
        let result: Result<Any?, YAMLTreeError> = bytes.withUnsafeBufferPointer { buffer in
            do throws(YAMLTreeError) {
                return .success(try composer.compose(buffer.baseAddress!, count: buffer.count - 1))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

/// The null of a YAML document (`~`, `null`, an empty value), as a value of its own: an
/// optional inside `Any` is easy to mistake for a missing key.
public struct YAMLNull: Hashable, Sendable, CustomStringConvertible {
    public var description: String { "null" }
}

/// A plain number that `Int` cannot hold — a fraction, an exponent, more than 19 digits — kept
/// as written (without YAML's `_` digit separators): a schema's `minimum: 0.1` or a 20-digit
/// `enum` value is read by the field's own exact number reader, never through a binary float.
/// It is `LosslessStringConvertible`, which is how a schema reader that does not know this
/// module (`FieldCheck.TableSchema`) takes its text.
public struct YAMLNumber: Hashable, Sendable, LosslessStringConvertible {
    /// The number's text, digit separators removed (`1_000.5` is `1000.5`).
    public var text: String
    public var description: String { text }

    public init(text: String) { self.text = text }
    public init?(_ description: String) { self.init(text: description) }
}

/// A plain scalar in a sequence that YAML 1.1 would read as a boolean, number or null
/// (`NO`, `007`, `1.0`, `~`), kept as the text written. It is `LosslessStringConvertible`, so a
/// reader that does not know this module (`FieldCheck.TableSchema`) takes its text, and it is
/// not a `String`, so a reader that requires a string (`missingValues`) can tell it was
/// unquoted and ask for quotes, as other YAML readers would see a boolean or number there.
public struct YAMLPlainScalar: Hashable, Sendable, LosslessStringConvertible {
    /// The scalar as written.
    public var text: String
    /// The 1-based line it was written on.
    public var line: Int
    public var description: String { text }

    public init(text: String, line: Int) {
        self.text = text
        self.line = line
    }
    public init?(_ description: String) { self.init(text: description, line: 0) }
}

public struct YAMLTreeError: Error, CustomStringConvertible {
    public var description: String
}

/// Builds values from libyaml's events with an explicit stack (never recursion, whatever the
/// nesting), counting every value it stands for and the bytes of its scalars.
private struct Composer {
    /// What a value stands for once its aliases are expanded.
    struct Weight {
        var nodes: Int
        var bytes: Int
        static let zero = Weight(nodes: 0, bytes: 0)
        static let collection = Weight(nodes: 1, bytes: 0)
        static func + (a: Weight, b: Weight) -> Weight { Weight(nodes: a.nodes + b.nodes, bytes: a.bytes + b.bytes) }
    }

    enum Frame {
        case sequence([Any], anchor: String?, weight: Weight)
        case mapping([String: Any], key: String?, anchor: String?, weight: Weight, merged: Set<String>)
    }

    var stack: [Frame] = []
    var anchors: [String: (value: Any, weight: Weight)] = [:]
    var expanded = Weight.zero
    var documents = 0
    var root: Any?

    mutating func compose(_ text: UnsafePointer<UInt8>, count: Int) throws(YAMLTreeError) -> Any? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) != 0 else { throw YAMLTreeError(description: "out of memory") }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_input_string(&parser, text, count)
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(&parser, &event) != 0 else { throw Self.syntaxError(parser) }
            defer { yaml_event_delete(&event) }
            let mark = event.start_mark
            func at() -> String { "line \(mark.line + 1), column \(mark.column + 1)" }
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return root
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                if documents > 1 {
                    throw YAMLTreeError(description: "\(at()): a second document; a schema is one document")
                }
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                let text = Self.string(scalar.value, Int(scalar.length))
                let tag = scalar.tag.map { String(cString: $0) }
                let plain = scalar.style == YAML_PLAIN_SCALAR_STYLE && tag == nil
                if plain, case .mapping(_, _?, _, _, _)? = stack.last, let readings = Self.leadingZeroReadings(text) {
                    throw YAMLTreeError(
                        description: "\(at()): '\(text)' has a leading zero, which YAML 1.1 (PyYAML, so Frictionless) "
                            + "reads as \(readings.old) and YAML 1.2 as \(readings.new): write it without the zero, or "
                            + "quote it if it is text")
                }
                var value = try Self.typed(text, plain: plain, tag: tag, at: at())
                if plain, !(value is String), case .sequence? = stack.last {
                    value = YAMLPlainScalar(text: text, line: mark.line + 1)
                }
                let weight = Weight(nodes: 1, bytes: Int(scalar.length))
                try add(
                    value, weight: weight, anchor: scalar.anchor.map { String(cString: $0) }, at: at(), keyText: text)
            case YAML_ALIAS_EVENT:
                let name = String(cString: event.data.alias.anchor)
                guard let anchored = anchors[name] else {
                    throw YAMLTreeError(description: "\(at()): the alias *\(name) names no anchor before it")
                }
                try add(anchored.value, weight: anchored.weight, anchor: nil, at: at(), keyText: nil)
            case YAML_SEQUENCE_START_EVENT:
                try open(at: at())
                stack.append(
                    .sequence(
                        [], anchor: event.data.sequence_start.anchor.map { String(cString: $0) }, weight: .collection))
            case YAML_MAPPING_START_EVENT:
                try open(at: at())
                stack.append(
                    .mapping(
                        [:], key: nil, anchor: event.data.mapping_start.anchor.map { String(cString: $0) },
                        weight: .collection,
                        merged: []))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                let frame = stack.removeLast()
                switch frame {
                case .sequence(let values, let anchor, let weight):
                    try add(values, weight: weight, anchor: anchor, at: at(), keyText: nil, counted: true)
                case .mapping(let values, _, let anchor, let weight, _):
                    try add(values, weight: weight, anchor: anchor, at: at(), keyText: nil, counted: true)
                }
            default:
                continue
            }
        }
    }

    /// Opens a sequence or mapping: one more value, one level deeper.
    private mutating func open(at place: String) throws(YAMLTreeError) {
        if case .mapping(_, nil, _, _, _)? = stack.last {
            throw YAMLTreeError(description: "\(place): a mapping key must be a plain value, not a list or mapping")
        }
        guard stack.count < YAMLTree.maximumDepth else {
            throw YAMLTreeError(description: "\(place): nested deeper than \(YAMLTree.maximumDepth) levels")
        }
        try count(.collection, at: place)
    }

    private mutating func count(_ weight: Weight, at place: String) throws(YAMLTreeError) {
        expanded = expanded + weight
        guard expanded.nodes <= YAMLTree.maximumNodes else {
            throw YAMLTreeError(
                description: "\(place): the document stands for more than \(YAMLTree.maximumNodes) values "
                    + "(aliases counted as the copies they make); a schema never needs that many")
        }
        guard expanded.bytes <= YAMLTree.maximumExpandedBytes else {
            throw YAMLTreeError(
                description: "\(place): the document's text stands for more than \(YAMLTree.maximumExpandedBytes) "
                    + "bytes (aliases counted as the copies they make), the limit of a schema file")
        }
    }

    /// Adds a finished value to the collection being built, or makes it the document's.
    private mutating func add(
        _ value: Any, weight: Weight, anchor: String?, at place: String, keyText: String?, counted: Bool = false
    ) throws(YAMLTreeError) {
        if !counted { try count(weight, at: place) }
        if let anchor { anchors[anchor] = (value, weight) }
        guard var top = stack.popLast() else {
            root = value is YAMLNull ? nil : value
            return
        }
        // Each case lets go of `top`'s reference to the collection before changing it, so
        // that the change is made in place: a copy per value was quadratic (a schema of
        // 10,000 fields took 3 s).
        switch top {
        case .sequence(var values, let anchor, let total):
            top = .sequence([], anchor: nil, weight: .zero)
            values.append(value)
            stack.append(.sequence(values, anchor: anchor, weight: total + weight))
        case .mapping(let values, nil, let anchor, let total, let merged):
            guard let key = keyText ?? (value as? String) else {
                throw YAMLTreeError(description: "\(place): a mapping key must be a plain value, not a list or mapping")
            }
            if values[key] != nil && !merged.contains(key) {
                throw YAMLTreeError(description: "\(place): the key '\(key)' appears twice in one mapping")
            }
            stack.append(.mapping(values, key: key, anchor: anchor, weight: total + weight, merged: merged))
        case .mapping(var values, let key?, let anchor, let total, var merged):
            top = .sequence([], anchor: nil, weight: .zero)
            if key == "<<" {
                // A merge key: the keys of the mapping (or mappings) it names, where not set.
                let sources = (value as? [Any]) ?? [value]
                for case let source as [String: Any] in sources {
                    for (name, merging) in source where values[name] == nil {
                        values[name] = merging
                        merged.insert(name)
                    }
                }
            } else {
                values[key] = value
                merged.remove(key)
            }
            stack.append(.mapping(values, key: nil, anchor: anchor, weight: total + weight, merged: merged))
        }
    }

    static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?, _ length: Int) -> String {
        guard let pointer else { return "" }
        return String(decoding: UnsafeBufferPointer(start: pointer, count: length), as: UTF8.self)
    }

    static func syntaxError(_ parser: yaml_parser_t) -> YAMLTreeError {
        let problem = parser.problem.map { String(cString: $0) } ?? "not valid YAML"
        let mark = parser.problem_mark
        var description = "line \(mark.line + 1), column \(mark.column + 1): \(problem)"
        if let context = parser.context.map({ String(cString: $0) }) {
            description += " (\(context), line \(parser.context_mark.line + 1))"
        }
        return YAMLTreeError(description: description)
    }

    /// The value of a scalar: typed when plain (or tagged), else the text.
    static func typed(_ text: String, plain: Bool, tag: String?, at place: String) throws(YAMLTreeError) -> Any {
        switch tag {
        case nil: break
        case "tag:yaml.org,2002:str": return text
        case "tag:yaml.org,2002:int":
            guard let int = integer(text) else {
                throw YAMLTreeError(description: "\(place): '\(text)' is not an !!int")
            }
            return int
        case "tag:yaml.org,2002:float":
            if let number = float(text) { return number }
            guard let int = integer(text) else {
                throw YAMLTreeError(description: "\(place): '\(text)' is not a !!float")
            }
            return YAMLNumber(text: String(int))
        case "tag:yaml.org,2002:bool":
            guard let bool = boolean(text) else {
                throw YAMLTreeError(description: "\(place): '\(text)' is not a !!bool")
            }
            return bool
        case "tag:yaml.org,2002:null": return YAMLNull()
        case "!": return text
        default: throw YAMLTreeError(description: "\(place): the tag \(tag!) is not one a schema uses")
        }
        guard plain else { return text }
        if ["", "~", "null", "Null", "NULL"].contains(text) { return YAMLNull() }
        if let bool = boolean(text) { return bool }
        if let int = integer(text) { return int }
        if let number = float(text) { return number }
        return text
    }

    /// How the two YAML versions read a plain integer written with a leading zero (`020`):
    /// YAML 1.1 as octal (16), or as text where it has an 8 or 9 (`08`); YAML 1.2 as decimal
    /// (20). Nil when both read the same number (`007`, `00`) or it is no such integer.
    static func leadingZeroReadings(_ text: String) -> (old: String, new: String)? {
        var digits = Substring(text)
        if let sign = digits.first, sign == "-" || sign == "+" { digits = digits.dropFirst() }
        guard digits.count > 1, digits.first == "0", digits.allSatisfy({ $0 == "_" || ("0"..."9").contains($0) })
        else { return nil }
        let plain = digits.filter { $0 != "_" }
        guard let decimal = Int(plain) else { return nil }
        let sign = text.first == "-" ? "-" : ""
        guard let octal = Int(plain, radix: 8) else { return ("the text '\(text)'", "\(sign)\(decimal)") }
        return octal == decimal ? nil : ("\(sign)\(octal)", "\(sign)\(decimal)")
    }

    static func boolean(_ text: String) -> Bool? {
        switch text {
        case "true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON": true
        case "false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF": false
        default: nil
        }
    }

    static func integer(_ text: String) -> Int? {
        var digits = Substring(text.filter { $0 != "_" })
        var negative = false
        if let sign = digits.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            digits = digits.dropFirst()
        }
        guard let first = digits.first, first.isASCII, first.isNumber || first == "0" else { return nil }
        var radix = 10
        for (prefix, base) in [("0x", 16), ("0o", 8), ("0b", 2)] where digits.hasPrefix(prefix) {
            radix = base
            digits = digits.dropFirst(2)
        }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isHexDigit }),
            let magnitude = Int(digits, radix: radix)
        else { return nil }
        return negative ? -magnitude : magnitude
    }

    /// A float as YAML 1.1 writes one: `YAMLNumber` for digits, `Double` for `.inf` and `.nan`.
    static func float(_ text: String) -> Any? {
        switch text {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return Double.infinity
        case "-.inf", "-.Inf", "-.INF": return -Double.infinity
        case ".nan", ".NaN", ".NAN": return Double.nan
        default: break
        }
        // Digits, at most one point, an optional exponent: not Swift's wider syntax (hex, "inf").
        let scalars = Array(text.unicodeScalars)
        var index = 0
        if index < scalars.count, scalars[index] == "-" || scalars[index] == "+" { index += 1 }
        var digits = 0
        var point = false
        while index < scalars.count,
            ("0"..."9").contains(scalars[index]) || scalars[index] == "_"
                || (scalars[index] == "." && !point)
        {
            if scalars[index] == "." { point = true } else if scalars[index] != "_" { digits += 1 }
            index += 1
        }
        guard digits > 0 else { return nil }
        if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
            index += 1
            if index < scalars.count, scalars[index] == "-" || scalars[index] == "+" { index += 1 }
            let start = index
            while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
            guard index > start else { return nil }
        }
        guard index == scalars.count else { return nil }
        return YAMLNumber(text: text.filter { $0 != "_" })
    }
}
