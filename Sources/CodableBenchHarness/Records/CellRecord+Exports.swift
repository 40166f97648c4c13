import Foundation
import CodableBenchCore

/// A cell record as the run folder's files hold it: its rows of results.csv, ratios.csv and
/// costs.csv (written from it, `RunRecorder`), and the record again from those rows (`RecordedRun`).
extension CellRecord {
    /// Its rows of results.csv: one per measure, the wall-time row with its ratio; one `none` row
    /// for a cell with no measure.
    func resultRows(provenance: Provenance) -> [ResultRow] {
        func row(_ metric: Metric, _ summary: Summary?) -> ResultRow {
            ResultRow(
                provenance: provenance, cell: cell, outcome: outcome, expectedOutcome: expectedOutcome, detail: detail,
                metric: metric, summary: summary,
                ratio: metric == .wallTime ? rowRatio.map { YardstickRatio(to: $0.yardstick, value: $0.ratio) } : nil)
        }
        guard !measures.isEmpty else { return [row(.none, nil)] }
        return measures.map { row($0.metric, $0.summary) }
    }

    /// Its rows of costs.csv.
    func costRows(runID: String) -> [CostRow] {
        CostsCSV.rows(
            runID: runID, group: cell.group, strategy: cell.strategy, profile: cell.profile, CostBreakdown(functions: costs))
    }

    /// A run's records from its files' rows: results.csv's rows by cell in the file's order, each
    /// with its row of ratios.csv and its rows of costs.csv.
    static func records(rows: [ResultRow], ratios: [CellRatio], costs: [CostRow]) -> [CellRecord] {
        var order: [CellKey] = []
        var byCell: [CellKey: CellRecord] = [:]
        for row in rows {
            let key = row.cell.key
            if byCell[key] == nil {
                order.append(key)
                byCell[key] = CellRecord(
                    cell: row.cell, outcome: row.outcome, expectedOutcome: row.expectedOutcome, detail: row.detail)
            }
            if row.metric == .wallTime, let ratio = row.ratio, let record = byCell[key] {
                byCell[key]?.rowRatio = record.ratio(to: ratio.to, ratio.value)
            }
            if let summary = row.summary, row.metric != .none {
                byCell[key]?.measures.append(Measure(metric: row.metric, summary: summary))
            }
        }
        for ratio in ratios {
            let key = CellKey(group: ratio.group, strategy: ratio.strategy, profile: ratio.profile)
            byCell[key]?.pairedRatio = ratio
        }
        for cost in costs {
            byCell[CellKey(group: cost.group, strategy: cost.strategy, profile: cost.profile)]?.costs.append(cost.function)
        }
        return order.map { byCell[$0]! }
    }
}

extension RecordedRun {
    /// Its rows of results.csv, ratios.csv and costs.csv, as the run folder holds them.
    var resultRows: [ResultRow] { records.flatMap { $0.resultRows(provenance: provenance) } }
    var costRows: [CostRow] { records.flatMap { $0.costRows(runID: provenance.runID) } }

    /// Writes its results.csv to `file` (`baseline update`), replacing what is there.
    package func writeResults(to file: URL) throws {
        let fm = FileManager.default
        do {
            try fm.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            if fm.fileExists(atPath: file.path) { try fm.removeItem(at: file) }
        } catch {
            throw CommandError.harness("cannot write \(file.path): \(error.localizedDescription)")
        }
        try RunFolder.CSVFile.results(at: file).append(resultRows.map(ResultsCSV.line).joined())
    }
}
