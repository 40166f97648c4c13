import ArgumentParser
import Foundation

struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two runs cell by cell: faster / slower / more / fewer / no change / new / gone / outcome changed."
    )

    @Argument(help: "Baseline: a results.csv, a run folder, or a run id.")
    var baseline: String

    @Argument(help: "Current: a results.csv, a run folder, or a run id.")
    var current: String

    @Option(help: "Tolerances file (default: results/gate-tolerances.json when present).")
    var tolerances: String?

    func run() throws {
        let before = try RunData.load(baseline), after = try RunData.load(current)
        let tolerances = try loadTolerances(tolerances)
        let comparison = try Comparison(baseline: before, current: after, tolerances: tolerances)
        print(comparison.render())
        // The machine-independent view: each cell's paired ratio to its yardstick in both runs.
        let ratios = RatioChange.all(
            baseline: before, current: after, relative: tolerances.ratio?.relative ?? GateTolerances.standard.ratio!.relative)
        guard !ratios.isEmpty else { return }
        let moved = ratios.filter { $0.verdict != .noChange }
        print("")
        print(
            "paired ratios to the same yardstick in both runs: \(ratios.count), changed beyond ±"
                + String(format: "%g%%", (tolerances.ratio?.relative ?? 0.05) * 100) + " with their whole interval: \(moved.count)")
        for change in moved { print("\(change.verdict.rawValue): \(change.line)") }
    }
}

/// The committed tolerances when present, else the built-in defaults.
func loadTolerances(_ path: String?) throws -> GateTolerances {
    if let path { return try GateTolerances.read(URL(fileURLWithPath: path)) }
    let committed = URL(fileURLWithPath: "results/gate-tolerances.json")
    return FileManager.default.fileExists(atPath: committed.path) ? try GateTolerances.read(committed) : .standard
}
