/// How the exact measures of a run's cells are counted once its sampling has ended
/// (`InterleavedSampling.countExact`): which cells also simulate the caches, and which worker
/// process counts each. IO-free, so that it is tested on made-up cells.
///
/// Callgrind's cache simulation is a process's option, and a decode under it takes two to two and
/// a half times as long as with instructions alone (figures: Notebook, "Exact measures for every
/// cell"), so cells whose decode is short simulate the caches and the others count instructions
/// only. Each kind is split between two processes of about equal
/// cost (one per CPU of a two-CPU machine), each counting its cells in their order; beside the
/// sampling (`SpareCPUExactPass`), one process a kind, as one thread counts a batch in turn.
package struct ExactPassPlan: Equatable {
    /// A cell to count: its warm decode's time (nil where nothing timed it) and its payload's size.
    struct Cell {
        var decodeSeconds: Double?
        var bytes: Int

        /// Its decode's time; a cell not timed is sized by its bytes, at the pace of a slow decode
        /// (30 MB/s).
        var cost: Double { decodeSeconds ?? Double(bytes) / 30e6 }
    }

    /// One worker process: its cells, by index into the plan's, and whether it simulates the caches.
    struct Process: Equatable {
        var cells: [Int]
        var simulatesCaches: Bool
    }

    /// A decode at most this long simulates the caches without `--instructions`: the `small`
    /// payloads' decodes (about 1 ms), not `medium`'s (10 ms) or `large`'s: what a default run's
    /// time allows (figures: Notebook, "Exact measures for every cell").
    package static let simulatedUpToSeconds = 0.004

    let processes: [Process]

    /// `processesPerKind`: one per CPU of the machines the default run is made for (each forks a
    /// child per cell, `ForkServer`).
    init(cells: [Cell], simulatingEveryCell: Bool, processesPerKind: Int = 2) {
        let cost = cells.map(\.cost)
        let simulated = cells.indices.filter { simulatingEveryCell || cost[$0] <= Self.simulatedUpToSeconds }
        let counted = cells.indices.filter { !simulated.contains($0) }
        processes =
            Self.split(simulated, cost: cost, into: processesPerKind).map { Process(cells: $0, simulatesCaches: true) }
            + Self.split(counted, cost: cost, into: processesPerKind).map { Process(cells: $0, simulatesCaches: false) }
    }

    /// About how long callgrind takes to count `cell` in a forking worker, in seconds: a child's
    /// start and translation, and the counted decode at callgrind's pace, 60 times the native
    /// decode's time with instructions alone and 150 times with the caches simulated (figures:
    /// Notebook, "Exact measures for every cell").
    static func countingSeconds(of cell: Cell, simulatingEveryCell: Bool) -> Double {
        simulatingEveryCell || cell.cost <= simulatedUpToSeconds ? 0.58 + 150 * cell.cost : 0.40 + 60 * cell.cost
    }

    /// `cells` in `groups` groups of about equal cost (the longest first, each to the cheapest
    /// group so far), each in the cells' order; no empty group.
    static func split(_ cells: [Int], cost: [Double], into count: Int) -> [[Int]] {
        var groups = [[Int]](repeating: [], count: max(count, 1))
        var totals = [Double](repeating: 0, count: groups.count)
        for cell in cells.sorted(by: { (cost[$0], $1) > (cost[$1], $0) }) {
            let cheapest = totals.indices.min { totals[$0] < totals[$1] }!
            groups[cheapest].append(cell)
            totals[cheapest] += cost[cell]
        }
        return groups.filter { !$0.isEmpty }.map { $0.sorted() }
    }
}
