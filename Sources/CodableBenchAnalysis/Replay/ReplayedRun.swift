import Foundation
import CodableBenchCore
import CodableBenchHarness

/// A recorded run as `Replay` feeds it to a stopping rule: each lockstep comparison's ratios with
/// their pairs by generation (pairs.csv), and what each member's samples cost in each generation
/// (samples.csv, and baseline/samples.csv for an `ab` run, whose yardsticks are the baseline
/// build's workers).
package struct ReplayedRun: Sendable {
    package struct Comparison: Sendable {
        package let profile: String
        /// Each ratio's strategy → its yardstick (a member name) and its pairs by generation.
        package var ratios: [String: (yardstick: String, pairs: [[Pair]])]
        /// Per generation, each member's sampling in seconds.
        package var costs: [[String: Double]]

        package init(profile: String, ratios: [String: (yardstick: String, pairs: [[Pair]])], costs: [[String: Double]]) {
            self.profile = profile
            self.ratios = ratios
            self.costs = costs
        }
    }

    package let comparisons: [Comparison]
    /// The run's ratio target, read from its run.json (the default where it has none), and whether
    /// that was `--quick`'s (whose floor of generations is lower).
    package let precision: Double
    package let isQuick: Bool

    package init(comparisons: [Comparison], precision: Double, isQuick: Bool) {
        self.comparisons = comparisons
        self.precision = precision
        self.isQuick = isQuick
    }

    /// The member name of `ab`'s baseline worker for `strategy`.
    static func baselineMember(_ strategy: String) -> String { "baseline/" + strategy }

    /// `folder`: a run folder with pairs.csv and samples.csv (`ab`'s with baseline/samples.csv).
    package static func load(_ folder: URL) throws -> ReplayedRun {
        guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("pairs.csv").path) else {
            throw CommandError.input("\(folder.path) has no pairs.csv (runs before harness 0.6.3 did not write it)")
        }
        let run = try RecordedRun.load(folder.path)
        let baselineFolder = folder.appendingPathComponent("baseline")
        let baseline =
            FileManager.default.fileExists(atPath: baselineFolder.appendingPathComponent("results.csv").path)
            ? try RecordedRun.load(baselineFolder.path) : nil
        var costs: [String: [Int: [String: Double]]] = [:]
        func addCosts(_ run: RecordedRun?, member: (String) -> String) {
            for (cell, samples) in run?.samples ?? [:] {
                for sample in samples {
                    costs[cell.profile, default: [:]][sample.generation, default: [:]][member(cell.strategy), default: 0] +=
                        sample.measuredNanoseconds / 1e9
                }
            }
        }
        addCosts(run) { $0 }
        addCosts(baseline, member: baselineMember)
        var byProfile: [String: [String: (yardstick: String, pairs: [Int: [Pair]])]] = [:]
        for ratio in run.pairs {
            let yardstick = ratio.yardstick == CellRatio.baselineYardstick ? baselineMember(ratio.strategy) : ratio.yardstick
            byProfile[ratio.profile, default: [:]][ratio.strategy] = (yardstick, ratio.byGeneration)
        }
        let comparisons = byProfile.keys.sorted().map { profile -> Comparison in
            let generationCosts = costs[profile] ?? [:]
            let count = max((generationCosts.keys.max() ?? -1) + 1, (byProfile[profile]!.values.flatMap(\.pairs.keys).max() ?? -1) + 1)
            return Comparison(
                profile: profile,
                ratios: byProfile[profile]!.mapValues { ratio in
                    (ratio.yardstick, (0..<count).map { ratio.pairs[$0] ?? [] })
                },
                costs: (0..<count).map { generationCosts[$0] ?? [:] })
        }
        let precision = run.info?.precisionTarget ?? SamplingPlan.standard.precision
        return ReplayedRun(comparisons: comparisons, precision: precision, isQuick: precision >= SamplingPlan.quick.precision)
    }
}
