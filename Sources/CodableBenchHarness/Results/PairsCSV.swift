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

    /// (profile, strategy, yardstick) → its pairs by generation, generations without a pair
    /// left out.
    static func read(_ file: URL) throws -> [[String]: [[Pair]]] {
        let (header, rows) = try CSVFormat.read(file)
        guard header == columns else {
            throw ResultsError("\(file.lastPathComponent) is not a CodableBench pairs file (columns differ)")
        }
        var byGeneration: [[String]: [Int: [Pair]]] = [:]
        for (number, f) in rows.enumerated() {
            guard let generation = Int(f[5]), let logRatio = Double(f[6]), let pace = Double(f[7]) else {
                throw ResultsError("\(file.lastPathComponent) line \(number + 2): invalid pair")
            }
            byGeneration[[f[1], f[3], f[4]], default: [:]][generation, default: []].append(
                Pair(logRatio: logRatio, yardstickPace: pace))
        }
        return byGeneration.mapValues { generations in generations.keys.sorted().map { generations[$0]! } }
    }
}
