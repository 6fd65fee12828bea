import FieldCheck

#if canImport(Glibc)
    import Glibc
#endif

/// Thrown from inside a reader's callback to end all reading early (`--on-invalid abort`).
struct StopReading: Error {}

/// Opens each input in turn (`-` is stdin) and hands `body` its descriptor and its name (nil
/// for stdin): what every command that reads files shares. An input that cannot be opened or
/// read is reported and skipped; `StopReading` from `body` ends all reading. `open` opens a
/// named file (a Data Package's files are opened beneath its folder): it returns -1 with
/// `errno` for a file that cannot be read, and throws for one that must not be.
/// - Returns: whether some input could not be opened or read (exit status 3).
/// `missing` says, for a name that is no file, what the user may have meant instead.
func forEachInput(
    _ paths: [String], given values: [UInt8]? = nil, open: (String) throws -> Int32 = openForReading,
    missing: (String) -> String? = { _ in nil }, _ body: (Int32, String?) throws -> Void
) throws -> Bool {
    if let values { return try forEachValue(values, body) }
    var failed = false
    inputs: for path in paths {
        let fd = path == "-" ? 0 : try open(path)
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            let hint = errno == ENOENT ? missing(path).map { "; \($0)" } ?? "" : ""
            Streams.complain("\(path): \(reason)\(hint)")
            failed = true
            continue
        }
        defer { if fd > 0 { close(fd) } }
        let name = path == "-" ? nil : path
        do {
            try body(fd, name)
        } catch is StopReading {
            break inputs
        } catch let error as InputError {
            Streams.complain("\(name ?? "stdin"): \(error.message)")
            failed = true
        }
    }
    return failed
}

/// Runs `body` over values given on the command line (`--value`), already joined by the
/// record terminator, through an unlinked temporary file: the readers, the worker pool and the
/// diagnostics then treat them exactly as a file's lines, numbered from 1 in the order given.
private func forEachValue(_ values: [UInt8], _ body: (Int32, String?) throws -> Void) throws -> Bool {
    guard let file = tmpfile() else {
        throw InputOutputError(
            "cannot hold the --value values in a temporary file: \(String(cString: strerror(errno)))")
    }
    defer { fclose(file) }
    let written = values.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    guard written == values.count, fflush(file) == 0, fseek(file, 0, SEEK_SET) == 0 else {
        throw InputOutputError(
            "cannot hold the --value values in a temporary file: \(String(cString: strerror(errno)))")
    }
    do {
        try body(fileno(file), nil)
    } catch is StopReading {
    } catch let error as InputError {
        Streams.complain("--value: \(error.message)")
        return true
    }
    return false
}

/// Opens a file named on the command line, by its raw bytes when it is not valid UTF-8.
func openForReading(_ path: String) -> Int32 { openRawPath(path, O_RDONLY | O_CLOEXEC) }

/// Refuses a header that is not the first one read (`first`): the parts of one table, or
/// files written under one header, must have the same columns. `firstIs` names what the
/// first header belongs to ("file", "part"); `advice` ends the message.
func requireSameHeader(_ names: [String], as first: [String], in file: String, firstIs: String, advice: String?)
    throws(ConfigurationError)
{
    guard names != first else { return }
    throw ConfigurationError(
        "\(file): its header (\(names.joined(separator: ", "))) differs from the first \(firstIs)'s "
            + "(\(first.joined(separator: ", ")))" + (advice.map { "; \($0)" } ?? ""))
}
