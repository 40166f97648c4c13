import Foundation
import CodableBenchCore

/// A cell of the exact pass: where its count goes (its comparison and member), and what counting
/// it needs.
struct ExactCell: Sendable {
    let comparison: Int
    let member: Int
    let state: CellState
    let plan: ExactPassPlan.Cell

    /// One worker process of the exact pass: its cells, and whether it simulates the caches.
    struct Process: Sendable {
        var cells: [ExactCell]
        var simulatesCaches: Bool

        /// Counts the cells in one forking worker: each cell with its count (nil where none was
        /// taken), and why the worker failed, where it did.
        func count(with passes: CountingPasses) throws -> (counts: [(ExactCell, ExactCount?)], failure: String?) {
            let counted = try passes.instructions(
                ofEach: cells.map(\.state), simulatingCaches: simulatesCaches, stops: { Interruption.requested != nil })
            return (Array(zip(cells, counted.counts)), counted.failure)
        }
    }

    /// `cells` split into worker processes: a process runs one build's executable (`ab`'s baseline
    /// cells are counted apart), and each build's cells are split by `ExactPassPlan`.
    static func processes(of cells: [ExactCell], simulatingEveryCell: Bool, processesPerKind: Int) -> [Process] {
        let builds = Dictionary(grouping: cells) { $0.state.build.executable.path }
        return builds.keys.sorted().flatMap { build in
            let group = builds[build]!
            let plan = ExactPassPlan(
                cells: group.map(\.plan), simulatingEveryCell: simulatingEveryCell, processesPerKind: processesPerKind)
            return plan.processes.map { Process(cells: $0.cells.map { group[$0] }, simulatesCaches: $0.simulatesCaches) }
        }
    }
}
