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

/// A finished cell: its verdict and, when it was measured, its samples, paired ratio and counts.
struct CellResult {
    let cell: Cell
    let identity: CellIdentity
    let verdict: Verdict
    /// The samples of each process generation, in the order they were taken.
    let generations: [[TimingSample]]
    /// Bytes an encoder writes per operation (throughput counts them instead of the payload's).
    var outputBytes: Int?
    /// The strategy it was paired with in its lockstep comparison, and the ratio to it.
    var yardstick: String?
    var pairedRatio: PairedRatio?
    var allocations: [AllocationCount]?
    /// Instructions per decode from the callgrind pass, when requested.
    var instructions: Int? = nil
    /// Simulated cycles per decode from the same pass (callgrind's cache simulation).
    var simulatedCycles: Int? = nil

    var expectedOutcome: Outcome { cell.strategy.expectedOutcome(on: cell.source) }

    /// The ratio results.csv records: to the group's reference (the reference itself has 1), or
    /// in an `ab` run to the baseline build.
    var groupRatio: (to: String, ratio: PairedRatio)? {
        guard !generations.isEmpty else { return nil }
        if yardstick == RatioRow.baselineYardstick, let pairedRatio { return (RatioRow.baselineYardstick, pairedRatio) }
        if cell.strategy.isReference { return (identity.strategy, .one) }
        guard let yardstick, let pairedRatio else { return nil }
        return (yardstick, pairedRatio)
    }

    /// The rows this cell contributes to `results.csv`: one per metric, or one `none` row.
    func rows(provenance: Provenance) -> [ResultRow] {
        func row(_ metric: Metric, forks: [[Double]]) -> ResultRow? {
            guard let summary = Summary(forks: forks) else { return nil }
            return ResultRow(
                provenance: provenance, cell: identity, outcome: verdict.outcome,
                expectedOutcome: expectedOutcome, detail: verdict.detail, metric: metric, summary: summary)
        }
        var rows: [ResultRow] = []
        if !generations.isEmpty {
            let bytes = throughputBytes
            if var wall = row(.wallTime, forks: generations.map { $0.map(\.wallNanoseconds) }) {
                wall.ratio = groupRatio.map { RowRatio(to: $0.to, value: $0.ratio) }
                rows.append(wall)
            }
            rows += [
                row(.cpuTime, forks: generations.map { $0.map(\.cpuNanoseconds) }),
                // MB/s with MB = 10^6 bytes: bytes / ns * 10^9 / 10^6.
                row(.throughput, forks: generations.map { $0.map { bytes * 1_000 / $0.wallNanoseconds } }),
            ].compactMap { $0 }
        }
        if let counts = allocations, !counts.isEmpty {
            rows += [
                row(.allocations, forks: [counts.map { Double($0.allocations) }]),
                row(.allocatedBytes, forks: [counts.map { Double($0.allocatedBytes) }]),
                row(.peakHeapBytes, forks: [counts.compactMap { $0.peakBytes.map(Double.init) }]),
            ].compactMap { $0 }
        }
        if let instructions {
            rows.append(row(.instructions, forks: [[Double(instructions)]])!)
        }
        if let simulatedCycles {
            rows.append(row(.simulatedCycles, forks: [[Double(simulatedCycles)]])!)
        }
        if rows.isEmpty {
            rows.append(
                ResultRow(
                    provenance: provenance, cell: identity, outcome: verdict.outcome,
                    expectedOutcome: expectedOutcome, detail: verdict.detail, metric: .none, summary: nil))
        }
        return rows
    }

    /// The bytes throughput counts: payload bytes read, or the bytes an encoder wrote.
    var throughputBytes: Double { Double(outputBytes ?? identity.bytes) }
}
