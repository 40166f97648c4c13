import Foundation
import CodableBenchCore

/// Everything a run settles about one cell, held once: what the cell is, how it ended, each
/// measure's statistics, its paired ratio and where its instructions went. The harness hands on
/// these; results.csv, ratios.csv and costs.csv are exported from them (`CellRecord+Exports`), and
/// a run read back is its records again (`RecordedRun`), which is what the analysis, the gates and
/// the reports read. The raw streams, samples and pairs, are appended beside them as they are taken.
package struct CellRecord: Codable, Equatable, Sendable {
    package internal(set) var cell: CellIdentity
    package internal(set) var outcome: Outcome
    /// What the strategy was expected to end with on this payload (`Strategy.expectedOutcome`).
    package internal(set) var expectedOutcome: Outcome
    package internal(set) var detail: String
    /// Each measure's statistics, in results.csv's order of metrics; none for a cell not measured.
    package internal(set) var measures: [Measure] = []
    /// The ratio results.csv shows on its wall-time row (`ratio_to`): to the cell's yardstick (a
    /// group reference's own is 1 to itself), or in an `ab` run to the baseline build.
    package internal(set) var rowRatio: CellRatio? = nil
    /// The paired ratio to the member it was flanked by in its lockstep comparison, with the host
    /// state it holds in (ratios.csv's row).
    package internal(set) var pairedRatio: CellRatio? = nil
    /// Where each decode's instructions went (costs.csv; cells counted under callgrind).
    var costs: [CostBreakdown.Function] = []

    package struct Measure: Codable, Equatable, Sendable {
        package var metric: Metric
        package var summary: Summary
    }

    package var key: CellKey { cell.key }

    /// Its ratio to `yardstick` from its pairs by generation, stated for the host's state it holds
    /// in (`StatedRatio`): the paired ratio ratios.csv records, with the contended one beside a
    /// quiet one and every pair's beside a labelled one, and the same ratio on results.csv's
    /// wall-time row. Nothing without two generations with a pair.
    mutating func pair(with yardstick: String, pairsByGeneration pairs: [[Pair]]) {
        guard let stated = StatedRatio(pairsByGeneration: pairs) else { return }
        pairedRatio = CellRatio(
            profile: cell.profile, group: cell.group, strategy: cell.strategy, yardstick: yardstick, ratio: stated.ratio,
            state: stated.state, contended: stated.state == .quiet ? stated.contended : nil,
            allPairs: stated.state == nil ? nil : StatedRatio(pooling: pairs)?.ratio)
        rowRatio = ratio(to: yardstick, stated.ratio)
    }

    /// Its ratio to `yardstick` as results.csv's row states it (no host state).
    func ratio(to yardstick: String, _ value: PairedRatio) -> CellRatio {
        CellRatio(profile: cell.profile, group: cell.group, strategy: cell.strategy, yardstick: yardstick, ratio: value)
    }

    /// The same pairing's ratio read from all its pairs, without a state (a run whose probe's label
    /// predicts nothing, `RecordedRun`), and on the wall-time row where that showed it: a group's
    /// reference keeps its 1 to itself.
    mutating func readFromAllPairs(_ all: PairedRatio) {
        guard let yardstick = pairedRatio?.yardstick else { return }
        pairedRatio = ratio(to: yardstick, all)
        if rowRatio == nil || rowRatio?.yardstick == yardstick { rowRatio = ratio(to: yardstick, all) }
    }

    /// The ratio a reader wants beside the cell: results.csv's, but for a group's reference, whose
    /// row records 1 to itself, its paired ratio to the member it was flanked by.
    package var displayedRatio: CellRatio? {
        guard let rowRatio, rowRatio.yardstick == cell.strategy, let pairedRatio else { return rowRatio }
        return pairedRatio
    }

    package func summary(of metric: Metric) -> Summary? {
        measures.first { $0.metric == metric }?.summary
    }
}

extension CellRecord {
    /// What a cell's passes took, as measures, in results.csv's order: the timings of each process
    /// generation, the counting pass's allocations, the instruction pass's exact counts. A new
    /// measure is a `Metric`, the pass that takes it, and its line here.
    static func measures(
        timings generations: [[TimingSample]], throughputBytes bytes: Double, allocations counts: [AllocationCount]?,
        instructions: Int?, simulatedCycles: Int?
    ) -> [Measure] {
        func measure(_ metric: Metric, _ generations: [[Double]]) -> Measure? {
            Summary(generations: generations).map { Measure(metric: metric, summary: $0) }
        }
        let counts = counts ?? []
        let candidates: [Measure?] = [
            measure(.wallTime, generations.map { $0.map(\.wallNanoseconds) }),
            measure(.cpuTime, generations.map { $0.map(\.cpuNanoseconds) }),
            // MB/s with MB = 10^6 bytes: bytes / ns * 10^9 / 10^6.
            measure(.throughput, generations.map { $0.map { bytes * 1_000 / $0.wallNanoseconds } }),
            measure(.allocations, [counts.map { Double($0.allocations) }]),
            measure(.allocatedBytes, [counts.map { Double($0.allocatedBytes) }]),
            measure(.peakHeapBytes, [counts.compactMap { $0.peakBytes.map(Double.init) }]),
            measure(.instructions, [instructions.map { [Double($0)] } ?? []]),
            measure(.simulatedCycles, [simulatedCycles.map { [Double($0)] } ?? []]),
            measure(.instructionsPerByte, [instructions.map { bytes > 0 ? [Double($0) / bytes] : [] } ?? []]),
        ]
        return candidates.compactMap { $0 }
    }
}
