import Foundation
import CodableBenchCore
import CodableBenchHarness

/// A strategy's paired ratio to its yardstick along a knob sweep (profiles identical but for one
/// knob, e.g. `unrelated` 0, 0.3, 0.6, 0.9), and where, if anywhere, the data shows it crossing 1.
package struct Crossover: Sendable {
    package let knob: String
    package let strategy: String
    package let yardstick: String
    /// Knob values and the paired ratio at each, in knob order.
    package let points: [(knob: Double, ratio: PairedRatio)]

    /// Where the ratio crosses 1, stated only between two points whose intervals exclude 1 on
    /// opposite sides (points whose interval contains 1 decide nothing): the range between those two
    /// knob values, and the crossing interpolated on the log ratios.
    struct Crossing: Equatable, Sendable {
        let from: Double
        let to: Double
        let estimate: Double
    }

    var crossings: [Crossing] {
        let decided = points.filter { $0.ratio.low > 1 || $0.ratio.high < 1 }
        return zip(decided, decided.dropFirst()).compactMap { p, q in
            guard (p.ratio.low > 1) != (q.ratio.low > 1) else { return nil }
            let a = log(p.ratio.value), b = log(q.ratio.value)
            let estimate = a == b ? (p.knob + q.knob) / 2 : p.knob + (0 - a) / (b - a) * (q.knob - p.knob)
            return Crossing(from: p.knob, to: q.knob, estimate: min(max(estimate, p.knob), q.knob))
        }
    }

    package var summary: String {
        let range = "\(knob) \(points.first!.knob.shortText)…\(points.last!.knob.shortText)"
        let head = "\(strategy) vs \(yardstick)"
        if !crossings.isEmpty {
            return head + ": crosses "
                + crossings.map {
                    "between \(knob) \($0.from.shortText) and \($0.to.shortText) (≈ \(String(format: "%.3g", $0.estimate)))"
                }.joined(separator: ", ")
        }
        let verdicts = points.map { SpeedVerdict($0.ratio, margin: SpeedVerdict.defaultMargin) }
        if verdicts.allSatisfy({ $0 == .faster }) { return head + ": faster throughout (\(range))" }
        if verdicts.allSatisfy({ $0 == .slower }) { return head + ": slower throughout (\(range))" }
        if verdicts.allSatisfy({ $0 == .same }) { return head + ": no difference throughout (\(range))" }
        return head + ": no crossover the intervals support (\(range))"
    }

    package var pointsText: String {
        points.map { "\($0.knob.shortText): \($0.ratio.preciseText)" }
            .joined(separator: ", ")
    }

    /// One per (strategy, yardstick) measured on at least three points of a sweep.
    package static func all(ratios: [CellRatio], knobsByProfile: [String: String]) -> [Crossover] {
        var out: [Crossover] = []
        for sweep in sweeps(knobsByProfile) {
            let onSweep = ratios.filter { sweep.points[$0.profile] != nil }
            let byPair = Dictionary(grouping: onSweep) { "\($0.strategy)\u{0}\($0.yardstick)" }
            for key in byPair.keys.sorted() {
                let rows = byPair[key]!
                guard rows.count >= 3 else { continue }
                let points = rows.map { (knob: sweep.points[$0.profile]!, ratio: $0.ratio) }.sorted { $0.knob < $1.knob }
                out.append(Crossover(knob: sweep.knob, strategy: rows[0].strategy, yardstick: rows[0].yardstick, points: points))
            }
        }
        return out
    }

    package struct Sweep {
        package let knob: String
        package let points: [String: Double]
    }

    /// Sets of ≥ 3 profiles identical but for one numeric knob.
    package static func sweeps(_ knobsByProfile: [String: String]) -> [Sweep] {
        let parsed = knobsByProfile.mapValues { knobs in
            Dictionary(
                knobs.split(separator: ";").compactMap { pair -> (String, String)? in
                    let parts = pair.split(separator: "=", maxSplits: 1)
                    return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
                }, uniquingKeysWith: { a, _ in a })
        }
        var sweeps: [Sweep] = []
        let knobNames = Set(parsed.values.flatMap(\.keys))
        for knob in knobNames.sorted() {
            let byRest = Dictionary(grouping: parsed.keys) { profile -> String in
                parsed[profile]!.filter { $0.key != knob }.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ";")
            }
            for (_, profiles) in byRest where profiles.count >= 3 {
                let values = Dictionary(
                    profiles.compactMap { p in parsed[p]![knob].flatMap(Double.init).map { (p, $0) } }, uniquingKeysWith: { a, _ in a })
                if values.count == profiles.count && Set(values.values).count == values.count {
                    sweeps.append(Sweep(knob: knob, points: values))
                }
            }
        }
        return sweeps
    }
}
