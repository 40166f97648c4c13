import CodableBenchCore
import Foundation

/// What a run of an older harness wrote otherwise or lacks, read here into the shape of today's,
/// so that every reader (reports, gates, `across`, the history) meets one shape. Each file's older
/// columns are read by its own reader (`ResultsCSV`, `RatiosCSV`, `PairsCSV`, `SamplesCSV`,
/// `CostsCSV`, `RunJSON`'s optional keys); the Changelog says what each version changed.
extension RecordedRun {
    /// Every paired ratio of the records: each one's paired ratio (ratios.csv's row); a run folder
    /// written before ratios.csv was still has each cell's ratio on its results.csv row.
    static func ratios(of records: [CellRecord]) -> [CellRatio] {
        var all = records.compactMap(\.pairedRatio)
        for cell in records {
            guard let ratio = cell.rowRatio, ratio.yardstick != cell.cell.strategy,
                !all.contains(where: {
                    $0.strategy == cell.cell.strategy && $0.profile == cell.cell.profile && $0.yardstick == ratio.yardstick
                })
            else { continue }
            all.append(ratio)
        }
        return all
    }

    /// The probe's check (`HostStateCheck`) for a run recorded before harness 0.8, which had probes
    /// and no check: from its pairs, by ratio.
    static func labelCheck(_ pairsByRatio: [[String]: [[Pair]]]) -> HostStateCheck {
        HostStateCheck(
            cells: pairsByRatio.keys.sorted { $0.lexicographicallyPrecedes($1) }.map { Array(pairsByRatio[$0]!.joined()) })
    }

    /// A labelled ratio read from all its pairs, for a run before harness 0.12 whose ratios.csv has
    /// no `all_pairs_*`: from its pairs.csv (a run of 0.8–0.10.1 wrote its verdicts' state's ratio
    /// whatever the check found; 0.10.2–0.11 wrote them unlabelled, and have nothing to read here).
    static func allPairsRatio(of ratio: CellRatio, _ pairsByRatio: [[String]: [[Pair]]]) -> PairedRatio? {
        pairsByRatio[[ratio.profile, ratio.strategy, ratio.yardstick]].flatMap { StatedRatio(pooling: $0)?.ratio }
    }
}
