import FoundationEssentials
import Testing

@testable import FieldCheck

/// Every error code the library can give is documented in the man page. Here rather than
/// in CLITests: it needs the library's list of codes, and CLITests import Foundation, whose
/// ICU module clashes with the library's (FoundationEssentials has no ICU).
@Suite struct ManPageCodesTests {
    @Test func everyErrorCodeIsInTheManPage() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .deletingLastPathComponent()
        let man = try String(contentsOf: root.appendingPathComponent("man/fieldcheck.1"), encoding: .utf8)
            .replacing("\\_", with: "_")
        for code in ErrorCode.allCases {
            #expect(
                man.contains(".B \(code.rawValue)\n") || man.contains(".BR \(code.rawValue) "),
                "\(code.rawValue) is not documented")
        }
    }
}
