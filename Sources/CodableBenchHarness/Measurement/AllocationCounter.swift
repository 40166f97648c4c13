import Foundation
import CodableBenchCore

/// Allocation counts of one decode.
struct AllocationCount: Codable, Equatable, Sendable {
    var allocations: Int
    var allocatedBytes: Int
    var peakBytes: Int?
}

/// What a cell's counting pass gave: the counts of its decodes, or why there are none (said in
/// the run's warnings, not left as a silent gap).
enum CountedAllocations {
    case counted([AllocationCount])
    case missing(String)
}

/// Counts the allocations of a closure in the counting pass's worker.
protocol AllocationCounter {
    /// Counts the allocations of `body`, which must run on this thread.
    func count(_ body: () throws -> Void) rethrows -> AllocationCount
}

/// Which allocator counts the counting pass, as `counting_backend` records it.
package enum CountingBackend: String, CaseIterable, Sendable {
    /// jemalloc preloaded, thread cache off: exact counts, bytes and peak heap.
    case jemalloc
    /// glibc's malloc through ordo-one/malloc-interposer preloaded: counts and requested bytes, no
    /// peak; approximate, since Swift grows buffers by the allocator's usable size.
    case interposer
    /// Nothing to count with.
    case none

    /// The library the counting worker preloads, nil when it is not there.
    var libraryPath: String? {
        switch self {
        case .jemalloc: return JemallocCounter.libraryPath()
        case .interposer: return InterposerCounter.libraryPath()
        case .none: return nil
        }
    }

    /// What the counting worker's environment adds.
    var environment: [String: String] {
        guard let library = libraryPath else { return [:] }
        switch self {
        case .jemalloc: return [Platform.current.preloadName: library, "MALLOC_CONF": "tcache:false"]
        case .interposer, .none: return [Platform.current.preloadName: library]
        }
    }

    /// The counter in this (worker) process: whichever library the parent preloaded.
    static func counterInThisProcess() -> AllocationCounter? {
        JemallocCounter() ?? InterposerCounter()
    }
}

/// Exact allocation counting through jemalloc's `mallctl`, when the worker runs with jemalloc
/// preloaded and its thread cache off (`MALLOC_CONF=tcache:false`); with the thread cache on, the
/// arena counters miss allocations served from the cache.
final class JemallocCounter: AllocationCounter {
    private typealias MallctlFunction =
        @convention(c) (
            UnsafePointer<CChar>?, UnsafeMutableRawPointer?, UnsafeMutablePointer<Int>?, UnsafeMutableRawPointer?, Int
        ) -> Int32

    private let mallctl: MallctlFunction
    /// Control names as NUL-terminated bytes made once: building a String inside the counted window
    /// would allocate and be counted (4096 is MALLCTL_ARENAS_ALL, every arena merged).
    private let smallAllocations = Array("stats.arenas.4096.small.nmalloc".utf8CString)
    private let largeAllocations = Array("stats.arenas.4096.large.nmalloc".utf8CString)
    private let threadAllocated = Array("thread.allocated".utf8CString)
    private let peakRead = Array("thread.peak.read".utf8CString)
    private let peakReset = Array("thread.peak.reset".utf8CString)
    private let epochName = Array("epoch".utf8CString)

    /// nil when jemalloc is not loaded in this process.
    init?() {
        guard let symbol = DynamicSymbols.symbol("mallctl") else { return nil }
        mallctl = unsafeBitCast(symbol, to: MallctlFunction.self)
        guard readBool(Array("thread.tcache.enabled".utf8CString)) == false else { return nil }
    }

    /// Counts the allocations of `body`, which must run on this thread.
    func count(_ body: () throws -> Void) rethrows -> AllocationCount {
        write(peakReset)
        let before = snapshot()
        try body()
        let after = snapshot()
        let peak = readUInt64(peakRead)
        return AllocationCount(
            allocations: Int(after.count - before.count),
            allocatedBytes: Int(after.bytes - before.bytes),
            peakBytes: peak.map { Int($0) })
    }

    private func snapshot() -> (count: UInt64, bytes: UInt64) {
        // Writing "epoch" refreshes jemalloc's cached statistics.
        var epoch: UInt64 = 1
        _ = epochName.withUnsafeBufferPointer { mallctl($0.baseAddress, nil, nil, &epoch, MemoryLayout<UInt64>.size) }
        let count = (readUInt64(smallAllocations) ?? 0) + (readUInt64(largeAllocations) ?? 0)
        return (count, readUInt64(threadAllocated) ?? 0)
    }

    private func readUInt64(_ name: [CChar]) -> UInt64? {
        var value: UInt64 = 0
        var size = MemoryLayout<UInt64>.size
        let status = name.withUnsafeBufferPointer { mallctl($0.baseAddress, &value, &size, nil, 0) }
        return status == 0 ? value : nil
    }

    private func readBool(_ name: [CChar]) -> Bool? {
        var value = false
        var size = MemoryLayout<Bool>.size
        let status = name.withUnsafeBufferPointer { mallctl($0.baseAddress, &value, &size, nil, 0) }
        return status == 0 ? value : nil
    }

    private func write(_ name: [CChar]) {
        _ = name.withUnsafeBufferPointer { mallctl($0.baseAddress, nil, nil, nil, 0) }
    }

    /// `CODABLEBENCH_JEMALLOC`, or where the platform's packages put the shared library.
    static func libraryPath() -> String? {
        let candidates =
            [ProcessInfo.processInfo.environment["CODABLEBENCH_JEMALLOC"]].compactMap { $0 }
            + Platform.current.jemallocLibraries
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }
}
