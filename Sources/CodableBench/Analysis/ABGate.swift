import Foundation

/// The A/B gate: this build against a baseline build, both measured in one run (`ab`). Time is
/// judged on each cell's paired ratio to the baseline build's worker; outcomes and the
/// deterministic counts as `check` judges them (`Gate`, timing off).
struct ABGate {
    /// A cell whose paired ratio to the baseline lies wholly beyond the threshold.
    struct TimingFinding: Sendable {
        let cell: CellKey
        let ratio: PairedRatio
        var line: String { "\(cell): wall time \(ratio.text) of the baseline" }
    }

    let slower: [TimingFinding]
    let faster: [TimingFinding]
    let counts: Gate
    /// Cells measured in both builds, and strategies only one build has (listed, not failed).
    let cellsCompared: Int
    let onlyInCurrent: [String]
    let onlyInBaseline: [String]
    let threshold: Double

    /// Exit status as `check`: 0 pass, 1 regression.
    var exitStatus: Int32 { slower.isEmpty && counts.regressions.isEmpty ? 0 : 1 }

    /// `threshold`: a cell is slower when its ratio's whole interval lies above 1 + threshold,
    /// faster when it lies below 1 / (1 + threshold).
    init(
        current: RunData, baseline: RunData, tolerances: GateTolerances, threshold: Double,
        onlyInCurrent: [String] = [], onlyInBaseline: [String] = []
    ) throws {
        var untimed = tolerances
        untimed.timing.enabled = false
        counts = try Gate(baseline: baseline, current: current, tolerances: untimed)
        let findings = RunFindings(run: current).ratios.filter { $0.yardstick == CellResult.baselineYardstick }
            .map { TimingFinding(cell: CellKey(group: $0.group, strategy: $0.strategy, profile: $0.profile), ratio: $0.ratio) }
            .sorted { $0.cell < $1.cell }
        slower = findings.filter { $0.ratio.low > 1 + threshold }
        faster = findings.filter { $0.ratio.high < 1 / (1 + threshold) }
        cellsCompared = Set(current.rows.map(\.key)).intersection(baseline.rows.map(\.key)).count
        self.onlyInCurrent = onlyInCurrent
        self.onlyInBaseline = onlyInBaseline
        self.threshold = threshold
    }

    /// A summary that fits a pull-request comment.
    func markdown(provenance: Provenance) -> String {
        let percent = String(format: "%g%%", threshold * 100)
        var out = [
            "## CodableBench A/B: \(exitStatus == 0 ? "passed" : "regression")", "",
            "\(cellsCompared) cells, each measured by the baseline build's worker and this build's in lockstep "
                + "(\(provenance.os), \(provenance.swiftVersion), commit \(provenance.gitCommit.prefix(12))). "
                + "A cell is slower or faster when its paired ratio's 95% interval lies wholly beyond ±\(percent); "
                + "outcomes and allocation counts must match (tolerances as `check`).", "",
        ]
        func section(_ title: String, _ lines: [String]) {
            guard !lines.isEmpty else { return }
            out += ["### \(title)", ""] + lines.map { "- \($0)" } + [""]
        }
        section("Slower", slower.map(\.line))
        section("Regressions in outcomes and counts", counts.regressions.map(\.line))
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
