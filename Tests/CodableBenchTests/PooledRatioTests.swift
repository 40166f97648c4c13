@testable import CodableBench
@testable import CodableBenchAnalysis
@testable import CodableBenchCore
@testable import CodableBenchHarness
import Foundation
import Testing

/// Ratios pooled over runs (`benchmarks across`), on hand-made intervals symmetric on the log
/// scale. The expected figures are those of the Python study this command replaced (it printed the
/// same table, byte for byte, for three recorded runs of 26 November 2026).
@Suite("Ratios pooled over runs")
struct PooledRatioTests {
    /// `value` with a 95% interval of ± `halfWidth` on the log scale.
    static func ratio(_ value: Double, _ halfWidth: Double) -> PairedRatio {
        PairedRatio(value: value, low: value * exp(-halfWidth), high: value * exp(halfWidth), pairs: 10, generations: 12)
    }

    @Test func twoRunsThatDisagreeGiveAWideRandomEffectsInterval() throws {
        // y = 0 and ln 1.1, each with sd 0.02 / 1.96: Q = 43.62 > 3.841, τ² = 0.00444, t(1) = 12.706.
        let pooled = try #require(PooledRatio([Self.ratio(1.0, 0.02), Self.ratio(1.1, 0.02)]))
        #expect(abs(pooled.q - 43.6215) < 1e-3)
        #expect(pooled.runsDiffer)
        #expect(abs(pooled.spread - 0.1) < 1e-12)
        #expect(abs(pooled.pooled - 1.048809) < 1e-6)
        #expect(abs(pooled.low - 0.572438) < 1e-6 && abs(pooled.high - 1.921605) < 1e-6)
    }

    @Test func runsThatAgreeArePooledWithinTheirIntervals() throws {
        let pooled = try #require(PooledRatio([Self.ratio(1.0, 0.02), Self.ratio(1.01, 0.03), Self.ratio(0.995, 0.025)]))
        #expect(abs(pooled.q - 0.570256) < 1e-5)
        #expect(!pooled.runsDiffer)
        #expect(abs(pooled.pooled - 1.000583) < 1e-6)
        #expect(abs(pooled.low - 0.970611) < 1e-6 && abs(pooled.high - 1.031480) < 1e-6)
    }

    @Test func oneRunIsNotPooled() {
        #expect(PooledRatio([Self.ratio(1.0, 0.02)]) == nil)
    }

    @Test func chiSquareQuantilesFromTheTableAndBeyond() {
        #expect(ChiSquare.quantile95(degreesOfFreedom: 1) == 3.841)
        #expect(ChiSquare.quantile95(degreesOfFreedom: 10) == 18.307)
        // Standard tables: 19.675 (11), 43.773 (30).
        #expect(abs(ChiSquare.quantile95(degreesOfFreedom: 11) - 19.675) < 0.02)
        #expect(abs(ChiSquare.quantile95(degreesOfFreedom: 30) - 43.773) < 0.05)
    }

    @Test func acrossRendersTheWidestSpreadFirstAndTheSummary() {
        typealias Key = Across.RatioKey
        let a = CellRatio(profile: "small", group: "g", strategy: "x", yardstick: "y", ratio: Self.ratio(1.0, 0.02))
        let b = CellRatio(profile: "small", group: "g", strategy: "z", yardstick: "y", ratio: Self.ratio(1.0, 0.02))
        let runs: [[Key: PairedRatio]] = [
            [Key(a): Self.ratio(1.0, 0.02), Key(b): Self.ratio(1.0, 0.02)],
            [Key(a): Self.ratio(1.1, 0.02), Key(b): Self.ratio(1.01, 0.02)],
        ]
        let lines = AcrossText.pooled(runs).split(separator: "\n").map(String.init)
        #expect(lines[0] == "2 ratios in all 2 runs")
        #expect(lines[1].hasPrefix("  10.0%  differ  x / y on small: 1 1.1; pooled 1.049 (0.5724–1.922)"))
        #expect(lines[2].hasPrefix("   1.0%          z / y on small: 1 1.01; pooled"))
        #expect(lines[3] == "spread under 2% across the runs: 1 of 2 (50.0%)")
        #expect(lines[4] == "runs differ beyond their intervals (Q test, 5%): 1 of 2; of the ratios that spread under 2%: 0 of 1")
    }

    /// Two runs of one CPU, one whose probe labelled the host's state and one whose could not:
    /// each run's ratio in the state it states it in pools, and the line names both states.
    @Test func acrossPoolsRunsThatLabelTheHostsStateDifferently() {
        typealias Key = Across.RatioKey
        var quiet = CellRatio(profile: "small", group: "g", strategy: "x", yardstick: "y", ratio: Self.ratio(1.0, 0.02))
        quiet.state = .quiet
        let unlabelled = CellRatio(profile: "small", group: "g", strategy: "x", yardstick: "y", ratio: Self.ratio(1.0, 0.02))
        let lines = AcrossText.pooled([[Key(quiet): Self.ratio(1.0, 0.02)], [Key(unlabelled): Self.ratio(1.01, 0.02)]])
            .split(separator: "\n").map(String.init)
        #expect(lines[0] == "1 ratios in all 2 runs")
        #expect(lines[1].contains("x / y on small (states: quiet, unlabelled): 1 1.01; pooled"))
        // Runs that agree on the state keep its words.
        let both = AcrossText.pooled([[Key(quiet): Self.ratio(1.0, 0.02)], [Key(quiet): Self.ratio(1.01, 0.02)]])
        #expect(both.contains("x / y on small with the cache to itself: 1 1.01"))
    }
}
