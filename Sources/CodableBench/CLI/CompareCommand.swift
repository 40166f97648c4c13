import CodableBenchCore
import CodableBenchAnalysis
import CodableBenchHarness
import ArgumentParser
import Foundation

struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract:
            "Compare two runs cell by cell: faster / slower / within the noise floor / undecided (timings), more / fewer / no change (counts), new / gone / outcome changed."
    )

    @Argument(help: "Baseline: a results.csv, a run folder, or a run id.")
    var baseline: String

    @Argument(help: "Current: a results.csv, a run folder, or a run id.")
    var current: String

    @Option(help: "Tolerances file (default: results/gate-tolerances.json when present).")
    var tolerances: String?

    func run() throws {
        let before = try RecordedRun.load(baseline), after = try RecordedRun.load(current)
        let tolerances = try loadTolerances(tolerances)
        let comparison = try RunComparison(baseline: before, current: after, tolerances: tolerances)
        print(comparison.render())
        // The machine-independent view: each cell's paired ratio to its yardstick in both runs.
        let ratios = RatioChange.all(
            baseline: before, current: after, relative: tolerances.ratio?.relative ?? GateTolerances.standard.ratio!.relative)
        guard !ratios.isEmpty else { return }
        let moved = ratios.filter { $0.verdict == .slower || $0.verdict == .faster }
        let margin = String(format: "±%g%%", (tolerances.ratio?.relative ?? 0.05) * 100)
        print("")
        if let line = Self.slowStateLine(before, after) { print(line) }
        print(
            "paired ratios to the same yardstick in both runs: \(ratios.count); beyond \(margin) with their whole interval: "
                + "\(moved.count); within \(margin) with their whole interval: \(ratios.count { $0.verdict == .within }); "
                + "undecided (the interval reaches past \(margin)): \(ratios.count { $0.verdict == .undecided })")
        for change in moved { print("\(change.verdict.rawValue): \(change.line)") }
    }

    /// How much of each run the machine spent in its slow state: ratios between different kinds
    /// of code read differently in a steadier run (Documentation/Notebook.md, "One shift per run").
    static func slowStateLine(_ baseline: RecordedRun, _ current: RecordedRun) -> String? {
        guard let a = baseline.slowState, let b = current.slowState else { return nil }
        return String(
            format: "the machine ran in its slow state in %.1f%% of the baseline's timing samples and %.1f%% of the current's "
                + "(ratios between different kinds of code, such as JSONSerialization against JSONDecoder, move with it)",
            a.share * 100, b.share * 100)
    }
}

/// The committed tolerances when present, else the built-in defaults.
func loadTolerances(_ path: String?) throws -> GateTolerances {
    if let path { return try GateTolerances.read(URL(fileURLWithPath: path)) }
    let committed = URL(fileURLWithPath: "results/gate-tolerances.json")
    return FileManager.default.fileExists(atPath: committed.path) ? try GateTolerances.read(committed) : .standard
}
