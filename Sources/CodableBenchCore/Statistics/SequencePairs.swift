import Foundation

/// Pairs for samples taken one process after another (the cold pass: each sample is a fresh
/// process's first decode): each strategy sample with the nearest yardstick sample before it and
/// the nearest after it in the sequence, as the warm lockstep pairs a sample with its flanking
/// yardstick samples. A strategy sample without a yardstick on both sides is left unpaired.
package enum SequencePairs {
    /// `strategy` and `yardstick`: (position in the sequence, time) in any order; positions are
    /// distinct across both.
    package static func pairs(strategy: [(position: Int, time: Double)], yardstick: [(position: Int, time: Double)]) -> [Pair] {
        let flanks = yardstick.sorted { $0.position < $1.position }
        return strategy.sorted { $0.position < $1.position }.compactMap { sample in
            guard let after = flanks.firstIndex(where: { $0.position > sample.position }), after > 0 else { return nil }
            return Pair(sample: sample.time, before: flanks[after - 1].time, after: flanks[after].time)
        }
    }

    /// The ratio of `strategy`'s times over `yardstick`'s: every pair stands for a process
    /// generation of its own (each process is independent), combined as `PairedRatio` combines
    /// generations, slow spells left out first. nil below two pairs.
    package static func ratio(strategy: [(position: Int, time: Double)], yardstick: [(position: Int, time: Double)]) -> PairedRatio? {
        PairedRatio(pairsByGeneration: pairs(strategy: strategy, yardstick: yardstick).map { [$0] })
    }

    /// One time over another within each process (a first decode over the same process's warm
    /// decode), with the interval across processes: `PairedRatio`'s trimmed mean of log ratios.
    /// nil below two processes.
    package static func withinProcess(_ ratios: [(numerator: Double, denominator: Double)]) -> PairedRatio? {
        PairedRatio(logRatiosByGeneration: ratios.map { [log($0.numerator) - log($0.denominator)] })
    }
}
