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
        let comparison = try Comparison(
            baseline: try RunData.load(baseline), current: try RunData.load(current),
            tolerances: try loadTolerances(tolerances))
        print(comparison.render())
    }
}

/// The committed tolerances when present, else the built-in defaults.
func loadTolerances(_ path: String?) throws -> GateTolerances {
    if let path { return try GateTolerances.read(URL(fileURLWithPath: path)) }
    let committed = URL(fileURLWithPath: "results/gate-tolerances.json")
    return FileManager.default.fileExists(atPath: committed.path) ? try GateTolerances.read(committed) : .standard
}
