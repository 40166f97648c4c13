@testable import CodableBench
@testable import CodableBenchCore
@testable import CodableBenchHarness
import Testing

@Suite("Statistics on hand-computed inputs")
struct StatisticsTests {
    @Test func oneToTen() throws {
        let s = try #require(Summary((1...10).map(Double.init).shuffled()))
        #expect(s.n == 10)
        #expect(s.min == 1 && s.max == 10)
        // Type-7 percentiles: position q × (n − 1) between ranks.
        #expect(abs(s.p10 - 1.9) < 1e-12)
        #expect(abs(s.p25 - 3.25) < 1e-12)
        #expect(s.median == 5.5)
        #expect(abs(s.p75 - 7.75) < 1e-12)
        #expect(abs(s.p90 - 9.1) < 1e-12)
        #expect(s.mean == 5.5)
        // Σ(x − 5.5)² = 82.5; / 9 = 9.1666…
        #expect(abs(s.stddev - (82.5 / 9).squareRoot()) < 1e-12)
        // |x − 5.5| = 0.5, 0.5, 1.5, 1.5, …, 4.5, 4.5 → median 2.5
        #expect(s.mad == 2.5)
        #expect(s.outliers == 0 && s.severeOutliers == 0)
        #expect(s.ci95Low <= s.median && s.median <= s.ci95High)
    }

    @Test func tukeyFences() throws {
        // p25 = 2, p75 = 4, IQR = 2: mild fence 7, severe fence 10.
        let s = try #require(Summary([1, 2, 3, 4, 8]))
        #expect(s.outliers == 1 && s.severeOutliers == 0)
        let t = try #require(Summary([1, 2, 3, 4, 100]))
        #expect(t.outliers == 1 && t.severeOutliers == 1)
    }

    @Test func singleAndConstantSamples() throws {
        let one = try #require(Summary([42]))
        #expect(one.median == 42 && one.stddev == 0 && one.ci95Low == 42 && one.ci95High == 42)
        let constant = try #require(Summary(Array(repeating: 7, count: 20)))
        #expect(constant.ci95Low == 7 && constant.ci95High == 7 && constant.mad == 0)
        #expect(Summary([]) == nil)
    }

    @Test func bootstrapIsReproducibleWithAFixedSeed() {
        let values = (0..<31).map { Double(($0 * 7919) % 101) }
        let a = Bootstrap.medianInterval(values, resamples: 500, seed: 99)
        let b = Bootstrap.medianInterval(values, resamples: 500, seed: 99)
        #expect(a == b)
        let sorted = values.sorted()
        #expect(a.0 >= sorted.first! && a.1 <= sorted.last! && a.0 <= a.1)
    }

    @Test func bootstrapOfTwoValuesByHand() {
        // With resamples of [0, 10] the median is 0, 5 or 10 (prob. 1/4, 1/2, 1/4): over many
        // resamples the 2.5% and 97.5% percentiles are exactly 0 and 10.
        let (low, high) = Bootstrap.medianInterval([0, 10], resamples: 4_000, seed: 1)
        #expect(low == 0 && high == 10)
    }

    @Test func percentileInterpolates() {
        #expect(Summary.percentile([10, 20], 0.5) == 15)
        #expect(Summary.percentile([10, 20, 30], 0.25) == 15)
        #expect(Summary.percentile([5], 0.9) == 5)
    }
}
