import Foundation
import CodableBenchCore
import CodableBenchHarness

/// What the reports show of a cell's record beyond its fields: its throughput, and the ratio and
/// verdict columns.
extension CellRecord {
    /// Median throughput in MB/s (payload bytes read, or bytes an encoder wrote), as recorded.
    var megabytesPerSecond: Double? { summary(of: .throughput)?.median }

    /// The ratio column of the reports: `vs synthesized: 1.004× (0.995–1.012)`, or `yardstick` on
    /// the row of a strategy that is only ever the yardstick.
    func ratioColumn(reference: CellRecord?) -> String {
        guard let ratio = displayedRatio else { return ratioText(reference: reference) }
        return ratio.yardstick == key.strategy ? "yardstick" : "vs \(ratio.yardstick): " + ratioText(reference: reference)
    }

    /// The verdict at the run's margin; none for a yardstick's own row.
    var verdictColumn: String {
        guard let ratio = displayedRatio, ratio.yardstick != key.strategy else { return "-" }
        return SpeedVerdict(ratio.ratio, margin: SpeedVerdict.defaultMargin).rawValue
    }

    /// The ratio to the cell's yardstick as text: the paired ratio with its interval, or, for
    /// runs before paired measurement, the ratio of the two medians (marked "unpaired").
    func ratioText(reference: CellRecord?) -> String {
        if let ratio = displayedRatio {
            return ratio.ratio.preciseText
        }
        guard let mine = summary(of: .wallTime)?.median, let theirs = reference?.summary(of: .wallTime)?.median, theirs > 0
        else { return "-" }
        return String(format: "%.2f× unpaired", mine / theirs)
    }
}
