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
        var resumedSamples: [CellKey: [SampleRow]] = [:]
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
    private let scheduler: GenerationScheduler
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
    private var inFlight: [(index: Int, launch: LockstepComparison.Launch)] = []
    /// Each comparison's exact measures, counted when the sampling has ended (`countExact`); a
    /// comparison's rows wait for them.
    var exactCounts: [Int: [ExactCount?]] = [:]
    /// The comparisons whose progress line is printed (when their counting passes are done).
    var announced: Set<Int> = []
    /// Whether `countExact` has run.
    var exactCounted = false
    /// The CPUs this process may use, taken before the sampling keeps its thread off one.
    let everyCPU = Affinity.allowed()
    private var waitingSeconds = 0.0
    var finishingSeconds = 0.0
    var comparisonsWritten = 0

    init(_ setup: Setup, comparisons: [[CellState]], record: RunRecorder) {
        self.setup = setup
        self.comparisons = comparisons
        self.record = record
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
            for (index, members) in comparisons.enumerated() {
                let keys = Set(members.map(\.identity.key))
                lockstep[index].resume(from: keys.flatMap { setup.resumedSamples[$0] ?? [] })
            }
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
    private func finishShort() {
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
        let measuredNanoseconds: UInt64
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

    // MARK: Lanes and pipelined generations

    /// With one lane, while it samples, the next generations' workers start (verify, warm up) on
    /// the other CPUs: up to `generationsInFlight` are launched ahead, and the lane samples
    /// whichever is ready first (a comparison of many workers, `small`'s 35, takes longer to start
    /// than a round of a few, and rounds of others fill that time). With two lanes no CPU is
    /// left to start workers beside the sampling: each lane starts its own next generation on its
    /// CPU when its round ends (`assignIdleLanes`).
    private func fill() throws {
        guard lanes.count == 1 else { return }
        while inFlight.count < Self.generationsInFlight, let next = try launchNext(placement: .avoiding(lanes[0].cpu)) {
            inFlight.append(next)
        }
    }

    /// The comparisons with a generation launched, starting or sampling: a comparison never has two.
    private var busy: Set<Int> { Set(inFlight.map(\.index) + lanes.compactMap(\.comparison)) }

    /// Gives each idle lane work: a launched generation that is ready (one lane); with two, a
    /// counting pass when they are behind the budget's clock, else a generation of its own to start
    /// on its CPU, else the counting passes left.
    private func assignIdleLanes() throws {
        for lane in lanes where lane.isIdle {
            if lanes.count == 1 {
                guard let pick = readyInFlight() else { continue }
                let (index, launch) = inFlight.remove(at: pick)
                try sample(index, launch, on: lane, releasing: true)
            } else if countingIsBehind, countingPasses.hasQueued {
                runBackground(countingPasses, on: lane)
            } else if let (index, launch) = try launchNext(placement: .on(lane.cpu)) {
                lane.activity = .starting(comparison: index, launch: launch, since: Date())
            } else if countingPasses.hasQueued {
                runBackground(countingPasses, on: lane)
            }
        }
    }

    /// With two lanes, the counting passes are behind when a smaller share of them (in estimated
    /// seconds) has run than of the budget has passed: the lanes then take them between rounds,
    /// so that they are spread over the run and done by its end, not left for after it.
    private var countingIsBehind: Bool {
        let left = countingBacklogSeconds()
        let total = max(countingTotalSeconds, left)
        countingTotalSeconds = total
        guard total > 0 else { return false }
        return 1 - left / total < Date().timeIntervalSince(setup.start) / budget
    }
    /// The largest backlog estimated so far: the counting passes' total.
    private var countingTotalSeconds = 0.0

    /// One background pass on a lane's thread, on its CPU.
    private func runBackground<Output>(_ passes: BackgroundPasses<Output>, on lane: SamplingLane) {
        lane.activity = .background
        let rounds = finishedRounds
        lane.run({ _ = passes.runNext() }) { _ in rounds.post(.background(lane)) }
    }

    /// The in-flight generation to sample next (one lane): the oldest ready one, or the oldest once
    /// it has had its shortest timeout, so that `awaitReady` ends a worker that hangs; nil while
    /// none is.
    private func readyInFlight() -> Int? {
        if let ready = inFlight.firstIndex(where: { $0.launch.isReady }) { return ready }
        if let oldest = inFlight.first, oldest.launch.age > lockstep[oldest.index].shortestTimeout { return 0 }
        return nil
    }

    /// Two lanes: a lane whose own generation is ready (or has had its shortest timeout) samples it.
    private func startReadyOwnGenerations() throws {
        for lane in lanes {
            guard case .starting(let index, let launch, let since) = lane.activity,
                launch.isReady || launch.age > lockstep[index].shortestTimeout
            else { continue }
            spent[index] += Date().timeIntervalSince(since)
            try sample(index, launch, on: lane, releasing: false)
        }
    }

    /// Waits for the generation's workers and hands its round to the lane's thread, which samples
    /// a copy of the comparison; `takeFinishedRounds` puts the copy back.
    private func sample(_ index: Int, _ launch: LockstepComparison.Launch, on lane: SamplingLane, releasing: Bool) throws {
        guard let ready = try lockstep[index].awaitReady(launch, releasing: releasing, stops: { Interruption.requested != nil })
        else {
            lane.activity = .idle  // a run finishing short: the generation was abandoned
            return
        }
        if lanes.count == 1, let cpu = lane.cpu {
            for (_, other) in inFlight { other.launched?.keepOff(cpu) }
        }
        lane.activity = .sampling(comparison: index)
        var comparison = lockstep[index]
        let rounds = finishedRounds
        let started = Date()
        let probe = setup.probesHostState ? lane.probe : nil
        lane.run({ () -> LockstepComparison in
            try comparison.measure(ready, on: lane.cpu, probe: probe) { Interruption.requested != nil }
            return comparison
        }) { outcome in
            rounds.post(.round(index: index, lane: lane, seconds: Date().timeIntervalSince(started), outcome: outcome))
        }
    }

    /// What a lane finished: a round, with the comparison it sampled, or a background pass.
    enum LaneDone {
        case round(index: Int, lane: SamplingLane, seconds: Double, outcome: Swift.Result<LockstepComparison, Error>)
        case background(SamplingLane)
    }

    /// Sleeps until a lane finishes a round, a launch has created its workers, or a starting worker
    /// says something; with nothing to watch but the lanes, until a lane wakes it (or a second, to
    /// look at the clock). While no lane samples, the starting workers may use every CPU. The
    /// generations already ready are not polled: their workers wait for requests, and a busy
    /// `poll` on them would take the CPU the lanes sample on.
    private func waitForEvent() {
        let waitStart = Clocks.wall()
        let nothingSamples = !lanes.contains(where: \.isSampling)
        defer { if nothingSamples { waitingSeconds += Double(Clocks.wall() - waitStart) / 1e9 } }
        var descriptors = [pollfd(fd: finishedRounds.wakeDescriptor, events: Int16(POLLIN), revents: 0)]
        let starting =
            inFlight.map(\.launch)
            + lanes.compactMap { lane -> LockstepComparison.Launch? in
                if case .starting(_, let launch, _) = lane.activity { return launch }
                return nil
            }
        var timeout: Int32 = 1_000
        for launch in starting {
            guard let generation = launch.launched else { continue }  // the launch wakes us when it is
            if nothingSamples, lanes.count == 1, released.insert(ObjectIdentifier(generation)).inserted {
                generation.allowEveryCPU()
            }
            let pending = generation.pendingDescriptors
            descriptors += pending.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            // A hung worker is ended once the oldest launch has had its shortest timeout.
            if !pending.isEmpty { timeout = 100 }
        }
        _ = poll(&descriptors, nfds_t(descriptors.count), timeout)
    }
    /// Generations already let onto every CPU while nothing sampled.
    private var released = Set<ObjectIdentifier>()

    /// Finishes the comparisons that are done, then launches a generation of the next one (see
    /// `GenerationScheduler`) other than the busy ones, or returns nil when none is left.
    private func launchNext(placement: Affinity.Placement) throws -> (index: Int, launch: LockstepComparison.Launch)? {
        if interruptedBy != nil {
            finishShort()
            return nil
        }
        while true {
            let states = lockstep.indices.map {
                GenerationScheduler.Comparison(
                    weight: lockstep[$0].weight, generations: lockstep[$0].generations, spentSeconds: spent[$0])
            }
            // One lane: the counting passes left will run after the sampling, and the budget keeps
            // time for them. Two: the lanes take them as they fall behind (`countingIsBehind`).
            let backlog = lanes.count == 1 ? countingBacklogSeconds() : 0
            let elapsed = Date().timeIntervalSince(setup.start) + backlog
            if elapsed >= budget && samplingEnded == nil { budgetSpent = true }
            let step = scheduler.next(states, candidates: unfinished.subtracting(busy), elapsed: elapsed) {
                lockstep[$0].isSettled
            }
            switch step {
            case .none:
                if unfinished.isEmpty, samplingEnded == nil { samplingEnded = Date() }
                return nil
            case .launch(let index):
                let rounds = finishedRounds
                return (index, LockstepComparison.Launch(lockstep[index], placement: placement, launched: { rounds.wake() }))
            case .finish(let index):
                unfinished.remove(index)
                unwritten.append(index)
            }
        }
    }
    /// When the last comparison finished sampling, and whether the budget ended it.
    private var samplingEnded: Date?
    private var budgetSpent = false
}
