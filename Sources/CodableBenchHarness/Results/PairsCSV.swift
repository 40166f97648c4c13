import Foundation
import CodableBenchCore

/// `pairs.csv` beside ratios.csv: every pair a run's ratios were estimated from (a strategy's
/// sample between two of its yardstick's, on CPU time per decode), by generation, with the host's
/// state it was taken in, so that studies and `replay` read the pairs instead of rebuilding them
/// from samples.csv (documented in results/README.md).
enum PairsCSV {
    /// Files before schema 5 end at `yardstick_cpu_ns`.
    static let columnsBeforeStates = [
        "run_id", "profile", "group", "strategy", "yardstick", "generation", "log_ratio", "yardstick_cpu_ns",
    ]
    static let columns = columnsBeforeStates + ["state"]
    static var header: String { CSVFormat.line(columns) }

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

    /// The file's pairs, one `RatioPairs` per ratio in the order the file first names it.
    static func read(_ file: URL) throws -> [RatioPairs] {
        let (header, rows) = try CSVFormat.read(file)
        guard header == columns || header == columnsBeforeStates else {
            throw CommandError.input("\(file.lastPathComponent) is not a CodableBench pairs file (columns differ)")
        }
        var ratios: [RatioPairs] = []
        var index: [[String]: Int] = [:]
        for (number, f) in rows.enumerated() {
            guard let generation = Int(f[5]), let logRatio = Double(f[6]), let pace = Double(f[7]), pace > 0,
                header == columnsBeforeStates || f[8].isEmpty || HostState(rawValue: f[8]) != nil
            else { throw CommandError.input("\(file.lastPathComponent) line \(number + 2): invalid pair") }
            let state = header == columns ? HostState(rawValue: f[8]) : nil
            // A pair with this log ratio and pace: the sample e^r × pace between two of pace.
            let pair = Pair(sample: pace * exp(logRatio), before: pace, after: pace, state: state)
            let key = [f[1], f[3], f[4]]
            if index[key] == nil {
                index[key] = ratios.count
                ratios.append(RatioPairs(profile: f[1], group: f[2], strategy: f[3], yardstick: f[4]))
            }
            ratios[index[key]!].byGeneration[generation, default: []].append(pair)
        }
        return ratios
    }
}
