import Foundation
import CodableBenchCore

/// `pairs.csv` beside ratios.csv: every pair a run's ratios were estimated from (a strategy's
/// sample between two of its yardstick's, on CPU time per decode), by generation, with the host's
/// state it was taken in, so that studies and `replay` read the pairs instead of rebuilding them
/// from samples.csv (documented in results/README.md).
package enum PairsCSV {
    /// Files before schema 5 end at `yardstick_cpu_ns`.
    static let columnsBeforeStates = [
        "run_id", "profile", "group", "strategy", "yardstick", "generation", "log_ratio", "yardstick_cpu_ns",
    ]
    static let columns = columnsBeforeStates + ["state"]
    static var header: String { CSVFormat.line(columns) }

    /// One pair as the file has it.
    package struct PairRow: Sendable {
        package var profile: String
        package var group: String
        package var strategy: String
        package var yardstick: String
        package var generation: Int
        package var pair: Pair
    }

    /// One ratio's pairs of one generation (samples.csv's `fork`).
    static func lines(
        runID: String, profile: String, group: String, strategy: String, yardstick: String, generation: Int, pairs: [Pair]
    ) -> String {
        pairs.map { pair in
            CSVFormat.line([
                runID, profile, group, strategy, yardstick, "\(generation)", pair.logRatio.description,
                pair.yardstickPace.description, pair.state?.rawValue ?? "",
            ])
        }.joined()
    }

    package static func read(_ file: URL) throws -> [PairRow] {
        let (header, rows) = try CSVFormat.read(file)
        guard header == columns || header == columnsBeforeStates else {
            throw CommandError.input("\(file.lastPathComponent) is not a CodableBench pairs file (columns differ)")
        }
        return try rows.enumerated().map { number, f in
            guard let generation = Int(f[5]), let logRatio = Double(f[6]), let pace = Double(f[7]), pace > 0,
                header == columnsBeforeStates || f[8].isEmpty || HostState(rawValue: f[8]) != nil
            else { throw CommandError.input("\(file.lastPathComponent) line \(number + 2): invalid pair") }
            let state = header == columns ? HostState(rawValue: f[8]) : nil
            // A pair with this log ratio and pace: the sample e^r × pace between two of pace.
            let pair = Pair(sample: pace * exp(logRatio), before: pace, after: pace, state: state)
            return PairRow(profile: f[1], group: f[2], strategy: f[3], yardstick: f[4], generation: generation, pair: pair)
        }
    }

    /// Each ratio's pairs (by profile, strategy and yardstick), by generation in the order taken.
    static func byRatio(_ rows: [PairRow]) -> [[String]: [[Pair]]] {
        Dictionary(grouping: rows) { [$0.profile, $0.strategy, $0.yardstick] }.mapValues { rows in
            Dictionary(grouping: rows, by: \.generation).sorted { $0.key < $1.key }.map { $0.value.map(\.pair) }
        }
    }
}
