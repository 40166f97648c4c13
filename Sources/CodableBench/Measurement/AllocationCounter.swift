import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Allocation counts of one decode.
public struct AllocationCount: Codable, Equatable, Sendable {
    public var allocations: Int
    public var allocatedBytes: Int
    public var peakBytes: Int?
}

/// Exact allocation counting through jemalloc's `mallctl`, when the worker runs with jemalloc
/// preloaded and its thread cache off (`MALLOC_CONF=tcache:false`); with the thread cache on, the
/// arena counters miss allocations served from the cache.
public final class JemallocCounter {
    private typealias MallctlFunction = @convention(c) (
        UnsafePointer<CChar>?, UnsafeMutableRawPointer?, UnsafeMutablePointer<Int>?, UnsafeMutableRawPointer?, Int
    ) -> Int32

    private let mallctl: MallctlFunction
    /// jemalloc's MALLCTL_ARENAS_ALL: statistics merged over every arena.
    private static let allArenas = 4096

    /// nil when jemalloc is not loaded in this process.
    public init?() {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallctl") else { return nil }
        mallctl = unsafeBitCast(symbol, to: MallctlFunction.self)
        guard (try? readBool("thread.tcache.enabled")) == false else { return nil }
    }

    /// Counts the allocations of `body`, which must run on this thread.
    public func count(_ body: () throws -> Void) rethrows -> AllocationCount {
        try? write("thread.peak.reset")
        let before = snapshot()
        try body()
        let after = snapshot()
        let peak = try? readUInt64("thread.peak.read")
        return AllocationCount(allocations: Int(after.count - before.count),
                               allocatedBytes: Int(after.bytes - before.bytes),
                               peakBytes: peak.map { Int($0) })
    }

    private func snapshot() -> (count: UInt64, bytes: UInt64) {
        // Writing "epoch" refreshes jemalloc's cached statistics.
        var epoch: UInt64 = 1
        _ = mallctl("epoch", nil, nil, &epoch, MemoryLayout<UInt64>.size)
        let small = (try? readUInt64("stats.arenas.\(Self.allArenas).small.nmalloc")) ?? 0
        let large = (try? readUInt64("stats.arenas.\(Self.allArenas).large.nmalloc")) ?? 0
        let bytes = (try? readUInt64("thread.allocated")) ?? 0
        return (small + large, bytes)
    }

    private struct MallctlError: Error {}

    private func readUInt64(_ name: String) throws -> UInt64 {
        var value: UInt64 = 0
        var size = MemoryLayout<UInt64>.size
        guard mallctl(name, &value, &size, nil, 0) == 0 else { throw MallctlError() }
        return value
    }

    private func readBool(_ name: String) throws -> Bool {
        var value: Bool = false
        var size = MemoryLayout<Bool>.size
        guard mallctl(name, &value, &size, nil, 0) == 0 else { throw MallctlError() }
        return value
    }

    private func write(_ name: String) throws {
        guard mallctl(name, nil, nil, nil, 0) == 0 else { throw MallctlError() }
    }

    /// Where Debian's libjemalloc2 (pulled in by `libjemalloc-dev`) puts the shared library.
    public static func libraryPath() -> String? {
        let candidates = [
            ProcessInfo.processInfo.environment["CODABLEBENCH_JEMALLOC"],
            "/usr/lib/x86_64-linux-gnu/libjemalloc.so.2", "/usr/lib/aarch64-linux-gnu/libjemalloc.so.2",
            "/usr/lib64/libjemalloc.so.2", "/usr/lib/libjemalloc.so.2", "/usr/local/lib/libjemalloc.so.2",
        ].compactMap { $0 }
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }
}
