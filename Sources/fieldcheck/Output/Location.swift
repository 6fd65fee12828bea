/// Where a value came from, as diagnostics name it.
struct Location {
    /// The file name, or nil for stdin.
    var file: String?
    /// 1-based line (or NUL-terminated record) number.
    var number: Int
    /// "line", or "record" under `-z`.
    var unit: String
}
