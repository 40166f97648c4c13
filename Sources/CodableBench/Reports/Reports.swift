import Foundation

/// Writes every report of a run into its folder.
public enum Reports {
    @discardableResult
    public static func write(for run: RunData, into directory: URL, references: Set<String>? = nil) throws -> [URL] {
        let refs = references ?? Set(CommandLineTool.catalogue.filter(\.isReference).map(\.id))
        let cells = CellSummary.all(in: run, references: refs)
        let files: [(String, String)] = [
            ("report.md", MarkdownReport.render(run: run, cells: cells)),
            ("report.html", HTMLReport.render(run: run, cells: cells)),
            ("benchmark-action.json", BenchmarkActionExport.render(cells: cells)),
        ]
        return try files.map { name, text in
            let url = directory.appendingPathComponent(name)
            do { try Data(text.utf8).write(to: url) } catch {
                throw HarnessFailure("cannot write \(url.path): \(error.localizedDescription)")
            }
            return url
        }
    }

    /// Cells of a group by profile, reference first.
    static func groups(_ cells: [CellSummary]) -> [(group: String, cells: [CellSummary])] {
        let byGroup = Dictionary(grouping: cells, by: \.key.group)
        return byGroup.keys.sorted().map { group in
            (group, byGroup[group, default: []].sorted(by: displayOrder))
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

    /// Noise and configuration warnings for the top of a report.
    static func warnings(run: RunData, cells: [CellSummary]) -> [String] {
        var out: [String] = []
        let p = run.rows[0].provenance
        if p.buildConfiguration != "release" { out.append("debug build: these numbers do not describe optimized code") }
        if p.countingBackend == "none" { out.append("allocations were not counted (jemalloc not installed)") }
        for cell in cells where cell.outcome != cell.expectedOutcome {
            out.append("\(cell.key) ended \(cell.outcome.rawValue), expected \(cell.expectedOutcome.rawValue)")
        }
        for cell in cells {
            if let s = cell.metrics[.wallTime], s.median > 0, (s.ci95High - s.ci95Low) / s.median > 0.10 {
                out.append(String(format: "%@: wide confidence interval (±%.1f%%), noisy measurement", "\(cell.key)",
                                  (s.ci95High - s.ci95Low) / 2 / s.median * 100))
            }
        }
        return out
    }

    static func crossovers(run: RunData, cells: [CellSummary]) -> [Crossover] {
        let knobs = Dictionary(run.rows.map { ($0.cell.profile, $0.cell.knobs) }, uniquingKeysWith: { a, _ in a })
        return Crossover.all(in: cells, knobsByProfile: knobs)
    }

    /// Scaling exponents over size sweeps only: profiles identical but for their element count.
    static func scalingRows(run: RunData, cells: [CellSummary]) -> [(strategy: String, sizes: Int, exponent: Double)] {
        let knobs = Dictionary(run.rows.map { ($0.cell.profile, $0.cell.knobs) }, uniquingKeysWith: { a, _ in a })
        var rows: [(strategy: String, sizes: Int, exponent: Double)] = []
        for sweep in Crossover.sweeps(knobs) where sweep.knob == "elements" {
            let onSweep = cells.filter { $0.outcome == .ok && sweep.points.keys.contains($0.key.profile) }
            for (strategy, cells) in Dictionary(grouping: onSweep, by: \.key.strategy) where cells.count >= 3 {
                let points = cells.compactMap { c in c.metrics[.wallTime].map { (Double(c.bytes), $0.median) } }
                if let e = Scaling.exponent(points) { rows.append((strategy, points.count, e)) }
            }
        }
        return rows.sorted { $0.strategy < $1.strategy }
    }

    /// The size-sweep cells of the strategies in `scalingRows`, for the log–log chart.
    static func scalingSeries(run: RunData, cells: [CellSummary]) -> [SVGChart.Series] {
        let knobs = Dictionary(run.rows.map { ($0.cell.profile, $0.cell.knobs) }, uniquingKeysWith: { a, _ in a })
        let sizeProfiles = Set(Crossover.sweeps(knobs).filter { $0.knob == "elements" }.flatMap(\.points.keys))
        let names = Set(scalingRows(run: run, cells: cells).map(\.strategy))
        let onSweep = cells.filter { names.contains($0.key.strategy) && sizeProfiles.contains($0.key.profile) && $0.outcome == .ok }
        // (a strategy may cover only part of a sweep; scalingRows kept those with at least 3 sizes)
        return Dictionary(grouping: onSweep, by: \.key.strategy).sorted { $0.key < $1.key }.map { name, cells in
            SVGChart.Series(name: name, points: cells.compactMap { c in c.metrics[.wallTime].map { (Double(c.bytes), $0.median) } })
        }
    }
}
