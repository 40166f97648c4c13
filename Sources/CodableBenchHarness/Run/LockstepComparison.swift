import Foundation
import CodableBenchCore

/// Every strategy on one payload, measured in lockstep: one long-lived worker per strategy, asked
/// for one sample at a time in the order of `LockstepSchedule`, only one running at a time. The
/// workers are restarted for each process generation, so generations can be taken whenever the
/// runner chooses (it interleaves the comparisons of a run, see `InterleavedSampling`); once the stopping rule
/// judges the ratios, a generation starts only the workers of those still short of the target.
struct LockstepComparison {
    let members: [CellState]
    let schedule: LockstepSchedule
    let plan: SamplingPlan
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

    /// What has been measured so far, and which members are still measured.
    private(set) var result: Result
    private(set) var active: Set<Int>
    /// Strategy samples per block of the next generation's round: pairs a generation, plus one
    /// (`LockstepSchedule`); the plan's at first, then what the comparison's own variance
    /// components and costs make cheapest (`VarianceComponents`).
    private(set) var samplesPerBlock: Int
    /// What the last generation's workers took to start, and what one more pair of each of its
    /// ratios took to sample: the costs `samplesPerBlock` is chosen by.
    private var startSeconds, pairSeconds: Double?
    /// Per member, its fastest warm-up decode in any generation so far (what sizes its samples
    /// until it has some: `SampleSize.decodeTime`).
    private var fastestWarmupDecode: [Int: UInt64] = [:]

    init(
        members: [CellState], schedule: LockstepSchedule, plan: SamplingPlan,
        environment: [String: String], launcher: @escaping @Sendable (CellState) -> WorkerLauncher
    ) {
        self.members = members
        self.schedule = schedule
        self.plan = plan
        self.environment = environment
        self.launcher = launcher
        result = Result(
            verdicts: members.map { _ in Verdict(.ok) }, outputBytes: members.map { _ in nil },
            pairs: members.map { _ in [] })
        active = Set(members.indices)
        samplesPerBlock = plan.samplesPerBlock
        rule = plan.stoppingRule
    }

    /// When a ratio needs no more samples.
    let rule: StoppingRule

    var generations: Int { result.generations.count }

    /// Per member, the median time of one decode over its samples so far, in seconds; nil before
    /// its first sample. (Not the warm-up's: warm-ups run beside a generation's other starts, and
    /// read several times slower.)
    private(set) var decodeSeconds: [Int: Double] = [:]

    /// Nothing more to measure: no active member, the plan's most generations, no ratio to
    /// sharpen, or every ratio settled by the stopping rule (`StoppingRule`: its verdict reached
    /// at an early look, or its interval within the target). (The runner's minimum of three
    /// generations and the run's budget come on top.)
    var isSettled: Bool {
        if generations == resumedGenerations && resumedGenerations > 0 && !active.isEmpty { return false }
        if active.isEmpty || generations >= plan.maxGenerations { return true }
        if paired.isEmpty { return true }  // no ratio to sharpen (no reference on this payload)
        return open.isEmpty
    }

    /// The active members paired with an active yardstick: the ratios this comparison sharpens.
    private var paired: [Int] { active.filter { schedule.yardstick[$0].map(active.contains) == true } }

    /// Members whose ratio the stopping rule settled as of the last generation, and why.
    private(set) var settled: [Int: StoppingRule.Reason] = [:]
    /// Each member's weight on the run's budget as of the last generation
    /// (`GenerationScheduler.weight(of:target:)`); none before the first.
    private var weightByMember: [Int: Double] = [:]

    /// The members whose ratio is not settled yet.
    var open: Set<Int> { Set(paired).subtracting(settled.keys) }

    /// The comparison's weight on the run's budget: that of its ratios not settled yet.
    var weight: Double {
        open.reduce(0) { $0 + (weightByMember[$1] ?? GenerationScheduler.largestWeight) }
    }

    /// The members the next generation samples: every active one in the first generation, then
    /// the ratios not settled yet with their yardsticks (`LockstepSchedule.focused`). Never none:
    /// a comparison with no open ratio left is settled, and the runner finishes it rather than
    /// launch another generation.
    var membersToSample: Set<Int> {
        guard generations > resumedGenerations else { return active }
        let focused = schedule.focused(on: open, active: active)
        return focused.isEmpty ? active : focused
    }

    private func timeout(_ member: Int) -> Double { launcher(members[member]).timeoutSeconds }

    /// The shortest time an active member's worker may take (to be ready, or per sample).
    var shortestTimeout: Double { active.map(timeout).min() ?? 0 }

    /// Starts a worker for every member to sample (`membersToSample`). They verify (the first
    /// generation only) and warm up where `placement` says (beside the timing CPU, or on the CPU
    /// that will sample them), in parallel, and wait for requests.
    func launchGeneration(_ placement: Affinity.Placement) throws -> StartingGeneration {
        var workers: [Int: LockstepWorker] = [:]
        let launched = Clocks.wall()
        let verifiedBefore = result.generations.count > resumedGenerations
        try Affinity.placing(placement) {
            for member in membersToSample.sorted() {
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
    /// `active` with their verdict.
    /// `releasing`: nothing samples while the runner waits, so the workers may use every CPU.
    /// `stops`: asked while it waits; true abandons the generation (its workers stopped): nil.
    mutating func awaitReady(_ launch: Launch, releasing: Bool, stops: () -> Bool = { false }) throws -> ReadyGeneration? {
        let waitStart = Clocks.wall()
        let starting = try launch.generation()
        defer { result.phases.startingSeconds += Double(Clocks.wall() - waitStart) / 1e9 }
        if releasing { starting.allowEveryCPU() }
        killedThisGeneration = []
        var startCPU: UInt64 = 0
        for member in active.sorted() {
            guard let worker = starting.workers[member] else { continue }
            let deadline = starting.launched + UInt64(timeout(member) * 1e9)
            // Waits in steps, so that a run finishing short does not wait out a worker's timeout.
            while !worker.hasReplied(), Clocks.wall() < deadline {
                if stops() {
                    starting.stop()
                    return nil
                }
                var descriptor = pollfd(fd: worker.replyDescriptor, events: Int16(POLLIN), revents: 0)
                _ = poll(&descriptor, 1, 250)
            }
            let elapsed = Double(Clocks.wall() - starting.launched) / 1e9
            switch worker.next(within: max(timeout(member) - elapsed, 0.001)) {
            case .ended(let verdict):
                end(member, verdict, in: starting)
            case .killed(let signal):
                killed(member, signal, in: starting)
            case .timedOut:
                // Counted from the worker's start: say the whole limit, not what was left of it.
                end(member, Verdict(.timeout, "no result within \(Terminal.duration(timeout(member))) (killed)"), in: starting)
            case .line(let line):
                guard let report = try? JSONDecoder().decode(WorkerReport.self, from: Data(line.utf8)) else {
                    end(
                        member, Verdict(.crashed, "worker said something else than its report: \(FirstDifference.clip(line, limit: 120))"),
                        in: starting)
                    continue
                }
                let expected = members[member].payload.sha256
                guard report.sha256 == expected else {
                    throw CommandError.harness(
                        "worker read different bytes for \(members[member].cell.source.name) (sha256 \(report.sha256) vs \(expected))")
                }
                if let bytes = report.outputBytes { result.outputBytes[member] = bytes }
                guard report.outcome.isMeasured else {
                    end(member, Verdict(report.outcome, report.detail), in: starting)
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
            uniqueKeysWithValues: active.map { member in
                (
                    member,
                    SampleSize.decodeTime(
                        sampled: result.samples(of: member).map(\.cpuPerDecode),
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
            for (member, worker) in ready.starting.workers where active.contains(member) { Affinity.pin(worker.pid, to: cpu) }
        }
        var roundStart = Clocks.wall()
        var samples: [Sample] = []
        var probes: [ProbeReading] = []
        func probeNow() {
            guard let probe else { return }
            probes.append(ProbeReading(before: samples.count, reading: Affinity.on(cpu) { probe.read() }))
        }
        probeNow()
        var lastProbe = Clocks.wall()
        // One round: a block per (strategy, yardstick), in shuffled order.
        let sampled = active.intersection(ready.starting.workers.keys)
        for member in schedule.round(active: sampled, samplesPerBlock: samplesPerBlock, shuffle: { $0.shuffle() }) {
            if stops() { break }
            if Clocks.wall() - lastProbe >= Self.probeInterval {
                probeNow()
                lastProbe = Clocks.wall()
            }
            if let size = ready.sizes[member], var taken = sample(member, size, in: ready.starting) {
                taken.cpu = cpu
                samples.append(taken)
            }
        }
        probeNow()
        ProbeReading.assignStates(probes, to: &samples)
        result.phases.samplingSeconds += Double(Clocks.wall() - roundStart) / 1e9
        roundStart = Clocks.wall()
        // Off the timing CPU to exit, and not waited for: the next generation samples meanwhile.
        if let cpu { ready.starting.keepOff(cpu) }
        ready.starting.quit()
        result.phases.stoppingSeconds += Double(Clocks.wall() - roundStart) / 1e9

        let ratiosSampled = append(samples, probes: probes)
        recordCosts(ready: ready, samples: samples, ratiosSampled: ratiosSampled)
    }

    /// Adds a generation's samples (in the order taken) and its probes: its pairs, each member's
    /// decode time, the ratios the stopping rule settles and the weights on the budget. Returns
    /// how many ratios it paired.
    private mutating func append(_ samples: [Sample], probes: [ProbeReading]) -> Int {
        let pairs = Self.pairs(of: samples, schedule: schedule)
        for member in members.indices { result.pairs[member].append(pairs[member] ?? []) }
        result.measuredNanoseconds += samples.reduce(0) { $0 + $1.measuredNanoseconds }
        result.generations.append(samples)
        result.probes.append(probes)
        for member in Set(samples.map(\.member)) {
            let perDecode = result.samples(of: member).map(\.perDecode).sorted()
            decodeSeconds[member] = perDecode[perDecode.count / 2] / 1e9
        }
        let ratios = result.ratios
        for member in open {
            if let ratio = ratios[member], let reason = rule.settled(ratio) { settled[member] = reason }
        }
        weightByMember = Dictionary(
            uniqueKeysWithValues: members.indices.map { ($0, GenerationScheduler.weight(of: ratios[$0], target: plan.precision)) })
        return pairs.count
    }

    /// Generations read back from an interrupted run (`run --resume`): the first generation taken
    /// after them starts every member again, verifying it, even where every ratio is settled.
    private(set) var resumedGenerations = 0

    /// Continues from an interrupted run's samples of these members (samples.csv's rows, each
    /// generation's in the order taken): the generations, pairs and settled ratios it had. A
    /// row's decodes are its batches' together, and its times per decode, so each comes back as
    /// one batch of them (what pairs, sizes and the measured time read is the same).
    mutating func resume(from rows: [SampleRow]) {
        let memberByKey = Dictionary(members.enumerated().map { ($0.element.identity.key, $0.offset) }) { first, _ in first }
        let byGeneration = Dictionary(grouping: rows, by: \.fork)
        // Every generation number up to the last, those that took no sample too, so that the next
        // generation's number is new.
        for generation in 0..<((byGeneration.keys.max() ?? -1) + 1) {
            let samples = (byGeneration[generation] ?? []).sorted { ($0.sequence ?? $0.sample) < ($1.sequence ?? $1.sample) }
                .compactMap { row -> Sample? in
                    guard let member = memberByKey[row.key] else { return nil }
                    return Sample(
                        member: member, decodes: row.decodes, batches: 1,
                        wallNanoseconds: UInt64((row.wallNanoseconds * Double(row.decodes)).rounded()),
                        cpuNanoseconds: UInt64((row.cpuNanoseconds * Double(row.decodes)).rounded()), state: row.state,
                        cpu: row.cpu)
                }
            _ = append(samples, probes: [])
        }
        resumedGenerations = result.generations.count
    }

    private mutating func recordCosts(ready: ReadyGeneration, samples: [Sample], ratiosSampled: Int) {
        guard ratiosSampled > 0, !samples.isEmpty else { return }
        startSeconds = ready.startCPUSeconds
        let sampleSeconds = samples.reduce(0.0) { $0 + Double($1.wallNanoseconds) * Double($1.batches) } / 1e9
        pairSeconds = 2 * sampleSeconds / Double(samples.count) * Double(ratiosSampled)
    }

    /// Sets the next generations' pairs per block from this comparison's variance components (over
    /// its ratios' pairs in their verdict's state), what its last generation's starts and samples
    /// cost, and the `budgetSeconds` it can still expect (`VarianceComponents.pairsPerGeneration`).
    mutating func choosePairsPerGeneration(budgetSeconds: Double) {
        let byRatio = open.map { member in
            let state = StatedRatio(pairsByGeneration: result.pairs[member])?.verdictState
            return result.pairs[member].map { $0.filter { $0.state == state }.map(\.logRatio) }
        }
        guard let components = VarianceComponents(byRatio), let startSeconds, let pairSeconds else { return }
        samplesPerBlock =
            components.pairsPerGeneration(
                startSeconds: startSeconds, pairSeconds: pairSeconds, budgetSeconds: budgetSeconds,
                generations: generations) + 1
    }

    /// One generation's pairs, by member: its samples in the order taken, compared on CPU time.
    static func pairs(of samples: [Sample], schedule: LockstepSchedule) -> [Int: [Pair]] {
        schedule.pairs(samples.map { ($0.member, $0.cpuPerDecode, $0.state) })
    }

    /// A run finishing short: every member still measured says so, with the generations it has.
    mutating func markFinishedShort() {
        for member in active where result.verdicts[member].outcome.isMeasured {
            let generations = result.generations.count { $0.contains { $0.member == member } }
            result.verdicts[member] = Verdict(
                .ok,
                generations == 0
                    ? "interrupted before its first sample: not measured"
                    : "interrupted after \(generations) generation\(generations == 1 ? "" : "s"): figures from the samples taken")
        }
    }

    private mutating func end(_ member: Int, _ verdict: Verdict, in generation: StartingGeneration) {
        result.verdicts[member] = verdict
        active.remove(member)
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
            end(member, Verdict(.crashed, "killed by \(name) twice, from outside the strategy\(hint)"), in: generation)
            return
        }
        Terminal.status(
            "warning: \(members[member].cell.strategy.id) on \(members[member].cell.source.name): its worker was killed by \(name), "
                + "from outside the strategy\(hint); its next generation starts it again")
    }

    private mutating func sample(_ member: Int, _ size: SampleSize, in generation: StartingGeneration) -> Sample? {
        guard active.contains(member), !killedThisGeneration.contains(member), let worker = generation.workers[member] else {
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
                return Sample(
                    member: member, decodes: size.decodes, batches: size.batches, wallNanoseconds: slowed(wall),
                    cpuNanoseconds: slowed(cpu))
            case .failure(let message):
                end(member, Verdict(.threw, "threw during measurement after passing verification: \(message)"), in: generation)
            case nil:
                end(
                    member, Verdict(.crashed, "worker said something else than a sample: \(FirstDifference.clip(line, limit: 120))"),
                    in: generation)
            }
        }
        return nil
    }
}
