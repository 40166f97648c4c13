import Foundation
import CodableBenchCore
import CodableBenchAnalysis
import CodableBenchHarness

/// The A/B gate's verdicts as its Markdown summary (ab.md, a pull request's comment).
extension ABGate {
    /// After a high slow-state share: what it means for this gate.
    static let slowStateAdvice =
        ": time intervals are wider than in a steadier run, so a small change in time is less likely to be seen; "
        + "the exact measures are not affected."

    /// The verdict in the title: what the exit status says.
    var title: String {
        switch exitStatus {
        case 0: return "passed"
        case 1: return "regression"
        default: return "cannot tell"
        }
    }

    /// What the exact measures were, as their source makes them: callgrind's, the same on every
    /// run of a build; or the CPU's instruction counter, which is not, and may read 0.
    func exactIntroduction(_ exactPercent: String) -> String {
        if counterReadZero {
            return "The CPU's instruction counter read 0 in every cell (a virtual machine that does not pass it to its guest, "
                + "as GitHub's macOS runners): no exact measure in this run; time alone decides. "
        }
        if exactFromCounter {
            return "First the exact measure: instructions per decode from the CPU's instruction counter, read around ten "
                + "decodes of a whole process (macOS; no simulated cycles, no breakdown), not the same on every run; a cell "
                + "changed when it moved beyond ±\(exactPercent), this counter's default. "
        }
        return "First the exact measures, the same on every run of a build: instructions and simulated cycles "
            + "per decode (callgrind; caches \(SimulatedCycles.geometry)), leaving out the Swift runtime's "
            + "hash-map probes, which follow the binary's layout; a cell changed when either moved "
            + "beyond ±\(exactPercent). "
    }

    /// A summary that fits a pull-request comment.
    func markdown(provenance: Provenance) -> String {
        let percent = Self.percent(threshold), exactPercent = Self.percent(exactThreshold)
        var out = [
            "## CodableBench A/B: \(title)", "",
            "\(cellsCompared) cells, each measured by the baseline build's worker and this build's "
                + "(\(provenance.os), \(provenance.swiftVersion), commit \(provenance.gitCommit.prefix(12))). "
                + exactIntroduction(exactPercent)
                + "Then time, paired in lockstep: a cell is slower or faster when its ratio's "
                + "95% interval lies wholly beyond ±\(percent), and a slower cell is measured again in fresh processes "
                + "and fails only if that confirms it. Outcomes and allocation counts must match (tolerances as `check`)."
                + (slowState.map { " The machine ran in \($0.text)" + ($0.isHigh ? Self.slowStateAdvice : ".") } ?? "")
                + (timingCanary.map { " Canary: \($0.sentence)." } ?? ""),
            "",
        ]
        func section(_ title: String, _ lines: [String]) {
            guard !lines.isEmpty else { return }
            out += ["### \(title)", ""] + lines.map { "- \($0)" } + [""]
        }
        let byCell = Dictionary(exact.map { ($0.cell, $0) }, uniquingKeysWith: { a, _ in a })
        section("More instructions or simulated cycles (beyond ±\(exactPercent))", exactIncreases.map(Self.exactLines))
        section("Slower in time (confirmed)", slower.map(\.line))
        section("Regressions in outcomes and counts", counts.regressions.map(\.line))
        section(
            "Declared changes (named by the commit; not failed)",
            declaredCells.map { cell, reason in
                (byCell[cell].map(Self.exactLines) ?? "\(cell)") + "\n  declared: \(reason)"
            })
        section(
            "Declared, but not seen changing",
            unusedDeclarations.map { "`\($0.strategy)`\($0.profile.map { " on \($0)" } ?? ""): \($0.reason)" })
        section("Not confirmed (slower at first, within ±\(percent) when measured again; not failed)", notConfirmed.map(\.line))
        section("Fewer instructions or simulated cycles", exactDecreases.map(Self.exactLines))
        section("Faster in time", faster.map(\.line))
        section("Fewer allocations", counts.improvements.map(\.line))
        section(
            "Cannot tell in time at ±\(percent) (interval wider than the threshold)",
            cannotTell.map { finding in
                finding.line
                    + (byCell[finding.cell].map { "; exact: " + Self.changeText($0) } ?? "; no exact measure: not judged")
            })
        section("Only in this build (not compared)", onlyInCurrent)
        section("Only in the baseline build (not compared)", onlyInBaseline)
        out += [conclusion(exactPercent: exactPercent, percent: percent), ""]
        return out.joined(separator: "\n")
    }

    /// What the gate saw and could not see, in one paragraph: never "no change" about cells whose
    /// intervals were too wide to see one.
    private func conclusion(exactPercent: String, percent: String) -> String {
        let timed = judgedInTime + cannotTell.count
        let exactText =
            exact.isEmpty
            ? "Exact measures: not measured in this run (`ab --no-exact`, or valgrind missing)."
            : exactIncreases.isEmpty && exactDecreases.isEmpty
                ? "Exact measures: none of the \(exact.count) cells moved beyond ±\(exactPercent) in instructions or simulated cycles."
                : "Exact measures: \(exactIncreases.count + exactDecreases.count) of \(exact.count) cells moved beyond ±\(exactPercent) (undeclared)."
        var timeText = "Time: \(judgedInTime) of \(timed) cells judged at ±\(percent)"
        if let timingCanaryFailure {
            timeText = "Time: not judged, because \(timingCanaryFailure) (exit status 4)."
        } else if cannotTell.isEmpty {
            timeText += "."
        } else {
            let undecided = self.undecided.count
            timeText +=
                "; \(cannotTell.count) could not be told apart at ±\(percent) (intervals wider than the threshold)"
                + (undecided == 0
                    ? ", each decided by the exact measures instead."
                    : ", \(undecided) of them with no exact measure: not judged (exit status 4). A longer budget "
                        + "(`--budget`), a steadier machine or the exact measures would decide them.")
        }
        return exactText + " " + timeText
    }

    /// A flagged cell: both measures, and where the difference went.
    static func exactLines(_ change: ExactChange) -> String {
        var line = "\(change.cell): " + changeText(change)
        func shifts(_ list: [ExactChange.Shift], count: Int) -> String {
            list.prefix(count).map { shift in
                "\(shift.name) \(signed(shift.instructions)) instructions, \(signed(shift.cycles)) cycles"
            }.joined(separator: "; ")
        }
        if let leftOut = change.leftOut, leftOut.instructions != 0 || leftOut.cycles != 0 {
            line +=
                "\n  left out: the runtime's hash-map probes, which follow the binary's layout: "
                + "\(signed(leftOut.instructions)) instructions, \(signed(leftOut.cycles)) cycles"
        }
        if !change.categories.isEmpty {
            line += "\n  by category: " + shifts(change.categories, count: 3)
            line +=
                "\n  by function: "
                + shifts(change.functions.map { .init(name: "`\($0.name)`", instructions: $0.instructions, cycles: $0.cycles) }, count: 5)
        }
        return line
    }

    /// "instructions +0.31% (12,664,001 → 12,703,260), simulated cycles +0.29% (…)".
    static func changeText(_ change: ExactChange) -> String {
        func measure(_ name: String, _ measure: ExactChange.Measure) -> String {
            "\(name) " + String(format: "%+.3f%%", measure.change * 100)
                + " (\(grouped(measure.baseline)) → \(grouped(measure.current)))"
        }
        return measure("instructions", change.instructions)
            + (change.cycles.map { ", " + measure("simulated cycles", $0) } ?? "")
    }

    static func percent(_ fraction: Double) -> String { String(format: "%g%%", fraction * 100) }

    static func signed(_ count: Int) -> String { (count >= 0 ? "+" : "−") + grouped(abs(count)) }

    /// 12664001 → "12,664,001".
    static func grouped(_ count: Int) -> String {
        let digits = String(abs(count))
        let groups = stride(from: digits.count, to: 0, by: -3).map { end in
            String(digits[digits.index(digits.startIndex, offsetBy: max(0, end - 3))..<digits.index(digits.startIndex, offsetBy: end)])
        }
        return (count < 0 ? "-" : "") + groups.reversed().joined(separator: ",")
    }
}
