import Foundation

/// OpenSSL's `SHA256()`, from the `libcrypto.so.3` the machine has (swift-corelibs-foundation's
/// networking needs it, through libcurl), loaded on first use; nil where it is missing.
///
/// Why: every lockstep worker hashes the payload it decodes, thousands a run, on the CPU where the
/// next workers start. libcrypto uses the CPU's SHA instructions, an order of magnitude faster than
/// the portable code, but loading it costs milliseconds a process, so only payloads of
/// `SHA256.systemThreshold` bytes or more go to it (figures: Notebook, "Figures behind the code"). Loaded with `dlopen`, not linked, so that it
/// neither becomes a build requirement nor slows down every process's start.
enum SystemSHA256 {
    private typealias Function =
        @convention(c) (
            UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UInt8>?
        ) -> UnsafeMutablePointer<UInt8>?

    private static let function: Function? = {
        DynamicSymbols.sha256().map { unsafeBitCast($0, to: Function.self) }
    }()

    /// The 32-byte digest of `data`, or nil when libcrypto is not there.
    static func digest(of data: Data) -> [UInt8]? {
        guard let function else { return nil }
        var digest = [UInt8](repeating: 0, count: 32)
        data.withUnsafeBytes { bytes in
            digest.withUnsafeMutableBufferPointer { out in
                _ = function(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, out.baseAddress)
            }
        }
        return digest
    }
}
