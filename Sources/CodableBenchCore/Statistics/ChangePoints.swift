/// Change points in a series of measurements in commit order: E-divisive means (Matteson and James,
/// "A Nonparametric Approach for Multiple Change Point Analysis of Multivariate Data", 2014) with
/// the significance test and the split-then-merge procedure of Apache Otava (formerly Hunter;
/// Fleming et al., "Hunter: Using Change Point Detection to Hunt for Performance Regressions",
/// ICPE 2023): candidates are the splits that maximize the energy statistic Q̂, each tested by a
/// two-sample Student's t-test of the points on either side (deterministic, unlike the paper's
/// permutation test); windows of `window` points find weak candidates at ten times the p-value,
/// and the merge drops the weakest until every one left is below it. Written to give Otava's
/// answers on the same series, so that its export can be checked against Otava itself.
package struct ChangePoints: Sendable {
    /// A change: the first point of the new level, and the levels either side of it.
    package struct Change: Sendable, Equatable {
        /// The index of the first point after the change.
        package let index: Int
        package let meanBefore: Double
        package let meanAfter: Double
        /// The t-test's two-sided p-value between the points since the previous change and those
        /// up to the next.
        package let pValue: Double
        /// A 95% interval of meanAfter − meanBefore (pooled variance, as the test).
        package let differenceLow: Double
        package let differenceHigh: Double

        /// (after − before) / before.
        package var relativeChange: Double { meanBefore == 0 ? 0 : meanAfter / meanBefore - 1 }
    }

    package let changes: [Change]

    /// Otava's defaults: `max_pvalue` 0.001, a window of 50 points.
    package init(_ series: [Double], maxPValue: Double = 0.001, window: Int = 50) {
        precondition(window >= 2)
        let firstPass = maxPValue < 0.05 ? maxPValue * 10 : (maxPValue < 0.5 ? maxPValue * 2 : maxPValue)
        var weak = Self.split(series, window: window, maxPValue: firstPass)
        changes = Self.merge(&weak, series, maxPValue: maxPValue)
    }

    /// Weak candidates: E-divisive in overlapping windows, half a window apart.
    private static func split(_ series: [Double], window: Int, maxPValue: Double) -> [Int] {
        var found: [Int] = []
        var start = 0
        while start < series.count {
            let end = min(start + window, series.count)
            let inWindow = divisive(Array(series[start..<end]), maxPValue: maxPValue).map { $0 + start }
            start = max(inWindow.last ?? 0, start + window / 2)
            for index in inWindow where !found.contains(index) { found.append(index) }
        }
        return found.sorted()
    }

    /// E-divisive on one window: the split of largest Q̂ among the current segments, kept while
    /// the t-test between its two sides is significant.
    private static func divisive(_ series: [Double], maxPValue: Double) -> [Int] {
        var points: [Int] = []
        while true {
            let bounds = [0] + points + [series.count]
            let candidates = zip(bounds, bounds.dropFirst()).compactMap { start, end in
                end - start > 1 ? candidate(series, start, end) : nil
            }
            guard let best = candidates.max(by: { $0.q < $1.q }) else { return points }
            let test = tTest(series, splitting: bounds, at: best.index)
            guard test.pValue <= maxPValue else { return points }
            points = (points + [best.index]).sorted()
        }
    }

    /// The split τ of `series[start..<end]` maximizing Q̂(series[start..<τ], series[τ..<κ]) over
    /// τ < κ ≤ end (power 1: absolute differences).
    private static func candidate(_ series: [Double], _ start: Int, _ end: Int) -> (index: Int, q: Double) {
        var best = (index: start + 1, q: -Double.infinity)
        var withinLeft = 0.0
        for tau in (start + 1)..<end {
            // withinLeft: Σ over pairs in [start, tau).
            for i in start..<(tau - 1) { withinLeft += abs(series[i] - series[tau - 1]) }
            var across = 0.0, withinRight = 0.0
            for kappa in (tau + 1)...end {
                let newest = series[kappa - 1]
                for i in start..<tau { across += abs(series[i] - newest) }
                for j in tau..<(kappa - 1) { withinRight += abs(series[j] - newest) }
                let n = Double(tau - start), m = Double(kappa - tau)
                var q = 2 / (m + n) * across
                if n > 1 { q -= 2 * m / ((m + n) * (n - 1)) * withinLeft }
                if m > 1 { q -= 2 * n / ((m + n) * (m - 1)) * withinRight }
                if q > best.q { best = (tau, q) }
            }
        }
        return best
    }

    /// The t-test of the points either side of `index`: within its segment of `bounds` where it
    /// splits one, or the two segments it separates where it is already a bound.
    private static func tTest(_ series: [Double], splitting bounds: [Int], at index: Int) -> Change {
        let lower = bounds.last { $0 < index } ?? 0
        let upper = bounds.first { $0 > index } ?? series.count
        return compare(Array(series[lower..<index]), Array(series[index..<upper]), index: index)
    }

    /// Otava's test (SciPy's `ttest_ind_from_stats`, equal variances, fed the population standard
    /// deviations NumPy's `std` gives).
    static func compare(_ left: [Double], _ right: [Double], index: Int) -> Change {
        func mean(_ x: [Double]) -> Double { x.reduce(0, +) / Double(x.count) }
        func populationVariance(_ x: [Double], _ mean: Double) -> Double {
            x.count < 2 ? 0 : x.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(x.count)
        }
        let (a, b) = (mean(left), mean(right))
        let n1 = Double(left.count), n2 = Double(right.count)
        let degrees = n1 + n2 - 2
        guard degrees > 0 else {
            return Change(index: index, meanBefore: a, meanAfter: b, pValue: 1, differenceLow: -.infinity, differenceHigh: .infinity)
        }
        let pooled = ((n1 - 1) * populationVariance(left, a) + (n2 - 1) * populationVariance(right, b)) / degrees
        let standardError = (pooled * (1 / n1 + 1 / n2)).squareRoot()
        let t = (b - a) / standardError
        let half = StudentT.quantile975(degreesOfFreedom: Int(degrees)) * standardError
        return Change(
            index: index, meanBefore: a, meanAfter: b,
            pValue: standardError == 0 ? (a == b ? .nan : 0) : StudentT.twoSidedPValue(t: t, degreesOfFreedom: degrees),
            differenceLow: b - a - half, differenceHigh: b - a + half)
    }

    /// Otava's merge: while the weakest candidate (largest p-value) is not significant, drop it and
    /// test its neighbours again against their new segments.
    private static func merge(_ indices: inout [Int], _ series: [Double], maxPValue: Double) -> [Change] {
        func tested() -> [Change] {
            let bounds = [0] + indices + [series.count]
            return indices.enumerated().map { offset, index in
                compare(Array(series[bounds[offset]..<index]), Array(series[index..<bounds[offset + 2]]), index: index)
            }
        }
        var changes = tested()
        // NaN (two flat, equal sides) is never significant, as in NumPy's comparison.
        while let weakest = changes.indices.max(by: { weakness(changes[$0]) < weakness(changes[$1]) }),
            !(changes[weakest].pValue <= maxPValue)
        {
            indices.remove(at: weakest)
            changes = tested()
        }
        return changes
    }

    private static func weakness(_ change: Change) -> Double { change.pValue.isNaN ? .infinity : change.pValue }
}
