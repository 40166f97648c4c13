import Foundation
import CodableBenchCore

/// The rounds the lanes finish: each comparison put back with what its round measured, its
/// generation's samples and pairs written at once, and its next generations' pairs chosen.
extension InterleavedSampling {
    /// The lane-seconds a comparison can expect from now on: its part of what is left of the
    /// budget, in proportion to its weight among the unfinished comparisons' (as the scheduler
    /// shares it).
    func expectedShare(of index: Int) -> Double {
        let left = budget - Date().timeIntervalSince(setup.start)
        let weights = unfinished.reduce(0.0) { $0 + lockstep[$1].weight }
        guard left > 0, weights > 0 else { return 0 }
        return left * Double(lanes.count) * lockstep[index].weight / weights
    }

    /// Puts back the comparisons the lanes sampled, and frees their lanes.
    func takeFinishedRounds() throws {
        for done in finishedRounds.take() {
            guard case .round(let index, let lane, let seconds, let outcome) = done else {
                if case .background(let lane) = done { lane.activity = .idle }
                continue
            }
            lane.activity = .idle
            lockstep[index] = try outcome.get()
            spent[index] += seconds
            lockstep[index].choosePairsPerGeneration(budgetSeconds: expectedShare(of: index))
            // The canary's samples are no cell's (`TimingCanary`).
            guard index != canary else { continue }
            let rows = lockstep[index].latestGenerationRows(runID: record.folder.runID)
            for (state, taken) in rows.samples { try record.record(samples: taken, of: state.identity, build: state.build) }
            try record.record(pairs: rows.pairs)
            progress.generation(
                lockstep[index].generations, of: comparisons[index][0].cell.source.name,
                members: comparisons[index].map(\.cell.strategy.id),
                ratios: lockstep[index].result.ratios, target: setup.plan.precision)
        }
    }
}
