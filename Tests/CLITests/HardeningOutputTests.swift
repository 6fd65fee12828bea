import Foundation
import Testing

/// Issue 21, item 10: output that fails is an error, output that is written is exact, and a
/// message never repeats a huge value whole.
@Suite struct HardeningOutputTests {
    @Test(arguments: [
        ["--help"], ["--version"], ["locale", "de_DE"], ["locale", "--list"], ["number", "--value", "1"],
    ])
    func aFullDiskIsAnIOError(args: [String]) throws {
        let run = try CLI.shell(
            ([CLI.binary.path] + args).map { "'\($0)'" }.joined(separator: " ") + " > /dev/full; echo \"status $?\"")
        #expect(run.stdout.contains("status 3"), "\(args): \(run.stdout) \(run.stderr)")
        #expect(run.stderr.contains("cannot write standard output: No space left on device"))
        #expect(run.stderr.components(separatedBy: "cannot write").count == 2)
    }

    /// A rejects file or standard output that is one of the inputs is refused before anything
    /// is opened for writing: `--rejects data.csv data.csv` emptied the file and reported
    /// success on 0 rows.
    @Test func anOutputThatIsAnInputIsRefused() throws {
        let directory = CLI.temporaryFile("same")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let table = "id,v\n1,a\nx,b\n"
        try table.write(to: directory.appendingPathComponent("t.csv"), atomically: true, encoding: .utf8)
        try "1\nx\n".write(to: directory.appendingPathComponent("n.txt"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent("link.csv").path, withDestinationPath: "t.csv")
        let runs = [
            ("csv --column id=integer --rejects t.csv t.csv", "--rejects t.csv is the input 't.csv'"),
            ("csv --column id=integer --rejects link.csv t.csv", "--rejects link.csv is the input 't.csv'"),
            ("csv --column id=integer --rejects t.csv < t.csv", "--rejects t.csv is standard input"),
            ("csv --column id=integer t.csv >> t.csv", "standard output is the input 't.csv'"),
            ("number --rejects n.txt n.txt", "--rejects n.txt is the input 'n.txt'"),
            ("number --jobs 2 n.txt >> n.txt", "standard output is the input 'n.txt'"),
        ]
        for (command, message) in runs {
            let run = try CLI.shell("cd '\(directory.path)' && \"$FIELDCHECK\" \(command); echo \"status $?\"")
            #expect(run.stdout.hasSuffix("status 2\n"), "\(command): \(run.stdout)")
            #expect(run.stderr.hasPrefix("fieldcheck: \(message)"), "\(command): \(run.stderr)")
            #expect(try String(contentsOf: directory.appendingPathComponent("t.csv"), encoding: .utf8) == table)
            #expect(try String(contentsOf: directory.appendingPathComponent("n.txt"), encoding: .utf8) == "1\nx\n")
        }
        // Another file is written as before.
        let other = try CLI.shell("cd '\(directory.path)' && \"$FIELDCHECK\" number --rejects r.txt n.txt; cat r.txt")
        #expect(other.stdout == "1\nx\n")
    }

    /// A record too long is quoted by its first 64 bytes without a character the cut left
    /// unfinished: an `é` cut after its first byte showed as U+FFFD, as if not UTF-8.
    @Test func aTooLongRecordIsQuotedInWholeCharacters() throws {
        let line = String(repeating: "a", count: 63) + "é" + String(repeating: "x", count: 100) + "\n"
        let run = try CLI.run(["text", "--max-record-bytes", "100"], input: line)
        #expect(run.status == 1)
        #expect(
            run.stderr.contains("'\(String(repeating: "a", count: 63))…': record too long: 165 bytes"), "\(run.stderr)")
        #expect(!run.stderr.contains("\u{FFFD}"))
    }

    @Test func aFailedRejectsWriteNamesTheFile() throws {
        let run = try CLI.run(["number", "--rejects", "/dev/full"], input: "x\n")
        #expect(run.status == 3)
        #expect(run.stderr.contains("cannot write /dev/full: No space left on device"))
    }

    @Test(arguments: [
        ("yyyy-MM-dd'", "is never closed"), ("''", "has no date field"), ("yyyy-MM-dd'T'HH:mm", "is a time field"),
    ])
    func outputPatternsAreChecked(pattern: String, reason: String) throws {
        let run = try CLI.run(["date", "--pattern", "yyyy-MM-dd", "--to-pattern", pattern], input: "2026-04-13\n")
        #expect(run.status == 2)
        #expect(run.stderr.contains(reason))
        #expect(run.stdout.isEmpty)
    }

    @Test func fileNamesThatAreNotUTF8CanBeOpened() throws {
        let directory = CLI.temporaryFile("latin1")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // 'café.txt' in Latin-1: the é is the lone byte 0xE9.
        let run = try CLI.shell(
            "cd '\(directory.path)' && printf '1\\nx\\n' > \"$(printf 'caf\\351.txt')\" && "
                + "'\(CLI.binary.path)' number \"$(printf 'caf\\351.txt')\"; echo \"status $?\"")
        #expect(run.stdout.hasPrefix("1\n"))
        #expect(run.stdout.contains("status 1"))
        #expect(run.stderr.contains("line 2: 'x'"))
    }

    @Test(arguments: [
        ["number", "--rejects", "REJECTS"], ["number", "--rejects=REJECTS"],
        ["csv", "--column", "a=number", "--rejects", "REJECTS"],
    ])
    func rejectsFileNamesThatAreNotUTF8AreCreatedAsWritten(args: [String]) throws {
        let directory = CLI.temporaryFile("latin1")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // 'q\xff.txt': the lone byte 0xFF, not U+FFFD (EF BF BD) that the String of it holds.
        let arguments = args.map {
            "\"" + $0.replacingOccurrences(of: "REJECTS", with: "$(printf 'q\\377.txt')") + "\""
        }
        let run = try CLI.shell(
            "cd '\(directory.path)' && printf 'a\\n1\\nx\\n' | '\(CLI.binary.path)' "
                + arguments.joined(separator: " ") + "; echo \"status $?\"; ls | od -An -tx1; "
                + "cat \"$(printf 'q\\377.txt')\"")
        #expect(run.stdout.contains("status 1"))
        #expect(run.stdout.contains(" 71 ff 2e 74 78 74 0a"), "\(run.stdout)")
        #expect(!run.stdout.contains("ef bf bd"))
        // The rejected values (number rejects 'a'; csv writes its header 'a' above its rejects).
        #expect(run.stdout.hasSuffix("a\nx\n"))
    }

    @Test func anUnterminatedQuoteAtTheEndIsPassedThroughExactly() throws {
        let rejects = CLI.temporaryFile("rejects.csv")
        defer { try? FileManager.default.removeItem(at: rejects) }
        for input in ["a\n\"abc\n", "a\n\"abc", "a\n\"ab\r\nc\r\n"] {
            let run = try CLI.run(
                ["csv", "--column", "a=string", "--on-invalid", "keep", "--rejects", rejects.path], input: input)
            #expect(run.status == 1)
            let expected = input.utf8.last == 0x0A ? input : input + "\n"
            #expect(run.stdout == expected, "\(input.debugDescription)")
            #expect(try String(contentsOf: rejects, encoding: .utf8) == expected)
        }
    }

    @Test func aHugeValueIsQuotedShortInMessages() throws {
        let huge = String(repeating: "7", count: 3_000_000) + "x"
        let schema = CLI.temporaryFile("enum.yaml")
        try Data("fields:\n  - {name: a, constraints: {enum: [b], unique: true}}\n".utf8).write(to: schema)
        let run = try CLI.run(["csv", "--schema", schema.path], input: "a\n\(huge)\n")
        #expect(run.status == 1)
        #expect(run.stderr.count < 2_000)
        #expect(run.stderr.contains("…' (3000001 characters) is not one of the allowed values"))
        let number = try CLI.run(
            ["number", "--locale", "de_DE"], input: "1," + String(repeating: "5", count: 1_000_000) + ".5\n")
        #expect(number.stderr.count < 4_000)
    }

    @Test func aLongEnumIsListedShortInMessages() throws {
        // Three values of 1 MB and seven short ones: each bad row listed them all, 3 MB of
        // stderr a row; now the first five, each cut at 200 characters, and how many more.
        let huge = ["a", "b", "c"].map { String(repeating: $0, count: 1_000_000) }
        let values = huge + ["d", "e", "f", "g", "h", "i", "j"]
        let schema = CLI.temporaryFile("enum.yaml")
        try Data(
            ("fields:\n  - name: x\n    constraints:\n      enum: ["
                + values.map { "\"\($0)\"" }.joined(separator: ", ") + "]\n").utf8
        ).write(to: schema)
        let run = try CLI.run(["csv", "--schema", schema.path], input: "x\nz\nd\ny\n")
        #expect(run.status == 1)
        #expect(run.lines == ["x", "d"])
        #expect(run.stderr.utf8.count < 4_000)
        let stderr = String(run.stderr.prefix(4_000))  // a failure prints this, not megabytes
        let a = "'" + String(repeating: "a", count: 200) + "…' (1000000 characters)"
        let b = "'" + String(repeating: "b", count: 200) + "…' (1000000 characters)"
        let c = "'" + String(repeating: "c", count: 200) + "…' (1000000 characters)"
        #expect(stderr.contains("'z' is not one of the allowed values: \(a), \(b), \(c), 'd', 'e' and 5 more"))
        #expect(stderr.contains("'y' is not one of the allowed values: "))
        let short = CLI.temporaryFile("short.yaml")
        try Data("fields:\n  - {name: x, constraints: {enum: [a, b]}}\n".utf8).write(to: short)
        let few = try CLI.run(["csv", "--schema", short.path], input: "x\nz\n")
        #expect(few.stderr.contains("'z' is not one of the allowed values: 'a', 'b' [not_in_enum]"))
    }

    @Test func aRowOfOneEmptyCellIsWrittenAsEmptyQuotes() throws {
        let run = try CLI.run(["csv", "--column", "a=string", "--normalize"], input: "a\n\"\"\nx\n")
        #expect(run.stdout == "a\n\"\"\nx\n")
    }

    @Test(.needsPython3) func pythonReadsBackTheRowOfOneEmptyCell() throws {
        let run = try CLI.run(["csv", "--column", "a=string", "--normalize"], input: "a\n\"\"\nx\n")
        // Python's csv reads back as many rows as were written.
        let file = CLI.temporaryFile("normalized.csv")
        try Data(run.stdout.utf8).write(to: file)
        let python = try CLI.shell("python3 -c \"import csv; print(len(list(csv.reader(open('\(file.path)')))))\"")
        #expect(python.stdout == "3\n")
    }

    // MARK: Item 7: what is written does not depend on how input arrives

    /// Runs `fieldcheck args` on `input` written to a pipe in pieces of `piece` bytes (0: at
    /// once), pausing between them so that each arrives as a read of its own.
    static func runInPieces(_ args: [String], _ input: [UInt8], piece: Int) throws -> (String, String, Data) {
        let source = CLI.temporaryFile("pieces")
        let rejects = CLI.temporaryFile("rejects")
        try Data(input).write(to: source)
        defer { try? FileManager.default.removeItem(at: source) }
        let feeder =
            piece == 0
            ? "cat '\(source.path)'"
            : "python3 -c \"import sys,time\nd=open('\(source.path)','rb').read()\nfor i in range(0,len(d),\(piece)):\n sys.stdout.buffer.write(d[i:i+\(piece)]); sys.stdout.flush(); time.sleep(0.002)\""
        let command = ([CLI.binary.path] + args + ["--rejects", rejects.path]).map { "'\($0)'" }.joined(separator: " ")
        let run = try CLI.shell("\(feeder) | \(command)")
        let written = (try? Data(contentsOf: rejects)) ?? Data()
        try? FileManager.default.removeItem(at: rejects)
        return (run.stdout, run.stderr, written)
    }

    @Test(
        .needsPython3,
        arguments: [
            ["text", "--max-record-bytes", "100", "--on-invalid", "keep"],
            ["text", "--max-record-bytes", "100", "--on-invalid", "keep", "--jobs", "2"],
            ["csv", "--column", "a=string", "--max-record-bytes", "100", "--on-invalid", "keep"],
        ])
    func oversizedCRLFRecordsAreTheSameHoweverTheyArrive(args: [String]) throws {
        let input = Array("a\r\n".utf8) + Array(repeating: UInt8(ascii: "x"), count: 150) + Array("\r\n1\r\n".utf8)
        let whole = try Self.runInPieces(args, input, piece: 0)
        #expect(whole.1.contains(args[0] == "csv" ? "152 bytes" : "150 bytes"))
        if args[0] == "text" { #expect(whole.0.hasSuffix("xxx\n1\n")) }
        for piece in [1, 7, 152] {
            let pieces = try Self.runInPieces(args, input, piece: piece)
            #expect(pieces.0 == whole.0, "\(args) in pieces of \(piece): stdout")
            #expect(pieces.1 == whole.1, "\(args) in pieces of \(piece): stderr")
            #expect(pieces.2 == whole.2, "\(args) in pieces of \(piece): rejects")
        }
    }
}
