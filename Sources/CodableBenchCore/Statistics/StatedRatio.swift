import Foundation

/// A paired ratio for each state the host was in (`HostState`): the pairs taken with the cache to
/// itself and those taken under contention, each combined as `PairedRatio` combines generations.
/// A ratio between two kinds of code (memory-bound against compute-bound) moves with the state, so
/// pooling both would describe the mix of states a run happened to see, not the code.
///
/// The verdict is the quiet state's ratio where at least two generations have a quiet pair (what
/// the code does on a machine it has to itself); otherwise the contended state's, and the answers
/// say so. Pairs taken without a probe (runs before harness 0.7) have no state: their ratio leaves
/// out the pairs of slow spells by the yardstick's pace, as those runs did (`PairedRatio.undisturbed`).
/// A run whose probe's label did not predict its ratios (`HostStateCheck`) reads each ratio from
/// all its pairs (`init(pooling:)`): there, one state's pairs are only fewer pairs.
package struct StatedRatio: Equatable, Sendable {
    package let quiet: PairedRatio?
    package let contended: PairedRatio?
    /// The ratio of pairs read without their state: no probe was taken, or every pair pooled.
    let unstated: PairedRatio?

    /// nil when no state has two generations with a pair.
    package init?(pairsByGeneration: [[Pair]]) {
        func ratio(_ state: HostState) -> PairedRatio? {
            PairedRatio(logRatiosByGeneration: pairsByGeneration.map { $0.filter { $0.state == state }.map(\.logRatio) })
        }
        let withoutState = pairsByGeneration.map { $0.filter { $0.state == nil } }
        quiet = ratio(.quiet)
        contended = ratio(.contended)
        unstated = withoutState.joined().isEmpty ? nil : PairedRatio(unstatedPairsByGeneration: withoutState)
        guard quiet != nil || contended != nil || unstated != nil else { return nil }
    }

    /// Every pair, whatever its state, combined as `PairedRatio` combines generations (no pairs
    /// left out by pace: the probe's pairs never were); nil without two generations with a pair.
    package init?(pooling pairsByGeneration: [[Pair]]) {
        guard let all = PairedRatio(logRatiosByGeneration: pairsByGeneration.map { $0.map(\.logRatio) }) else { return nil }
        (quiet, contended, unstated) = (nil, nil, all)
    }

    /// The state the stated ratio holds in: quiet where it has a ratio, else contended; nil for
    /// pairs without a state.
    package var state: HostState? {
        if quiet != nil { return .quiet }
        if contended != nil { return .contended }
        return nil
    }

    /// The ratio stated, which the verdict is read from.
    package var ratio: PairedRatio { quiet ?? contended ?? unstated! }
}
