import Foundation
import CodableBenchCore

/// Why a run's sampling ended (run.json's `sampling`): every ratio settled by the stopping rule
/// (`StoppingRule`), or the run's budget spent with some still open.
package struct SamplingEnding: Codable, Equatable, Sendable {
    /// From the run's start to the end of its last round.
    var sampledSeconds: Double
    /// The run's budget (`SamplingPlan.budgetSeconds`).
    package var budgetSeconds: Double
    /// Ratios whose verdict was neither reached nor narrowed to the target.
    var openRatios: Int
    var budgetSpent: Bool
    /// The signal that stopped the sampling short, where one did.
    var stoppedBy: String? = nil

    /// "sampled for 48 s of its 120 s budget and stopped: every ratio's verdict reached or narrowed to the target".
    package var sentence: String {
        let sampled = Terminal.duration(sampledSeconds), budget = Terminal.duration(budgetSeconds)
        if let stoppedBy {
            return "sampled for \(sampled) of its \(budget) budget and was stopped there by \(stoppedBy), with "
                + (openRatios == 1 ? "1 ratio" : "\(openRatios) ratios") + " still open"
        }
        if budgetSpent {
            let open = openRatios == 1 ? "1 ratio" : "\(openRatios) ratios"
            return "sampled for its whole \(budget) budget and stopped there with \(open) still open (--budget gives more)"
        }
        return "sampled for \(sampled) of its \(budget) budget and stopped: every ratio's verdict reached or narrowed to the target"
    }
}
