/// How long and how often a timing pass samples a cell.
public struct SamplingPlan: Codable, Equatable, Sendable {
    /// Decode repeatedly for at least this long before the first sample.
    public var warmupNanoseconds: UInt64
    /// Each sample runs enough decodes to last at least this long.
    public var minSampleNanoseconds: UInt64
    /// Samples to take, unless the time budget runs out first.
    public var samples: Int
    /// Samples taken whatever the budget.
    public var minSamples: Int
    /// Time budget for the sampling itself, per fork.
    public var budgetNanoseconds: UInt64
    /// Fresh worker processes per cell, run in rounds that visit every cell of the run in shuffled
    /// order, so slow drifts of the machine spread over every strategy instead of landing on one.
    public var forks: Int

    public static let standard = SamplingPlan(
        warmupNanoseconds: 60_000_000, minSampleNanoseconds: 10_000_000, samples: 30, minSamples: 5,
        budgetNanoseconds: 1_300_000_000, forks: 3)
    public static let quick = SamplingPlan(
        warmupNanoseconds: 50_000_000, minSampleNanoseconds: 10_000_000, samples: 8, minSamples: 4,
        budgetNanoseconds: 300_000_000, forks: 2)
}
