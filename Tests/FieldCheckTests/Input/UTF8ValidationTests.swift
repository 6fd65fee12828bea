import FieldCheck
import Testing

@Suite struct UTF8ValidationTests {
    static func check(_ bytes: [UInt8]) -> UTF8Check { bytes.withUnsafeBufferPointer(checkUTF8) }

    @Test(arguments: [
        ([0x61, 0xC3, 0xA9], UTF8Check.valid),
        ([0xF0, 0x9F, 0x91, 0x8D], .valid),
        ([0xC0, 0xAF], .invalid(byteOffset: 0, byte: 0xC0)),  // overlong
        ([0xE0, 0x80, 0xAF], .invalid(byteOffset: 0, byte: 0xE0)),  // overlong
        ([0xED, 0xA0, 0x80], .invalid(byteOffset: 0, byte: 0xED)),  // surrogate
        ([0xF4, 0x90, 0x80, 0x80], .invalid(byteOffset: 0, byte: 0xF4)),  // past U+10FFFF
        ([0x61, 0xE2, 0x82], .invalid(byteOffset: 1, byte: 0xE2)),  // truncated
        ([0x80], .invalid(byteOffset: 0, byte: 0x80)),  // lone continuation
        ([0x61, 0xFF], .invalid(byteOffset: 1, byte: 0xFF)),
        ([0x61, 0xC3, 0x28], .invalid(byteOffset: 1, byte: 0xC3)),  // cut short by an ASCII byte
    ])
    func wellFormedness(bytes: [UInt8], expected: UTF8Check) {
        #expect(Self.check(bytes) == expected)
    }

    @Test func agreesWithTheStandardLibraryOnRandomBytes() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let bytes = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                UInt8.random(in: 0x7E...0xFF, using: &generator)
            }
            let ours = Self.check(bytes) == .valid
            let swift = String(validating: bytes, as: UTF8.self) != nil
            #expect(ours == swift, "\(bytes)")
        }
    }
}
