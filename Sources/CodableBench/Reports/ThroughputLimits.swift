import Foundation
import CodableBenchAnalysis

/// Every throughput is read against the readers that bound it on the same bytes.
enum ThroughputLimits {
    /// The readers every throughput is read against, on the same bytes: memory bandwidth, and the
    /// fastest complete parse (present when built with the Simdjson trait).
    static let all = [(id: "ref-memcpy", label: "of memcpy"), (id: "ref-simdjson", label: "of simdjson")]

    /// A cell's throughput as a fraction of a limit's on the same payload, as text (`12.3%`).
    static func fraction(of limit: String, for cell: CellRecord, in cells: [CellRecord]) -> String {
        guard let mine = cell.megabytesPerSecond,
            let theirs = cells.first(where: { $0.key.strategy == limit && $0.key.profile == cell.key.profile })?.megabytesPerSecond,
            theirs > 0
        else { return "-" }
        let percent = mine / theirs * 100
        return String(format: percent < 1 ? "%.2f%%" : "%.1f%%", percent)
    }

    /// The limits that this run measured.
    static func present(_ cells: [CellRecord]) -> [(id: String, label: String)] {
        all.filter { limit in cells.contains { $0.key.strategy == limit.id && $0.megabytesPerSecond != nil } }
    }
}
