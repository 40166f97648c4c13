import Foundation

/// A fast 64-bit checksum of a payload's bytes (FNV-1a over 8-byte words, then the length): what a
/// lockstep worker of a later process generation reports instead of the sha256, to show that it
/// read the file the parent wrote, unchanged. Hashing every worker's payload with SHA-256 took
/// ~48 s of CPU in a default run (2.4 GB over ~5,000 workers), on the CPU where the next
/// generations start; this reads at memory speed. Not cryptographic: each step is a bijection of
/// the state for a given word and of the word for a given state, so any change to one word, or to
/// the length, changes the result, which is what an accident (a truncated or rewritten file) does.
enum PayloadChecksum {
    private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01b3

    static func hex(of data: Data) -> String {
        let value = data.withUnsafeBytes { bytes -> UInt64 in
            var hash = offsetBasis
            let words = bytes.count / 8
            for index in 0..<words {
                hash = (hash ^ UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))) &* prime
            }
            for byte in bytes[(words * 8)...] { hash = (hash ^ UInt64(byte)) &* prime }
            return (hash ^ UInt64(bytes.count)) &* prime
        }
        return String(value, radix: 16)
    }
}
