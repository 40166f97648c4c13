/// How long and how often a timing pass samples a cell.
struct SamplingPlan: Codable, Equatable, Sendable {
    /// Decode repeatedly for at least this long before the first sample.
    var warmupNanoseconds: UInt64
    /// Each sample runs enough decodes to last at least this long.
    var minSampleNanoseconds: UInt64
    /// Samples to take, unless the time budget runs out first.
    var samples: Int
    /// Samples taken whatever the budget.
    var minSamples: Int
    /// Time budget for the sampling itself, per fork.
    var budgetNanoseconds: UInt64
    /// Fresh worker processes per cell, run in rounds that visit every cell of the run in shuffled
    /// order, so slow drifts of the machine spread over every strategy instead of landing on one.
    var forks: Int
    /// A sample counts as disturbed when its machine probe took more than this many times the
    /// run's reference probe time (see `MachineProbe`).
    var disturbedAbove: Double = 1.25

    static let standard = SamplingPlan(
        warmupNanoseconds: 60_000_000, minSampleNanoseconds: 10_000_000, samples: 30, minSamples: 5,
        budgetNanoseconds: 1_300_000_000, forks: 3)
    static let quick = SamplingPlan(
        warmupNanoseconds: 50_000_000, minSampleNanoseconds: 10_000_000, samples: 8, minSamples: 4,
        budgetNanoseconds: 300_000_000, forks: 2)
}
