import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Allocation counting where jemalloc is not installed: glibc's malloc through
/// ordo-one/malloc-interposer, preloaded into the counting worker only (never into timing workers:
/// its size header on every allocation would be timed too). Found by `dlsym`, so the harness does
/// not link it. Counts calls and requested bytes; it has no peak. Approximate: Swift grows buffers
/// by glibc's usable size, so a count can differ by about 0.1% from one process to the next.
final class InterposerCounter: AllocationCounter {
    private typealias Toggle = @convention(c) () -> Void
    private typealias Stats =
        @convention(c) (
            UnsafeMutablePointer<Int64>?, UnsafeMutablePointer<Int64>?, UnsafeMutablePointer<Int64>?,
            UnsafeMutablePointer<Int64>?, UnsafeMutablePointer<Int64>?, UnsafeMutablePointer<Int64>?
        ) -> Void

    private let enable: Toggle
    private let disable: Toggle
    private let reset: Toggle
    private let stats: Stats

    /// nil when the interposer is not loaded in this process.
    init?() {
        let all = UnsafeMutableRawPointer(bitPattern: 0)
        guard let enable = dlsym(all, "malloc_interposer_enable"), let disable = dlsym(all, "malloc_interposer_disable"),
            let reset = dlsym(all, "malloc_interposer_reset"), let stats = dlsym(all, "malloc_interposer_get_stats")
        else { return nil }
        self.enable = unsafeBitCast(enable, to: Toggle.self)
        self.disable = unsafeBitCast(disable, to: Toggle.self)
        self.reset = unsafeBitCast(reset, to: Toggle.self)
        self.stats = unsafeBitCast(stats, to: Stats.self)
    }

    func count(_ body: () throws -> Void) rethrows -> AllocationCount {
        var count: Int64 = 0, bytes: Int64 = 0, small: Int64 = 0, large: Int64 = 0, frees: Int64 = 0, freed: Int64 = 0
        reset()
        enable()
        defer { disable() }
        try body()
        disable()
        stats(&count, &bytes, &small, &large, &frees, &freed)
        return AllocationCount(allocations: Int(count), allocatedBytes: Int(bytes), peakBytes: nil)
    }

    /// The interposer's shared library, which SwiftPM builds beside the `benchmarks` executable
    /// (product `CodableBenchMallocInterposer`); `CODABLEBENCH_INTERPOSER` names another.
    static func libraryPath() -> String? {
        let beside = WorkerLauncher.currentExecutable().deletingLastPathComponent()
            .appendingPathComponent("libMallocInterposerSwift.so").path
        let candidates = [ProcessInfo.processInfo.environment["CODABLEBENCH_INTERPOSER"], beside].compactMap { $0 }
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }
}
