import CodableBenchCore
import CodableBenchHarness

/// A cell's exact measures in the two builds of an `ab` run (instructions and simulated cycles per
/// decode, from the instruction pass) and where their difference went. Exact: the same on every
/// run of one build, so unlike time it needs no interval, only a threshold above the small moves
/// that a change elsewhere in the binary causes (`ABGate.defaultExactThreshold`).
package struct ExactChange: Sendable {
    /// One measure in both builds.
    package struct Measure: Sendable {
        package let baseline: Int
        package let current: Int
        /// (current − baseline) / baseline.
        package var change: Double { baseline == 0 ? 0 : Double(current - baseline) / Double(baseline) }
    }

    /// A function or category whose counts differ between the builds.
    package struct Shift: Sendable, Equatable {
        package let name: String
        package let instructions: Int
        package let cycles: Int

        package init(name: String, instructions: Int, cycles: Int) {
            self.name = name
            self.instructions = instructions
            self.cycles = cycles
        }
    }

    /// Functions whose counts follow where the binary's type metadata lies rather than the work
    /// asked of them: the Swift runtime's concurrent hash maps, keyed by address, whose probes grow
    /// or shrink when a change anywhere moves the binary's layout. A change to one strategy moved
    /// every untouched cell of CI's selection by +0.09% to +0.29% of its instructions, all of it
    /// here (calls to the maps unchanged). The gate leaves them out of both builds' counts; a real
    /// change in lookups still shows in their callers (`swift_getGenericMetadata`, `getCache`, …).
    static func followsLayout(_ function: String) -> Bool {
        function.contains("ConcurrentReadableHashMap") || function.contains("MetadataCacheKey::operator==")
    }

    package let cell: CellKey
    /// Without the layout-following functions where both builds have a breakdown.
    package let instructions: Measure
    /// Nil where either build's pass simulated no caches.
    package let cycles: Measure?
    /// Where the difference went, largest first by the measure that moved most: the categories and
    /// the functions of the two builds' breakdowns (empty without them).
    package let categories: [Shift]
    package let functions: [Shift]
    /// What the layout-following functions moved, left out of the measures above (nil: no breakdowns).
    package var leftOut: Shift? = nil

    /// The larger change of the two measures, by size, with its sign.
    var largestChange: Double {
        guard let cycles, abs(cycles.change) > abs(instructions.change) else { return instructions.change }
        return cycles.change
    }

    /// Each cell measured exactly in both builds, in cell order.
    static func changes(current: RecordedRun, baseline: RecordedRun) -> [ExactChange] {
        let mine = current.exactCounts, theirs = baseline.exactCounts
        let myCosts = current.costBreakdowns, theirCosts = baseline.costBreakdowns
        return mine.keys.sorted().compactMap { cell in
            guard let counts = mine[cell], let base = theirs[cell] else { return nil }
            let cycles = counts.cycles.flatMap { current in base.cycles.map { Measure(baseline: $0, current: current) } }
            let measure = Measure(baseline: base.instructions, current: counts.instructions)
            let after = myCosts[cell.strategy]?[cell.profile], before = theirCosts[cell.strategy]?[cell.profile]
            guard let after, let before else {
                return ExactChange(cell: cell, instructions: measure, cycles: cycles, categories: [], functions: [])
            }
            let layout = (after: layoutCounts(after), before: layoutCounts(before))
            let kept = Measure(
                baseline: base.instructions - layout.before.instructions, current: counts.instructions - layout.after.instructions)
            let keptCycles = cycles.map {
                Measure(baseline: $0.baseline - layout.before.cycles, current: $0.current - layout.after.cycles)
            }
            let byCycles = keptCycles.map { abs($0.change) > abs(kept.change) } ?? false
            let without = (after: withoutLayout(after), before: withoutLayout(before))
            return ExactChange(
                cell: cell, instructions: kept, cycles: keptCycles,
                categories: shifts(without.after, without.before, byCycles: byCycles, name: \.category),
                functions: shifts(without.after, without.before, byCycles: byCycles, name: \.name),
                leftOut: Shift(
                    name: "layout", instructions: layout.after.instructions - layout.before.instructions,
                    cycles: layout.after.cycles - layout.before.cycles))
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

    /// What the layout-following functions count in a breakdown (the history leaves them out too).
    static func layoutCounts(_ breakdown: CostBreakdown) -> (instructions: Int, cycles: Int) {
        breakdown.functions.filter { followsLayout($0.name) }.reduce((0, 0)) { ($0.0 + $1.selfInstructions, $0.1 + $1.selfCycles) }
    }

    static func withoutLayout(_ breakdown: CostBreakdown) -> CostBreakdown {
        CostBreakdown(functions: breakdown.functions.filter { !followsLayout($0.name) })
    }
}
