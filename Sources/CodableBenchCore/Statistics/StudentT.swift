/// Two-sided quantiles of Student's t distribution at the two levels the harness uses: 95% for
/// every interval it reports, 99.9% for the early looks of the stopping rule (`StoppingRule`).
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
}
