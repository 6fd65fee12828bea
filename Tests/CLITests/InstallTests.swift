import Foundation
import Testing

/// Issue 19: `make install` puts the binary, the man page, completions for bash, zsh and
/// fish and the JSON Schema of the `--json` records (issue 32) under PREFIX; the completions offer files after --schema and locale ids after --locale.
@Suite struct InstallTests {
    @Test func makeInstallAndCompletions() throws {
        let prefix = CLI.temporaryFile("prefix")
        defer { try? FileManager.default.removeItem(at: prefix) }
        let make = Process()
        make.executableURL = URL(fileURLWithPath: "/usr/bin/make")
        make.arguments = [
            "-s", "-C", ManPageTests.root.path, "install", "PREFIX=\(prefix.path)", "BINARY=\(CLI.binary.path)",
        ]
        make.standardOutput = FileHandle.nullDevice
        try make.run()
        make.waitUntilExit()
        #expect(make.terminationStatus == 0)
        let installed = [
            "bin/fieldcheck", "share/man/man1/fieldcheck.1", "share/bash-completion/completions/fieldcheck",
            "share/zsh/site-functions/_fieldcheck", "share/fish/vendor_completions.d/fieldcheck.fish",
            "share/fieldcheck/fieldcheck-output.schema.json",
        ]
        for path in installed {
            #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(path).path), "\(path)")
        }
        let bash = try String(
            contentsOf: prefix.appendingPathComponent("share/bash-completion/completions/fieldcheck"), encoding: .utf8)
        #expect(bash.contains("--schema"))
        #expect(bash.contains("---completion number -- --locale"))
        // What the shell asks the binary when completing `--locale de_D`.
        let binary = prefix.appendingPathComponent("bin/fieldcheck").path
        let completion = try CLI.shell(
            "\(binary) ---completion number -- --locale 3 4 fieldcheck number --locale de_D")
        #expect(completion.stdout.split(separator: "\n").contains("de_DE"))
        #expect(!completion.stdout.contains("en_US"))
        let uninstall = Process()
        uninstall.executableURL = URL(fileURLWithPath: "/usr/bin/make")
        uninstall.arguments = ["-s", "-C", ManPageTests.root.path, "uninstall", "PREFIX=\(prefix.path)"]
        try uninstall.run()
        uninstall.waitUntilExit()
        #expect(!FileManager.default.fileExists(atPath: binary))
        #expect(!FileManager.default.fileExists(atPath: prefix.appendingPathComponent("share/fieldcheck").path))
    }
}
