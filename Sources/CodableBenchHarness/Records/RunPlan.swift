import Foundation
import CodableBenchCore

/// One cell of a run: a strategy on a payload.
package struct Cell {
    package let strategy: Strategy
    let source: PayloadSource

    init(strategy: Strategy, source: PayloadSource) {
        self.strategy = strategy
        self.source = source
    }
}

/// Which strategies and profiles a run covers; built and validated before anything runs, so a bad
/// name fails at once with a one-line error.
package struct RunPlan {
    package let cells: [Cell]
    /// The corpora `scripts/fetch-corpora.py` fetches (this project's; a user's package has its own).
    static let fetchableCorpora: Set<String> = ["twitter.json", "citm_catalog.json", "canada.json"]

    /// One line for the default files that were not found (their strategies' cells are skipped).
    private(set) var skipped: [String] = []

    /// `groups` and `strategyIDs` filter the catalogue (hidden strategies only by id); `profileNames`
    /// replaces each strategy's default profiles (and leaves out default files); `skipLarge` drops
    /// default profiles named `large`. Default files are looked up in `folders`.
    package init(
        catalogue: [Strategy], groups: [String], strategyIDs: [String], profileNames: [String],
        skipLarge: Bool = false, profiles: ProfileCatalog, folders: PayloadFolders = .standard()
    ) throws {
        let knownGroups = Set(catalogue.filter { !$0.isHidden }.map(\.group))
        for group in groups where !knownGroups.contains(group) {
            throw CommandError.usage("unknown group '\(group)' (known: \(knownGroups.sorted().joined(separator: ", ")))")
        }
        for id in strategyIDs where !catalogue.contains(where: { $0.id == id }) {
            throw CommandError.usage("unknown strategy '\(id)' (see 'benchmarks list')")
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
        var missing: [String: [String]] = [:]
        for strategy in selected {
            if !profileNames.isEmpty {
                if strategy.defaultFiles.isEmpty || !strategy.defaultProfiles.isEmpty {
                    for name in profileNames { cells.append(Cell(strategy: strategy, source: .generated(try profile(name)))) }
                }
                continue
            }
            for name in strategy.defaultProfiles where !(skipLarge && name.contains("large")) {
                cells.append(Cell(strategy: strategy, source: .generated(try profile(name))))
            }
            for name in strategy.defaultFiles {
                if let url = folders.locate(name) {
                    cells.append(Cell(strategy: strategy, source: .file(url)))
                } else {
                    missing[name, default: []].append(strategy.id)
                }
            }
        }
        // One line for every missing file: how many strategies it holds back, and how to get it.
        if !missing.isEmpty {
            let names = missing.keys.sorted()
            let fetchable = Set(names).isSubset(of: Self.fetchableCorpora)
            skipped = [
                "skipping \(Set(missing.values.joined()).count) strategies on "
                    + names.map { "\($0) (\(missing[$0]!.count))" }.joined(separator: ", ")
                    + ": not found in \(folders.searched) ("
                    + (fetchable ? "fetch them with 'python3 scripts/fetch-corpora.py', or " : "") + "pass --corpus-dir DIR)"
            ]
        }
        guard !cells.isEmpty else {
            throw CommandError.usage("nothing to run: no strategy matches" + (skipped.isEmpty ? "" : " (\(skipped[0]))"))
        }
        self.cells = cells
    }

    /// Exactly these (strategy, profile) cells, e.g. the cells of a baseline. A profile that is one
    /// of the strategy's default files is looked up in `folders`.
    package init(
        catalogue: [Strategy], cells keys: [CellKey], profiles: ProfileCatalog,
        folders: PayloadFolders = .standard()
    ) throws {
        var loaded: [String: Profile] = [:]
        cells = try keys.sorted().map { key in
            guard let strategy = catalogue.first(where: { $0.id == key.strategy }) else {
                throw CommandError.usage("the baseline names strategy '\(key.strategy)', which this build does not have")
            }
            if strategy.defaultFiles.contains(key.profile) {
                guard let url = folders.locate(key.profile) else {
                    throw CommandError.usage("the baseline runs \(key.strategy) on \(key.profile), which is not in \(folders.searched)")
                }
                return Cell(strategy: strategy, source: .file(url))
            }
            let profile = try loaded[key.profile] ?? profiles.profile(named: key.profile)
            loaded[key.profile] = profile
            return Cell(strategy: strategy, source: .generated(profile))
        }
        guard !cells.isEmpty else { throw CommandError.usage("nothing to run: the baseline has no cells") }
    }

    /// This plan's cells whose keys are in `keys`, or nil when none is (`ab`'s confirmation run).
    package func restricted(to keys: Set<CellKey>) -> RunPlan? {
        let kept = cells.filter {
            keys.contains(CellKey(group: $0.strategy.group, strategy: $0.strategy.id, profile: $0.source.name))
        }
        return kept.isEmpty ? nil : RunPlan(cells: kept)
    }

    private init(cells: [Cell]) { self.cells = cells }

    /// Every selected strategy on each file (by default the model-free ones: groups `any-json`
    /// and `references`).
    package init(catalogue: [Strategy], strategyIDs: [String], files: [URL]) throws {
        for id in strategyIDs where !catalogue.contains(where: { $0.id == id }) {
            throw CommandError.usage("unknown strategy '\(id)' (see 'benchmarks list')")
        }
        for file in files { _ = try PayloadFile.read(file) }
        let selected =
            strategyIDs.isEmpty
            ? catalogue.filter { !$0.isHidden && ($0.group == "any-json" || $0.group == "references") }
            : catalogue.filter { strategyIDs.contains($0.id) }
        cells = selected.flatMap { strategy in files.map { Cell(strategy: strategy, source: .file($0)) } }
        guard !cells.isEmpty else { throw CommandError.usage("nothing to run: no strategy or payload") }
    }
}
