import CodableBenchCore
import Foundation

/// What a lockstep comparison has measured: its samples by generation, and its pairs.
extension LockstepComparison {
    /// One sample of a generation, in the order taken: the median batch's wall and CPU times, of
    /// `batches` batches of `decodes` decodes (see `LockstepProtocol`).
    struct Sample {
        var member: Int
        var decodes: Int
        var batches: Int
        var wallNanoseconds: UInt64
        var cpuNanoseconds: UInt64
        /// The host's state around the sample, from the cache probes before and after it (nil
        /// without a probe).
        var state: HostState? = nil
        /// The CPU it was taken on (nil where nothing is pinned).
        var cpu: Int? = nil
        var perDecode: Double { Double(wallNanoseconds) / Double(decodes) }
        /// What pairs compare: the decode's time on the CPU. A single-threaded decode that does no
        /// I/O differs in wall time only by the time its process was off the CPU, noise from
        /// whatever else ran there that hits one sample and not its neighbours (Documentation/Method.md).
        var cpuPerDecode: Double { Double(cpuNanoseconds) / Double(decodes) }
        /// Time inside the sample's decodes (about: the median batch times the batches).
        var measuredNanoseconds: UInt64 { wallNanoseconds * UInt64(batches) }
    }

    struct Result {
        var verdicts: [Verdict]
        var outputBytes: [Int?]
        /// Per generation, its samples in the order taken.
        var generations: [[Sample]] = []
        /// Per member and generation, its pairs, taken once as each generation is recorded.
        var pairs: [[[Pair]]]
        /// Per generation, the cache probes of its round (`CacheProbe`).
        var probes: [[ProbeReading]] = []
        var measuredNanoseconds: UInt64 = 0
        /// Where the generations' wall time went (run.json's `phases`).
        var phases = GenerationPhases()

        /// Per member, the paired ratio to its yardstick so far: the verdict's (`StatedRatio`).
        var ratios: [PairedRatio?] { stated.map { $0?.verdict } }
        /// Per member, its ratio in each state the host was in.
        var stated: [StatedRatio?] { pairs.map { StatedRatio(pairsByGeneration: $0) } }

        /// A member's samples over all generations so far, in the order taken.
        func samples(of member: Int) -> [Sample] { generations.joined().filter { $0.member == member } }

        /// A member's samples, per decode, by generation (those it took part in).
        func timings(of member: Int) -> [[TimingSample]] {
            generations.enumerated().map { index, generation in
                generation.enumerated().filter { $0.element.member == member }.map { sequence, sample in
                    TimingSample(
                        wallNanoseconds: sample.perDecode,
                        cpuNanoseconds: Double(sample.cpuNanoseconds) / Double(sample.decodes),
                        decodes: sample.decodes * sample.batches, sequence: sequence, generation: index,
                        state: sample.state, cpu: sample.cpu)
                }
            }.filter { !$0.isEmpty }
        }
    }
}

/// A cache probe taken during a round, before the sample at index `before` (the round's sample
/// count for the probe after the last).
struct ProbeReading: Equatable {
    var before: Int
    var reading: CacheReading

    /// Each sample's state: quiet where the probes just before and just after it both read quiet,
    /// contended where either read contended (a pair whose state changed halfway is not the quiet
    /// state's), nil without a probe.
    static func assignStates(_ probes: [ProbeReading], to samples: inout [LockstepComparison.Sample]) {
        guard !probes.isEmpty else { return }
        for index in samples.indices {
            let around = [probes.last { $0.before <= index }, probes.first { $0.before > index }].compactMap { $0?.reading.state }
            samples[index].state = around.isEmpty ? nil : around.contains(.contended) ? .contended : .quiet
        }
    }
}
