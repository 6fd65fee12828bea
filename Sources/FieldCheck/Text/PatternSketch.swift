/// Values a pattern may match, sketched from its text for an example of a valid value when
/// the ASCII automaton (`ASCIIPattern`) cannot read it: literals of any script (`café`,
/// `[äöü]+`, `é+`, `\d{2}-ß`), the first member of a set, the first branch of `|`, and a
/// quantifier's least (or a few more) repetitions. Only candidates: the caller keeps one that
/// ICU matches and the field's other rules allow. Nil for what it does not read (`\p{…}`, a
/// negated set, anchors, look-arounds).
struct PatternSketch {
    private indirect enum Part {
        case scalar(Unicode.Scalar)
        case sequence([Part])
        case repeated(Part, least: Int, most: Int?)
    }

    private let root: Part

    init?(_ pattern: String) {
        var scalars = Array(pattern.unicodeScalars)[...]
        if scalars.starts(with: "(?i)".unicodeScalars) { scalars = scalars.dropFirst(4) }
        var reader = Reader(scalars: Array(scalars))
        guard let root = reader.branches(), reader.atEnd else { return nil }
        self.root = root
    }

    /// The sketched values: each quantifier at its least, then at `more` repetitions where it
    /// allows them (a value long enough for a minimum length).
    func candidates(more: [Int]) -> [String] {
        ([nil] + more.map { Optional($0) }).map { count in
            var text = String.UnicodeScalarView()
            write(root, repeating: count, into: &text)
            return String(text)
        }
    }

    private func write(_ part: Part, repeating count: Int?, into text: inout String.UnicodeScalarView) {
        switch part {
        case .scalar(let scalar): text.append(scalar)
        case .sequence(let parts): for part in parts { write(part, repeating: count, into: &text) }
        case .repeated(let inner, let least, let most):
            let times = count.map { Swift.min(Swift.max($0, least), most ?? $0) } ?? least
            for _ in 0..<times { write(inner, repeating: count, into: &text) }
        }
    }

    private struct Reader {
        let scalars: [Unicode.Scalar]
        var index = 0
        var depth = 0
        var atEnd: Bool { index == scalars.count }

        private func peek() -> Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        /// The first branch of `a|b|c`; the others are read and left out.
        mutating func branches() -> Part? {
            guard let first = sequence() else { return nil }
            while peek() == "|" {
                index += 1
                guard sequence() != nil else { return nil }
            }
            return first
        }

        private mutating func sequence() -> Part? {
            var parts: [Part] = []
            while let scalar = peek(), scalar != "|", scalar != ")" {
                guard let atom = atom(), let part = quantified(atom) else { return nil }
                parts.append(part)
            }
            return .sequence(parts)
        }

        private mutating func atom() -> Part? {
            guard let scalar = peek() else { return nil }
            index += 1
            switch scalar {
            case "(":
                if peek() == "?" {
                    guard index + 1 < scalars.count, scalars[index + 1] == ":" else { return nil }
                    index += 2
                }
                depth += 1
                guard depth <= 16, let inner = branches(), peek() == ")" else { return nil }
                index += 1
                depth -= 1
                return inner
            case "[":
                // The first member of a plain set: a character or a range's first.
                guard let first = peek(), first != "^", first != "[", first != "\\", first != ":" else { return nil }
                while let next = peek(), next != "]" {
                    guard next != "[", next != "\\" else { return nil }
                    index += 1
                }
                guard peek() == "]" else { return nil }
                index += 1
                return .scalar(first)
            case ".": return .scalar("a")
            case "\\":
                guard let escaped = peek() else { return nil }
                index += 1
                switch escaped {
                case "d": return .scalar("1")
                case "w": return .scalar("a")
                case "s": return .scalar(" ")
                default:
                    guard escaped.isASCII, !escaped.properties.isAlphabetic, !("0"..."9").contains(escaped) else {
                        return nil
                    }
                    return .scalar(escaped)
                }
            case "^", "$", "*", "+", "?", "{", "}", "]": return nil
            default: return .scalar(scalar)
            }
        }

        private mutating func quantified(_ atom: Part) -> Part? {
            var part = atom
            switch peek() {
            case "?":
                index += 1
                part = .repeated(atom, least: 0, most: 1)
            case "*":
                index += 1
                part = .repeated(atom, least: 0, most: nil)
            case "+":
                index += 1
                part = .repeated(atom, least: 1, most: nil)
            case "{":
                index += 1
                guard let least = number() else { return nil }
                var most: Int? = least
                if peek() == "," {
                    index += 1
                    most = peek() == "}" ? nil : number()
                }
                guard peek() == "}", least <= 64, most.map({ $0 >= least }) ?? true else { return nil }
                index += 1
                part = .repeated(atom, least: least, most: most)
            default: return atom
            }
            // Lazy and possessive forms repeat as often.
            if peek() == "?" || peek() == "+" { index += 1 }
            return part
        }

        private mutating func number() -> Int? {
            var value = 0
            var digits = 0
            while let scalar = peek(), ("0"..."9").contains(scalar), digits < 3 {
                value = value * 10 + Int(scalar.value - 0x30)
                digits += 1
                index += 1
            }
            return digits > 0 ? value : nil
        }
    }
}
