@testable import CodableBench
@testable import CodableBenchAnalysis
@testable import CodableBenchCore
@testable import CodableBenchHarness
import Foundation
import Testing

/// Two real default runs (3 generations) of the same build on this project's CI-class machine, one after
/// the other, recorded in `Fixtures/` (results.csv and samples.csv of each; groups key-mapping,
/// lossy-arrays, enums, composition-and-inheritance). They pin down what `compare` and `check` say
/// about ordinary run-to-run noise.
@Suite("compare and check on two recorded runs of the same build")
struct RecordedRunsTests {
    static let fixtures = TestSupport.packageRoot.appendingPathComponent("Tests/CodableBenchTests/Fixtures")

    static func load(_ name: String) throws -> RecordedRun {
        try RecordedRun.load(fixtures.appendingPathComponent(name).path)
    }

    /// Issue 5 asks for 95%. Compared on their 10th percentiles (the default statistic), no cell of
    /// these recordings is called faster or slower; on medians, four of 44 cells moved significantly
    /// by 7–39% between runs a minute apart (the shared host's slow spells), which is why p10 is the
    /// default. A timing the samples cannot tell apart is undecided, never "no change".
    @Test func compareCallsNoCellFasterOrSlowerInAtLeast95PercentOfCells() throws {
        let comparison = try RunComparison(
            baseline: try Self.load("recorded-a"), current: try Self.load("recorded-b"),
            tolerances: .standard)
        let cells = Dictionary(grouping: comparison.changes, by: \.cell)
        let moved: Set<MetricChange.Verdict> = [.faster, .slower, .more, .fewer, .new, .gone, .outcomeChanged]
        let unmoved = cells.values.filter { $0.allSatisfy { !moved.contains($0.verdict) } }.count
        #expect(cells.count == 44)
        #expect(Double(unmoved) >= 0.95 * Double(cells.count), "\(unmoved) of \(cells.count) cells not moved")
        // Counts are exact: no count, outcome or cell changed between two runs of the same build.
        #expect(comparison.changes.allSatisfy { $0.verdict == .noChange || $0.metric.isTiming })
        #expect(comparison.changes.allSatisfy { !$0.metric.isTiming || $0.verdict != .noChange })
    }

    /// The same recordings compared on medians: the statistic is a setting, and medians are what
    /// the host's slow spells move (this pins down the figure quoted above).
    @Test func onMediansFourCellsMoveSignificantly() throws {
        var tolerances = GateTolerances.standard
        tolerances.timing.statistic = "median"
        let comparison = try RunComparison(
            baseline: try Self.load("recorded-a"), current: try Self.load("recorded-b"),
            tolerances: tolerances)
        let moved = Set(comparison.changes.filter { $0.verdict == .faster || $0.verdict == .slower }.map(\.cell))
        #expect(moved.count == 4, "\(moved)")
    }

    @Test func checkPassesAndCountsAreIdentical() throws {
        let a = try Self.load("recorded-a"), b = try Self.load("recorded-b")
        let gate = try Gate(baseline: a, current: b, tolerances: .standard)
        #expect(gate.exitStatus == 0, "\(gate.render())")
        let counts = { (run: RecordedRun) in
            Dictionary(
                run.resultRows.filter { $0.metric == .allocations }.map { ($0.cell.key, $0.summary!.median) },
                uniquingKeysWith: { x, _ in x })
        }
        #expect(!counts(a).isEmpty && counts(a) == counts(b))
    }
}
