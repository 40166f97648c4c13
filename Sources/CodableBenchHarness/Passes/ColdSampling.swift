import Foundation
import CodableBenchCore

/// The cold pass (`--cold`), after the warm comparisons: each sample is a fresh worker process
/// that decodes its payload for the first time (then a second, a third time, and warm:
/// `ColdDecodes`). The processes of a comparison's members run one at a time on the timing CPU, in
/// rounds (every member once per round, then only what is not yet settled), so each strategy's
/// process sits between two of its yardstick's, and their first decodes pair as the warm samples do (`SequencePairs`).
/// Only cells the warm lockstep verified come here; the worker skips verifying, which would decode
/// first. Then one counting process per cell counts the allocations of its first decodes, and with
/// `--instructions` one under callgrind counts its first decode's instructions and where they went.
struct ColdSampling {
    /// The interval each first-decode ratio is sampled to: processes differ more than decodes do.
    static let precision = 0.05
    static let minimumRounds = 10
    static let maximumRounds = 60

    let pairing: Pairing
    /// The timing workers' environment (`TimingAllocator`).
    let environment: [String: String]
    let passes: CountingPasses
    var backend: CountingBackend { passes.backend }
    let launcher: @Sendable (CellState) -> WorkerLauncher
    let record: RunRecorder
    let log: (String) -> Void

    /// Samples every comparison's members that ended `ok` in the warm pass.
    func run(_ comparisons: [[CellState]]) throws {
        try record.folder.cold.create()
        if backend != .none { try record.folder.coldAllocations.create() }
        if case .callgrind = passes.instructionCounter { try record.folder.coldCosts.create() }
        let decoded = decodedCells()
        for members in comparisons {
            let schedule = pairing.schedule(for: members)
            let measured = members.indices.filter { decoded.contains(key(members[$0])) }
            guard !measured.isEmpty else { continue }
            let rounds = try sample(members, measured, yardstick: schedule.yardstick)
            let profile = members[0].cell.source.name
            let ratios = ColdCell.cells(record.cold.filter { $0.profile == profile }, allocations: [])
                .filter { $0.yardstick != nil }.map(\.firstOverYardstick)
            let precise = ratios.filter { $0?.meets(precision: Self.precision) ?? false }.count
            log(
                "cold \(profile): \(measured.count) cells, \(rounds) rounds of fresh processes, \(precise) of \(ratios.count) first-decode ratios within ±"
                    + (Self.precision * 100).shortText + "%")
            if backend != .none { try count(members, measured) }
            try countInstructions(measured.map { members[$0] }.filter { !$0.isBaseline })
        }
    }

    /// `--instructions`: each cell's first decode under callgrind, its breakdown in cold-costs.csv.
    private func countInstructions(_ states: [CellState]) throws {
        guard case .callgrind = passes.instructionCounter else { return }
        let passes = passes
        let counted = try CountingPasses.onePerCore(states) { try passes.firstDecodeInstructions($0) }
        for (state, count) in zip(states, counted) {
            guard let count else {
                log("warning: \(state.cell.strategy.id) on \(state.cell.source.name): no first-decode instruction count")
                continue
            }
            try record.record(
                coldCosts: CostsCSV.rows(
                    runID: record.folder.runID, group: state.cell.strategy.group, strategy: state.cell.strategy.id,
                    profile: state.cell.source.name, count.breakdown))
        }
    }

    /// Rounds of fresh processes until every first-decode ratio meets `precision` (or
    /// `maximumRounds`): every member for the first `minimumRounds`, then only the cells whose
    /// ratio is not yet known well enough, with the yardsticks they pair with. Returns the rounds.
    private func sample(_ members: [CellState], _ measured: [Int], yardstick: [Int?]) throws -> Int {
        var active = measured  // a member whose process fails leaves for good
        var round = measured
        var process = 0
        var rounds = 0
        let names = members.map { $0.cell.strategy.id }
        while rounds < Self.maximumRounds && !round.isEmpty {
            var rows: [ColdProcess] = []
            for member in round where active.contains(member) {
                process += 1
                let state = members[member]
                switch try coldDecodes(state) {
                case .success(let decodes):
                    let y = yardstick[member].flatMap { measured.contains($0) ? $0 : nil }
                    let yardstickName = y.map { members[$0].isBaseline ? CellRatio.baselineYardstick : names[$0] } ?? ""
                    rows.append(
                        ColdProcess(
                            runID: record.folder.runID, profile: state.cell.source.name, group: state.cell.strategy.group,
                            strategy: names[member], build: state.build.name,
                            yardstick: yardstickName, process: process, decodes: decodes))
                case .failure(let reason):
                    log("warning: \(names[member]) on \(state.cell.source.name): no cold samples after this (\(reason))")
                    active.removeAll { $0 == member }
                }
            }
            try record.record(cold: rows)
            rounds += 1
            if rounds >= Self.minimumRounds { round = unsettled(members, active, yardstick: yardstick) }
        }
        return rounds
    }

    private func unsettled(_ members: [CellState], _ active: [Int], yardstick: [Int?]) -> [Int] {
        let cells = ColdCell.cells(record.cold.filter { $0.profile == members[0].cell.source.name }, allocations: [])
        let settled = Set(
            cells.filter { $0.firstOverYardstick?.meets(precision: Self.precision) ?? false }.map(\.strategy))
        return Self.unsettled(
            active, yardstick: yardstick,
            isSettled: { members[$0].isBaseline || settled.contains(members[$0].cell.strategy.id) })
    }

    /// The members still needed, in the comparison's order: those not settled (this build's cells
    /// whose ratio is not yet within `precision`) that have an active yardstick, and those yardsticks.
    static func unsettled(_ active: [Int], yardstick: [Int?], isSettled: (Int) -> Bool) -> [Int] {
        let pending = active.filter { member in
            guard let y = yardstick[member], active.contains(y) else { return false }
            return !isSettled(member)
        }
        let needed = Set(pending + pending.compactMap { yardstick[$0] })
        return active.filter(needed.contains)
    }

    private enum Sample {
        case success(ColdDecodes)
        case failure(String)
    }

    /// One fresh process on the timing CPU.
    private func coldDecodes(_ state: CellState) throws -> Sample {
        let exit = try launch(state, pass: .cold, environment: environment)
        guard case .report(let report) = exit else { return .failure(Self.describe(exit)) }
        guard report.outcome == .ok, report.sha256 == state.payload.sha256, let decodes = report.coldDecodes else {
            return .failure("its decode ended \(report.outcome.rawValue): \(report.detail)")
        }
        return .success(decodes)
    }

    /// One counting process per cell: the allocations of its first three decodes and a warm one.
    private func count(_ members: [CellState], _ measured: [Int]) throws {
        var environment = backend.environment
        environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        // In a fixed environment: the counts are then the same from a shell and from CI.
        let isolated = WorkerLauncher.isolatedEnvironment(environment)
        for member in measured {
            let state = members[member]
            let exit = try launch(state, pass: .coldCounting, environment: [:], wrapper: isolated)
            guard case .report(let report) = exit, report.outcome == .ok, report.sha256 == state.payload.sha256,
                let counts = report.allocations,
                counts.count == ColdDecodeAllocations.decodes.count
            else {
                log("warning: \(state.cell.strategy.id) on \(state.cell.source.name): first-decode allocations not counted")
                continue
            }
            try record.record(
                coldAllocations: zip(ColdDecodeAllocations.decodes, counts).map { decode, count in
                    ColdDecodeAllocations(
                        runID: record.folder.runID, profile: state.cell.source.name, group: state.cell.strategy.group,
                        strategy: state.cell.strategy.id, build: state.build.name,
                        decode: decode, allocations: count.allocations, allocatedBytes: count.allocatedBytes)
                })
        }
    }

    private func launch(
        _ state: CellState, pass: WorkerReport.Pass, environment: [String: String], wrapper: [String] = []
    ) throws -> WorkerExit {
        try Affinity.on(Affinity.timingCPU()) {
            try launcher(state).start(state.workerOnVerifiedBytes(pass), environment: environment, wrapper: wrapper)
        }
    }

    private static func describe(_ exit: WorkerExit) -> String {
        switch exit {
        case .report(let report): return "ended \(report.outcome.rawValue)"
        case .crashed(let detail): return "crashed: \(detail)"
        case .timedOut(let seconds): return String(format: "took more than %.0f s", seconds)
        }
    }

    /// A cell of one build, as the warm pass's rows name it.
    private struct BuildCell: Hashable {
        var build: String
        var strategy: String
        var profile: String
    }

    /// The cells whose warm pass decoded correctly, of either build.
    private func decodedCells() -> Set<BuildCell> {
        func decoded(_ run: RecordedRun, build: String) -> [BuildCell] {
            run.records.filter { $0.outcome == .ok }.map { BuildCell(build: build, strategy: $0.cell.strategy, profile: $0.cell.profile) }
        }
        let baseline = pairing.keepsBaselineRows ? decoded(record.baselineBuild, build: ColdProcess.baselineBuild) : []
        return Set(decoded(record.thisBuild, build: ColdProcess.thisBuild) + baseline)
    }

    private func key(_ state: CellState) -> BuildCell {
        BuildCell(build: state.build.name, strategy: state.cell.strategy.id, profile: state.cell.source.name)
    }
}
