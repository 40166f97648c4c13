import Catalogue
@testable import CodableBench
@testable import CodableBenchAnalysis
@testable import CodableBenchCore
@testable import CodableBenchHarness
import Foundation
import Testing

/// The timing canary (`TimingCanary`): what its readings decide, and what a failed one takes out
/// of the answers and the gates, on hand-given readings.
@Suite("Timing canary")
struct TimingCanaryTests {
    static func reading(_ same: (Double, Double, Double)?, _ twice: (Double, Double, Double)?) -> TimingCanaryReading {
        func ratio(_ read: (Double, Double, Double)?) -> PairedRatio? {
            read.map { PairedRatio(value: $0.0, low: $0.1, high: $0.2, pairs: 20, generations: 5) }
        }
        return TimingCanary.reading(of: [nil, ratio(same), ratio(twice)])
    }

    /// The canary reads all its pairs, whatever the host's state: six generations mostly under
    /// contention give a verdict's ratio of two quiet generations, but a reading of six.
    @Test func theCanaryReadsItsPairsInEveryState() throws {
        let generations = (0..<6).map { generation in
            (0..<4).map { index in
                Pair(
                    sample: 2.0 + 0.001 * Double(index), before: 1.0, after: 1.0,
                    state: generation < 2 && index == 0 ? .quiet : .contended)
            }
        }
        let stated = try #require(StatedRatio(pairsByGeneration: generations))
        #expect(stated.ratio.generations == 2)
        let pooled = try #require(TimingCanary.ratios(pooling: [[], generations])[1])
        #expect(pooled.generations == 6 && pooled.pairs == 24)
        #expect(TimingCanary.ratios(pooling: [[], generations])[0] == nil)
    }

    @Test func aCanaryFailsOnlyWhereAnIntervalLiesWhollyBeyondTwoPercentOfItsWorkRatio() {
        let within = Self.reading((1.001, 0.995, 1.008), (2.003, 1.99, 2.015))
        #expect(within.passed && !within.failed)
        #expect(
            within.sentence
                == "paired timing read 1.001× (0.995–1.008) for a canary loop against itself and 2.003× (1.990–2.015) for twice its turns (99.9% intervals, 5 generations): within ±2% of 1 and 2"
        )
        // Wide intervals that reach within 2% show nothing either way: passed, and said so.
        let wide = Self.reading((1.006, 0.986, 1.025), (1.957, 1.808, 2.118))
        #expect(wide.passed && wide.sentence.hasSuffix(": its intervals reach within ±2% of 1 and 2"))
        // A lane that times one half of its pairs a quarter slower.
        let slowHalf = Self.reading((1.238, 1.196, 1.282), (2.490, 2.323, 2.670))
        #expect(slowHalf.failed && !slowHalf.passed)
        #expect(slowHalf.sentence.hasSuffix(", more than 2% from 1 and 2: time ratios are not reported in this run"))
        // Either ratio alone fails it: twice the work read 1.85–1.95, wholly below 1.96.
        #expect(Self.reading((1.0, 0.99, 1.01), (1.9, 1.85, 1.95)).failed)
        #expect(Self.reading((0.97, 0.95, 0.979), (2.0, 1.99, 2.01)).failed)
        // At the edge: an interval that reaches 0.98 exactly is not wholly beyond it.
        #expect(!Self.reading((0.97, 0.95, 0.98), (2.0, 1.99, 2.01)).failed)
        // Not read (the run ended first): neither passed nor failed, and time stays reported.
        let unread = Self.reading(nil, (2.0, 1.99, 2.01))
        #expect(!unread.passed && !unread.failed)
        #expect(unread.sentence.hasPrefix("paired timing read nothing for a canary loop against itself"))
        #expect(unread.sentence.hasSuffix(": the run ended before the timing canary was read"))
    }

    @Test func theCanaryIsOneLoopWithItselfAndWithTwiceItsTurns() throws {
        let loops = TimingCanary.strategies
        #expect(loops.map(\.id) == ["canary-spins-1000000", "canary-spins-1000000-again", "canary-spins-2000000"])
        #expect(loops.allSatisfy { $0.isHidden && $0.group == AllocationCanary.group })
        #expect(TimingCanary.spin(3, Data("[1]".utf8)) == 3)
        #expect(TimingCanary.schedule.yardstick == [nil, 0, 0])
        let folder = try TestSupport.temporaryDirectory()
        let states = try TimingCanary.comparison(planJSON: "{}", payloadFolder: folder)
        #expect(states.allSatisfy(\.isCanary) && states.count == 3)
    }

    /// A run of `a` paired with `yardstick` (run beside it where it is not the baseline build).
    static func runWithCanary(_ canary: TimingCanaryReading, ratio: PairedRatio, yardstick: String = "baseline") throws -> RecordedRun {
        let beside = yardstick == "baseline" ? [] : [SyntheticRuns.CellSpec(strategy: yardstick)]
        let run = try SyntheticRuns.run([SyntheticRuns.CellSpec(strategy: "a", ratio: ratio, ratioTo: yardstick)] + beside)
        var info = RunJSON(cells: 1, totalSeconds: 0, measuredSeconds: 0)
        info.timingCanary = canary
        return run.with(info: info)
    }

    @Test func aFailedCanaryFailsCheckWhereItJudgesTimeAndLeavesAbUndecided() throws {
        let failed = Self.reading((1.238, 1.196, 1.282), (2.490, 2.323, 2.670))
        let passed = Self.reading((1.001, 0.995, 1.008), (2.003, 1.99, 2.015))
        let ratio = PairedRatio(value: 1.0, low: 0.995, high: 1.005, pairs: 20, generations: 20)
        let baseline = try SyntheticRuns.run([SyntheticRuns.CellSpec(strategy: "a", allocations: 3_000, ratio: nil, ratioTo: "baseline")])
        var judgingRatios = GateTolerances.standard
        judgingRatios.ratio?.enabled = true
        let check = try Gate(baseline: baseline, current: try Self.runWithCanary(failed, ratio: ratio), tolerances: judgingRatios)
        #expect(check.exitStatus == 1)
        #expect(check.regressions.contains { $0.metric == "time" && $0.message.hasPrefix("the timing canary failed: paired timing read") })
        // `check` as it runs by default judges no time: the canary does not fail it.
        #expect(try Gate(baseline: baseline, current: try Self.runWithCanary(failed, ratio: ratio), tolerances: .standard).exitStatus == 0)
        #expect(
            try Gate(baseline: baseline, current: try Self.runWithCanary(passed, ratio: ratio), tolerances: judgingRatios).exitStatus == 0)

        func ab(_ canary: TimingCanaryReading) throws -> ABGate {
            try ABGate(
                current: try Self.runWithCanary(canary, ratio: ratio), baseline: baseline, tolerances: .standard, threshold: 0.01)
        }
        let refused = try ab(failed)
        #expect(refused.exitStatus == 4 && refused.judgedInTime == 0 && refused.timingCanaryFailure != nil)
        #expect(refused.markdown(provenance: baseline.provenance).contains("Time: not judged, because paired timing read 1.238×"))
        let judged = try ab(passed)
        #expect(judged.exitStatus == 0 && judged.judgedInTime == 1 && judged.timingCanaryFailure == nil)
        #expect(judged.markdown(provenance: baseline.provenance).contains(" Canary: paired timing read 1.001× (0.995–1.008)"))
    }

    @Test func aFailedCanaryTakesTimeOutOfTheAnswersAndClaims() throws {
        let ratio = PairedRatio(value: 1.3, low: 1.25, high: 1.35, pairs: 20, generations: 20)
        let failed = RunFindings(
            run: try Self.runWithCanary(Self.reading((1.238, 1.196, 1.282), (2.49, 2.32, 2.67)), ratio: ratio, yardstick: "y"))
        #expect(failed.ratios.isEmpty && failed.timeWithheld?.hasPrefix("paired timing read 1.238×") == true)
        let sentences = Answer.sentences(for: "a", findings: failed).map(\.plain)
        #expect(sentences.contains { $0.contains("its time ratio is not reported (the timing canary failed") }, "\(sentences)")
        let claim = ClaimsTests.claim(ClaimsTests.check("a", against: "y", expect: .slower))
        #expect(
            ClaimChecker.check(claim, against: failed).verdict
                == .notMeasured("time not reported in this run (the timing canary failed) on small"))
        let kept = RunFindings(
            run: try Self.runWithCanary(Self.reading((1.0, 0.99, 1.01), (2.0, 1.99, 2.01)), ratio: ratio, yardstick: "y"))
        #expect(kept.ratios.count == 1 && kept.timeWithheld == nil)
    }
}
