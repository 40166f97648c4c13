import CodableBenchCore
import CodableBenchHarness
import ArgumentParser
import Foundation

struct BaselineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "baseline", abstract: "Manage the gate's baseline.", subcommands: [Update.self])

    struct Update: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "update", abstract: "Write the baseline from a run (default: results/latest).")

        @Option(help: "The run: a results.csv, a run folder, or a run id.")
        var from: String = "results/latest"

        @Option(help: "The baseline file to write.")
        var to: String = "results/baseline/ci.csv"

        func run() throws {
            let run = try RecordedRun.load(from)
            let unexpected = run.records.filter { $0.outcome != $0.expectedOutcome }
            if let first = unexpected.first {
                throw CommandError.usage(
                    "\(first.key) ended \(first.outcome.rawValue), expected \(first.expectedOutcome.rawValue): fix it before making this run the baseline"
                )
            }
            try run.writeResults(to: URL(fileURLWithPath: to))
            print("wrote \(to): \(run.records.count) cells from \(run.source.path)")
        }
    }
}
