import CodableBenchCore
import CodableBenchAnalysis
import CodableBenchHarness
import ArgumentParser
import Foundation

struct ABCommand: ToolCommand {
    /// How much more time per cell the confirmation run has than the first.
    static let confirmationBudgetFactor: UInt64 = 4

    static let configuration = CommandConfiguration(
        commandName: "ab",
        abstract: "The A/B gate: measure every selected cell with a baseline build and this one, paired, in one run.",
        discussion: """
            --baseline is the same kind of executable built from the base commit (this project's \
            `benchmarks`, or your own `my-bench`). Each cell's worker from the baseline and from this build \
            run in lockstep, sample by sample, so the ratio cancels the machine's state. First, both builds' \
            instructions and simulated cycles per decode are counted under callgrind: exact, so they decide \
            where time cannot. Writes a run folder (this build's rows, the baseline's in its baseline/ folder, \
            ab.md for a pull-request comment). Exit status: 0 pass, 1 regression, 2 usage or input error, \
            3 harness failure, 4 no regression seen but some cell judged by neither measure.
            """
    )

    @Option(help: "The baseline build's executable.")
    var baseline: String

    @OptionGroup var selection: SelectionOptions

    @OptionGroup var sampling: SamplingOptions

    @Option(
        parsing: .unconditional,
        help: "A cell is flagged when its paired ratio's interval lies wholly beyond this fraction (default 0.01).")
    var threshold: Double = 0.01

    @Option(
        parsing: .unconditional,
        help:
            "A cell's exact measures changed when either moved beyond this fraction (default 0.001 under callgrind; 0.02 for the CPU's instruction counter, macOS)."
    )
    var exactThreshold: Double = ABGate.platformExactThreshold

    @Flag(help: "Skip the exact measures (instructions and simulated cycles under callgrind).")
    var noExact = false

    @Flag(help: "Count every exact measure again: neither reuse nor keep the counts of earlier runs of either build.")
    var noCache = false

    @Option(help: "A change made on purpose, listed as declared instead of failing: 'STRATEGY: why' or 'STRATEGY/PROFILE: why'.")
    var declare: [String] = []

    @Option(help: "Results folder (holds runs/ and latest).")
    var out: String = "results"

    @Option(help: "Add the run, once it ends, to this history file (benchmarks history; e.g. results/history.sqlite).")
    var history: String?

    @Flag(help: "Skip the allocation-counting pass.")
    var noCount = false

    @Option(help: "Tolerances file for the counts (default: results/gate-tolerances.json when present).")
    var tolerances: String?

    @Flag(help: "Allow a debug build to run.")
    var allowDebug = false

    @Flag(help: "Fail on a slower cell without measuring it again first.")
    var noConfirm = false

    /// For studies of the answers' stopping rule on identical builds (`Documentation/studies/aa-coverage.sh`):
    /// ratios stop early on the answers' verdicts, with the host's state probed, instead of the gate's.
    @Flag(help: .hidden)
    var judgeAsAnswers = false

    func validate() throws {
        guard threshold >= 0 && threshold < 1 else { throw ValidationError("--threshold must be a fraction in [0, 1), got \(threshold)") }
        guard exactThreshold >= 0 && exactThreshold < 1 else {
            throw ValidationError("--exact-threshold must be a fraction in [0, 1), got \(exactThreshold)")
        }
    }

    func run(in tool: ToolContext) throws {
        if Provenance.buildConfiguration == "debug" && !allowDebug {
            throw CommandError.usage("this is a debug build; run the A/B gate from a release build (or pass --allow-debug)")
        }
        let baselineTool = URL(fileURLWithPath: baseline)
        guard FileManager.default.isExecutableFile(atPath: baselineTool.path) else {
            throw CommandError.usage("--baseline \(baseline) is not an executable file")
        }
        let tolerances = try loadTolerances(tolerances)
        let declared = try declare.map(DeclaredChange.init(parsing:))
        let theirs = try BaselineBuild.strategyIDs(of: baselineTool)
        let ours = tool.catalogue
        let shared = ours.filter { theirs.contains($0.id) }
        let strategies = selection.strategies
        if !strategies.isEmpty && !strategies.contains(where: theirs.contains) {
            throw CommandError.usage("none of the strategies asked for is in the baseline build")
        }
        let plan = try RunPlan(
            catalogue: shared, groups: selection.groups, strategyIDs: strategies.filter { theirs.contains($0) },
            profileNames: selection.profiles, skipLarge: sampling.quick, profiles: .standard(),
            folders: selection.payloadFolders(in: tool))
        let selected = try? RunPlan(
            catalogue: ours, groups: selection.groups, strategyIDs: strategies, profileNames: selection.profiles,
            skipLarge: sampling.quick,
            profiles: .standard(), folders: selection.payloadFolders(in: tool))
        let onlyOurs = Set((selected?.cells ?? []).map(\.strategy.id)).subtracting(theirs).sorted()
        let onlyTheirs = theirs.subtracting(ours.map(\.id)).sorted()

        var samplingPlan = sampling.plan
        samplingPlan.judgement = judgeAsAnswers ? .answers(margin: SpeedVerdict.defaultMargin) : .gate(threshold: threshold)
        // The gate's budget is its cells' (its cells are many, and its verdicts stop it early).
        samplingPlan.minimumRunSeconds = 0
        var options = RunOptions(
            plan: samplingPlan, timeoutSeconds: sampling.timeout, resultsDirectory: URL(fileURLWithPath: out),
            countAllocations: !noCount, cold: sampling.cold)
        options.pairing = .baselineBuild(baselineTool)
        options.timingCPUs = sampling.timingCPUs
        options.countInstructions = !noExact && InstructionRegion.canCount
        options.cachesExactCounts = !noCache
        if !noExact && !options.countInstructions {
            Terminal.status(
                "note: no exact measures in this run ("
                    + (Platform.current.hasCallgrind
                        ? "valgrind not found: apt-get install valgrind" : "this CPU's instruction counter cannot be read")
                    + "); the gate judges time alone")
        }
        let outcome = try Runner(runPlan: plan, options: options).run()
        try FinishedRunReport.writeAndPrint(outcome, claims: .none, facts: tool.facts, printsAnswers: false)
        let directory = outcome.folder, current = outcome.thisBuild
        guard let base = outcome.baselineBuild else { throw CommandError.harness("the ab run kept no baseline rows") }
        func judge(confirmation: RecordedRun?) throws -> ABGate {
            try ABGate(
                current: current, baseline: base, tolerances: tolerances, threshold: threshold,
                exactThreshold: exactThreshold, declared: declared, onlyInCurrent: onlyOurs, onlyInBaseline: onlyTheirs,
                confirmation: confirmation)
        }
        var gate = try judge(confirmation: nil)
        // The confirmation run: the flagged cells alone, in fresh processes, written under the run.
        if !noConfirm, let suspects = plan.restricted(to: Set(gate.slower.map(\.cell))) {
            Terminal.status("measuring the \(suspects.cells.count) slower cell(s) again to confirm")
            var again = options
            again.countAllocations = false
            again.countInstructions = false
            again.cold = false
            again.resultsDirectory = directory.appendingPathComponent("confirmation")
            // Alone, a cell has no settled comparisons to inherit time from, and a large payload's
            // interval would rest on a few generations: more time per cell (there are few cells).
            again.plan.budgetNanosecondsPerCell *= Self.confirmationBudgetFactor
            let confirming = try Runner(runPlan: suspects, options: again).run()
            try FinishedRunReport.writeAndPrint(confirming, claims: .none, facts: tool.facts, printsAnswers: false)
            let confirmation = confirming.thisBuild
            gate = try judge(confirmation: confirmation)
        }
        try HistoryHook.add(outcome, toHistory: history)
        let summary = gate.markdown(provenance: current.provenance)
        do { try Data(summary.utf8).write(to: directory.appendingPathComponent("ab.md")) } catch {
            throw CommandError.harness("cannot write \(directory.path)/ab.md: \(error.localizedDescription)")
        }
        print(summary)
        if gate.exitStatus != 0 { throw ExitCode(gate.exitStatus) }
    }
}

/// What the baseline build offers, read from its `list --ids`.
enum BaselineBuild {
    /// The strategy ids the baseline's `list --ids` prints.
    static func strategyIDs(of executable: URL) throws -> Set<String> {
        guard let ids = try list(executable, ["list", "--ids"]) else {
            throw CommandError.usage(
                "the baseline's `list --ids` failed: is \(executable.path) a CodableBench executable from 27 November 2026 or later?")
        }
        return Set(ids.split(separator: "\n").map(String.init))
    }

    /// The output of `executable arguments`, nil when it exits with a failure.
    private static func list(_ executable: URL, _ arguments: [String]) throws -> String? {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch {
            throw CommandError.usage("cannot run the baseline \(executable.path): \(error.localizedDescription)")
        }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }
}
