import CodableBenchCore
import CodableBenchAnalysis
import CodableBenchHarness
import ArgumentParser
import Foundation

struct CheckCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "The regression gate: compare a run with a baseline and exit 1 on a regression.",
        discussion: """
            Allocations, allocated bytes, peak heap and outcomes are gated tightly; wall time only when \
            enabled in the tolerances file. Improvements pass. Without --current, the baseline's cells \
            are run now. Exit status: 0 pass, 1 regression, 2 usage or input error, 3 harness failure.
            """
    )

    @Option(help: "The baseline results file.")
    var baseline: String

    @Option(help: "The run to check (results.csv, run folder or id); default: run the baseline's cells now.")
    var current: String?

    @Option(help: "Tolerances file (default: results/gate-tolerances.json when present).")
    var tolerances: String?

    @Option(help: "Results folder for the run made without --current.")
    var out: String = "results"

    /// For the run made without --current.
    @OptionGroup var corpus: CorpusOptions

    @Flag(help: "Allow a debug build to run the baseline's cells.")
    var allowDebug = false

    func run(in tool: ToolContext) throws {
        guard FileManager.default.fileExists(atPath: baseline) else { throw CommandError.usage("baseline not found: \(baseline)") }
        let baselineRun = try RecordedRun.load(baseline)
        let tolerances = try loadTolerances(tolerances)
        let currentRun: RecordedRun
        if let current {
            currentRun = try RecordedRun.load(current)
        } else {
            if Provenance.buildConfiguration == "debug" && !allowDebug {
                throw CommandError.usage(
                    "this is a debug build; run the gate with `swift run -c release benchmarks check` (or pass --allow-debug)")
            }
            let plan = try RunPlan(
                catalogue: tool.catalogue, cells: baselineRun.records.map(\.key),
                profiles: .standard(), folders: corpus.payloadFolders(in: tool))
            let options = RunOptions(
                plan: .quick, timeoutSeconds: 120, resultsDirectory: URL(fileURLWithPath: out),
                countAllocations: true)
            let outcome = try Runner(runPlan: plan, options: options).run()
            try FinishedRunReport.writeAndPrint(outcome, claims: .none, facts: tool.facts)
            currentRun = outcome.thisBuild
        }
        let gate = try Gate(baseline: baselineRun, current: currentRun, tolerances: tolerances)
        print(gate.render())
        if gate.exitStatus != 0 { throw ExitCode(gate.exitStatus) }
    }
}
