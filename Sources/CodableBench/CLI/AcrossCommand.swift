import CodableBenchCore
import CodableBenchHarness
import ArgumentParser
import Foundation

struct AcrossCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "across",
        abstract: "How each paired ratio varies across runs made at different times, and the ratio pooled over them.",
        discussion: """
            For every ratio present in all the runs: its value in each, the spread (largest over \
            smallest), whether the runs differ beyond their intervals (Cochran's Q, 5%), and the \
            ratio pooled over the runs with a 95% interval that counts their differences \
            (random effects). Widest spread first, then a summary. Each run's CPU and host state are \
            listed first; a time ratio is pooled only with the same ratio on the same CPU in the same \
            state (quiet, under contention, or unlabelled); between CPUs each ratio's figures are set \
            side by side; instructions per decode, which do not depend on the host, are compared \
            over every run.
            """
    )

    @Argument(help: "Two or more runs: results.csv files, run folders or run ids.")
    var runs: [String]

    func run() throws {
        guard runs.count >= 2 else { throw CommandError.usage("across needs two or more runs, got \(runs.count)") }
        let loaded = try runs.map { run -> LoadedRun in
            let data = try RecordedRun.load(run)
            // A run of exact counts alone (results/exact-reference) joins the exact measures only.
            guard !data.ratios.isEmpty || !data.exactCounts.isEmpty else {
                throw CommandError.usage("\(run) has no paired ratios (ratios.csv) and no exact measures")
            }
            print(
                "\(data.provenance.runID): timed on \(data.provenance.timedOn.label); "
                    + (HostStateText.sentence(data.info, run: data) ?? "the host's state was not recorded"))
            // A run whose timing canary failed pools no time (`TimingCanary`).
            let canaryFailure = data.timingCanaryFailure
            if let canaryFailure { print("\(data.provenance.runID): its time ratios are left out: \(canaryFailure)") }
            return LoadedRun(
                cpu: data.provenance.timedOn.label,
                ratios: canaryFailure != nil
                    ? [:] : Dictionary(data.ratios.map { (RatioKey($0), $0.ratio) }, uniquingKeysWith: { a, _ in a }),
                instructions: data.exactCounts.mapValues(\.instructions), harness: data.provenance.harnessVersion,
                build: data.info?.invocation?.executableSHA256,
                counter: data.provenance.ranOnMacOS ? .cpuCounter : .callgrind, presentedCPU: data.info?.exactCPU)
        }
        print(Self.render(loaded))
    }

    /// One run as `across` reads it: the CPU it was timed on, its ratios, its exact counts.
    struct LoadedRun {
        var cpu: String
        var ratios: [RatioKey: PairedRatio]
        var instructions: [CellKey: Int] = [:]
        /// The harness version that made the run: how it counted its exact measures.
        var harness = ""
        /// Its executable's SHA-256, where the run recorded it.
        var build: String? = nil
        /// What counted its exact measures: the two count different things, never compared.
        var counter = ExactCounter.callgrind
        /// The CPU valgrind presented to its counted decodes (run.json's `exactCPU`, harness 0.11+).
        var presentedCPU: String? = nil
    }

    /// callgrind counts the decodes' region, on x86-64 or whatever valgrind runs; a Mac's CPU
    /// counter (`proc_pid_rusage`) the whole process's instructions, kernel's included, on arm64.
    enum ExactCounter: String, CaseIterable {
        case callgrind = "callgrind"
        case cpuCounter = "a Mac's CPU counter"

        /// How far one build's runs spread: callgrind's, measured (two default runs of one build on
        /// one CPU: at most 0.031% apart; Notebook, "How exact the exact measures are"); the CPU counter's, not yet measured on a Mac: `ab`'s margin for it.
        var agreement: Double { self == .callgrind ? 0.0005 : 0.02 }
    }

    /// Time figures are pooled only among runs of the same CPU (a ratio between kinds of code is
    /// the CPU's); between CPUs each ratio's figures are set side by side; exact counts, which do
    /// not depend on the host, are pooled over every run.
    static func render(_ runs: [LoadedRun]) -> String {
        let cpus = runs.map(\.cpu).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        var out: [String] = []
        for cpu in cpus {
            let same = runs.filter { $0.cpu == cpu }
            out.append("")
            out.append("Time on \(cpu), \(same.count) run\(same.count == 1 ? "" : "s"):")
            out.append(same.count >= 2 ? render(same.map(\.ratios)) : "one run: nothing to pool on this CPU")
        }
        if cpus.count >= 2 {
            out.append("")
            out.append(betweenCPUs(cpus.map { cpu in runs.filter { $0.cpu == cpu }.map(\.ratios) }, names: cpus))
        }
        out.append("")
        // Only the runs with exact measures say how they were counted; each counter's apart.
        let counted = runs.filter { !$0.instructions.isEmpty }
        let counters = ExactCounter.allCases.filter { counter in counted.contains { $0.counter == counter } }
        for counter in counters.isEmpty ? [.callgrind] : counters {
            let same = counted.filter { $0.counter == counter }
            out.append(
                exactAcrossRuns(
                    same.map(\.instructions), harnesses: same.map(\.harness), builds: same.map(\.build), counter: counter,
                    presentedCPUs: same.map(\.presentedCPU)))
        }
        if counters.count > 1 {
            out.append(
                "  (callgrind's counts and a Mac's CPU counter's are not compared: one counts the decodes, the other the whole process)")
        }
        return out.joined(separator: "\n")
    }

    /// Each ratio on each CPU (pooled where a CPU has several runs, in the state it holds in there:
    /// quiet first, then unlabelled, then contended), and how far the CPUs are apart.
    static func betweenCPUs(_ byCPU: [[[RatioKey: PairedRatio]]], names: [String]) -> String {
        func figure(_ runs: [[RatioKey: PairedRatio]], _ key: RatioKey) -> PairedRatio? {
            for state in [HostState.quiet.rawValue, "", HostState.contended.rawValue] {
                var stated = key
                stated.state = state
                let found = runs.compactMap { $0[stated] }
                guard !found.isEmpty else { continue }
                if found.count == 1 { return found[0] }
                return PooledRatio(found).map {
                    PairedRatio(value: $0.pooled, low: $0.low, high: $0.high, pairs: 0, generations: found.count)
                }
            }
            return nil
        }
        let keys = Set(byCPU.joined().flatMap(\.keys).map { RatioKey(profile: $0.profile, strategy: $0.strategy, yardstick: $0.yardstick) })
        let rows = keys.sorted().compactMap { key -> (RatioKey, [PairedRatio])? in
            let figures = byCPU.map { figure($0, key) }
            guard figures.allSatisfy({ $0 != nil }) else { return nil }
            return (key, figures.map { $0! })
        }.map { key, figures in
            (
                key, figures, exp(figures.map { log($0.value) }.max()! - figures.map { log($0.value) }.min()!) - 1,
                figures.map(\.low).max()! <= figures.map(\.high).min()!
            )
        }.sorted { ($0.2, $0.0) > ($1.2, $1.0) }
        var out = [
            "Between CPUs: \(rows.count) ratios measured on all \(names.count) (\(names.enumerated().map { "\($0.offset + 1): \($0.element)" }.joined(separator: "; ")))"
        ]
        for (key, figures, spread, _) in rows {
            out.append(
                String(format: "%6.1f%%  ", spread * 100) + "\(key.strategy) / \(key.yardstick) on \(key.profile): "
                    + figures.enumerated().map { "\($0.offset + 1): \($0.element.text)" }.joined(separator: ", "))
        }
        let overlapping = rows.count { $0.3 }
        let spreads = rows.map(\.2).sorted()
        let tenth = spreads.isEmpty ? 0 : spreads[spreads.count * 9 / 10]
        out.append(
            "intervals overlapping on every CPU: \(overlapping) of \(rows.count); "
                + String(format: "one ratio in ten differs between CPUs by %.1f%% or more", tenth * 100))
        return out.joined(separator: "\n")
    }

    /// Instructions per decode, pooled over every run whatever its CPU: agreeing where they are
    /// within the counter's `agreement` of each other (what one build's runs on one CPU spread by), and
    /// where not, the cells that differ.
    /// `builds`: each run's executable (its SHA-256, nil where the run did not record it).
    static func exactAcrossRuns(
        _ runs: [[CellKey: Int]], harnesses: [String] = [], builds: [String?] = [], counter: ExactCounter = .callgrind,
        presentedCPUs: [String?] = []
    ) -> String {
        let exactAgreement = counter.agreement
        var byCell: [CellKey: [Int]] = [:]
        for run in runs { for (cell, count) in run { byCell[cell, default: []].append(count) } }
        let shared = byCell.filter { $0.value.count >= 2 }
        guard !shared.isEmpty else {
            return
                "Exact measures: no cell counted in two or more runs (instructions per decode are counted by runs with callgrind or a Mac's CPU counter)"
        }
        func spread(_ counts: [Int]) -> Double { Double(counts.max()!) / Double(counts.min()!) - 1 }
        let differing = shared.filter { spread($0.value) > exactAgreement }.sorted { $0.key < $1.key }
        let identical = shared.count { Set($0.value).count == 1 }
        var out = [
            "Exact measures (\(counter == .callgrind ? "callgrind, every CPU together" : "\(counter.rawValue), every Mac together")): instructions per decode of \(shared.count) cells counted in two or more runs; "
                + "\(identical) identical in every run, \(shared.count - identical - differing.count) within "
                + String(format: "%.2f%%", exactAgreement * 100) + ", \(differing.count) differ beyond it"
        ]
        // The code glibc runs under valgrind is chosen for the CPU valgrind presents, not the host's.
        let presented = Set(presentedCPUs.compactMap { $0 }).sorted()
        if presented.count == 1, presentedCPUs.count == runs.count, !presentedCPUs.contains(nil) {
            out.append("  valgrind presented one CPU to every run's counted decodes, whatever the host's: \(presented[0])")
        } else if presented.count > 1 {
            out.append(
                "  valgrind presented \(presented.count) CPUs (\(presented.joined(separator: "; "))): glibc may run other code on each, "
                    + "and their counts need not agree")
        }
        let versions = Set(harnesses.filter { !$0.isEmpty }).sorted()
        if versions.count > 1 {
            out.append(
                "  the runs were made by harness versions \(versions.joined(separator: ", ")), which count differently "
                    + "(Documentation/Changelog.md): their counts need not agree")
        }
        let executables = Set(builds.compactMap { $0 })
        if executables.count > 1 {
            out.append(
                "  the runs were made by \(executables.count) builds (their executables differ): a count moves between builds with "
                    + "the binary's layout (the Swift runtime's hash-map probes), which the A/B gate leaves out")
        }
        // Runs of one build that differ: the code a library chose by CPU feature.
        let oneBuild = executables.count == 1 && !builds.isEmpty && !builds.contains(nil)
        let why =
            counter == .cpuCounter
            ? "the whole process's count, which moves between runs" + (oneBuild ? "" : ", or another build")
            : oneBuild
                ? "one build: a library choosing its code by CPU feature" : "another build, or a library choosing its code by CPU feature"
        for (cell, counts) in differing {
            out.append(
                "  \(cell): " + counts.map(String.init).joined(separator: ", ")
                    + String(format: " (%.2f%% apart: \(why))", spread(counts) * 100))
        }
        return out.joined(separator: "\n")
    }

    /// A ratio in a host state: runs pool a ratio only with the same ratio in the same state.
    struct RatioKey: Hashable, Comparable {
        let profile: String, strategy: String, yardstick: String
        /// `quiet`, `contended`, or empty (a run before the cache probe, or whose probe could not
        /// observe the host's state).
        var state = ""
        /// Pooled over runs that state it in different states: theirs, in the runs' order.
        var mixedStates: String? = nil
        init(_ row: CellRatio) {
            (profile, strategy, yardstick, state) = (row.profile, row.strategy, row.yardstick, row.state?.rawValue ?? "")
        }
        init(profile: String, strategy: String, yardstick: String) {
            (self.profile, self.strategy, self.yardstick) = (profile, strategy, yardstick)
        }
        static func < (a: Self, b: Self) -> Bool {
            (a.profile, a.strategy, a.yardstick, a.state) < (b.profile, b.strategy, b.yardstick, b.state)
        }
        /// " under contention", " with the cache to itself", the runs' states where they differ, or
        /// nothing.
        var stateLabel: String {
            if let mixedStates { return " (states: \(mixedStates))" }
            switch state {
            case HostState.contended.rawValue: return " under contention"
            case HostState.quiet.rawValue: return " with the cache to itself"
            default: return ""
            }
        }
    }

    /// The table and summary for runs' ratios, each run's by key. A ratio pools each run's figure
    /// in the state that run states it in (its verdict's): where the runs' states differ (one run's
    /// probe labelled the host's state, another's could not observe it), the line names them, and
    /// the Q test says whether the figures differ beyond their intervals.
    static func render(_ runs: [[RatioKey: PairedRatio]]) -> String {
        let byCell = runs.map { run in
            Dictionary(
                run.map { (RatioKey(profile: $0.key.profile, strategy: $0.key.strategy, yardstick: $0.key.yardstick), $0) },
                uniquingKeysWith: { first, _ in first })
        }
        let shared = byCell.dropFirst().reduce(Set(byCell[0].keys)) { $0.intersection($1.keys) }
        let pooled = shared.sorted().compactMap { cell -> (RatioKey, PooledRatio)? in
            let figures = byCell.map { $0[cell]! }
            var key = cell
            let states = figures.map(\.key.state)
            if Set(states).count == 1 {
                key.state = states[0]
            } else {
                key.mixedStates = states.map { $0.isEmpty ? "unlabelled" : $0 }.joined(separator: ", ")
            }
            return PooledRatio(figures.map(\.value)).map { (key, $0) }
        }
        .sorted { ($0.1.spread, $0.0) > ($1.1.spread, $1.0) }
        var out = ["\(shared.count) ratios in all \(runs.count) runs"]
        for (key, ratio) in pooled {
            let values = ratio.values.map { String(format: "%.4g", $0) }.joined(separator: " ")
            out.append(
                String(format: "%6.1f%%", ratio.spread * 100) + "  " + (ratio.runsDiffer ? "differ" : "      ")
                    + "  \(key.strategy) / \(key.yardstick) on \(key.profile)\(key.stateLabel): \(values); "
                    + String(format: "pooled %.4g (%.4g–%.4g)", ratio.pooled, ratio.low, ratio.high))
        }
        let steady = pooled.filter { $0.1.spread < 0.02 }
        let firm = pooled.filter { $0.1.high / $0.1.pooled - 1 <= 0.02 }
        func share(_ part: Int, _ whole: Int) -> String { String(format: "%.1f%%", Double(part) / Double(max(whole, 1)) * 100) }
        out.append("spread under 2% across the runs: \(steady.count) of \(pooled.count) (\(share(steady.count, pooled.count)))")
        out.append(
            "runs differ beyond their intervals (Q test, 5%): \(pooled.filter { $0.1.runsDiffer }.count) of \(pooled.count); "
                + "of the ratios that spread under 2%: \(steady.filter { $0.1.runsDiffer }.count) of \(steady.count)")
        out.append("pooled intervals within ±2%: \(firm.count) of \(pooled.count) (\(share(firm.count, pooled.count)))")
        return out.joined(separator: "\n")
    }
}
