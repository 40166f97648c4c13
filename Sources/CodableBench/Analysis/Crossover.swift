import Foundation

/// Where one strategy overtakes another along a knob sweep: profiles whose knobs differ in exactly
/// one knob (e.g. `unrelated` 0, 0.3, 0.6, 0.9) form a sweep.
struct Crossover: Sendable {
    let knob: String
    let strategyA: String
    let strategyB: String
    /// Knob values and A's time over B's at each.
    let ratios: [(knob: Double, ratio: Double)]
    /// Knob values where A/B crosses 1, interpolated linearly between sweep points; a crossing
    /// counts only when A/B is clear of 1 by the margin on both sides.
    let crossings: [Double]
    /// Ratios within this margin of 1 are "equal" (the noise floor).
    static let margin = 0.05

    var summary: String {
        let range = "\(knob) \(ratios.first!.knob)…\(ratios.last!.knob)"
        guard !crossings.isEmpty else {
            let prefix = "\(strategyA) vs \(strategyB): no crossover in range (\(range))"
            if ratios.allSatisfy({ $0.ratio < 1 - Self.margin }) { return prefix + "; \(strategyA) is faster throughout" }
            if ratios.allSatisfy({ $0.ratio > 1 + Self.margin }) { return prefix + "; \(strategyB) is faster throughout" }
            if ratios.allSatisfy({ abs($0.ratio - 1) <= Self.margin }) { return prefix + "; within ±5% of each other throughout" }
            return prefix + "; equal within ±5% at some points, one faster at others"
        }
        return "\(strategyA) vs \(strategyB): crosses at \(knob) ≈ " + crossings.map { String(format: "%.3g", $0) }.joined(separator: ", ")
    }

    /// Every crossover analysis the run's cells allow.
    static func all(in cells: [CellSummary], knobsByProfile: [String: String]) -> [Crossover] {
        var out: [Crossover] = []
        // The references group (memcpy, parse floors) frames results; it answers no crossover question.
        let candidates = cells.filter { $0.outcome == .ok && $0.key.group != "references" }
        let info = Dictionary(candidates.map { ($0.key.strategy, (group: $0.key.group, reference: $0.isReference)) },
                              uniquingKeysWith: { x, _ in x })
        for sweep in sweeps(knobsByProfile) {
            let times: [String: [String: Double]] = Dictionary(grouping: candidates.filter { sweep.points.keys.contains($0.key.profile) }, by: \.key.strategy)
                .mapValues { Dictionary($0.compactMap { c in c.metrics[.wallTime].map { (c.key.profile, $0.median) } }, uniquingKeysWith: { a, _ in a }) }
            let measured = times.filter { $0.value.count >= 3 }.keys.sorted()
            for (i, a) in measured.enumerated() {
                // Pairs that answer a question: two strategies of a group, or two groups' references.
                for b in measured[(i + 1)...] where info[a]!.group == info[b]!.group || (info[a]!.reference && info[b]!.reference) {
                    // The sweep points both strategies were measured on.
                    let shared = sweep.points.filter { times[a]![$0.key] != nil && times[b]![$0.key] != nil }
                    guard shared.count >= 3 else { continue }
                    let ratios = shared.sorted { $0.value < $1.value }.map { profile, value in
                        (knob: value, ratio: times[a]![profile]! / times[b]![profile]!)
                    }
                    var crossings: [Double] = []
                    // Between the last point clearly on one side and the next point clearly on the other.
                    let clear = ratios.filter { abs($0.ratio - 1) > Self.margin }
                    for (p, q) in zip(clear, clear.dropFirst()) where (p.ratio - 1) * (q.ratio - 1) < 0 {
                        crossings.append(p.knob + (1 - p.ratio) / (q.ratio - p.ratio) * (q.knob - p.knob))
                    }
                    out.append(Crossover(knob: sweep.knob, strategyA: a, strategyB: b, ratios: ratios, crossings: crossings))
                }
            }
        }
        return out
    }

    struct Sweep {
        let knob: String
        let points: [String: Double]
    }

    /// Sets of ≥ 3 profiles identical but for one numeric knob.
    static func sweeps(_ knobsByProfile: [String: String]) -> [Sweep] {
        let parsed = knobsByProfile.mapValues { knobs in
            Dictionary(knobs.split(separator: ";").compactMap { pair -> (String, String)? in
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
                let values = Dictionary(profiles.compactMap { p in parsed[p]![knob].flatMap(Double.init).map { (p, $0) } }, uniquingKeysWith: { a, _ in a })
                if values.count == profiles.count && Set(values.values).count == values.count {
                    sweeps.append(Sweep(knob: knob, points: values))
                }
            }
        }
        return sweeps
    }
}
