import Foundation

/// One cell of a run: a strategy on a payload.
public struct Cell {
    public let strategy: Strategy
    public let source: PayloadSource

    public init(strategy: Strategy, source: PayloadSource) {
        self.strategy = strategy
        self.source = source
    }
}

/// Which strategies and profiles a run covers; built and validated before anything runs, so a bad
/// name fails at once with a one-line error.
public struct RunPlan {
    public let cells: [Cell]

    /// `groups` and `strategyIDs` filter the catalogue (hidden strategies only by id); `profileNames`
    /// replaces each strategy's default profiles; `skipLarge` drops default profiles named `large`.
    public init(catalogue: [Strategy], groups: [String], strategyIDs: [String], profileNames: [String],
                skipLarge: Bool = false, profiles: ProfileCatalog) throws {
        let knownGroups = Set(catalogue.filter { !$0.isHidden }.map(\.group))
        for group in groups where !knownGroups.contains(group) {
            throw UsageError("unknown group '\(group)' (known: \(knownGroups.sorted().joined(separator: ", ")))")
        }
        for id in strategyIDs where !catalogue.contains(where: { $0.id == id }) {
            throw UsageError("unknown strategy '\(id)' (see `benchmarks list`)")
        }
        let selected = catalogue.filter { strategy in
            if !strategyIDs.isEmpty { return strategyIDs.contains(strategy.id) }
            if strategy.isHidden { return false }
            return groups.isEmpty || groups.contains(strategy.group)
        }
        var loaded: [String: Profile] = [:]
        func profile(_ name: String) throws -> Profile {
            if let p = loaded[name] { return p }
            let p = try profiles.profile(named: name)
            loaded[name] = p
            return p
        }
        var cells: [Cell] = []
        for strategy in selected {
            let defaults = strategy.defaultProfiles.filter { !(skipLarge && $0.contains("large")) }
            for name in profileNames.isEmpty ? defaults : profileNames {
                cells.append(Cell(strategy: strategy, source: .generated(try profile(name))))
            }
        }
        guard !cells.isEmpty else { throw UsageError("nothing to run: no strategy matches") }
        self.cells = cells
    }

    /// Exactly these (strategy, profile) cells, e.g. the cells of a baseline.
    public init(catalogue: [Strategy], cells keys: [CellKey], profiles: ProfileCatalog) throws {
        var loaded: [String: Profile] = [:]
        cells = try keys.sorted().map { key in
            guard let strategy = catalogue.first(where: { $0.id == key.strategy }) else {
                throw UsageError("the baseline names strategy '\(key.strategy)', which this build does not have")
            }
            let profile = try loaded[key.profile] ?? profiles.profile(named: key.profile)
            loaded[key.profile] = profile
            return Cell(strategy: strategy, source: .generated(profile))
        }
        guard !cells.isEmpty else { throw UsageError("nothing to run: the baseline has no cells") }
    }

    /// Every selected strategy on each file (by default the model-free ones: groups `any-json`
    /// and `references`).
    public init(catalogue: [Strategy], strategyIDs: [String], files: [URL]) throws {
        for id in strategyIDs where !catalogue.contains(where: { $0.id == id }) {
            throw UsageError("unknown strategy '\(id)' (see `benchmarks list`)")
        }
        for file in files { _ = try PayloadFile.read(file) }
        let selected = strategyIDs.isEmpty
            ? catalogue.filter { !$0.isHidden && ($0.group == "any-json" || $0.group == "references") }
            : catalogue.filter { strategyIDs.contains($0.id) }
        cells = selected.flatMap { strategy in files.map { Cell(strategy: strategy, source: .file($0)) } }
        guard !cells.isEmpty else { throw UsageError("nothing to run: no strategy or payload") }
    }
}

/// A mistake in what the user asked for: one line, exit status 2.
public struct UsageError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// The harness itself failed (cannot write results, cannot start a worker): exit status 3.
public struct HarnessFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
