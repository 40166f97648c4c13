import ArgumentParser
import Foundation

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Verify and measure strategies on payloads (the default command)."
    )

    @Option(name: .customLong("group"), help: "Only this group (repeatable).")
    var groups: [String] = []

    @Option(name: .customLong("strategy"), help: "Only this strategy (repeatable; also runs hidden ones).")
    var strategies: [String] = []

    @Option(name: .customLong("profile"), help: "Run on this profile instead of each strategy's defaults (repeatable).")
    var profiles: [String] = []

    @Option(
        name: .customLong("payload"),
        help:
            "Run on this JSON file instead of generated profiles (repeatable): model-free strategies, verified against the reference reading."
    )
    var payloads: [String] = []

    @Option(
        name: .customLong("corpus-dir"),
        help: "Look for strategies' default files (twitter.json, …) here first, then in Data/corpora and ../shared/corpora (repeatable).")
    var corpusDirs: [String] = []

    @Flag(help: "Fewer, shorter samples, a ±2% target, and no profile named 'large'.")
    var quick = false

    @Option(help: "Target half-width of every paired ratio's 95% interval, as a fraction (default 0.01, with --quick 0.02).")
    var precision: Double?

    @Option(
        help:
            "Seconds of sampling a lockstep comparison may spend per strategy before it stops short of the target (default 1.2, with --quick 0.3)."
    )
    var budget: Double?

    @Option(help: "Seconds a worker may take before it is killed and the cell recorded as timeout.")
    var timeout: Double = 120

    @Option(help: "Results folder (holds runs/ and latest).")
    var out: String = "results"

    @Option(help: "Folder of the profile JSON files (default: Data/profiles).")
    var profilesDir: String?

    @Flag(help: "Skip the allocation-counting pass.")
    var noCount = false

    @Option(
        help:
            "Count allocations with jemalloc (exact) or interposer (glibc through malloc-interposer, approximate); default: jemalloc when installed, else the interposer."
    )
    var counting: String?

    @Flag(help: "Also count instructions per decode under valgrind's callgrind (slow; exact run to run).")
    var instructions = false

    @Option(help: "Allocator of the timing pass: system or jemalloc (recorded on every row).")
    var allocator: String = "system"

    @Option(name: .customLong("claims"), help: "Also check the claims in this file (repeatable; format in results/README.md).")
    var claimsFiles: [String] = []

    @Flag(help: "Print the full table of cells at the end, before the answers.")
    var verbose = false

    @Flag(help: "Allow a debug build to run; every row is marked build_configuration=debug.")
    var allowDebug = false

    func validate() throws {
        guard timeout > 0 else { throw ValidationError("--timeout must be positive, got \(timeout)") }
        if let precision, !(precision > 0 && precision < 1) {
            throw ValidationError("--precision must be a fraction between 0 and 1 (0.01 = ±1%), got \(precision)")
        }
        if let budget, !(budget > 0 && budget <= 3_600) {
            throw ValidationError("--budget must be between 0 and 3600 seconds, got \(budget)")
        }
        guard TimingAllocator(rawValue: allocator) != nil else {
            throw ValidationError("--allocator must be system or jemalloc, got '\(allocator)'")
        }
        if let counting, counting != "jemalloc" && counting != "interposer" {
            throw ValidationError("--counting must be jemalloc or interposer, got '\(counting)'")
        }
        for dir in corpusDirs where !FileManager.default.fileExists(atPath: dir) {
            throw ValidationError("--corpus-dir \(dir) does not exist")
        }
    }

    func run() throws {
        if Provenance.buildConfiguration == "debug" && !allowDebug {
            throw UsageError("this is a debug build; measure optimized code with `swift run -c release benchmarks` (or pass --allow-debug)")
        }
        let claims = try CommandLineTool.claims(adding: claimsFiles)
        let catalog = profilesDir.map { ProfileCatalog(directory: URL(fileURLWithPath: $0)) } ?? .standard()
        let plan =
            payloads.isEmpty
            ? try RunPlan(
                catalogue: CommandLineTool.catalogue, groups: groups, strategyIDs: strategies,
                profileNames: profiles, skipLarge: quick, profiles: catalog,
                folders: .standard(extra: corpusDirs + CommandLineTool.payloadFolders))
            : try RunPlan(
                catalogue: CommandLineTool.catalogue, strategyIDs: strategies,
                files: payloads.map { URL(fileURLWithPath: $0) })
        var sampling: SamplingPlan = quick ? .quick : .standard
        if let precision { sampling.precision = precision }
        if let budget { sampling.budgetNanosecondsPerCell = UInt64(budget * 1e9) }
        let options = RunOptions(
            plan: sampling, timeoutSeconds: timeout,
            resultsDirectory: URL(fileURLWithPath: out), countAllocations: !noCount,
            allocator: TimingAllocator(rawValue: allocator)!, countInstructions: instructions,
            countingBackend: counting.flatMap(CountingBackend.init(rawValue:)),
            claims: claims, verbose: verbose)
        try Runner(runPlan: plan, options: options).run()
    }
}
