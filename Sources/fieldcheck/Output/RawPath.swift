import Glibc

/// Opens a file named on the command line by the bytes it was named with.
///
/// A name that is not valid UTF-8 (Latin-1 file names on old disks, `q\xff.txt`) reaches the
/// program as a String with U+FFFD in place of each stray byte: opening that String would read
/// another file, or create one under a mangled name. The raw bytes of the argument the name came
/// from are opened instead: the whole argument (`data.csv`, `--rejects q\xff.txt`) or what
/// follows the first `=` of an option (`--rejects=q\xff.txt`). A name that is valid UTF-8, or
/// that no argument spells, is opened as it is.
func openRawPath(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
    withRawPath(path) { open($0, flags, mode) }
}

/// `stat()` of a file named on the command line, by the bytes it was named with.
func statRawPath(_ path: String, _ status: inout stat) -> Int32 {
    withRawPath(path) { stat($0, &status) }
}

/// `body` with the bytes `path` was named with on the command line (see `openRawPath`).
private func withRawPath<Result>(_ path: String, _ body: (UnsafePointer<CChar>) -> Result) -> Result {
    guard path.unicodeScalars.contains("\u{FFFD}"), let raw = rawArgument(spelling: path) else {
        return path.withCString(body)
    }
    return body(raw)
}

/// The bytes of the command-line argument (or `--option=` value) that decodes to `path` but is
/// not valid UTF-8, or nil when there is none.
private func rawArgument(spelling path: String) -> UnsafePointer<CChar>? {
    for argument in ProcessArguments.raw.dropFirst() {
        guard String(validatingCString: argument) == nil else { continue }
        if String(cString: argument) == path { return argument }
        guard argument[0] == CChar(UInt8(ascii: "-")), let equals = strchr(argument, Int32(UInt8(ascii: "=")))
        else { continue }
        let value = UnsafePointer(equals) + 1
        if String(cString: value) == path { return value }
    }
    return nil
}
