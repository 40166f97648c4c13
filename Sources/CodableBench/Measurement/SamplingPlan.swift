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
    /// Time budget for the sampling itself.
    public var budgetNanoseconds: UInt64

    public static let standard = SamplingPlan(
        warmupNanoseconds: 300_000_000, minSampleNanoseconds: 10_000_000, samples: 40, minSamples: 10,
        budgetNanoseconds: 3_000_000_000)
    public static let quick = SamplingPlan(
        warmupNanoseconds: 100_000_000, minSampleNanoseconds: 10_000_000, samples: 15, minSamples: 5,
        budgetNanoseconds: 800_000_000)
}
