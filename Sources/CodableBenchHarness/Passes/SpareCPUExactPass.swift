import Foundation
import CodableBenchCore

/// The exact pass beside the sampling, on the CPUs no lane samples on (a 4-vCPU runner's other
/// two, or beside one lane every other CPU): each comparison's cells are queued when it finishes,
/// and a thread per spare CPU counts what is queued, a batch at a time in one forking worker, at
/// the lowest priority. What the sampling leaves uncounted, `InterleavedSampling.countExact`
/// counts on every CPU. A count does not depend on where or beside what it was taken (each cell
/// is counted in a child forked from one worker state), so counting beside the sampling changes
/// no figure, only when it is taken.
// Unchecked: its threads and the run's share the queue, the counts, `counting` and `closed`, only
// under `condition`.
final class SpareCPUExactPass: @unchecked Sendable {
    /// A batch is cut at about this many seconds of counting (`ExactPassPlan.countingSeconds`),
    /// so that the batches still counting when the sampling ends, which it waits for, are short.
    static let batchSeconds = 10.0

    /// "CPU 0", "CPUs 0, 1": where it counts.
    let cpusText: String
    private let simulatingEveryCell: Bool
    private let condition = NSCondition()
    private var queued: [ExactCell] = []
    private var counts: [(ExactCell, ExactCount)] = []
    private var counting = 0
    private var closed = false

    /// Starts a thread per CPU of `cpus`, each allowed on all of them, counting with `passes`.
    init(cpus: [Int], passes: CountingPasses) {
        cpusText = (cpus.count == 1 ? "CPU " : "CPUs ") + cpus.map(String.init).joined(separator: ", ")
        simulatingEveryCell = passes.simulatesEveryCell
        for _ in cpus {
            Thread { [self] in
                Affinity.within(cpus) {
                    SystemCalls.lowerThisThreadsPriority()
                    while let batch = nextBatch() { count(batch, with: passes) }
                }
            }.start()
        }
    }

    /// Queues `cells`, a finished comparison's.
    func submit(_ cells: [ExactCell]) {
        guard !cells.isEmpty else { return }
        condition.withLock {
            queued += cells
            condition.broadcast()
        }
    }

    /// Ends the pass: no batch starts any more. Waits for the batches counting and returns every
    /// count taken (a cell not counted, or whose worker failed, is left to the pass after it).
    func finish() -> [(cell: ExactCell, count: ExactCount)] {
        condition.withLock {
            closed = true
            condition.broadcast()
            while counting > 0 { condition.wait() }
            return counts
        }
    }

    /// How many of the queued cells, from the front, a batch takes: as many as fit in `seconds`
    /// of counting, and at least one.
    static func batchLength(_ countingSeconds: [Double], upTo seconds: Double) -> Int {
        var total = 0.0
        for (index, cell) in countingSeconds.enumerated() {
            total += cell
            if total > seconds { return max(index, 1) }
        }
        return countingSeconds.count
    }

    /// The next batch, once one is queued; nil once the pass is finished.
    private func nextBatch() -> [ExactCell]? {
        condition.withLock {
            while queued.isEmpty && !closed { condition.wait() }
            if closed { return nil }
            let seconds = queued.map { ExactPassPlan.countingSeconds(of: $0.plan, simulatingEveryCell: simulatingEveryCell) }
            let length = Self.batchLength(seconds, upTo: Self.batchSeconds)
            let batch = Array(queued.prefix(length))
            queued.removeFirst(length)
            counting += 1
            return batch
        }
    }

    /// Counts `batch` (one worker a build and kind) and keeps what was counted.
    private func count(_ batch: [ExactCell], with passes: CountingPasses) {
        let processes = ExactCell.processes(of: batch, simulatingEveryCell: simulatingEveryCell, processesPerKind: 1)
        let counted = processes.flatMap { process in
            ((try? process.count(with: passes))?.counts ?? []).compactMap { cell, count in count.map { (cell, $0) } }
        }
        condition.withLock {
            counts += counted
            counting -= 1
            condition.broadcast()
        }
    }
}
