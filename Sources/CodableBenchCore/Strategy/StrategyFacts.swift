/// What the reports need to know of the strategies this binary has: which are group references,
/// and what each changes against its yardstick (and which that is, where it names one). The command line builds it from the catalogue and
/// passes it down, so nothing below reads the catalogue from a global.
package struct StrategyFacts: Sendable {
    package var references: Set<String>
    package var changes: [String: String]
    /// The yardstick each strategy's `changes` is written against (`Strategy.yardstick`).
    package var yardsticks: [String: String]

    init(references: Set<String> = [], changes: [String: String] = [:], yardsticks: [String: String] = [:]) {
        self.references = references
        self.changes = changes
        self.yardsticks = yardsticks
    }

    package init(_ strategies: [Strategy]) {
        self.init(
            references: Set(strategies.filter(\.isReference).map(\.id)),
            changes: Dictionary(strategies.map { ($0.id, $0.changes) }, uniquingKeysWith: { a, _ in a }),
            yardsticks: Dictionary(
                strategies.compactMap { strategy in strategy.yardstick.map { (strategy.id, $0) } }, uniquingKeysWith: { a, _ in a }))
    }

    /// No catalogue (reports of hand-made runs in tests): no references marked, no changes listed.
    package static let none = StrategyFacts()
}
