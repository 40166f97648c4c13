import Foundation

/// A failure planted in an instrument, so that the self-tests can show its canary catches it
/// (`CODABLEBENCH_PLANT`, read in the worker; never set by a run).
enum Plant: String {
    /// The allocation counter misses a third of what it should see, as an interposer that misses
    /// one of the runtime's allocation entry points would.
    case counterMissesAThird = "counter-misses-a-third"

    static let variable = "CODABLEBENCH_PLANT"
    /// Read with `getenv`, which allocates nothing: the worker reads it between counted decodes.
    static var current: Plant? { getenv(variable).map { String(cString: $0) }.flatMap(Plant.init(rawValue:)) }

    /// The counts as the planted instrument reads them.
    static func counted(_ count: AllocationCount) -> AllocationCount {
        guard current == .counterMissesAThird else { return count }
        var missed = count
        missed.allocations -= count.allocations / 3
        return missed
    }
}
