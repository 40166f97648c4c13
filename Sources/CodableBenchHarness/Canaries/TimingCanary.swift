import Foundation
import CodableBenchCore

/// A known work ratio paired timing must read in every run that times: a loop of dependent
/// multiply-adds paired with itself under another name, 1.00, and with a loop of twice its turns,
/// 2.00 (one closure for all three, so the same machine code). It is one more comparison of the
/// run, sampled by the same scheduler, lanes, workers and pairing as the catalogue's, on whichever
/// lanes and cores the run uses; its samples are not recorded as cells.
///
/// Why: a lane that times one half of its pairs differently (a CPU of another kind, a sibling
/// thread, a frequency step that follows one worker, or a harness change that breaks the pairing)
/// moves every ratio of the run and nothing else in it would notice; on a Mac, where nothing is
/// pinned, the two halves of a pair can land on different kinds of core. A run whose canary reads
/// more than the answers' margin off reports no time ratio and says what read what; `check` and
/// `ab` refuse to pass on time.
package enum TimingCanary {
    /// Turns of the shorter loop; the longer makes twice as many.
    static let turns = 1_000_000

    /// The loop, the loop again, twice the loop: the reference first. Hidden: every executable's
    /// worker can run them (`WorkerCommand`).
    package static let strategies: [Strategy] = [(turns, ""), (turns, "-again"), (2 * turns, "")].map { turns, suffix in
        Strategy(
            id: "canary-spins-\(turns)\(suffix)", group: AllocationCanary.group,
            summary: "\(turns) dependent multiply-adds", contract: .parseOnly, defaultProfiles: [], isHidden: true,
            decode: { data in spin(turns, data) }, canonical: { .processedBytes($0) })
    }

    /// `turns` steps of a linear congruential generator, each waiting on the one before: no call,
    /// no memory, nothing but the multiplier's latency, so twice the turns is twice the work.
    /// Returns the payload's size, which verification expects of a parse-only strategy.
    static func spin(_ turns: Int, _ data: Data) -> Int {
        var state = UInt64(truncatingIfNeeded: data.count)
        for _ in 0..<turns { state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407 }
        return data.count + Int(truncatingIfNeeded: AllocationCanary.keep(state)) &* 0
    }
    /// Both others paired with the first.
    static let schedule = LockstepSchedule(yardstick: [nil, 0, 0])

    /// Generations the canary takes at most: where its interval is still wide then, the host's
    /// noise, not the canary, is what it shows, and the run's budget goes to the cells.
    static let maxGenerations = 16

    /// The run's plan, for the canary: at most `maxGenerations`.
    static func plan(_ plan: SamplingPlan) -> SamplingPlan {
        var canary = plan
        canary.maxGenerations = min(plan.maxGenerations, maxGenerations)
        return canary
    }

    /// The canary's comparison: its three cells on the canaries' payload.
    static func comparison(planJSON: String, payloadFolder: URL) throws -> [CellState] {
        let source = AllocationCanary.source
        let payload = try PreparedPayload.prepare(source, writingTo: payloadFolder)
        return try strategies.map { strategy in
            try CellState(cell: Cell(strategy: strategy, source: source), payload: payload, planJSON: planJSON)
        }
    }

    /// Each member's ratio over all of its pairs, whatever the host's state around them: a lane's
    /// fault shows in every state, and the verdict's ratio (`StatedRatio`, one state's pairs) can
    /// hold too few generations to read on a busy host (a quick run under contention read the
    /// canary's quiet pairs of 2 generations: an interval from 0 to 10^28, passed by default).
    static func ratios(pooling pairs: [[[Pair]]]) -> [PairedRatio?] {
        pairs.map { StatedRatio(pooling: $0)?.ratio }
    }

    /// What the canary's comparison read, at 99.9%: a run judges two canary ratios, and at 95% one
    /// run in ten would fail a sound lane by chance (a quick debug run read a loop against itself
    /// at 0.876× (0.807–0.951) over 4 generations); a lane a quarter off still fails at 99.9%.
    static func reading(of ratios: [PairedRatio?]) -> TimingCanaryReading {
        func at999(_ index: Int) -> PairedRatio? {
            guard ratios.count > index, let ratio = ratios[index] else { return nil }
            return ratio.interval999 ?? ratio
        }
        return TimingCanaryReading(sameWork: .init(expected: 1, read: at999(1)), twiceTheWork: .init(expected: 2, read: at999(2)))
    }
}

extension CellState {
    /// One of the harness's canaries (`AllocationCanary`, `ExactCanary`, `TimingCanary`), not a
    /// cell of the run's.
    var isCanary: Bool { cell.strategy.group == AllocationCanary.group }
}
