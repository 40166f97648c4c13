import Foundation
import CodableBenchCore
import CodableBenchHarness

/// What a run found, in the form claims and answers are checked against: each cell's outcome and
/// every paired ratio, with the run's knob sweeps. Built from a run on disk, or by hand in tests.
package struct RunFindings: Sendable {
    /// Outcome by strategy, then profile.
    var outcomes: [String: [String: Outcome]]
    var ratios: [CellRatio]
    /// Each knob sweep's profiles with their knob values, lowest first.
    var sweeps: [String: [(profile: String, value: Double)]]
    /// Payload sizes in bytes, so answers list profiles from the smallest up.
    var bytes: [String: Int]
    /// Elements (articles) per payload; 0 for files.
    var elements: [String: Int] = [:]
    /// Where the instructions went, by strategy then profile (runs with `--instructions`).
    var costs: [String: [String: CostBreakdown]] = [:]
    /// The exact measures per decode, by strategy then profile (runs with `--instructions`):
    /// instructions, and simulated cycles where callgrind simulated the caches.
    var exact: [String: [String: (instructions: Int, cycles: Int?)]] = [:]
    /// The build configuration of the run (`release`, `debug`).
    var build = "release"
    /// The run's executable carried extra conformances (`benchmarks-app-size`): its situations are
    /// a large app's.
    var largeApp = false
    /// Paired ratios by situation beyond this run's warm ones (`ratios`): its first decodes' with
    /// `--cold`, and those of runs merged in (`merging`, `report --with`), which claims with
    /// situations read.
    var situationRatios: [ClaimsFile.Situation: [CellRatio]] = [:]
    /// The CPUs the time figures were taken on (`CPUIdentity.shortLabel`): this run's, then those
    /// of runs merged in where they differ. Time ratios between kinds of code differ by CPU.
    package var timedOn: [String] = []
    /// Why the run's time ratios are not in its findings, where its timing canary failed
    /// (`TimingCanaryReading`): what the canary read.
    var timeWithheld: String? = nil

    init(
        outcomes: [String: [String: Outcome]], ratios: [CellRatio],
        sweeps: [String: [(profile: String, value: Double)]] = [:], bytes: [String: Int] = [:]
    ) {
        self.outcomes = outcomes
        self.ratios = ratios
        self.sweeps = sweeps
        self.bytes = bytes
    }

    package init(run: RecordedRun) {
        var outcomes: [String: [String: Outcome]] = [:]
        for (cell, outcome) in run.outcomes { outcomes[cell.strategy, default: [:]][cell.profile] = outcome }
        var sweeps: [String: [(profile: String, value: Double)]] = [:]
        // One sweep per knob: the one with the most points (the catalogue has one per knob).
        for sweep in Crossover.sweeps(run.knobsByProfile) where sweep.points.count > sweeps[sweep.knob]?.count ?? 0 {
            sweeps[sweep.knob] = sweep.points.map { ($0.key, $0.value) }.sorted { $0.value < $1.value }
        }
        let payloads = run.payloads
        self.init(outcomes: outcomes, ratios: run.ratios, sweeps: sweeps, bytes: payloads.mapValues(\.bytes))
        elements = payloads.mapValues(\.elements)
        costs = run.costBreakdowns
        for (cell, counts) in run.exactCounts { exact[cell.strategy, default: [:]][cell.profile] = counts }
        build = run.provenance.buildConfiguration
        timedOn = [run.provenance.timedOn.shortLabel]
        timeWithheld = run.timingCanaryFailure
        if timeWithheld != nil { ratios = [] }
        largeApp = run.info?.extraConformances != nil
        let cold = run.coldCells.compactMap(\.pairedRatio)
        if !cold.isEmpty, timeWithheld == nil { situationRatios[own(.cold)] = cold }
    }

    /// This run's situation in `mode`.
    func own(_ mode: ClaimsFile.Situation.Mode) -> ClaimsFile.Situation {
        ClaimsFile.Situation(mode, build: build, largeApp: largeApp)
    }

    /// These findings with another run's situations added where these have none (a debug
    /// build's run beside a release build's): claims with situations then read both.
    package func merging(_ other: RunFindings) -> RunFindings {
        var merged = self
        var theirs = other.situationRatios
        theirs[other.own(.warm)] = other.ratios
        theirs[own(.warm)] = nil  // this run's own are `ratios`
        merged.situationRatios.merge(theirs) { mine, _ in mine }
        merged.timedOn += other.timedOn.filter { !merged.timedOn.contains($0) }
        for (strategy, profiles) in other.outcomes {
            merged.outcomes[strategy, default: [:]].merge(profiles) { mine, _ in mine }
        }
        return merged
    }

    /// `strategy`'s ratio against `against` on `profile` in `situation` (nil: this run's warm
    /// ratios, as claims without situations read them).
    func ratio(
        of strategy: String, against: String, on profile: String, in situation: ClaimsFile.Situation?
    ) -> PairedRatio? {
        guard let situation else { return ratio(of: strategy, against: against, on: profile) }
        let resolved = situation.resolved(build: build)
        guard let rows = resolved == own(.warm) ? ratios : situationRatios[resolved] else { return nil }
        return RunFindings(outcomes: [:], ratios: rows).ratio(of: strategy, against: against, on: profile)
    }

    /// Why each of `strategy`'s paired ratios is what it is, where the run counted instructions of
    /// both sides: the difference of their breakdowns, smallest payload first.
    func costDifferences(of strategy: String) -> [CostDifference] {
        ratios.filter { $0.strategy == strategy }.sorted { smallerFirst($0.profile, $1.profile) }.compactMap { row in
            guard let mine = costs[strategy]?[row.profile], let theirs = costs[row.yardstick]?[row.profile] else {
                return nil
            }
            return CostDifference(
                strategy: strategy, yardstick: row.yardstick, profile: row.profile,
                elements: elements[row.profile] ?? 0, of: mine, against: theirs)
        }
    }

    /// The exact measure of the pair a time ratio compares: `strategy`'s simulated cycles over
    /// `against`'s (instructions where no caches were simulated), named; nil unless both were counted.
    func exactRatio(of strategy: String, against: String, on profile: String) -> (measure: String, ratio: Double)? {
        guard let mine = exact[strategy]?[profile], let theirs = exact[against]?[profile],
            mine.instructions > 0, theirs.instructions > 0
        else { return nil }
        if let cycles = mine.cycles, let theirCycles = theirs.cycles, theirCycles > 0 {
            return ("simulated cycles", Double(cycles) / Double(theirCycles))
        }
        return ("instructions", Double(mine.instructions) / Double(theirs.instructions))
    }

    /// `strategy`'s time over `against`'s on `profile`, when the run paired them (either way round).
    func ratio(of strategy: String, against: String, on profile: String) -> PairedRatio? {
        if let row = ratios.first(where: { $0.strategy == strategy && $0.yardstick == against && $0.profile == profile }) {
            return row.ratio
        }
        return ratios.first { $0.strategy == against && $0.yardstick == strategy && $0.profile == profile }?.ratio.inverted
    }

    /// A ratio taken through an intermediate: `strategy` over `via` times `via` over the target.
    struct Chain {
        let via: String
        /// `strategy` over `via`, and `via` over the target: the two paired ratios.
        let first: PairedRatio
        let second: PairedRatio
    }

    /// `strategy` over `against`: paired directly, or else through one strategy paired with both
    /// (`chain`), as the product of the two ratios. A chained interval multiplies the two intervals'
    /// bounds: wider than a paired one would be, never narrower.
    func chainedRatio(of strategy: String, against: String, on profile: String) -> (ratio: PairedRatio, chain: Chain?)? {
        if let direct = ratio(of: strategy, against: against, on: profile) { return (direct, nil) }
        for row in ratios where row.strategy == strategy && row.profile == profile {
            guard let second = ratio(of: row.yardstick, against: against, on: profile) else { continue }
            let first = row.ratio
            return (
                PairedRatio(
                    value: first.value * second.value, low: first.low * second.low, high: first.high * second.high,
                    pairs: min(first.pairs, second.pairs), generations: min(first.generations, second.generations)),
                Chain(via: row.yardstick, first: first, second: second)
            )
        }
        return nil
    }

    /// Profiles `strategy` ran on, smallest payload first.
    func profiles(of strategy: String) -> [String] {
        (outcomes[strategy] ?? [:]).keys.sorted(by: smallerFirst)
    }

    /// Some verdict of the run holds with the cache to itself: the run's contended ones are then
    /// marked as such.
    var hasQuietVerdicts: Bool { ratios.contains { $0.state == .quiet } }

    /// By payload size, then by name.
    func smallerFirst(_ a: String, _ b: String) -> Bool {
        (bytes[a] ?? 0, a) < (bytes[b] ?? 0, b)
    }
}

extension PairedRatio {
    /// The yardstick's time over the strategy's: the same pairs read the other way.
    var inverted: PairedRatio {
        PairedRatio(value: 1 / value, low: 1 / high, high: 1 / low, pairs: pairs, generations: generations)
    }
}
