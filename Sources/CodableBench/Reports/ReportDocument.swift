import CodableBenchCore
import CodableBenchAnalysis
import CodableBenchHarness
import Foundation

/// A run's report, built once: the answers, warnings, tables and the data of the charts, which
/// `MarkdownReport`, `HTMLReport` and the terminal (`FinishedRunReport`, `report`) only render.
struct ReportDocument {
    /// A group of the measurements: its answer, cells (by profile, the reference first), table,
    /// and what each of its strategies changes.
    struct Group {
        let answer: Answer
        let cells: [CellRecord]
        let table: MeasurementTable
        let changes: [Prose]
        let charts: GroupCharts
    }

    let run: RecordedRun
    let provenance: Provenance
    /// Every cell of the run, by its key.
    let cells: [CellRecord]
    /// The groups' references (the strategies the others are measured against), which the tables
    /// mark and put first.
    let references: Set<String>
    let claims: ClaimsFile
    /// The run's line under the title: cells, time, duty cycle, slow state (nil: no run.json).
    let summary: String?
    let warnings: [ReportWarning]
    /// How many verdicts the run left open and what would close them (`HostCostText`); nil when
    /// every ratio was decided.
    let hostCost: Prose?
    /// The answer to every question the claims ask, then to every other group the run measured.
    let answers: [Answer]
    let groups: [Group]
    let scaling: [(strategy: String, sizes: Int, exponent: Double)]
    let crossovers: [Crossover]
    /// Cells whose outcome is not `ok`.
    let otherOutcomes: [CellRecord]
    /// Per strategy and profile, where its instructions went (runs with `--instructions`).
    let costs: [String: [String: CostBreakdown]]
    let costCategories: CostCategories
    /// First decodes in fresh processes (runs with `--cold`); empty otherwise.
    let coldCells: [ColdCell]
    let cold: ColdTable
    /// With `--cold --instructions`: per cell, where its first decode's instructions went beyond its
    /// warm decode's (one sentence each).
    let coldCosts: [Prose]
    /// With `report --history FILE`: each group's series over the history's runs.
    let historyCharts: [HistoryChart]
    /// How many runs the history holds (0: no history given).
    let historyRuns: Int

    /// `joined`: other runs whose situations (a debug build's, a `--cold` run's) the claims also read.
    /// `history`: runs across commits whose series the HTML report charts (`benchmarks history`).
    init(
        run: RecordedRun, claims: ClaimsFile = .none, facts: StrategyFacts = .none, joined: [RecordedRun] = [],
        history: [HistoryEntry] = []
    ) {
        let cells = run.records.sorted { $0.key < $1.key }, references = facts.references
        self.run = run
        self.cells = cells
        self.references = references
        self.claims = claims
        provenance = run.provenance
        info = run.info
        let joinedNote = joined.map { other in
            let p = other.provenance
            let extra = other.info?.extraConformances
            let app = extra.map { ", a large app: \($0) extra conformances" } ?? ""
            return " Claims with situations also read run \(p.runID) (\(p.buildConfiguration) build"
                + (other.cold.isEmpty ? "" : ", with first decodes") + app + ")."
        }.joined()
        summary = info.map(run.summaryLine).map { $0 + joinedNote } ?? (joinedNote.isEmpty ? nil : String(joinedNote.dropFirst()))
        warnings = ReportWarning.all(run: run, cells: cells, info: info)
        let findings = ReportDocument.findings(run: run, joined: joined)
        hostCost = HostCostText.sentence(
            OpenVerdicts(run: run, findings: findings), hostState: HostStateText.share(info, run: run))
        answers = ReportDocument.answers(run: run, findings: findings, claims: claims, facts: facts)
        let costs = run.costBreakdowns, costCategories = ReportDocument.costCategories(run)
        self.costs = costs
        self.costCategories = costCategories
        groups = ReportDocument.groups(cells, answers: answers, references: references).map { answer, groupCells in
            Group(
                answer: answer, cells: groupCells, table: MeasurementTable(groupCells, all: cells, references: references),
                changes: ReportDocument.changesLines(groupCells, changes: facts.changes),
                charts: ReportDocument.charts(of: groupCells, references: references, costs: costs, categories: costCategories))
        }
        scaling = ReportDocument.scalingRows(run: run, cells: cells)
        crossovers = Crossover.all(ratios: run.ratios, knobsByProfile: run.knobsByProfile)
        otherOutcomes = cells.filter { $0.outcome != .ok }
        coldCells = run.coldCells
        cold = ColdTable(coldCells)
        coldCosts = ReportDocument.firstDecodeCosts(run, cells: coldCells, warm: costs, categories: costCategories)
        historyCharts = ReportDocument.historyCharts(run: run, groups: groups, history: history)
        historyRuns = history.count
    }

    /// The run's record (run.json), where the run has one.
    let info: RunJSON?

    /// What the report opens with when the run did not reach its planned end: a signal ended it
    /// short, or it was killed (run.json says it never finished).
    var interruptionHeadline: String? {
        if let interruption = info?.interruption {
            return "Interrupted after \(Terminal.duration(interruption.afterSeconds)) by \(interruption.signal): sampling stopped "
                + "there, and every comparison was finished from the pairs it had (its cells' detail says interrupted); "
                + "counts and exact measures not yet taken are missing."
        }
        guard info?.finished == false else { return nil }
        return "This run did not reach its end (killed, or its disk filled): the cells it sampled and had not finished "
            + "are estimated from the samples and pairs it wrote as it measured (their detail says interrupted)."
    }

    /// What the report opens with when the run was not of optimized code: a debug build's numbers
    /// answer what a debug build costs, never how optimized code performs.
    var buildHeadline: String? {
        guard provenance.buildConfiguration != "release" else { return nil }
        return "This run describes a \(provenance.buildConfiguration) build: the strategies' code and its Codable conformances "
            + "unoptimized (Foundation stays optimized). Its figures say what a debug build costs, not how optimized code performs."
    }

    /// Every cell in the answers' order (questions first, references last), as one table.
    var allCellsTable: MeasurementTable { MeasurementTable(groups.flatMap(\.cells), all: cells, references: references) }
}
