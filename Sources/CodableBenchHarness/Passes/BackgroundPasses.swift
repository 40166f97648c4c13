import Foundation
import CodableBenchCore

/// The counting passes, run beside the sampling rather than between two generations, where they
/// took a tenth of a default run with nothing sampled (figures: Notebook, "Figures behind the code"). Counts do not depend on the machine's load,
/// nor on when they are taken, so every cell's pass is queued when the run starts. One thread runs
/// them one at a time, kept off the timing CPU and at the lowest priority, and the worker processes
/// it starts inherit both: they use the time the other CPUs would idle and yield to the lockstep
/// workers starting there. What is left when sampling ends runs on every CPU at full priority
/// (`drain`).
// Unchecked: its thread and the run's share the batches, the queue and `closed`, only under
// `condition`.
final class BackgroundPasses<Output>: @unchecked Sendable {
    /// One comparison's passes: its outputs in its cells' order.
    private struct Batch {
        var outputs: [Output?]
        var left: Int
    }
    private struct Job {
        let key: Int
        let slot: Int
        /// Lower runs first; equal ones in the order submitted.
        let priority: Int
        let work: @Sendable () -> Output
    }

    private let condition = NSCondition()
    private var batches: [Int: Batch] = [:]
    private var queued: [Job] = []
    private var closed = false

    /// Starts the thread, kept off `cpu` (nil: anywhere); without `besideSampling` (every CPU
    /// samples), no thread: the passes wait for `drain`.
    init(avoiding cpu: Int?, besideSampling: Bool = true) {
        guard besideSampling else { return }
        let thread = Thread { [self] in
            Thread.current.threadDictionary[Self.besideSamplingKey] = true
            Affinity.avoiding(cpu) {
                SystemCalls.lowerThisThreadsPriority()
                while let job = next(waiting: true) { run(job) }
            }
        }
        thread.start()
    }

    /// Whether the calling thread is the one that runs passes beside the sampling: a pass started
    /// there lowers its worker's priority (`CountingPasses.allocations`), one the lanes or the
    /// drain start does not (on Darwin a background process is confined to the efficiency cores).
    static var isBesideSampling: Bool { Thread.current.threadDictionary[besideSamplingKey] != nil }
    private static var besideSamplingKey: String { "codablebench.beside-sampling" }

    /// Queues `works`, one comparison's passes, under `key`, after those queued with a lower or
    /// equal `priority`.
    func submit(_ key: Int, _ works: [@Sendable () -> Output], priority: Int = 0) {
        condition.withLock {
            batches[key] = Batch(outputs: works.map { _ in nil }, left: works.count)
            let jobs = works.enumerated().map { Job(key: key, slot: $0.offset, priority: priority, work: $0.element) }
            queued.insert(contentsOf: jobs, at: queued.firstIndex { $0.priority > priority } ?? queued.endIndex)
            condition.broadcast()
        }
    }

    /// Runs the next queued pass on the calling thread (a sampling lane between its rounds, when
    /// every CPU samples and no thread runs them beside); false when none is queued.
    func runNext() -> Bool {
        guard let job = next(waiting: false) else { return false }
        run(job)
        return true
    }

    /// Whether a pass is queued and not started.
    var hasQueued: Bool { condition.withLock { !queued.isEmpty } }

    /// Gives every pass not yet started `output` instead of running it (the time for them is up).
    func cancelQueued(giving output: Output) {
        condition.withLock {
            for job in queued {
                batches[job.key]?.outputs[job.slot] = output
                batches[job.key]?.left -= 1
            }
            queued.removeAll()
            condition.broadcast()
        }
    }

    /// The outputs of `key`'s passes in their order, once they have all run; nil before.
    func outputs(of key: Int) -> [Output]? {
        condition.withLock {
            guard let batch = batches[key], batch.left == 0 else { return nil }
            return batch.outputs.map { $0! }
        }
    }

    /// The passes not yet started, as (key, index among the key's passes).
    func notStarted() -> [(key: Int, slot: Int)] {
        condition.withLock { queued.map { ($0.key, $0.slot) } }
    }

    /// Runs what is still queued two at a time at full priority on every CPU (sampling has ended),
    /// waits for the pass the background thread has started, and ends that thread. The background
    /// thread takes no new pass meanwhile: at the lowest priority beside other load, a pass of a
    /// tenth of a second can take seconds.
    func drain() {
        condition.withLock {
            closed = true
            condition.broadcast()
        }
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            while let job = next(waiting: false) { run(job) }
        }
        condition.withLock {
            while batches.values.contains(where: { $0.left > 0 }) { condition.wait() }
        }
    }

    /// The next pass to run: the background thread's (`waiting`) until `drain` closes the queue,
    /// the drain's until the queue is empty.
    private func next(waiting: Bool) -> Job? {
        condition.withLock {
            if waiting {
                while queued.isEmpty && !closed { condition.wait() }
                if closed { return nil }
            }
            return queued.isEmpty ? nil : queued.removeFirst()
        }
    }

    private func run(_ job: Job) {
        let output = job.work()
        condition.withLock {
            batches[job.key]?.outputs[job.slot] = output
            batches[job.key]?.left -= 1
            condition.broadcast()
        }
    }
}
