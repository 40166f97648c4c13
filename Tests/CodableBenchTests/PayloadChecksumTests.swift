import Foundation
import Testing

@testable import CodableBench

/// The checksum a later generation's worker reports instead of the sha256 (`PayloadChecksum`).
@Suite("Payload checksum")
struct PayloadChecksumTests {
    /// Values from an independent implementation (Python: FNV-1a over little-endian 8-byte words,
    /// then the leftover bytes, then the length, with the 64-bit offset basis and prime).
    @Test(arguments: [
        ("", "af63bd4c8601b7df"),
        ("{\"articles\":[]}", "9e5e25180e337582"),
        ("{\"articles\":[1]}", "69dc1e0705ad44e7"),
    ])
    func matchesAnIndependentImplementation(input: String, expected: String) {
        #expect(PayloadChecksum.hex(of: Data(input.utf8)) == expected)
    }

    /// A changed byte anywhere, or a byte fewer, changes it.
    @Test func aChangedOrMissingByteChangesIt() {
        let bytes = Data((0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let original = PayloadChecksum.hex(of: bytes)
        for index in [0, 7, 8, 500, 999] {
            var changed = bytes
            changed[index] ^= 0x01
            #expect(PayloadChecksum.hex(of: changed) != original, "byte \(index)")
        }
        #expect(PayloadChecksum.hex(of: bytes.dropLast()) != original)
    }

    /// A worker told `--checksum-only` reports the checksum and no sha256; otherwise the sha256.
    @Test func aWorkerReportsWhatItWasAskedFor() throws {
        let profile = try TestSupport.profile("small")
        let strategy = TestSupport.strategy("synthesized")
        let payload = NewsGenerator.generate(profile)
        let (_, later) = try Worker.verified(
            strategy: strategy, source: .generated(profile), reference: nil, pass: .lockstep, alreadyVerified: true,
            checksumOnly: true)
        #expect(later.sha256 == "" && later.checksum == PayloadChecksum.hex(of: payload.bytes))
        let (_, first) = try Worker.verified(
            strategy: strategy, source: .generated(profile), reference: nil, pass: .lockstep, alreadyVerified: true)
        #expect(first.sha256 == payload.sha256 && first.checksum == nil)
    }
}
