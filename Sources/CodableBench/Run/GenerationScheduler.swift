/// How a run shares its budget among its lockstep comparisons: which one gets the next process
/// generation, and when one is done. IO-free, so that the rules are tested on made-up states.
///
/// - The next generation goes to the comparison that has used the smallest part of its share of
///   the budget, its share being in proportion to its ratios still short of the target (all its
///   strategies until it has the generations the stopping rule looks at): each ratio that still
///   needs time has the same claim on it, whichever comparison it is in. A cheap comparison takes
///   many generations and a slow one few, and each one's generations spread over the run; a
///   comparison whose ratios are mostly within the target leaves its time to the ratios that are
///   not (measured: `small` and `medium` spent 80 s of a run bringing their last few ratios from
///   ±2% to ±1% while `large` stopped at four generations, nine of its 16 ratios wider than ±2%).
/// - A comparison is done once it has its minimum of generations and either is settled (every
///   ratio within the target) or the budget is spent.
/// - From the budget's half on, comparisons short of their minimum go first: left to the end,
///   their generations ran alone, with nothing to sample while their workers started (a quick
///   run's last 40 s, mostly waiting).
struct GenerationScheduler {
    /// What the scheduler needs to know of one comparison.
    struct Comparison: Equatable {
        /// Its ratios still short of the target (`LockstepComparison.ratiosShortOfTarget`).
        var claims: Int
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

    /// The next step among `candidates` (indices of `comparisons` that are unfinished and have no
    /// generation in flight), `elapsed` seconds into the budget. `isSettled` is asked of the
    /// chosen comparison only (it computes every ratio's interval).
    func next(
        _ comparisons: [Comparison], candidates: Set<Int>, elapsed: Double, isSettled: (Int) -> Bool
    ) -> Step {
        let owed: Set<Int> = elapsed >= budgetSeconds / 2 ? candidates.filter { comparisons[$0].generations < minimumGenerations } : []
        let share = { (index: Int) in comparisons[index].spentSeconds / Double(max(comparisons[index].claims, 1)) }
        guard let index = (owed.isEmpty ? candidates : owed).min(by: { (share($0), $0) < (share($1), $1) }) else {
            return .none
        }
        let done =
            comparisons[index].generations >= minimumGenerations && (elapsed >= budgetSeconds || isSettled(index))
        return done ? .finish(index) : .launch(index)
    }
}
