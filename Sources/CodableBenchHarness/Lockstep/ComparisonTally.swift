import Foundation
import CodableBenchCore

/// What a lockstep comparison accumulates over its process generations, and what it decides from
/// it: every sample, pair and verdict (`LockstepComparison.Result`), the members still measured,
/// the ratios the stopping rule settled, each ratio's weight on the run's budget, and the pairs a
/// generation takes next. No process here: `LockstepComparison` runs the generations (launch,
/// warm-up, round) and adds each round's samples (`append`).
struct ComparisonTally {

    let members: [CellState]
    let schedule: LockstepSchedule
    let plan: SamplingPlan
    /// When a ratio needs no more samples.
    let rule: StoppingRule

    /// What has been measured so far (the comparison's generations add their phases and the
    /// outputs' sizes), and which members are still measured.
    var result: LockstepComparison.Result
    private(set) var active: Set<Int>
    /// Strategy samples per block of the next generation's round: pairs a generation, plus one
    /// (`LockstepSchedule`); the plan's at first, then what the comparison's own variance
    /// components and costs make cheapest (`VarianceComponents`).
    private(set) var samplesPerBlock: Int
    /// What the last generation's workers took to start, and what one more pair of each of its
    /// ratios took to sample: the costs `samplesPerBlock` is chosen by.
    private var startSeconds, pairSeconds: Double?

    init(members: [CellState], schedule: LockstepSchedule, plan: SamplingPlan) {
        self.members = members
        self.schedule = schedule
        self.plan = plan
        result = LockstepComparison.Result(
            verdicts: members.map { _ in VerifiedOutcome(.ok) }, outputBytes: members.map { _ in nil },
            pairs: members.map { _ in [] })
        active = Set(members.indices)
        samplesPerBlock = plan.samplesPerBlock
        rule = plan.stoppingRule
    }

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

    /// Adds a generation's samples (in the order taken) and its probes: its pairs, each member's
    /// decode time, the ratios the stopping rule settles and the weights on the budget. Returns
    /// how many ratios it paired.
    mutating func append(_ samples: [TimingSample], probes: [ProbeReading]) -> Int {
        let pairs = Self.pairs(of: samples, schedule: schedule)
        for member in members.indices { result.pairs[member].append(pairs[member] ?? []) }
        result.measuredNanoseconds += samples.reduce(0) { $0 + $1.measuredNanoseconds }
        result.append(generation: samples)
        result.probes.append(probes)
        for member in Set(samples.map(\.member)) {
            let perDecode = result.samples(of: member).map(\.wallNanoseconds).sorted()
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

    /// Continues from an interrupted run's samples (by cell, as samples.csv held them) of these
    /// members: the generations, pairs and settled ratios it had.
    mutating func resume(from samples: [CellKey: [TimingSample]]) {
        var byGeneration: [Int: [TimingSample]] = [:]
        var seen: Set<CellKey> = []
        for (member, state) in members.enumerated() where seen.insert(state.identity.key).inserted {
            for var sample in samples[state.identity.key] ?? [] {
                sample.member = member
                byGeneration[sample.generation, default: []].append(sample)
            }
        }
        // Every generation number up to the last, those that took no sample too, so that the next
        // generation's number is new.
        for generation in 0..<((byGeneration.keys.max() ?? -1) + 1) {
            _ = append((byGeneration[generation] ?? []).sorted { $0.sequence < $1.sequence }, probes: [])
        }
        resumedGenerations = result.generations.count
    }

    /// What the generation's workers took to start (`startCPUSeconds`) and what a pair of each of
    /// its `ratiosSampled` ratios took to sample: the costs `samplesPerBlock` is chosen by.
    mutating func recordCosts(startCPUSeconds: Double, samples: [TimingSample], ratiosSampled: Int) {
        guard ratiosSampled > 0, !samples.isEmpty else { return }
        startSeconds = startCPUSeconds
        let sampleSeconds = samples.reduce(0.0) { $0 + $1.measuredNanoseconds } / 1e9
        pairSeconds = 2 * sampleSeconds / Double(samples.count) * Double(ratiosSampled)
    }

    /// Sets the next generations' pairs per block from this comparison's variance components (over
    /// its ratios' pairs in their verdict's state), what its last generation's starts and samples
    /// cost, and the `budgetSeconds` it can still expect (`VarianceComponents.pairsPerGeneration`).
    mutating func choosePairsPerGeneration(budgetSeconds: Double) {
        let byRatio = open.map { member in
            let state = StatedRatio(pairsByGeneration: result.pairs[member])?.state
            return result.pairs[member].map { $0.filter { $0.state == state }.map(\.logRatio) }
        }
        guard let components = VarianceComponents(byRatio), let startSeconds, let pairSeconds else { return }
        samplesPerBlock =
            components.pairsPerGeneration(
                startSeconds: startSeconds, pairSeconds: pairSeconds, budgetSeconds: budgetSeconds,
                generations: generations) + 1
    }

    /// One generation's pairs, by member: its samples in the order taken, compared on CPU time.
    static func pairs(of samples: [TimingSample], schedule: LockstepSchedule) -> [Int: [Pair]] {
        schedule.pairs(samples.map { ($0.member, $0.cpuNanoseconds, $0.state) })
    }

    /// A run finishing short: every member still measured says so, with the generations it has.
    mutating func markFinishedShort() {
        for member in active where result.verdicts[member].outcome.isMeasured {
            let generations = result.generations.count { $0.contains { $0.member == member } }
            result.verdicts[member] = VerifiedOutcome(
                .ok,
                generations == 0
                    ? "interrupted before its first sample: not measured"
                    : "interrupted after \(generations) generation\(generations == 1 ? "" : "s"): figures from the samples taken")
        }
    }

    /// A member's measurement ends with `verdict` (its worker failed, or the run stops it).
    mutating func end(_ member: Int, _ verdict: VerifiedOutcome) {
        result.verdicts[member] = verdict
        active.remove(member)
    }
}
