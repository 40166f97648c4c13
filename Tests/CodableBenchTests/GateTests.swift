@testable import CodableBench
@testable import CodableBenchAnalysis
@testable import CodableBenchCore
@testable import CodableBenchHarness
import Foundation
import Testing

@Suite("Regression gate decisions")
struct GateTests {
    typealias Spec = SyntheticRuns.CellSpec
    let base = [Spec(strategy: "synthesized"), Spec(strategy: "handwritten", allocations: 2_930)]

    func gate(_ current: [Spec], tolerances: GateTolerances = .standard) throws -> Gate {
        try Gate(baseline: try SyntheticRuns.run(base), current: try SyntheticRuns.run(current), tolerances: tolerances)
    }

    @Test func identicalRunsPass() throws {
        let g = try gate(base)
        #expect(g.exitStatus == 0 && g.regressions.isEmpty && g.improvements.isEmpty)
    }

    @Test func oneMoreAllocationPerElementFailsAndNamesTheCell() throws {
        var current = base
        current[1].allocations += 30  // 30 elements
        let g = try gate(current)
        #expect(g.exitStatus == 1)
        let finding = try #require(g.regressions.first)
        #expect(finding.cell.strategy == "handwritten" && finding.metric == "allocations")
        #expect(finding.baseline == "2930" && finding.current == "2960")
        #expect(g.render().contains("REGRESSION handwritten on small: allocations 2930 → 2960"))
    }

    /// jemalloc and glibc round and grow buffers differently: their counts are not compared.
    @Test func countsOfDifferentBackendsAreNotCompared() throws {
        var current = base
        current[1].allocations += 300
        let g = try Gate(
            baseline: try SyntheticRuns.run(base),
            current: try SyntheticRuns.run(current, countingBackend: "interposer"), tolerances: .standard)
        #expect(g.exitStatus == 0 && g.regressions.isEmpty)
        #expect(g.notes.contains("allocation counts not compared: the baseline counted them with jemalloc, this run with interposer"))
        // The same change with the same backend fails.
        #expect(try gate(current).exitStatus == 1)
    }

    /// Apple's Foundation allocates otherwise than swift-corelibs-foundation: a Mac's run counted
    /// with jemalloc is not checked against a Linux baseline counted with jemalloc.
    @Test func countsOfAnotherFoundationAreNotCompared() throws {
        var current = base
        current[1].allocations += 300
        let g = try Gate(
            baseline: try SyntheticRuns.run(base, os: "Debian GNU/Linux 12 (bookworm)"),
            current: try SyntheticRuns.run(current, os: "macOS 15.2.0"), tolerances: .standard)
        #expect(g.exitStatus == 0 && g.regressions.isEmpty)
        #expect(
            g.notes.contains(
                "allocation counts not compared: the baseline ran on swift-corelibs-foundation, this run on Apple's Foundation of macOS 15.2.0"
            ))
    }

    /// A Mac's Foundation and Swift runtime ship with macOS: a baseline of another macOS version
    /// is another Foundation, whose counts are not compared.
    @Test func countsOfAnotherMacOSVersionAreNotCompared() throws {
        var current = base
        current[1].allocations += 300
        let g = try Gate(
            baseline: try SyntheticRuns.run(base, os: "macOS 15.2.0"), current: try SyntheticRuns.run(current, os: "macOS 15.3.0"),
            tolerances: .standard)
        #expect(g.exitStatus == 0 && g.regressions.isEmpty)
        #expect(
            g.notes.contains(
                "allocation counts not compared: the baseline ran on Apple's Foundation of macOS 15.2.0, this run on Apple's Foundation of macOS 15.3.0"
            ))
        let sameOS = try Gate(
            baseline: try SyntheticRuns.run(base, os: "macOS 15.2.0"), current: try SyntheticRuns.run(current, os: "macOS 15.2.0"),
            tolerances: .standard)
        #expect(sameOS.exitStatus == 1)
    }

    /// A run whose allocation canary misread (a Mac whose interposer misses Swift's typed
    /// allocations) has no counts: it fails `check` only where the baseline's counts would have
    /// been compared, and an exact canary that misread fails it only where an exact measure is gated.
    @Test func aFailedCanaryFailsOnlyWhereItsCountsWouldHaveBeenCompared() throws {
        func withCanaries(_ run: RecordedRun) -> RecordedRun {
            var info = RunJSON(cells: 1, totalSeconds: 0, measuredSeconds: 0)
            info.allocationCanary = AllocationCanaryReading(expected: [3000, 0], read: [[3, 3, 3], [0, 0, 0]])
            info.exactCanary = ExactCanaryReading(read: [0, 0, 0, 0])
            return run.with(info: info)
        }
        let onAMac = withCanaries(try SyntheticRuns.run(base, os: "macOS 15.2.0"))
        let againstLinux = try Gate(
            baseline: try SyntheticRuns.run(base, os: "Debian GNU/Linux 12 (bookworm)"), current: onAMac, tolerances: .standard)
        #expect(againstLinux.exitStatus == 0, "\(againstLinux.regressions.map(\.line))")
        #expect(againstLinux.notes.contains { $0.hasPrefix("the allocation canary failed (the allocation counter read 3 of") })
        #expect(againstLinux.notes.contains { $0.hasPrefix("the exact canary failed (") && $0.hasSuffix("so it does not fail on it") })
        let againstItsOwnMac = try Gate(baseline: try SyntheticRuns.run(base, os: "macOS 15.2.0"), current: onAMac, tolerances: .standard)
        #expect(againstItsOwnMac.regressions.map(\.metric) == ["allocations"])
        var gatingInstructions = GateTolerances.standard
        gatingInstructions.deterministic["instructions"] = 0.01
        let gated = try Gate(baseline: try SyntheticRuns.run(base, os: "macOS 15.2.0"), current: onAMac, tolerances: gatingInstructions)
        #expect(gated.regressions.map(\.metric) == ["allocations", "instructions"])
    }

    /// Times taken under two allocators differ by the allocator too: the gate says so.
    @Test func timingsUnderDifferentAllocatorsAreFlagged() throws {
        let g = try Gate(
            baseline: try SyntheticRuns.run(base, allocator: "system"), current: try SyntheticRuns.run(base),
            tolerances: .standard)
        #expect(
            g.notes.contains(
                "the baseline was timed under allocator system, this run under glibc-retained: time changes include the allocator's"))
        #expect(!(try gate(base).notes.contains { $0.contains("timed under allocator") }))
    }

    /// malloc-interposer's counts move between runs of one build: they are judged with the
    /// `approximate` tolerances, and a metric without one there is not compared.
    @Test func approximateCountsUseTheirOwnTolerances() throws {
        var tolerances = GateTolerances.standard
        tolerances.approximate = ["allocations": 0.01]
        func gate(_ change: (inout SyntheticRuns.CellSpec) -> Void) throws -> Gate {
            var current = base
            change(&current[1])
            return try Gate(
                baseline: try SyntheticRuns.run(base, countingBackend: "interposer"),
                current: try SyntheticRuns.run(current, countingBackend: "interposer"), tolerances: tolerances)
        }
        // Bytes +10.9% (seen between two runs of one build): not compared; allocations +0.7%: within 1%.
        let noise = try gate {
            $0.allocatedBytes *= 1.109; $0.allocations += 20
        }
        #expect(noise.exitStatus == 0 && noise.regressions.isEmpty)
        #expect(noise.notes.contains { $0.hasSuffix("not compared: allocated_bytes, peak_heap_bytes") })
        // Two more allocations per article (+60 on 30 articles, +2%) are caught.
        #expect(try gate { $0.allocations += 60 }.regressions.map(\.metric) == ["allocations"])
        // Without `approximate` tolerances, approximate counts are not compared at all.
        tolerances.approximate = nil
        #expect(try gate { $0.allocations += 600 }.exitStatus == 0)
    }

    @Test func aChangeWithinTheToleranceAndImprovementsPass() throws {
        var current = base
        current[0].allocations += 10  // +0.33%, under 0.5%
        current[1].allocations -= 500  // fewer: an improvement
        let g = try gate(current)
        #expect(g.exitStatus == 0)
        #expect(g.improvements.count == 1)
        #expect(g.render().contains("refresh the baseline"))
    }

    /// Instructions are gated only where the tolerances name them (the committed ones do not:
    /// `ab` gates them, both builds on one machine).
    @Test func threePercentMoreInstructionsFailWhereTheTolerancesGateThem() throws {
        let base = [Spec(strategy: "synthesized", instructions: 10_000_000)]
        var current = base
        current[0].instructions = 10_300_000
        #expect(
            try Gate(baseline: try SyntheticRuns.run(base), current: try SyntheticRuns.run(current), tolerances: .standard).exitStatus == 0)
        var tolerances = GateTolerances.standard
        tolerances.deterministic["instructions"] = 0.01
        let g = try Gate(baseline: try SyntheticRuns.run(base), current: try SyntheticRuns.run(current), tolerances: tolerances)
        #expect(g.exitStatus == 1)
        #expect(g.regressions.first?.line == "synthesized on small: instructions 10000000 → 10300000 (above the 1.00% tolerance +3.00%)")
        current[0].instructions = 10_050_000  // +0.5%: within 1%
        #expect(
            try Gate(baseline: try SyntheticRuns.run(base), current: try SyntheticRuns.run(current), tolerances: tolerances).exitStatus == 0
        )
    }

    @Test func moreAllocatedBytesFail() throws {
        var current = base
        current[0].allocatedBytes *= 1.01
        #expect(try gate(current).regressions.map(\.metric) == ["allocated_bytes"])
    }

    @Test func changedOutcomeAndMissingCellFail() throws {
        var current = base
        current[0].outcome = .wrongOutput
        current.remove(at: 1)
        let g = try gate(current)
        #expect(Set(g.regressions.map(\.metric)) == ["outcome", "cell"])
    }

    @Test func newCellIsANoteOnly() throws {
        let g = try gate(base + [Spec(strategy: "new-one")])
        #expect(g.exitStatus == 0)
        #expect(g.notes == ["new-one on small: new cell, not in the baseline"])
    }

    @Test func differentPayloadIsAnInputError() throws {
        var current = base
        current[0].sha = String(repeating: "b", count: 64)
        #expect(throws: CommandError.self) { try gate(current) }
    }

    @Test func wallTimeGatesOnlyWhenEnabled() throws {
        var current = base
        current[0].wall = base[0].wall.map { $0 * 1.25 }
        #expect(try gate(current).exitStatus == 0)
        var strict = GateTolerances.standard
        strict.timing.enabled = true
        let g = try gate(current, tolerances: strict)
        #expect(g.exitStatus == 1)
        #expect(g.regressions.first?.metric == "wall_time")
        // A 5% slowdown is significant but within the 10% tolerance.
        current[0].wall = base[0].wall.map { $0 * 1.05 }
        #expect(try gate(current, tolerances: strict).exitStatus == 0)
    }

    /// Every exact measure a cell record holds is gated once a tolerance names it: the record's own
    /// list (`CellRecord.measures`), so a measure added there is covered without a test of its own.
    @Test func everyExactMeasureOfTheRecordIsGatedWhereNamed() throws {
        func run(scale: Double) -> RecordedRun {
            let timings = [(0..<5).map { TimingSample(wallNanoseconds: 1e6, cpuNanoseconds: 1e6, decodes: 1, sequence: $0, generation: 0) }]
            let counts = [
                AllocationCount(allocations: Int(3_000 * scale), allocatedBytes: Int(700_000 * scale), peakBytes: Int(90_000 * scale))
            ]
            var record = CellRecord(
                cell: CellIdentity(
                    group: "g", strategy: "s", expectation: "strict", profile: "small", bytes: 100_000,
                    sha256: String(repeating: "a", count: 64), elements: 30, seed: 1, knobs: "k"),
                outcome: .ok, expectedOutcome: .ok, detail: "")
            record.measures = CellRecord.measures(
                timings: timings, throughputBytes: 100_000, allocations: counts, instructions: Int(20_000_000 * scale),
                simulatedCycles: Int(30_000_000 * scale))
            return RecordedRun(source: URL(fileURLWithPath: "/x"), provenance: SyntheticRuns.provenance, records: [record], samples: [:])
        }
        let exact = run(scale: 1).records[0].measures.map(\.metric).filter(\.isDeterministic)
        #expect(exact.contains(.instructionsPerByte) && exact.count == 6)
        var tolerances = GateTolerances.standard
        tolerances.deterministic = Dictionary(uniqueKeysWithValues: exact.map { ($0.rawValue, 0.01) })
        let gate = try Gate(baseline: run(scale: 1), current: run(scale: 1.05), tolerances: tolerances)
        #expect(Set(gate.regressions.map(\.metric)) == Set(exact.map(\.rawValue)))
        // Not named: not compared.
        tolerances.deterministic = [:]
        #expect(try Gate(baseline: run(scale: 1), current: run(scale: 1.05), tolerances: tolerances).regressions.isEmpty)
    }

    @Test func committedTolerancesFileIsValid() throws {
        let t = try GateTolerances.read(TestSupport.packageRoot.appendingPathComponent("results/gate-tolerances.json"))
        #expect(t.deterministic["allocations"] == 0.005)
        #expect(t.timing.enabled == false)
    }
}

@Suite("compare")
struct ComparisonTests {
    typealias Spec = SyntheticRuns.CellSpec

    @Test func verdictsForEachKindOfChange() throws {
        let base = [Spec(strategy: "a"), Spec(strategy: "b"), Spec(strategy: "c"), Spec(strategy: "gone")]
        var current = [Spec(strategy: "a"), Spec(strategy: "b"), Spec(strategy: "c"), Spec(strategy: "new")]
        current[1].wall = base[1].wall.map { $0 * 0.8 }
        current[2].outcome = .threw
        let comparison = try RunComparison(
            baseline: try SyntheticRuns.run(base), current: try SyntheticRuns.run(current),
            tolerances: .standard)
        func verdict(_ strategy: String, _ metric: Metric) -> MetricChange.Verdict? {
            comparison.changes.first { $0.cell.strategy == strategy && $0.metric == metric }?.verdict
        }
        // The same samples: nothing tells them apart, and a timing is not said to be unchanged.
        #expect(verdict("a", .wallTime) == .undecided)
        #expect(verdict("a", .allocations) == .noChange)
        #expect(verdict("b", .wallTime) == .faster)
        #expect(verdict("c", .none) == .outcomeChanged)
        #expect(verdict("gone", .none) == .gone)
        #expect(verdict("new", .none) == .new)
    }

    /// A baseline of another platform: a cell whose expected outcome differs by platform (canada's
    /// dictionary path, misrounded on Linux, exact on Darwin) ends as each platform expects, and
    /// is no change; the same outcome against its own platform's expectation still is one.
    @Test func anOutcomeEachPlatformExpectsIsNoChange() throws {
        let linux = [Spec(strategy: "canada", outcome: .wrongOutput, expectedOutcome: .wrongOutput), Spec(strategy: "b")]
        let mac = [Spec(strategy: "canada"), Spec(strategy: "b", outcome: .wrongOutput)]
        let comparison = try RunComparison(
            baseline: try SyntheticRuns.run(linux), current: try SyntheticRuns.run(mac), tolerances: .standard)
        #expect(comparison.changes.first { $0.cell.strategy == "canada" }?.verdict == .noChange)
        #expect(comparison.changes.first { $0.cell.strategy == "b" }?.verdict == .outcomeChanged)
        #expect(
            comparison.notes.contains {
                $0.hasPrefix("canada on small: wrong-output in the baseline, ok here, each as its platform expects")
            })
        let gate = try Gate(baseline: try SyntheticRuns.run(linux), current: try SyntheticRuns.run(mac), tolerances: .standard)
        #expect(gate.regressions.map(\.cell.strategy) == ["b"])
    }

    @Test func aSmallSignificantChangeBelowTheNoiseFloorIsWithinIt() throws {
        let base = [Spec(strategy: "a")]
        var current = base
        current[0].wall = base[0].wall.map { $0 * 1.02 }
        let comparison = try RunComparison(
            baseline: try SyntheticRuns.run(base), current: try SyntheticRuns.run(current),
            tolerances: .standard)
        #expect(comparison.changes.first { $0.metric == .wallTime }?.verdict == .withinNoise)
    }
}

@Suite("Analysis statistics on hand-computed inputs")
struct AnalysisTests {
    @Test func mannWhitneySeparatedSamples() throws {
        // a = 1,2,3; b = 4,5,6: U = 0, mean 4.5, variance 9/12 × 7 = 5.25,
        // z = (0 − 4.5 + 0.5) / √5.25 = −1.7457, p = erfc(1.7457 / √2) = 0.0809.
        let r = try #require(MannWhitney.test([1, 2, 3], [4, 5, 6]))
        #expect(r.u == 0)
        #expect(abs(r.z - (-4 / 5.25.squareRoot())) < 1e-12)
        #expect(abs(r.pValue - 0.08086) < 1e-4)
    }

    @Test func mannWhitneyTiesAndIdenticalSamples() throws {
        #expect(MannWhitney.test([5, 5, 5], [5, 5, 5])?.pValue == 1)
        // Ranks of 1,2,2,3 are 1, 2.5, 2.5, 4: a = [1, 2] has rank sum 3.5, U = 0.5.
        #expect(MannWhitney.test([1, 2], [2, 3])?.u == 0.5)
        #expect(MannWhitney.test([], [1]) == nil)
    }

    /// A paired ratio of `strategy` to `y` on `profile`, with its interval.
    static func ratio(
        _ strategy: String, _ profile: String, _ low: Double, _ value: Double, _ high: Double,
        yardstick y: String = "b"
    ) -> CellRatio {
        CellRatio(
            profile: profile, group: "g", strategy: strategy, yardstick: y,
            ratio: PairedRatio(value: value, low: low, high: high, pairs: 30, generations: 3))
    }

    static let knobs = ["p0": "elements=10;unrelated=0.0", "p5": "elements=10;unrelated=0.5", "p9": "elements=10;unrelated=1.0"]

    @Test func crossoverNeedsIntervalsClearOfOneOnBothSidesAndComesWithARange() throws {
        // 0.5× (clear below), 1.0× (straddles: decides nothing), 2.0× (clear above): crosses between
        // 0 and 1, at the log-linear midpoint 0.5.
        let ratios = [
            Self.ratio("a", "p0", 0.45, 0.5, 0.55), Self.ratio("a", "p5", 0.9, 1.0, 1.1),
            Self.ratio("a", "p9", 1.8, 2.0, 2.2),
        ]
        let crossover = try #require(Crossover.all(ratios: ratios, knobsByProfile: Self.knobs).first)
        #expect(crossover.knob == "unrelated")
        #expect(crossover.crossings == [Crossover.Crossing(from: 0, to: 1, estimate: 0.5)])
        #expect(crossover.summary == "a vs b: crosses between unrelated 0 and 1 (≈ 0.5)")
    }

    /// The crossover the old report declared from medians (0.89×, 1.03×, 1.11× along the sizes):
    /// paired intervals that contain 1 at every point support no crossover.
    @Test func noCrossoverWhenEveryIntervalContainsOne() throws {
        let ratios = [
            Self.ratio("a", "p0", 0.85, 0.89, 1.01), Self.ratio("a", "p5", 0.98, 1.03, 1.08),
            Self.ratio("a", "p9", 0.99, 1.11, 1.25),
        ]
        let c = try #require(Crossover.all(ratios: ratios, knobsByProfile: Self.knobs).first)
        #expect(c.crossings.isEmpty)
        #expect(c.summary == "a vs b: no crossover the intervals support (unrelated 0…1)")
    }

    @Test func oneSideThroughoutOrEqualThroughout() throws {
        let slower = [Self.ratio("a", "p0", 3, 3.1, 3.2), Self.ratio("a", "p5", 4, 4.1, 4.2), Self.ratio("a", "p9", 5, 5.1, 5.2)]
        #expect(Crossover.all(ratios: slower, knobsByProfile: Self.knobs).first?.summary == "a vs b: slower throughout (unrelated 0…1)")
        let same = [
            Self.ratio("a", "p0", 0.99, 1, 1.01), Self.ratio("a", "p5", 0.995, 1.0, 1.012),
            Self.ratio("a", "p9", 0.99, 1.0, 1.01),
        ]
        #expect(
            Crossover.all(ratios: same, knobsByProfile: Self.knobs).first?.summary == "a vs b: no difference throughout (unrelated 0…1)")
        // Fewer than three points of a sweep: no analysis.
        #expect(Crossover.all(ratios: Array(slower.prefix(2)), knobsByProfile: Self.knobs).isEmpty)
    }

    @Test func scalingExponent() throws {
        #expect(abs(Scaling.exponent([(1, 1), (10, 10), (100, 100)])! - 1) < 1e-12)
        #expect(abs(Scaling.exponent([(1, 3), (10, 300)])! - 2) < 1e-12)
        #expect(Scaling.exponent([(5, 1), (5, 2)]) == nil)
    }

    @Test func hierarchicalBootstrapSpansTheForks() throws {
        // Two generations far apart: the interval must reach towards both, unlike pooled resampling alone.
        let generations: [[Double]] = [Array(repeating: 10, count: 10), Array(repeating: 20, count: 10)]
        let (low, high) = Bootstrap.hierarchicalMedianInterval(generations, resamples: 1_000, seed: 3)
        #expect(low == 10 && high == 20)
        #expect(Bootstrap.hierarchicalMedianInterval(generations, resamples: 1_000, seed: 3) == (low, high))
        let summary = try #require(Summary(generations: generations))
        #expect(summary.n == 20 && summary.median == 15)
    }
}

@Suite("Reports")
struct ReportTests {
    @Test func reportsAreWrittenAndSelfContained() throws {
        let run = try SyntheticRuns.run([
            .init(strategy: "synthesized", ratio: .one),
            .init(strategy: "handwritten", ratio: PairedRatio(value: 1.004, low: 0.995, high: 1.012, pairs: 40, generations: 8)),
            .init(strategy: "broken", outcome: .wrongOutput),
        ])
        let dir = run.source.deletingLastPathComponent()
        let files = try ReportFiles.write(ReportDocument(run: run, facts: StrategyFacts(references: ["synthesized"])), into: dir)
        #expect(files.map(\.lastPathComponent) == ["report.md", "report.html", "benchmark-action.json"])
        let md = try String(contentsOf: dir.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(md.contains("### g") && md.contains("| synthesized (ref) | small | ok |"))
        #expect(md.contains("| vs synthesized: 1.004× (0.995–1.012) | no difference |") && md.contains("broken on small**: wrong-output"))
        #expect(md.contains("| synthesized (ref) | small | ok |") && md.contains("| yardstick | - |"))
        let html = try String(contentsOf: dir.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(html.contains("<svg") && !html.contains("<script"))
        #expect(!html.contains("https://") && !html.contains("src="))
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("benchmark-action.json")))
        let entries = try #require(json as? [[String: Any]])
        #expect(entries.count == 4)  // wall time and allocations of the two ok cells
        #expect(entries.allSatisfy { $0["name"] is String && $0["unit"] is String && $0["value"] is Double })
    }

    /// A debug build's report says so before anything else; a release build's has no such line.
    @Test func aDebugRunsReportOpensBySayingItDescribesADebugBuild() throws {
        let release = try SyntheticRuns.run([.init(strategy: "synthesized"), .init(strategy: "handwritten")])
        var debugBuild = release.provenance
        debugBuild.buildConfiguration = "debug"
        let debug = RecordedRun(source: release.source, provenance: debugBuild, records: release.records, samples: release.samples)
        let md = MarkdownReport.render(ReportDocument(run: debug)).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(md[0] == "# CodableBench run synthetic")
        #expect(md[2].hasPrefix("**This run describes a debug build: "))
        #expect(HTMLReport.render(ReportDocument(run: debug)).contains("<strong>This run describes a debug build: "))
        #expect(ReportDocument(run: release).buildHeadline == nil)
        #expect(!MarkdownReport.render(ReportDocument(run: release)).contains("describes a"))
    }

    /// Wide ratios are listed with what the reader can do about them; a run without any has neither.
    @Test func wideRatiosComeWithWhatToDo() throws {
        var run = try SyntheticRuns.run([.init(strategy: "synthesized"), .init(strategy: "handwritten")])
        let facts = StrategyFacts(references: ["synthesized"])
        func ratio(_ low: Double, _ high: Double) -> [CellRatio] {
            [
                CellRatio(
                    profile: "small", group: "g", strategy: "handwritten", yardstick: "synthesized",
                    ratio: PairedRatio(value: 1, low: low, high: high, pairs: 8, generations: 4))
            ]
        }
        run = run.with(ratios: ratio(0.95, 1.05))
        let md = MarkdownReport.render(ReportDocument(run: run, facts: facts))
        #expect(
            md.contains(
                "1 of 1 paired ratios have a 95% interval wider than ±2%:\n\n\(ReportWarning.wideRatioAdvice.markdown)\n\n"
                    + "- handwritten vs synthesized on small"))
        let html = HTMLReport.render(ReportDocument(run: run, facts: facts))
        #expect(html.contains("</summary><p>An interval narrows about as the square root"))
        run = run.with(ratios: ratio(0.995, 1.005))
        #expect(!MarkdownReport.render(ReportDocument(run: run, facts: facts)).contains("benchmarks across"))
    }

    /// A run spent much in the machine's slow state says so, profile by profile; a steadier one,
    /// and a run before paired measurement (no ratios), do not.
    @Test func aRunMuchInTheSlowStateIsSaidWithItsProfiles() throws {
        let base = try SyntheticRuns.run([.init(strategy: "synthesized"), .init(strategy: "handwritten")])
        let facts = StrategyFacts(references: ["synthesized"])
        func run(slowOfTen: Int, ratios: Bool = true) -> RecordedRun {
            SyntheticRuns.withSamples(of: base, slowOfTenOnSmall: slowOfTen, ratios: ratios)
        }
        let md = MarkdownReport.render(ReportDocument(run: run(slowOfTen: 6), facts: facts))  // 6 of 20 samples
        #expect(
            md.contains(
                "the machine ran in the slow state in 30.0% of the timing samples (more than 20% above their cell's fastest tenth): "
                    + "intervals are wider than in a steadier run:\n\n\(ReportWarning.slowStateAdvice.markdown)\n\n"
                    + "- small: 60.0% of 10 samples\n- medium: 0.0% of 10 samples\n"), "\(md)")
        #expect(!MarkdownReport.render(ReportDocument(run: run(slowOfTen: 2), facts: facts)).contains("slow state"))  // 10%
        #expect(run(slowOfTen: 6, ratios: false).slowState == nil)
        #expect(
            CompareCommand.slowStateLine(run(slowOfTen: 6), run(slowOfTen: 0))?.hasPrefix(
                "the machine ran in its slow state in 30.0% of the baseline's timing samples and 0.0% of the current's") == true)
        #expect(CompareCommand.slowStateLine(run(slowOfTen: 6), run(slowOfTen: 0, ratios: false)) == nil)
    }

    /// Each throughput is shown as a fraction of the limits measured on the same payload.
    @Test func throughputIsShownAsAFractionOfMemcpyAndSimdjson() throws {
        let run = try SyntheticRuns.run([
            .init(strategy: "synthesized", wall: Array(repeating: 1_000_000, count: 10)),  // 100 MB/s
            .init(strategy: "ref-memcpy", wall: Array(repeating: 25_000, count: 10)),  // 4000 MB/s
            .init(strategy: "ref-simdjson", wall: Array(repeating: 250_000, count: 10)),  // 400 MB/s
            .init(strategy: "other", profile: "medium", wall: Array(repeating: 1_000_000, count: 10)),
        ])
        let facts = StrategyFacts(references: ["synthesized"])
        let md = MarkdownReport.render(ReportDocument(run: run, facts: facts))
        #expect(md.contains("| MB/s | of memcpy | of simdjson | allocs |"))
        #expect(md.contains("| 100.0 | 2.5% | 25.0% |"), "\(md)")
        #expect(md.contains("| other | medium | ok |") && md.contains("| 100.0 | - | - |"))  // no limit on that payload
        let html = HTMLReport.render(ReportDocument(run: run, facts: facts))
        #expect(html.contains("<th>of memcpy</th><th>of simdjson</th>") && html.contains("<td class=\"n\">25.0%</td>"))
        // Without the limits in the run, the columns are left out.
        let plain = try SyntheticRuns.run([.init(strategy: "synthesized")])
        #expect(!MarkdownReport.render(ReportDocument(run: plain)).contains("of memcpy"))
    }
}
