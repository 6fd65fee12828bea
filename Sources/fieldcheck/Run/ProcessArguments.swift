import CProcess

#if canImport(Glibc)
    import Glibc
#endif

/// The command line's arguments, from the argv the C library handed the program, not from
/// `CommandLine`: the Swift runtime reads those back from /proc/self/cmdline, and without /proc
/// (a bare chroot, a minimal container) it found none, so `fieldcheck number --locale de_DE`
/// printed the top-level help and exited 0 having checked nothing.
enum ProcessArguments {
    /// Each argument as the C library handed it (the program's name first).
    static var raw: [UnsafePointer<CChar>] {
        let count = Int(cprocess_argc())
        if count > 0, let argv = cprocess_argv() {
            return (0..<count).compactMap { argv[$0].map { UnsafePointer($0) } }
        }
        return (0..<Int(CommandLine.argc)).compactMap { CommandLine.unsafeArgv[$0].map { UnsafePointer($0) } }
    }

    /// The arguments after the program's name, decoded (a byte that is not UTF-8 reads as
    /// U+FFFD, as `CommandLine.arguments` reads it; `openRawPath` finds the bytes again).
    static var arguments: [String] {
        raw.dropFirst().map { String(decoding: UnsafeRawBufferPointer(start: $0, count: strlen($0)), as: UTF8.self) }
    }

    /// Whether the arguments could be read at all: a process always has its name in argv[0].
    static var readable: Bool { !raw.isEmpty }
}
