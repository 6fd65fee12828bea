import Foundation
import Testing

/// Issue 31: without /proc (a bare chroot, a minimal container) the Swift runtime cannot read
/// the command line back from /proc/self/cmdline. fieldcheck then ran as if given no
/// arguments: it printed the top-level help and exited 0, having checked nothing. It takes
/// them from the argv the C library hands over instead.
@Suite struct WithoutProcTests {
    /// Whether this process may hide /proc in a mount namespace of its own (root, or
    /// unprivileged user namespaces): `unshare` is util-linux's.
    static let canHideProc: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments = ["-m", "sh", "-c", "mount -t tmpfs none /proc"]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    @Test(.enabled(if: canHideProc, "needs unshare -m and mount (root) to hide /proc"))
    func argumentsAreReadWithoutProc() throws {
        let run = try CLI.run(
            [
                "-m", "sh", "-c", "mount -t tmpfs none /proc && exec \"$0\" number --locale de_DE --json",
                CLI.binary.path,
            ],
            stdin: Data("1.234,5\nx\n".utf8), program: URL(fileURLWithPath: "/usr/bin/unshare"))
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.objects.count == 2)
        #expect(run.objects.first?["value"] as? String == "1234.5")
        #expect(!run.stdout.contains("OVERVIEW"))
    }
}
