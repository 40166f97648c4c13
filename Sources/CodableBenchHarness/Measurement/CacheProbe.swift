import Foundation
import CodableBenchCore

/// What the host's shared cache is doing right now, measured beside the samples by the thread that
/// takes them, on the timing CPU: whether a megabyte just touched is still in the cache, on an
/// absolute scale (nanoseconds per load), next to how fast plain arithmetic runs.
///
/// Why: on shared hosts other tenants contend for the last-level cache by the hour. A pointer chase
/// through a few megabytes then runs 1.3–4× slower while arithmetic runs at full speed, in CPU
/// time (so it is not the CPU being shared), and a ratio between memory-bound and compute-bound code
/// moves with it (`../shared/contended-runs`, `HostState`). A decode's own pace cannot tell this
/// apart from the code: it is relative to the run, and a run spent wholly under contention has no
/// fast pace to compare with.
///
/// A probe touches every line of a ring twice the size of the CPU's L2 (`ringBytes(for:)`, so
/// that the ring lives in the last-level cache), spins on arithmetic for a fraction of a
/// millisecond (the compute figure), then reads back the quarter of the ring it touched first, in
/// a dependent chain, timed in the thread's CPU time. With the cache to itself those loads hit it;
/// where others evicted the lines they go to memory, several times slower.
///
/// What counts as contended is measured where the probe runs (`calibrate`): a floor of
/// back-to-back probes on the timing CPU before the run's workers start, as the run's own probes
/// are taken between samples with no idle gap, and a load counts as contended above
/// `contendedFactor` times that floor. A threshold in nanoseconds, set on one CPU, read another
/// CPU's own idle gaps as contention (Notebook, "The probe on another CPU"). Whether the label then predicts anything about
/// the decodes is checked after the run (`HostStateCheck`).
final class CacheProbe {
    static let standardRingBytes = 1 << 20

    /// Twice the CPU's L2, from 1 to 8 MiB: the upper bound keeps a probe's warming pass within a
    /// couple of milliseconds, and stays below the last-level caches of the x86 hosts this harness
    /// meets. On Apple silicon the performance cluster's L2 (12–16 MiB, shared) is the level
    /// below the system cache, so the ring is twice it whatever its size, else it would fit in the
    /// L2 and the probe would time L2 hits (unconfirmed on a Mac: MacChecklist).
    static func ringBytes(for cpu: CPUIdentity) -> Int {
        let wanted = 2 * (cpu.l2Bytes ?? standardRingBytes / 2)
        let atLeastOne = max(wanted, standardRingBytes)
        return cpu.vendor == "Apple" ? atLeastOne : min(atLeastOne, 8 << 20)
    }

    /// Back-to-back readings that make the floor, and how far above it a load counts as contended:
    /// a last-level hit against a load from memory is 3–10× on the CPUs of the last decade.
    static let calibrationReadings = 24
    static let contendedFactor = 3.0
    /// The floor (the tenth percentile of the back-to-back readings) and the threshold above it
    /// (nil until calibrated).
    private(set) var quietFloorNanoseconds: Double?
    private(set) var contendedAboveNanoseconds: Double?
    let ringBytes: Int
    /// A chain node per cache line: 64 bytes, or the CPU's line where it says (128 on Apple silicon,
    /// where two 64-byte nodes would share a line).
    private let lineInts: Int
    static let computeOps = 250_000

    private let ring: UnsafeMutablePointer<Int>
    private let lines: Int
    /// Loads of the timed chain: the quarter of the ring touched first.
    private var timedLoads: Int { lines / 4 }

    /// The ring: each line's first word holds the index of the next line's, in a random cycle
    /// (seeded: every probe of every run walks the same cycle), so each load waits for the last
    /// and no prefetcher can guess the next. (A larger ring is a load on another CPU, `TimingCPUs`.)
    init(ringBytes: Int = standardRingBytes, lineBytes: Int = 64) {
        self.ringBytes = ringBytes
        let lineBytes = max(lineBytes, 64)
        lineInts = lineBytes / MemoryLayout<Int>.stride
        lines = ringBytes / lineBytes
        ring = UnsafeMutablePointer<Int>.allocate(capacity: ringBytes / MemoryLayout<Int>.stride)
        ring.initialize(repeating: 0, count: ringBytes / MemoryLayout<Int>.stride)
        var order = Array(0..<lines)
        var random = SeededRandom(seed: 0x00CA_C4E0)
        for i in stride(from: order.count - 1, to: 0, by: -1) { order.swapAt(i, random.below(i + 1)) }
        for (i, line) in order.enumerated() {
            ring[line * lineInts] = order[(i + 1) % order.count] * lineInts
        }
        start = order[0] * lineInts
        // A line that points to itself: its chain measures a load from L1 and the loop around it.
        let hotWord = order[order.count / 2] * lineInts + 1
        ring[hotWord] = hotWord
        hot = hotWord
    }

    private let start: Int
    private let hot: Int

    deinit { ring.deallocate() }

    /// One probe, on the calling thread (the caller pins it to the CPU it describes). Each figure
    /// is a difference of two loops that differ only in what they measure (a load from the ring
    /// against one from a line just read; two multiply-adds a turn against one), so that the loop's
    /// own cost, which an unoptimized build multiplies, cancels.
    func read() -> CacheReading {
        if contendedAboveNanoseconds == nil { calibrate() }
        var reading = measure()
        reading.contendedAboveNanoseconds = contendedAboveNanoseconds!
        return reading
    }

    /// The floor and threshold, from back-to-back readings on the calling thread's CPU: their
    /// tenth percentile, so that a few readings disturbed by what else starts then do not raise it.
    /// Done when the lane is made, before any worker of the run starts (`SamplingLane`), else at
    /// the first reading.
    func calibrate() {
        let floor = (0..<Self.calibrationReadings).map { _ in measure().cacheNanosecondsPerLoad }.sorted()[
            Self.calibrationReadings / 10]
        quietFloorNanoseconds = floor
        // At least a few nanoseconds above a floor of next to nothing (an L2-sized ring on a CPU
        // whose L2 was misreported).
        contendedAboveNanoseconds = max(floor * Self.contendedFactor, floor + 5)
    }

    private func measure() -> CacheReading {
        var position = start
        for _ in 0..<lines { position = ring[position] }
        let spinStart = Clocks.threadCPU()
        let once = Self.spin(position, twice: false)
        let spinHalf = Clocks.threadCPU()
        let twice = Self.spin(once, twice: true)
        let chainStart = Clocks.threadCPU()
        position = start
        for _ in 0..<timedLoads { position = ring[position] }
        let chainHalf = Clocks.threadCPU()
        var cached = hot
        for _ in 0..<timedLoads { cached = ring[cached] }
        let end = Clocks.threadCPU()
        sink = position &+ twice &+ cached
        let oneSpin = Double(spinHalf - spinStart), twoSpins = Double(chainStart - spinHalf)
        let ringChain = Double(chainHalf - chainStart), hotChain = Double(end - chainHalf)
        return CacheReading(
            cacheNanosecondsPerLoad: max(ringChain - hotChain, 0) / Double(timedLoads),
            computeNanosecondsPerOp: max(twoSpins - oneSpin, 0) / Double(Self.computeOps),
            contendedAboveNanoseconds: .infinity)
    }

    /// Keeps the optimizer from dropping the chains.
    private var sink = 0

    /// `computeOps` turns of one dependent step (a shift, an exclusive or and a multiply, which no
    /// compiler folds into fewer when two follow each other), or of two.
    @inline(never)
    private static func spin(_ seed: Int, twice: Bool) -> Int {
        var x = UInt64(truncatingIfNeeded: seed) | 1
        if twice {
            for _ in 0..<computeOps {
                x = (x ^ (x >> 29)) &* 0xBF58_476D_1CE4_E5B9
                x = (x ^ (x >> 29)) &* 0xBF58_476D_1CE4_E5B9
            }
        } else {
            for _ in 0..<computeOps { x = (x ^ (x >> 29)) &* 0xBF58_476D_1CE4_E5B9 }
        }
        return Int(truncatingIfNeeded: x)
    }
}
