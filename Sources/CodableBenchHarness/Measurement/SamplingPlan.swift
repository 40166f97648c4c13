import CodableBenchCore

/// How a run samples: the lockstep comparisons' samples, generations and stopping rule.
package struct SamplingPlan: Codable, Equatable, Sendable {
    /// Each worker decodes for at least this long after verifying, before it says it is ready.
    var warmupNanoseconds: UInt64
    /// Each sample runs enough decodes to last at least this long (one decode when that is longer).
    var minSampleNanoseconds: UInt64
    /// Strategy samples in each block of a comparison's first generations (`Y S Y S … Y`); each
    /// gives a pair but the first (see `LockstepSchedule`). Three: two pairs a generation, the
    /// fewest from which the pairs' own spread can be told from the generations' (later
    /// generations take the number of pairs `VarianceComponents` finds cheapest).
    var samplesPerBlock: Int
    /// Process generations per comparison: three, then more while the run's budget lasts, up to
    /// `minGenerations` and beyond while some ratio's interval is wider than `precision`, up to
    /// `maxGenerations`. The budget is what limits a default run; 200 only bounds a comparison given
    /// a large `--budget` (a lower bound left cheap comparisons whose processes differ most short of
    /// their target with budget left; figures: Notebook, "Figures behind the code").
    package var minGenerations: Int
    var maxGenerations: Int
    /// The stopping rule's target: every ratio's 95% interval within ±precision (0.01 = ±1%).
    package var precision: Double
    /// The run's budget per strategy and payload (workers' start-up included): the run spends
    /// `cells × this` on its comparisons' generations, after which the unsettled ones stop short
    /// of the target (and report the precision they reached).
    package var budgetNanosecondsPerCell: UInt64
    /// The least the run may sample for, whatever its cells (a run of a few cells would otherwise
    /// end in seconds with its verdicts open): it still ends as soon as every verdict is reached.
    /// 0 where the user set the budget.
    package var minimumRunSeconds: Double = 0
    /// Which verdicts stop a ratio early (`StoppingRule`): the answers' at their margin, or the
    /// A/B gate's at its threshold.
    package var judgement = StoppingRule.Judgement.answers(margin: SpeedVerdict.defaultMargin)

    /// The stopping rule of every ratio of a run sampled by this plan.
    var stoppingRule: StoppingRule { StoppingRule(precision: precision, judgement: judgement, floor: minGenerations) }

    /// The run's sampling budget in seconds for `cells` cells.
    func budgetSeconds(cells: Int) -> Double {
        max(Double(budgetNanosecondsPerCell) / 1e9 * Double(cells), minimumRunSeconds)
    }

    package static let standard = SamplingPlan(
        warmupNanoseconds: 5_000_000, minSampleNanoseconds: 5_000_000, samplesPerBlock: 3, minGenerations: 12,
        maxGenerations: 200, precision: 0.01, budgetNanosecondsPerCell: 1_400_000_000, minimumRunSeconds: 120)
    package static let quick = SamplingPlan(
        warmupNanoseconds: 5_000_000, minSampleNanoseconds: 3_000_000, samplesPerBlock: 3, minGenerations: 6,
        maxGenerations: 48, precision: 0.02, budgetNanosecondsPerCell: 300_000_000, minimumRunSeconds: 30)
}
