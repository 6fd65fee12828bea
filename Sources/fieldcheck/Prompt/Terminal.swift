import FieldCheck

#if canImport(Glibc)
    import Glibc
#endif

/// The controlling terminal (`/dev/tty`) in raw mode, restored on every way out: a normal
/// return, an error, and the signals that end a process (the handler restores it, then dies
/// of the signal as it would have). A stop (Ctrl-Z, SIGTSTP) restores it too, and going on
/// (SIGCONT) puts it back in raw mode: a shell that gave the terminal back with echo on
/// showed a secure field's text in clear, and the field still took it.
final class Terminal {
    let fd: Int32

    /// The terminal and its two modes, for the signal handlers, which can reach nothing else.
    nonisolated(unsafe) static var modes: (fd: Int32, saved: termios, raw: termios)?
    /// Set by a handler when the field is back from a stop: the next read returns no bytes,
    /// and the field is drawn again.
    nonisolated(unsafe) static var resumed: sig_atomic_t = 0
    /// The signals this terminal handles, and what each did before (the runtime's own
    /// SIGQUIT handler), given back on close.
    private var handled: [(signal: Int32, before: sigaction)] = []

    /// The signals whose default action ends the process and that may come from outside
    /// (`kill`, a timer, a resource limit): each restores the terminal first. SIGPIPE is not
    /// among them: the program ignores it, and a write then fails with EPIPE, which returns
    /// through `close()`. The faults (SIGSEGV, SIGILL, ...) are left to the runtime's handler.
    static var ending: [Int32] {
        [
            SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ,
            SIGPOLL, SIGPWR, SIGSTKFLT, SIGSYS,
        ] + Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())
    }

    init() throws(ConfigurationError) {
        fd = open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else {
            throw ConfigurationError(
                "prompt needs a terminal (/dev/tty: \(String(cString: strerror(errno)))); give --no-tty to read "
                    + "one line from stdin instead")
        }
        var saved = termios()
        guard tcgetattr(fd, &saved) == 0 else {
            Glibc.close(fd)
            throw ConfigurationError("prompt needs a terminal: /dev/tty is not one; give --no-tty")
        }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | ISTRIP)
        raw.c_cc.6 = 1  // VMIN: a read returns as soon as a byte is there
        raw.c_cc.5 = 0  // VTIME
        Self.modes = (fd, saved, raw)
        Self.resumed = 0
        for signal in Self.ending {
            if let before = Self.handle(signal, restart: true, Self.end) { handled.append((signal, before)) }
        }
        // Without SA_RESTART: the read waiting for a key returns, and the field is redrawn.
        if let before = Self.handle(SIGTSTP, restart: false, Self.stop) { handled.append((SIGTSTP, before)) }
        if let before = Self.handle(SIGCONT, restart: false, Self.goOn) { handled.append((SIGCONT, before)) }
        tcsetattr(fd, TCSAFLUSH, &raw)
        write("\u{1B}[?2004h")
    }

    /// Installs `handler` for `signal` unless the signal is ignored (`nohup`, a shell without
    /// job control): the action it replaced, or nil.
    @discardableResult
    private static func handle(
        _ signal: Int32, restart: Bool, _ handler: @escaping @convention(c) (Int32) -> Void
    ) -> sigaction? {
        var before = sigaction()
        guard sigaction(signal, nil, &before) == 0,
            unsafeBitCast(before.__sigaction_handler.sa_handler, to: Int.self) != unsafeBitCast(SIG_IGN, to: Int.self)
        else { return nil }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = restart ? Int32(SA_RESTART) : 0
        return sigaction(signal, &action, nil) == 0 ? before : nil
    }

    /// The terminal as it was, bracketed paste off, a line break: the shell's prompt starts
    /// clean. Only async-signal-safe calls: a handler runs it.
    private static func leaveRaw() {
        guard var mode = modes?.saved, let fd = modes?.fd else { return }
        tcsetattr(fd, TCSAFLUSH, &mode)
        let reset: [UInt8] = Array("\u{1B}[?2004l\r\n".utf8)
        _ = reset.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
    }

    /// Raw mode again, when the process has the terminal (resumed with `bg`, it has not: its
    /// next read stops it, and `fg` continues it here again). What was typed meanwhile was
    /// echoed, so it is flushed, not taken.
    private static func enterRaw() {
        guard var mode = modes?.raw, let fd = modes?.fd, tcgetpgrp(fd) == getpgrp() else { return }
        tcsetattr(fd, TCSAFLUSH, &mode)
        let on: [UInt8] = Array("\u{1B}[?2004h".utf8)
        _ = on.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        resumed = 1
    }

    /// A signal that ends the process: the terminal restored, then the signal's own default,
    /// so that the exit status is the signal's.
    private static let end: @convention(c) (Int32) -> Void = { number in
        Terminal.leaveRaw()
        Glibc.signal(number, SIG_DFL)
        raise(number)
    }

    /// SIGTSTP: the terminal restored, then the stop itself (the default action, unblocked
    /// for it); on going on, this handler again and raw mode. A group the kernel will not
    /// stop (an orphaned one) goes on at once, raw again.
    private static let stop: @convention(c) (Int32) -> Void = { number in
        let savedErrno = errno
        Terminal.leaveRaw()
        Glibc.signal(number, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, number)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(number)
        Terminal.handle(number, restart: false, Terminal.stop)
        // SIGCONT's handler has run when the process was stopped and continued.
        if resumed == 0 { Terminal.enterRaw() }
        errno = savedErrno
    }

    /// SIGCONT, after any stop (SIGSTOP cannot be caught, and a shell may have set the
    /// terminal back to its own mode meanwhile): raw mode again.
    private static let goOn: @convention(c) (Int32) -> Void = { _ in
        let savedErrno = errno
        Terminal.enterRaw()
        errno = savedErrno
    }

    /// Stops the job as Ctrl-Z does in cooked mode (raw mode reads the key as a byte; no
    /// signal comes): SIGTSTP to the whole process group, as the terminal sends it, so that
    /// `fieldcheck prompt | tee` stops as one job and the shell gets the terminal back; this
    /// process stops through its handler, which restores the terminal. Nothing when SIGTSTP
    /// is ignored, as a shell without job control leaves it.
    func suspend() {
        guard handled.contains(where: { $0.signal == SIGTSTP }) else { return }
        kill(0, SIGTSTP)
    }

    /// Back to the mode the terminal had, bracketed paste off.
    func close() {
        write("\u{1B}[?2004l")
        if var saved = Self.modes?.saved { tcsetattr(fd, TCSAFLUSH, &saved) }
        Self.modes = nil
        for (signal, before) in handled {
            var action = before
            sigaction(signal, &action, nil)
        }
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

    /// The next bytes typed (at least one), none when the field is back from a stop and is to
    /// be drawn again, or nil at the end of input.
    func read() -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            if Self.resumed != 0 {
                Self.resumed = 0
                return []
            }
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
    case enter, backspace, delete, left, right, home, end, clearBefore, cancel, endOfInput, suspend, other
    /// Tab: complete the text as far as the field's values agree (`Allem` to `Allemagne`).
    case tab
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
            case 0x1A:
                pending.removeFirst()
                keys.append(.suspend)
            case 0x01:
                pending.removeFirst()
                keys.append(.home)
            case 0x05:
                pending.removeFirst()
                keys.append(.end)
            case 0x02:
                pending.removeFirst()
                keys.append(.left)
            case 0x09:
                pending.removeFirst()
                keys.append(.tab)
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
