import CodableBenchCore
import CodableBenchHarness
import ArgumentParser
import Foundation

/// Which cells to measure: the options `run` and `ab` share.
struct SelectionOptions: ParsableArguments {
    @Option(name: .customLong("group"), help: "Only this group (repeatable).")
    var groups: [String] = []

    @Option(name: .customLong("strategy"), help: "Only this strategy (repeatable; also runs hidden ones).")
    var strategies: [String] = []

    @Option(name: .customLong("profile"), help: "Run on this profile instead of each strategy's defaults (repeatable).")
    var profiles: [String] = []

    @OptionGroup var corpus: CorpusOptions

    func payloadFolders(in tool: ToolContext) -> PayloadFolders { corpus.payloadFolders(in: tool) }
}

/// Where the strategies' default files (twitter.json, …) are looked up: the options `run`, `ab`
/// and `check` share.
struct CorpusOptions: ParsableArguments {
    @Option(
        name: .customLong("corpus-dir"),
        help: "Look for strategies' default files (twitter.json, …) here first, then in Data/corpora (repeatable).")
    var corpusDirs: [String] = []

    /// The folders the strategies' default files are looked up in: these, then the tool's own.
    func payloadFolders(in tool: ToolContext) -> PayloadFolders { .standard(extra: corpusDirs + tool.payloadFolders) }

    func validate() throws {
        for dir in corpusDirs where !FileManager.default.fileExists(atPath: dir) {
            throw ValidationError("--corpus-dir \(dir) does not exist")
        }
    }
}

/// How long and how precisely to measure: the options `run` and `ab` share.
struct SamplingOptions: ParsableArguments {
    @Flag(help: "Fewer, shorter samples, a ±2% target, and no profile named 'large'.")
    var quick = false

    // `.unconditional`: read the word after a numeric option as its value, so that `--precision -1`
    // meets the range check below instead of being taken for an unknown option `-1`.
    @Option(
        parsing: .unconditional,
        help: "Target half-width of every paired ratio's 95% interval, as a fraction (default 0.01, with --quick 0.02)."
    )
    var precision: Double?

    @Option(
        parsing: .unconditional,
        help:
            "Seconds of sampling per cell: the run samples for at most cells × this (default 1.4, with --quick 0.3, and at least 120 s, with --quick 30 s), and stops sooner once every ratio's verdict is reached."
    )
    var budget: Double?

    @Option(
        name: .customLong("timing-cpus"), parsing: .unconditional,
        help: "Sample on 1 or 2 CPUs (default: 2 where a check at the start finds that work on one does not slow the other)."
    )
    var timingCPUs: Int?

    @Option(parsing: .unconditional, help: "Seconds a worker may take before it is killed and the cell recorded as timeout.")
    var timeout: Double = 120

    @Flag(
        help:
            "Also time each cell's first decodes in fresh processes, paired with its yardstick's (cold.csv; a section of the report)."
    )
    var cold = false

    func validate() throws {
        guard timeout > 0 else { throw ValidationError("--timeout must be positive, got \(timeout)") }
        if let precision, !(precision > 0 && precision < 1) {
            throw ValidationError("--precision must be a fraction between 0 and 1 (0.01 = ±1%), got \(precision)")
        }
        if let budget, !(budget > 0 && budget <= 3_600) {
            throw ValidationError("--budget must be between 0 and 3600 seconds, got \(budget)")
        }
        if let timingCPUs, !(1...2).contains(timingCPUs) {
            throw ValidationError("--timing-cpus must be 1 or 2, got \(timingCPUs)")
        }
    }

    /// The sampling plan these options describe.
    var plan: SamplingPlan {
        var plan: SamplingPlan = quick ? .quick : .standard
        if let precision { plan.precision = precision }
        if let budget {
            plan.budgetNanosecondsPerCell = UInt64(budget * 1e9)
            plan.minimumRunSeconds = 0  // the user's budget is the run's, however few its cells
        }
        return plan
    }
}
