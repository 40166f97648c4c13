import Foundation
import CodableBenchCore

/// One paired ratio of a run's cell: a strategy against the strategy it was flanked by in its
/// lockstep comparison (its yardstick: the strategy it declares, else its group's reference; for a
/// group's reference, the comparison's anchor). The one shape a cell's paired ratio has outside the CSV code: what a cell record states
/// (`CellRecord.pairedRatio`, and results.csv's row as `rowRatio`), what every report, gate and
/// export reads, and a row of ratios.csv with the run's id.
package struct CellRatio: Codable, Equatable, Sendable {
    package var profile: String
    package var group: String
    package var strategy: String
    package var yardstick: String
    package var ratio: PairedRatio
    /// The host's state the ratio holds in (`StatedRatio`): quiet, contended, or nil for a run
    /// without probes (before harness 0.7) or a first-decode ratio.
    package var state: HostState? = nil
    /// Beside a quiet ratio: the same pairing's ratio under contention, where the run has one.
    package var contended: PairedRatio? = nil
    /// Beside a ratio stated in a state: the same pairing's ratio from all its pairs, whatever
    /// their state, which readers take instead where the run found that the probe's label predicts
    /// nothing (`RecordedRun`, run.json's `hostState.labels`). Written with the ratio, so that no
    /// file is written twice.
    var allPairs: PairedRatio? = nil
    /// The yardstick `ab` rows name: the same cell measured by the baseline build's worker.
    package static let baselineYardstick = "baseline"
    /// The verdict at the run's equivalence margin (`SpeedVerdict.defaultMargin`).
    package var verdict: SpeedVerdict { SpeedVerdict(ratio, margin: SpeedVerdict.defaultMargin) }
}

/// `ratios.csv` beside results.csv: every paired ratio the run measured (documented in
/// results/README.md).
enum RatiosCSV {
    /// Files before schema 5 end at `verdict`.
    static let columnsBeforeStates = [
        "run_id", "profile", "group", "strategy", "yardstick", "ratio", "ratio_ci95_low",
        "ratio_ci95_high", "pairs", "generations", "verdict",
    ]
    /// Files before harness 0.12 end at `contended_ci95_high`.
    static let columnsBeforeAllPairs =
        columnsBeforeStates + [
            "state", "contended_ratio", "contended_ci95_low", "contended_ci95_high",
        ]
    static let columns =
        columnsBeforeAllPairs + [
            "all_pairs_ratio", "all_pairs_ci95_low", "all_pairs_ci95_high", "all_pairs", "all_pairs_generations",
        ]
    static var header: String { CSVFormat.line(columns) }

    static func line(_ row: CellRatio, runID: String) -> String {
        CSVFormat.line([
            runID, row.profile, row.group, row.strategy, row.yardstick, row.ratio.value.description,
            row.ratio.low.description, row.ratio.high.description, "\(row.ratio.pairs)",
            "\(row.ratio.generations)", row.verdict.rawValue, row.state?.rawValue ?? "",
            row.contended?.value.description ?? "", row.contended?.low.description ?? "",
            row.contended?.high.description ?? "", row.allPairs?.value.description ?? "",
            row.allPairs?.low.description ?? "", row.allPairs?.high.description ?? "",
            row.allPairs.map { "\($0.pairs)" } ?? "", row.allPairs.map { "\($0.generations)" } ?? "",
        ])
    }

    /// The file's ratios; its `run_id` column is the run's own (`Provenance.runID`).
    static func read(_ file: URL) throws -> [CellRatio] {
        let (header, rows) = try CSVFormat.read(file)
        guard [columns, columnsBeforeAllPairs, columnsBeforeStates].contains(header) else {
            throw CommandError.input("\(file.lastPathComponent) is not a CodableBench ratios file (columns differ)")
        }
        return try rows.enumerated().map { number, f in
            func invalid() -> CommandError { CommandError.input("\(file.lastPathComponent) line \(number + 2): invalid ratio") }
            guard let value = Double(f[5]), let low = Double(f[6]), let high = Double(f[7]), let pairs = Int(f[8]),
                let generations = Int(f[9]), low <= value, value <= high
            else { throw invalid() }
            var row = CellRatio(
                profile: f[1], group: f[2], strategy: f[3], yardstick: f[4],
                ratio: PairedRatio(value: value, low: low, high: high, pairs: pairs, generations: generations))
            guard header != columnsBeforeStates else { return row }
            guard f[11].isEmpty || HostState(rawValue: f[11]) != nil else { throw invalid() }
            row.state = HostState(rawValue: f[11])
            if let value = Double(f[12]), let low = Double(f[13]), let high = Double(f[14]) {
                row.contended = PairedRatio(value: value, low: low, high: high, pairs: 0, generations: 0)
            }
            guard header == columns, !f[15].isEmpty else { return row }
            guard let value = Double(f[15]), let low = Double(f[16]), let high = Double(f[17]), let pairs = Int(f[18]),
                let generations = Int(f[19]), low <= value, value <= high
            else { throw invalid() }
            row.allPairs = PairedRatio(value: value, low: low, high: high, pairs: pairs, generations: generations)
            return row
        }
    }
}
