@testable import CodableBench
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
        var sha = String(repeating: "a", count: 64)
        var allocations: Double = 3_000
        var allocatedBytes: Double = 700_000
        var instructions: Double? = nil
        /// Wall time samples (ns); the summary is computed from them.
        var wall: [Double] = (0..<20).map { 1_000_000 + Double($0 % 5) * 1_000 }
        /// The paired ratio on the wall-time row, against `ratioTo`.
        var ratio: PairedRatio? = nil
        var ratioTo = "synthesized"
    }

    static func rows(
        _ cells: [CellSpec], countingBackend: String = "jemalloc", allocator: String = "glibc-retained"
    ) -> [ResultRow] {
        var provenance = Self.provenance
        provenance.countingBackend = countingBackend
        provenance.allocator = allocator
        return cells.flatMap { spec -> [ResultRow] in
            let identity = CellIdentity(
                group: "g", strategy: spec.strategy, expectation: "strict", profile: spec.profile,
                bytes: 100_000, sha256: spec.sha, elements: 30, seed: 1, knobs: "k")
            func row(_ metric: Metric, _ values: [Double]) -> ResultRow {
                ResultRow(
                    provenance: provenance, cell: identity, outcome: spec.outcome, expectedOutcome: .ok,
                    detail: "", metric: metric, summary: Summary(values, bootstrapResamples: 500))
            }
            guard spec.outcome == .ok else {
                return [
                    ResultRow(
                        provenance: provenance, cell: identity, outcome: spec.outcome, expectedOutcome: .ok,
                        detail: "x", metric: .none, summary: nil)
                ]
            }
            var wall = row(.wallTime, spec.wall)
            wall.ratio = spec.ratio.map { RowRatio(to: spec.ratioTo, value: $0) }
            return [
                wall, row(.throughput, spec.wall.map { 100_000 * 1_000 / $0 }),
                row(.allocations, [spec.allocations, spec.allocations]),
                row(.allocatedBytes, [spec.allocatedBytes]),
            ] + (spec.instructions.map { [row(.instructions, [$0])] } ?? [])
        }
    }

    /// Writes the cells as a run folder (results.csv only) and loads it back.
    static func run(
        _ cells: [CellSpec], countingBackend: String = "jemalloc", allocator: String = "glibc-retained"
    ) throws -> RunData {
        let dir = try TestSupport.temporaryDirectory()
        let file = dir.appendingPathComponent("results.csv")
        try Data(
            (ResultsCSV.header + rows(cells, countingBackend: countingBackend, allocator: allocator).map(ResultsCSV.line).joined()).utf8
        )
        .write(to: file)
        return try RunData.load(file.path)
    }

    static func file(_ cells: [CellSpec]) throws -> String {
        try run(cells).source.path
    }
}
