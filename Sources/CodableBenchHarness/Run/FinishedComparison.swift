import Foundation
import CodableBenchCore

/// A comparison whose sampling and counting passes are done: its cells' results, paired ratios
/// and cost breakdowns, recorded together.
struct FinishedComparison {
    let comparison: LockstepComparison
    /// Per member, its counting pass (nil: not counted).
    let allocations: [Result<CountedAllocations?, Error>]
    /// Per member, its instruction pass (nil: none asked for, or not measured).
    let instructions: [ExactCount?]?
    /// `--instructions`: every measured cell was to be counted, and one without a count is said.
    /// (Beside the sampling, cells the time did not allow are left uncounted silently.)
    let countsInstructions: Bool

    /// Records every member's rows; returns this build's results (`ab`'s baseline rows are not).
    func record(into record: RunRecorder, provenance: Provenance, log: (String) -> Void) throws -> [CellResult] {
        let members = comparison.members, measured = comparison.result
        let profile = members[0].cell.source.name
        let allocations = try counts(log: log)
        let stated = measured.stated
        var ratioRows: [RatioRow] = []
        var done: [CellResult] = []
        for (member, state) in members.enumerated() {
            var result = cellResult(member)
            if let y = comparison.schedule.yardstick[member], !result.generations.isEmpty {
                let yardstick = members[y].isBaseline ? RatioRow.baselineYardstick : members[y].cell.strategy.id
                result.yardstick = yardstick
                result.pairedRatio = stated[member]?.verdict
                if let ratio = stated[member] {
                    var row = RatioRow(
                        runID: record.folder.runID, profile: profile, group: state.cell.strategy.group,
                        strategy: state.cell.strategy.id, yardstick: yardstick, ratio: ratio.verdict)
                    row.state = ratio.verdictState
                    row.contended = ratio.verdictState == .quiet ? ratio.contended : nil
                    ratioRows.append(row)
                }
            }
            result.allocations = allocations[member]
            if result.verdict.outcome.isMeasured, countsInstructions || instructions?[member] != nil {
                let counted = instructions?[member] ?? nil
                result.instructions = counted?.instructions
                result.simulatedCycles = counted?.simulatedCycles
                if let counted, !counted.breakdown.functions.isEmpty {
                    try record.record(
                        costs: CostsCSV.rows(
                            runID: record.folder.runID, group: state.cell.strategy.group, strategy: state.cell.strategy.id,
                            profile: profile, counted.breakdown), of: state.build)
                }
                if result.instructions == nil {
                    log(
                        "warning: \(state.cell.strategy.id) on \(profile): no instruction count (valgrind failed on the worker; a build with the Simdjson trait cannot be read by valgrind 3.19)"
                    )
                }
            }
            try record.record(result, provenance: provenance, of: state.build)
            if !state.isBaseline { done.append(result) }
        }
        try record.record(ratios: ratioRows)
        return done
    }

    /// A member's verdict and samples.
    private func cellResult(_ member: Int) -> CellResult {
        let state = comparison.members[member], verdict = comparison.result.verdicts[member]
        return CellResult(
            cell: state.cell, identity: state.identity, verdict: verdict,
            generations: verdict.outcome.isMeasured ? comparison.result.timings(of: member) : [],
            outputBytes: comparison.result.outputBytes[member])
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
    func latestGenerationRows(runID: String) -> (samples: [(build: Build, rows: [SampleRow])], pairs: String) {
        guard let round = result.generations.last else { return ([], "") }
        let generation = result.generations.count - 1
        var samples: [(Build, [SampleRow])] = []
        var pairs = ""
        for (member, state) in members.enumerated() {
            let identity = state.identity
            let taken = round.enumerated().filter { $0.element.member == member }
            if !taken.isEmpty {
                samples.append(
                    (
                        state.build,
                        taken.enumerated().map { index, entry in
                            SampleRow(
                                runID: runID, group: identity.group, strategy: identity.strategy, profile: identity.profile,
                                fork: generation, sample: index, decodes: entry.element.decodes * entry.element.batches,
                                wallNanoseconds: entry.element.perDecode, cpuNanoseconds: entry.element.cpuPerDecode,
                                sequence: entry.offset, state: entry.element.state, cpu: entry.element.cpu)
                        }
                    ))
            }
            guard let y = schedule.yardstick[member], let latest = result.pairs[member].last, !latest.isEmpty else { continue }
            pairs += PairsCSV.lines(
                runID: runID, profile: identity.profile, group: identity.group, strategy: identity.strategy,
                yardstick: members[y].isBaseline ? RatioRow.baselineYardstick : members[y].cell.strategy.id,
                generation: generation, pairs: latest)
        }
        return (samples, pairs)
    }
}
