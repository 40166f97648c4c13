import Foundation

/// Why a strategy costs more (or less) than its yardstick on the same payload: the difference of
/// their instruction breakdowns, by category and by function, per decode and per element.
package struct CostDifference: Sendable {
    struct FunctionDelta: Equatable, Sendable {
        var name: String
        var object: String
        var category: String
        /// The strategy's self instructions minus the yardstick's.
        var delta: Int
        /// The same for inclusive instructions (the function with what it called).
        var inclusiveDelta: Int
        var strategyCalls: Int
        var yardstickCalls: Int
    }

    let strategy: String
    let yardstick: String
    let profile: String
    /// Elements (articles) in the payload; 0 when unknown (a file).
    let elements: Int
    let strategyTotal: Int
    let yardstickTotal: Int
    /// By category: the strategy's self instructions minus the yardstick's, the categories that
    /// moved with the total first (largest first), then the rest.
    let categories: [(id: String, delta: Int)]
    /// Every function whose count differs, moved with the total first (largest first).
    let functions: [FunctionDelta]

    /// By category of the code that asked: the strategy's allocations minus the yardstick's.
    let allocations: [(id: String, delta: Int)]

    var delta: Int { strategyTotal - yardstickTotal }
    var allocationDelta: Int { allocations.reduce(0) { $0 + $1.delta } }
    var relative: Double { yardstickTotal == 0 ? 0 : Double(delta) / Double(yardstickTotal) }
    /// Below this relative difference the two decodes are called the same.
    static let sameWithin = 0.005

    package init(
        strategy: String, yardstick: String, profile: String, elements: Int,
        of mine: CostBreakdown, against theirs: CostBreakdown
    ) {
        self.strategy = strategy
        self.yardstick = yardstick
        self.profile = profile
        self.elements = elements
        strategyTotal = mine.total
        yardstickTotal = theirs.total
        let sign = mine.total >= theirs.total ? 1 : -1
        categories = Self.changes(mine.byCategory, theirs.byCategory, totalDirection: sign)
        let allocationChange = mine.allocationsByCategory.values.reduce(0, +) - theirs.allocationsByCategory.values.reduce(0, +)
        allocations = Self.changes(
            mine.allocationsByCategory, theirs.allocationsByCategory, totalDirection: allocationChange >= 0 ? 1 : -1)
        var byName: [String: FunctionDelta] = [:]
        for (breakdown, sign) in [(mine, 1), (theirs, -1)] {
            for function in breakdown.functions {
                let key = [function.name, function.object, function.category].joined(separator: "\u{0}")
                var entry =
                    byName[key]
                    ?? FunctionDelta(
                        name: function.name, object: function.object, category: function.category, delta: 0,
                        inclusiveDelta: 0, strategyCalls: 0, yardstickCalls: 0)
                entry.delta += sign * function.selfInstructions
                entry.inclusiveDelta += sign * function.inclusiveInstructions
                if sign > 0 { entry.strategyCalls += function.calls } else { entry.yardstickCalls += function.calls }
                byName[key] = entry
            }
        }
        functions = byName.values.filter { $0.delta != 0 || $0.inclusiveDelta != 0 }
            .sorted { ($0.delta * sign, $1.name) > ($1.delta * sign, $0.name) }
    }

    /// What accounts for `category`'s change: the function that claims its callees for it (a key
    /// conversion, a date formatter) with the largest change with what it called, when that is at
    /// least a tenth of the category's change (one only: those it calls may claim too, and their
    /// figures are inside its own), then the others by their own change; only those that moved
    /// with the total, largest first.
    func topFunctions(
        in category: String, count: Int = 3, claimsCallees: (FunctionDelta) -> Bool = { _ in false }
    ) -> [(function: FunctionDelta, withCallees: Bool)] {
        let direction = delta > 0 ? 1 : -1
        let categoryChange = categories.first { $0.id == category }?.delta ?? 0
        let mine = functions.filter { $0.category == category }
        let anchors = mine.filter {
            claimsCallees($0) && $0.inclusiveDelta * direction > 0 && abs($0.inclusiveDelta) * 10 >= abs(categoryChange)
        }
        .sorted { ($0.inclusiveDelta * direction, $1.name) > ($1.inclusiveDelta * direction, $0.name) }
        let others = mine.filter { !claimsCallees($0) && $0.delta * direction > 0 }
        return Array((anchors.prefix(1).map { ($0, true) } + others.map { ($0, false) }).prefix(count))
    }

    /// `` `snake-case-strategy` vs `synthesized` on small: +56.5% instructions (+7.14M per decode,
    /// +238.0k per element); of the instructions added, 97% are in key conversion (`f` +6.91M with
    /// its callees, 36.0 calls per element vs 0; …), 2% in value conversion ``. Shares are of the
    /// categories that moved with the total, so they never pass 100%; what moved the other way is
    /// named when it is a tenth of the total or more.
    package func sentence(categories: CostCategories) -> Prose {
        let head: Prose = "\(code: strategy) vs \(code: yardstick) on \(profile): "
        guard abs(relative) >= Self.sameWithin else {
            return head
                + "the same instructions within ±\(Self.sameWithin * 100)% (\(Self.count(strategyTotal)) per decode)"
        }
        let percent = String(format: "%.1f%% instructions", abs(relative) * 100)
        var text: Prose = head + "\(delta > 0 ? "+" : "−")\(percent) (\(Self.signed(delta)) per decode"
        if elements > 0 { text += ", \(Self.signed(delta / elements)) per element" }
        text += ")"
        let direction = delta > 0 ? 1 : -1
        let (with, against) = Self.split(self.categories, direction: direction)
        let gross = with.reduce(0) { $0 + $1.delta }
        var parts: [Prose] = []
        for (index, category) in with.filter({ Double($0.delta) / Double(gross) >= 0.05 }).prefix(3).enumerated() {
            let share = String(format: "%.0f%%", Double(category.delta) / Double(gross) * 100)
            var part: Prose = "\(share)\(index == 0 ? " are" : "") in \(categories.title(of: category.id).lowercased())"
            if index == 0 {
                let top = topFunctions(in: category.id) {
                    categories.category(of: $0.name, object: $0.object).includesCallees
                }
                let described = top.map { function, withCallees -> Prose in
                    let amount =
                        withCallees ? "\(Self.signed(function.inclusiveDelta)) with its callees" : Self.signed(function.delta)
                    return "\(code: function.name) \(amount)\(calls(function))"
                }
                if !described.isEmpty { part += " (\(described.joined(separator: "; ")))" }
            }
            parts.append(part)
        }
        if !parts.isEmpty {
            text += "; of the instructions \(delta > 0 ? "added" : "saved"), \(parts.joined(separator: ", "))"
        }
        let offset = against.reduce(0) { $0 + $1.delta }
        if let largest = against.last, abs(offset) * 10 >= abs(delta) {
            text +=
                "; offset in part by \(Self.signed(offset)) elsewhere (\(Self.signed(largest.delta)) in "
                + "\(categories.title(of: largest.id).lowercased()))"
        }
        return text + "\(allocationClause(categories: categories))"
    }

    /// Per category, mine minus theirs: those that went with the total first (largest first), then
    /// those that went against it (largest last).
    private static func changes(
        _ mine: [String: Int], _ theirs: [String: Int], totalDirection sign: Int
    ) -> [(id: String, delta: Int)] {
        Set(mine.keys).union(theirs.keys).map { (id: $0, delta: (mine[$0] ?? 0) - (theirs[$0] ?? 0)) }
            .sorted { ($0.delta * sign, $1.id) > ($1.delta * sign, $0.id) }
    }

    /// The changes that went with `direction` (largest first) and those that went against it
    /// (largest last), from changes sorted with the total first.
    private static func split(
        _ changes: [(id: String, delta: Int)], direction: Int
    ) -> (
        with: [(id: String, delta: Int)], against: [(id: String, delta: Int)]
    ) {
        (changes.filter { $0.delta * direction > 0 }, changes.filter { $0.delta * direction < 0 })
    }

    /// `; allocations +12.0 per element, 80% of them asked for in key conversion` (the share of
    /// those that moved with the total).
    private func allocationClause(categories: CostCategories) -> String {
        let change = allocationDelta
        guard change != 0 else { return "" }
        let amount =
            elements > 0
            ? (change > 0 ? "+" : "−") + Self.perElement(Double(abs(change)) / Double(elements)) + " per element"
            : Self.signed(change) + " per decode"
        let with = Self.split(allocations, direction: change > 0 ? 1 : -1).with
        guard let top = with.first else { return "; allocations \(amount)" }
        let share = String(format: "%.0f%%", Double(top.delta) / Double(with.reduce(0) { $0 + $1.delta }) * 100)
        return "; allocations \(amount), \(share) of them asked for in \(categories.title(of: top.id).lowercased())"
    }

    /// `, 25.0 calls per element vs 0` (per decode when the payload's elements are unknown).
    private func calls(_ function: FunctionDelta) -> String {
        guard function.strategyCalls != function.yardstickCalls else { return "" }
        if elements > 0 {
            let mine = Self.perElement(Double(function.strategyCalls) / Double(elements))
            let theirs = Self.perElement(Double(function.yardstickCalls) / Double(elements))
            return mine == theirs ? "" : ", \(mine) calls per element vs \(theirs)"
        }
        return ", \(function.strategyCalls) calls per decode vs \(function.yardstickCalls)"
    }

    static func perElement(_ value: Double) -> String {
        value == 0 ? "0" : String(format: value < 10 ? "%.1f" : "%.0f", value)
    }

    /// `12.64M`, `238.0k`, `512`.
    package static func count(_ value: Int) -> String {
        let magnitude = abs(Double(value))
        if magnitude >= 1e6 { return String(format: "%.2fM", Double(value) / 1e6) }
        if magnitude >= 1e3 { return String(format: "%.1fk", Double(value) / 1e3) }
        return "\(value)"
    }

    static func signed(_ value: Int) -> String { (value >= 0 ? "+" : "−") + count(abs(value)) }
}
