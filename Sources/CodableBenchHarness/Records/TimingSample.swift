import Foundation
import CodableBenchCore

/// One timing sample of a cell, per decode: the one shape a sample has from the worker's reply
/// (`LockstepComparison.measure`) to the cell's record and a run read back; samples.csv's rows
/// (`SampleRow`) are its export and are read back into it here, and travel nowhere else.
package struct TimingSample: Equatable, Sendable {
    /// The median batch's wall time over its decodes.
    package internal(set) var wallNanoseconds: Double
    /// What pairs compare: the decode's time on the CPU. A single-threaded decode that does no
    /// I/O differs in wall time only by the time its process was off the CPU, noise from
    /// whatever else ran there that hits one sample and not its neighbours (Documentation/Method.md).
    package internal(set) var cpuNanoseconds: Double
    /// The decodes it stands for: every batch's.
    package internal(set) var decodes: Int
    /// Its position in its generation's lockstep sequence (which samples were neighbours).
    var sequence: Int
    /// The comparison's process generation it was taken in. Not its index in `generations`: once
    /// some ratios are settled, a generation samples only the members still needed, so a member's
    /// n-th generation need not be its yardstick's.
    package internal(set) var generation: Int
    /// The host's state around it (`HostState`; nil without a probe) and the CPU it ran on.
    var state: HostState? = nil
    var cpu: Int? = nil
    /// The comparison's member it was taken of (its position in the comparison).
    var member = 0

    /// Time inside its decodes (about: the median batch's time per decode, times every batch's).
    package var measuredNanoseconds: Double { wallNanoseconds * Double(decodes) }
}

extension TimingSample {
    /// samples.csv's rows read back (`RecordedRun`): each cell's samples in the file's order.
    static func byCell(_ rows: [SampleRow]) -> [CellKey: [TimingSample]] {
        Dictionary(grouping: rows) { CellKey(group: $0.group, strategy: $0.strategy, profile: $0.profile) }
            .mapValues { $0.map(TimingSample.init) }
    }

    /// A sample read back from samples.csv.
    init(_ row: SampleRow) {
        self.init(
            wallNanoseconds: row.wallNanoseconds, cpuNanoseconds: row.cpuNanoseconds, decodes: row.decodes,
            sequence: row.sequence ?? row.sample, generation: row.generation, state: row.state, cpu: row.cpu)
    }
}

extension SampleRow {
    /// samples.csv's row of a cell's sample: the `index`-th of its generation.
    init(_ sample: TimingSample, of cell: CellIdentity, index: Int, runID: String) {
        self.init(
            runID: runID, group: cell.group, strategy: cell.strategy, profile: cell.profile, generation: sample.generation,
            sample: index, decodes: sample.decodes, wallNanoseconds: sample.wallNanoseconds,
            cpuNanoseconds: sample.cpuNanoseconds, sequence: sample.sequence, state: sample.state, cpu: sample.cpu)
    }
}
