import Foundation
import CodableBenchCore

/// The A/B gate: this build against a baseline build, both measured in one run (`ab`). Time is
/// judged on each cell's paired ratio to the baseline build's worker; outcomes and the
/// deterministic counts as `check` judges them (`Gate`, timing off).
///
/// A cell flagged slower is measured again, alone, in fresh processes (the confirmation run) and
/// fails the gate only if that agrees. Over a catalogue of ~170 cells an unchanged build had a
/// cell flagged in 3 of 5 quick runs (each interval excludes the threshold by chance now and
/// then); two independent measurements that must both be wrong make that rare (0 of 5 with the
/// confirmation), while a real slowdown shows in both.
package struct ABGate {
    /// A cell whose paired ratio to the baseline lies wholly beyond the threshold, with what the
    /// confirmation run measured, if there was one.
    package struct TimingFinding: Sendable {
        package let cell: CellKey
        let ratio: PairedRatio
        var confirmation: PairedRatio? = nil
        var line: String {
            // Three decimals: with a 1% threshold, "(1.01–1.03)" would not say on which side it lies.
            "\(cell): wall time \(ratio.preciseText) of the baseline"
                + (confirmation.map { "; measured again: \($0.preciseText)" } ?? "")
        }
    }

    package let slower: [TimingFinding]
    /// Flagged slower by the run, then not beyond the threshold when measured again (not failed).
    let notConfirmed: [TimingFinding]
    let faster: [TimingFinding]
    let counts: Gate
    /// Cells measured in both builds, and strategies only one build has (listed, not failed).
    let cellsCompared: Int
    let onlyInCurrent: [String]
    let onlyInBaseline: [String]
    let threshold: Double
    /// How much of this build's sampling the machine spent in its slow state (nil: no samples).
    let slowState: SlowState?

    /// Exit status as `check`: 0 pass, 1 regression.
    package var exitStatus: Int32 { slower.isEmpty && counts.regressions.isEmpty ? 0 : 1 }

    /// `threshold`: a cell is slower when its ratio's whole interval lies above 1 + threshold,
    /// faster when it lies below 1 / (1 + threshold).
    /// `confirmation`: the run that measured the flagged cells again (nil: none was made). A
    /// flagged cell the confirmation has no ratio for (its workers failed) stays flagged.
    package init(
        current: RunData, baseline: RunData, tolerances: GateTolerances, threshold: Double,
        onlyInCurrent: [String] = [], onlyInBaseline: [String] = [], confirmation: RunData? = nil
    ) throws {
        var untimed = tolerances
        untimed.timing.enabled = false
        counts = try Gate(baseline: baseline, current: current, tolerances: untimed)
        let findings = Self.ratios(in: current).sorted { $0.cell < $1.cell }
        let again = Dictionary(
            (confirmation.map(Self.ratios) ?? []).map { ($0.cell, $0.ratio) }, uniquingKeysWith: { first, _ in first })
        let flagged = findings.filter { $0.ratio.low > 1 + threshold }.map { finding in
            var measuredAgain = finding
            measuredAgain.confirmation = again[finding.cell]
            return measuredAgain
        }
        slower = flagged.filter { $0.confirmation.map { $0.low > 1 + threshold } ?? true }
        notConfirmed = flagged.filter { $0.confirmation.map { $0.low <= 1 + threshold } ?? false }
        faster = findings.filter { $0.ratio.high < 1 / (1 + threshold) }
        cellsCompared = Set(current.rows.map(\.key)).intersection(baseline.rows.map(\.key)).count
        self.onlyInCurrent = onlyInCurrent
        self.onlyInBaseline = onlyInBaseline
        self.threshold = threshold
        slowState = current.slowState
    }

    /// Each cell's paired ratio to the baseline build's worker.
    static func ratios(in run: RunData) -> [TimingFinding] {
        run.allRatios.filter { $0.yardstick == RatioRow.baselineYardstick }
            .map { TimingFinding(cell: CellKey(group: $0.group, strategy: $0.strategy, profile: $0.profile), ratio: $0.ratio) }
    }

    /// After a high slow-state share: what it means for this gate.
    static let slowStateAdvice =
        ": intervals are wider than in a steadier run, so a small change is less likely to be seen; "
        + "run again when the machine is steadier if the verdict matters."

    /// A summary that fits a pull-request comment.
    package func markdown(provenance: Provenance) -> String {
        let percent = String(format: "%g%%", threshold * 100)
        var out = [
            "## CodableBench A/B: \(exitStatus == 0 ? "passed" : "regression")", "",
            "\(cellsCompared) cells, each measured by the baseline build's worker and this build's in lockstep "
                + "(\(provenance.os), \(provenance.swiftVersion), commit \(provenance.gitCommit.prefix(12))). "
                + "A cell is slower or faster when its paired ratio's 95% interval lies wholly beyond ±\(percent); "
                + "a slower cell is measured again in fresh processes and fails only if that confirms it. "
                + "Outcomes and allocation counts must match (tolerances as `check`)."
                + (slowState.map { " The machine ran in \($0.text)" + ($0.isHigh ? Self.slowStateAdvice : ".") } ?? ""),
            "",
        ]
        func section(_ title: String, _ lines: [String]) {
            guard !lines.isEmpty else { return }
            out += ["### \(title)", ""] + lines.map { "- \($0)" } + [""]
        }
        section("Slower", slower.map(\.line))
        section("Regressions in outcomes and counts", counts.regressions.map(\.line))
        section("Not confirmed (slower at first, within ±\(percent) when measured again; not failed)", notConfirmed.map(\.line))
        section("Faster", faster.map(\.line))
        section("Fewer allocations", counts.improvements.map(\.line))
        section("Only in this build (not compared)", onlyInCurrent)
        section("Only in the baseline build (not compared)", onlyInBaseline)
        if slower.isEmpty && faster.isEmpty && counts.regressions.isEmpty && counts.improvements.isEmpty {
            out += ["No cell changed beyond ±\(percent) in time, and no outcome or count changed.", ""]
        }
        return out.joined(separator: "\n")
    }
}
