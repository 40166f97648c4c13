import Foundation
import CodableBenchCore

/// The sampling of a run: its lockstep comparisons' process generations interleaved within the
/// run's budget (`GenerationScheduler`) and pipelined (the next generations' workers start while
/// one samples), the counting passes beside them (`BackgroundPasses`), and each comparison's rows
/// recorded (`RunRecorder`) as soon as it and its counting passes are done.
final class InterleavedSampling {

    /// What the sampling needs of its run.
    struct Setup {
        var plan: SamplingPlan
        var pairing: Pairing
        /// The timing workers' environment (`TimingAllocator`).
        var environment: [String: String]
        var launcher: (CellState) -> WorkerLauncher
        var passes: CountingPasses
        var provenance: Provenance
        var log: (String) -> Void
        /// When the run started, which its budget counts from.
        var start: Date
    }

    private let setup: Setup
    private let record: RunRecorder
    /// One per payload: every strategy that runs on those bytes.
    private let comparisons: [[CellState]]
    private var lockstep: [LockstepComparison]
    private let countingPasses: BackgroundPasses<Result<CountedAllocations?, Error>>
    /// The exact measures beside the sampling (`CountingPasses.besideSampling`): a comparison's
    /// cells are queued once its first generation has verified them, smaller payloads first, on a
    /// thread of their own off the timing CPU at the lowest priority; those not started when the
    /// sampling ends are not counted, and one still running `exactPassGrace` after the budget's
    /// end is given up (a noisy run waited 35 s for one). Nil with `--instructions` (counted after each comparison) or
    /// without the pass.
    private let exactPasses: BackgroundPasses<ExactCount?>?
    private var exactQueued: Set<Int> = []
    /// How long past the budget's end a started exact pass may run: one cell under callgrind takes
    /// 1–3 s on a 100 KB–1 MB payload, at the lowest priority on a busy machine much longer.
    static let exactPassGrace = 10.0
    private let scheduler: GenerationScheduler
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
    private var instructionCounts: [Int: [ExactCount?]] = [:]
    /// Time in the instruction pass, which the timing budget leaves out: with `--instructions`
    /// the timings get the same budget as without.
    private var instructionSeconds = 0.0
    private var waitingSeconds = 0.0
    private var finishingSeconds = 0.0
    private var comparisonsWritten = 0

    init(_ setup: Setup, comparisons: [[CellState]], record: RunRecorder) {
        self.setup = setup
        self.comparisons = comparisons
        self.record = record
        progress = Progress(total: comparisons.count, log: setup.log)
        // Interleaved: the comparisons share the budget (see `GenerationScheduler`); a
        // comparison's rows are written when it finishes.
        lockstep = comparisons.map { members in
            LockstepComparison(
                members: members, schedule: setup.pairing.schedule(for: members), plan: setup.plan,
                environment: setup.environment, launcher: setup.launcher)
        }
        let cellCount = comparisons.reduce(0) { $0 + $1.count }
        budget = Double(setup.plan.budgetNanosecondsPerCell) / 1e9 * Double(cellCount)
        scheduler = GenerationScheduler(budgetSeconds: budget, minimumGenerations: setup.pairing.minimumGenerations)
        spent = [Double](repeating: 0, count: comparisons.count)
        unfinished = Set(comparisons.indices)
        // Every cell's counting pass, queued now (see `BackgroundPasses`), but for the cells known
        // not to decode this payload (a hang would hold a pass for its whole timeout).
        countingPasses = BackgroundPasses(avoiding: Affinity.timingCPU())
        let passes = setup.passes
        for (index, members) in comparisons.enumerated() {
            countingPasses.submit(
                index,
                members.map { state in
                    guard passes.countsAllocations(of: state) else { return { .success(nil) } }
                    return { Result { try passes.allocations(state) } }
                })
        }
        exactPasses = passes.besideSampling == nil ? nil : BackgroundPasses(avoiding: Affinity.timingCPU())
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
            queueExactPasses(index)
            progress.generation(
                lockstep[index].generations, of: comparisons[index][0].cell.source.name,
                members: comparisons[index].map(\.cell.strategy.id),
                ratios: lockstep[index].result.ratios, target: setup.plan.precision)
            try fill()
            try writeCounted()
        }
        let draining = Date()
        exactPasses?.cancelQueued(giving: nil)
        countingPasses.drain()
        exactPasses?.drain()
        finishingSeconds += Date().timeIntervalSince(draining)
        try writeCounted()
        var phases = lockstep.map(\.result.phases).reduce(GenerationPhases(), +)
        phases.startingSeconds += waitingSeconds
        phases.finishingSeconds = finishingSeconds
        return (lockstep.map(\.result.measuredNanoseconds).reduce(0, +), phases)
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
            let elapsed = Date().timeIntervalSince(setup.start) - instructionSeconds + countingBacklogSeconds()
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
            guard setup.passes.countsAllocations(of: state) else { return nil }
            return (lockstep[pass.key].decodeSeconds[pass.slot], state.payload.bytes)
        }
        return CountingBacklog.seconds(of: passes, parallel: 2)
    }

    /// Queues a comparison's exact passes (`exactPasses`) once: its measured cells after the
    /// generation that verified them, a cell the lockstep ended uncounted; a comparison finished
    /// without one, none counted.
    private func queueExactPasses(_ index: Int) {
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
    private func writeCounted() throws {
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

    /// Rows of a finished comparison whose counting passes have run, recorded at once.
    private func write(
        _ index: Int, counted: [Result<CountedAllocations?, Error>], exact: [ExactCount?]?
    ) throws -> [CellResult] {
        let finished = FinishedComparison(
            comparison: lockstep[index], allocations: counted, instructions: exact,
            countsInstructions: setup.passes.instructionCounter != nil)
        let done = try finished.record(into: record, provenance: setup.provenance, log: setup.log)
        comparisonsWritten += 1
        ScratchSpace.interruptionNote =
            "interrupted: \(comparisonsWritten) of \(comparisons.count) comparisons finished, their rows are in "
            + "\(record.folder.results.path) ('benchmarks report \(record.folder.directory.path)' writes their report)"
        return done
    }
}
