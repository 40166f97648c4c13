import Foundation
import CodableBenchCore

/// What the host's shared cache did during a run, from every cache probe of its rounds
/// (`CacheProbe`; run.json's `hostState`): how often it was contended, and the probes' figures on
/// their absolute scale, so that runs of different hours can be told apart (`across` groups them).
package struct HostStateSummary: Codable, Equatable, Sendable {
    package var probes: Int
    /// Share of the probes that read contended.
    package var contendedShare: Double
    /// A load from the probe's megabyte, in nanoseconds: the fastest twentieth, the median, and
    /// the slowest tenth's lower edge.
    var cacheFastest: Double
    var cacheMedian: Double
    var cacheP90: Double
    /// A multiply-add, in nanoseconds: the median and the fastest twentieth.
    var computeMedian: Double
    var computeFastest: Double
    /// Where a load counts as contended: the probes' calibrated threshold, the median over the
    /// timing CPUs (runs before the calibration: 40 ns on every CPU).
    var contendedAboveNanoseconds: Double
    /// The probe's ring and its quiet floor, from back-to-back readings at the start on the
    /// timing CPU (`CacheProbe.calibrate`; newer files only).
    var ringBytes: Int? = nil
    var quietFloorNanoseconds: Double? = nil
    /// Whether the probe's label predicted the decodes (`HostStateCheck`); the run labels its
    /// ratios only where it did (newer files only: `RecordedRun` checks older runs' pairs).
    package var labels: HostStateCheck? = nil

    /// Whether ratios are labelled with the state they hold in: where the check found that the
    /// label predicts them (runs before the check: always).
    package var labelsKept: Bool { labels?.keepsLabels ?? true }

    /// nil without probes.
    init?(_ readings: [CacheReading]) {
        guard !readings.isEmpty else { return nil }
        func quantile(_ values: [Double], _ q: Double) -> Double { values.sorted()[Int(Double(values.count - 1) * q)] }
        // A compute reading of 0: the probe's two spins took less than its one (a disturbed probe).
        let cache = readings.map(\.cacheNanosecondsPerLoad), compute = readings.map(\.computeNanosecondsPerOp).filter { $0 > 0 }
        probes = readings.count
        contendedShare = Double(readings.count { $0.state == .contended }) / Double(readings.count)
        cacheFastest = quantile(cache, 0.05)
        cacheMedian = quantile(cache, 0.5)
        cacheP90 = quantile(cache, 0.9)
        computeMedian = compute.isEmpty ? 0 : quantile(compute, 0.5)
        computeFastest = compute.isEmpty ? 0 : quantile(compute, 0.05)
        contendedAboveNanoseconds = quantile(readings.map(\.contendedAboveNanoseconds), 0.5)
    }

    /// Arithmetic within 5% of its fastest at the median: compute-bound code ran at full speed.
    var computeAtFullSpeed: Bool { computeMedian <= computeFastest * 1.05 }

    /// The state in words a reader can act on.
    package var sentence: String {
        let share = String(format: "%.0f%%", contendedShare * 100)
        let ring = ringBytes.map { "\($0 >> 10) KiB ring" } ?? "megabyte"
        let floor = quietFloorNanoseconds.map { String(format: ", %.0f ns back to back at the start", $0) } ?? ""
        let cache = String(
            format: "a load from the probe's %@ took %.0f ns at the median (%.0f–%.0f%@); above %.0f ns it counted as contended",
            ring, cacheMedian, cacheFastest, cacheP90, floor, contendedAboveNanoseconds)
        let compute =
            computeFastest == 0
            ? "the arithmetic probe read nothing usable"
            : computeAtFullSpeed
                ? "compute-bound code ran at full speed"
                : String(format: "arithmetic ran %.0f%% slower than its fastest", (computeMedian / computeFastest - 1) * 100)
        if let labels, !labels.keepsLabels {
            return "the cache probe could not observe the host's state on this CPU, so no ratio is labelled with it "
                + "and each is read from all its pairs: "
                + "\(labels.sentence) (it read contended in \(share) of \(probes) probes: \(cache)); \(compute)"
        }
        switch contendedShare {
        case ..<0.05:
            return "the shared cache was this run's alone (contended in \(share) of \(probes) probes: \(cache)); \(compute)"
        case 0.95...:
            return
                "other tenants held the shared cache throughout (contended in \(share) of \(probes) probes: \(cache)); \(compute): every ratio here holds under contention"
        default:
            return "other tenants contended for the shared cache in \(share) of \(probes) probes (\(cache)); \(compute)"
        }
    }
}
