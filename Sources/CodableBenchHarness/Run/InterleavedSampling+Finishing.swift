import Foundation
import CodableBenchCore

/// The run's passes beside the sampling, and its comparisons once they are done: their exact and
/// counting passes, and their rows.
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

    /// Queues a comparison's exact passes (`exactPasses`) once: its measured cells after the
    /// generation that verified them, a cell the lockstep ended uncounted; a comparison finished
    /// without one, none counted.
    func queueExactPasses(_ index: Int) {
        guard let exactPasses, !exactQueued.contains(index) else { return }
        exactQueued.insert(index)
        let passes = setup.passes
        let verdicts = lockstep[index].result.verdicts
        let deadline = setup.start.addingTimeInterval(budget + Self.exactPassGrace)
        exactPasses.submit(
            index,
            comparisons[index].enumerated().map { member, state in
                guard verdicts[member].outcome.isMeasured, !lockstep[index].result.generations.isEmpty else { return { nil } }
                return { try? passes.instructionsBesideSampling(state, until: deadline) }
            }, priority: comparisons[index][0].payload.bytes)
    }

    // MARK: Finished comparisons

    /// A finished comparison's instruction pass, while nothing samples (the timing budget
    /// leaves it out). Only the cells the lockstep verified and measured are counted.
    func finish(_ index: Int) throws {
        let comparison = lockstep[index]
        let members = comparison.members, verdicts = comparison.result.verdicts
        let measured = members.indices.filter { verdicts[$0].outcome.isMeasured }
        var counted: [ExactCount?] = members.map { _ in nil }
        if setup.passes.instructionCounter != nil {
            let passStart = Date()
            let counts = try CountingPasses.onePerCore(measured.map { members[$0] }, setup.passes.instructions)
            for (member, count) in zip(measured, counts) { counted[member] = count }
            instructionSeconds += Date().timeIntervalSince(passStart)
        }
        instructionCounts[index] = counted
        queueExactPasses(index)
    }

    /// Rows of the finished comparisons whose counting passes have run.
    func writeCounted() throws {
        let writing = Date()
        defer { finishingSeconds += Date().timeIntervalSince(writing) }
        for index in unwritten {
            guard let counted = countingPasses.outputs(of: index) else { continue }
            // With the exact pass beside the sampling, also once its cells are counted (or not).
            var exact: [ExactCount?]? = instructionCounts[index]
            if let exactPasses {
                guard let besideSampling = exactPasses.outputs(of: index) else { continue }
                exact = besideSampling
            }
            instructionCounts[index] = nil
            unwritten.removeAll { $0 == index }
            let done = try write(index, counted: counted, exact: exact)
            progress.finish(
                comparisons[index][0].cell.source.name, results: done,
                ratios: lockstep[index].result.ratios, target: setup.plan.precision,
                secondsLeft: budget - Date().timeIntervalSince(setup.start) + instructionSeconds)
        }
    }

    /// The cell records of a finished comparison whose counting passes have run, recorded at once.
    func write(
        _ index: Int, counted: [Result<CountedAllocations?, Error>], exact: [ExactCount?]?
    ) throws -> [CellRecord] {
        let finished = FinishedComparison(
            comparison: lockstep[index], allocations: counted, instructions: exact,
            countsInstructions: setup.passes.instructionCounter != nil)
        let done = try finished.record(into: record, log: setup.log)
        comparisonsWritten += 1
        ScratchSpace.interruptionNote =
            "stopped at once: \(comparisonsWritten) of \(comparisons.count) comparisons finished, their rows and every sample "
            + "and pair taken are in \(record.folder.directory.path) ('benchmarks report \(record.folder.directory.path)' writes a report of them)"
        return done
    }
}
