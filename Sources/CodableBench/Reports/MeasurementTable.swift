import Foundation
import CodableBenchCore
import CodableBenchAnalysis
import CodableBenchHarness

/// The measurements of a set of cells as every report shows them: one row per cell, each value
/// formatted once. The Markdown tables, the HTML tables and the terminal's `--verbose` table render
/// these rows; which columns each shows is the renderer's choice, the values are not.
struct MeasurementTable {
    struct Row {
        let cell: CellSummary
        /// The cell ended otherwise than its strategy expects.
        var isUnexpected: Bool { cell.outcome != cell.expectedOutcome }
        let median: String
        /// The median's 95% interval: `1.21 ms – 1.24 ms`.
        let interval: String
        /// `vs synthesized: 1.004× (0.995–1.012)`, `yardstick`, or `-`.
        let ratio: String
        let verdict: String
        let megabytesPerSecond: String
        /// The cell's throughput as a share of each limit's on the same payload (`limits`).
        let limits: [String]
        let allocations: String
        let allocatedMegabytes: String
    }

    /// The limits present in the run (memcpy, simdjson), in the order of `Row.limits`.
    let limits: [(id: String, label: String)]
    let rows: [Row]

    /// `cells` in the order given; `all` is every cell of the run (the limits and references are
    /// looked up there).
    init(_ cells: [CellSummary], all: [CellSummary]) {
        let limits = ThroughputLimits.present(all)
        self.limits = limits
        rows = cells.map { cell in
            let wall = cell.metrics[.wallTime]
            return Row(
                cell: cell,
                median: wall.map { Terminal.time($0.median) } ?? "-",
                interval: wall.map { "\(Terminal.time($0.ci95Low)) – \(Terminal.time($0.ci95High))" } ?? "-",
                ratio: cell.ratioColumn(reference: Self.reference(for: cell, in: all)),
                verdict: cell.verdictColumn,
                megabytesPerSecond: cell.megabytesPerSecond.map { String(format: "%.1f", $0) } ?? "-",
                limits: limits.map { ThroughputLimits.fraction(of: $0.id, for: cell, in: all) },
                allocations: cell.metrics[.allocations].map { String(format: "%.0f", $0.median) } ?? "-",
                allocatedMegabytes: cell.metrics[.allocatedBytes].map { String(format: "%.2f", $0.median / 1e6) } ?? "-")
        }
    }

    /// The reference of a cell's group on the same payload.
    static func reference(for cell: CellSummary, in cells: [CellSummary]) -> CellSummary? {
        cells.first { $0.isReference && $0.key.group == cell.key.group && $0.key.profile == cell.key.profile }
    }
}
