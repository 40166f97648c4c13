import Foundation
import CodableBenchCore

/// The CPUs a run samples on: two where work on one does not slow the other (each samples its own
/// generations, its workers starting on it between its rounds), else one, with the next
/// generations starting beside it. Checked at the run's start: a host whose two CPUs share a core
/// or too small a cache would let one CPU's decodes move the other's, and pairs on one CPU would no
/// longer see the same machine as their ratio's other pairs.
struct TimingCPUs: Equatable, Sendable {
    /// One sampling lane per entry; nil: one lane the system places (no affinity call).
    let cpus: [Int?]
    /// What the check found, in a sentence for the run's log and report.
    let note: String

    /// Work on one CPU slows the other where the check's cache probe read more than this much
    /// slower with the other CPU loaded, beyond the check's own noise (the 95% interval of the
    /// slowdown lies wholly above 1): the probe itself moves by tens of percent within a second on
    /// a host whose cache others contend for.
    static let slowedAbove = 1.05

    /// The CPUs of `allowed` that no lane samples on, where the lanes are pinned (none where a
    /// lane is placed by the system, or nothing is known of the CPUs).
    func spare(of allowed: [Int]?) -> [Int] {
        guard let allowed, cpus.allSatisfy({ $0 != nil }) else { return [] }
        return allowed.filter { !cpus.contains($0) }
    }

    /// `asked`: the user's `--timing-cpus` (nil: decide).
    static func choose(asked: Int?) -> TimingCPUs {
        guard Platform.current.pinsTimingCPU, let allowed = SystemCalls.allowedCPUs(), allowed.count > 1 else {
            let ignored = asked == 2 ? ": --timing-cpus 2 asks for what it cannot do" : ""
            return TimingCPUs(
                cpus: [Affinity.timingCPU()], note: "one timing CPU (this platform does not pin processes to CPUs\(ignored))")
        }
        let last = allowed[allowed.count - 1], other = allowed[allowed.count - 2]
        if asked == 1 { return TimingCPUs(cpus: [last], note: "one timing CPU (--timing-cpus 1)") }
        if asked == 2 { return TimingCPUs(cpus: [other, last], note: "two timing CPUs (--timing-cpus 2)") }
        let cache = crossSlowing(probed: last, loaded: other)
        let figures = "the cache probe read \(cache.text) with the other loaded"
        guard cache.low <= 1 || cache.value <= slowedAbove else {
            return TimingCPUs(cpus: [last], note: "one timing CPU: work on CPU \(other) slowed CPU \(last) (\(figures))")
        }
        return TimingCPUs(
            cpus: [other, last], note: "two timing CPUs: work on one did not measurably slow the other (\(figures))")
    }

    /// How much a memory-bound load on `loaded` slows the cache probe on `probed`: pairs of probes,
    /// one with the other CPU idle and one with it loaded, in turn (so that a change of the host's
    /// state meanwhile falls on both), as the mean of their log ratios with its 95% interval.
    static func crossSlowing(probed: Int, loaded: Int, pairs: Int = 20) -> PairedRatio {
        let load = BackgroundLoad(on: loaded)
        defer { load.stop() }
        let probe = CacheProbe()
        var logRatios: [[Double]] = []
        Affinity.on(probed) {
            _ = probe.read()
            for _ in 0..<pairs {
                var readings: [Double] = []
                for loading in [false, true] {
                    load.set(running: loading)
                    _ = probe.read()  // the other CPU has switched by now
                    readings.append(max(probe.read().cacheNanosecondsPerLoad, 0.1))
                }
                logRatios.append([log(readings[1] / readings[0])])
            }
        }
        // One log ratio per pair, each a generation of its own: the trimmed mean and its interval.
        return PairedRatio(logRatiosByGeneration: logRatios) ?? .one
    }

    /// A thread on one CPU walking a 4 MiB ring (a decode's working set, in a dependent chain)
    /// while told to run.
    // Unchecked: its thread and the caller share `running` and `ended`, only under `condition`.
    private final class BackgroundLoad: @unchecked Sendable {
        private let condition = NSCondition()
        private var running = false
        private var ended = false

        init(on cpu: Int) {
            Thread { [self] in
                Affinity.on(cpu) {
                    let ring = CacheProbe(ringBytes: 4 << 20)
                    while waitUntilRunning() { _ = ring.read() }
                }
            }.start()
        }

        func set(running: Bool) {
            condition.withLock {
                self.running = running; condition.broadcast()
            }
        }
        func stop() {
            condition.withLock {
                ended = true; condition.broadcast()
            }
        }

        /// False once stopped.
        private func waitUntilRunning() -> Bool {
            condition.withLock {
                while !running && !ended { condition.wait() }
                return !ended
            }
        }
    }
}
