import CodableBenchCore
import Foundation

/// What a lockstep comparison has measured: its samples by generation, and its pairs.
extension LockstepComparison {
    struct Result {
        var verdicts: [VerifiedOutcome]
        var outputBytes: [Int?]
        /// Per generation, its samples in the order taken.
        var generations: [[TimingSample]] = []
        /// Per member and generation, its pairs, taken once as each generation is recorded.
        var pairs: [[[Pair]]]
        /// Per generation, the cache probes of its round (`CacheProbe`).
        var probes: [[ProbeReading]] = []
        var measuredNanoseconds = 0.0
        /// Where the generations' wall time went (run.json's `phases`).
        var phases = GenerationPhases()

        /// Per member, the paired ratio to its yardstick so far: the verdict's (`StatedRatio`).
        var ratios: [PairedRatio?] { stated.map { $0?.ratio } }
        /// Per member, its ratio in each state the host was in.
        var stated: [StatedRatio?] { pairs.map { StatedRatio(pairsByGeneration: $0) } }

        /// A member's samples over all generations so far, in the order taken.
        /// Adds a generation's samples, in the order taken, numbering them: the comparison's
        /// generation number (a member left out of a focused generation keeps the numbers, so its
        /// samples still line up with its yardstick's) and each one's place in the generation.
        mutating func append(generation samples: [TimingSample]) {
            let number = generations.count
            generations.append(
                samples.enumerated().map { index, sample in
                    var numbered = sample
                    (numbered.generation, numbered.sequence) = (number, index)
                    return numbered
                })
        }

        func samples(of member: Int) -> [TimingSample] { generations.joined().filter { $0.member == member } }

        /// A member's samples, per decode, by generation (those it took part in).
        func timings(of member: Int) -> [[TimingSample]] {
            generations.map { $0.filter { $0.member == member } }.filter { !$0.isEmpty }
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
    static func assignStates(_ probes: [ProbeReading], to samples: inout [TimingSample]) {
        guard !probes.isEmpty else { return }
        for index in samples.indices {
            let around = [probes.last { $0.before <= index }, probes.first { $0.before > index }].compactMap { $0?.reading.state }
            samples[index].state = around.isEmpty ? nil : around.contains(.contended) ? .contended : .quiet
        }
    }
}
