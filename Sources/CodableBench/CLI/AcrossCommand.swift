import CodableBenchCore
import CodableBenchHarness
import ArgumentParser
import Foundation

struct AcrossCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "across",
        abstract: "How each paired ratio varies across runs made at different times, and the ratio pooled over them.",
        discussion: """
            For every ratio present in all the runs: its value in each, the spread (largest over \
            smallest), whether the runs differ beyond their intervals (Cochran's Q, 5%), and the \
            ratio pooled over the runs with a 95% interval that counts their differences \
            (random effects). Widest spread first, then a summary. Each run's host state is listed \
            first, and a ratio is pooled with the same ratio in the same state only (quiet, under \
            contention, or from runs before the cache probe).
            """
    )

    @Argument(help: "Two or more runs: results.csv files, run folders or run ids.")
    var runs: [String]

    func run() throws {
        guard runs.count >= 2 else { throw CommandError.usage("across needs two or more runs, got \(runs.count)") }
        let ratios = try runs.map { run -> [RatioKey: PairedRatio] in
            let data = try RecordedRun.load(run)
            guard !data.ratios.isEmpty else { throw CommandError.usage("\(run) has no paired ratios (ratios.csv)") }
            print(
                "\(data.provenance.runID): \(HostStateText.sentence(data.info, run: data) ?? "the host's state was not recorded")")
            return Dictionary(data.ratios.map { (RatioKey($0), $0.ratio) }, uniquingKeysWith: { a, _ in a })
        }
        print(Self.render(ratios))
    }

    /// A ratio in a host state: runs pool a ratio only with the same ratio in the same state.
    struct RatioKey: Hashable, Comparable {
        let profile: String, strategy: String, yardstick: String
        /// `quiet`, `contended`, or empty (a run before the cache probe).
        var state = ""
        init(_ row: RatioRow) {
            (profile, strategy, yardstick, state) = (row.profile, row.strategy, row.yardstick, row.state?.rawValue ?? "")
        }
        init(profile: String, strategy: String, yardstick: String) {
            (self.profile, self.strategy, self.yardstick) = (profile, strategy, yardstick)
        }
        static func < (a: Self, b: Self) -> Bool {
            (a.profile, a.strategy, a.yardstick, a.state) < (b.profile, b.strategy, b.yardstick, b.state)
        }
        /// " under contention", " with the cache to itself", or nothing.
        var stateLabel: String {
            switch state {
            case HostState.contended.rawValue: " under contention"
            case HostState.quiet.rawValue: " with the cache to itself"
            default: ""
            }
        }
    }

    /// The table and summary for runs' ratios, each run's by key.
    static func render(_ runs: [[RatioKey: PairedRatio]]) -> String {
        let shared = runs.dropFirst().reduce(Set(runs[0].keys)) { $0.intersection($1.keys) }
        let pooled = shared.sorted().compactMap { key in PooledRatio(runs.map { $0[key]! }).map { (key, $0) } }
            .sorted { ($0.1.spread, $0.0) > ($1.1.spread, $1.0) }
        var out = ["\(shared.count) ratios in all \(runs.count) runs"]
        for (key, ratio) in pooled {
            let values = ratio.values.map { String(format: "%.4g", $0) }.joined(separator: " ")
            out.append(
                String(format: "%6.1f%%", ratio.spread * 100) + "  " + (ratio.runsDiffer ? "differ" : "      ")
                    + "  \(key.strategy) / \(key.yardstick) on \(key.profile)\(key.stateLabel): \(values); "
                    + String(format: "pooled %.4g (%.4g–%.4g)", ratio.pooled, ratio.low, ratio.high))
        }
        let steady = pooled.filter { $0.1.spread < 0.02 }
        let firm = pooled.filter { $0.1.high / $0.1.pooled - 1 <= 0.02 }
        func share(_ part: Int, _ whole: Int) -> String { String(format: "%.1f%%", Double(part) / Double(max(whole, 1)) * 100) }
        out.append("spread under 2% across the runs: \(steady.count) of \(pooled.count) (\(share(steady.count, pooled.count)))")
        out.append(
            "runs differ beyond their intervals (Q test, 5%): \(pooled.filter { $0.1.runsDiffer }.count) of \(pooled.count); "
                + "of the ratios that spread under 2%: \(steady.filter { $0.1.runsDiffer }.count) of \(steady.count)")
        out.append("pooled intervals within ±2%: \(firm.count) of \(pooled.count) (\(share(firm.count, pooled.count)))")
        return out.joined(separator: "\n")
    }
}
