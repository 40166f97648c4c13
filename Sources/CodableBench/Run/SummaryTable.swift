import Foundation

/// The table printed at the end of a run: one line per cell, grouped by question.
enum SummaryTable {
    static func render(_ results: [CellResult]) -> String {
        let header = [
            "group", "strategy", "profile", "outcome", "vs reference (paired)", "verdict", "median", "95% CI",
            "MB/s", "allocs", "alloc MB",
        ]
        var rows: [[String]] = []
        for result in results {
            let id = result.identity
            let outcome = result.verdict.outcome.rawValue + (result.isUnexpected ? " (unexpected)" : "")
            var cells = [id.group, id.strategy, id.profile, outcome]
            if let (_, ratio) = result.groupRatio {
                cells.append(ratio.preciseText)
                cells.append(
                    result.cell.strategy.isReference
                        ? "reference"
                        : SpeedVerdict(ratio, margin: SpeedVerdict.defaultMargin).rawValue)
            } else {
                cells += ["-", "-"]
            }
            if let wall = result.wallTimeSummary {
                let halfWidth = (wall.ci95High - wall.ci95Low) / 2 / wall.median * 100
                cells += [
                    Terminal.time(wall.median), String(format: "±%.1f%%", halfWidth),
                    result.median(.throughput).map { String(format: "%.1f", $0) } ?? "-",
                ]
            } else {
                cells += ["-", "-", "-"]
            }
            cells.append(result.median(.allocations).map { String(format: "%.0f", $0) } ?? "-")
            cells.append(result.median(.allocatedBytes).map { String(format: "%.2f", $0 / 1_000_000) } ?? "-")
            rows.append(cells)
        }
        let widths = header.indices.map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, text in
                let pad = String(repeating: " ", count: widths[index] - text.count)
                return index >= 6 || index == 4 ? pad + text : text + pad  // numbers right-aligned
            }.joined(separator: "  ")
        }
        var out = [line(header), line(widths.map { String(repeating: "-", count: $0) })]
        let note =
            "Ratios: paired with the group's reference, same moments, same CPU, 95% interval; "
            + "absolute times (median, MB/s) describe this machine at this time."
        out += rows.map(line)
        let failures = results.filter { !$0.verdict.outcome.isMeasured && !$0.verdict.detail.isEmpty }
        if !failures.isEmpty {
            out.append("")
            out += failures.map {
                "\($0.identity.strategy) on \($0.identity.profile): \($0.verdict.outcome.rawValue): \($0.verdict.detail)"
            }
        }
        let unexpected = results.filter(\.isUnexpected)
        if !unexpected.isEmpty {
            out.append("")
            out.append(
                "\(unexpected.count) cell(s) did not end as their strategy expects: "
                    + unexpected.map { "\($0.identity.strategy) on \($0.identity.profile) (expected \($0.expectedOutcome.rawValue))" }
                    .joined(separator: ", "))
        }
        out += ["", note]
        return out.joined(separator: "\n")
    }
}
