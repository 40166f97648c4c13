import CodableBenchAnalysis
import CodableBenchHarness
import Foundation

/// `compare`'s changes as the terminal shows them.
extension RunComparison {
    /// A plain-text table of the changes, with a one-line tally.
    func render() -> String {
        var lines = ["cell | metric | baseline | current | change | p | verdict", "---|---|---|---|---|---|---"]
        func number(_ value: Double?, _ metric: Metric) -> String {
            guard let value else { return "-" }
            return metric.isTiming ? Terminal.time(value) : String(format: "%.0f", value)
        }
        for c in changes {
            let change = c.relativeChange.map { String(format: "%+.2f%%", $0 * 100) } ?? "-"
            let p = c.pValue.map { String(format: "%.3g", $0) } ?? "-"
            let metric = c.metric == .none ? "-" : c.metric.rawValue
            lines.append(
                "\(c.cell) | \(metric) | \(number(c.baseline, c.metric)) | \(number(c.current, c.metric)) | \(change) | \(p) | \(c.verdict.rawValue)\(c.note.isEmpty ? "" : " (\(c.note))")"
            )
        }
        let tally = Dictionary(grouping: changes, by: \.verdict).map { "\($0.value.count) \($0.key.rawValue)" }.sorted()
        lines.append("")
        lines.append(
            "\(changes.count) comparisons (timings compared on their \(timingStatistic.rawValue)): "
                + tally.joined(separator: ", "))
        lines += notes.map { "note: \($0)" }
        return lines.joined(separator: "\n")
    }
}
