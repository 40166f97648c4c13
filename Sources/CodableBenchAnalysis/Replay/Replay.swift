import Foundation
import CodableBenchCore
import CodableBenchHarness

/// A recorded run's pairs fed again to a stopping rule, generation by generation, in the order the
/// run took them: which ratios the rule would have stopped when, how much sampling that would have
/// taken (each generation costs its recorded samples, of the members the rule still samples), and
/// the verdicts. So a change to the rule is judged on real noise (the runs recorded on a host whose
/// cache other tenants contended for, `../shared/contended-runs`) in one's own loop. IO-free.
///
/// A rule can only stop sooner on recorded data, never sample more than the run did. What more
/// sampling would buy is a projection (`projectedFactor`): each comparison gets its recorded
/// sampling times the factor, and a ratio still open narrows as the square root of the sampling
/// its comparison then has over what the rule spent, if its centre held (as `OpenVerdicts`
/// projects a run's open verdicts).
package enum Replay {
    /// How a rule judges: when a ratio is settled, and from which generation on a generation
    /// samples only the ratios not settled (with their yardsticks).
    package struct Rule: Sendable {
        package private(set) var name: String
        let settles: @Sendable (PairedRatio) -> Bool
        let focusesFrom: Int
        /// The ratio a verdict is read from: the verdict's state's pairs (`StatedRatio`), or all of
        /// them (`StatedRatio(pooling:)`, a run whose probe's label predicts nothing).
        var ratio: @Sendable ([[Pair]]) -> PairedRatio? = { PairedRatio(pairsByGeneration: $0) }

        init(name: String, focusesFrom: Int, settles: @escaping @Sendable (PairedRatio) -> Bool) {
            self.name = name
            self.focusesFrom = focusesFrom
            self.settles = settles
        }

        /// Harness 0.6: settled once within the target after the floor (12 generations, 6 with
        /// `--quick`), where generations start to be focused.
        package static func widthOnly(precision: Double, floor: Int) -> Rule {
            Rule(name: "0.6: width only", focusesFrom: floor) { $0.generations >= floor && $0.meets(precision: precision) }
        }

        /// Harness 0.7: `StoppingRule` (early looks at 99.9% on the answers' verdicts, then the
        /// width), focused from the second generation.
        package static func earlyLooks(precision: Double, floor: Int) -> Rule {
            let rule = StoppingRule(precision: precision, judgement: .answers(margin: SpeedVerdict.defaultMargin), floor: floor)
            return Rule(name: "0.7: early looks", focusesFrom: 1) { rule.settled($0) != nil }
        }

        /// The early looks on every pair whatever the probe's label, as if the run knew from its
        /// start that the label predicts nothing (`HostStateCheck`).
        package static func earlyLooksOnAllPairs(precision: Double, floor: Int) -> Rule {
            var rule = earlyLooks(precision: precision, floor: floor)
            rule.name += ", all pairs"
            rule.ratio = { StatedRatio(pooling: $0)?.ratio }
            return rule
        }
    }

    /// What a rule did with a run.
    package struct Decisions: Sendable {
        package var seconds = 0.0
        /// Each ratio's verdict ratio at the end, by "profile/strategy" (nil: fewer than two
        /// generations with a pair).
        package var ratios: [String: PairedRatio?] = [:]

        package func count(_ verdict: SpeedVerdict) -> Int {
            ratios.values.count { $0.map { SpeedVerdict($0, margin: SpeedVerdict.defaultMargin) } == verdict }
        }
        package var decided: Int { ratios.count - count(.undecided) - ratios.values.count { $0 == nil } }
        package var decidedPerSecond: Double { seconds > 0 ? Double(decided) / seconds : 0 }
    }

    /// `projectedFactor`: project each comparison to its recorded sampling times this (nil: the
    /// recorded generations only).
    package static func run(_ run: ReplayedRun, rule: Rule, projectedFactor: Double? = nil) -> Decisions {
        var outcome = Decisions()
        for comparison in run.comparisons {
            var state = ComparisonState(comparison, rule: rule)
            let spent = state.replayRecorded()
            let available = projectedFactor.map { $0 * comparison.costs.joined().map(\.value).reduce(0, +) }
            outcome.seconds += max(spent, available ?? 0)
            let narrowing = available.map { spent > 0 ? ($0 / spent).squareRoot() : 1 } ?? 1
            for (strategy, pairs) in state.pairs {
                var ratio = rule.ratio(pairs)
                if state.open.contains(strategy), narrowing > 1, let measured = ratio {
                    let half = log(measured.high / measured.low) / 2 / narrowing
                    ratio = PairedRatio(
                        value: measured.value, low: measured.value * exp(-half), high: measured.value * exp(half),
                        pairs: measured.pairs, generations: measured.generations)
                }
                outcome.ratios["\(comparison.profile)/\(strategy)"] = ratio
            }
        }
        return outcome
    }

    /// One comparison as a rule replays it.
    private struct ComparisonState {
        let comparison: ReplayedRun.Comparison
        let rule: Rule
        /// Each ratio's pairs so far, by generation.
        var pairs: [String: [[Pair]]]
        var open: Set<String>

        init(_ comparison: ReplayedRun.Comparison, rule: Rule) {
            self.comparison = comparison
            self.rule = rule
            pairs = comparison.ratios.mapValues { _ in [] }
            open = Set(comparison.ratios.keys)
        }

        /// The members a generation samples: all of them until the rule focuses, then the open
        /// ratios and their yardsticks.
        private func sampled(in generation: Int) -> Set<String> {
            guard generation >= rule.focusesFrom else { return Set(comparison.costs[generation].keys) }
            return Set(open.flatMap { [$0, comparison.ratios[$0]!.yardstick] })
        }

        /// Replays the recorded generations; returns their sampling seconds.
        mutating func replayRecorded() -> Double {
            var seconds = 0.0
            for generation in comparison.costs.indices {
                guard !open.isEmpty else { break }
                let members = sampled(in: generation)
                seconds += comparison.costs[generation].filter { members.contains($0.key) }.values.reduce(0, +)
                for strategy in open { pairs[strategy]!.append(comparison.ratios[strategy]!.pairs[generation]) }
                settle()
            }
            return seconds
        }

        private mutating func settle() {
            for strategy in open {
                if let ratio = rule.ratio(pairs[strategy]!), rule.settles(ratio) { open.remove(strategy) }
            }
        }
    }
}
