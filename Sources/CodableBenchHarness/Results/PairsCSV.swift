import Foundation
import CodableBenchCore

/// `pairs.csv` beside ratios.csv: every pair a run's ratios were estimated from (a strategy's
/// sample between two of its yardstick's, on CPU time per decode), by generation, so that studies
/// read the pairs instead of rebuilding them from samples.csv (documented in results/README.md).
enum PairsCSV {
    static let columns = ["run_id", "profile", "group", "strategy", "yardstick", "generation", "log_ratio", "yardstick_cpu_ns"]
    static var header: String { CSVFormat.line(columns) }

    /// One ratio's pairs, `pairsByGeneration` indexed as samples.csv's `fork`.
    static func lines(_ row: RatioRow, pairsByGeneration: [[Pair]]) -> String {
        pairsByGeneration.enumerated().flatMap { generation, pairs in
            pairs.map { pair in
                CSVFormat.line([
                    row.runID, row.profile, row.group, row.strategy, row.yardstick, "\(generation)",
                    pair.logRatio.description, pair.yardstickPace.description,
                ])
            }
        }.joined()
    }
}
