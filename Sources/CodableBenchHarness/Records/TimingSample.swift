import Foundation
import CodableBenchCore

/// One timing sample of a cell, per decode.
struct TimingSample: Equatable, Sendable {
    var wallNanoseconds: Double
    var cpuNanoseconds: Double
    var decodes: Int
    /// Its position in its generation's lockstep sequence (which samples were neighbours).
    var sequence: Int
    /// The comparison's process generation it was taken in. Not its index in `generations`: once
    /// some ratios are settled, a generation samples only the members still needed, so a member's
    /// n-th generation need not be its yardstick's.
    var generation: Int
    /// The host's state around it (`HostState`; nil without a probe) and the CPU it ran on.
    var state: HostState? = nil
    var cpu: Int? = nil
}
