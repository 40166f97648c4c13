import Foundation
import CodableBenchCore
import CodableBenchHarness

/// How much a metric may move before `compare` calls it a change and `check` a regression. Read
/// from a committed JSON file (`results/gate-tolerances.json`, documented in `results/README.md`).
package struct GateTolerances: Codable, Equatable, Sendable {
    struct Timing: Codable, Equatable, Sendable {
        /// Wall time is gated only when enabled (off by default: shared CI machines are noisy).
        var enabled: Bool
        /// A slowdown must exceed this fraction of the baseline median...
        var relative: Double
        /// ...and be significant at this level (Mann–Whitney U on samples; without samples, the
        /// two confidence intervals must not overlap).
        var alpha: Double
        /// Which statistic of the samples two runs are compared on: `p10` (default), `median` or
        /// `min`. On a shared machine, slow spells of minutes move medians between runs far more
        /// than the low quantiles, which estimate the undisturbed cost (figures: Notebook, "Figures behind the code").
        var statistic: String?

        var estimator: TimingStatistic { statistic.flatMap(TimingStatistic.init(rawValue:)) ?? .p10 }
    }

    /// Metric name → largest relative increase that still passes (0.005 = 0.5%).
    var deterministic: [String: Double]
    /// The same for counts taken by an approximate backend (malloc-interposer over glibc), set from
    /// its measured run-to-run spread; a metric absent here is not compared for such runs.
    var approximate: [String: Double]?
    var timing: Timing
    /// `compare` reports a timing change only beyond this fraction, whatever its significance.
    var noiseFloor: Double
    /// Each cell's paired ratio to its yardstick, compared with the stored baseline's (absent in
    /// files before it existed: off).
    package var ratio: RatioGate?

    /// Gating the paired ratio: machine-independent, so a stored baseline can be compared with a
    /// run on another machine state (see Documentation/Notebook.md for how far it moves between runs).
    package struct RatioGate: Codable, Equatable, Sendable {
        var enabled: Bool
        /// A ratio must have grown beyond this fraction, with its whole interval, to be a regression.
        package var relative: Double
    }

    package static let standard = GateTolerances(
        deterministic: ["allocations": 0.005, "allocated_bytes": 0.005, "peak_heap_bytes": 0.01],
        approximate: ["allocations": 0.005],
        timing: Timing(enabled: false, relative: 0.10, alpha: 0.01, statistic: "p10"), noiseFloor: 0.05,
        ratio: RatioGate(enabled: false, relative: 0.05))

    package static func read(_ file: URL) throws -> GateTolerances {
        guard let data = try? Data(contentsOf: file) else { throw CommandError.input("cannot read tolerances \(file.path)") }
        let tolerances: GateTolerances
        do { tolerances = try JSONDecoder().decode(GateTolerances.self, from: data) } catch let error as DecodingError {
            throw CommandError.input("malformed tolerances \(file.lastPathComponent): \(error.oneLine)")
        }
        if let name = tolerances.timing.statistic, TimingStatistic(rawValue: name) == nil {
            throw CommandError.input(
                "malformed tolerances \(file.lastPathComponent): timing.statistic must be p10, median or min, got '\(name)'")
        }
        return tolerances
    }

    /// The tolerance of a count, for runs counted by an exact backend or by an approximate one; nil:
    /// not compared.
    func tolerance(for metric: Metric, approximate isApproximate: Bool = false) -> Double? {
        isApproximate ? approximate?[metric.rawValue] : deterministic[metric.rawValue]
    }
}

/// The statistic of a timing's samples that `compare` and `check` compare.
package enum TimingStatistic: String, Sendable {
    case p10, median, min

    func value(of summary: Summary) -> Double {
        switch self {
        case .p10: return summary.p10
        case .median: return summary.median
        case .min: return summary.min
        }
    }
}
