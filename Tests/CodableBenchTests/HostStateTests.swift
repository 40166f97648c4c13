@testable import CodableBenchCore
@testable import CodableBenchHarness
import Foundation
import Testing

/// The host's state beside the samples, each state's ratio, the stopping rule and the pairs a
/// generation takes, on inputs computed by hand.
@Suite("Host state and the stopping rule")
struct HostStateTests {
    /// log ratios by generation, as pairs in `state` (the yardstick at 100, the strategy at
    /// 100 × e^x).
    static func pairs(_ generations: [[Double]], _ state: HostState?) -> [[Pair]] {
        generations.map { $0.map { Pair(sample: 100 * exp($0), before: 100, after: 100, state: state) } }
    }

    /// Quiet pairs make the verdict where at least two generations have them; the contended
    /// state's ratio is kept beside it (the answers show it where it differs: `ClaimsTests`).
    @Test func theVerdictIsTheQuietStatesWhereTheRunHasIt() throws {
        let quiet = Self.pairs([[0.00], [0.01], [0.02], [0.01]], .quiet)
        let contended = Self.pairs([[0.10], [0.11], [0.12], [0.11]], .contended)
        let both = zip(quiet, contended).map { $0 + $1 }
        let stated = try #require(StatedRatio(pairsByGeneration: both))
        #expect(stated.state == .quiet)
        #expect(abs(stated.ratio.value - exp(0.01)) < 1e-9)
        #expect(abs(try #require(stated.contended).value - exp(0.11)) < 1e-9)
        #expect(try #require(PairedRatio(pairsByGeneration: both)) == stated.ratio)

    }

    /// A run whose probe's label predicted nothing reads each ratio from all its pairs: the two
    /// states' pairs of the test above pooled, 0.06 at the centre of each generation's four, and
    /// no state named.
    @Test func aRatioPooledOverStatesReadsEveryPair() throws {
        let quiet = Self.pairs([[0.00, 0.02], [0.01, 0.03], [0.02, 0.04], [0.01, 0.03]], .quiet)
        let contended = Self.pairs([[0.10, 0.08], [0.11, 0.09], [0.12, 0.10], [0.11, 0.09]], .contended)
        let both = zip(quiet, contended).map { $0 + $1 }
        let pooled = try #require(StatedRatio(pooling: both))
        #expect(pooled.state == nil && pooled.quiet == nil && pooled.contended == nil)
        #expect(pooled.ratio.pairs == 16 && pooled.ratio.generations == 4)
        // Each generation's interquartile mean: of (0.00, 0.02, 0.08, 0.10), 0.05; then 0.06, 0.07, 0.06.
        #expect(abs(pooled.ratio.value - exp(0.06)) < 1e-9)
        #expect(try #require(StatedRatio(pairsByGeneration: both)).ratio.pairs == 8)
        #expect(StatedRatio(pooling: Self.pairs([[0.1]], .quiet)) == nil)
    }

    /// A cell's ratio read from all its pairs: the pairing's row and results.csv's, but a group's
    /// reference keeps its 1 to itself. A labelled ratio carries every pair's beside it from the
    /// start: 0.10, 0.11, 0.12 contended and 0.00 quiet in each generation pool to e^0.055.
    @Test func aRatioReadFromAllItsPairsLeavesAReferencesOwnOne() throws {
        var identity = RunRecordTests.cell
        identity.strategy = "reference"
        var reference = CellRecord(cell: identity, outcome: .ok, expectedOutcome: .ok, detail: "")
        let generations = zip(Self.pairs([[0.10], [0.11], [0.12]], .contended), Self.pairs([[0.0], [0.0], [0.0]], .quiet))
            .map { $0 + $1 }
        reference.pair(with: "anchor", pairsByGeneration: generations)
        let labelled = try #require(reference.pairedRatio)
        #expect(labelled.state == .quiet && abs(labelled.ratio.value - 1) < 1e-9)
        let all = try #require(labelled.allPairs)
        #expect(abs(all.value - exp(0.055)) < 1e-9 && all.pairs == 6)
        reference.rowRatio = reference.ratio(to: "reference", .one)
        var member = reference
        member.pair(with: "anchor", pairsByGeneration: generations)
        reference.readFromAllPairs(all)
        member.readFromAllPairs(all)
        #expect(reference.rowRatio == reference.ratio(to: "reference", .one))
        #expect(member.rowRatio == member.ratio(to: "anchor", all))
        #expect(reference.pairedRatio == reference.ratio(to: "anchor", all) && reference.pairedRatio?.state == nil)
        var unpaired = CellRecord(cell: identity, outcome: .ok, expectedOutcome: .ok, detail: "")
        unpaired.readFromAllPairs(all)
        #expect(unpaired.pairedRatio == nil && unpaired.rowRatio == nil)
        // Pairs without a state (no probe) have no other figure to carry.
        var unprobed = CellRecord(cell: identity, outcome: .ok, expectedOutcome: .ok, detail: "")
        unprobed.pair(with: "anchor", pairsByGeneration: Self.pairs([[0.10], [0.11], [0.12]], nil))
        #expect(unprobed.pairedRatio?.state == nil && unprobed.pairedRatio?.allPairs == nil)
    }

    /// Fewer than two generations with a quiet pair: the contended state's ratio is the verdict.
    @Test func aRunUnderContentionThroughoutIsJudgedUnderContention() throws {
        let generations = Self.pairs([[0.10], [0.11], [0.12]], .contended) + Self.pairs([[0.0]], .quiet)
        let stated = try #require(StatedRatio(pairsByGeneration: generations))
        #expect(stated.quiet == nil)
        #expect(stated.state == .contended)
        #expect(abs(stated.ratio.value - exp(0.11)) < 1e-9)
    }

    /// Pairs without a state (runs before the probe) keep the yardstick-pace rule: the same ratio
    /// as before, and no state named.
    @Test func pairsWithoutAStateKeepTheSlowSpellRule() throws {
        let fast = Pair(sample: 102, before: 100, after: 100)
        let slow = Pair(sample: 168.3, before: 150, after: 150)
        let generations = Array(repeating: [fast], count: 8) + [[slow, fast], [slow]]
        let stated = try #require(StatedRatio(pairsByGeneration: generations))
        #expect(stated.state == nil)
        #expect(abs(stated.ratio.value - 1.02) < 1e-9)
        #expect(stated.ratio.generations == 9)
    }

    /// A pair's state is its three samples': quiet only where all three are.
    @Test func aPairIsQuietOnlyWhereItsThreeSamplesAre() {
        let schedule = LockstepSchedule(yardstick: [nil, 0])
        let order: [(Int, Double, HostState?)] = [
            (0, 100, .quiet), (1, 110, .quiet), (0, 100, .quiet), (1, 110, .quiet), (0, 100, .quiet),
            (1, 110, .contended), (0, 100, .quiet), (1, 110, nil), (0, 100, .quiet),
        ]
        let pairs = schedule.pairs(order)
        #expect(pairs[1]?.map(\.state) == [.quiet, .contended, nil])
    }

    /// A sample is quiet where the probes just before and just after it both read quiet.
    @Test func samplesTakeTheStateOfTheProbesAroundThem() {
        func probe(before: Int, _ nanoseconds: Double) -> ProbeReading {
            ProbeReading(
                before: before,
                reading: CacheReading(cacheNanosecondsPerLoad: nanoseconds, computeNanosecondsPerOp: 1, contendedAboveNanoseconds: 40))
        }
        var samples = (0..<5).map { _ in
            TimingSample(wallNanoseconds: 1, cpuNanoseconds: 1, decodes: 1, sequence: 0, generation: 0)
        }
        // Probes before samples 0 and 2 (quiet, 15 ns), before sample 4 (contended, 90 ns) and after
        // the last (quiet): samples 2 and 3 sit between a quiet and a contended probe, 4 between a
        // contended and a quiet one.
        ProbeReading.assignStates(
            [probe(before: 0, 15), probe(before: 2, 15), probe(before: 4, 90), probe(before: 5, 15)], to: &samples)
        #expect(samples.map(\.state) == [.quiet, .quiet, .contended, .contended, .contended])
        var unprobed = samples.map { sample -> TimingSample in
            var copy = sample
            copy.state = nil
            return copy
        }
        ProbeReading.assignStates([], to: &unprobed)
        #expect(unprobed.allSatisfy { $0.state == nil })
    }

    @Test func aProbeIsContendedBeyondItsThreshold() {
        #expect(CacheReading(cacheNanosecondsPerLoad: 14, computeNanosecondsPerOp: 1.3, contendedAboveNanoseconds: 40).state == .quiet)
        #expect(CacheReading(cacheNanosecondsPerLoad: 40, computeNanosecondsPerOp: 1.3, contendedAboveNanoseconds: 40).state == .quiet)
        #expect(CacheReading(cacheNanosecondsPerLoad: 41, computeNanosecondsPerOp: 1.3, contendedAboveNanoseconds: 40).state == .contended)
    }

    /// The run's summary: the share contended, and the figures at their quantiles.
    @Test func theHostStateSummaryNamesTheShareContended() throws {
        let readings = (1...20).map {
            CacheReading(cacheNanosecondsPerLoad: Double($0 * 5), computeNanosecondsPerOp: 1.3, contendedAboveNanoseconds: 40)
        }
        let summary = try #require(HostStateSummary(readings))
        #expect(summary.probes == 20)
        #expect(summary.contendedShare == 0.6)  // 45…100 ns
        #expect(summary.cacheFastest == 5)
        #expect(summary.cacheMedian == 50)
        #expect(summary.computeAtFullSpeed)
        #expect(summary.sentence.hasPrefix("other tenants contended for the shared cache in 60% of 20 probes"))
        let calm = try #require(HostStateSummary(Array(repeating: readings[1], count: 30)))
        #expect(calm.sentence.hasPrefix("the shared cache was this run's alone"))
        #expect(HostStateSummary([]) == nil)
    }

    /// A compute reading of 0 (a disturbed probe: its two spins took less than its one) is left
    /// out: the fastest arithmetic is never 0, and a run with no other says so (it read "inf%
    /// slower").
    @Test func aDisturbedArithmeticReadingIsLeftOut() throws {
        let readings = [0, 1.3, 1.3, 2.6].map {
            CacheReading(cacheNanosecondsPerLoad: 60, computeNanosecondsPerOp: $0, contendedAboveNanoseconds: 40)
        }
        let summary = try #require(HostStateSummary(readings))
        #expect(summary.computeFastest == 1.3 && summary.computeMedian == 1.3)
        let none = try #require(
            HostStateSummary([CacheReading(cacheNanosecondsPerLoad: 60, computeNanosecondsPerOp: 0, contendedAboveNanoseconds: 40)]))
        #expect(none.sentence.hasSuffix("the arithmetic probe read nothing usable: every ratio here holds under contention"))
    }

    @Test func studentQuantilesAtTheEarlyLooksLevel() {
        #expect(StudentT.quantile9995(degreesOfFreedom: 1) == 636.619)
        #expect(StudentT.quantile9995(degreesOfFreedom: 5) == 6.869)
        #expect(StudentT.quantile9995(degreesOfFreedom: 30) == 3.646)
        // scipy: t.ppf(0.9995, 40) = 3.551, (100) = 3.390
        #expect(abs(StudentT.quantile9995(degreesOfFreedom: 40) - 3.551) < 0.002)
        #expect(abs(StudentT.quantile9995(degreesOfFreedom: 100) - 3.390) < 0.002)
    }

    /// A ratio stops early only at a planned look, where its 99.9% interval gives a verdict; else
    /// when its 95% interval is within the target after the floor.
    @Test func theStoppingRuleLooksEarlyOnlyAtItsPlannedLooks() throws {
        let rule = StoppingRule(precision: 0.01, judgement: .answers(margin: 0.02), floor: 12)
        // Twice as slow, eight generations (a look): the 99.9% interval lies far above 1.
        let slow = try #require(PairedRatio(logRatiosByGeneration: (0..<8).map { [log(2) + 0.01 * Double($0 % 3)] }))
        #expect(rule.settled(slow) == .verdict)
        // The same at seven generations, not a look: it goes on.
        let notALook = try #require(PairedRatio(logRatiosByGeneration: (0..<7).map { [log(2) + 0.01 * Double($0 % 3)] }))
        #expect(rule.settled(notALook) == nil)
        // Near 1 and narrow after 12: the width rule.
        let narrow = try #require(PairedRatio(logRatiosByGeneration: (0..<13).map { [0.001 * Double($0 % 3)] }))
        #expect(rule.settled(narrow) == .precision)
        // A read-back ratio has no spread: no early look.
        let fromFile = PairedRatio(value: 2, low: 1.9, high: 2.1, pairs: 8, generations: 8)
        #expect(fromFile.interval999 == nil)
        #expect(rule.settled(fromFile) == nil)
    }

    /// The gate's judgement stops on an interval wholly within or wholly beyond its threshold.
    @Test func theGatesJudgementUsesItsThreshold() {
        let gate = StoppingRule(precision: 0.01, judgement: .gate(threshold: 0.05), floor: 6)
        #expect(gate.decides(PairedRatio(value: 1.01, low: 0.97, high: 1.04, pairs: 6, generations: 6)))
        #expect(gate.decides(PairedRatio(value: 1.10, low: 1.06, high: 1.14, pairs: 6, generations: 6)))
        #expect(!gate.decides(PairedRatio(value: 1.05, low: 1.02, high: 1.08, pairs: 6, generations: 6)))
        let answers = StoppingRule(precision: 0.01, judgement: .answers(margin: 0.02), floor: 6)
        #expect(answers.decides(PairedRatio(value: 1.05, low: 1.02, high: 1.08, pairs: 6, generations: 6)))
    }

    /// Within and between: generations (2, 4), (4, 6), (6, 8) of one ratio: pooled within-variance
    /// 2 (each pair of values spreads by 2); generation means 3, 5, 7 vary by 4, less within / 2.
    @Test func varianceComponentsSplitWithinAndBetween() throws {
        let components = try #require(VarianceComponents([[[2, 4], [4, 6], [6, 8]]]))
        #expect(components.withinGeneration == 2)
        #expect(components.betweenGenerations == 3)
        #expect(VarianceComponents([[[1], [2], [3]]]) == nil)  // no generation with two pairs
    }

    /// Noisy pairs and steady processes: many pairs a generation, where the budget leaves enough
    /// generations; one pair where processes differ and pairs agree; and few generations favour
    /// fewer pairs than Cochran's optimum.
    @Test func pairsPerGenerationFollowTheVarianceAndTheBudget() {
        let noisyPairs = VarianceComponents(withinGeneration: 0.0064, betweenGenerations: 0.0001)
        #expect(noisyPairs.pairsPerGeneration(startSeconds: 1, pairSeconds: 0.1, budgetSeconds: 60, generations: 3) == 8)
        let noisyProcesses = VarianceComponents(withinGeneration: 0.0001, betweenGenerations: 0.0016)
        #expect(noisyProcesses.pairsPerGeneration(startSeconds: 1, pairSeconds: 0.1, budgetSeconds: 60, generations: 3) == 1)
        // A budget for a handful of generations: the Student quantile keeps the pairs down.
        let even = VarianceComponents(withinGeneration: 0.0016, betweenGenerations: 0.0004)
        let plenty = even.pairsPerGeneration(startSeconds: 1, pairSeconds: 0.5, budgetSeconds: 200, generations: 3)
        let scarce = even.pairsPerGeneration(startSeconds: 1, pairSeconds: 0.5, budgetSeconds: 8, generations: 3)
        #expect(scarce < plenty)
    }
}
