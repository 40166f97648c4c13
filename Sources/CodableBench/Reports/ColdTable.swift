import Foundation
import CodableBenchCore
import CodableBenchHarness

/// The first decodes of a `--cold` run as every report shows them: one row per cell, each value
/// formatted once; Markdown, HTML and the terminal render these rows.
struct ColdTable {
    struct Row {
        let strategy: String
        let profile: String
        let processes: String
        /// Median CPU time of the first decode, and its wall time.
        let first: String
        let firstWall: String
        /// `vs synthesized: 1.03× (0.99–1.07)`, or `-`.
        let ratio: String
        let verdict: String
        /// `9.4× (9.1–9.8)`: the first decode over the same process's warm decode.
        let firstOverWarm: String
        let secondOverWarm: String
        let warm: String
        /// `3,417 / 2,952`: the first decode's allocations, then a warm decode's.
        let allocations: String
    }

    /// Processes differ more than decodes do: the cold ratios are sampled to ±5%, and within ±5% is
    /// "no difference" (`ColdCell.margin`).
    static let introduction =
        "Each sample is a fresh process's first decode of the payload (CPU time), paired with its yardstick's first decode in the processes started just before and after it; "
        + "first ÷ warm is each process's first decode over its own warm decode (the median of five after the third). "
        + "Verdicts use a ±\((ColdCell.margin * 100).shortText)% margin."

    /// Above the first decodes' cost sentences (`--cold --instructions`).
    static let costsIntroduction =
        "Where a first decode's instructions go beyond its warm decode's (callgrind, each in a fresh process; categories in results/README.md, every function in cold-costs.csv):"

    let rows: [Row]

    init(_ cells: [ColdCell]) {
        rows = cells.map { cell in
            let ratio = cell.firstOverYardstick
            return Row(
                strategy: cell.strategy, profile: cell.profile, processes: "\(cell.processes)",
                first: Terminal.time(cell.firstNanoseconds), firstWall: Terminal.time(cell.firstWallNanoseconds),
                ratio: ratio.map { "vs \(cell.yardstick ?? ""): \($0.text)" } ?? (cell.yardstick == nil ? "yardstick" : "-"),
                verdict: ratio.map { SpeedVerdict($0, margin: ColdCell.margin).rawValue } ?? "-",
                firstOverWarm: cell.firstOverWarm?.text ?? "-", secondOverWarm: cell.secondOverWarm?.text ?? "-",
                warm: Terminal.time(cell.warmNanoseconds),
                allocations: cell.firstAllocations.map { first in
                    "\(first) / " + (cell.warmAllocations.map(String.init) ?? "-")
                } ?? "-")
        }
    }

    static let header = [
        "strategy", "profile", "processes", "first decode", "first (wall)", "vs yardstick's first (paired, 95% CI)", "verdict",
        "first ÷ warm", "second ÷ warm", "warm decode", "allocs first / warm",
    ]

    /// The columns that hold numbers: all but the names and the verdict.
    static func isNumber(_ column: Int) -> Bool { column >= 2 && column != 6 }

    func fields(_ row: Row) -> [String] {
        [
            row.strategy, row.profile, row.processes, row.first, row.firstWall, row.ratio, row.verdict, row.firstOverWarm,
            row.secondOverWarm, row.warm, row.allocations,
        ]
    }

    var table: TextTable { TextTable(header: Self.header, rows: rows.map(fields), isNumber: Self.isNumber) }
}
