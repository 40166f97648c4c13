import Foundation
import CodableBenchCore

/// A cell's name across runs: the same strategy on the same profile.
package struct CellKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    package let group: String
    package let strategy: String
    package let profile: String

    package init(group: String, strategy: String, profile: String) {
        self.group = group
        self.strategy = strategy
        self.profile = profile
    }

    package var description: String { "\(strategy) on \(profile)" }

    package static func < (a: CellKey, b: CellKey) -> Bool {
        (a.group, a.strategy, a.profile) < (b.group, b.strategy, b.profile)
    }
}

/// A recorded run: its cells' records, read back from its folder (or kept in memory by
/// `RunRecorder` while it ran), with the raw streams beside them (timing samples, pairs) and what
/// its cold pass took. Its rows of results.csv, ratios.csv and costs.csv are the records' exports.
package struct RecordedRun: Sendable {
    package let source: URL
    /// The run's provenance, held once (every row of results.csv repeats it).
    package let provenance: Provenance
    /// Every cell the run settled (and, for a run that did not finish, what it sampled and did
    /// not settle, marked in `detail`), in the order they were recorded.
    package private(set) var records: [CellRecord]
    /// Its timing samples by cell, each cell's in the order taken (samples.csv's rows, read back).
    package let samples: [CellKey: [TimingSample]]
    /// First decodes in fresh processes, and their allocations (`cold.csv`, `cold-allocations.csv`;
    /// runs with `--cold`).
    package var cold: [ColdProcess] = []
    var coldAllocations: [ColdDecodeAllocations] = []
    /// Where each cell's first decode's instructions went, by strategy then profile
    /// (`cold-costs.csv`; `--cold --instructions`).
    package internal(set) var coldCostBreakdowns: [String: [String: CostBreakdown]] = [:]
    /// The run's record (`run.json`), read once here: the only place a run's run.json is read.
    package private(set) var info: RunJSON? = nil
    /// Every pair its ratios were estimated from (`pairs.csv`; read back only, for `replay`).
    package private(set) var pairs: [RatioPairs] = []
    /// What the cache probes read (run.json's `hostState`), with the check of their label: the
    /// run's own, or for a run recorded before the check, that of its pairs (`HostStateCheck`).
    package private(set) var hostState: HostStateSummary? = nil

    /// Every paired ratio (`ratios.csv`), made once from the records (every reader of a run reads
    /// them, some many times). Labelled with the host's state only where the probe's label
    /// predicted the decodes (`hostState`); otherwise read from all their pairs: ratios.csv's
    /// `all_pairs_*` from harness 0.12, the run's own restated rows in 0.10.2–0.11, and the pairs
    /// of pairs.csv for a run of 0.8–0.10.1 (which wrote its verdicts' state's ratios only).
    package private(set) var ratios: [CellRatio]

    /// What the run's timing canary read, where it failed (`TimingCanary`): the run's time ratios
    /// are then in its files but in none of its answers, gates or pooled figures.
    package var timingCanaryFailure: String? {
        info?.timingCanary.flatMap { $0.failed ? $0.sentence : nil }
    }

    /// Where each cell's decode's instructions went, by strategy then profile, from its record
    /// (cells counted under callgrind).
    package var costBreakdowns: [String: [String: CostBreakdown]] {
        var byStrategy: [String: [String: CostBreakdown]] = [:]
        for record in records where !record.costs.isEmpty {
            byStrategy[record.cell.strategy, default: [:]][record.cell.profile] = CostBreakdown(functions: record.costs)
        }
        return byStrategy
    }

    /// `location` is a results.csv file, a run folder, or a run id under `resultsDirectory/runs/`.
    package static func load(_ location: String, resultsDirectory: URL = URL(fileURLWithPath: "results")) throws -> RecordedRun {
        let fm = FileManager.default
        var file = URL(fileURLWithPath: location)
        var isDirectory: ObjCBool = false
        if !fm.fileExists(atPath: file.path, isDirectory: &isDirectory) {
            let byID = resultsDirectory.appendingPathComponent("runs/\(location)")
            guard fm.fileExists(atPath: byID.path, isDirectory: &isDirectory) else {
                throw CommandError.input("no results file, run folder or run id '\(location)'")
            }
            file = byID
        }
        if isDirectory.boolValue { file = file.appendingPathComponent("results.csv") }
        let rows = try ResultsCSV.read(file)
        let directory = file.deletingLastPathComponent()
        func optional<Row>(_ name: String, _ read: (URL) throws -> [Row]) throws -> [Row] {
            let file = directory.appendingPathComponent(name)
            return fm.fileExists(atPath: file.path) ? try read(file) : []
        }
        let info = RunJSON.read(from: directory)
        let samples = TimingSample.byCell(try optional("samples.csv", SamplesCSV.read))
        let pairs = try optional("pairs.csv", PairsCSV.read)
        var records = CellRecord.records(
            rows: rows, ratios: try optional("ratios.csv", RatiosCSV.read), costs: try optional("costs.csv", CostsCSV.read))
        // A run that did not reach its end: what it sampled and did not settle, from its samples and pairs.
        if info?.finished == false, let plan = info?.plannedCells {
            records += UnsettledCells.estimate(plan: plan, settled: records, samples: samples, pairs: pairs)
        }
        guard var provenance = rows.first?.provenance ?? info?.provenance, !records.isEmpty else {
            throw CommandError.input("\(file.path) has no rows")
        }
        provenance.cpu = provenance.cpu ?? info?.provenance?.cpu
        var run = RecordedRun(
            source: file, provenance: provenance, records: records, samples: samples, info: info, pairs: pairs)
        run.cold = try optional("cold.csv", ColdCSV.read)
        run.coldAllocations = try optional("cold-allocations.csv", ColdCSV.readAllocations)
        run.coldCostBreakdowns = CostsCSV.breakdowns(try optional("cold-costs.csv", CostsCSV.read))
        return run
    }

    /// The same run with its record (run.json) attached, judged again (`judgeLabels`): how the
    /// runner hands on the run it recorded once its run.json is written.
    package func with(info: RunJSON?) -> RecordedRun {
        var run = RecordedRun(source: source, provenance: provenance, records: records, samples: samples, info: info, pairs: pairs)
        run.cold = cold
        run.coldAllocations = coldAllocations
        run.coldCostBreakdowns = coldCostBreakdowns
        return run
    }

    /// The probe's check, from run.json (or, for a run recorded before it, from its pairs:
    /// `RecordedRun+OlderRuns`), and the ratios without their labels where the label did not
    /// predict the decodes. Only a run whose run.json has its probes' summary is judged: one still
    /// running has none yet. A step of making the value (`init`), never of reading it.
    private mutating func judgeLabels() {
        ratios = Self.ratios(of: records)
        hostState = info?.hostState
        guard var summary = hostState else { return }
        // The pairs grouped by ratio only where a run needs them (a run's pairs.csv is its
        // largest file, and most runs need neither the check nor the pooling).
        var grouped: [[String]: [[Pair]]]?
        func byRatio() -> [[String]: [[Pair]]] {
            if grouped == nil { grouped = RatioPairs.byKey(pairs) }
            return grouped!
        }
        if summary.labels == nil, !pairs.isEmpty { summary.labels = Self.labelCheck(byRatio()) }
        hostState = summary
        guard !summary.labelsKept else { return }
        records = records.map { record in
            guard let paired = record.pairedRatio, paired.state != nil,
                let all = paired.allPairs ?? Self.allPairsRatio(of: paired, byRatio())
            else { return record }
            var unlabelled = record
            unlabelled.readFromAllPairs(all)
            return unlabelled
        }
        ratios = Self.ratios(of: records).map { row in
            var unlabelled = row
            unlabelled.state = nil
            unlabelled.contended = nil
            unlabelled.allPairs = nil
            return unlabelled
        }
    }

    /// This build's cells measured cold, as reports show them.
    package var coldCells: [ColdCell] { ColdCell.cells(cold, allocations: coldAllocations) }

    /// A run's cells, from its files or from the run that recorded them (`RunRecorder`), with its
    /// record and pairs where it has them; its host state judged here, once.
    init(
        source: URL, provenance: Provenance, records: [CellRecord], samples: [CellKey: [TimingSample]], info: RunJSON? = nil,
        pairs: [RatioPairs] = []
    ) {
        self.source = source
        self.provenance = provenance
        self.records = records
        self.samples = samples
        self.info = info
        self.pairs = pairs
        ratios = []
        judgeLabels()
    }

    /// How much of the run the machine spent in its slow state, from the timing samples' CPU times
    /// per decode (what pairs compare); nil for runs before paired measurement, whose files left
    /// out the samples of slow spells.
    package var slowState: SlowState? {
        ratios.isEmpty ? nil : SlowState(timesByCell: samples.values.map { $0.map(\.cpuNanoseconds) })
    }

    /// The same for each payload, the most slow first.
    package var slowStateByProfile: [(profile: String, state: SlowState)] {
        guard !ratios.isEmpty else { return [] }
        return Dictionary(grouping: samples) { $0.key.profile }
            .compactMap { profile, cells in
                SlowState(timesByCell: cells.map { $0.value.map(\.cpuNanoseconds) }).map { (profile, $0) }
            }
            .sorted { $0.state.share != $1.state.share ? $0.state.share > $1.state.share : $0.profile < $1.profile }
    }

    /// Each cell's exact measures per decode (runs with `--instructions`, every `ab` run):
    /// instructions, and simulated cycles where callgrind simulated the caches. Only cells with an
    /// instruction count.
    package var exactCounts: [CellKey: (instructions: Int, cycles: Int?)] {
        records.reduce(into: [:]) { counts, cell in
            guard let instructions = cell.summary(of: .instructions)?.median else { return }
            counts[cell.key] = (Int(instructions), cell.summary(of: .simulatedCycles).map { Int($0.median) })
        }
    }

    /// How many of the timed cells have exact measures (instructions, and simulated cycles: runs
    /// before 0.9 counted them beside the sampling for as many cells as their time allowed), of
    /// how many timed.
    package var exactCoverage: (counted: Int, simulated: Int, timed: Int) {
        let timed = Set(records.filter { $0.summary(of: .wallTime) != nil }.map(\.key))
        let counted = exactCounts.filter { timed.contains($0.key) }
        return (counted.count, counted.values.filter { $0.cycles != nil }.count, timed.count)
    }

    /// Each cell's record, by its name across runs.
    package var recordsByCell: [CellKey: CellRecord] {
        Dictionary(records.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

extension CellIdentity {
    package var key: CellKey { CellKey(group: group, strategy: strategy, profile: profile) }
}

extension RecordedRun {
    /// What each payload was, by profile, as the run recorded it.
    package var payloads: [String: PayloadFacts] {
        Dictionary(records.map { ($0.cell.profile, PayloadFacts($0.cell)) }, uniquingKeysWith: { a, _ in a })
    }

    /// Each profile's knob summary, as the run recorded it.
    package var knobsByProfile: [String: String] { payloads.mapValues(\.knobs) }

    /// Each cell's outcome.
    package var outcomes: [CellKey: Outcome] {
        Dictionary(records.map { ($0.key, $0.outcome) }, uniquingKeysWith: { a, _ in a })
    }

    /// Each strategy's group.
    package var groupsByStrategy: [String: String] {
        Dictionary(records.map { ($0.cell.strategy, $0.cell.group) }, uniquingKeysWith: { a, _ in a })
    }
}

/// A payload's facts, which every cell on it repeats.
package struct PayloadFacts: Equatable, Sendable {
    package let bytes: Int
    package let elements: Int
    package let knobs: String

    init(_ cell: CellIdentity) {
        bytes = cell.bytes
        elements = cell.elements
        knobs = cell.knobs
    }
}
