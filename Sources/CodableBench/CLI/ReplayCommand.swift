import CodableBenchAnalysis
import CodableBenchCore
import CodableBenchHarness
import ArgumentParser
import Foundation

struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Feed a recorded run's pairs to the stopping rules again: what each would have decided, and at what sampling.",
        discussion: """
            For each run folder (its pairs.csv and samples.csv), the generations in the order the run \
            took them, judged by harness 0.6's rule (stop on width alone, after the floor) and by this \
            build's (early looks at 99.9% on the verdicts, then the width), the latter also on all of \
            each ratio's pairs whatever the probe's label: the sampling each would \
            have spent, the verdicts it reaches, and verdicts per second of sampling. A rule can only \
            stop sooner on recorded data; with --projected F, each comparison gets its recorded sampling \
            times F, and an open ratio narrows as the square root of the sampling it then has, if its \
            centre held (a projection: it cannot tell a false verdict from a true one). For an ab run \
            of a build against an identical one, every recorded faster or slower verdict is false.
            """
    )

    @Argument(help: "Run folders.")
    var runs: [String]

    @Option(
        parsing: .unconditionalSingleValue,
        help: "Also project each rule to the run's sampling times these factors (repeatable; e.g. 1 2).")
    var projected: [Double] = []

    func validate() throws {
        if let bad = projected.first(where: { !($0 > 0 && $0 <= 100) }) {
            throw ValidationError("--projected must be a factor between 0 and 100, got \(bad)")
        }
    }

    func run() throws {
        for path in runs {
            let run = try ReplayedRun.load(URL(fileURLWithPath: path))
            let floor = run.isQuick ? SamplingPlan.quick.minGenerations : SamplingPlan.standard.minGenerations
            let rules = [
                Replay.Rule.widthOnly(precision: run.precision, floor: floor),
                Replay.Rule.earlyLooks(precision: run.precision, floor: floor),
                Replay.Rule.earlyLooksOnAllPairs(precision: run.precision, floor: floor),
            ]
            var rows: [[String]] = []
            for rule in rules {
                rows.append(ReplayTable.row(rule.name, "recorded", Replay.run(run, rule: rule)))
                for factor in projected {
                    rows.append(
                        ReplayTable.row(
                            rule.name, String(format: "×%g projected", factor), Replay.run(run, rule: rule, projectedFactor: factor)))
                }
            }
            print("\(path): \(run.comparisons.count) comparisons, \(run.comparisons.reduce(0) { $0 + $1.ratios.count }) ratios")
            print(ReplayTable.render(rows))
            print("")
        }
    }
}
