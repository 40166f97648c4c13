@testable import CodableBench
@testable import CodableBenchCore
@testable import CodableBenchHarness
import Foundation
import Testing

@Suite("Allocator of the timing pass")
struct TimingAllocatorTests {
    @Test(.enabled(if: Platform.current.hasGlibc, "glibc's tunables"))
    func retainedGlibcRaisesBothThresholdsAndKeepsTheUsersTunables() throws {
        let plain = try TimingAllocator.glibcRetained.environment(inherited: [:])
        #expect(
            plain == ["GLIBC_TUNABLES": "glibc.malloc.mmap_threshold=1000000000:glibc.malloc.trim_threshold=4000000000"])
        let users = try TimingAllocator.glibcRetained.environment(inherited: ["GLIBC_TUNABLES": "glibc.malloc.arena_max=1"])
        #expect(users["GLIBC_TUNABLES"] == "glibc.malloc.arena_max=1:" + TimingAllocator.retainingTunables)
        #expect(try TimingAllocator.glibcRetained.environment(inherited: ["GLIBC_TUNABLES": ""]) == plain)
    }

    @Test func systemLeavesTheEnvironmentAlone() throws {
        #expect(try TimingAllocator.system.environment(inherited: ["GLIBC_TUNABLES": "x=1"]).isEmpty)
    }

    @Test(.enabled(if: JemallocCounter.libraryPath() != nil, "needs libjemalloc-dev"))
    func jemallocIsPreloaded() throws {
        // macOS preloads through dyld's variable; Linux, and darwin-sim on Linux's loader, through ld.so's.
        let variable = Platform.current.kind == .darwin ? "DYLD_INSERT_LIBRARIES" : "LD_PRELOAD"
        #expect(try TimingAllocator.jemalloc.environment(inherited: [:]) == [variable: JemallocCounter.libraryPath()!])
    }

    /// The default is what rows record; it must be one the `--allocator` option accepts.
    @Test func theDefaultIsRecordedByName() {
        #expect(TimingAllocator(rawValue: "glibc-retained") == .glibcRetained)
        #expect(TimingAllocator.allCases.map(\.rawValue) == ["glibc-retained", "system", "jemalloc"])
    }
}
