import Foundation
import CodableBenchCore
import CodableBenchHarness

/// The regression gate: compares a current run with a baseline and decides.
package struct Gate {
    package struct Finding: Sendable {
        let cell: CellKey
        let metric: String
        let baseline: String
        let current: String
        let message: String

        package var line: String { "\(cell): \(metric) \(baseline) → \(current) (\(message))" }
    }

    package let regressions: [Finding]
    package let improvements: [Finding]
    package let notes: [String]

    /// Exit status: 0 pass, 1 regression.
    package var exitStatus: Int32 { regressions.isEmpty ? 0 : 1 }

    package init(baseline: RecordedRun, current: RecordedRun, tolerances: GateTolerances) throws {
        let comparison = try RunComparison(baseline: baseline, current: current, tolerances: tolerances)
        var gate = Findings(notes: comparison.notes)
        gate.judge(comparison.changes, baseline: baseline, current: current, tolerances: tolerances)
        gate.judgeCanaries(baseline: baseline, current: current, tolerances: tolerances)
        gate.judgeRatios(baseline: baseline, current: current, tolerances: tolerances)
        regressions = gate.regressions
        improvements = gate.improvements
        notes = gate.notes
    }
}

/// What the gate finds, step by step: each cell's changes, the canaries, the paired ratios.
private struct Findings {
    var regressions: [Gate.Finding] = []
    var improvements: [Gate.Finding] = []
    var notes: [String]

    typealias Finding = Gate.Finding

    /// Each change `compare` found: a regression, an improvement or a note, at the tolerances.
    mutating func judge(_ changes: [MetricChange], baseline: RecordedRun, current: RecordedRun, tolerances: GateTolerances) {
        let outcomes = current.outcomes, baselineOutcomes = baseline.outcomes
        for change in changes {
            func finding(_ message: String) -> Finding {
                let format: (Double?) -> String = { value in
                    guard let value else { return "-" }
                    return change.metric.isTiming ? Terminal.time(value) : String(format: "%.0f", value)
                }
                let percent = change.relativeChange.map { String(format: " %+.2f%%", $0 * 100) } ?? ""
                return Finding(
                    cell: change.cell, metric: change.metric.rawValue, baseline: format(change.baseline),
                    current: format(change.current), message: message + percent)
            }
            switch change.verdict {
            case .gone:
                regressions.append(
                    Finding(
                        cell: change.cell, metric: "cell", baseline: "present", current: "missing",
                        message: "the baseline's cell did not run"))
            case .new:
                notes.append("\(change.cell): new cell, not in the baseline")
            case .outcomeChanged:
                regressions.append(
                    Finding(
                        cell: change.cell, metric: "outcome",
                        baseline: baselineOutcomes[change.cell]?.rawValue ?? "-",
                        current: outcomes[change.cell]?.rawValue ?? "-", message: "outcome changed"))
            case .more:
                let tolerance = change.tolerance ?? 0
                regressions.append(finding("above the \(String(format: "%.2f", tolerance * 100))% tolerance"))
            case .fewer:
                improvements.append(finding("improved"))
            case .slower where tolerances.timing.enabled && (change.relativeChange ?? 0) > tolerances.timing.relative:
                regressions.append(finding("significantly slower, beyond \(Int(tolerances.timing.relative * 100))%"))
            case .faster where tolerances.timing.enabled:
                improvements.append(finding("significantly faster"))
            default:
                break
            }
        }
    }

    /// Counts the run's counter misread on a known quantity are not counts to pass a gate with.
    mutating func judgeCanaries(baseline: RecordedRun, current: RecordedRun, tolerances: GateTolerances) {
        // A regression where the baseline's counts would have been compared (the same Foundation,
        // so the same platform and, on a Mac, OS version), a note where they would not have been.
        let sameFoundation = baseline.provenance.foundation == current.provenance.foundation
        let baselineCounts = baseline.records.contains { $0.summary(of: .allocations) != nil }
        if let canary = current.info?.allocationCanary, !canary.passed, !(sameFoundation && baselineCounts) {
            notes.append(
                "the allocation canary failed (\(canary.sentence)); no count of the baseline's would have been compared "
                    + (baselineCounts ? "(it ran on \(baseline.provenance.foundation))" : "(it has none)")
                    + ", so the gate does not fail on it")
        } else if let canary = current.info?.allocationCanary, !canary.passed {
            regressions.append(
                Finding(
                    cell: CellKey(group: AllocationCanary.group, strategy: "canary", profile: "canary"), metric: "allocations",
                    baseline: "\(canary.expected)", current: "\(canary.read)",
                    message: "the allocation canary failed: \(canary.sentence)"))
        }
        // Only where the tolerances gate an exact measure (the committed ones do not: the A/B gate does).
        let gatesExact = [Metric.instructions, .simulatedCycles].contains { tolerances.tolerance(for: $0, approximate: false) != nil }
        if let canary = current.info?.exactCanary, !canary.passed, !(gatesExact && sameFoundation) {
            notes.append(
                "the exact canary failed (\(canary.sentence)); no exact measure of the baseline's would have been gated, "
                    + "so it does not fail on it")
        } else if let canary = current.info?.exactCanary, !canary.passed {
            regressions.append(
                Finding(
                    cell: CellKey(group: AllocationCanary.group, strategy: "canary", profile: "canary"), metric: "instructions",
                    baseline: "a fixed loop's count", current: canary.read.map { $0.map(String.init) ?? "-" }.joined(separator: " "),
                    message: "the exact canary failed: \(canary.sentence)"))
        }
        let judgesTime = tolerances.timing.enabled || tolerances.ratio?.enabled == true
        if judgesTime, let canary = current.info?.timingCanary, canary.failed {
            regressions.append(
                Finding(
                    cell: CellKey(group: AllocationCanary.group, strategy: "canary", profile: "canary"), metric: "time",
                    baseline: "1.00× and 2.00×", current: "\(canary.sameWork.text) and \(canary.twiceTheWork.text)",
                    message: "the timing canary failed: \(canary.sentence)"))
        }
    }

    /// Each cell's paired ratio against the baseline's, where the tolerances gate it.
    mutating func judgeRatios(baseline: RecordedRun, current: RecordedRun, tolerances: GateTolerances) {
        if let gate = tolerances.ratio, gate.enabled {
            for change in RatioChange.all(baseline: baseline, current: current, relative: gate.relative) {
                let finding = Finding(
                    cell: change.cell, metric: "ratio", baseline: String(format: "%.3f", change.baseline.value),
                    current: String(format: "%.3f", change.current.value),
                    message: "paired ratio to \(change.yardstick), \(change.changeText)")
                if change.verdict == .slower { regressions.append(finding) }
                if change.verdict == .faster { improvements.append(finding) }
            }
        }
    }
}
