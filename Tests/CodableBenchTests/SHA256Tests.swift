@testable import CodableBench
@testable import CodableBenchCore
@testable import CodableBenchHarness
import Foundation
import Testing

@Suite("SHA-256 against the FIPS 180-4 test vectors")
struct SHA256Tests {
    static let vectors = [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
    ]
    static let millionAsDigest = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
    static let libcryptoLoads = SystemSHA256.digest(of: Data("abc".utf8)) != nil

    @Test(arguments: vectors)
    func vector(input: String, digest: String) {
        #expect(SHA256.hex(of: Data(input.utf8)) == digest)
        #expect(SHA256.hex(SHA256.portableDigest(of: Data(input.utf8))) == digest)
    }

    /// A million bytes: at the threshold, so `hex` takes libcrypto where it loads.
    @Test func millionAs() {
        let data = Data(repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(data.count >= SHA256.systemThreshold)
        #expect(SHA256.hex(of: data) == Self.millionAsDigest)
        #expect(SHA256.hex(SHA256.portableDigest(of: data)) == Self.millionAsDigest)
    }

    @Test(.enabled(if: libcryptoLoads, "needs libcrypto.so.3"), arguments: vectors)
    func libcryptoVector(input: String, digest: String) throws {
        let bytes = try #require(SystemSHA256.digest(of: Data(input.utf8)))
        #expect(SHA256.hex(bytes) == digest)
    }

    /// Both implementations agree on a payload-sized input of every byte value, whose length is
    /// not a multiple of the 64-byte block.
    @Test(.enabled(if: libcryptoLoads, "needs libcrypto.so.3"))
    func libcryptoAndPortableAgree() throws {
        var random = SeededRandom(seed: 7)
        let data = Data((0..<3_000_017).map { _ in UInt8.random(in: 0...255, using: &random) })
        let system = try #require(SystemSHA256.digest(of: data))
        #expect(system == SHA256.portableDigest(of: data))
    }
}
