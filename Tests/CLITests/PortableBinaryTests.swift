import Foundation
import Testing

/// Issue 31: the self-contained binary (`make dist`, `scripts/dist.sh`) runs where nothing but
/// glibc is installed. It is copied into an empty directory tree holding only the files `ldd`
/// names, with `/proc` mounted as every container has it, and run there through `chroot`:
/// `number --locale de_DE`, `date --locale ja_JP --style long`, `csv` with a YAML schema and
/// `locale th_TH` must write what the build under test writes. Needs the binary
/// (`FIELDCHECK_DIST_BINARY`, set by `.ci/run` after `make dist`) and root (for `chroot`);
/// shows as skipped without them.
@Suite(.enabled(if: DistBinary.available, "needs FIELDCHECK_DIST_BINARY and root for chroot"))
struct PortableBinaryTests {
    @Test func loadsOnlyGlibc() throws {
        let ldd = try CLI.run([DistBinary.dist!.path], stdin: Data(), program: URL(fileURLWithPath: "/usr/bin/ldd"))
        let libraries = ldd.stdout.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(!libraries.isEmpty)
        let glibc: Set = ["linux-vdso.so.1", "libc.so.6", "libm.so.6", "/lib64/ld-linux-x86-64.so.2"]
        #expect(libraries.allSatisfy { glibc.contains($0.trimmingCharacters(in: .whitespaces)) }, "\(libraries)")
    }

    @Test func runsInABareChrootAsTheBuildDoes() throws {
        let root = CLI.temporaryFile("root")
        let files = FileManager.default
        try files.createDirectory(at: root.appendingPathComponent("proc"), withIntermediateDirectories: true)
        try files.createDirectory(at: root.appendingPathComponent("tmp"), withIntermediateDirectories: true)
        defer { try? files.removeItem(at: root) }
        try files.copyItem(at: DistBinary.dist!, to: root.appendingPathComponent("fieldcheck"))
        // The files ldd names, and nothing else.
        let ldd = try CLI.run([DistBinary.dist!.path], stdin: Data(), program: URL(fileURLWithPath: "/usr/bin/ldd"))
        for path in ldd.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" })
        where path.hasPrefix("/") {
            let target = root.appendingPathComponent(String(path))
            try files.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            if !files.fileExists(atPath: target.path) {
                try files.copyItem(at: URL(fileURLWithPath: String(path)).resolvingSymlinksInPath(), to: target)
            }
        }
        let mount = try CLI.run(
            ["-t", "proc", "proc", root.appendingPathComponent("proc").path], stdin: Data(),
            program: URL(fileURLWithPath: "/usr/bin/mount"))
        #expect(mount.status == 0, "\(mount.stderr)")
        defer {
            _ = try? CLI.run(
                [root.appendingPathComponent("proc").path], stdin: Data(),
                program: URL(fileURLWithPath: "/usr/bin/umount"))
        }
        try Data(
            "fields:\n  - {name: price, type: number, locale: de_DE}\n  - {name: day, type: date, format: '%d.%m.%Y'}\n"
                .utf8
        )
        .write(to: root.appendingPathComponent("tmp/schema.yaml"))
        try Data("price,day\n\"1.234,5\",13.04.2026\n\"12a\",31.02.2026\n".utf8)
            .write(to: root.appendingPathComponent("tmp/data.csv"))

        let runs: [(args: [String], stdin: String)] = [
            (["number", "--locale", "de_DE"], "1.234,56\n1,234.56\n-7\n"),
            (["date", "--locale", "ja_JP", "--style", "long"], "2026年4月13日\n2026年2月31日\n"),
            (["csv", "--schema", "/tmp/schema.yaml", "/tmp/data.csv"], ""),
            (["locale", "th_TH"], ""),
        ]
        for run in runs {
            let chroot = try CLI.run(
                [root.path, "/fieldcheck"] + run.args, stdin: Data(run.stdin.utf8),
                program: URL(fileURLWithPath: "/usr/sbin/chroot"))
            // The build under test reads the same files from the same paths outside.
            let args = run.args.map { $0.hasPrefix("/tmp/") ? root.path + $0 : $0 }
            let here = try CLI.run(args, stdin: Data(run.stdin.utf8))
            #expect(chroot.status == here.status, "\(run.args)")
            #expect(chroot.stdout == here.stdout, "\(run.args)")
            #expect(
                chroot.stderr == here.stderr.replacingOccurrences(of: root.path, with: ""), "\(run.args)")
            #expect(!chroot.stdout.isEmpty, "\(run.args)")
        }
    }
}

/// The self-contained binary under test, when one was built.
enum DistBinary {
    static let dist = ProcessInfo.processInfo.environment["FIELDCHECK_DIST_BINARY"].map {
        URL(fileURLWithPath: $0)
    }
    static var available: Bool {
        guard let dist, FileManager.default.isExecutableFile(atPath: dist.path) else { return false }
        return getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/sbin/chroot")
    }
}

/// `fieldcheck --version` and `--version --json`: the version and commit, ICU's, CLDR's and
/// Unicode's versions, and whether ICU is linked in.
@Suite struct VersionTests {
    @Test func versionNamesICUCLDRUnicodeAndTheLinkage() throws {
        let run = try CLI.run(["--version"], input: "")
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("fieldcheck 0.1.0 (commit ") == true)
        // The build under test links the system's ICU 72, unless FIELDCHECK_TEST_BINARY names
        // one with ICU linked in (make dist): what ldd lists decides which it must say.
        let ldd = try CLI.run([CLI.binary.path], stdin: Data(), program: URL(fileURLWithPath: "/usr/bin/ldd"))
        let linkage = ldd.stdout.contains("libicuuc.so") ? "shared" : "static"
        #expect(lines.last == "ICU 72.1 (\(linkage)), CLDR 42.0, Unicode 15.0")
        let json = try CLI.run(["--version", "--json"], input: "")
        #expect(json.status == 0)
        let object = try #require(
            JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["formatVersion"] as? Int == 1)
        #expect(object["icu"] as? String == "72.1")
        #expect(object["icuLinkage"] as? String == linkage)
        #expect(object["cldr"] as? String == "42.0")
        #expect(object["unicode"] as? String == "15.0")
        #expect(object["version"] as? String == "0.1.0")
    }

    @Test(.enabled(if: DistBinary.available, "needs FIELDCHECK_DIST_BINARY"))
    func theSelfContainedBinarySaysICUIsLinkedIn() throws {
        let run = try CLI.run(["--version", "--json"], stdin: Data(), program: DistBinary.dist!)
        #expect(run.stdout.contains("\"icuLinkage\":\"static\""), "\(run.stdout)")
        #expect(!run.stdout.contains("\"commit\":\"unknown\""))
    }
}
