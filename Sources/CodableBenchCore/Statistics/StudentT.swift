import Foundation

/// Two-sided quantiles of Student's t distribution at the two levels the harness uses: 95% for
/// every interval it reports, 99.9% for the early looks of the stopping rule (`StoppingRule`); and
/// the two-sided p-value the change points' test reads (`ChangePoints`).
enum StudentT {
    /// The 97.5th percentile (two-sided 95%).
    static func quantile975(degreesOfFreedom df: Int) -> Double {
        quantile(
            [
                12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
                2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
                2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
            ], normal: 1.959964, df: df)
    }

    /// The 99.95th percentile (two-sided 99.9%).
    static func quantile9995(degreesOfFreedom df: Int) -> Double {
        quantile(
            [
                636.619, 31.599, 12.924, 8.610, 6.869, 5.959, 5.408, 5.041, 4.781, 4.587,
                4.437, 4.318, 4.221, 4.140, 4.073, 4.015, 3.965, 3.922, 3.883, 3.850,
                3.819, 3.792, 3.768, 3.745, 3.725, 3.707, 3.690, 3.674, 3.659, 3.646,
            ], normal: 3.290527, df: df)
    }

    /// From a standard table (three decimals) up to 30 degrees of freedom; beyond, the normal
    /// quantile `z` with the first two terms of the Cornish–Fisher expansion (within 0.1% there).
    private static func quantile(_ table: [Double], normal z: Double, df: Int) -> Double {
        precondition(df >= 1)
        if df <= table.count { return table[df - 1] }
        let n = Double(df)
        let z3 = z * z * z
        let z5 = z3 * z * z
        return z + (z3 + z) / (4 * n) + (5 * z5 + 16 * z3 + 3 * z) / (96 * n * n)
    }

    /// The two-sided p-value of `t` with `df` degrees of freedom: I_{df/(df+t²)}(df/2, 1/2), the
    /// regularized incomplete beta function (what SciPy's t-test reports).
    static func twoSidedPValue(t: Double, degreesOfFreedom df: Double) -> Double {
        guard t.isFinite else { return t.isNaN ? .nan : 0 }
        return regularizedIncompleteBeta(x: df / (df + t * t), a: df / 2, b: 0.5)
    }

    /// I_x(a, b) by its continued fraction (Lentz's method, as in Numerical Recipes' `betai`),
    /// evaluated on the side where it converges fast.
    static func regularizedIncompleteBeta(x: Double, a: Double, b: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let logBeta: Double = lgamma(a) + lgamma(b) - lgamma(a + b)
        let logFront: Double = a * log(x) + b * log(1 - x) - logBeta
        if x < (a + 1) / (a + b + 2) { return exp(logFront) * betaFraction(x: x, a: a, b: b) / a }
        return 1 - exp(logFront) * betaFraction(x: 1 - x, a: b, b: a) / b
    }

    private static func betaFraction(x: Double, a: Double, b: Double) -> Double {
        let tiny = 1e-300
        var c = 1.0
        var d = 1 - (a + b) * x / (a + 1)
        d = 1 / (abs(d) < tiny ? tiny : d)
        var fraction = d
        for m in 1...300 {
            let m = Double(m)
            let even: Double = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
            let odd: Double = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
            for numerator in [even, odd] {
                d = 1 + numerator * d
                d = 1 / (abs(d) < tiny ? tiny : d)
                c = 1 + numerator / c
                if abs(c) < tiny { c = tiny }
                fraction *= d * c
            }
            if abs(d * c - 1) < 1e-15 { break }
        }
        return fraction
    }
}
