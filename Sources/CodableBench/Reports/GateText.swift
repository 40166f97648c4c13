import CodableBenchAnalysis
import CodableBenchHarness

/// `check`'s verdicts as the terminal shows them: one line per regression, improvement and note,
/// then whether the check passed.
extension Gate {
    func render() -> String {
        var lines: [String] = []
        lines += regressions.map { "REGRESSION \($0.line)" }
        lines += improvements.map { "improved   \($0.line)" }
        lines += notes.map { "note       \($0)" }
        if regressions.isEmpty {
            lines.append(
                "check passed"
                    + (improvements.isEmpty
                        ? "" : "; \(improvements.count) improvement(s): refresh the baseline with `benchmarks baseline update`"))
        } else {
            lines.append("check failed: \(regressions.count) regression(s)")
        }
        return lines.joined(separator: "\n")
    }
}
