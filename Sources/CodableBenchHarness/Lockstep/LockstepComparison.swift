import Foundation
import CodableBenchCore

/// Every strategy on one payload, measured in lockstep: one long-lived worker per strategy, asked
/// for one sample at a time in the order of `LockstepSchedule`, only one running at a time. The
/// workers are restarted for each process generation, so generations can be taken whenever the
/// runner chooses (it interleaves the comparisons of a run, see `InterleavedSampling`); once the stopping rule
/// judges the ratios, a generation starts only the workers of those still short of the target.
/// This type runs the generations (launch, warm-up, round, a worker's failure); what they measured
/// and what follows from it is its `ComparisonTally`.
struct LockstepComparison {
    let environment: [String: String]
    let launcher: @Sendable (CellState) -> WorkerLauncher

    /// Generations every comparison runs, whatever the run's budget.
    static let minimumGenerations = 3
    /// The same for `ab`, whose verdicts gate a merge: with 3 or 4 generations (a medium payload
    /// under the quick budget, often one pair each) the ratio's interval rests on 2 or 3 degrees of
    /// freedom and no trimming; from 5 on, the 20% trim drops the most extreme process at each end.
    /// (Five quick A/A runs of the catalogue did not show it alone lowering false flags: 1 of 5
    /// without it, 3 of 5 with it; the confirmation run is what brought them to 0 of 5.)
    static let minimumGenerationsToGate = 6

    /// What it has measured and decided so far.
    private(set) var tally: ComparisonTally
    var members: [CellState] { tally.members }
    var schedule: LockstepSchedule { tally.schedule }
    var plan: SamplingPlan { tally.plan }
    /// Per member, its fastest warm-up decode in any generation so far (what sizes its samples
    /// until it has some: `SampleSize.decodeTime`).
    private var fastestWarmupDecode: [Int: UInt64] = [:]

    init(
        members: [CellState], schedule: LockstepSchedule, plan: SamplingPlan,
        environment: [String: String], launcher: @escaping @Sendable (CellState) -> WorkerLauncher
    ) {
        tally = ComparisonTally(members: members, schedule: schedule, plan: plan)
        self.environment = environment
        self.launcher = launcher
    }

    // What the run reads of the tally and asks of it.
    var result: Result { tally.result }
    var generations: Int { tally.generations }
    var decodeSeconds: [Int: Double] { tally.decodeSeconds }
    var isSettled: Bool { tally.isSettled }
    var open: Set<Int> { tally.open }
    var weight: Double { tally.weight }
    mutating func resume(from samples: [CellKey: [TimingSample]]) { tally.resume(from: samples) }
    mutating func choosePairsPerGeneration(budgetSeconds: Double) { tally.choosePairsPerGeneration(budgetSeconds: budgetSeconds) }
    mutating func markFinishedShort() { tally.markFinishedShort() }

    private func timeout(_ member: Int) -> Double { launcher(members[member]).timeoutSeconds }

    /// The shortest time an active member's worker may take (to be ready, or per sample).
    var shortestTimeout: Double { tally.active.map(timeout).min() ?? 0 }

    /// Starts a worker for every member to sample (`ComparisonTally.membersToSample`). They verify (the first
    /// generation only) and warm up where `placement` says (beside the timing CPU, or on the CPU
    /// that will sample them), in parallel, and wait for requests.
    func launchGeneration(_ placement: Affinity.Placement) throws -> StartingGeneration {
        var workers: [Int: LockstepWorker] = [:]
        let launched = Clocks.wall()
        let verifiedBefore = tally.result.generations.count > tally.resumedGenerations
        try Affinity.placing(placement) {
            for member in tally.membersToSample.sorted() {
                let state = members[member]
                do {
                    workers[member] = try LockstepWorker(
                        launcher: launcher(state),
                        worker: verifiedBefore ? state.workerOnVerifiedBytes(.lockstep) : state.worker(.lockstep),
                        environment: environment)
                } catch {
                    workers.values.forEach { $0.stop() }
                    throw CommandError.harness("cannot start a worker: \(error.localizedDescription)")
                }
            }
        }
        return StartingGeneration(workers: workers, launched: launched)
    }

    /// Waits until the generation's workers exist and are ready (the runner waits for a ready
    /// generation first, so this waits only to end a worker that hangs); members that fail leave
    /// the tally's `active` with their verdict.
    /// `releasing`: nothing samples while the runner waits, so the workers may use every CPU.
    /// `stops`: asked while it waits; true abandons the generation (its workers stopped): nil.
    mutating func awaitReady(_ launch: Launch, releasing: Bool, stops: () -> Bool = { false }) throws -> ReadyGeneration? {
        let waitStart = Clocks.wall()
        let starting = try launch.generation()
        defer { tally.result.phases.startingSeconds += Double(Clocks.wall() - waitStart) / 1e9 }
        if releasing { starting.allowEveryCPU() }
        killedThisGeneration = []
        var startCPU: UInt64 = 0
        for member in tally.active.sorted() {
            guard let worker = starting.workers[member] else { continue }
            let deadline = starting.launched + UInt64(timeout(member) * 1e9)
            // Waits in steps, so that a run finishing short does not wait out a worker's timeout.
            while !worker.hasReplied(), Clocks.wall() < deadline {
                if stops() {
                    starting.stop()
                    return nil
                }
                SystemCalls.waitUntilReadable([worker.replyDescriptor], milliseconds: 250)
            }
            let elapsed = Double(Clocks.wall() - starting.launched) / 1e9
            switch worker.next(within: max(timeout(member) - elapsed, 0.001)) {
            case .ended(let verdict):
                end(member, verdict, in: starting)
            case .killed(let signal):
                killed(member, signal, in: starting)
            case .timedOut:
                // Counted from the worker's start: say the whole limit, not what was left of it.
                end(member, VerifiedOutcome(.timeout, "no result within \(Terminal.duration(timeout(member))) (killed)"), in: starting)
            case .line(let line):
                guard let report = try? JSONDecoder().decode(WorkerReport.self, from: Data(line.utf8)) else {
                    end(
                        member,
                        VerifiedOutcome(.crashed, "worker said something else than its report: \(FirstDifference.clip(line, limit: 120))"),
                        in: starting)
                    continue
                }
                let expected = members[member].payload.sha256
                guard report.sha256 == expected else {
                    throw CommandError.harness(
                        "worker read different bytes for \(members[member].cell.source.name) (sha256 \(report.sha256) vs \(expected))")
                }
                if let bytes = report.outputBytes { tally.result.outputBytes[member] = bytes }
                guard report.outcome.isMeasured else {
                    end(member, VerifiedOutcome(report.outcome, report.detail), in: starting)
                    continue
                }
                // The fastest warm-up decode of any generation: a warm-up runs beside the other
                // workers' starts, so one generation's can read several times too slow.
                if let warmup = report.warmupDecodeNanoseconds {
                    fastestWarmupDecode[member] = min(fastestWarmupDecode[member] ?? warmup, warmup)
                }
                startCPU += report.readyCPUNanoseconds ?? 0
            }
        }
        // Sized over every active member, sampled in this generation or not: a ratio's samples
        // keep the batch count of the generations before (the estimator depends on it).
        let nanosecondsPerDecode = Dictionary(
            uniqueKeysWithValues: tally.active.map { member in
                (
                    member,
                    SampleSize.decodeTime(
                        sampled: tally.result.samples(of: member).map(\.cpuNanoseconds),
                        fastestWarmup: fastestWarmupDecode[member], sample: Double(plan.minSampleNanoseconds))
                )
            })
        let sizes = SampleSize.forGeneration(
            nanosecondsPerDecode: nanosecondsPerDecode, target: Double(plan.minSampleNanoseconds))
        return ReadyGeneration(starting: starting, sizes: sizes, startCPUSeconds: Double(startCPU) / 1e9)
    }

    /// How often the round probes the host's cache (`CacheProbe`), in sampling time: about 1–4% of
    /// it (a probe takes 0.5 ms with the cache to itself, up to 4 ms under contention), and often
    /// enough to follow a state that lasts tens of milliseconds to seconds.
    static let probeInterval: UInt64 = 100_000_000

    /// Runs the generation's one round on `cpu` (nil: wherever the system puts it), one worker at a
    /// time, with the host's cache probed before, every `probeInterval` and after (`probe`, nil:
    /// none); tells the workers to quit, and records the samples, their states and their pairs.
    /// `stops`: asked before each sample; true ends the round there (a run finishing short).
    mutating func measure(
        _ ready: ReadyGeneration, on cpu: Int?, probe: CacheProbe?, stops: () -> Bool = { false }
    ) throws {
        if let cpu {
            for (member, worker) in ready.starting.workers where tally.active.contains(member) { Affinity.pin(worker.pid, to: cpu) }
        }
        var roundStart = Clocks.wall()
        var samples: [TimingSample] = []
        var probes: [ProbeReading] = []
        func probeNow() {
            guard let probe else { return }
            probes.append(ProbeReading(before: samples.count, reading: Affinity.on(cpu) { probe.read() }))
        }
        probeNow()
        var lastProbe = Clocks.wall()
        // One round: a block per (strategy, yardstick), in shuffled order.
        let sampled = tally.active.intersection(ready.starting.workers.keys)
        for member in schedule.round(active: sampled, samplesPerBlock: tally.samplesPerBlock, shuffle: { $0.shuffle() }) {
            if stops() { break }
            if Clocks.wall() - lastProbe >= Self.probeInterval {
                probeNow()
                lastProbe = Clocks.wall()
            }
            if let size = ready.sizes[member], let (wall, cpuTime) = sample(member, size, in: ready.starting) {
                // Per decode, from the median batch; it stands for every batch's decodes. Numbered
                // when the tally takes the generation.
                samples.append(
                    TimingSample(
                        wallNanoseconds: Double(wall) / Double(size.decodes), cpuNanoseconds: Double(cpuTime) / Double(size.decodes),
                        decodes: size.decodes * size.batches, sequence: 0, generation: 0, cpu: cpu, member: member))
            }
        }
        probeNow()
        ProbeReading.assignStates(probes, to: &samples)
        tally.result.phases.samplingSeconds += Double(Clocks.wall() - roundStart) / 1e9
        roundStart = Clocks.wall()
        // Off the timing CPU to exit, and not waited for: the next generation samples meanwhile.
        if let cpu { ready.starting.keepOff(cpu) }
        ready.starting.quit()
        tally.result.phases.stoppingSeconds += Double(Clocks.wall() - roundStart) / 1e9

        let ratiosSampled = tally.append(samples, probes: probes)
        tally.recordCosts(startCPUSeconds: ready.startCPUSeconds, samples: samples, ratiosSampled: ratiosSampled)
    }

    private mutating func end(_ member: Int, _ verdict: VerifiedOutcome, in generation: StartingGeneration) {
        tally.end(member, verdict)
        generation.workers[member]?.stop()
    }

    /// Members whose worker something outside killed, and whether that was their second time: a
    /// first kill loses the generation's samples of that member and its next generation starts it
    /// again; a second ends the cell (`crashed`, with the signal named).
    private var killedOnce: Set<Int> = []
    /// The members of the generation sampling now whose worker was killed (their samples stop).
    private var killedThisGeneration: Set<Int> = []

    private mutating func killed(_ member: Int, _ signal: Int32, in generation: StartingGeneration) {
        generation.workers[member]?.stop()
        killedThisGeneration.insert(member)
        let name = WorkerLauncher.signalName(signal)
        let hint = signal == SIGKILL ? "; the kernel's OOM killer sends SIGKILL when memory runs out" : ""
        guard killedOnce.insert(member).inserted else {
            end(member, VerifiedOutcome(.crashed, "killed by \(name) twice, from outside the strategy\(hint)"), in: generation)
            return
        }
        Terminal.status(
            "warning: \(members[member].cell.strategy.id) on \(members[member].cell.source.name): its worker was killed by \(name), "
                + "from outside the strategy\(hint); its next generation starts it again")
    }

    /// The median batch's wall and CPU times of `member`'s worker, asked for one sample of `size`;
    /// nil where it ended, failed or was killed instead.
    private mutating func sample(
        _ member: Int, _ size: SampleSize, in generation: StartingGeneration
    ) -> (wall: UInt64, cpu: UInt64)? {
        guard tally.active.contains(member), !killedThisGeneration.contains(member), let worker = generation.workers[member] else {
            return nil
        }
        worker.request(decodes: size.decodes, batches: size.batches)
        switch worker.next(within: timeout(member)) {
        case .ended(let verdict), .timedOut(let verdict):
            end(member, verdict, in: generation)
        case .killed(let signal):
            killed(member, signal, in: generation)
        case .line(let line):
            switch LockstepProtocol.Reply(line: line) {
            case .sample(let wall, let cpu):
                let slowed = Plant.timed(pairedWithAYardstick: schedule.yardstick[member] != nil)
                return (slowed(wall), slowed(cpu))
            case .failure(let message):
                end(member, VerifiedOutcome(.threw, "threw during measurement after passing verification: \(message)"), in: generation)
            case nil:
                end(
                    member,
                    VerifiedOutcome(.crashed, "worker said something else than a sample: \(FirstDifference.clip(line, limit: 120))"),
                    in: generation)
            }
        }
        return nil
    }
}
