import Foundation
import CodableBenchCore

/// How a run shares its budget among its lockstep comparisons: which one gets the next process
/// generation, and when one is done. IO-free, so that the rules are tested on made-up states.
///
/// - The next generation goes to the comparison that has used the smallest part of its share of
///   the budget, its share being in proportion to its weight: those of its ratios still short of
///   the target (all its strategies until it has the generations the stopping rule looks at), each
///   weighted by how far it is from the target (`weight(of:target:)`). A cheap comparison takes
///   many generations and a slow one few, and each one's generations spread over the run; a
///   comparison whose ratios are mostly within the target leaves its time to the ratios that are
///   not (sharing by the number of short ratios, or weighing them alike, left the large payloads
///   short; figures: Notebook, "Figures behind the code").
/// - A comparison is done once it has its minimum of generations and either is settled (every
///   ratio within the target) or the budget is spent.
/// - From the budget's half on, comparisons short of their minimum go first: left to the end,
///   their generations ran alone, with nothing to sample while their workers started.
struct GenerationScheduler {
    /// What the scheduler needs to know of one comparison.
    struct Comparison: Equatable {
        /// Its ratios' weight on the budget (`LockstepComparison.weight`).
        var weight: Double
        var generations: Int
        /// Wall time charged to it so far (its rounds, and the waits for its workers).
        var spentSeconds: Double
    }

    enum Step: Equatable {
        case launch(Int)
        case finish(Int)
        /// No candidate left.
        case none
    }

    let budgetSeconds: Double
    let minimumGenerations: Int

    /// One ratio's weight: the square of its interval's width over the target's, between 1 and
    /// `largestWeight` (a ratio with no interval yet weighs the most). Time narrows an interval
    /// about as its square root, so a ratio at ±2% needs about four times the sampling it has had
    /// to reach ±1%, and one at ±1.1% a fifth more: the widest intervals get time first, and a
    /// run short of time leaves its ratios at similar widths rather than the cheap comparisons at
    /// ±1% and the expensive ones at ±5%.
    static func weight(of ratio: PairedRatio?, target: Double) -> Double {
        guard let ratio else { return largestWeight }
        let relative = ratio.precision / log(1 + target)
        return min(max(relative * relative, 1), largestWeight)
    }

    /// A ratio four times as wide as the target weighs no more than one at four times: beyond, more
    /// time would hardly bring it within the target in this run, and its weight would starve the rest.
    static let largestWeight = 16.0

    /// The next step among `candidates` (indices of `comparisons` that are unfinished and have no
    /// generation in flight), `elapsed` seconds into the budget. `isSettled` is asked of the
    /// chosen comparison only (it computes every ratio's interval).
    func next(
        _ comparisons: [Comparison], candidates: Set<Int>, elapsed: Double, isSettled: (Int) -> Bool
    ) -> Step {
        let owed: Set<Int> = elapsed >= budgetSeconds / 2 ? candidates.filter { comparisons[$0].generations < minimumGenerations } : []
        let share = { (index: Int) in comparisons[index].spentSeconds / max(comparisons[index].weight, 1) }
        guard let index = (owed.isEmpty ? candidates : owed).min(by: { (share($0), $0) < (share($1), $1) }) else {
            return .none
        }
        let done =
            comparisons[index].generations >= minimumGenerations && (elapsed >= budgetSeconds || isSettled(index))
        return done ? .finish(index) : .launch(index)
    }
}
