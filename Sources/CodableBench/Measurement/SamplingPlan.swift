/// How a run samples: the lockstep comparisons' generations, rounds and stopping rule.
struct SamplingPlan: Codable, Equatable, Sendable {
    /// Each worker decodes for at least this long after verifying, before it says it is ready.
    var warmupNanoseconds: UInt64
    /// Each sample runs enough decodes to last at least this long (one decode when that is longer).
    var minSampleNanoseconds: UInt64
    /// Rounds per process generation, unless `generationNanoseconds` of sampling ends it first
    /// (always at least one). A round gives each strategy `samplesPerBlock − 1` pairs.
    var roundsPerGeneration: Int
    var samplesPerBlock: Int
    var generationNanoseconds: UInt64
    /// Process generations per comparison: three, then more while the budget lasts, up to
    /// `minGenerations` and beyond while some ratio's interval is wider than `precision`, up to
    /// `maxGenerations`.
    var minGenerations: Int
    var maxGenerations: Int
    /// The stopping rule's target: every ratio's 95% interval within ±precision (0.01 = ±1%).
    var precision: Double
    /// Time a comparison may take per strategy it measures (workers' start-up included), before it
    /// stops short of the target (and reports the precision it reached).
    var budgetNanosecondsPerCell: UInt64

    static let standard = SamplingPlan(
        warmupNanoseconds: 5_000_000, minSampleNanoseconds: 5_000_000, roundsPerGeneration: 1, samplesPerBlock: 2,
        generationNanoseconds: 3_000_000_000, minGenerations: 12, maxGenerations: 40, precision: 0.01,
        budgetNanosecondsPerCell: 1_200_000_000)
    static let quick = SamplingPlan(
        warmupNanoseconds: 5_000_000, minSampleNanoseconds: 3_000_000, roundsPerGeneration: 1, samplesPerBlock: 2,
        generationNanoseconds: 1_000_000_000, minGenerations: 6, maxGenerations: 16, precision: 0.02,
        budgetNanosecondsPerCell: 300_000_000)
}
