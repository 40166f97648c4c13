@testable import CodableBench
@testable import CodableBenchCore
@testable import CodableBenchHarness
import Foundation
import Testing

/// How a run shares its budget among comparisons (`GenerationScheduler`), on made-up states: a
/// budget of 100 s and a minimum of three generations.
@Suite("Generation scheduler")
struct GenerationSchedulerTests {
    typealias Comparison = GenerationScheduler.Comparison
    let scheduler = GenerationScheduler(budgetSeconds: 100, minimumGenerations: 3)

    private func next(
        _ comparisons: [Comparison], candidates: Set<Int>? = nil, elapsed: Double, settled: Set<Int> = []
    ) -> GenerationScheduler.Step {
        scheduler.next(
            comparisons, candidates: candidates ?? Set(comparisons.indices), elapsed: elapsed,
            isSettled: { settled.contains($0) })
    }

    /// 10 s over 5 ratios short of the target (2 each) is less of a share than 3 s over 1.
    @Test func theSmallestShareOfTheBudgetUsedGoesFirst() {
        let comparisons = [
            Comparison(weight: 1, generations: 4, spentSeconds: 3),
            Comparison(weight: 5, generations: 4, spentSeconds: 10),
        ]
        #expect(next(comparisons, elapsed: 10) == .launch(1))
        #expect(next(comparisons, candidates: [0], elapsed: 10) == .launch(0))
        #expect(next(comparisons, candidates: [], elapsed: 10) == .none)
        // Once four of its five ratios are within the target, the 10 s are one ratio's.
        var sharpened = comparisons
        sharpened[1].weight = 1
        #expect(next(sharpened, elapsed: 10) == .launch(0))
        // A comparison with no ratio left short still has a share (it finishes when chosen).
        sharpened[1].weight = 0
        #expect(next(sharpened, elapsed: 10) == .launch(0))
    }

    /// A ratio weighs the square of its width over the target's, from 1 to 16.
    @Test func aRatioClaimsMoreTheWiderItIsThanTheTarget() {
        let target = 0.01
        func ratio(widthOverTarget: Double) -> PairedRatio {
            let halfWidth = widthOverTarget * log(1 + target)
            return PairedRatio(value: 1, low: exp(-halfWidth), high: exp(halfWidth), pairs: 8, generations: 8)
        }
        func weight(_ ratio: PairedRatio?) -> Double { GenerationScheduler.weight(of: ratio, target: target) }
        #expect(abs(weight(ratio(widthOverTarget: 2)) - 4) < 1e-9)
        #expect(abs(weight(ratio(widthOverTarget: 1.5)) - 2.25) < 1e-9)
        #expect(weight(ratio(widthOverTarget: 0.5)) == 1)
        #expect(weight(ratio(widthOverTarget: 4.5)) == 16)
        #expect(weight(nil) == 16)
        // Same time spent: one ratio at twice the target's width weighs more than three at 1.1×.
        let comparisons = [
            Comparison(weight: 3 * weight(ratio(widthOverTarget: 1.1)), generations: 12, spentSeconds: 10),
            Comparison(weight: weight(ratio(widthOverTarget: 2)), generations: 12, spentSeconds: 10),
        ]
        #expect(next(comparisons, elapsed: 10) == .launch(1))
    }

    @Test func comparisonsShortOfTheMinimumGoFirstFromTheBudgetsHalf() {
        let comparisons = [
            Comparison(weight: 2, generations: 10, spentSeconds: 2),
            Comparison(weight: 2, generations: 2, spentSeconds: 20),
        ]
        #expect(next(comparisons, elapsed: 49) == .launch(0))
        #expect(next(comparisons, elapsed: 50) == .launch(1))
        // Once it has its minimum, the share decides again.
        var caughtUp = comparisons
        caughtUp[1].generations = 3
        #expect(next(caughtUp, elapsed: 50) == .launch(0))
    }

    @Test func aComparisonFinishesWhenSettledOrOutOfTimeButNotBeforeItsMinimum() {
        let comparisons = [Comparison(weight: 2, generations: 3, spentSeconds: 1)]
        #expect(next(comparisons, elapsed: 10) == .launch(0))
        #expect(next(comparisons, elapsed: 10, settled: [0]) == .finish(0))
        #expect(next(comparisons, elapsed: 100) == .finish(0))
        let short = [Comparison(weight: 2, generations: 2, spentSeconds: 1)]
        #expect(next(short, elapsed: 10, settled: [0]) == .launch(0))
        #expect(next(short, elapsed: 150) == .launch(0))
    }
}
