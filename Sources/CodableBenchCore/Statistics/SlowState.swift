import Foundation

/// How much of a run the machine spent in its slow state: the share of timing samples that took
/// more than `PairedRatio.slowSpellAbove` longer per decode than the 10th percentile of their own
/// cell's samples, the rule by which pairs taken in a slow spell are left out of the ratios
/// (`PairedRatio.undisturbed`).
///
/// Why a run reports it: on this project's VMs how many ratios reach their target is decided
/// less by the code than by the hour (figures: Notebook, "Figures behind the code"). It tells a reader whether wide intervals are
/// the machine's doing, and when to run again.
package struct SlowState: Equatable, Sendable {
    let slowSamples: Int
    package let samples: Int

    /// A cell needs this many samples for its 10th percentile to stand for its fast pace.
    static let minimumSamples = 10
    /// A run above this share is said to have run in the slow state much of the time.
    static let warnAbove = 0.10

    package var share: Double { Double(slowSamples) / Double(samples) }
    package var isHigh: Bool { share > Self.warnAbove }

    /// "the slow state in 3.4% of the timing samples (more than 20% above their cell's fastest tenth)".
    package var text: String {
        String(format: "the slow state in %.1f%% of the timing samples (more than ", share * 100)
            + "\(Int((PairedRatio.slowSpellAbove * 100).rounded()))% above their cell's fastest tenth)"
    }

    /// Each cell's times per decode, in any order; nil when no cell has `minimumSamples`.
    package init?(timesByCell: [[Double]]) {
        var slow = 0
        var total = 0
        for times in timesByCell where times.count >= Self.minimumSamples {
            let fast = times.sorted()[times.count / 10]
            slow += times.count(where: { $0 > fast * (1 + PairedRatio.slowSpellAbove) })
            total += times.count
        }
        guard total > 0 else { return nil }
        slowSamples = slow
        samples = total
    }
}
