@testable import CodableBenchAnalysis
@testable import CodableBenchCore
@testable import CodableBenchHarness
import Foundation
import Testing

/// `replay` on made-up comparisons, and on the runs recorded on a host whose cache other tenants
/// contended for (`../shared/contended-runs`).
@Suite("Replaying recorded pairs")
struct ReplayTests {
    static let contendedRuns = TestSupport.shared.appendingPathComponent("contended-runs")

    /// One comparison, twelve generations of one pair each costing one second: a ratio twice as
    /// slow (settled by the 0.7 rule's early look at three generations, and its samples no longer
    /// taken), and one at 1.00 ± 3% noise that neither rule settles before the data ends.
    static var comparison: ReplayedRun.Comparison {
        let slow = (0..<12).map { [Pair(sample: 200 * exp(0.002 * Double($0 % 3)), before: 100, after: 100)] }
        let even = (0..<12).map { [Pair(sample: 100 * exp(0.03 * Double($0 % 3 - 1)), before: 100, after: 100)] }
        return ReplayedRun.Comparison(
            profile: "p", ratios: ["slow": ("y", slow), "even": ("y", even)],
            costs: (0..<12).map { _ in ["slow": 1, "even": 1, "y": 1] })
    }

    @Test func theEarlyLooksStopASettledRatioAndSpendLess() throws {
        let run = ReplayedRun(comparisons: [Self.comparison], precision: 0.01, isQuick: false)
        let before = Replay.run(run, rule: .widthOnly(precision: 0.01, floor: 12))
        let after = Replay.run(run, rule: .earlyLooks(precision: 0.01, floor: 12))
        // 0.6: every member sampled in all twelve generations.
        #expect(before.seconds == 36)
        // 0.7: the slow ratio settles at its first look (three generations); then only even and y.
        #expect(after.seconds == 3 * 3 + 9 * 2)
        #expect(before.count(.slower) == 1 && after.count(.slower) == 1)
        #expect(try #require(after.ratios["p/slow"] ?? nil).generations == 3)
        #expect(after.decidedPerSecond > before.decidedPerSecond)
        // Projected to twice the sampling: the open ratio narrows by √(72 / 27).
        let projected = Replay.run(run, rule: .earlyLooks(precision: 0.01, floor: 12), projectedFactor: 2)
        let open = try #require(after.ratios["p/even"] ?? nil), narrowed = try #require(projected.ratios["p/even"] ?? nil)
        #expect(abs(narrowed.precision - open.precision / (72.0 / 27).squareRoot()) < 1e-12)
        #expect(projected.seconds == 72)
    }

    /// The probe called the slow ratio's pairs quiet in its first two generations only, and
    /// contended after: its verdict's ratio stays the quiet pairs' of two generations, too wide to
    /// settle, where all its pairs settle it at the first look, as in the test above.
    @Test func allPairsSettleWhatOneStatesTwoGenerationsCannot() throws {
        let slow = (0..<12).map { generation -> [Pair] in
            let contended = Pair(sample: 200 * exp(0.002 * Double(generation % 3)), before: 100, after: 100, state: .contended)
            guard generation < 2 else { return [contended] }
            let quiet = Pair(sample: 200 * exp(0.01 * Double(2 * generation - 1)), before: 100, after: 100, state: .quiet)
            return [contended, quiet]
        }
        var comparison = Self.comparison
        comparison.ratios["slow"] = ("y", slow)
        let run = ReplayedRun(comparisons: [comparison], precision: 0.01, isQuick: false)
        let stated = Replay.run(run, rule: .earlyLooks(precision: 0.01, floor: 12))
        let pooled = Replay.run(run, rule: .earlyLooksOnAllPairs(precision: 0.01, floor: 12))
        #expect(try #require(stated.ratios["p/slow"] ?? nil).generations == 2 && stated.seconds == 36)
        #expect(try #require(pooled.ratios["p/slow"] ?? nil).generations == 3 && pooled.seconds == 3 * 3 + 9 * 2)
        #expect(pooled.count(.slower) == 1)
    }

    /// The comment-only A/B run of the contended host: identical code, so every faster or slower
    /// verdict would be false. Neither rule gives one on its recorded pairs.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: contendedRuns.path), "needs ../shared/contended-runs"))
    func theRecordedAARunGivesNoFalseVerdict() throws {
        let run = try ReplayedRun.load(Self.contendedRuns.appendingPathComponent("ab-aa-comment-only"))
        #expect(run.comparisons.reduce(0) { $0 + $1.ratios.count } == 26)
        for rule in [
            Replay.Rule.widthOnly(precision: run.precision, floor: 6), .earlyLooks(precision: run.precision, floor: 6),
            .earlyLooksOnAllPairs(precision: run.precision, floor: 6),
        ] {
            let decisions = Replay.run(run, rule: rule)
            #expect(decisions.count(.faster) + decisions.count(.slower) == 0, "\(rule.name)")
        }
    }

    @Test func aFolderWithoutPairsIsAnInputError() throws {
        let folder = try TestSupport.temporaryDirectory()
        let error = try #require(throws: CommandError.self) { try ReplayedRun.load(folder) }
        #expect(error.description.hasSuffix("has no pairs.csv (runs before harness 0.6.3 did not write it)"))
    }
}
