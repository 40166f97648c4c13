import CodableBenchCore
import CodableBenchAnalysis
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
            (random effects). Widest spread first, then a summary. Each run's CPU and host state are \
            listed first; a time ratio is pooled only with the same ratio on the same CPU in the same \
            state (quiet, under contention, or unlabelled); between CPUs each ratio's figures are set \
            side by side; instructions per decode, which do not depend on the host, are compared \
            over every run.
            """
    )

    @Argument(help: "Two or more runs: results.csv files, run folders or run ids.")
    var runs: [String]

    func run() throws {
        guard runs.count >= 2 else { throw CommandError.usage("across needs two or more runs, got \(runs.count)") }
        let loaded = try runs.map { run -> Across.Reading in
            let data = try RecordedRun.load(run)
            // A run of exact counts alone (results/exact-reference) joins the exact measures only.
            guard !data.ratios.isEmpty || !data.exactCounts.isEmpty else {
                throw CommandError.usage("\(run) has no paired ratios (ratios.csv) and no exact measures")
            }
            print(
                "\(data.provenance.runID): timed on \(data.provenance.timedOn.label); "
                    + (HostStateText.sentence(data.info, run: data) ?? "the host's state was not recorded"))
            // A run whose timing canary failed pools no time (`TimingCanary`).
            if let canaryFailure = data.timingCanaryFailure {
                print("\(data.provenance.runID): its time ratios are left out: \(canaryFailure)")
            }
            return Across.Reading(data)
        }
        print(AcrossText.render(loaded))
    }
}
