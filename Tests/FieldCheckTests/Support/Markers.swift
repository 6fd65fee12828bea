/// Inline position markers: `"aeiou⏵x"` is the input `aeioux` with a finding expected at
/// offset 5, the character after the marker.
struct Marked {
    var text: String
    var offset: Int

    init(_ marked: String) {
        var text = String.UnicodeScalarView()
        var offset = -1
        for scalar in marked.unicodeScalars {
            if scalar == "⏵" { offset = text.count } else { text.append(scalar) }
        }
        precondition(offset >= 0, "no ⏵ marker in \(marked)")
        self.text = String(text)
        self.offset = offset
    }
}
