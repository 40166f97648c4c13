import Catalogue
@testable import CodableBench
@testable import CodableBenchAnalysis
@testable import CodableBenchCore
@testable import CodableBenchHarness
import Foundation
import Testing

/// The A/B gate's decisions on hand-made runs: paired ratios to the baseline build, and counts.
@Suite("A/B gate")
struct ABGateTests {
    static func ratio(_ value: Double, _ low: Double, _ high: Double) -> PairedRatio {
        PairedRatio(value: value, low: low, high: high, pairs: 20, generations: 20)
    }

    static func cell(_ strategy: String, _ ratio: PairedRatio?, allocations: Double = 3_000) -> SyntheticRuns.CellSpec {
        SyntheticRuns.CellSpec(strategy: strategy, allocations: allocations, ratio: ratio, ratioTo: "baseline")
    }

    static func gate(
        _ current: [SyntheticRuns.CellSpec], baseline: [SyntheticRuns.CellSpec],
        confirmation: [SyntheticRuns.CellSpec]? = nil
    ) throws -> ABGate {
        try ABGate(
            current: SyntheticRuns.run(current), baseline: SyntheticRuns.run(baseline), tolerances: .standard,
            threshold: 0.01, onlyInCurrent: ["new-strategy"], confirmation: try confirmation.map { try SyntheticRuns.run($0) })
    }

    /// Without callgrind (macOS), the exact measure is the CPU's counter: said so, with its own
    /// default threshold, and a counter that read 0 everywhere (a VM without it) said so too.
    @Test func theCountersExactMeasureIsNamedAsSuch() throws {
        func spec(_ instructions: Double) -> SyntheticRuns.CellSpec {
            var cell = Self.cell("a", Self.ratio(1.0, 0.99, 1.01))
            cell.instructions = instructions
            return cell
        }
        let counted = try Self.gate([spec(1_010_000)], baseline: [spec(1_000_000)])
        #expect(counted.exactFromCounter && !counted.counterReadZero)
        #expect(counted.exactIntroduction("2%").contains("the CPU's instruction counter"))
        let zero = try Self.gate([spec(0)], baseline: [spec(0)])
        #expect(zero.counterReadZero)
        #expect(zero.exactIntroduction("2%").hasPrefix("The CPU's instruction counter read 0 in every cell"))
        var callgrind = spec(1_000_000)
        callgrind.cycles = 1_500_000
        let simulated = try Self.gate([callgrind], baseline: [callgrind])
        #expect(!simulated.exactFromCounter && simulated.exactIntroduction("0.1%").contains("the same on every run of a build"))
        #expect(ABGate.defaultCounterThreshold > ABGate.defaultExactThreshold)
    }

    @Test func aSlowerCellFailsOnlyWhenMeasuringItAgainConfirmsIt() throws {
        let base = ["a", "b", "c"].map { Self.cell($0, nil) }
        let current = [
            Self.cell("a", Self.ratio(1.03, 1.02, 1.04)), Self.cell("b", Self.ratio(1.06, 1.02, 1.10)),
            Self.cell("c", Self.ratio(1.05, 1.02, 1.08)),
        ]
        let gate = try Self.gate(
            current, baseline: base,
            confirmation: [
                Self.cell("a", Self.ratio(1.04, 1.03, 1.05)),  // confirmed
                Self.cell("b", Self.ratio(1.0, 0.99, 1.012)),  // reaches below 1.01: not confirmed
                // c: the confirmation has no ratio for it (its workers failed): stays flagged
            ])
        #expect(gate.slower.map(\.cell.strategy) == ["a", "c"])
        #expect(gate.notConfirmed.map(\.cell.strategy) == ["b"])
        #expect(gate.exitStatus == 1)
        let md = gate.markdown(provenance: SyntheticRuns.provenance)
        #expect(md.contains("- a on small: wall time 1.030× (1.020–1.040) of the baseline; measured again: 1.040× (1.030–1.050)"), "\(md)")
        #expect(
            md.contains(
                "### Not confirmed (slower at first, within ±1% when measured again; not failed)\n\n"
                    + "- b on small: wall time 1.060× (1.020–1.100) of the baseline; measured again: 1.000× (0.990–1.012)"))
        let noneConfirmed = try Self.gate(
            [current[1]], baseline: [base[1]], confirmation: [Self.cell("b", Self.ratio(1.0, 0.99, 1.012))])
        #expect(noneConfirmed.exitStatus == 0 && noneConfirmed.slower.isEmpty)
        #expect(noneConfirmed.markdown(provenance: SyntheticRuns.provenance).hasPrefix("## CodableBench A/B: passed"))
    }

    @Test func aCellIsSlowerOnlyWhenItsWholeIntervalLiesBeyondTheThreshold() throws {
        let base = ["a", "b", "c", "d"].map { Self.cell($0, nil) }
        let gate = try Self.gate(
            [
                Self.cell("a", Self.ratio(1.03, 1.02, 1.04)),  // slower
                Self.cell("b", Self.ratio(1.02, 1.005, 1.035)),  // straddles 1.01: cannot tell
                Self.cell("c", Self.ratio(0.95, 0.94, 0.96)),  // faster
                Self.cell("d", Self.ratio(1.0, 0.995, 1.005)),  // within ±1%
            ], baseline: base)
        #expect(gate.slower.map(\.cell.strategy) == ["a"])
        #expect(gate.faster.map(\.cell.strategy) == ["c"])
        #expect(gate.cannotTell.map(\.cell.strategy) == ["b"])
        #expect(gate.exitStatus == 1 && gate.cellsCompared == 4)
        let md = gate.markdown(provenance: SyntheticRuns.provenance)
        #expect(md.hasPrefix("## CodableBench A/B: regression"))
        #expect(md.contains("### Slower in time (confirmed)\n\n- a on small: wall time 1.030× (1.020–1.040) of the baseline"))
        #expect(md.contains("### Faster in time\n\n- c on small") && md.contains("### Only in this build (not compared)\n\n- new-strategy"))
        #expect(md.contains("Time: 3 of 4 cells judged at ±1%; 1 could not be told apart at ±1%"), "\(md)")
    }

    @Test func equalBuildsPassAndCountsAreGatedExactly() throws {
        let base = [Self.cell("a", nil), Self.cell("b", nil)]
        let same = try Self.gate(
            [Self.cell("a", Self.ratio(1.0, 0.995, 1.005)), Self.cell("b", Self.ratio(1.0, 0.98, 1.02))], baseline: base)
        #expect(same.exitStatus == 4 && same.slower.isEmpty && same.counts.regressions.isEmpty)
        let text = same.markdown(provenance: SyntheticRuns.provenance)
        #expect(text.contains("Exact measures: not measured in this run"), "\(text)")
        // b's interval reaches 1.02: too wide for ±1%, and with no exact measure it is judged by neither.
        #expect(text.contains("Time: 1 of 2 cells judged at ±1%; 1 could not be told apart") && !text.contains("No cell changed"))
        // One more allocation per element: 30 articles, +1% of 3000, beyond the 0.5% tolerance.
        let more = try Self.gate([Self.cell("a", Self.ratio(1.0, 0.99, 1.01), allocations: 3_030), Self.cell("b", nil)], baseline: base)
        #expect(more.exitStatus == 1 && more.slower.isEmpty)
        #expect(more.counts.regressions.map(\.metric) == ["allocations"])
    }

    @Test func abMdSaysHowMuchOfTheRunWasInTheSlowState() throws {
        let base = try SyntheticRuns.run([Self.cell("a", nil)])
        let plain = try SyntheticRuns.run([Self.cell("a", Self.ratio(1.0, 0.99, 1.01))])
        func markdown(_ current: RecordedRun) throws -> String {
            try ABGate(current: current, baseline: base, tolerances: .standard, threshold: 0.01)
                .markdown(provenance: SyntheticRuns.provenance)
        }
        // 3 of small's 10 samples 1.5× its 10th percentile, none of medium's: 3 of 20.
        let slow = try markdown(SyntheticRuns.withSamples(of: plain, slowOfTenOnSmall: 3))
        #expect(
            slow.contains(
                "The machine ran in the slow state in 15.0% of the timing samples (more than 20% above their cell's fastest tenth)"
                    + ABGate.slowStateAdvice))
        let steady = try markdown(SyntheticRuns.withSamples(of: plain, slowOfTenOnSmall: 1))
        #expect(steady.contains("in 5.0% of the timing samples (more than 20% above their cell's fastest tenth)."))
        #expect(!steady.contains(ABGate.slowStateAdvice))
        #expect(try !markdown(plain).contains("slow state"))
    }

    @Test func theCurrentListIsReadBackAsTheCatalogue() throws {
        let catalogue = Set(Catalogue.all.filter { !$0.isHidden }.map(\.id))
        #expect(try BaselineBuild.strategyIDs(of: TestSupport.executable) == catalogue)
        let ids = try TestSupport.run(["list", "--ids", "--all"])
        #expect(ids.stdout.split(separator: "\n").count == Catalogue.all.count)
    }

    @Test func abRejectsABaselineThatIsNotAnExecutable() throws {
        let execution = try TestSupport.run(["ab", "--baseline", "/nonexistent/benchmarks", "--allow-debug"])
        #expect(execution.status == 2)
        #expect(execution.stderr == "error: --baseline /nonexistent/benchmarks is not an executable file\n")
    }

    /// This build against itself: the baseline's samples are kept beside its rows, numbered in the
    /// same lockstep sequences as this build's, so every pair can be rebuilt from the files
    /// (`Documentation/studies/aa-coverage.sh` does).
    @Test func abKeepsTheBaselinesSamplesInTheSameSequences() throws {
        let out = try TestSupport.temporaryDirectory()
        let execution = try TestSupport.run([
            "ab", "--baseline", TestSupport.executable.path, "--allow-debug", "--quick", "--no-count", "--no-confirm",
            "--strategy", "ref-memcpy", "--profile", "tiny", "--out", out.path,
        ])
        // An A/A of a noisy copy may flag a cell (exit 1) by chance, or, where nothing counts
        // instructions (darwin-sim, no valgrind), leave a too-wide interval judged by neither
        // measure (exit 4); whichever it is, the exit status and ab.md must say the same thing,
        // and nothing else (2, a crash) is accepted.
        let run = out.appendingPathComponent("latest")
        let summary = try String(contentsOf: run.appendingPathComponent("ab.md"), encoding: .utf8)
        switch execution.status {
        case 0: #expect(summary.contains("## CodableBench A/B: passed"), "\(summary)")
        case 1: #expect(summary.contains("slower"), "\(summary)")
        case 4: #expect(summary.contains("## CodableBench A/B: cannot tell") && summary.contains("(exit status 4)"), "\(summary)")
        default: Issue.record("ab ended \(execution.status): \(execution.stderr)")
        }
        let this = try SamplesCSV.read(run.appendingPathComponent("samples.csv"))
        let baseline = try SamplesCSV.read(run.appendingPathComponent("baseline/samples.csv"))
        #expect(!this.isEmpty && !baseline.isEmpty)
        // In each generation, the two workers' samples take turns: no position is taken twice.
        for fork in Set(this.map(\.generation)) {
            let positions = (this + baseline).filter { $0.generation == fork }.compactMap(\.sequence)
            #expect(Set(positions).count == positions.count)
            #expect(Set(positions) == Set(positions.min()!...positions.max()!))
        }
    }
}
