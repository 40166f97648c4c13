import Foundation
import CodableBenchCore

/// A failure planted in an instrument, so that the self-tests can show its canary catches it
/// (`CODABLEBENCH_PLANT`, read in the worker or the run; never set by a run).
enum Plant: String {
    /// The allocation counter misses a third of what it should see, as an interposer that misses
    /// one of the runtime's allocation entry points would.
    case counterMissesAThird = "counter-misses-a-third"
    /// jemalloc's counter alone misses a third, so that the run's next backend reads its canary
    /// right (the fallback of `AllocationCanary.firstThatReads`).
    case jemallocMissesAThird = "jemalloc-misses-a-third"
    /// The exact measure drifts: each reading a percent above the one before, as a counter that
    /// counts more than the region would (read by the run, not the worker: the exact pass's worker
    /// runs with a fixed environment).
    case exactCounterDrifts = "exact-counter-drifts"
    /// The exact measure reads 0, as a CPU counter a virtual machine does not pass to its guest
    /// would (read by the run).
    case exactCounterReadsZero = "exact-counter-reads-zero"
    /// The lanes time one half of every pair, the member paired with a yardstick, at half speed,
    /// as a lane whose halves ran on cores of two kinds would (an efficiency core takes two to
    /// three times a performance core's time; read by the run).
    case laneSlowsOneHalf = "lane-slows-one-half"

    static let variable = "CODABLEBENCH_PLANT"
    /// Read with `getenv`, which allocates nothing: the worker reads it between counted decodes.
    static var current: Plant? { SystemCalls.environmentVariable(variable).flatMap(Plant.init(rawValue:)) }

    /// An exact measure as the planted instrument reads it.
    static func counted(instructions: Int) -> Int {
        if current == .exactCounterReadsZero { return 0 }
        guard current == .exactCounterDrifts else { return instructions }
        let reading = readings.withLock { count in
            count += 1
            return count
        }
        return instructions + instructions * reading / 100
    }
    private static let readings = Locked(0)

    /// A sample's time as the planted lane reads it.
    static func timed(pairedWithAYardstick: Bool) -> (UInt64) -> UInt64 {
        guard pairedWithAYardstick, lanesSlowOneHalf else { return { $0 } }
        return { $0 * 2 }
    }
    /// Read once, by the run: `timed` is asked between every two samples of a round.
    private static let lanesSlowOneHalf = current == .laneSlowsOneHalf

    /// The counts as the planted instrument reads them.
    static func counted(_ count: AllocationCount, byJemalloc: Bool) -> AllocationCount {
        guard current == .counterMissesAThird || (current == .jemallocMissesAThird && byJemalloc) else { return count }
        var missed = count
        missed.allocations -= count.allocations / 3
        return missed
    }
}
