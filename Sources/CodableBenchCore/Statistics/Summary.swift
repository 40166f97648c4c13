/// Descriptive statistics of one cell's samples of one metric.
package struct Summary: Codable, Equatable, Sendable {
    package var n: Int
    package var min, p10, p25, median, p75, p90, max: Double
    package var mean: Double
    /// Sample standard deviation (n - 1); 0 for a single sample.
    package var stddev: Double
    /// Median absolute deviation from the median (unscaled).
    package var mad: Double
    /// Bootstrap 95% confidence interval of the median.
    package var ci95Low, ci95High: Double
    /// Tukey fences: samples beyond 1.5 × IQR (mild, severe included) and beyond 3 × IQR (severe).
    package var outliers: Int
    package var severeOutliers: Int

    /// nil for no samples. `bootstrapSeed` fixes the resampling, so the interval is reproducible.
    init?(_ values: [Double], bootstrapResamples: Int = 2_000, bootstrapSeed: UInt64 = 0x5EED) {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        n = sorted.count
        min = sorted[0]
        max = sorted[n - 1]
        p10 = Self.percentile(sorted, 0.10)
        p25 = Self.percentile(sorted, 0.25)
        median = Self.percentile(sorted, 0.50)
        p75 = Self.percentile(sorted, 0.75)
        p90 = Self.percentile(sorted, 0.90)
        mean = sorted.reduce(0, +) / Double(n)
        let m = mean
        stddev = n > 1 ? (sorted.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(n - 1)).squareRoot() : 0
        let med = median
        mad = Self.percentile(sorted.map { abs($0 - med) }.sorted(), 0.5)
        (ci95Low, ci95High) = Bootstrap.medianInterval(sorted, resamples: bootstrapResamples, seed: bootstrapSeed)
        let iqr = p75 - p25
        let (lo1, hi1, lo3, hi3) = (p25 - 1.5 * iqr, p75 + 1.5 * iqr, p25 - 3 * iqr, p75 + 3 * iqr)
        outliers = sorted.filter { $0 < lo1 || $0 > hi1 }.count
        severeOutliers = sorted.filter { $0 < lo3 || $0 > hi3 }.count
    }

    /// Statistics of samples taken in several generations (worker processes): order statistics, mean and outliers
    /// on the pooled samples, and a two-level bootstrap interval (resample generations, then samples within
    /// each), so the interval includes the variation between processes.
    package init?(generations: [[Double]], bootstrapResamples: Int = 2_000, bootstrapSeed: UInt64 = 0x5EED) {
        let nonEmpty = generations.filter { !$0.isEmpty }
        guard
            var summary = Summary(
                nonEmpty.flatMap { $0 }, bootstrapResamples: bootstrapResamples,
                bootstrapSeed: bootstrapSeed)
        else { return nil }
        if nonEmpty.count > 1 {
            (summary.ci95Low, summary.ci95High) = Bootstrap.hierarchicalMedianInterval(
                nonEmpty, resamples: bootstrapResamples, seed: bootstrapSeed)
        }
        self = summary
    }

    /// Linear interpolation between closest ranks (Hyndman & Fan type 7, the R and NumPy default).
    package static func percentile(_ sorted: [Double], _ q: Double) -> Double {
        precondition(!sorted.isEmpty)
        let position = q * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down))
        let upper = Swift.min(lower + 1, sorted.count - 1)
        let fraction = position - Double(lower)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * fraction
    }
}

/// Percentile bootstrap, with the project's seeded generator so intervals are reproducible.
enum Bootstrap {
    static func medianInterval(_ values: [Double], resamples: Int, seed: UInt64) -> (Double, Double) {
        guard values.count > 1, resamples > 0 else { return (values.first ?? 0, values.first ?? 0) }
        var random = SeededRandom(seed: seed)
        var medians: [Double] = []
        medians.reserveCapacity(resamples)
        var resample = [Double](repeating: 0, count: values.count)
        for _ in 0..<resamples {
            for i in 0..<values.count { resample[i] = values[random.below(values.count)] }
            resample.sort()
            medians.append(Summary.percentile(resample, 0.5))
        }
        medians.sort()
        return (Summary.percentile(medians, 0.025), Summary.percentile(medians, 0.975))
    }

    /// Two-level percentile bootstrap of the pooled median: draw generations with replacement, then
    /// samples with replacement within each drawn generation.
    static func hierarchicalMedianInterval(_ generations: [[Double]], resamples: Int, seed: UInt64) -> (Double, Double) {
        var random = SeededRandom(seed: seed)
        var medians: [Double] = []
        medians.reserveCapacity(resamples)
        var pooled: [Double] = []
        for _ in 0..<resamples {
            pooled.removeAll(keepingCapacity: true)
            for _ in 0..<generations.count {
                let generation = generations[random.below(generations.count)]
                for _ in 0..<generation.count { pooled.append(generation[random.below(generation.count)]) }
            }
            pooled.sort()
            medians.append(Summary.percentile(pooled, 0.5))
        }
        medians.sort()
        return (Summary.percentile(medians, 0.025), Summary.percentile(medians, 0.975))
    }
}

extension Summary {
    /// Rebuilds a summary read back from a CSV.
    package init(
        n: Int, min: Double, p10: Double, p25: Double, median: Double, p75: Double, p90: Double,
        max: Double, mean: Double, stddev: Double, mad: Double, ci95Low: Double, ci95High: Double,
        outliers: Int, severeOutliers: Int
    ) {
        self.n = n; self.min = min; self.p10 = p10; self.p25 = p25; self.median = median; self.p75 = p75
        self.p90 = p90; self.max = max; self.mean = mean; self.stddev = stddev; self.mad = mad
        self.ci95Low = ci95Low; self.ci95High = ci95High; self.outliers = outliers; self.severeOutliers = severeOutliers
    }
}
