#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// What the core asks of the operating system: functions looked up by name in the images this
/// process has loaded (the demanglers, the system's SHA-256). The rest of the OS seam is the
/// harness's (`CodableBenchHarness/Platform/`).
package enum DynamicSymbols {
    /// A symbol of any image loaded in this process (`RTLD_DEFAULT`).
    package static func symbol(_ name: String) -> UnsafeMutableRawPointer? {
        #if canImport(Darwin)
        return dlsym(UnsafeMutableRawPointer(bitPattern: -2), name)  // <dlfcn.h>: RTLD_DEFAULT
        #else
        return dlsym(nil, name)  // glibc's RTLD_DEFAULT is the null handle
        #endif
    }

    /// A symbol of a library loaded by name (nil: not there).
    package static func symbol(_ name: String, inLibrary library: String) -> UnsafeMutableRawPointer? {
        guard let handle = dlopen(library, RTLD_NOW | RTLD_LOCAL) else { return nil }  // <dlfcn.h>
        return dlsym(handle, name)  // <dlfcn.h>
    }

    /// A one-shot SHA-256 of the system's, `(bytes, count, digest) -> digest`: OpenSSL's `SHA256`
    /// from libcrypto (loaded on first use), or CommonCrypto's `CC_SHA256`, whose count is a
    /// 32-bit `CC_LONG` (the low half of the register the caller fills; payloads are far below 4 GB).
    package static func sha256() -> UnsafeMutableRawPointer? {
        #if canImport(Darwin)
        return symbol("CC_SHA256")  // <CommonCrypto/CommonDigest.h>, in libSystem
        #else
        return ["libcrypto.so.3", "libcrypto.so"].lazy.compactMap { symbol("SHA256", inLibrary: $0) }.first
        #endif
    }
}
