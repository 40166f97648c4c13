import Foundation
import CodableBenchCore
import CodableBenchHarness

/// The change of one metric of one cell between two runs.
package struct MetricChange: Sendable {
    package enum Verdict: String, Sendable {
        /// A timing's change, significant and beyond the noise floor.
        case faster, slower
        /// A count beyond its tolerance.
        case more, fewer
        /// A count within its tolerance, or the same outcome where nothing was measured.
        case noChange = "no change"
        /// A timing's change that is significant and within the noise floor.
        case withinNoise = "within the noise floor"
        /// A timing's change its samples cannot tell from none (not significant): never "no change",
        /// which the samples did not show.
        case undecided
        case new, gone
        case outcomeChanged = "outcome changed"
    }

    package let cell: CellKey
    package let metric: Metric
    package let baseline: Double?
    package let current: Double?
    package let verdict: Verdict
    /// Mann–Whitney p-value when both runs had samples.
    package let pValue: Double?
    package let note: String
    /// The tolerance a count was judged with.
    var tolerance: Double? = nil

    /// (current − baseline) / baseline.
    package var relativeChange: Double? {
        guard let b = baseline, let c = current, b != 0 else { return nil }
        return (c - b) / b
    }
}

/// Compares two runs cell by cell and metric by metric.
package struct RunComparison {
    package let changes: [MetricChange]
    /// The statistic timings were compared on (`timing.statistic` of the tolerances).
    package let timingStatistic: TimingStatistic
    /// What was not compared, and why.
    package let notes: [String]

    /// The Foundation a run decoded with: on macOS Apple's, which ships with the OS as the Swift
    /// runtime does, so a point update can move every count (keyed by the OS's version);
    /// swift-corelibs-foundation elsewhere, which ships with the toolchain (darwin-sim runs on it).
    package init(baseline: RecordedRun, current: RecordedRun, tolerances: GateTolerances) throws {
        timingStatistic = tolerances.timing.estimator
        // Two allocators round and grow buffers differently: their counts are not comparable.
        let countedBy = (baseline.provenance.countingBackend, current.provenance.countingBackend)
        // Apple's Foundation and swift-corelibs-foundation allocate differently for the same decode.
        let foundations = (baseline.provenance.foundation, current.provenance.foundation)
        let compareCounts = countedBy.0 == countedBy.1 && foundations.0 == foundations.1
        // malloc-interposer over glibc counts approximately: its own tolerances, or not at all.
        let approximate = countedBy.0 == CountingBackend.interposer.rawValue
        var notes =
            compareCounts
            ? []
            : foundations.0 != foundations.1
                ? ["allocation counts not compared: the baseline ran on \(foundations.0), this run on \(foundations.1)"]
                : ["allocation counts not compared: the baseline counted them with \(countedBy.0), this run with \(countedBy.1)"]
        if compareCounts && approximate {
            let skipped = [Metric.allocations, .allocatedBytes, .peakHeapBytes].filter {
                tolerances.tolerance(for: $0, approximate: true) == nil
            }
            notes.append(
                "counts taken by malloc-interposer (approximate) are compared with the tolerances under 'approximate'"
                    + (skipped.isEmpty ? "" : "; not compared: " + skipped.map(\.rawValue).joined(separator: ", ")))
        }
        // Timings under two allocators differ by the allocator too (results/README.md, `allocator`).
        let timedUnder = (baseline.provenance.allocator, current.provenance.allocator)
        if timedUnder.0 != timedUnder.1 {
            notes.append(
                "the baseline was timed under allocator \(timedUnder.0), this run under \(timedUnder.1): time changes include the allocator's"
            )
        }
        let a = baseline.recordsByCell, b = current.recordsByCell
        var changes: [MetricChange] = []
        for key in Set(a.keys).union(b.keys).sorted() {
            guard let before = a[key] else {
                changes.append(MetricChange(cell: key, metric: .none, baseline: nil, current: nil, verdict: .new, pValue: nil, note: ""))
                continue
            }
            guard let after = b[key] else {
                changes.append(MetricChange(cell: key, metric: .none, baseline: nil, current: nil, verdict: .gone, pValue: nil, note: ""))
                continue
            }
            let (cellChanges, note) = try Self.changes(
                of: key, before: before, after: after, samples: (baseline.samples[key], current.samples[key]),
                tolerances: tolerances, compareCounts: compareCounts, approximate: approximate)
            changes += cellChanges
            notes += note.map { [$0] } ?? []
        }
        self.changes = changes
        self.notes = notes
    }

    /// One cell's changes between the runs, and a note where its outcome differs only as each
    /// platform expects.
    private static func changes(
        of key: CellKey, before: CellRecord, after: CellRecord,
        samples: (baseline: [TimingSample]?, current: [TimingSample]?), tolerances: GateTolerances,
        compareCounts: Bool, approximate: Bool
    ) throws -> (changes: [MetricChange], note: String?) {
        if before.cell.sha256 != after.cell.sha256 {
            throw CommandError.input(
                "\(key): the runs decoded different payloads (sha256 \(before.cell.sha256.prefix(12))… vs \(after.cell.sha256.prefix(12))…); compare runs of the same generator and profiles"
            )
        }
        // The cell as a whole, without a metric.
        func whole(_ verdict: MetricChange.Verdict, _ note: String) -> [MetricChange] {
            [MetricChange(cell: key, metric: .none, baseline: nil, current: nil, verdict: verdict, pValue: nil, note: note)]
        }
        // A cell whose expected outcome differs by platform (canada.json through JSONSerialization:
        // misrounded on Linux, exact on Darwin), each run ending as its own platform expects: not
        // a change of the code, compared only with a baseline of the same platform.
        let asExpected = before.outcome == before.expectedOutcome && after.outcome == after.expectedOutcome
        if before.outcome != after.outcome, asExpected {
            let note =
                "\(key): \(before.outcome.rawValue) in the baseline, \(after.outcome.rawValue) here, each as its "
                + "platform expects (a baseline of this platform compares it)"
            return (whole(.noChange, "expected outcome differs by platform"), note)
        }
        if before.outcome != after.outcome {
            return (whole(.outcomeChanged, "\(before.outcome.rawValue) → \(after.outcome.rawValue)"), nil)
        }
        if !before.outcome.isMeasured {
            return (whole(.noChange, before.outcome.rawValue), nil)
        }
        var changes: [MetricChange] = []
        for measure in before.measures
        where (measure.metric.isDeterministic || measure.metric.isTiming)
            && (compareCounts || !measure.metric.isAllocation)
            // A count the tolerances do not name is not compared (`ab` judges instructions and
            // simulated cycles itself, at its own threshold).
            && (!measure.metric.isDeterministic
                || tolerances.tolerance(for: measure.metric, approximate: approximate && measure.metric.isAllocation) != nil)
            && !(approximate && measure.metric.isAllocation && tolerances.tolerance(for: measure.metric, approximate: true) == nil)
        {
            guard let s1 = after.summary(of: measure.metric) else { continue }
            changes.append(
                Self.change(
                    key, measure.metric, measure.summary, s1, samples.baseline, samples.current, tolerances,
                    approximate: approximate && measure.metric.isAllocation))
        }
        return (changes, nil)
    }

    static func change(
        _ key: CellKey, _ metric: Metric, _ s0: Summary, _ s1: Summary, _ samples0: [TimingSample]?,
        _ samples1: [TimingSample]?, _ tolerances: GateTolerances, approximate: Bool = false
    ) -> MetricChange {
        if metric.isDeterministic {
            let relative = relativeChange(s0.median, s1.median)
            let tolerance = tolerances.tolerance(for: metric, approximate: approximate) ?? 0
            let verdict: MetricChange.Verdict = abs(relative) <= tolerance ? .noChange : relative > 0 ? .more : .fewer
            return MetricChange(
                cell: key, metric: metric, baseline: s0.median, current: s1.median, verdict: verdict,
                pValue: nil, note: "", tolerance: tolerance)
        }
        let statistic = tolerances.timing.estimator
        let v0 = statistic.value(of: s0), v1 = statistic.value(of: s1)
        let relative = relativeChange(v0, v1)
        let pick: (TimingSample) -> Double = metric == .wallTime ? { $0.wallNanoseconds } : { $0.cpuNanoseconds }
        // Significant when the Mann–Whitney U test on the samples says so and, on medians, the two
        // intervals do not overlap (with several generations they include the variation between
        // processes); without samples (a run before samples.csv, a hand-made one) the medians'
        // intervals are the only test at hand, whatever the statistic compared.
        let apart = s1.ci95Low > s0.ci95High || s1.ci95High < s0.ci95Low
        var pValue: Double?
        var significant = apart
        if let a = samples0, let b = samples1, let test = MannWhitney.test(a.map(pick), b.map(pick)) {
            pValue = test.pValue
            significant = (statistic != .median || apart) && test.pValue < tolerances.timing.alpha
        }
        let verdict: MetricChange.Verdict =
            !significant ? .undecided : abs(relative) <= tolerances.noiseFloor ? .withinNoise : relative > 0 ? .slower : .faster
        let note = significant ? "" : "not significant"
        return MetricChange(cell: key, metric: metric, baseline: v0, current: v1, verdict: verdict, pValue: pValue, note: note)
    }

    static func relativeChange(_ before: Double, _ after: Double) -> Double {
        before == 0 ? (after == 0 ? 0 : .infinity) : (after - before) / before
    }
}
