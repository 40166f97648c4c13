import CodableBenchCore

/// Who each strategy is paired with on its default payloads, by the rule of a run's lockstep
/// comparisons (`LockstepSchedule`) over the strategies that run on each payload by default. A
/// reference expected not to end `ok` on a payload (a strict one on faulty data) is no yardstick
/// there, as in a run. For `list` and for the check that every timed cell has a yardstick.
package struct Yardsticks: Sendable {
    let catalogue: [Strategy]
    /// What a strategy is expected to end with on a payload (profile or file name).
    let expectedOutcome: @Sendable (Strategy, String) -> Outcome

    /// The catalogue's visible strategies, with expectations read from the profiles in `profiles`
    /// (a payload whose profile cannot be read expects what its strategy declares, else `ok`).
    package init(catalogue: [Strategy], profiles: ProfileCatalog = .standard()) {
        self.catalogue = catalogue.filter { !$0.isHidden }
        expectedOutcome = { strategy, payload in
            if let profile = try? profiles.profile(named: payload) { return strategy.expectedOutcome(on: profile) }
            return strategy.expectedOutcomes[payload] ?? .ok
        }
    }

    /// Each default payload of `strategy` with its yardstick there (nil: none).
    func byPayload(_ strategy: Strategy) -> [(payload: String, yardstick: String?)] {
        (strategy.defaultProfiles + strategy.defaultFiles).map { payload in
            let members = catalogue.filter { ($0.defaultProfiles + $0.defaultFiles).contains(payload) }
            let schedule = LockstepSchedule(
                members: members.map {
                    ($0.id, $0.group, $0.isReference && expectedOutcome($0, payload) == .ok, $0.yardstick)
                })
            guard let index = members.firstIndex(where: { $0.id == strategy.id }) else { return (payload, nil) }
            return (payload, schedule.yardstick[index].map { members[$0].id })
        }
    }

    /// The distinct yardsticks of `strategy` where it is timed (expected `ok`), in payload order.
    package func of(_ strategy: Strategy) -> [String] {
        var seen: [String] = []
        for case let (payload, yardstick?) in byPayload(strategy)
        where expectedOutcome(strategy, payload) == .ok && !seen.contains(yardstick) {
            seen.append(yardstick)
        }
        return seen
    }

    /// The payloads where `strategy` is timed (expected `ok`) with no yardstick beside it.
    package func unpaired(_ strategy: Strategy) -> [String] {
        byPayload(strategy).filter { $0.yardstick == nil && expectedOutcome(strategy, $0.payload) == .ok }.map(\.payload)
    }
}
