import Foundation
import CodableBenchCore

/// A comparison whose sampling and counting passes are done: each member's cell record (verdict,
/// measures, paired ratio, costs), recorded as it is made.
struct FinishedComparison {
    let comparison: LockstepComparison
    /// Per member, its counting pass (nil: not counted).
    let allocations: [Result<CountedAllocations?, Error>]
    /// Per member, its instruction pass (nil: none asked for, or not measured).
    let instructions: [ExactCount?]?
    /// `--instructions`: every measured cell was to be counted, and one without a count is said.
    /// (Beside the sampling, cells the time did not allow are left uncounted silently.)
    let countsInstructions: Bool

    /// Records every member's cell; returns this build's (`ab`'s baseline build's are not).
    func record(into record: RunRecorder, log: (String) -> Void) throws -> [CellRecord] {
        let members = comparison.members
        let allocations = try counts(log: log)
        var done: [CellRecord] = []
        for (member, state) in members.enumerated() {
            let cell = cellRecord(member, allocations: allocations[member], log: log)
            try record.record(cell, of: state.build)
            if !state.isBaseline { done.append(cell) }
        }
        return done
    }

    /// A member's record: its verdict, measures, paired ratio and costs.
    private func cellRecord(_ member: Int, allocations: [AllocationCount]?, log: (String) -> Void) -> CellRecord {
        let members = comparison.members, state = members[member], measured = comparison.result
        let verdict = measured.verdicts[member], profile = state.cell.source.name
        var cell = CellRecord(
            cell: state.identity, outcome: verdict.outcome, expectedOutcome: state.cell.strategy.expectedOutcome(on: state.cell.source),
            detail: verdict.detail)
        let timings = verdict.outcome.isMeasured ? measured.timings(of: member) : []
        var exact: ExactCount?
        if verdict.outcome.isMeasured, countsInstructions || instructions?[member] != nil {
            exact = instructions?[member] ?? nil
            if exact == nil {
                log(
                    "warning: \(state.cell.strategy.id) on \(profile): no instruction count "
                        + (Platform.current.hasCallgrind
                            ? "(valgrind failed on the worker)"
                            : "(the CPU's counter gave none for the worker)"))
            }
        }
        cell.measures = CellRecord.measures(
            timings: timings, throughputBytes: Double(measured.outputBytes[member] ?? state.identity.bytes),
            allocations: allocations, instructions: exact?.instructions, simulatedCycles: exact?.simulatedCycles)
        cell.costs = exact?.breakdown.functions ?? []
        if !timings.isEmpty {
            if let y = comparison.schedule.yardstick[member] {
                cell.pair(
                    with: members[y].isBaseline ? CellRatio.baselineYardstick : members[y].cell.strategy.id,
                    pairsByGeneration: measured.pairs[member])
            }
            if state.cell.strategy.isReference, cell.rowRatio?.yardstick != CellRatio.baselineYardstick {
                cell.rowRatio = cell.ratio(to: state.identity.strategy, .one)
            }
        }
        return cell
    }

    /// Per member, its allocation counts where it was measured and counted; says why where not.
    private func counts(log: (String) -> Void) throws -> [[AllocationCount]?] {
        let members = comparison.members
        var counts: [[AllocationCount]?] = members.map { _ in nil }
        for (member, count) in zip(members.indices, allocations)
        where comparison.result.verdicts[member].outcome.isMeasured {
            switch try count.get() {
            case .counted(let measured)?: counts[member] = measured
            case .missing(let reason)?:
                log(
                    "warning: \(members[member].cell.strategy.id) on \(members[0].cell.source.name): allocations not counted (\(reason))")
            case nil: break
            }
        }
        return counts
    }
}

extension LockstepComparison {
    /// Its latest generation's rows, written as soon as the round is taken: each member's samples
    /// (samples.csv, by build) and each ratio's pairs (pairs.csv).
    func latestGenerationRows(runID: String) -> (samples: [(state: CellState, taken: [TimingSample])], pairs: String) {
        guard let round = result.generations.last else { return ([], "") }
        let generation = result.generations.count - 1
        var samples: [(CellState, [TimingSample])] = []
        var pairs = ""
        for (member, state) in members.enumerated() {
            let identity = state.identity
            let taken = round.filter { $0.member == member }
            if !taken.isEmpty {
                samples.append((state, taken))
            }
            guard let y = schedule.yardstick[member], let latest = result.pairs[member].last, !latest.isEmpty else { continue }
            pairs += PairsCSV.lines(
                runID: runID, profile: identity.profile, group: identity.group, strategy: identity.strategy,
                yardstick: members[y].isBaseline ? CellRatio.baselineYardstick : members[y].cell.strategy.id,
                generation: generation, pairs: latest)
        }
        return (samples, pairs)
    }
}
