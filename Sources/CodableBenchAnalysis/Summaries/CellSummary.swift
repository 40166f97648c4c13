import Foundation
import CodableBenchCore
import CodableBenchHarness

/// One cell of a run as the reports see it: outcome and each metric's summary.
package struct CellSummary: Sendable {
    package let key: CellKey
    package let outcome: Outcome
    package let expectedOutcome: Outcome
    package let detail: String
    package let bytes: Int
    package let elements: Int
    package let isReference: Bool
    package let metrics: [Metric: Summary]
    /// The paired ratio to the group's reference (runs of schema 4 and later).
    package var ratio: YardstickRatio?

    init(
        key: CellKey, outcome: Outcome, expectedOutcome: Outcome, detail: String, bytes: Int, elements: Int,
        isReference: Bool, metrics: [Metric: Summary], ratio: YardstickRatio? = nil
    ) {
        self.ratio = ratio
        self.key = key
        self.outcome = outcome
        self.expectedOutcome = expectedOutcome
        self.detail = detail
        self.bytes = bytes
        self.elements = elements
        self.isReference = isReference
        self.metrics = metrics
    }

    /// Median throughput in MB/s (payload bytes read, or bytes an encoder wrote), as recorded.
    package var megabytesPerSecond: Double? { metrics[.throughput]?.median }

    package static func all(in run: RecordedRun, references: Set<String> = []) -> [CellSummary] {
        run.records.map { record in
            CellSummary(
                key: record.key, outcome: record.outcome, expectedOutcome: record.expectedOutcome,
                detail: record.detail, bytes: record.cell.bytes, elements: record.cell.elements,
                isReference: references.contains(record.key.strategy),
                metrics: Dictionary(record.measures.map { ($0.metric, $0.summary) }, uniquingKeysWith: { first, _ in first }),
                ratio: record.displayedRatio)
        }.sorted { $0.key < $1.key }
    }
}

extension CellSummary {
    /// The ratio column of the reports: `vs synthesized: 1.004× (0.995–1.012)`, or `yardstick` on
    /// the row of a strategy that is only ever the yardstick.
    package func ratioColumn(reference: CellSummary?) -> String {
        guard let ratio else { return ratioText(reference: reference) }
        return ratio.to == key.strategy ? "yardstick" : "vs \(ratio.to): " + ratioText(reference: reference)
    }

    /// The verdict at the run's margin; none for a yardstick's own row.
    package var verdictColumn: String {
        guard let ratio, ratio.to != key.strategy else { return "-" }
        return SpeedVerdict(ratio.value, margin: SpeedVerdict.defaultMargin).rawValue
    }

    /// The ratio to the group's reference as text: the paired ratio with its interval, or, for
    /// runs before paired measurement, the ratio of the two medians (marked "unpaired").
    func ratioText(reference: CellSummary?) -> String {
        if let ratio {
            return ratio.value.preciseText
        }
        guard let mine = metrics[.wallTime]?.median, let theirs = reference?.metrics[.wallTime]?.median, theirs > 0
        else { return "-" }
        return String(format: "%.2f× unpaired", mine / theirs)
    }
}
