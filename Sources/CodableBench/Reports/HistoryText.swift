import CodableBenchCore
import CodableBenchAnalysis
import CodableBenchHarness
import Foundation

/// `history show`: each matching cell's figure and time ratios, one line a run, oldest first.
struct HistorySeriesText {
    let runs: [HistoryEntry]

    func render(matching include: (CellKey) -> Bool, cpu: String?, metric: Metric) -> String {
        let cells = Set(runs.flatMap { $0.figures.keys }).filter(include).sorted()
        return cells.compactMap { cell -> String? in
            var lines: [String] = []
            let figures = runs.compactMap { run in run.figures[cell]?[metric].map { (run, $0) } }
            if !figures.isEmpty {
                lines.append("  \(metric.rawValue) (\(metric.unit)):")
                lines += figures.map { run, figure in
                    "    \(Self.point(run))  "
                        + (metric.isDeterministic
                            ? ABGate.grouped(Int(figure.median.rounded()))
                            : String(format: "%.4g (%.4g–%.4g)", figure.median, figure.low, figure.high))
                }
            }
            // Time ratios by yardstick and CPU: figures of different CPUs are never one series.
            let ratios = runs.flatMap { run in
                run.ratios.filter { $0.strategy == cell.strategy && $0.profile == cell.profile }.map { (run, $0) }
            }
            let byCPU = Dictionary(grouping: ratios) { "\($0.1.yardstick) on \($0.0.provenance.timedOn.label)" }
            for (heading, points) in byCPU.sorted(by: { $0.key < $1.key })
            where cpu.map({ heading.contains($0) }) ?? true {
                lines.append("  ratio to \(heading):")
                lines += points.map { run, ratio in
                    "    \(Self.point(run))  "
                        + String(format: "%.3f (%.3f–%.3f)", ratio.ratio.value, ratio.ratio.low, ratio.ratio.high)
                        + (ratio.state.map { ", \($0.rawValue) host" } ?? "")
                }
            }
            return lines.isEmpty ? nil : (["\(cell) (\(cell.group))"] + lines).joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    /// "2090351 2026-11-29 harness 0.11.0": which commit, when it ran, by which harness.
    static func point(_ run: HistoryEntry) -> String {
        "\(run.provenance.gitCommit.prefix(7)) \(run.provenance.time.prefix(10)) harness \(run.provenance.harnessVersion)"
    }
}

/// `history changes`: the exact steps and the time change points, each with its commit, size and
/// interval; which of them are new (after `--since`) and whether a declaration covers them.
struct HistoryChangesText {
    let changes: HistoryChanges
    let runs: Int
    /// The index in `changes.commits` of the first commit whose changes are new.
    let firstNew: Int
    let declared: [DeclaredChange]

    private func isNew(_ commit: String) -> Bool { (changes.commits.firstIndex(of: commit) ?? 0) >= firstNew }
    private func isDeclared(_ cell: CellKey) -> Bool { declared.contains { $0.covers(cell) } }

    /// How many new changes are not declared (exact) or not declarable (time, unless `exactOnly`).
    func failing(exactOnly: Bool) -> Int {
        changes.exactSteps.filter { isNew($0.commit) && !isDeclared($0.series.cell) }.count
            + (exactOnly ? 0 : changes.timeChanges.filter { isNew($0.commit) && !isDeclared($0.series.cell) }.count)
    }

    /// Steps listed per commit, largest first; `perCommit` of them unless `verbose`.
    func render(history: String, exactOnly: Bool, perCommit: Int = 5, verbose: Bool = false) -> String {
        var lines = ["history \(history): \(runs) run(s) of \(changes.commits.count) commit(s)", ""]
        lines.append(
            "exact measures and allocations, steps beyond the A/B gate's threshold between consecutive commits "
                + "(the Swift runtime's layout-following hash maps left out): \(changes.exactSteps.count)")
        let settings = Set(changes.exactSteps.map(\.series.setting))
        let byCommit = Dictionary(grouping: changes.exactSteps, by: \.commit)
        for commit in changes.commits where byCommit[commit] != nil {
            let steps = byCommit[commit]!.sorted { abs($0.change) > abs($1.change) }
            let declared = steps.filter { isDeclared($0.series.cell) }.count
            var heading =
                "  " + (isNew(commit) ? "[new] " : "") + "\(commit.prefix(7)) (after \(steps[0].previousCommit.prefix(7))): "
                + "\(steps.count) step(s), \(Self.range(steps.map(\.change)))"
            if isNew(commit), declared > 0 { heading += ", \(declared) declared" }
            let alsoChanged = Set(steps.flatMap(\.alsoChanged)).sorted()
            if !alsoChanged.isEmpty { heading += "; also changed: " + alsoChanged.joined(separator: ", ") }
            lines.append(heading)
            let shown = verbose ? steps : Array(steps.prefix(perCommit))
            lines += shown.map { "    " + exactLine($0, withSetting: settings.count > 1) }
            if shown.count < steps.count { lines.append("    … and \(steps.count - shown.count) more (--verbose lists them)") }
        }
        lines.append("")
        lines.append(
            "time ratios, E-divisive change points (p ≤ 0.001 by Student's t-test, as Otava), "
                + "each CPU's and setting's series apart: \(changes.timeChanges.count)")
        lines += changes.timeChanges.map {
            "  " + (isNew($0.commit) ? "[new] " : "") + "\($0.commit.prefix(7)): " + timeLine($0)
        }
        let failing = failing(exactOnly: exactOnly)
        lines.append("")
        if firstNew > 0 {
            lines.append(
                failing == 0
                    ? "no new change after \(changes.commits[firstNew - 1].prefix(7)) that a declaration does not cover"
                    : "\(failing) new change(s) after \(changes.commits[firstNew - 1].prefix(7)) that no declaration covers")
        } else {
            lines.append(failing == 0 ? "no change found" : "\(failing) change(s) that no declaration covers")
        }
        if exactOnly { lines.append("(time change points are listed; only exact ones decide the exit status: --exact-only)") }
        return lines.joined(separator: "\n")
    }

    /// Every change, one row each: the series named as `history export` names its columns
    /// (strategy/profile/metric, or strategy/profile/ratio-to-yardstick) and settings.
    var csv: String {
        var text = CSVFormat.line(["kind", "commit", "series", "setting", "before", "after", "change", "p_value", "new"])
        for step in changes.exactSteps {
            let cell = step.series.cell
            text += CSVFormat.line([
                "exact", step.commit, "\(cell.strategy)/\(cell.profile)/\(step.series.metric.rawValue)",
                "exact: \(step.series.setting)", "\(step.before)", "\(step.after)", "\(step.change)", "", "\(isNew(step.commit))",
            ])
        }
        for change in changes.timeChanges {
            let cell = change.series.cell
            text += CSVFormat.line([
                "time", change.commit, "\(cell.strategy)/\(cell.profile)/ratio-to-\(change.series.yardstick)",
                "time on \(change.series.cpu): \(change.series.setting)", "\(change.change.meanBefore)",
                "\(change.change.meanAfter)", "\(change.change.relativeChange)", "\(change.change.pValue)",
                "\(isNew(change.commit))",
            ])
        }
        return text
    }

    /// "−0.4% to +6.1%", or one figure.
    static func range(_ changes: [Double]) -> String {
        let low = changes.min()!, high = changes.max()!
        let format = { (change: Double) in String(format: "%+.2f%%", change * 100) }
        return low == high ? format(low) : "\(format(low)) to \(format(high))"
    }

    private func exactLine(_ step: HistoryChanges.ExactStep, withSetting: Bool) -> String {
        var line =
            "\(step.series.metric.rawValue) of \(step.series.cell) " + String(format: "%+.3f%%", step.change * 100)
            + " (\(ABGate.grouped(Int(step.before.rounded()))) → \(ABGate.grouped(Int(step.after.rounded()))))"
        if isNew(step.commit), isDeclared(step.series.cell) { line += " [declared]" }
        if withSetting { line += " (\(step.series.setting))" }
        if !step.functions.isEmpty {
            let byCycles = step.series.metric == .simulatedCycles
            line +=
                "; moved most: "
                + step.functions.map { "\($0.name) \(ABGate.signed(byCycles ? $0.cycles : $0.instructions))" }
                .joined(separator: ", ")
        }
        return line
    }

    private func timeLine(_ change: HistoryChanges.TimeChange) -> String {
        let c = change.change
        return "\(change.series.cell), ratio to \(change.series.yardstick), on \(change.series.cpu): "
            + String(
                format: "%.3f → %.3f (%+.1f%%; 95%% interval of the difference %+.1f%% to %+.1f%%), p = %.2g",
                c.meanBefore, c.meanAfter, c.relativeChange * 100, c.differenceLow / c.meanBefore * 100,
                c.differenceHigh / c.meanBefore * 100, c.pValue)
            + "; series of \(change.points) runs (\(change.series.setting))"
    }
}
