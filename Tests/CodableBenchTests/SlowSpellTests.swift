@testable import CodableBench
import Foundation
import Testing

/// The machine probe and the rule that leaves samples of slow spells out.
@Suite("Slow spells: machine probe, reference, exclusion")
struct SlowSpellTests {
    /// One fork whose samples had these probe times (wall time = 1000 × the index, to tell them apart).
    static func fork(_ probes: [Double]) -> TimingResult {
        TimingResult(decodesPerSample: 1,
                     samples: probes.enumerated().map {
                         TimingSample(wallNanoseconds: Double(1000 * ($0.offset + 1)), cpuNanoseconds: 1, probeNanoseconds: $0.element)
                     },
                     measuredNanoseconds: 0, totalNanoseconds: 0)
    }

    @Test func probeDecodesItsDocument() {
        let probe = MachineProbe()
        #expect(probe.decodesCorrectly())
        #expect(probe.measure() > 0)
    }

    @Test func noReferenceBeforeEnoughProbes() {
        var filter = SlowSpellFilter(threshold: 1.25)
        filter.record(Self.fork(Array(repeating: 100, count: SlowSpellFilter.minimumProbes - 1)))
        #expect(filter.reference == nil)
        // Without a reference nothing is disturbed.
        let split = filter.split([Self.fork([100, 500, 900])], minimum: 1)
        #expect(split.excluded == 0 && split.kept == [Self.fork([100, 500, 900])])
    }

    /// Probes 100, 101, …, 119 and 200: p10 (type 7) of the 21 values is at position 2 → 102.
    @Test func referenceIsTheTenthPercentileOfEveryProbe() throws {
        var filter = SlowSpellFilter(threshold: 1.25)
        filter.record(Self.fork((100...119).map(Double.init)))
        filter.record(Self.fork([200]))
        #expect(filter.reference == 102)
    }

    /// Limit 1.25 × 102 = 127.5: 127 counts, 128 and 200 are left out, flagged by fork and sample.
    @Test func samplesAboveTheLimitAreLeftOutAndCounted() throws {
        var filter = SlowSpellFilter(threshold: 1.25)
        filter.record(Self.fork((100...119).map(Double.init)))
        filter.record(Self.fork([200]))
        let split = filter.split([Self.fork([101, 128, 127]), Self.fork([200, 100])], minimum: 2)
        #expect(split.excluded == 2)
        #expect(split.leftOut == [[false, true, false], [true, false]])
        #expect(split.kept.map { $0.samples.map(\.wallNanoseconds) } == [[1000, 3000], [2000]])
        #expect(!split.keptDisturbed)
    }

    /// Fewer clean samples than the minimum: everything stays, nothing is flagged, and it says so.
    @Test func tooFewCleanSamplesKeepsEverything() throws {
        var filter = SlowSpellFilter(threshold: 1.25)
        filter.record(Self.fork(Array(repeating: 100, count: 20)))
        let forks = [Self.fork([300, 300, 101]), Self.fork([300])]
        let split = filter.split(forks, minimum: 2)
        #expect(split.keptDisturbed && split.excluded == 0 && split.kept == forks)
        #expect(split.leftOut == [[false, false, false], [false]])
    }

    /// The sampler takes exactly the planned samples when none is disturbed, and samples on (to
    /// three times the plan) while every probe is over the limit.
    @Test func samplerSamplesOnThroughASlowSpell() throws {
        let plan = SamplingPlan(warmupNanoseconds: 1_000_000, minSampleNanoseconds: 100_000, samples: 6, minSamples: 3,
                                budgetNanoseconds: 60_000_000_000, forks: 1)
        let work: (Int) throws -> Void = { count in for _ in 0..<count { blackHole(MachineProbe.document.count) } }
        let calm = try Sampler.time(work, plan: plan, probeReference: nil)
        #expect(calm.samples.count == 6)
        #expect(calm.samples.allSatisfy { $0.probeNanoseconds > 0 })
        // A reference no real probe can meet: every sample is disturbed.
        let spell = try Sampler.time(work, plan: plan, probeReference: 1e-9)
        #expect(spell.samples.count == 18)
    }

    /// The reports' line: excluded over all timing samples (the sample rows: 7 excluded, n = 5).
    @Test func reportsSayHowManySamplesWereLeftOut() throws {
        let rows = ResultsCSVTests.sampleRows()
        let run = RunData(source: URL(fileURLWithPath: "/nonexistent/results.csv"), rows: rows, samples: [:])
        #expect(Reports.slowSpellNote(run)?.hasPrefix("7 of 12 timing samples (58.3%) ran while") == true)
        var calm = rows
        calm[0].excluded = 0
        #expect(Reports.slowSpellNote(RunData(source: run.source, rows: calm, samples: [:])) == nil)
    }
}
