import CodableBenchCore
import CodableBenchHarness
import ArgumentParser
import Foundation

struct RunCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Verify and measure strategies on payloads (the default command)."
    )

    @OptionGroup var selection: SelectionOptions

    @Option(
        name: .customLong("payload"),
        help:
            "Run on this JSON file instead of generated profiles (repeatable): model-free strategies, verified against the reference reading."
    )
    var payloads: [String] = []

    @OptionGroup var sampling: SamplingOptions

    @Option(help: "Results folder (holds runs/ and latest).")
    var out: String = "results"

    @Option(help: "Add the run, once it ends, to this history file (benchmarks history; e.g. results/history.sqlite).")
    var history: String?

    @Option(help: "Folder of the profile JSON files (default: Data/profiles).")
    var profilesDir: String?

    @Flag(help: "Skip the allocation-counting pass.")
    var noCount = false

    @Option(
        help:
            "Count allocations with jemalloc (exact) or interposer (glibc through malloc-interposer, approximate); default: jemalloc when installed, else the interposer."
    )
    var counting: String?

    @Flag(
        help:
            "Simulate the caches for every cell's exact measures (instructions and simulated cycles per decode, under valgrind's callgrind); without it, only for decodes up to 4 ms, and instructions alone for the longer ones. Slower; exact run to run. On macOS (no valgrind) instructions from the CPU's counter, no caches."
    )
    var instructions = false

    @Flag(help: "Skip the exact measures a run counts after its sampling (under callgrind, or the CPU's instruction counter on a Mac).")
    var noExact = false

    @Option(
        help:
            "Allocator of the timing pass: glibc-retained (glibc keeping freed memory; the default where glibc is), system or jemalloc (recorded on every row)."
    )
    var allocator: String = TimingAllocator.platformDefault.rawValue

    @Option(name: .customLong("claims"), help: "Also check the claims in this file (repeatable; format in results/README.md).")
    var claimsFiles: [String] = []

    @Flag(
        help:
            "Count every exact measure again: neither reuse nor keep the counts of earlier runs of this build (kept in ~/.cache/codablebench/exact-counts)."
    )
    var noCache = false

    @Flag(help: "Print every answer in full (each figure, claim and caveat) and the table of cells at the end, not one line per question.")
    var verbose = false

    @Flag(help: "Allow a debug build to run; every row is marked build_configuration=debug.")
    var allowDebug = false

    @Option(
        help: ArgumentHelp(
            "Continue an interrupted run in its folder, with its options and this same build (pass it alone).",
            valueName: "run-folder"))
    var resume: String?

    func validate() throws {
        if instructions && noExact { throw ValidationError("--instructions and --no-exact ask for opposite things; pass one") }
        guard TimingAllocator(rawValue: allocator) != nil else {
            let names = TimingAllocator.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("--allocator must be one of \(names), got '\(allocator)'")
        }
        if let counting, counting != "jemalloc" && counting != "interposer" {
            throw ValidationError("--counting must be jemalloc or interposer, got '\(counting)'")
        }
    }

    func run(in tool: ToolContext) throws {
        guard let resume else { return try measure(in: tool, arguments: Self.givenArguments, resuming: nil) }
        guard Self.givenArguments.count <= 2, Self.givenArguments.allSatisfy({ $0 == resume || $0.hasPrefix("--resume") }) else {
            throw CommandError.usage("--resume continues a run with the options it was started with; pass it alone")
        }
        let resumed = try ResumedRun.load(resume)
        guard FileManager.default.changeCurrentDirectoryPath(resumed.invocation.workingDirectory) else {
            throw CommandError.usage("cannot resume: the folder the run was started in, \(resumed.invocation.workingDirectory), is gone")
        }
        let command: RunCommand
        do { command = try RunCommand.parse(resumed.invocation.arguments) } catch {
            throw CommandError.usage("cannot resume: its recorded options do not parse (\(RunCommand.message(for: error)))")
        }
        try command.measure(in: tool, arguments: resumed.invocation.arguments, resuming: resumed)
    }

    /// The arguments this process was given after the command's name (`run` is the default
    /// command, so its name may be absent).
    private static var givenArguments: [String] {
        let arguments = Array(CommandLine.arguments.dropFirst())
        return arguments.first == commandName ? Array(arguments.dropFirst()) : arguments
    }

    private static var commandName: String { configuration.commandName ?? "run" }

    private func measure(in tool: ToolContext, arguments: [String], resuming: ResumedRun?) throws {
        if Provenance.buildConfiguration == "debug" && !allowDebug {
            throw CommandError.usage(
                "this is a debug build; measure optimized code with `swift run -c release benchmarks` (or pass --allow-debug)")
        }
        let claims = try tool.claims(adding: claimsFiles)
        let catalog = try ProfileCatalog.chosen(profilesDir)
        let plan =
            payloads.isEmpty
            ? try RunPlan(
                catalogue: tool.catalogue, groups: selection.groups, strategyIDs: selection.strategies,
                profileNames: selection.profiles, skipLarge: sampling.quick, profiles: catalog,
                folders: selection.payloadFolders(in: tool))
            : try RunPlan(
                catalogue: tool.catalogue, strategyIDs: selection.strategies,
                files: payloads.map { URL(fileURLWithPath: $0) })
        var options = RunOptions(
            plan: sampling.plan, timeoutSeconds: sampling.timeout,
            resultsDirectory: URL(fileURLWithPath: out), countAllocations: !noCount,
            allocator: TimingAllocator(rawValue: allocator)!, countInstructions: instructions,
            countingBackend: counting.flatMap(CountingBackend.init(rawValue:)), cold: sampling.cold)
        options.countsExact = !noExact
        options.cachesExactCounts = !noCache
        options.timingCPUs = sampling.timingCPUs
        options.arguments = arguments
        options.resuming = resuming
        // Ctrl-C (SIGTERM, SIGHUP) finishes the run short, with its reports; a second one stops it at once.
        Interruption.finishShortOnSignal()
        let outcome = try Runner(runPlan: plan, options: options).run()
        try FinishedRunReport.writeAndPrint(outcome, claims: claims, facts: tool.facts, verbose: verbose)
        try HistoryHook.add(outcome, toHistory: history)
        // A signal that came after the sampling had ended: the run is whole, and ends by it all the same.
        if let signal = outcome.interruptedBy ?? Interruption.requested { ScratchSpace.endBySignal(signal) }
    }
}
