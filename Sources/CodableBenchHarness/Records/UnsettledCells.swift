import Foundation
import CodableBenchCore

/// The cells a run sampled but did not settle, read back from what it appended as it measured (a
/// run killed, or ended by a full disk): each generation's samples and pairs are on disk as soon
/// as its round is taken, and run.json names every planned cell from the run's start. Their rows
/// are estimated again from those, as the run would have at its end, and say so in `detail`.
enum UnsettledCells {
    /// Records of the planned cells with samples and no record of their own.
    static func estimate(
        plan: [RunJSON.PlannedCell], settled: [CellRecord], samples: [CellKey: [TimingSample]], pairs: [RatioPairs]
    ) -> [CellRecord] {
        let settled = Set(settled.map(\.key))
        var records: [CellRecord] = []
        for planned in plan {
            let identity = planned.cell
            guard !settled.contains(identity.key), let taken = samples[identity.key], !taken.isEmpty else { continue }
            let byGeneration = Dictionary(grouping: taken, by: \.generation).sorted { $0.key < $1.key }.map(\.value)
            var cell = CellRecord(
                cell: identity, outcome: .ok, expectedOutcome: planned.expectedOutcome,
                detail: "interrupted: not settled; figures from the \(byGeneration.count) generation(s) sampled")
            cell.measures = CellRecord.measures(
                timings: byGeneration, throughputBytes: Double(identity.bytes),
                allocations: nil, instructions: nil, simulatedCycles: nil)
            if let ratio = pairs.first(where: { $0.profile == identity.profile && $0.strategy == identity.strategy }) {
                cell.pair(with: ratio.yardstick, pairsByGeneration: ratio.generations)
            }
            records.append(cell)
        }
        return records
    }
}
