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
        var measuredNanoseconds: UInt64 = 0
        /// Where the generations' wall time went (run.json's `phases`).
        var phases = GenerationPhases()

        /// Per member, the paired ratio to its yardstick so far.
        var ratios: [PairedRatio?] { pairs.map { PairedRatio(pairsByGeneration: $0) } }

        /// A member's samples over all generations so far, in the order taken.
        func samples(of member: Int) -> [Sample] { generations.joined().filter { $0.member == member } }

        /// A member's samples, per decode, by generation (those it took part in).
        func timings(of member: Int) -> [[TimingSample]] {
            generations.enumerated().map { index, generation in
                generation.enumerated().filter { $0.element.member == member }.map { sequence, sample in
                    TimingSample(
                        wallNanoseconds: sample.perDecode,
                        cpuNanoseconds: Double(sample.cpuNanoseconds) / Double(sample.decodes),
                        decodes: sample.decodes * sample.batches, sequence: sequence, generation: index)
                }
            }.filter { !$0.isEmpty }
        }
    }
}
