import Foundation
import CodableBenchCore
import CodableBenchAnalysis
import CodableBenchHarness

/// How a `ReportDocument`'s parts are built from a run: its findings and answers, the groups and
/// what each strategy changes, first-decode costs, scaling and crossovers, and the document's fixed
/// sentences.
extension ReportDocument {
    /// How to read the numbers, at the top of every report.
    static let readingNote =
        "The headline is each strategy's paired ratio to its yardstick: measured side by side, "
        + "sample by sample, on the same CPU, so the machine's state cancels out; 95% intervals over process generations "
        + "(Documentation/Method.md). Absolute times and MB/s describe this machine at this time."

    /// What the run found, with the situations of the `joined` runs added (their exact measures are
    /// not: those stay this run's). `joined`: other runs (a debug build's beside a release build's)
    /// whose situations claims with situations also read.
    static func findings(run: RecordedRun, joined: [RecordedRun] = []) -> RunFindings {
        joined.reduce(RunFindings(run: run)) { $0.merging(RunFindings(run: $1)) }
    }

    /// The answer to every question the claims ask, then to every other group the run measured.
    static func answers(
        run: RecordedRun, findings: RunFindings, claims: ClaimsFile, facts: StrategyFacts = .none
    ) -> [Answer] {
        return Answer.all(
            claims: claims, findings: findings, groups: run.groupsByStrategy, changes: facts.changes, yardsticks: facts.yardsticks,
            costCategories: costCategories(run))
    }

    /// Under a group's table: what each of its strategies changes, once per strategy.
    static func changesLines(_ cells: [CellRecord], changes: [String: String]) -> [Prose] {
        var seen = Set<String>()
        return cells.compactMap { cell in
            guard seen.insert(cell.key.strategy).inserted, let text = changes[cell.key.strategy], !text.isEmpty else {
                return nil
            }
            return "\(code: cell.key.strategy): \(text)"
        }
    }

    static let changesHeading = "What each strategy changes against its yardstick:"

    /// The categories file, for the titles of the categories the run's costs.csv names (their ids
    /// if the file cannot be read).
    static func costCategories(_ run: RecordedRun) -> CostCategories {
        run.costBreakdowns.isEmpty && run.coldCostBreakdowns.isEmpty ? .empty : (try? CostCategories.standard()) ?? .empty
    }

    /// `--cold --instructions`: each cell's first decode against its warm decode, as the answers
    /// compare a strategy with its yardstick ("`synthesized`'s first decode vs its warm decode on
    /// small: +85.1% instructions …; of the instructions added, 41% are in type metadata …").
    /// `warm`: the run's breakdowns of its warm decodes (`ReportDocument.costs`).
    static func firstDecodeCosts(
        _ run: RecordedRun, cells: [ColdCell], warm: [String: [String: CostBreakdown]], categories: CostCategories
    ) -> [Prose] {
        let first = run.coldCostBreakdowns
        let elements = run.payloads.mapValues(\.elements)
        return cells.compactMap { cell in
            guard let mine = first[cell.strategy]?[cell.profile], let theirs = warm[cell.strategy]?[cell.profile] else {
                return nil
            }
            return CostDifference(
                strategy: "\(cell.strategy)'s first decode", yardstick: "its warm decode", profile: cell.profile,
                elements: elements[cell.profile] ?? 0, of: mine, against: theirs
            ).sentence(categories: categories)
        }
    }

    /// Cells of each group that ran, in the answers' order (questions first, references last), each
    /// group's cells by profile with the reference first.
    static func groups(
        _ cells: [CellRecord], answers: [Answer], references: Set<String>
    ) -> [(answer: Answer, cells: [CellRecord])] {
        let byGroup = Dictionary(grouping: cells, by: \.key.group)
        return answers.compactMap { answer in
            byGroup[answer.group].map { (answer, $0.sorted { displayOrder($0, $1, references: references) }) }
        }
    }

    /// By profile, the reference first, then by strategy id.
    static func displayOrder(_ a: CellRecord, _ b: CellRecord, references: Set<String>) -> Bool {
        if a.key.profile != b.key.profile { return a.key.profile < b.key.profile }
        let aIsReference = references.contains(a.key.strategy), bIsReference = references.contains(b.key.strategy)
        if aIsReference != bIsReference { return aIsReference }
        return a.key.strategy < b.key.strategy
    }

    /// The ok cells on size sweeps (profiles identical but for their element count), by strategy.
    static func sizeSweepCells(run: RecordedRun, cells: [CellRecord]) -> [String: [CellRecord]] {
        let sizeProfiles = Set(Crossover.sweeps(run.knobsByProfile).filter { $0.knob == "elements" }.flatMap(\.points.keys))
        return Dictionary(
            grouping: cells.filter { $0.outcome == .ok && sizeProfiles.contains($0.key.profile) },
            by: \.key.strategy)
    }

    static func timeAgainstSize(_ cells: [CellRecord]) -> [(x: Double, y: Double)] {
        cells.compactMap { c in c.summary(of: .wallTime).map { (Double(c.cell.bytes), $0.median) } }
    }

    /// Scaling exponents over size sweeps only, for strategies measured on at least 3 sizes.
    static func scalingRows(run: RecordedRun, cells: [CellRecord]) -> [(strategy: String, sizes: Int, exponent: Double)] {
        sizeSweepCells(run: run, cells: cells).compactMap { strategy, cells in
            let points = timeAgainstSize(cells)
            guard points.count >= 3, let e = Scaling.exponent(points.map { ($0.x, $0.y) }) else { return nil }
            return (strategy, points.count, e)
        }.sorted { $0.strategy < $1.strategy }
    }

    /// The log–log chart's lines: the size-sweep cells of the given strategies.
    static func scalingSeries(run: RecordedRun, cells: [CellRecord], strategies: Set<String>) -> [SVGChart.Series] {
        sizeSweepCells(run: run, cells: cells).filter { strategies.contains($0.key) }.sorted { $0.key < $1.key }
            .map { SVGChart.Series(name: $0.key, points: timeAgainstSize($0.value)) }
    }
}
