import Foundation
import CodableBenchCore
import CodableBenchAnalysis
import CodableBenchHarness

/// The measurements of a set of cells as every report shows them: one row per cell, each value
/// formatted once, and the columns in their order (`columns`). The Markdown tables, the HTML
/// tables and the terminal's `--verbose` table render these columns; a column a report shows is
/// one line there.
struct MeasurementTable {
    struct Row {
        let cell: CellRecord
        /// Its group's reference (marked "(ref)").
        let isReference: Bool
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
        let instructionsPerByte: String
    }

    /// The limits present in the run (memcpy, simdjson), in the order of `Row.limits`.
    let limits: [(id: String, label: String)]
    let rows: [Row]

    /// `cells` in the order given; `all` is every cell of the run (the limits and references are
    /// looked up there); `references`, the groups' reference strategies.
    init(_ cells: [CellRecord], all: [CellRecord], references: Set<String>) {
        let limits = ThroughputLimits.present(all)
        self.limits = limits
        rows = cells.map { cell in
            let wall = cell.summary(of: .wallTime)
            return Row(
                cell: cell, isReference: references.contains(cell.key.strategy),
                median: wall.map { Terminal.time($0.median) } ?? "-",
                interval: wall.map { "\(Terminal.time($0.ci95Low)) – \(Terminal.time($0.ci95High))" } ?? "-",
                ratio: cell.ratioColumn(reference: Self.reference(for: cell, in: all, references: references)),
                verdict: cell.verdictColumn,
                megabytesPerSecond: cell.megabytesPerSecond.map { String(format: "%.1f", $0) } ?? "-",
                limits: limits.map { ThroughputLimits.fraction(of: $0.id, for: cell, in: all) },
                allocations: cell.summary(of: .allocations).map { String(format: "%.0f", $0.median) } ?? "-",
                allocatedMegabytes: cell.summary(of: .allocatedBytes).map { String(format: "%.2f", $0.median / 1e6) } ?? "-",
                instructionsPerByte: cell.summary(of: .instructionsPerByte).map { String(format: "%.1f", $0.median) } ?? "-")
        }
    }

    /// Where a column shows.
    enum View { case markdown, html, terminal }

    /// One column: its title, whether its values are numbers (aligned right), the views that show
    /// it, whether it is the one an unexpected outcome marks, and its text for a row.
    struct Column {
        let title: String
        var isNumber = true
        var views: Set<View> = [.markdown, .html, .terminal]
        var marksUnexpected = false
        let value: (Row) -> String
    }

    /// Every column, in its order; each view shows those that name it (`columns(for:)`).
    var columns: [Column] {
        [
            Column(title: "group", isNumber: false, views: [.terminal]) { $0.cell.key.group },
            Column(title: "strategy", isNumber: false) { $0.cell.key.strategy + ($0.isReference ? " (ref)" : "") },
            Column(title: "profile", isNumber: false) { $0.cell.key.profile },
            Column(title: "outcome", isNumber: false, marksUnexpected: true) {
                $0.cell.outcome.rawValue + ($0.isUnexpected ? " (unexpected)" : "")
            },
            Column(title: "median") { $0.median },
            Column(title: "95% CI") { $0.interval },
            Column(title: "vs yardstick (paired, 95% CI)") { $0.ratio },
            Column(title: "verdict", isNumber: false) { $0.verdict },
            Column(title: "MB/s") { $0.megabytesPerSecond },
        ] + limits.indices.map { index in Column(title: limits[index].label) { $0.limits[index] } } + [
            Column(title: "allocs") { $0.allocations },
            Column(title: "alloc MB", views: [.markdown, .terminal]) { $0.allocatedMegabytes },
            Column(title: "instr/B", views: [.markdown, .html]) { $0.instructionsPerByte },
            Column(title: "detail", isNumber: false, views: [.html]) { $0.cell.detail },
        ]
    }

    func columns(for view: View) -> [Column] { columns.filter { $0.views.contains(view) } }

    /// The rows as a view's text table: its columns' titles and values.
    func textTable(for view: View) -> TextTable {
        let shown = columns(for: view)
        return TextTable(
            header: shown.map(\.title), rows: rows.map { row in shown.map { $0.value(row) } },
            isNumber: { shown[$0].isNumber })
    }

    /// The reference of a cell's group on the same payload.
    static func reference(for cell: CellRecord, in cells: [CellRecord], references: Set<String>) -> CellRecord? {
        cells.first { references.contains($0.key.strategy) && $0.key.group == cell.key.group && $0.key.profile == cell.key.profile }
    }
}
