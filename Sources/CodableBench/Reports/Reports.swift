import Foundation
import CodableBenchCore
import CodableBenchAnalysis
import CodableBenchHarness

/// Writes every report of a run into its folder.
enum Reports {
    @discardableResult
    static func write(_ document: ReportDocument, into directory: URL) throws -> [URL] {
        let files: [(String, String)] =
            [
                ("report.md", MarkdownReport.render(document)),
                ("report.html", HTMLReport.render(document)),
                ("benchmark-action.json", BenchmarkActionExport.render(cells: document.cells)),
            ] + (document.coldCells.isEmpty ? [] : [("cold-summary.csv", ColdSummaryExport.render(document.coldCells))])
        return try files.map { name, text in
            let url = directory.appendingPathComponent(name)
            do { try Data(text.utf8).write(to: url) } catch {
                throw HarnessFailure("cannot write \(url.path): \(error.localizedDescription)")
            }
            return url
        }
    }

    /// The answer to every question the claims ask, then to every other group the run measured.
    /// `joined`: other runs (a debug build's beside a release build's) whose situations claims
    /// with situations also read.
    /// What the run found, with the situations of the `joined` runs added (their exact measures are
    /// not: those stay this run's).
    static func findings(run: RecordedRun, joined: [RecordedRun] = []) -> RunFindings {
        joined.reduce(RunFindings(run: run)) { $0.merging(RunFindings(run: $1)) }
    }

    static func answers(
        run: RecordedRun, findings: RunFindings, claims: ClaimsFile, facts: StrategyFacts = .none
    ) -> [Answer] {
        let groups = Dictionary(run.rows.map { ($0.cell.strategy, $0.cell.group) }, uniquingKeysWith: { a, _ in a })
        return Answer.all(
            claims: claims, findings: findings, groups: groups, changes: facts.changes,
            costCategories: costCategories(run))
    }

    /// Under a group's table: what each of its strategies changes, once per strategy.
    static func changesLines(_ cells: [CellSummary], changes: [String: String]) -> [Prose] {
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
        run.costs.isEmpty && run.coldCosts.isEmpty ? .empty : (try? CostCategories.standard()) ?? .empty
    }

    /// `--cold --instructions`: each cell's first decode against its warm decode, as the answers
    /// compare a strategy with its yardstick ("`synthesized`'s first decode vs its warm decode on
    /// small: +85.1% instructions …; of the instructions added, 41% are in type metadata …").
    static func firstDecodeCosts(_ run: RecordedRun, cells: [ColdCell], categories: CostCategories) -> [Prose] {
        let first = CostsCSV.breakdowns(run.coldCosts), warm = CostsCSV.breakdowns(run.costs)
        let elements = Dictionary(run.rows.map { ($0.cell.profile, $0.cell.elements) }, uniquingKeysWith: { a, _ in a })
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
    static func groups(_ cells: [CellSummary], answers: [Answer]) -> [(answer: Answer, cells: [CellSummary])] {
        let byGroup = Dictionary(grouping: cells, by: \.key.group)
        return answers.compactMap { answer in
            byGroup[answer.group].map { (answer, $0.sorted(by: displayOrder)) }
        }
    }

    /// By profile, the reference first, then by strategy id.
    static func displayOrder(_ a: CellSummary, _ b: CellSummary) -> Bool {
        if a.key.profile != b.key.profile { return a.key.profile < b.key.profile }
        if a.isReference != b.isReference { return a.isReference }
        return a.key.strategy < b.key.strategy
    }

    static func reference(for cell: CellSummary, in cells: [CellSummary]) -> CellSummary? {
        cells.first { $0.isReference && $0.key.group == cell.key.group && $0.key.profile == cell.key.profile }
    }

    /// The readers every throughput is read against, on the same bytes: memory bandwidth, and the
    /// fastest complete parse (present when built with the Simdjson trait).
    static let limits = [(id: "ref-memcpy", label: "of memcpy"), (id: "ref-simdjson", label: "of simdjson")]

    /// A cell's throughput as a fraction of a limit's on the same payload, as text (`12.3%`).
    static func fraction(of limit: String, for cell: CellSummary, in cells: [CellSummary]) -> String {
        guard let mine = cell.megabytesPerSecond,
            let theirs = cells.first(where: { $0.key.strategy == limit && $0.key.profile == cell.key.profile })?.megabytesPerSecond,
            theirs > 0
        else { return "-" }
        let percent = mine / theirs * 100
        return String(format: percent < 1 ? "%.2f%%" : "%.1f%%", percent)
    }

    /// The limits that this run measured.
    static func presentLimits(_ cells: [CellSummary]) -> [(id: String, label: String)] {
        limits.filter { limit in cells.contains { $0.key.strategy == limit.id && $0.megabytesPerSecond != nil } }
    }

    /// How to read the numbers, at the top of every report.
    static let readingNote =
        "The headline is each strategy's paired ratio to its group's reference: measured side by side, "
        + "sample by sample, on the same CPU, so the machine's state cancels out; 95% intervals over process generations "
        + "(Documentation/Method.md). Absolute times and MB/s describe this machine at this time."

    /// One kind of warning: a line for the top of a report, and the cases it counts.
    struct Warning {
        let summary: String
        var details: [String] = []
        /// What the reader can do about it, shown with the details.
        var advice: Prose? = nil
    }

    /// Noise and configuration warnings, one per kind; the top of a report shows the summaries.
    /// `platform`: run.json's (`Platform.Kind`), nil for runs before it was recorded (Linux).
    static func warnings(run: RecordedRun, cells: [CellSummary], platform: String? = nil) -> [Warning] {
        var out: [Warning] = []
        let p = run.rows[0].provenance
        let systemMalloc =
            platform.map { $0 == "linux" } ?? true
            ? "glibc's malloc through malloc-interposer (jemalloc not installed)"
            : "the system's malloc through malloc-interposer (the default on macOS)"
        if p.buildConfiguration != "release" { out.append(Warning(summary: "debug build: these numbers do not describe optimized code")) }
        if p.countingBackend == "none" { out.append(Warning(summary: "allocations were not counted (jemalloc not installed)")) }
        if p.countingBackend == "interposer" {
            out.append(
                Warning(
                    summary:
                        "allocation counts are approximate: \(systemMalloc); Swift grows buffers by usable size, so counts move by up to about 0.1% between runs and bytes by several %, and there is no peak heap"
                ))
        }
        let unexpected = cells.filter { $0.outcome != $0.expectedOutcome }
        if !unexpected.isEmpty {
            out.append(
                Warning(
                    summary: "\(unexpected.count) cell(s) did not end as their strategy expects",
                    details: unexpected.map { "\($0.key) ended \($0.outcome.rawValue), expected \($0.expectedOutcome.rawValue)" }))
        }
        if let slow = run.slowState, slow.isHigh {
            out.append(
                Warning(
                    summary: "the machine ran in \(slow.text): intervals are wider than in a steadier run",
                    details: run.slowStateByProfile.map {
                        String(format: "%@: %.1f%% of %d samples", $0.profile, $0.state.share * 100, $0.state.samples)
                    },
                    advice: slowStateAdvice))
        }
        // Ratios are the headline; absolute times describe this machine at this time.
        let wide = run.ratios.filter { $0.ratio.precision > log(1.02) }
        if !wide.isEmpty {
            out.append(
                Warning(
                    summary: "\(wide.count) of \(run.ratios.count) paired ratios have a 95% interval wider than ±2%",
                    details: wide.map { "\($0.strategy) vs \($0.yardstick) on \($0.profile): \($0.ratio.text)" },
                    advice: wideRatioAdvice))
        }
        return out
    }

    /// What to do about wide intervals (Documentation/Notebook.md, "Scheduling and stopping" and "What an
    /// interval covers").
    static let wideRatioAdvice: Prose =
        "An interval narrows about as the square root of the sampling time: \(code: "--budget") gives every cell more "
        + "(seconds per cell: 1.4 by default, 0.3 with \(code: "--quick")). A ratio between different kinds of code also "
        + "moves from run to run (see the Answers' opening): run again at other times and pool the runs with "
        + "\(code: "benchmarks across RUN RUN …")."

    /// What to do about a run spent much in the slow state (Documentation/Notebook.md, "The machine's slow state").
    static let slowStateAdvice: Prose =
        "Pairs taken in a slow spell are left out of the ratios, but fewer pairs remain and the spells come and go "
        + "within pairs too. Runs with more of their samples in the slow state reach their targets less often; "
        + "run again when the machine is steadier (\(code: "benchmarks compare") and each report give a run's share)."

    static func crossovers(run: RecordedRun, cells: [CellSummary]) -> [Crossover] {
        Crossover.all(ratios: run.ratios, knobsByProfile: run.knobsByProfile)
    }

    /// The ok cells on size sweeps (profiles identical but for their element count), by strategy.
    static func sizeSweepCells(run: RecordedRun, cells: [CellSummary]) -> [String: [CellSummary]] {
        let sizeProfiles = Set(Crossover.sweeps(run.knobsByProfile).filter { $0.knob == "elements" }.flatMap(\.points.keys))
        return Dictionary(
            grouping: cells.filter { $0.outcome == .ok && sizeProfiles.contains($0.key.profile) },
            by: \.key.strategy)
    }

    static func timeAgainstSize(_ cells: [CellSummary]) -> [(x: Double, y: Double)] {
        cells.compactMap { c in c.metrics[.wallTime].map { (Double(c.bytes), $0.median) } }
    }

    /// Scaling exponents over size sweeps only, for strategies measured on at least 3 sizes.
    static func scalingRows(run: RecordedRun, cells: [CellSummary]) -> [(strategy: String, sizes: Int, exponent: Double)] {
        sizeSweepCells(run: run, cells: cells).compactMap { strategy, cells in
            let points = timeAgainstSize(cells)
            guard points.count >= 3, let e = Scaling.exponent(points.map { ($0.x, $0.y) }) else { return nil }
            return (strategy, points.count, e)
        }.sorted { $0.strategy < $1.strategy }
    }

    /// The log–log chart's lines: the size-sweep cells of the given strategies.
    static func scalingSeries(run: RecordedRun, cells: [CellSummary], strategies: Set<String>) -> [SVGChart.Series] {
        sizeSweepCells(run: run, cells: cells).filter { strategies.contains($0.key) }.sorted { $0.key < $1.key }
            .map { SVGChart.Series(name: $0.key, points: timeAgainstSize($0.value)) }
    }
}
