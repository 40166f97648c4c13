import Foundation

/// The Mann–Whitney U test (Wilcoxon rank-sum): do two samples come from the same distribution?
/// Normal approximation with tie correction, two-sided; fine from about 8 samples a side.
package enum MannWhitney {
    package struct Result: Equatable, Sendable {
        let u: Double
        let z: Double
        package let pValue: Double
    }

    package static func test(_ a: [Double], _ b: [Double]) -> Result? {
        let n1 = Double(a.count), n2 = Double(b.count)
        guard n1 > 0, n2 > 0 else { return nil }
        let pooled = (a.map { ($0, 0) } + b.map { ($0, 1) }).sorted { $0.0 < $1.0 }
        var ranks = [Double](repeating: 0, count: pooled.count)
        var tieTerm = 0.0
        var i = 0
        while i < pooled.count {
            var j = i
            while j + 1 < pooled.count && pooled[j + 1].0 == pooled[i].0 { j += 1 }
            let rank = Double(i + j + 2) / 2  // average of 1-based ranks i+1 ... j+1
            for k in i...j { ranks[k] = rank }
            let t = Double(j - i + 1)
            tieTerm += t * t * t - t
            i = j + 1
        }
        let r1 = zip(pooled, ranks).filter { $0.0.1 == 0 }.reduce(0) { $0 + $1.1 }
        let u1 = r1 - n1 * (n1 + 1) / 2
        let mean = n1 * n2 / 2
        let n = n1 + n2
        let variance = n1 * n2 / 12 * ((n + 1) - tieTerm / (n * (n - 1)))
        guard variance > 0 else { return Result(u: u1, z: 0, pValue: 1) }
        // Continuity correction towards the mean.
        let z = (u1 - mean - (u1 > mean ? 0.5 : u1 < mean ? -0.5 : 0)) / variance.squareRoot()
        return Result(u: u1, z: z, pValue: erfc(abs(z) / 2.0.squareRoot()))
    }
}
