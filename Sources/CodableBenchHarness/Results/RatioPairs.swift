import CodableBenchCore

/// One paired ratio's pairs as a run took them (its rows of pairs.csv), by the comparison's
/// generation number (samples.csv's `fork`), which a generation that sampled others only skips.
package struct RatioPairs: Sendable {
    package let profile: String
    package let group: String
    package let strategy: String
    package let yardstick: String
    package var byGeneration: [Int: [Pair]] = [:]

    /// Its name in a run: the profile, the strategy and its yardstick.
    var key: [String] { [profile, strategy, yardstick] }
    /// The generations with a pair, in the order taken: what a ratio is estimated from.
    var generations: [[Pair]] { byGeneration.keys.sorted().map { byGeneration[$0]! } }

    /// Each ratio's generations by its key.
    static func byKey(_ ratios: [RatioPairs]) -> [[String]: [[Pair]]] {
        Dictionary(ratios.map { ($0.key, $0.generations) }, uniquingKeysWith: { first, _ in first })
    }
}
