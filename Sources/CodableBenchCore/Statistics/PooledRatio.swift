import Foundation

/// One paired ratio measured in several runs, pooled. A run's interval covers the machine states
/// that run passed through, not a state that lasts the whole run, so whether a ratio holds on a
/// machine is learnt by running at different times and pooling (Documentation/Notebook.md, "What an
/// interval covers"). IO-free: `AcrossCommand` feeds it the runs' ratios.
///
/// On the log scale, each run gives yᵢ with variance vᵢ read from its 95% interval as if normal.
/// Cochran's Q = Σ wᵢ (yᵢ − ȳ)² (wᵢ = 1/vᵢ) says whether the runs differ beyond their intervals
/// (Q above the chi-square 95% quantile with k − 1 degrees of freedom). The pooled ratio is the
/// random-effects mean (DerSimonian–Laird's between-run variance τ², weights 1/(vᵢ + τ²)) with the
/// Hartung–Knapp–Sidik–Jonkman interval: Student's t with k − 1 degrees of freedom on the weighted
/// spread of the runs, never narrower than the weights alone give; it keeps its coverage with few
/// runs where a normal interval does not (with two runs t is 12.7: two runs say little).
package struct PooledRatio: Equatable, Sendable {
    /// The ratio in each run, in the order given.
    package let values: [Double]
    /// Largest over smallest, minus 1.
    package let spread: Double
    let q: Double
    /// The runs differ beyond their intervals (Cochran's Q test at 5%).
    package let runsDiffer: Bool
    package let pooled: Double
    package let low: Double
    package let high: Double

    /// Nil with fewer than two runs.
    package init?(_ ratios: [PairedRatio]) {
        let k = ratios.count
        guard k >= 2 else { return nil }
        let y = ratios.map { log($0.value) }
        // The harness's intervals are symmetric on the log scale: the standard error is half the
        // interval's log width over 1.96.
        let v = ratios.map { ratio -> Double in
            let standardError = max(log(ratio.high / ratio.low) / 2 / 1.96, 1e-9)
            return standardError * standardError
        }
        let w = v.map { 1 / $0 }
        let fixed = zip(w, y).map(*).reduce(0, +) / w.reduce(0, +)
        let q = zip(w, y).map { $0 * ($1 - fixed) * ($1 - fixed) }.reduce(0, +)
        let c = w.reduce(0, +) - w.map { $0 * $0 }.reduce(0, +) / w.reduce(0, +)
        let tau2 = max(0, (q - Double(k - 1)) / c)
        let random = v.map { 1 / ($0 + tau2) }
        let mean = zip(random, y).map(*).reduce(0, +) / random.reduce(0, +)
        let scatter = zip(random, y).map { $0 * ($1 - mean) * ($1 - mean) }.reduce(0, +) / Double(k - 1)
        let half = StudentT.quantile975(degreesOfFreedom: k - 1) * sqrt(max(scatter, 1) / random.reduce(0, +))
        values = ratios.map(\.value)
        spread = exp(y.max()! - y.min()!) - 1
        self.q = q
        runsDiffer = q > ChiSquare.quantile95(degreesOfFreedom: k - 1)
        pooled = exp(mean)
        low = exp(mean - half)
        high = exp(mean + half)
    }
}

/// The chi-square distribution's 95% quantiles.
enum ChiSquare {
    /// From standard tables up to 10 degrees of freedom; beyond, Wilson–Hilferty's approximation
    /// (within 0.1% there).
    static func quantile95(degreesOfFreedom df: Int) -> Double {
        precondition(df >= 1)
        let table = [3.841, 5.991, 7.815, 9.488, 11.070, 12.592, 14.067, 15.507, 16.919, 18.307]
        if df <= table.count { return table[df - 1] }
        let k = Double(df), z = 1.644854
        let base = 1 - 2 / (9 * k) + z * (2 / (9 * k)).squareRoot()
        return k * base * base * base
    }
}
