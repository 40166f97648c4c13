import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The sampling of a run: its lockstep comparisons' process generations interleaved within the
/// run's budget (`GenerationScheduler`) and pipelined (the next generations' workers start while
/// one samples), the counting passes beside them (`BackgroundPasses`), and each comparison's rows
/// on disk as soon as it and its counting passes are done.
final class InterleavedSampling {
    typealias CellState = Runner.CellState
    typealias InstructionCount = (total: Int, breakdown: CostBreakdown)
    /// callgrind and the cost categories, with `--instructions`.
    typealias InstructionSetup = (valgrind: String, categories: CostCategories)

    private let runner: Runner
    private let folder: RunFolder
    private let provenance: Provenance
    private let counting: CountingBackend
    private let instructions: InstructionSetup?
    /// One per payload: every strategy that runs on those bytes.
    private let comparisons: [[CellState]]
    private var lockstep: [LockstepComparison]
    private let countingPasses: BackgroundPasses<Result<CountedAllocations?, Error>>
    private let scheduler: GenerationScheduler
    private let plan: SamplingPlan
    private let start: Date
    private let budget: Double
    private var progress: Progress

    /// Seconds each comparison has taken (its generations' waits and rounds): what the scheduler
    /// shares the budget by.
    private var spent: [Double]
    /// The comparisons not finished yet (still sampling, or settled and not yet finished).
    private var unfinished: Set<Int>
    /// Finished comparisons whose rows wait for their counting passes.
    private var unwritten: [Int] = []
    /// Process generations launched ahead of the one sampling. `--no-count` default runs, same
    /// hour: with 3, duty 76% and 3,976 worker processes; with 5, 78% and 80%, 4,278 and 4,380;
    /// with 8, 79% and 4,391 (1 generation ahead, taken in order: 58%, 3,426).
    static let generationsInFlight = 5
    private var inFlight: [(index: Int, launch: LockstepComparison.Launch)] = []
    private var instructionCounts: [Int: [InstructionCount?]] = [:]
    /// Time in the instruction pass, which the timing budget leaves out: with `--instructions`
    /// the timings get the same budget as without.
    private var instructionSeconds = 0.0
    private var waitingSeconds = 0.0
    private var finishingSeconds = 0.0
    private var comparisonsWritten = 0

    /// `start`: when the run started, which its budget counts from.
    init(
        runner: Runner, comparisons: [[CellState]], folder: RunFolder, provenance: Provenance,
        counting: CountingBackend, instructions: InstructionSetup?, environment: [String: String], start: Date
    ) {
        self.runner = runner
        self.comparisons = comparisons
        self.folder = folder
        self.provenance = provenance
        self.counting = counting
        self.instructions = instructions
        self.start = start
        let options = runner.options
        plan = options.plan
        progress = Progress(total: comparisons.count, log: runner.log)
        // Interleaved: the comparisons share the budget (see `GenerationScheduler`). Three
        // generations each whatever the budget (six in `ab`); a comparison's rows are written when
        // it finishes.
        lockstep = comparisons.map { members in
            LockstepComparison(
                members: members,
                schedule: options.pairing.schedule(for: members),
                plan: options.plan, environment: environment, launcher: runner.launcher(for:))
        }
        let minimumGenerations = options.pairing.minimumGenerations
        let cellCount = comparisons.reduce(0) { $0 + $1.count }
        budget = Double(plan.budgetNanosecondsPerCell) / 1e9 * Double(cellCount)
        scheduler = GenerationScheduler(budgetSeconds: budget, minimumGenerations: minimumGenerations)
        spent = [Double](repeating: 0, count: comparisons.count)
        unfinished = Set(comparisons.indices)
        // Every cell's counting pass, queued now (see `BackgroundPasses`), but for the cells known
        // not to decode this payload (a hang would hold a pass for its whole timeout).
        countingPasses = BackgroundPasses(avoiding: Affinity.timingCPU())
        for (index, members) in comparisons.enumerated() {
            countingPasses.submit(
                index,
                members.map { [runner, counting] state in
                    guard Self.isCounted(state, by: counting) else { return { .success(nil) } }
                    return { Result { try runner.countingPass(state, backend: counting) } }
                })
        }
    }

    /// Samples every comparison to its end and writes its rows; returns the time inside measured
    /// decodes and where the run's time went.
    func run() throws -> (measuredNanoseconds: UInt64, phases: GenerationPhases) {
        try fill()
        while !inFlight.isEmpty {
            let waitedBefore = waitingSeconds
            let pick = nextReady()
            // The wait is the oldest generation's, which has been starting longest.
            spent[inFlight[0].index] += waitingSeconds - waitedBefore
            let (index, launch) = inFlight.remove(at: pick)
            let sampling = Date()
            let ready = try lockstep[index].awaitReady(launch)
            if let cpu = lockstep[index].cpu {
                for (_, other) in inFlight { other.launched?.keepOff(cpu) }
            }
            try fill()
            try lockstep[index].measure(ready)
            spent[index] += Date().timeIntervalSince(sampling)
            progress.generation(
                lockstep[index].generations, of: comparisons[index][0].cell.source.name,
                members: comparisons[index].map(\.cell.strategy.id),
                ratios: lockstep[index].result.ratios, target: plan.precision)
            try fill()
            try writeCounted()
        }
        let draining = Date()
        countingPasses.drain()
        finishingSeconds += Date().timeIntervalSince(draining)
        try writeCounted()
        var phases = lockstep.map(\.result.phases).reduce(GenerationPhases(), +)
        phases.startingSeconds += waitingSeconds
        phases.finishingSeconds = finishingSeconds
        return (lockstep.map(\.result.measuredNanoseconds).reduce(0, +), phases)
    }

    private static func isCounted(_ state: CellState, by counting: CountingBackend) -> Bool {
        counting != .none && state.cell.strategy.expectedOutcome(on: state.cell.source) == .ok
    }

    // MARK: Pipelined generations

    /// Pipelined: while one generation samples on the timing CPU, the next ones' workers start
    /// (verify, warm up) on the other CPUs. Up to `generationsInFlight` are launched ahead, and
    /// the runner samples whichever is ready first: a comparison of many workers (`small`, 35)
    /// takes longer to start than a round of a few, and rounds of others fill that time.
    private func fill() throws {
        while inFlight.count < Self.generationsInFlight, let next = try launchNext(besides: Set(inFlight.map(\.index))) {
            inFlight.append(next)
        }
    }

    /// Finishes the comparisons that are done, then launches a generation of the next one (see
    /// `GenerationScheduler`) other than those in `busy` (with a generation in flight: a
    /// comparison never has two), or returns nil when none is left.
    private func launchNext(besides busy: Set<Int>) throws -> (index: Int, launch: LockstepComparison.Launch)? {
        while true {
            let states = lockstep.indices.map {
                GenerationScheduler.Comparison(
                    claims: lockstep[$0].claims, generations: lockstep[$0].generations, spentSeconds: spent[$0])
            }
            let elapsed = Date().timeIntervalSince(start) - instructionSeconds + countingBacklogSeconds()
            let step = scheduler.next(states, candidates: unfinished.subtracting(busy), elapsed: elapsed) {
                lockstep[$0].isSettled
            }
            switch step {
            case .none:
                return nil
            case .launch(let index):
                return (index, LockstepComparison.Launch(lockstep[index]))
            case .finish(let index):
                let finishing = Date()
                try finish(index)
                finishingSeconds += Date().timeIntervalSince(finishing)
                unfinished.remove(index)
                unwritten.append(index)
            }
        }
    }

    /// The counting passes that would be left for the end if sampling stopped now, in seconds
    /// (see `CountingBacklog`): the scheduler counts them as spent, so the run ends within its
    /// budget when they fall behind. The drain runs two at a time (this thread and theirs).
    private func countingBacklogSeconds() -> Double {
        let passes = countingPasses.notStarted().compactMap { pass -> (Double?, Int)? in
            let state = comparisons[pass.key][pass.slot]
            guard Self.isCounted(state, by: counting) else { return nil }
            return (lockstep[pass.key].decodeSeconds[pass.slot], state.payload.bytes)
        }
        return CountingBacklog.seconds(of: passes, parallel: 2)
    }

    /// The in-flight generation to sample next: the oldest ready one, waiting for one if none
    /// is (meanwhile nothing samples, so the starting workers may use every CPU); the oldest
    /// once it has had its shortest timeout, so that `awaitReady` ends a worker that hangs.
    private func nextReady() -> Int {
        let waitStart = Clocks.wall()
        defer { waitingSeconds += Double(Clocks.wall() - waitStart) / 1e9 }
        var released = Set<ObjectIdentifier>()
        while true {
            if let ready = inFlight.firstIndex(where: { $0.launch.isReady }) { return ready }
            if inFlight[0].launch.age > lockstep[inFlight[0].index].shortestTimeout { return 0 }
            var descriptors: [pollfd] = []
            for (_, launch) in inFlight {
                guard let generation = launch.launched else { continue }
                if released.insert(ObjectIdentifier(generation)).inserted { generation.allowEveryCPU() }
                descriptors += generation.pendingDescriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            }
            // Until a worker replies, or a few milliseconds for a launch still creating workers.
            _ = poll(&descriptors, nfds_t(descriptors.count), 5)
        }
    }

    // MARK: Finished comparisons

    /// A finished comparison's instruction pass, while nothing samples (the timing budget
    /// leaves it out). Only the cells the lockstep verified and measured are counted.
    private func finish(_ index: Int) throws {
        let comparison = lockstep[index]
        let members = comparison.members, verdicts = comparison.result.verdicts
        let measured = members.indices.filter { verdicts[$0].outcome.isMeasured }
        var counted: [InstructionCount?] = members.map { _ in nil }
        if let instructions {
            let passStart = Date()
            let counts = try Runner.onePerCore(measured.map { members[$0] }) {
                try runner.instructionPass($0, valgrind: instructions.valgrind, categories: instructions.categories)
            }
            for (member, count) in zip(measured, counts) { counted[member] = count }
            instructionSeconds += Date().timeIntervalSince(passStart)
        }
        instructionCounts[index] = counted
    }

    /// Rows of the finished comparisons whose counting passes have run.
    private func writeCounted() throws {
        let writing = Date()
        defer { finishingSeconds += Date().timeIntervalSince(writing) }
        for index in unwritten {
            guard let counted = countingPasses.outputs(of: index) else { continue }
            unwritten.removeAll { $0 == index }
            let done = try write(index, counted: counted)
            progress.finish(
                comparisons[index][0].cell.source.name, results: done,
                ratios: lockstep[index].result.ratios, target: plan.precision,
                secondsLeft: budget - Date().timeIntervalSince(start) + instructionSeconds)
        }
    }

    /// Rows of a finished comparison whose counting passes have run, on disk at once.
    private func write(_ index: Int, counted: [Result<CountedAllocations?, Error>]) throws -> [CellResult] {
        let comparison = lockstep[index]
        let members = comparison.members, measuredComparison = comparison.result, schedule = comparison.schedule
        let name = members[0].cell.source.name
        let runID = folder.runID
        var allocations: [[AllocationCount]?] = members.map { _ in nil }
        for (member, count) in zip(members.indices, counted) where measuredComparison.verdicts[member].outcome.isMeasured {
            switch try count.get() {
            case .counted(let counts)?: allocations[member] = counts
            case .missing(let reason)?:
                runner.log("warning: \(members[member].cell.strategy.id) on \(name): allocations not counted (\(reason))")
            case nil: break
            }
        }
        let instructionCounts = instructionCounts.removeValue(forKey: index) ?? members.map { _ in nil }
        let ratios = measuredComparison.ratios
        var ratioRows: [RatioRow] = []
        var done: [CellResult] = []
        for (member, state) in members.enumerated() {
            let verdict = measuredComparison.verdicts[member]
            let generations = verdict.outcome.isMeasured ? measuredComparison.timings(of: member) : []
            var result = CellResult(
                cell: state.cell, identity: state.identity, verdict: verdict,
                generations: generations, outputBytes: measuredComparison.outputBytes[member])
            if let y = schedule.yardstick[member], !generations.isEmpty {
                result.yardstick = members[y].isBaseline ? RatioRow.baselineYardstick : members[y].cell.strategy.id
                result.pairedRatio = ratios[member]
                if let ratio = ratios[member] {
                    ratioRows.append(
                        RatioRow(
                            runID: runID, profile: name, group: state.cell.strategy.group,
                            strategy: state.cell.strategy.id, yardstick: result.yardstick!,
                            ratio: ratio))
                }
            }
            result.allocations = allocations[member]
            if verdict.outcome.isMeasured, instructions != nil {
                let counted = instructionCounts[member]
                result.instructions = counted?.total
                if let counted, !state.isBaseline {
                    try folder.append(
                        CostsCSV.lines(
                            runID: runID, group: state.cell.strategy.group, strategy: state.cell.strategy.id,
                            profile: name, counted.breakdown), to: folder.costs)
                }
                if result.instructions == nil {
                    runner.log(
                        "warning: \(state.cell.strategy.id) on \(name): no instruction count (valgrind failed on the worker; a build with the Simdjson trait cannot be read by valgrind 3.19)"
                    )
                }
            }
            // `ab`: the baseline build's rows go to its own folder and are not this run's results.
            let isBaseline = state.isBaseline
            try folder.append(
                result.rows(provenance: provenance).map(ResultsCSV.line).joined(),
                to: isBaseline ? folder.baselineResults : folder.results)
            try folder.append(
                result.sampleRows(runID: runID).map(SamplesCSV.line).joined(),
                to: isBaseline ? folder.baselineSamples : folder.samples)
            if !isBaseline { done.append(result) }
        }
        try folder.append(ratioRows.map(RatiosCSV.line).joined(), to: folder.ratios)
        comparisonsWritten += 1
        ScratchSpace.interruptionNote =
            "interrupted: \(comparisonsWritten) of \(comparisons.count) comparisons finished, their rows are in "
            + "\(folder.results.path) (`benchmarks report \(folder.directory.path)` writes their report)"
        return done
    }
}
