import Foundation
import CodableBenchCore
import CodableBenchAnalysis
import CodableBenchHarness

/// The charts' data, built once with the document; `HTMLReport` only draws them.
extension ReportDocument {
    /// Bars with a title, and a dashed reference line where one helps (a ratio of 1).
    struct BarChart {
        let title: String
        let bars: [SVGChart.Bar]
        var reference: Double? = nil
    }

    /// Stacked bars with their segments' legend.
    struct StackedChart {
        let title: String
        let legend: [String]
        let bars: [SVGChart.StackedBar]
    }

    /// A group's charts: time per decode on each profile, allocations per article, and where the
    /// instructions go (runs that counted costs).
    struct GroupCharts {
        let time: [BarChart]
        let allocations: BarChart?
        let costs: [StackedChart]
    }

    static func charts(
        of cells: [CellRecord], references: Set<String>, costs: [String: [String: CostBreakdown]], categories: CostCategories
    ) -> GroupCharts {
        let time = orderedUnique(cells.map(\.key.profile)).map { profile in
            let bars = cells.filter { $0.key.profile == profile }.map { cell -> SVGChart.Bar in
                let wall = cell.summary(of: .wallTime)
                let text =
                    wall.map { Terminal.time($0.median) + (cell.displayedRatio.map { String(format: " (%.3f×)", $0.ratio.value) } ?? "") }
                    ?? cell.outcome.rawValue
                return SVGChart.Bar(
                    label: cell.key.strategy, value: wall?.median, low: wall?.ci95Low,
                    high: wall?.ci95High, valueText: text, highlight: references.contains(cell.key.strategy))
            }
            return BarChart(title: "\(profile): median wall time per decode, 95% CI", bars: bars)
        }
        let allocationBars = cells.compactMap { cell -> SVGChart.Bar? in
            guard let a = cell.summary(of: .allocations), cell.cell.elements > 0 else { return nil }
            let perElement = a.median / Double(cell.cell.elements)
            return SVGChart.Bar(
                label: "\(cell.key.strategy) · \(cell.key.profile)", value: perElement, low: nil, high: nil,
                valueText: String(format: "%.1f", perElement), highlight: references.contains(cell.key.strategy))
        }
        return GroupCharts(
            time: time,
            allocations: allocationBars.isEmpty ? nil : BarChart(title: "allocations per article", bars: allocationBars),
            costs: costCharts(cells, costs: costs, categories: categories))
    }

    /// Each cell's instructions per decode, stacked by category (runs with `--instructions`), one
    /// chart per payload in the order the cells come: a medium payload's bars would flatten a small
    /// one's to slivers on a shared scale.
    static func costCharts(
        _ cells: [CellRecord], costs: [String: [String: CostBreakdown]], categories: CostCategories
    ) -> [StackedChart] {
        let breakdowns = cells.compactMap { cell in
            costs[cell.key.strategy]?[cell.key.profile].map { (cell.key, $0) }
        }
        guard !breakdowns.isEmpty else { return [] }
        // Every category of the file in its order (so each keeps its colour from chart to chart),
        // then any other id the run's costs.csv names.
        let named = Set(breakdowns.flatMap { $0.1.byCategory.keys })
        let ids = categories.categories.map(\.id) + named.subtracting(categories.categories.map(\.id)).sorted()
        let legend = ids.map(categories.title(of:))
        return orderedUnique(breakdowns.map(\.0.profile)).map { profile in
            let bars = breakdowns.filter { $0.0.profile == profile }.map { key, breakdown in
                let byCategory = breakdown.byCategory
                return SVGChart.StackedBar(
                    label: key.strategy, segments: ids.map { Double(byCategory[$0] ?? 0) },
                    valueText: CostDifference.count(breakdown.total) + " instructions")
            }
            return StackedChart(title: "\(profile): instructions per decode by category (callgrind)", legend: legend, bars: bars)
        }
    }

    /// An answer's paired ratios as bars around 1 (nil without ratios).
    static func ratioChart(_ answer: Answer) -> BarChart? {
        guard !answer.ratios.isEmpty else { return nil }
        let bars = answer.ratios.map { row in
            SVGChart.Bar(
                label: "\(row.strategy) · \(row.profile)", value: row.ratio.value, low: row.ratio.low,
                high: row.ratio.high, valueText: "\(row.ratio.text) vs \(row.yardstick)",
                highlight: row.verdict == .same)
        }
        return BarChart(
            title: "time over the yardstick's, paired, 95% interval (dashed: 1; brown: same speed within ±2%)", bars: bars,
            reference: 1)
    }

    /// The items in their first order, each once.
    static func orderedUnique(_ items: [String]) -> [String] {
        var seen = Set<String>()
        return items.filter { seen.insert($0).inserted }
    }
}
