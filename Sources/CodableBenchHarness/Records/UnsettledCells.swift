import Foundation
import CodableBenchCore

/// The cells a run sampled but did not settle, read back from what it appended as it measured (a
/// run killed, or ended by a full disk): each generation's samples and pairs are on disk as soon
/// as its round is taken, and run.json names every planned cell from the run's start. Their rows
/// are estimated again from those, as the run would have at its end, and say so in `detail`.
enum UnsettledCells {
    /// Rows and ratios for the planned cells with samples and no row in results.csv.
    static func estimate(
        plan: [RunJSON.PlannedCell], provenance: Provenance, rows: [ResultRow], samples: [SampleRow],
        pairs: [PairsCSV.PairRow]
    ) -> (rows: [ResultRow], ratios: [RatioRow]) {
        let settled = Set(rows.map(\.key))
        let bySample = Dictionary(grouping: samples, by: \.key)
        var newRows: [ResultRow] = []
        var ratios: [RatioRow] = []
        for planned in plan {
            let identity = planned.cell
            guard !settled.contains(identity.key), let taken = bySample[identity.key], !taken.isEmpty else { continue }
            let byGeneration = Dictionary(grouping: taken, by: \.fork).sorted { $0.key < $1.key }.map(\.value)
            let detail = "interrupted: not settled; figures from the \(byGeneration.count) generation(s) sampled"
            func row(_ metric: Metric, _ value: (SampleRow) -> Double) -> ResultRow? {
                Summary(forks: byGeneration.map { $0.map(value) }).map {
                    ResultRow(
                        provenance: provenance, cell: identity, outcome: .ok, expectedOutcome: planned.expectedOutcome,
                        detail: detail, metric: metric, summary: $0)
                }
            }
            let mine = pairs.filter { $0.profile == identity.profile && $0.strategy == identity.strategy }
            var ratio: RatioRow?
            if let yardstick = mine.first?.yardstick {
                let generations = Dictionary(grouping: mine, by: \.generation).sorted { $0.key < $1.key }.map { $0.value.map(\.pair) }
                if let stated = StatedRatio(pairsByGeneration: generations) {
                    var row = RatioRow(
                        runID: provenance.runID, profile: identity.profile, group: identity.group, strategy: identity.strategy,
                        yardstick: yardstick, ratio: stated.verdict)
                    row.state = stated.verdictState
                    row.contended = stated.verdictState == .quiet ? stated.contended : nil
                    ratio = row
                }
            }
            if var wall = row(.wallTime, \.wallNanoseconds) {
                wall.ratio = ratio.map { RowRatio(to: $0.yardstick, value: $0.ratio) }
                newRows.append(wall)
            }
            newRows += [
                row(.cpuTime, \.cpuNanoseconds),
                row(.throughput) { Double(identity.bytes) * 1_000 / $0.wallNanoseconds },
            ].compactMap { $0 }
            if let ratio { ratios.append(ratio) }
        }
        return (newRows, ratios)
    }
}
