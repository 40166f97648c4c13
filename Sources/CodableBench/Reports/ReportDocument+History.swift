import CodableBenchCore
import CodableBenchAnalysis
import CodableBenchHarness

extension ReportDocument {
    /// A chart of a group's series over a history's runs (`report --history FILE`).
    struct HistoryChart {
        let title: String
        let yLabel: String
        let series: [SVGChart.Series]
        let reference: Double?
    }

    /// For each group of the run, on one of its profiles (the run's first for the group): each
    /// strategy's time ratio to its yardstick over the history's runs on this run's CPU and in its
    /// setting (never another CPU's), and its instructions relative to their first point in the
    /// history. X is the run's place in the history (commit order). Empty without a history.
    static func historyCharts(run: RecordedRun, groups: [Group], history: [HistoryEntry]) -> [HistoryChart] {
        guard history.count > 1 else { return [] }
        let cpu = run.provenance.timedOn.label
        return groups.flatMap { group -> [HistoryChart] in
            guard let profile = group.cells.first?.key.profile else { return [] }
            let cells = group.cells.filter { $0.key.profile == profile }.map(\.key)
            var charts: [HistoryChart] = []
            let ratios = cells.compactMap { cell -> SVGChart.Series? in
                let points = history.enumerated().compactMap { index, past -> (x: Double, y: Double)? in
                    guard past.provenance.timedOn.label == cpu,
                        let ratio = past.ratios.first(where: { $0.strategy == cell.strategy && $0.profile == cell.profile })
                    else { return nil }
                    return (Double(index + 1), ratio.ratio.value)
                }
                return points.count > 1 ? SVGChart.Series(name: cell.strategy, points: points) : nil
            }
            if !ratios.isEmpty {
                charts.append(
                    HistoryChart(
                        title: "\(group.answer.group) on \(profile): time ratio to the yardstick",
                        yLabel: "ratio", series: ratios, reference: 1))
            }
            let instructions = cells.compactMap { cell -> SVGChart.Series? in
                let values = history.enumerated().compactMap { index, past -> (x: Double, y: Double)? in
                    past.figures[cell]?[.instructions].map { (Double(index + 1), $0.median) }
                }
                guard values.count > 1, let first = values.first?.y, first > 0 else { return nil }
                return SVGChart.Series(name: cell.strategy, points: values.map { ($0.x, $0.y / first) })
            }
            if !instructions.isEmpty {
                charts.append(
                    HistoryChart(
                        title: "\(group.answer.group) on \(profile): instructions, × the first run's",
                        yLabel: "× first", series: instructions, reference: 1))
            }
            return charts
        }
    }
}
