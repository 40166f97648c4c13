import Foundation
import CodableBenchCore

/// A CPU that samples, and the thread that takes its rounds. With one lane, the next generations'
/// workers start on the other CPUs while it samples (`InterleavedSampling`); with two, each lane
/// starts its own generation's workers on its CPU between its rounds, so that nothing else runs
/// on a CPU while it samples and both CPUs sample most of the time.
final class SamplingLane {
    /// nil: one lane the system places (no affinity call).
    let cpu: Int?
    /// The lane's own cache probe (a ring each, so that two lanes' probes do not warm each other's),
    /// sized for this CPU's caches.
    let probe: CacheProbe = {
        let cpu = CPUIdentity.current()
        return CacheProbe(ringBytes: CacheProbe.ringBytes(for: cpu), lineBytes: cpu.lineBytes ?? 64)
    }()

    /// What the lane is doing; read and changed by the run's thread only.
    enum Activity {
        case idle
        /// Its own generation's workers start on its CPU (two lanes).
        case starting(comparison: Int, launch: LockstepComparison.Launch, since: Date)
        /// A round on its thread.
        case sampling(comparison: Int)
        /// A counting or exact pass on its thread, on its CPU (two lanes: no CPU is left beside).
        case background
    }
    var activity = Activity.idle

    /// The comparison the lane holds, if any.
    var comparison: Int? {
        switch activity {
        case .idle, .background: return nil
        case .starting(let index, _, _), .sampling(let index): return index
        }
    }

    var isSampling: Bool {
        if case .sampling = activity { return true }
        return false
    }

    var isIdle: Bool {
        if case .idle = activity { return true }
        return false
    }

    private let jobs = DispatchQueue(label: "codablebench.lane")

    /// Calibrates the lane's probe on its CPU now, while nothing of the run's runs beside it: on
    /// the lane's thread, at the priority its probes run at (Darwin: the same QoS, so the same
    /// kind of core, as the probes the floor is compared with).
    init(cpu: Int?) {
        self.cpu = cpu
        let probe = probe
        jobs.sync {
            if cpu == nil { SystemCalls.raiseThisThreadsPriority() }
            Affinity.on(cpu) { probe.calibrate() }
        }
    }

    /// Runs `round` on the lane's thread, which stays on the lane's CPU meanwhile (it runs only
    /// between its worker's samples there, and so never beside another lane's); `done` is called
    /// there with its outcome.
    func run<T>(_ round: @escaping () throws -> T, done: @escaping (Result<T, Error>) -> Void) {
        let cpu = cpu
        let job = HandedOver {
            // Unpinned (Darwin): the lane's thread probes and paces its worker on a performance core.
            if cpu == nil { SystemCalls.raiseThisThreadsPriority() }
            done(Result { try Affinity.on(cpu) { try round() } })
        }
        jobs.async { job.value() }
    }

    /// What the run's thread hands to a lane's thread: a round's comparison (a copy), its ready
    /// workers and the lane's probe. Unchecked: the run's thread does not touch them until `done`
    /// posts them back (`InterleavedSampling.sample`), an ownership the compiler cannot follow
    /// through a dispatch queue.
    private struct HandedOver<Value>: @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }
}

/// Where what the lanes finished waits for the run's thread, which sleeps in `poll` on
/// `wakeDescriptor` among the starting workers' descriptors.
// Unchecked: `finished` is touched only under `lock`, and the pipe's descriptors never change.
final class FinishedRounds<Round>: @unchecked Sendable {
    private let lock = NSLock()
    private var finished: [Round] = []
    private let pipe: (read: Int32, write: Int32)

    init() {
        guard let pipe = SystemCalls.pipe() else { preconditionFailure("cannot create a pipe") }
        self.pipe = pipe
        SystemCalls.makeNonBlocking(pipe.read)
    }

    deinit {
        SystemCalls.close(pipe.read)
        SystemCalls.close(pipe.write)
    }

    var wakeDescriptor: Int32 { pipe.read }

    func post(_ round: Round) {
        lock.withLock { finished.append(round) }
        wake()
    }

    /// Wakes the run's thread from its `poll` (a round finished, a launch created its workers).
    func wake() {
        var byte: UInt8 = 1
        _ = SystemCalls.write(pipe.write, from: &byte, count: 1)
    }

    /// The rounds finished since the last call, oldest first.
    func take() -> [Round] {
        var bytes = [UInt8](repeating: 0, count: 64)
        while SystemCalls.read(pipe.read, into: &bytes, count: bytes.count) > 0 {}
        return lock.withLock {
            defer { finished.removeAll() }
            return finished
        }
    }
}
