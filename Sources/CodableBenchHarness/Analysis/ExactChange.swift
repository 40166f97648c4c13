import CodableBenchCore

/// A cell's exact measures in the two builds of an `ab` run (instructions and simulated cycles per
/// decode, from the instruction pass) and where their difference went. Exact: the same on every
/// run of one build, so unlike time it needs no interval, only a threshold above the small moves
/// that a change elsewhere in the binary causes (`ABGate.defaultExactThreshold`).
package struct ExactChange: Sendable {
    /// One measure in both builds.
    package struct Measure: Sendable {
        let baseline: Int
        let current: Int
        /// (current − baseline) / baseline.
        var change: Double { baseline == 0 ? 0 : Double(current - baseline) / Double(baseline) }
    }

    /// A function or category whose counts differ between the builds.
    package struct Shift: Sendable, Equatable {
        let name: String
        let instructions: Int
        let cycles: Int
    }

    package let cell: CellKey
    let instructions: Measure
    /// Nil where either build's pass simulated no caches.
    let cycles: Measure?
    /// Where the difference went, largest first by the measure that moved most: the categories and
    /// the functions of the two builds' breakdowns (empty without them).
    let categories: [Shift]
    let functions: [Shift]

    /// The larger change of the two measures, by size, with its sign.
    var largestChange: Double {
        guard let cycles, abs(cycles.change) > abs(instructions.change) else { return instructions.change }
        return cycles.change
    }

    /// Each cell measured exactly in both builds, in cell order.
    static func changes(current: RunData, baseline: RunData) -> [ExactChange] {
        let mine = exactCounts(current), theirs = exactCounts(baseline)
        let myCosts = CostsCSV.breakdowns(current.costs), theirCosts = CostsCSV.breakdowns(baseline.costs)
        return mine.keys.sorted().compactMap { cell in
            guard let counts = mine[cell], let base = theirs[cell], let instructions = counts.instructions,
                let baseInstructions = base.instructions
            else { return nil }
            let cycles = counts.cycles.flatMap { current in base.cycles.map { Measure(baseline: $0, current: current) } }
            let measure = Measure(baseline: baseInstructions, current: instructions)
            let byCycles = cycles.map { abs($0.change) > abs(measure.change) } ?? false
            let after = myCosts[cell.strategy]?[cell.profile], before = theirCosts[cell.strategy]?[cell.profile]
            guard let after, let before else {
                return ExactChange(cell: cell, instructions: measure, cycles: cycles, categories: [], functions: [])
            }
            return ExactChange(
                cell: cell, instructions: measure, cycles: cycles,
                categories: shifts(after, before, byCycles: byCycles, name: \.category),
                functions: shifts(after, before, byCycles: byCycles, name: \.name))
        }
    }

    /// The differences of two breakdowns grouped by `name`, largest first (by cycles or
    /// instructions), zero ones left out.
    static func shifts(
        _ after: CostBreakdown, _ before: CostBreakdown, byCycles: Bool, name: KeyPath<CostBreakdown.Function, String>
    ) -> [Shift] {
        var instructions: [String: Int] = [:], cycles: [String: Int] = [:]
        for (breakdown, sign) in [(after, 1), (before, -1)] {
            for function in breakdown.functions {
                instructions[function[keyPath: name], default: 0] += sign * function.selfInstructions
                cycles[function[keyPath: name], default: 0] += sign * function.selfCycles
            }
        }
        return instructions.keys.map { Shift(name: $0, instructions: instructions[$0]!, cycles: cycles[$0]!) }
            .filter { $0.instructions != 0 || $0.cycles != 0 }
            .sorted {
                let (a, b) = byCycles ? (abs($0.cycles), abs($1.cycles)) : (abs($0.instructions), abs($1.instructions))
                return (a, $1.name) > (b, $0.name)
            }
    }

    /// Instructions and simulated cycles per decode of each cell that has them.
    private static func exactCounts(_ run: RunData) -> [CellKey: (instructions: Int?, cycles: Int?)] {
        var counts: [CellKey: (instructions: Int?, cycles: Int?)] = [:]
        for row in run.rows {
            guard let median = row.summary?.median else { continue }
            switch row.metric {
            case .instructions: counts[row.key, default: (nil, nil)].instructions = Int(median)
            case .simulatedCycles: counts[row.key, default: (nil, nil)].cycles = Int(median)
            default: continue
            }
        }
        return counts
    }
}
