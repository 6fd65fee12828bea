import FieldCheck

#if canImport(Glibc)
    import Glibc
#endif

/// The controlling terminal (`/dev/tty`) in raw mode, restored on every way out: a normal
/// return, an error, and the signals that end a process (the handler restores it, then dies
/// of the signal as it would have).
final class Terminal {
    let fd: Int32
    private var saved = termios()

    /// The mode to restore from a signal handler, which can reach nothing else.
    nonisolated(unsafe) static var restore: (fd: Int32, mode: termios)?

    init() throws(ConfigurationError) {
        fd = open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else {
            throw ConfigurationError(
                "prompt needs a terminal (/dev/tty: \(String(cString: strerror(errno)))); give --no-tty to read "
                    + "one line from stdin instead")
        }
        guard tcgetattr(fd, &saved) == 0 else {
            Glibc.close(fd)
            throw ConfigurationError("prompt needs a terminal: /dev/tty is not one; give --no-tty")
        }
        Self.restore = (fd, saved)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
            Glibc.signal(signal) { number in
                if let restore = Terminal.restore {
                    var mode = restore.mode
                    tcsetattr(restore.fd, TCSAFLUSH, &mode)
                    // Bracketed paste off, a line break: the shell's prompt starts clean.
                    let reset: [UInt8] = Array("\u{1B}[?2004l\r\n".utf8)
                    _ = reset.withUnsafeBytes { Glibc.write(restore.fd, $0.baseAddress, $0.count) }
                }
                Glibc.signal(number, SIG_DFL)
                raise(number)
            }
        }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | ISTRIP)
        raw.c_cc.6 = 1  // VMIN: a read returns as soon as a byte is there
        raw.c_cc.5 = 0  // VTIME
        tcsetattr(fd, TCSAFLUSH, &raw)
        write("\u{1B}[?2004h")
    }

    /// Back to the mode the terminal had, bracketed paste off.
    func close() {
        write("\u{1B}[?2004l")
        tcsetattr(fd, TCSAFLUSH, &saved)
        Self.restore = nil
        Glibc.close(fd)
    }

    func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }

    /// The next bytes typed (at least one), or nil at the end of input.
    func read() -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let got = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { return nil }
            return Array(buffer[..<got])
        }
    }

    /// The terminal's width in cells (80 when it does not say).
    var columns: Int {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }

    /// Whether more bytes arrive within `milliseconds` (an escape sequence's rest, or not).
    func hasInput(within milliseconds: Int32) -> Bool {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, milliseconds) > 0
    }
}

/// One thing typed: a key, or a paste (bracketed: it arrives whole and is checked whole).
enum Key: Equatable {
    case text(String)
    case paste(String)
    case enter, backspace, delete, left, right, home, end, clearBefore, cancel, endOfInput, other
}

/// Splits what the terminal sends into keys.
struct KeyDecoder {
    private var pending: [UInt8] = []
    private var pasting: [UInt8]? = nil

    mutating func keys(from bytes: [UInt8], moreComing: () -> Bool) -> [Key] {
        pending += bytes
        var keys: [Key] = []
        while !pending.isEmpty {
            if var paste = pasting {
                let end = Array("\u{1B}[201~".utf8)
                if let range = pending.firstRange(of: end) {
                    paste += pending[..<range.lowerBound]
                    pending.removeSubrange(..<range.upperBound)
                    pasting = nil
                    keys.append(.paste(String(decoding: paste, as: UTF8.self)))
                } else {
                    paste += pending
                    pending.removeAll()
                    pasting = paste
                }
                continue
            }
            let byte = pending[0]
            switch byte {
            case 0x1B:
                if pending.count == 1 && !moreComing() {
                    pending.removeFirst()
                    keys.append(.cancel)
                    continue
                }
                if pending.count == 1 { return keys }  // the rest of the sequence is coming
                guard pending[1] == UInt8(ascii: "[") || pending[1] == UInt8(ascii: "O") else {
                    // Alt+key: ignored.
                    pending.removeFirst(2)
                    continue
                }
                // CSI: parameters, then one final byte in @...~.
                guard let final = pending.dropFirst(2).firstIndex(where: { (0x40...0x7E).contains($0) }) else {
                    return keys
                }
                let sequence = String(decoding: pending[..<(final + 1)], as: UTF8.self)
                pending.removeSubrange(...final)
                switch sequence {
                case "\u{1B}[200~": pasting = []
                case "\u{1B}[D", "\u{1B}OD": keys.append(.left)
                case "\u{1B}[C", "\u{1B}OC": keys.append(.right)
                case "\u{1B}[H", "\u{1B}OH", "\u{1B}[1~", "\u{1B}[7~": keys.append(.home)
                case "\u{1B}[F", "\u{1B}OF", "\u{1B}[4~", "\u{1B}[8~": keys.append(.end)
                case "\u{1B}[3~": keys.append(.delete)
                default: keys.append(.other)
                }
            case 0x03:
                pending.removeFirst()
                keys.append(.cancel)
            case 0x04:
                pending.removeFirst()
                keys.append(.endOfInput)
            case 0x0D, 0x0A:
                pending.removeFirst()
                keys.append(.enter)
            case 0x7F, 0x08:
                pending.removeFirst()
                keys.append(.backspace)
            case 0x15:
                pending.removeFirst()
                keys.append(.clearBefore)
            case 0x01:
                pending.removeFirst()
                keys.append(.home)
            case 0x05:
                pending.removeFirst()
                keys.append(.end)
            case 0x02:
                pending.removeFirst()
                keys.append(.left)
            case 0x06:
                pending.removeFirst()
                keys.append(.right)
            case ..<0x20:
                pending.removeFirst()
                keys.append(.other)
            default:
                // One UTF-8 character; wait for the rest of a split one.
                let length = byte < 0xC0 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
                guard pending.count >= length else { return keys }
                keys.append(.text(String(decoding: pending[..<length], as: UTF8.self)))
                pending.removeFirst(length)
            }
        }
        return keys
    }
}
