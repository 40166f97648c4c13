@testable import CodableBench
@testable import CodableBenchAnalysis
@testable import CodableBenchCore
@testable import CodableBenchHarness
import Foundation
import Testing

/// Gating a stored baseline on each cell's paired ratio to its yardstick (machine-independent).
@Suite("Ratio gate")
struct RatioGateTests {
    static func ratio(_ value: Double, halfWidth: Double = 0.01) -> PairedRatio {
        PairedRatio(value: value, low: value / exp(halfWidth), high: value * exp(halfWidth), pairs: 20, generations: 20)
    }

    static func run(_ value: Double, to yardstick: String = "synthesized") throws -> RecordedRun {
        try SyntheticRuns.run([
            .init(strategy: "synthesized", ratio: .one, ratioTo: "synthesized"),
            .init(strategy: "handwritten", ratio: ratio(value), ratioTo: yardstick),
        ])
    }

    @Test func aRatioChangesOnlyWhenTheWholeIntervalOfTheChangeLiesBeyondTheTolerance() throws {
        let base = try Self.run(1.50)
        func verdict(_ value: Double) throws -> [RatioChange.Verdict] {
            RatioChange.all(baseline: base, current: try Self.run(value), relative: 0.05).map(\.verdict)
        }
        // ±1% on each side: the change's half-width is √2 %. +6.7% − 1.4% > 5%: slower.
        #expect(try verdict(1.60) == [.slower])
        #expect(try verdict(1.55) == [.within])  // +3.3% ± 1.4%: 1.9% to 4.7%
        #expect(try verdict(1.57) == [.undecided])  // +4.7% ± 1.4%: 3.2% to 6.1%, past 5%
        #expect(try verdict(1.40) == [.faster])  // −6.7%
        // The yardstick's own row (1 to itself) is not compared; nor a ratio to another yardstick.
        #expect(RatioChange.all(baseline: base, current: try Self.run(1.60, to: "other"), relative: 0.05).isEmpty)
    }

    @Test func checkGatesTheRatioOnlyWhenEnabled() throws {
        var tolerances = GateTolerances.standard
        let base = try Self.run(1.50), slower = try Self.run(1.62)
        #expect(try Gate(baseline: base, current: slower, tolerances: tolerances).exitStatus == 0)
        tolerances.ratio = .init(enabled: true, relative: 0.05)
        let gate = try Gate(baseline: base, current: slower, tolerances: tolerances)
        #expect(gate.exitStatus == 1)
        #expect(gate.regressions.map(\.line) == ["handwritten on small: ratio 1.500 → 1.620 (paired ratio to synthesized, +8.0% ± 1.4%)"])
    }

    @Test func olderTolerancesFilesWithoutTheRatioKeyStillRead() throws {
        let file = try TestSupport.temporaryDirectory().appendingPathComponent("t.json")
        try Data(
            #"{"deterministic": {"allocations": 0.005}, "timing": {"enabled": false, "relative": 0.1, "alpha": 0.01}, "noiseFloor": 0.05}"#
                .utf8
        ).write(to: file)
        #expect(try GateTolerances.read(file).ratio == nil)
    }
}
