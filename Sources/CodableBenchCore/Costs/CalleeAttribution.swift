/// Some categories are a piece of work, not a kind of code: converting keys calls string and
/// array functions, throwing a DecodingError builds strings and allocates. Their rules claim the
/// functions' callees too. Callgrind records each call's caller, not the whole stack, so the
/// share of a function that ran inside such work is estimated the way gprof propagates time: a
/// function's share is the mean of its callers' shares, weighted by the instructions each
/// caller's calls cost. Exact when every caller of a function is wholly inside the work or
/// wholly outside it, which is the case for helpers called only from the claiming function.
enum CalleeAttribution {
    /// For each function, the share of its instructions that ran on behalf of each claiming
    /// category (fractions summing to at most 1; the rest is the function's own category).
    /// `claims`: the functions whose category claims their callees.
    static func shares(claims: [String: String], calls: [CallgrindOutput.Call]) -> [String: [String: Double]] {
        var callers: [String: [(caller: String, weight: Double)]] = [:]
        for (callee, edges) in Dictionary(grouping: calls, by: \.callee) {
            let total = edges.reduce(0) { $0 + $1.inclusiveCost }
            let counts = edges.reduce(0) { $0 + $1.count }
            callers[callee] = edges.map { edge in
                let weight =
                    total > 0
                    ? Double(edge.inclusiveCost) / Double(total) : Double(edge.count) / Double(max(counts, 1))
                return (edge.caller, weight)
            }
        }
        var shares: [String: [String: Double]] = claims.mapValues { [$0: 1] }
        // Fixed-point iteration from zero: each pass carries the shares one call deeper, and
        // recursive cycles converge geometrically. Functions in the same order every pass.
        let functions = callers.keys.filter { claims[$0] == nil }.sorted()
        for _ in 0..<500 {
            var largestChange = 0.0
            for function in functions {
                var mine: [String: Double] = [:]
                for (caller, weight) in callers[function]! {
                    for (category, share) in shares[caller] ?? [:] { mine[category, default: 0] += weight * share }
                }
                let old = shares[function] ?? [:]
                for category in Set(mine.keys).union(old.keys) {
                    largestChange = max(largestChange, abs((mine[category] ?? 0) - (old[category] ?? 0)))
                }
                shares[function] = mine.isEmpty ? nil : mine
            }
            if largestChange < 1e-12 { break }
        }
        return shares
    }
}
