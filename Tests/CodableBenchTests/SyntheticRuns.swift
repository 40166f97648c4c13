@testable import CodableBench
@testable import CodableBenchCore
@testable import CodableBenchHarness
import Foundation

/// Builds small results files by hand, so the gate's decisions can be tested on exact numbers.
enum SyntheticRuns {
    static let provenance = Provenance(
        runID: "synthetic", time: "2026-11-22T00:00:00Z", gitCommit: "0", gitDirty: false, swiftVersion: "6.3.1",
        os: "test", kernel: "test", cpuModel: "test", cores: 2, buildConfiguration: "release",
        harnessVersion: Provenance.harnessVersion, allocator: "glibc-retained", countingBackend: "jemalloc")

    struct CellSpec {
        var strategy: String
        var profile = "small"
        var outcome: Outcome = .ok
        /// What the strategy expects on this payload on the run's platform.
        var expectedOutcome: Outcome = .ok
        var sha = String(repeating: "a", count: 64)
        var allocations: Double = 3_000
        var allocatedBytes: Double = 700_000
        var instructions: Double? = nil
        var cycles: Double? = nil
        /// Wall time samples (ns); the summary is computed from them.
        var wall: [Double] = (0..<20).map { 1_000_000 + Double($0 % 5) * 1_000 }
        /// The paired ratio on the wall-time row, against `ratioTo`.
        var ratio: PairedRatio? = nil
        var ratioTo = "synthesized"
    }

    static func rows(
        _ cells: [CellSpec], countingBackend: String = "jemalloc", allocator: String = "glibc-retained", os: String = "test"
    ) -> [ResultRow] {
        var provenance = Self.provenance
        provenance.os = os
        provenance.countingBackend = countingBackend
        provenance.allocator = allocator
        return cells.flatMap { spec -> [ResultRow] in
            let identity = CellIdentity(
                group: "g", strategy: spec.strategy, expectation: "strict", profile: spec.profile,
                bytes: 100_000, sha256: spec.sha, elements: 30, seed: 1, knobs: "k")
            func row(_ metric: Metric, _ values: [Double]) -> ResultRow {
                ResultRow(
                    provenance: provenance, cell: identity, outcome: spec.outcome, expectedOutcome: spec.expectedOutcome,
                    detail: "", metric: metric, summary: Summary(values, bootstrapResamples: 500))
            }
            guard spec.outcome == .ok else {
                return [
                    ResultRow(
                        provenance: provenance, cell: identity, outcome: spec.outcome, expectedOutcome: spec.expectedOutcome,
                        detail: "x", metric: .none, summary: nil)
                ]
            }
            var wall = row(.wallTime, spec.wall)
            wall.ratio = spec.ratio.map { YardstickRatio(to: spec.ratioTo, value: $0) }
            return [
                wall, row(.throughput, spec.wall.map { 100_000 * 1_000 / $0 }),
                row(.allocations, [spec.allocations, spec.allocations]),
                row(.allocatedBytes, [spec.allocatedBytes]),
            ] + (spec.instructions.map { [row(.instructions, [$0])] } ?? [])
                + (spec.cycles.map { [row(.simulatedCycles, [$0])] } ?? [])
        }
    }

    /// Writes the cells as a run folder (results.csv only) and loads it back.
    static func run(
        _ cells: [CellSpec], countingBackend: String = "jemalloc", allocator: String = "glibc-retained", os: String = "test"
    ) throws -> RecordedRun {
        let dir = try TestSupport.temporaryDirectory()
        let file = dir.appendingPathComponent("results.csv")
        try Data(
            (ResultsCSV.header + rows(cells, countingBackend: countingBackend, allocator: allocator, os: os).map(ResultsCSV.line).joined())
                .utf8
        )
        .write(to: file)
        return try RecordedRun.load(file.path)
    }

    /// `run` with timing samples: ten of `synthesized` on small (the first `slowOfTenOnSmall` of
    /// them 1.5× the others) and ten steady ones on medium, and, with `ratios`, one paired ratio
    /// (a run of paired measurement).
    static func withSamples(of run: RecordedRun, slowOfTenOnSmall slow: Int, ratios: Bool = true) -> RecordedRun {
        func samples(_ profile: String, slow: Int) -> [SampleRow] {
            (0..<10).map { i in
                let time: Double = i < slow ? 1_500 : 1_000
                return SampleRow(
                    runID: "synthetic", group: "g", strategy: "synthesized", profile: profile, generation: i, sample: 0, decodes: 1,
                    wallNanoseconds: time, cpuNanoseconds: time, sequence: i)
            }
        }
        let result = RecordedRun(
            source: run.source, provenance: run.provenance, records: run.records,
            samples: TimingSample.byCell(samples("small", slow: slow) + samples("medium", slow: 0)))
        if ratios {
            // A paired ratio for the run's first cell: a run with pairs, whose samples describe its slow state.
            let cell = run.records[0].cell
            return result.with(ratios: [
                CellRatio(
                    profile: cell.profile, group: cell.group, strategy: cell.strategy, yardstick: "synthesized",
                    ratio: PairedRatio(value: 1, low: 0.995, high: 1.005, pairs: 8, generations: 4))
            ])
        }
        return result
    }

    static func file(_ cells: [CellSpec]) throws -> String {
        try run(cells).source.path
    }
}

extension RecordedRun {
    /// The same run with other rows of ratios.csv or costs.csv, attached to its cells as a run read
    /// back from its files has them (a row for a cell the run lacks is dropped, as `load` drops it).
    func with(ratios: [CellRatio]? = nil, costs: [CostRow]? = nil) -> RecordedRun {
        let records = CellRecord.records(rows: resultRows, ratios: ratios ?? self.ratios, costs: costs ?? costRows)
        var run = RecordedRun(
            source: source, provenance: provenance, records: records, samples: samples, info: info, pairs: pairs)
        run.cold = cold
        run.coldAllocations = coldAllocations
        run.coldCostBreakdowns = coldCostBreakdowns
        return run
    }
}
