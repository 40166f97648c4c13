import Foundation

/// How a comparison's paired ratios vary: between the pairs of one process generation, and between
/// generations (processes differ: memory layout, the yardstick's process), from which the number of
/// pairs a generation should take follows (`pairsPerGeneration`). IO-free.
///
/// A generation's value is the mean of its k pairs, with variance between + within / k, and costs a
/// start of its workers plus k pairs' samples (two-stage sampling, as in Cochran's). Where processes
/// differ much and starts are cheap, one pair a generation; where pairs are noisy (a host whose
/// cache others contend for changes state within milliseconds) or starts dear, more.
package struct VarianceComponents: Equatable, Sendable {
    /// The variance of a pair's log ratio around its generation's mean (pooled over ratios).
    let withinGeneration: Double
    /// The variance of generations' true means around the ratio's (pooled, never below 0).
    let betweenGenerations: Double

    /// `ratios`: each ratio's log ratios by generation. nil without two generations of two pairs
    /// each (the within part) and a ratio with three generations (the between part).
    package init?(_ ratios: [[[Double]]]) {
        var withinSum = 0.0
        var withinDegrees = 0
        for generations in ratios {
            for pairs in generations where pairs.count >= 2 {
                let mean = pairs.reduce(0, +) / Double(pairs.count)
                withinSum += pairs.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
                withinDegrees += pairs.count - 1
            }
        }
        guard withinDegrees >= 2 else { return nil }
        let within = withinSum / Double(withinDegrees)
        // Between: each ratio's variance of generation means, less what its pairs' noise puts in
        // it (within / the mean pairs per generation), pooled by degrees of freedom.
        var betweenSum = 0.0
        var betweenDegrees = 0
        for generations in ratios {
            let used = generations.filter { !$0.isEmpty }
            guard used.count >= 3 else { continue }
            let means = used.map { $0.reduce(0, +) / Double($0.count) }
            let grand = means.reduce(0, +) / Double(means.count)
            let variance = means.reduce(0) { $0 + ($1 - grand) * ($1 - grand) } / Double(means.count - 1)
            let harmonicPairs = Double(used.count) / used.reduce(0) { $0 + 1 / Double($1.count) }
            betweenSum += (variance - within / harmonicPairs) * Double(means.count - 1)
            betweenDegrees += means.count - 1
        }
        guard betweenDegrees > 0 else { return nil }
        withinGeneration = within
        betweenGenerations = max(betweenSum / Double(betweenDegrees), 0)
    }

    init(withinGeneration: Double, betweenGenerations: Double) {
        self.withinGeneration = withinGeneration
        self.betweenGenerations = betweenGenerations
    }

    /// The fewest and the most pairs a generation takes.
    static let pairsRange = 1...8

    /// The pairs a generation takes from now on, within `pairsRange`: the number that makes the
    /// interval narrowest for what the comparison can still spend. `startSeconds`: what a
    /// generation costs before its first pair (its workers' starts); `pairSeconds`: what one more
    /// pair of every ratio costs; `budgetSeconds`: the time the comparison can expect from now on;
    /// `generations`: those it has. Cochran's optimum alone (√((start / pair) × (within /
    /// between))) would take many pairs where generations are few, and the interval's Student
    /// quantile, which grows fast below ten generations, would eat the gain: so each candidate is
    /// scored by t² × (between + within / k) / G, with G the generations its cost leaves.
    package func pairsPerGeneration(
        startSeconds: Double, pairSeconds: Double, budgetSeconds: Double, generations: Int
    ) -> Int {
        guard pairSeconds > 0 else { return Self.pairsRange.lowerBound }
        func score(_ k: Int) -> Double {
            let coming = max(budgetSeconds, 0) / (max(startSeconds, 0) + Double(k) * pairSeconds)
            let total = max(Double(generations) + coming.rounded(.down), 2)
            let kept = Int(total) - 2 * Int(total * 0.2)
            let t = StudentT.quantile975(degreesOfFreedom: max(kept - 1, 1))
            return t * t * (betweenGenerations + withinGeneration / Double(k)) / total
        }
        return Self.pairsRange.min { score($0) < score($1) } ?? Self.pairsRange.lowerBound
    }
}
