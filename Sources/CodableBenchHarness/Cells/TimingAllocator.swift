import Foundation
import CodableBenchCore

/// The allocator timing workers run with; recorded on every row (`allocator`).
///
/// glibc's defaults give freed memory back to the kernel: a block above the mmap threshold is
/// unmapped when freed, and the top of the heap is trimmed once more than the trim threshold is
/// free. A decode that builds and drops megabytes then pays, in every sample, for faulting fresh
/// zeroed pages back in, and what that costs varies from sample to sample on a VM by far more than
/// the decode's own work (measured on the `medium` encoders: about 10% between adjacent samples of
/// one process, where `large`, whose buffers stay mapped, varied by 2%). So the default keeps glibc
/// but raises both thresholds, the tuning mallopt(3) documents for this: after the warm-up a
/// worker's heap holds what a decode needs and samples time the decode, not the kernel. jemalloc,
/// which keeps freed pages for seconds by its own design, gives the same steadiness.
package enum TimingAllocator: String, CaseIterable, Sendable {
    /// glibc with freed memory kept in the process (the default).
    case glibcRetained = "glibc-retained"
    /// glibc as the system configures it.
    case system
    /// jemalloc, preloaded, with its default settings.
    case jemalloc

    /// This platform's default: glibc keeping freed memory where glibc is, else the system's.
    package static var platformDefault: TimingAllocator { platformDefault(on: .current) }

    package static func platformDefault(on platform: Platform) -> TimingAllocator {
        platform.hasGlibc ? .glibcRetained : .system
    }

    /// The tunables `glibcRetained` sets: nothing up to 1 GB is mmapped, and up to 4 GB of free
    /// heap stays with the process.
    static let retainingTunables = "glibc.malloc.mmap_threshold=1000000000:glibc.malloc.trim_threshold=4000000000"

    /// What a timing worker's environment gains; `inherited` is the parent's environment, whose
    /// own glibc tunables stay (ours are appended, so the run's setting wins where they overlap).
    func environment(inherited: [String: String] = ProcessInfo.processInfo.environment) throws -> [String: String] {
        switch self {
        case .system:
            return [:]
        case .glibcRetained:
            guard Platform.current.hasGlibc else {
                throw CommandError.usage("--allocator glibc-retained needs glibc; this platform's allocator is 'system'")
            }
            let variable = Platform.glibcTunablesVariable
            let own = inherited[variable].map { $0.isEmpty ? "" : $0 + ":" } ?? ""
            return [variable: own + Self.retainingTunables]
        case .jemalloc:
            guard let library = JemallocCounter.libraryPath() else {
                throw CommandError.usage("--allocator jemalloc needs jemalloc (\(Platform.current.jemallocInstall))")
            }
            return [Platform.current.preloadName: library]
        }
    }
}
