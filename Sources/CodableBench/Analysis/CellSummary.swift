/// One cell of a run as the reports see it: outcome and each metric's summary.
struct CellSummary: Sendable {
    let key: CellKey
    let outcome: Outcome
    let expectedOutcome: Outcome
    let detail: String
    let bytes: Int
    let elements: Int
    let isReference: Bool
    let metrics: [Metric: Summary]

    init(key: CellKey, outcome: Outcome, expectedOutcome: Outcome, detail: String, bytes: Int, elements: Int,
                isReference: Bool, metrics: [Metric: Summary]) {
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
    var megabytesPerSecond: Double? { metrics[.throughput]?.median }

    static func all(in run: RunData, references: Set<String> = []) -> [CellSummary] {
        run.cells.map { key, rows in
            let first = rows[0]
            var metrics: [Metric: Summary] = [:]
            for row in rows { if let s = row.summary { metrics[row.metric] = s } }
            return CellSummary(key: key, outcome: first.outcome, expectedOutcome: first.expectedOutcome,
                               detail: first.detail, bytes: first.cell.bytes, elements: first.cell.elements,
                               isReference: references.contains(key.strategy), metrics: metrics)
        }.sorted { $0.key < $1.key }
    }
}

/// Time of a strategy relative to its group's reference on the same payload.
struct Ratio: Sendable {
    let value: Double
    /// Conservative 95% interval from the two medians' intervals: [low/high_ref, high/low_ref].
    let low: Double
    let high: Double

    init?(_ cell: Summary?, reference: Summary?) {
        guard let c = cell, let r = reference, r.median > 0, r.ci95Low > 0 else { return nil }
        value = c.median / r.median
        low = c.ci95Low / r.ci95High
        high = c.ci95High / r.ci95Low
    }
}

/// Time ∝ size^exponent, fitted by least squares on log–log axes over a strategy's payload sizes.
enum Scaling {
    static func exponent(_ points: [(bytes: Double, time: Double)]) -> Double? {
        let valid = points.filter { $0.bytes > 0 && $0.time > 0 }
        guard Set(valid.map(\.bytes)).count >= 2 else { return nil }
        let xs = valid.map { log($0.bytes) }, ys = valid.map { log($0.time) }
        let mx = xs.reduce(0, +) / Double(xs.count), my = ys.reduce(0, +) / Double(ys.count)
        let sxy = zip(xs, ys).reduce(0) { $0 + ($1.0 - mx) * ($1.1 - my) }
        let sxx = xs.reduce(0) { $0 + ($1 - mx) * ($1 - mx) }
        return sxx > 0 ? sxy / sxx : nil
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
