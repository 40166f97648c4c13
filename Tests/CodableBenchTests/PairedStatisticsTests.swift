@testable import CodableBench
@testable import CodableBenchCore
@testable import CodableBenchHarness
import Foundation
import Testing

/// The paired ratio, its interval, the stopping rule and the verdicts, on inputs computed by hand.
@Suite("Paired statistics on hand-computed inputs")
struct PairedStatisticsTests {
    @Test func pairLogRatioUsesTheGeometricMeanOfBothNeighbours() {
        // 110 between 100 and 121: the neighbours' geometric mean is 110, so the ratio is 1.
        let even = Pair(sample: 110, before: 100, after: 121)
        #expect(abs(even.logRatio) < 1e-12)
        #expect(abs(even.yardstickPace - 110) < 1e-12)
        #expect(abs(Pair(sample: 200, before: 100, after: 100).logRatio - log(2)) < 1e-12)
    }

    /// Pairs whose yardstick ran more than 20% slower than its 10th percentile are left out: here
    /// ten generations, the yardstick at 100 in eight of them and at 150 (a slow spell, where the
    /// strategy read 10% slower relative to it) in two. The percentile is 100, the limit 120.
    @Test func pairsOfASlowSpellAreLeftOut() throws {
        let fast = Pair(sample: 102, before: 100, after: 100)
        let slow = Pair(sample: 168.3, before: 150, after: 150)
        let generations = Array(repeating: [fast], count: 8) + [[slow, fast], [slow]]
        let kept = PairedRatio.undisturbed(generations)
        #expect(kept.map(\.count) == [1, 1, 1, 1, 1, 1, 1, 1, 1, 0])
        let ratio = try #require(PairedRatio(pairsByGeneration: generations))
        #expect(abs(ratio.value - 1.02) < 1e-9)
        #expect(ratio.generations == 9 && ratio.pairs == 9)
        // Just under the limit is kept: 119 against a percentile of 100.
        let edge = Pair(sample: 119, before: 119, after: 119)
        #expect(PairedRatio.undisturbed(Array(repeating: [fast], count: 9) + [[edge]]).map(\.count) == Array(repeating: 1, count: 10))
    }

    /// A run spent wholly in a slow spell keeps its pairs: the percentile comes from the run.
    @Test func aRunWhollyInASlowSpellKeepsItsPairs() {
        let slow = (0..<10).map { [Pair(sample: 150 + Double($0), before: 150 + Double($0), after: 150 + Double($0))] }
        #expect(PairedRatio.undisturbed(slow).map(\.count) == Array(repeating: 1, count: 10))
        #expect(PairedRatio.undisturbed([]) == [])
        #expect(PairedRatio.undisturbed([[], []]) == [[], []])
    }

    /// Where fewer than two generations would keep a pair, all are kept rather than the ratio lost:
    /// of four generations, three ran in a slow spell (the percentile is the fastest, 100).
    @Test func aRatioIsNotLostToTheSlowSpellRule() throws {
        let fast = Pair(sample: 102, before: 100, after: 100)
        let slow = Pair(sample: 153, before: 150, after: 150)
        let generations = [[fast], [slow], [slow], [slow]]
        #expect(PairedRatio.undisturbed(generations) == generations.map { $0.map(\.logRatio) })
        let ratio = try #require(PairedRatio(pairsByGeneration: generations))
        #expect(ratio.generations == 4)
    }

    /// A sample is slow above 1.2× its own cell's 10th percentile (sorted[n / 10]); a cell with
    /// fewer than ten samples has no percentile to speak of and is left out.
    @Test func slowStateCountsSamplesAboveTheirCellsFastestTenth() throws {
        let a: [Double] = [150, 104, 100, 101, 121, 102, 103, 119, 105, 106]  // tenth 101, above 121.2: 150
        let b: [Double] = Array(repeating: 10, count: 10) + [13, 12.5]  // tenth 10, above 12: 13 and 12.5
        let few: [Double] = [1, 9, 9, 9]  // left out
        let slow = try #require(SlowState(timesByCell: [a, b, few]))
        #expect(slow.slowSamples == 3 && slow.samples == 22)
        #expect(slow.isHigh)  // 13.6% > 10%
        #expect(slow.text.hasPrefix("the slow state in 13.6% of the timing samples (more than 20% above"))
        let steady = try #require(SlowState(timesByCell: [a]))
        #expect(steady.share == 0.1 && !steady.isHigh)  // a tenth is not above a tenth
        #expect(SlowState(timesByCell: [few]) == nil && SlowState(timesByCell: []) == nil)
    }

    @Test func interquartileMeanDropsAQuarterAtEachEnd() {
        // 8 values: 2 dropped at each end, mean of 3, 4, 5, 6.
        #expect(TrimmedMean.mean([1, 2, 3, 4, 5, 6, 7, 100], trim: 0.25) == 4.5)
        // 6 values: 1 dropped at each end.
        #expect(TrimmedMean.mean([-9, 1, 2, 3, 4, 9], trim: 0.25) == 2.5)
        // 3 values: none dropped.
        #expect(TrimmedMean.mean([1, 2, 6], trim: 0.25) == 3)
    }

    @Test func tukeyMcLaughlinIntervalByHand() throws {
        // 10 values, 20% trim: 2 dropped at each end, mean of 3…8 = 5.5. Winsorized:
        // 3 3 3 4 5 6 7 8 8 8, variance 42.5 / 9; SE = sd / (0.6 √10); t(5) = 2.571.
        let trimmed = try #require(TrimmedMean([1, 2, 3, 4, 5, 6, 7, 8, 9, 100], trim: 0.2))
        #expect(trimmed.mean == 5.5)
        let expected = 2.571 * (42.5 / 9).squareRoot() / (0.6 * 10.0.squareRoot())
        #expect(abs(trimmed.halfWidth95 - expected) < 1e-12)
        // The outlier 100 moves neither: 1000 in its place gives the same interval.
        #expect(TrimmedMean([1, 2, 3, 4, 5, 6, 7, 8, 9, 1_000], trim: 0.2) == trimmed)
        #expect(TrimmedMean([1], trim: 0.2) == nil)
    }

    @Test func ratioAndIntervalFromGenerationMeans() throws {
        // Three generations whose (untrimmed, 2 pairs each) means are log 1.01, log 1.02, log 1.03 on
        // the log scale: mean m = (a+b+c)/3, sd of the three, t(2) = 4.303.
        let logs = [log(1.01), log(1.02), log(1.03)]
        let ratio = try #require(PairedRatio(logRatiosByGeneration: logs.map { [$0, $0] }))
        let m = logs.reduce(0, +) / 3
        let sd = (logs.map { ($0 - m) * ($0 - m) }.reduce(0, +) / 2).squareRoot()
        let half = 4.303 * sd / 3.0.squareRoot()
        #expect(abs(ratio.value - exp(m)) < 1e-12)
        #expect(abs(ratio.low - exp(m - half)) < 1e-12 && abs(ratio.high - exp(m + half)) < 1e-12)
        #expect(ratio.pairs == 6 && ratio.generations == 3)
        #expect(abs(ratio.precision - half) < 1e-12)
    }

    @Test func anOutlierPairDoesNotMoveTheGeneration() throws {
        let clean = [0.01, 0.011, 0.009, 0.01, 0.0105, 0.0095, 0.01, 0.01]
        var straddling = clean
        straddling[3] = 0.4  // a pair that straddled a switch of the machine's speed
        let a = try #require(PairedRatio(logRatiosByGeneration: [clean, clean, clean]))
        let b = try #require(PairedRatio(logRatiosByGeneration: [clean, straddling, clean]))
        #expect(abs(log(b.value) - log(a.value)) < 0.001)
    }

    @Test func noRatioWithoutTwoGenerationsWithAPair() {
        #expect(PairedRatio(logRatiosByGeneration: [[0.1, 0.1, 0.1]]) == nil)
        #expect(PairedRatio(logRatiosByGeneration: [[0.1, 0.1], []]) == nil)  // a generation without a pair
        #expect(PairedRatio(logRatiosByGeneration: [[0.1], [0.1]]) != nil)
    }

    @Test func identicalGenerationsGiveAZeroWidthInterval() throws {
        let ratio = try #require(PairedRatio(logRatiosByGeneration: Array(repeating: [log(1.5), log(1.5)], count: 4)))
        #expect(abs(ratio.value - 1.5) < 1e-12 && abs(ratio.low - 1.5) < 1e-12 && abs(ratio.high - 1.5) < 1e-12)
    }

    @Test func stoppingRuleComparesTheHalfWidthWithTheTarget() {
        // ±1% exactly on the log scale meets ±1%; a hair wider does not.
        let edge = PairedRatio(value: 1, low: 1 / 1.01, high: 1.01, pairs: 10, generations: 3)
        #expect(edge.meets(precision: 0.01))
        let wider = PairedRatio(value: 1, low: 1 / 1.0101, high: 1.0101, pairs: 10, generations: 3)
        #expect(!wider.meets(precision: 0.01))
        #expect(wider.meets(precision: 0.02))
    }

    @Test(arguments: [
        // (low, high, verdict) at the 2% margin
        (0.995, 1.012, SpeedVerdict.same),
        (1.021, 1.040, .slower),
        (1.005, 1.025, .slower),  // clear of 1, beyond the margin
        (0.950, 0.970, .faster),
        (0.990, 1.030, .undecided),  // straddles 1 and reaches past the margin
        (0.970, 1.001, .undecided),
    ])
    func verdictsFollowTheInterval(low: Double, high: Double, verdict: SpeedVerdict) {
        let ratio = PairedRatio(value: (low * high).squareRoot(), low: low, high: high, pairs: 20, generations: 3)
        #expect(SpeedVerdict(ratio, margin: 0.02) == verdict)
    }

    @Test func studentQuantiles() {
        #expect(StudentT.quantile975(degreesOfFreedom: 1) == 12.706)
        #expect(StudentT.quantile975(degreesOfFreedom: 2) == 4.303)
        #expect(StudentT.quantile975(degreesOfFreedom: 30) == 2.042)
        #expect(abs(StudentT.quantile975(degreesOfFreedom: 60) - 2.000) < 0.002)
        #expect(abs(StudentT.quantile975(degreesOfFreedom: 1_000_000) - 1.96) < 0.001)
    }
}

@Suite("Lockstep schedule")
struct LockstepScheduleTests {
    // synthesized (ref of g1), handwritten (g1), manual (ref of g2), lossy (g2), alone (g3, no ref)
    static let members: [(id: String, group: String, isReference: Bool, yardstick: String?)] = [
        ("0", "g1", true, nil), ("1", "g1", false, nil), ("2", "g2", true, nil), ("3", "g2", false, nil), ("4", "g3", false, nil),
    ]

    @Test func yardsticksAreTheGroupReferenceAndTheAnchor() {
        let schedule = LockstepSchedule(members: Self.members)
        #expect(schedule.yardstick == [nil, 0, 0, 2, nil])
    }

    @Test func blocksAlternateEachStrategyWithItsYardstick() {
        let schedule = LockstepSchedule(members: Self.members)
        let order = schedule.round(active: Set(0..<5), samplesPerBlock: 3, shuffle: { _ in })
        // The second block of yardstick 0 starts on the sample that ends the first.
        #expect(order == [0, 1, 0, 1, 0, 1, 0] + [2, 0, 2, 0, 2, 0] + [2, 3, 2, 3, 2, 3, 2] + [4])
    }

    /// Blocks in shuffled order, but those of one yardstick together, so they can share a sample.
    @Test func blocksOfOneYardstickRunTogether() {
        let schedule = LockstepSchedule(members: Self.members)
        // Blocks are built in member order: 0 ← 1, 0 ← 2, 2 ← 3, then 4 alone. The shuffle puts
        // yardstick 2's block between yardstick 0's two.
        let order = schedule.round(active: Set(0..<5), samplesPerBlock: 2, shuffle: { $0 = [1, 2, 0, 3] })
        #expect(order == [0, 2, 0, 2, 0] + [1, 0, 1, 0] + [2, 3, 2, 3, 2] + [4])
        let pairs = schedule.pairs(order.map { ($0, 1.0, nil) })
        #expect(pairs.mapValues(\.count) == [1: 1, 2: 1, 3: 1])
    }

    /// A pair is a strategy sample between two of its yardstick's, the strategy having run two
    /// samples before: a block's first strategy sample (colder) and samples across blocks are not.
    @Test func pairsSkipEachBlocksFirstStrategySample() {
        let schedule = LockstepSchedule(members: Self.members)
        let order = schedule.round(active: Set(0..<5), samplesPerBlock: 3, shuffle: { _ in })
        let pairs = schedule.pairs(order.map { ($0, Double(10 * ($0 + 1)), nil) })
        #expect(pairs.mapValues(\.count) == [1: 2, 2: 2, 3: 2])
        #expect(abs(pairs[1]![0].logRatio - log(2)) < 1e-12)  // 20 between 10 and 10
        #expect(abs(pairs[3]![0].logRatio - log(4.0 / 3.0)) < 1e-12)  // 40 between 30 and 30
    }

    /// Pairs compare the samples' CPU times per decode: here the strategy's sample lost half its
    /// wall time off the CPU, and its yardstick's did not.
    @Test func pairsCompareCPUTimes() throws {
        let schedule = LockstepSchedule(yardstick: [nil, 0])
        func sample(_ member: Int, wall: Double, cpu: Double) -> TimingSample {
            TimingSample(wallNanoseconds: wall, cpuNanoseconds: cpu, decodes: 2, sequence: 0, generation: 0, member: member)
        }
        let samples = [
            sample(1, wall: 1_100, cpu: 1_100), sample(0, wall: 1_000, cpu: 1_000),
            sample(1, wall: 2_200, cpu: 1_100), sample(0, wall: 1_000, cpu: 1_000),
        ]
        let pairs = ComparisonTally.pairs(of: samples, schedule: schedule)
        #expect(pairs.keys.sorted() == [1])
        let logRatio = try #require(pairs[1]?.first?.logRatio)
        #expect(abs(logRatio - log(1.1)) < 1e-12)
    }

    @Test func aMemberWhoseYardstickEndedIsSampledAlone() {
        let schedule = LockstepSchedule(members: Self.members)
        let order = schedule.round(active: [1, 2, 3], samplesPerBlock: 2, shuffle: { _ in })
        // Without 0, handwritten has no yardstick left; manual is still lossy's yardstick.
        #expect(order == [2, 3, 2, 3, 2, 1])
        #expect(schedule.pairs(order.map { ($0, 1.0, nil) }).keys.sorted() == [3])
    }

    /// Once the ratios are judged, a generation samples the short ones and their yardsticks only:
    /// lossy (3) brings its yardstick manual (2), not manual's own yardstick (0); a member whose
    /// yardstick has ended comes alone, and an ended member not at all.
    @Test func focusedGenerationsSampleTheShortRatiosAndTheirYardsticks() {
        let schedule = LockstepSchedule(members: Self.members)
        #expect(schedule.focused(on: [3], active: Set(0..<5)) == [2, 3])
        #expect(schedule.focused(on: [1, 3], active: Set(0..<5)) == [0, 1, 2, 3])
        #expect(schedule.focused(on: [2], active: Set(0..<5)) == [0, 2])
        #expect(schedule.focused(on: [1, 3], active: [1, 2, 4]) == [1])
        #expect(schedule.focused(on: [], active: Set(0..<5)).isEmpty)
        let order = schedule.round(active: schedule.focused(on: [3], active: Set(0..<5)), samplesPerBlock: 2, shuffle: { _ in })
        #expect(order == [2, 3, 2, 3, 2])
    }

    /// A member left out of a focused generation keeps the comparison's generation numbers on its
    /// samples (samples.csv's `fork`), so its samples still line up with its yardstick's, which
    /// took part in every generation.
    @Test func samplesKeepTheComparisonsGenerationNumber() {
        func sample(_ member: Int) -> TimingSample {
            TimingSample(wallNanoseconds: 100, cpuNanoseconds: 100, decodes: 1, sequence: 0, generation: 0, member: member)
        }
        var result = LockstepComparison.Result(verdicts: [], outputBytes: [], pairs: [])
        for generation in [[sample(0), sample(1), sample(0)], [sample(0), sample(2), sample(0)], [sample(0), sample(1), sample(0)]] {
            result.append(generation: generation)
        }
        #expect(result.timings(of: 1).map { $0.map(\.generation) } == [[0], [2]])
        #expect(result.timings(of: 1).map { $0.map(\.sequence) } == [[1], [1]])
        #expect(result.timings(of: 0).map { $0.map(\.generation) } == [[0, 0], [1, 1], [2, 2]])
    }

    /// A declared yardstick wins when it runs on this payload; without it, the group's reference.
    @Test func aDeclaredYardstickWinsOverTheGroupReference() {
        let members: [(id: String, group: String, isReference: Bool, yardstick: String?)] = [
            ("synthesized", "g1", true, nil), ("wrappers", "keys", true, nil), ("snake", "keys", false, "synthesized"),
            ("allkeys", "keys", false, "ifpresent"),
        ]
        #expect(LockstepSchedule(members: members).yardstick == [nil, 0, 0, 1])
        #expect(LockstepSchedule(members: Array(members.dropFirst())).yardstick == [nil, 0, 0])
    }

    /// 5 ms samples: every member of a generation gets the same odd number of batches, set by the
    /// slowest, and enough decodes a batch to fill the sample.
    @Test func aGenerationsSamplesShareAnOddNumberOfBatches() {
        func sizes(_ perDecode: [Double]) -> [[Int]] {
            let sizes = SampleSize.forGeneration(
                nanosecondsPerDecode: Dictionary(uniqueKeysWithValues: perDecode.enumerated().map { ($0, $1) }),
                target: 5_000_000)
            return perDecode.indices.map { [sizes[$0]!.decodes, sizes[$0]!.batches] }
        }
        // 200 µs and 100 µs: five batches of 1 ms, 5 and 10 decodes each.
        #expect(sizes([200_000, 100_000]) == [[5, 5], [10, 5]])
        // A 1.4 ms decode fits 4 batches in 5 ms, rounded up to 5 (an even count has no middle);
        // the 100 µs member gets the same 5 batches.
        #expect(sizes([1_400_000, 100_000]) == [[1, 5], [10, 5]])
        // 2 ms fits 3: the fast member's batches grow to 1.67 ms, 17 decodes.
        #expect(sizes([2_000_000, 100_000]) == [[1, 3], [17, 3]])
        // 3 ms fits 2, rounded up to 3.
        #expect(sizes([3_000_000, 3_000_000]) == [[1, 3], [1, 3]])
        // 100 ms (`large`) beside 1 ms: one batch for both, the fast one of 5 decodes.
        #expect(sizes([100_000_000, 1_000_000]) == [[1, 1], [5, 1]])
        // A/A: the same decode time, the same size; and so within 10%, across the step from one
        // decode a batch to two (1 ms alone would take one).
        #expect(sizes([1_000_000, 1_000_000]) == [[1, 5], [1, 5]])
        #expect(sizes([1_000_000, 960_000]) == [[2, 5], [2, 5]])
        #expect(sizes([1_000_000, 880_000]) == [[1, 5], [2, 5]])
        #expect(sizes([]) == [])
    }

    /// Samples are sized from the member's sampled CPU times once it has some (their 10th
    /// percentile), before that from its fastest warm-up, else as a whole sample.
    @Test func samplesAreSizedFromSampledTimesOnceThereAreSome() {
        let sampled = [4.3, 4.1, 4.2, 6.0, 4.15, 4.4, 4.25, 8.0, 4.12, 4.18, 4.3].map { $0 * 1e6 }
        // Eleven times: the 10th percentile is the second fastest, 4.12 ms.
        #expect(SampleSize.decodeTime(sampled: sampled, fastestWarmup: 5_600_000, sample: 5e6) == 4.12e6)
        #expect(SampleSize.decodeTime(sampled: [], fastestWarmup: 5_600_000, sample: 5e6) == 5.6e6)
        #expect(SampleSize.decodeTime(sampled: [], fastestWarmup: nil, sample: 5e6) == 5e6)
        // The case that needed it (`optional-0`): the yardstick's warm-up read 5.6 ms, over the
        // 5 ms sample, so every sample was one batch, of one decode for the yardstick and two for
        // its members of the same speed. Sized from samples, all three take three batches of one.
        let warmups = SampleSize.forGeneration(nanosecondsPerDecode: [0: 5.6e6, 1: 4.1e6, 2: 4.2e6], target: 5e6)
        #expect([0, 1, 2].map { [warmups[$0]!.decodes, warmups[$0]!.batches] } == [[1, 1], [2, 1], [2, 1]])
        let fromSamples = SampleSize.forGeneration(nanosecondsPerDecode: [0: 4.12e6, 1: 4.1e6, 2: 4.2e6], target: 5e6)
        #expect([0, 1, 2].map { [fromSamples[$0]!.decodes, fromSamples[$0]!.batches] } == [[1, 3], [1, 3], [1, 3]])
    }

    @Test func noReferenceMeansNoPairs() {
        let schedule = LockstepSchedule(members: [("0", "g", false, nil), ("1", "g", false, nil)])
        #expect(schedule.yardstick == [nil, nil])
        #expect(schedule.round(active: [0, 1], samplesPerBlock: 4, shuffle: { _ in }) == [0, 1])
    }
}
