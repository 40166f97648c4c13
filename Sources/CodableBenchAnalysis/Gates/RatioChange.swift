import Foundation
import CodableBenchCore
import CodableBenchHarness

/// A cell's paired ratio to the same yardstick in two runs: a timing that does not depend on how
/// fast the machine was, since both the cell and its yardstick ran in the same milliseconds of each
/// run. `check` can gate it against a stored baseline (`ratio` in the tolerances file).
package struct RatioChange: Sendable {
    package enum Verdict: String, Sendable {
        case slower, faster
        /// The whole interval of the change within ±`relative`.
        case within
        /// The interval reaches past ±`relative` on one side or both, and lies beyond it on neither.
        case undecided
    }

    let cell: CellKey
    let yardstick: String
    let baseline: PairedRatio
    let current: PairedRatio
    /// The change that counts (0.05 = 5%).
    let relative: Double

    /// The change of the log ratio, and its 95% half-width: the two runs' half-widths combined in
    /// quadrature (the runs are independent).
    var logChange: Double { log(current.value / baseline.value) }
    var halfWidth: Double { (current.precision * current.precision + baseline.precision * baseline.precision).squareRoot() }

    /// Slower when the whole interval of the change lies above `relative`, faster when below
    /// −relative, within when inside both; otherwise undecided.
    package var verdict: Verdict {
        let margin = log(1 + relative)
        if logChange - halfWidth > margin { return .slower }
        if logChange + halfWidth < -margin { return .faster }
        if logChange + halfWidth < margin && logChange - halfWidth > -margin { return .within }
        return .undecided
    }

    /// The change with its half-width, as percentages: `+8.0% ± 1.4%`.
    var changeText: String {
        String(format: "%+.1f%% ± %.1f%%", (exp(logChange) - 1) * 100, (exp(halfWidth) - 1) * 100)
    }

    package var line: String {
        "\(cell): ratio to \(yardstick) " + String(format: "%.3f → %.3f", baseline.value, current.value) + " (\(changeText))"
    }

    /// Every timed ok cell with a paired ratio to the same yardstick in both runs.
    package static func all(baseline: RecordedRun, current: RecordedRun, relative: Double) -> [RatioChange] {
        func ratios(_ run: RecordedRun) -> [CellKey: CellRatio] {
            var out: [CellKey: CellRatio] = [:]
            for record in run.records where record.outcome == .ok && record.summary(of: .wallTime) != nil {
                if let ratio = record.rowRatio, ratio.yardstick != record.key.strategy { out[record.key] = ratio }
            }
            return out
        }
        let before = ratios(baseline), after = ratios(current)
        return before.keys.sorted().compactMap { key in
            guard let b = before[key], let a = after[key], a.yardstick == b.yardstick else { return nil }
            return RatioChange(cell: key, yardstick: a.yardstick, baseline: b.ratio, current: a.ratio, relative: relative)
        }
    }
}
