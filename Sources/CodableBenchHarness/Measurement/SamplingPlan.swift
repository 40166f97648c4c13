import CodableBenchCore

/// How a run samples: the lockstep comparisons' samples, generations and stopping rule.
package struct SamplingPlan: Codable, Equatable, Sendable {
    /// Each worker decodes for at least this long after verifying, before it says it is ready.
    var warmupNanoseconds: UInt64
    /// Each sample runs enough decodes to last at least this long (one decode when that is longer).
    var minSampleNanoseconds: UInt64
    /// Strategy samples in each block of a generation's one round (`Y S Y S … Y`); each gives a
    /// pair but the first (see `LockstepSchedule`). Generations are cheap and many, since the
    /// variation between processes outweighs the noise within one: two, one pair a generation.
    var samplesPerBlock: Int
    /// Process generations per comparison: three, then more while the run's budget lasts, up to
    /// `minGenerations` and beyond while some ratio's interval is wider than `precision`, up to
    /// `maxGenerations`. The budget is what limits a default run; 200 only bounds a comparison given
    /// a large `--budget`. (At 40, the cheap comparisons whose processes differ most, e.g.
    /// `jsonserialization-manual`, whose generations spread by ~9%, stopped at ±3.5% with budget
    /// left, and so did the self-test's A/A ratio at ±1.3%.)
    var minGenerations: Int
    var maxGenerations: Int
    /// The stopping rule's target: every ratio's 95% interval within ±precision (0.01 = ±1%).
    package var precision: Double
    /// The run's budget per strategy and payload (workers' start-up included): the run spends
    /// `cells × this` on its comparisons' generations, after which the unsettled ones stop short
    /// of the target (and report the precision they reached).
    package var budgetNanosecondsPerCell: UInt64

    package static let standard = SamplingPlan(
        warmupNanoseconds: 5_000_000, minSampleNanoseconds: 5_000_000, samplesPerBlock: 2, minGenerations: 12,
        maxGenerations: 200, precision: 0.01, budgetNanosecondsPerCell: 1_400_000_000)
    package static let quick = SamplingPlan(
        warmupNanoseconds: 5_000_000, minSampleNanoseconds: 3_000_000, samplesPerBlock: 2, minGenerations: 6,
        maxGenerations: 16, precision: 0.02, budgetNanosecondsPerCell: 300_000_000)
}
