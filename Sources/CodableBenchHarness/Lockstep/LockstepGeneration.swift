import CodableBenchCore
import Foundation

/// A process generation of a lockstep comparison, from its launch on a thread of its own to its
/// workers ready to sample.
extension LockstepComparison {
    /// A generation's workers, launched: verifying and warming up, on the CPUs other than the
    /// timing CPU, while the runner samples another comparison's generation there.
    final class StartingGeneration {
        let workers: [Int: LockstepWorker]
        let launched: UInt64

        init(workers: [Int: LockstepWorker], launched: UInt64) {
            self.workers = workers
            self.launched = launched
        }

        /// Stops the workers not yet stopped (a generation the runner no longer needs).
        func stop() { workers.values.forEach { $0.stop() } }
        deinit { stop() }

        /// Every worker has said it is ready, or ended; never blocks.
        var isReady: Bool { workers.values.allSatisfy { $0.hasReplied() } }

        /// The workers that have not replied yet, for `poll`.
        var pendingDescriptors: [Int32] { workers.values.filter { !$0.hasReplied() }.map(\.replyDescriptor) }

        /// Lets the workers use every CPU (nothing samples) or keeps them off `cpu` (a generation
        /// samples there).
        func allowEveryCPU() { workers.values.forEach { Affinity.release($0.pid) } }
        func keepOff(_ cpu: Int) { workers.values.forEach { Affinity.keep($0.pid, off: cpu) } }

        /// Tells every worker to quit, without waiting for them to exit.
        func quit() { workers.values.forEach { $0.quit() } }
    }

    /// A generation being launched on a thread of its own, so that creating its processes (tens of
    /// milliseconds each when the CPU is shared with workers starting) overlaps the round that samples.
    // Unchecked: `outcome` is written once by the launch's thread before `done` is signalled, and
    // read only after waiting on `done`, an order the compiler cannot see through a semaphore.
    final class Launch: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private var outcome: Swift.Result<StartingGeneration, Error>?

        /// `launched`: called on the launch's thread once its workers exist (or it failed).
        init(_ comparison: LockstepComparison, placement: Affinity.Placement, launched: @escaping @Sendable () -> Void = {}) {
            Thread {
                self.outcome = Swift.Result { try comparison.launchGeneration(placement) }
                self.done.signal()
                launched()
            }.start()
        }

        /// The launched generation, once its workers exist.
        func generation() throws -> StartingGeneration {
            done.wait()
            return try outcome!.get()
        }

        /// How the launch ended, or nil while it runs; never blocks.
        private var outcomeSoFar: Swift.Result<StartingGeneration, Error>? {
            guard done.wait(timeout: .now()) == .success else { return nil }
            done.signal()  // the wait took the signal: give it back for the next one
            return outcome
        }

        /// The launched generation if its workers exist by now (nil: still launching, or failed,
        /// which `generation()` reports).
        var launched: StartingGeneration? { try? outcomeSoFar?.get() }

        /// Launched, and every worker has replied (or the launch failed): `awaitReady` would not
        /// wait for it.
        var isReady: Bool { outcomeSoFar.map { (try? $0.get())?.isReady ?? true } ?? false }

        /// Seconds since the launch began.
        var age: Double { Double(Clocks.wall() - began) / 1e9 }
        private let began = Clocks.wall()
    }

    /// A generation whose workers verified and warmed up: their sample sizes, ready to sample.
    struct ReadyGeneration {
        let starting: StartingGeneration
        let sizes: [Int: SampleSize]
        /// The workers' CPU time until they were ready (process start, verification, warm-up).
        let startCPUSeconds: Double
    }
}
