import Foundation
import CodableBenchCore

/// The run's passes beside the sampling, and its comparisons once they are done: their counting
/// passes, their exact measures (beside the sampling on spare CPUs, and after it) and their rows.
extension InterleavedSampling {
    /// The counting passes that would be left for the end if sampling stopped now, in seconds
    /// (see `CountingBacklog`): the scheduler counts them as spent, so the run ends within its
    /// budget when they fall behind. The drain runs two at a time (this thread and theirs).
    func countingBacklogSeconds() -> Double {
        let passes = countingPasses.notStarted().compactMap { pass -> (Double?, Int)? in
            let state = comparisons[pass.key][pass.slot]
            guard setup.passes.countsAllocations(of: state) else { return nil }
            return (lockstep[pass.key].decodeSeconds[pass.slot], state.payload.bytes)
        }
        return CountingBacklog.seconds(of: passes, parallel: 2)
    }

    /// The exact measures of every finished comparison's measured cells, once the sampling has
    /// ended, so that they take no time from it: those counted beside it on spare CPUs
    /// (`SpareCPUExactPass`), and the rest split, a build at a time, between worker processes of
    /// about equal cost (`ExactPassPlan`), one per CPU at a time, each counting its cells in turn.
    /// A run finishing short counts none. With `--instructions` every cell also simulates the
    /// caches; without it, the cells `ExactPassPlan` finds cheap enough.
    func countExact() throws {
        guard setup.passes.exactCounter != nil else { return }
        for index in unwritten { exactCounts[index] = comparisons[index].map { _ in nil } }
        let besideCounts = spareCPUExact?.finish() ?? []
        guard interruptedBy == nil else { return exactCounted = true }
        let cells = unwritten.flatMap(exactCells(of:))
        for (cell, count) in besideCounts { exactCounts[cell.comparison]?[cell.member] = count }
        let left = cells.filter { cell in exactCounts[cell.comparison]?[cell.member] == nil }
        if let spareCPUExact {
            setup.log(
                "exact measures: \(cells.count - left.count) of \(cells.count) cells counted beside the sampling "
                    + "(\(spareCPUExact.cpusText))")
        }
        let passes = setup.passes, everyCPU = everyCPU
        let processes = ExactCell.processes(of: left, simulatingEveryCell: passes.simulatesEveryCell, processesPerKind: 2)
        let counted = try CountingPasses.onePerCore(processes) { process in
            try Affinity.within(everyCPU) { try process.count(with: passes) }
        }
        for (counts, failure) in counted.compactMap({ $0 }) {
            for (cell, count) in counts { exactCounts[cell.comparison]?[cell.member] = count }
            let lost = counts.filter { $0.1 == nil }.count
            if let failure, lost > 0, Interruption.requested == nil {
                setup.log("warning: no exact measures for \(lost) cells: \(failure)")
            }
        }
        exactCounted = true
    }

    /// A finished comparison's cells the exact pass counts: those its sampling measured (none of
    /// the timing canary's, nor of a comparison that sampled nothing).
    func exactCells(of index: Int) -> [ExactCell] {
        guard index != canary, !lockstep[index].result.generations.isEmpty else { return [] }
        return comparisons[index].indices.filter { lockstep[index].result.verdicts[$0].outcome.isMeasured }.map { member in
            let state = comparisons[index][member]
            return ExactCell(
                comparison: index, member: member, state: state,
                plan: ExactPassPlan.Cell(decodeSeconds: lockstep[index].decodeSeconds[member], bytes: state.payload.bytes))
        }
    }

    /// Rows of the finished comparisons whose counting passes have run (and, where the run counts
    /// exact measures, once they are counted); each comparison's progress line once its counting
    /// passes have run.
    func writeCounted() throws {
        let writing = Date()
        defer { finishingSeconds += Date().timeIntervalSince(writing) }
        for index in unwritten {
            if index == canary {
                unwritten.removeAll { $0 == index }
                var reading = TimingCanary.reading(of: TimingCanary.ratios(pooling: lockstep[index].result.pairs))
                reading.laneSeconds = spent[index]
                timingCanary = reading
                setup.log(
                    reading.failed
                        ? "warning: \(reading.sentence)" : String(format: "canary (%.1f lane-seconds): ", spent[index]) + reading.sentence)
                continue
            }
            guard let counted = countingPasses.outputs(of: index) else { continue }
            if !announced.contains(index) {
                announced.insert(index)
                progress.finish(
                    comparisons[index][0].cell.source.name,
                    ended: comparisons[index].indices.compactMap { member in
                        let outcome = lockstep[index].result.verdicts[member].outcome
                        return comparisons[index][member].isBaseline || outcome.isMeasured
                            ? nil : (comparisons[index][member].cell.strategy.id, outcome)
                    },
                    ratios: lockstep[index].result.ratios, target: setup.plan.precision,
                    secondsLeft: budget - Date().timeIntervalSince(setup.start))
            }
            guard setup.passes.exactCounter == nil || exactCounted else { continue }
            unwritten.removeAll { $0 == index }
            _ = try write(index, counted: counted, exact: exactCounts.removeValue(forKey: index))
        }
    }

    /// The cell records of a finished comparison whose counting passes have run, recorded at once.
    func write(
        _ index: Int, counted: [Result<CountedAllocations?, Error>], exact: [ExactCount?]?
    ) throws -> [CellRecord] {
        let finished = FinishedComparison(
            comparison: lockstep[index], allocations: counted, instructions: exact,
            countsInstructions: setup.passes.exactCounter != nil && interruptedBy == nil)
        let done = try finished.record(into: record, log: setup.log)
        comparisonsWritten += 1
        ScratchSpace.interruptionNote =
            "stopped at once: \(comparisonsWritten) of \(cellComparisons.count) comparisons finished, their rows and every sample "
            + "and pair taken are in \(record.folder.directory.path) ('benchmarks report \(record.folder.directory.path)' writes a report of them)"
        return done
    }
}
