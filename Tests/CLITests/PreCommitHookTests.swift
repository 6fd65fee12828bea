import Foundation
import Testing

/// Issue 32: the `fieldcheck-csv` hook of `.pre-commit-hooks.yaml`, run by pre-commit itself
/// with the built `fieldcheck` on the PATH, in a temporary git repository holding a good and a
/// bad CSV. The hook repository is a temporary one too, holding this tree's
/// `.pre-commit-hooks.yaml` committed (pre-commit reads hooks only from a commit).
@Suite(.enabled(if: Python.preCommit != nil, "needs python3 with pre-commit (pip install pre-commit)"))
struct PreCommitHookTests {
    static var preCommit: URL? { Python.preCommit }

    /// A project with `schema.yaml`, `good.csv` and `bad.csv`, and a hook repository, both git
    /// repositories under one temporary folder.
    struct Repositories {
        let folder = CLI.temporaryFile("pre-commit")
        var project: URL { folder.appendingPathComponent("project") }
        var hooks: URL { folder.appendingPathComponent("hooks") }

        init() throws {
            try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: hooks, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: ManPageTests.root.appendingPathComponent(".pre-commit-hooks.yaml"),
                to: hooks.appendingPathComponent(".pre-commit-hooks.yaml"))
            try run(["git", "init", "-q"], in: hooks)
            try run(["git", "add", ".pre-commit-hooks.yaml"], in: hooks)
            try run(["git", "commit", "-q", "-m", "hooks"], in: hooks)
            let files = [
                "schema.yaml":
                    "fields:\n  - name: id\n    type: integer\n  - name: price\n    type: number\n    locale: de_DE\n",
                "good.csv": "id,price\n1,\"1.234,5\"\n2,\"0,99\"\n",
                "bad.csv": "id,price\n1,\"1.234,5\"\n2,\"1,234.50\"\n",
            ]
            for (name, text) in files {
                try text.write(to: project.appendingPathComponent(name), atomically: true, encoding: .utf8)
            }
            try run(["git", "init", "-q"], in: project)
        }

        /// The project's `.pre-commit-config.yaml`: the hook from the hook repository's
        /// commit, with the schema in `args`, as the README shows it.
        func configure() throws {
            let rev = try run(["git", "rev-parse", "HEAD"], in: hooks).stdout
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let config = """
                repos:
                  - repo: \(hooks.path)
                    rev: \(rev)
                    hooks:
                      - id: fieldcheck-csv
                        args: [--schema, schema.yaml]

                """
            try config.write(
                to: project.appendingPathComponent(".pre-commit-config.yaml"), atomically: true, encoding: .utf8)
        }

        /// Runs `command` in `directory` with the built fieldcheck and pre-commit's python on the
        /// PATH, pre-commit's cache under the folder, and a git identity.
        @discardableResult
        func run(_ command: [String], in directory: URL) throws -> CLI.Outcome {
            let path = [
                CLI.binary.deletingLastPathComponent().path, preCommit!.deletingLastPathComponent().path, "/usr/bin",
                "/bin",
            ]
            let environment = [
                "PATH": path.joined(separator: ":"), "HOME": folder.path, "LANG": "C.UTF-8",
                "PRE_COMMIT_HOME": folder.appendingPathComponent("cache").path,
                "GIT_AUTHOR_NAME": "test", "GIT_AUTHOR_EMAIL": "test@example.invalid",
                "GIT_COMMITTER_NAME": "test", "GIT_COMMITTER_EMAIL": "test@example.invalid",
                "GIT_CONFIG_NOSYSTEM": "1",
            ]
            let script = "cd '\(directory.path)' && exec \"$@\""
            return try CLI.run(
                ["-c", script, "sh"] + command, environment: environment, program: URL(fileURLWithPath: "/bin/sh"))
        }
    }

    /// `pre-commit run` with the hook configured: the good CSV passes, the bad one fails with
    /// fieldcheck's diagnostic of the bad cell.
    @Test func theBadCSVFailsWithFieldchecksMessageAndTheGoodOnePasses() throws {
        let repositories = try Repositories()
        defer { try? FileManager.default.removeItem(at: repositories.folder) }
        try repositories.configure()
        let python = try #require(Self.preCommit).path
        let good = try repositories.run(
            [python, "-m", "pre_commit", "run", "--files", "good.csv"], in: repositories.project)
        #expect(good.status == 0, "\(good.stdout)\(good.stderr)")
        #expect(good.stdout.contains("fieldcheck csv"))
        #expect(good.stdout.contains("Passed"))
        let bad = try repositories.run(
            [python, "-m", "pre_commit", "run", "--files", "bad.csv"], in: repositories.project)
        #expect(bad.status == 1, "\(bad.stdout)\(bad.stderr)")
        #expect(bad.stdout.contains("Failed"))
        #expect(
            bad.stdout.contains(
                "fieldcheck: bad.csv: row 2 (line 3), column 'price': '1,234.50': misplaced grouping separator"),
            "\(bad.stdout)")
        #expect(bad.stdout.contains("[misplaced_grouping_separator]"))
    }

    /// Installed as the git hook, it refuses the commit of the bad CSV and lets the good one in.
    @Test func aCommitOfTheBadCSVIsRefused() throws {
        let repositories = try Repositories()
        defer { try? FileManager.default.removeItem(at: repositories.folder) }
        try repositories.configure()
        let project = repositories.project
        let python = try #require(Self.preCommit).path
        let install = try repositories.run([python, "-m", "pre_commit", "install"], in: project)
        #expect(install.status == 0, "\(install.stdout)\(install.stderr)")
        try repositories.run(["git", "add", "schema.yaml", "good.csv", ".pre-commit-config.yaml"], in: project)
        let good = try repositories.run(["git", "commit", "-q", "-m", "good"], in: project)
        #expect(good.status == 0, "\(good.stdout)\(good.stderr)")
        try repositories.run(["git", "add", "bad.csv"], in: project)
        let bad = try repositories.run(["git", "commit", "-q", "-m", "bad"], in: project)
        #expect(bad.status != 0)
        #expect((bad.stdout + bad.stderr).contains("[misplaced_grouping_separator]"), "\(bad.stdout)\(bad.stderr)")
        let log = try repositories.run(["git", "log", "--format=%s"], in: project)
        #expect(log.stdout == "good\n")
    }

    /// `pre-commit try-repo` finds the hook; run without `args` it fails, and fieldcheck says
    /// what it needs.
    @Test func tryRepoRunsTheHookFromItsRepository() throws {
        let repositories = try Repositories()
        defer { try? FileManager.default.removeItem(at: repositories.folder) }
        let python = try #require(Self.preCommit).path
        let run = try repositories.run(
            [python, "-m", "pre_commit", "try-repo", repositories.hooks.path, "fieldcheck-csv", "--files", "good.csv"],
            in: repositories.project)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("fieldcheck: give --schema FILE, at least one --column, or --package FILE"))
    }
}

extension Python {
    /// A python3 that imports pre_commit (pre-commit's own interpreter).
    static let preCommit = interpreter(importing: "pre_commit")
}
