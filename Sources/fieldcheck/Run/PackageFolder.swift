import FieldCheck

#if canImport(Glibc)
    import Glibc
#endif

/// A Data Package's folder, opened once: every file the package names is opened beneath it,
/// one path component at a time, never following a link out of it.
///
/// Why not resolve the path first and compare prefixes: `realpath()` fails on a path that
/// resolves past `PATH_MAX` (two links in a row do it), and whatever is decided about the
/// resolved name, `open()` follows the links again afterwards. Here each component is opened
/// from the directory descriptor before it with `O_NOFOLLOW`; a symbolic link is read and its
/// target walked the same way, from the directory that holds it. An absolute target, a `..`
/// above the folder, more than 40 links, or anything that is not a regular file at the end is
/// refused — what the kernel's `openat2(RESOLVE_BENEATH)` does, without needing a 5.6 kernel.
/// A FIFO is opened without blocking and then refused, so a package cannot hang the run.
final class PackageFolder {
    /// The package file as the user named it, for messages.
    let package: String
    /// The folder's path as the package's resolved paths begin ("" for the working directory).
    let folder: String
    private let root: Int32

    /// Linux's `O_PATH` (open the name itself, to look at it and walk from it), which Glibc's
    /// Swift module does not export: it is defined only under `_GNU_SOURCE`.
    private static let openPath: Int32 = 0o10_000_000

    /// Links followed for one path, at most: Linux's own limit.
    static let maximumLinks = 40

    init(package: String, folder: String) throws(ConfigurationError) {
        self.package = package
        self.folder = folder
        root = openRawPath(folder.isEmpty ? "." : folder, Self.openPath | O_DIRECTORY | O_CLOEXEC)
        guard root >= 0 else {
            throw ConfigurationError("\(package): cannot open its folder: \(String(cString: strerror(errno)))")
        }
    }

    deinit { close(root) }

    /// Why a path was refused: a configuration error naming the path and the reason.
    private func refuse(_ path: String, _ why: String) -> ConfigurationError {
        ConfigurationError("\(package): '\(path)' \(why); a package's files stay inside its folder")
    }

    /// The path relative to the folder: `path` is one of the package's resolved paths.
    private func relative(_ path: String) -> String {
        guard !folder.isEmpty else { return path }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// Opens one of the package's files (a resolved path: the folder, then the package's own
    /// relative path) for reading.
    /// - Returns: the descriptor, or -1 with `errno` set when the file cannot be opened (it
    ///   does not exist, permission): the reading reports those as for any input.
    /// - Throws: `ConfigurationError` when the path leads out of the folder or is not a
    ///   regular file.
    func open(_ path: String) throws(ConfigurationError) -> Int32 {
        let shown = relative(path)
        var pending = Array(shown.split(separator: "/", omittingEmptySubsequences: true).reversed().map(String.init))
        // The directories walked into, the folder first; `..` goes back one.
        var directories: [Int32] = [root]
        defer { for fd in directories.dropFirst() { close(fd) } }
        var links = 0
        while let name = pending.popLast() {
            if name == "." { continue }
            if name == ".." {
                guard directories.count > 1 else {
                    throw refuse(shown, "leads above the package's folder through a symbolic link")
                }
                close(directories.removeLast())
                continue
            }
            let last = pending.isEmpty
            let at = directories[directories.count - 1]
            // The link itself, whatever it is: its type is read from the descriptor held, so
            // nothing can be swapped in between looking and opening.
            let fd = openat(at, name, Self.openPath | O_NOFOLLOW | O_CLOEXEC)
            guard fd >= 0 else { return -1 }
            var status = stat()
            guard fstat(fd, &status) == 0 else {
                let saved = errno
                close(fd)
                errno = saved
                return -1
            }
            switch status.st_mode & S_IFMT {
            case S_IFLNK:
                defer { close(fd) }
                links += 1
                guard links <= Self.maximumLinks else {
                    throw refuse(shown, "goes through more than \(Self.maximumLinks) symbolic links")
                }
                var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
                let count = readlinkat(fd, "", &target, target.count - 1)
                guard count >= 0 else { return -1 }
                let text = String(decoding: target[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                guard !text.hasPrefix("/") else {
                    throw refuse(shown, "leads out of the package's folder through a symbolic link (to \(text))")
                }
                pending += text.split(separator: "/", omittingEmptySubsequences: true).reversed().map(String.init)
            case S_IFDIR where !last:
                directories.append(fd)
            case S_IFREG where last:
                close(fd)
                // Opened again to read, still without following a link: if the name was
                // changed into a link since, this fails rather than follows it.
                let file = openat(at, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
                guard file >= 0 else {
                    if errno == ELOOP { throw refuse(shown, "changed into a symbolic link while it was opened") }
                    return -1
                }
                var opened = stat()
                guard fstat(file, &opened) == 0, opened.st_mode & S_IFMT == S_IFREG else {
                    close(file)
                    throw refuse(shown, "changed into something other than a regular file while it was opened")
                }
                _ = fcntl(file, F_SETFL, fcntl(file, F_GETFL) & ~O_NONBLOCK)
                return file
            default:
                close(fd)
                guard last else {
                    errno = ENOTDIR
                    return -1
                }
                throw refuse(shown, "is \(Self.kind(status.st_mode)), not a regular file")
            }
        }
        throw refuse(shown, "is the package's folder itself, not a file in it")
    }

    /// A file type in words, for the refusal of what is not a regular file.
    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        default: "not a regular file"
        }
    }
}
