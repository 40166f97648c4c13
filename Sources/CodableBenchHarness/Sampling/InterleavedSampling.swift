import Foundation
import CodableBenchCore

/// The sampling of a run: its lockstep comparisons' process generations interleaved within the
/// run's budget (`GenerationScheduler`), sampled on one or two CPUs (`SamplingLane`,
/// `TimingCPUs`), the counting passes beside them (`BackgroundPasses`), and each comparison's rows
/// recorded (`RunRecorder`) as soon as it and its counting passes are done. One thread (the run's)
/// decides everything; the lanes' threads only take rounds.
final class InterleavedSampling {

    /// What the sampling needs of its run.
    struct Setup {
        var plan: SamplingPlan
        var pairing: Pairing
        /// The timing workers' environment (`TimingAllocator`).
        var environment: [String: String]
        var launcher: @Sendable (CellState) -> WorkerLauncher
        var passes: CountingPasses
        var provenance: Provenance
        var log: (String) -> Void
        /// When the run started, which its budget counts from.
        var start: Date
        /// The CPUs that sample, one lane each.
        var timingCPUs: TimingCPUs
        /// Probe the host's cache beside the samples (`CacheProbe`), so that pairs carry the
        /// state they were taken in: every run whose verdicts are the answers'.
        var probesHostState: Bool
        /// `run --resume`: the interrupted run's samples, by cell, that its comparisons continue from.
        var resumedSamples: [CellKey: [TimingSample]] = [:]
    }

    let setup: Setup
    let record: RunRecorder
    /// One per payload: every strategy that runs on those bytes; and the timing canary's
    /// (`TimingCanary`), whose samples are not the run's cells.
    let comparisons: [[CellState]]
    /// The timing canary's comparison, where the run has one.
    let canary: Int?
    /// Every other comparison: those of the run's cells, which its budget, progress, exact pass
    /// and host-state check count.
    let cellComparisons: [Int]
    /// What the timing canary read, once its comparison finished.
    var timingCanary: TimingCanaryReading?
    var lockstep: [LockstepComparison]
    let countingPasses: BackgroundPasses<Result<CountedAllocations?, Error>>
    /// The exact pass beside the sampling, where CPUs are spare (`SpareCPUExactPass`).
    let spareCPUExact: SpareCPUExactPass?
    let scheduler: GenerationScheduler
    /// The run's sampling budget in seconds (`SamplingPlan.budgetSeconds`).
    let budget: Double
    var progress: Progress
    let lanes: [SamplingLane]
    let finishedRounds = FinishedRounds<LaneDone>()

    /// Seconds each comparison has taken (its generations' waits and rounds): what the scheduler
    /// shares the budget by.
    var spent: [Double]
    /// The comparisons not finished yet (still sampling, or settled and not yet finished).
    var unfinished: Set<Int>
    /// Finished comparisons whose rows wait for their counting passes.
    var unwritten: [Int] = []
    /// Process generations launched ahead of the one sampling: enough that one is ready whenever a
    /// lane is free, few enough that their workers do not crowd the CPUs (figures: Notebook, "Figures behind the code").
    static let generationsInFlight = 5
    /// Each comparison's exact measures, counted when the sampling has ended (`countExact`); a
    /// comparison's rows wait for them.
    var exactCounts: [Int: [ExactCount?]] = [:]
    /// The comparisons whose progress line is printed (when their counting passes are done).
    var announced: Set<Int> = []
    /// Whether `countExact` has run.
    var exactCounted = false
    /// The CPUs this process may use, taken before the sampling keeps its thread off one.
    let everyCPU: [Int]?
    var finishingSeconds = 0.0
    var comparisonsWritten = 0

    init(_ setup: Setup, comparisons: [[CellState]], record: RunRecorder) {
        self.setup = setup
        self.comparisons = comparisons
        self.record = record
        let everyCPU = Affinity.allowed()
        self.everyCPU = everyCPU
        let canary = comparisons.firstIndex { $0.first?.isCanary == true }
        self.canary = canary
        cellComparisons = comparisons.indices.filter { $0 != canary }
        progress = Progress(total: cellComparisons.count, log: setup.log)
        // Interleaved: the comparisons share the budget (see `GenerationScheduler`); a
        // comparison's rows are written when it finishes.
        lockstep = comparisons.indices.map { index in
            let members = comparisons[index], isCanary = index == canary
            return LockstepComparison(
                members: members, schedule: isCanary ? TimingCanary.schedule : setup.pairing.schedule(for: members),
                plan: isCanary ? TimingCanary.plan(setup.plan) : setup.plan,
                environment: setup.environment, launcher: setup.launcher)
        }
        if !setup.resumedSamples.isEmpty {
            for index in lockstep.indices { lockstep[index].resume(from: setup.resumedSamples) }
        }
        // The canary takes its time from the run's budget, which it does not lengthen.
        budget = setup.plan.budgetSeconds(cells: cellComparisons.reduce(0) { $0 + comparisons[$1].count })
        scheduler = GenerationScheduler(budgetSeconds: budget, minimumGenerations: setup.pairing.minimumGenerations)
        spent = [Double](repeating: 0, count: comparisons.count)
        unfinished = Set(comparisons.indices)
        lanes = setup.timingCPUs.cpus.map(SamplingLane.init(cpu:))
        // One lane: the background passes run beside it, off its CPU. Two: no CPU is left beside
        // the sampling, and they run when it has ended (the scheduler keeps time for them).
        let beside = lanes.count == 1
        // Every cell's counting pass, queued now (see `BackgroundPasses`), but for the cells known
        // not to decode this payload (a hang would hold a pass for its whole timeout).
        countingPasses = BackgroundPasses(avoiding: lanes[0].cpu, besideSampling: beside)
        let passes = setup.passes
        let spare = setup.timingCPUs.spare(of: everyCPU)
        spareCPUExact =
            passes.exactCounter == nil || spare.isEmpty ? nil : SpareCPUExactPass(cpus: spare, passes: passes)
        for (index, members) in comparisons.enumerated() {
            countingPasses.submit(
                index,
                members.map { state in
                    guard passes.countsAllocations(of: state) else { return { .success(nil) } }
                    return { Result { try passes.allocations(state) } }
                })
        }
    }

    /// Samples every comparison to its end and writes its rows; returns the time inside measured
    /// decodes, where the run's time went, and why its sampling ended.
    func run() throws -> SamplingOutcome {
        // With one lane, this thread keeps off its CPU (with two it mostly sleeps in `poll`).
        try Affinity.avoiding(lanes.count == 1 ? lanes[0].cpu : nil) { try sampleAll() }
    }

    private func sampleAll() throws -> SamplingOutcome {
        try fill()
        while true {
            if Interruption.requested != nil { stopStarting() }
            try assignIdleLanes()
            if lanes.allSatisfy(\.isIdle) && inFlight.isEmpty {
                // One lane interrupted while its generations started: nothing sampled that would
                // call `launchNext`, which finishes the rest.
                if interruptedBy != nil { finishShort() }
                break
            }
            waitForEvent()
            try takeFinishedRounds()
            try startReadyOwnGenerations()
            try fill()
            try writeCounted()
        }
        let draining = Date()
        // Finishing short: the counts not yet taken are left out, as the exact measures are.
        if interruptedBy != nil { countingPasses.cancelQueued(giving: .success(nil)) }
        countingPasses.drain()
        finishingSeconds += Date().timeIntervalSince(draining)
        try writeCounted()
        let counting = Date()
        try countExact()
        let exactSeconds = Date().timeIntervalSince(counting) * Double(lanes.count)
        // A signal during the exact pass ended it: the rows are written without its measures.
        if interruptedBy == nil, let signal = Interruption.requested { interruptedBy = signal }
        try writeCounted()
        var phases = lockstep.map(\.result.phases).reduce(GenerationPhases(), +)
        phases.startingSeconds += waitingSeconds
        phases.finishingSeconds = finishingSeconds
        if setup.passes.exactCounter != nil { phases.exactSeconds = exactSeconds }
        let open = cellComparisons.reduce(0) { $0 + lockstep[$1].open.count }
        let ending = SamplingEnding(
            sampledSeconds: (samplingEnded ?? draining).timeIntervalSince(setup.start),
            budgetSeconds: budget, openRatios: open, budgetSpent: budgetSpent,
            stoppedBy: interruptedBy.map(Interruption.name))
        var hostState = HostStateSummary(lockstep.flatMap { $0.result.probes.joined().map(\.reading) })
        hostState?.ringBytes = lanes[0].probe.ringBytes
        hostState?.quietFloorNanoseconds = lanes.compactMap(\.probe.quietFloorNanoseconds).max()
        hostState?.labels = HostStateCheck(
            cells: cellComparisons.flatMap { lockstep[$0].result.pairs.map { Array($0.joined()) } })
        return SamplingOutcome(
            measuredNanoseconds: lockstep.map(\.result.measuredNanoseconds).reduce(0, +), phases: phases,
            ending: ending, hostState: hostState, interruptedBy: interruptedBy, timingCanary: timingCanary)
    }

    /// Finishing short: every comparison not sampling now is finished with what it has (one whose
    /// generation was still starting, with nothing).
    func finishShort() {
        for index in unfinished.subtracting(busy).sorted() {
            lockstep[index].markFinishedShort()
            unfinished.remove(index)
            unwritten.append(index)
        }
    }

    /// The signal that ended the sampling short (`Interruption`), once seen.
    var interruptedBy: Int32?

    /// A signal asked the run to finish short: nothing more starts; the generations starting are
    /// stopped, and the lanes' rounds end at their next sample (`LockstepComparison.measure`).
    private func stopStarting() {
        guard interruptedBy == nil else { return }
        interruptedBy = Interruption.requested
        samplingEnded = Date()
        for (_, launch) in inFlight { try? launch.generation().stop() }
        inFlight.removeAll()
        for lane in lanes {
            guard case .starting(_, let launch, _) = lane.activity else { continue }
            try? launch.generation().stop()
            lane.activity = .idle
        }
    }

    /// What the sampling hands the run.
    struct SamplingOutcome {
        /// Time inside measured decodes.
        let measuredNanoseconds: Double
        /// Where the run's time went.
        let phases: GenerationPhases
        let ending: SamplingEnding
        /// What the host's cache did, from the probes (nil: none taken).
        let hostState: HostStateSummary?
        /// The signal that ended the sampling short, if one did.
        let interruptedBy: Int32?
        /// What the timing canary read (nil: the run has none, or ended before it finished).
        let timingCanary: TimingCanaryReading?
    }

    // What the lanes' dispatch keeps (`InterleavedSampling+Lanes`).

    /// Generations launched ahead of the one sampling (one lane).
    var inFlight: [(index: Int, launch: LockstepComparison.Launch)] = []
    /// Generations already let onto every CPU while nothing sampled.
    var released = Set<ObjectIdentifier>()
    /// The largest backlog of counting passes estimated so far: their total.
    var countingTotalSeconds = 0.0
    /// Seconds this thread waited while no lane sampled (starting workers).
    var waitingSeconds = 0.0
    /// When the last comparison finished sampling, and whether the budget ended it.
    var samplingEnded: Date?
    var budgetSpent = false
}
