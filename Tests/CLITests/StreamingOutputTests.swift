import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// stdout and stderr are buffered when they are not a terminal (one write per rejected value
/// was a fifth of an explained run, issue 35), but a follower of the output never waits on
/// the buffer: before fieldcheck waits for more input, the answer to everything it has read
/// is written out. `tail -f app.log | fieldcheck number 2>errors.log` shows each rejection as
/// its line arrives, and a program can write a value and read its answer.
@Suite struct StreamingOutputTests {
    /// A running `fieldcheck` whose stdin stays open; its stdout and stderr are pipes.
    final class Session {
        let process = Process()
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        var stdout = Data()
        var stderr = Data()

        init(_ args: [String]) throws {
            process.executableURL = CLI.binary
            process.arguments = args
            process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C"]
            process.standardInput = input
            process.standardOutput = output
            process.standardError = errors
            try process.run()
        }

        func send(_ text: String) {
            input.fileHandleForWriting.write(Data(text.utf8))
        }

        /// Reads stdout and stderr until `done` holds of what they carry, or 20 s pass;
        /// returns whether it held. stdin stays open all the while: fieldcheck is waiting.
        func read(until done: (String, String) -> Bool) -> Bool {
            let deadline = Date().addingTimeInterval(20)
            while !done(String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self)) {
                let left = deadline.timeIntervalSinceNow
                guard left > 0 else { return false }
                var fds = [
                    pollfd(fd: output.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0),
                    pollfd(fd: errors.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0),
                ]
                guard poll(&fds, 2, Int32(left * 1000)) > 0 else { continue }
                var chunk = [UInt8](repeating: 0, count: 1 << 16)
                for (index, entry) in fds.enumerated() where entry.revents != 0 {
                    let got = Glibc.read(entry.fd, &chunk, chunk.count)
                    guard got > 0 else { return false }
                    if index == 0 {
                        stdout.append(contentsOf: chunk[..<got])
                    } else {
                        stderr.append(contentsOf: chunk[..<got])
                    }
                }
            }
            return true
        }

        /// Closes stdin and returns the exit status, with what was left to read.
        func finish() -> Int32 {
            try? input.fileHandleForWriting.close()
            stdout.append(output.fileHandleForReading.readDataToEndOfFile())
            stderr.append(errors.fileHandleForReading.readDataToEndOfFile())
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    @Test(arguments: [["number", "--locale", "de_DE"], ["number", "--locale", "de_DE", "--jobs", "2"]])
    func aLineCommandAnswersWhatItReadBeforeWaiting(args: [String]) throws {
        let session = try Session(args)
        session.send("1.234,5\n12a,5\n")
        let answered = session.read { out, err in
            out.contains("1234.5\n") && err.contains("line 2: '12a,5': unexpected character 'a'")
        }
        #expect(
            answered,
            "stdout: \(String(decoding: session.stdout, as: UTF8.self)) stderr: \(String(decoding: session.stderr, as: UTF8.self))"
        )
        // Still reading: the next line is answered too, and the run ends when stdin does.
        session.send("x\n")
        #expect(session.read { _, err in err.contains("line 3: 'x'") })
        #expect(session.finish() == 1)
        let stderr = String(decoding: session.stderr, as: UTF8.self)
        #expect(stderr.components(separatedBy: "\n").filter { !$0.isEmpty }.count == 2, "\(stderr)")
    }

    @Test(arguments: ["1", "2"])
    func csvAnswersEachRowBeforeWaiting(jobs: String) throws {
        let session = try Session(["csv", "--column", "price=number:de_DE", "--normalize", "--jobs", jobs])
        session.send("price\n1.234\n12a\n")
        let answered = session.read { out, err in
            out.contains("price\n1234\n") && err.contains("row 2 (line 3)") && err.contains("unexpected character 'a'")
        }
        #expect(
            answered,
            "stdout: \(String(decoding: session.stdout, as: UTF8.self)) stderr: \(String(decoding: session.stderr, as: UTF8.self))"
        )
        #expect(session.finish() == 1)
    }

    /// Held diagnostics are written at exit, all of them, in input order, however many.
    @Test func everyDiagnosticReachesAFileInOrder() throws {
        let values = (1...20_000).map { "x\($0)" }.joined(separator: "\n") + "\n"
        let run = try CLI.run(["number"], input: values)
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 20_000)
        #expect(lines.first?.hasPrefix("fieldcheck: line 1: 'x1'") == true)
        #expect(lines.last?.hasPrefix("fieldcheck: line 20000: 'x20000'") == true)
    }

    /// A full disk on stderr is an I/O error (status 3), found when the held diagnostics are
    /// written, not a silent loss.
    @Test func aFullDiskOnStderrIsAnIOError() throws {
        let run = try CLI.shell("printf 'x\\n1\\n' | \"$FIELDCHECK\" number 2>/dev/full; echo \"status $?\"")
        #expect(run.stdout.hasSuffix("status 3\n"), "\(run.stdout)")
    }
}
