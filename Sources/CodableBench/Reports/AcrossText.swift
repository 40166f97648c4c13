import Foundation
import CodableBenchCore
import CodableBenchAnalysis
import CodableBenchHarness

/// What `benchmarks across` prints of `Across`.
enum AcrossText {
    /// Time figures are pooled only among runs of the same CPU (a ratio between kinds of code is
    /// the CPU's); between CPUs each ratio's figures are set side by side; exact counts, which do
    /// not depend on the host, are pooled over every run.
    static func render(_ runs: [Across.Reading]) -> String {
        let cpus = ReportDocument.orderedUnique(runs.map(\.cpu))
        var out: [String] = []
        for cpu in cpus {
            let same = runs.filter { $0.cpu == cpu }
            out.append("")
            out.append("Time on \(cpu), \(same.count) run\(same.count == 1 ? "" : "s"):")
            out.append(same.count >= 2 ? pooled(same.map(\.ratios)) : "one run: nothing to pool on this CPU")
        }
        if cpus.count >= 2 {
            out.append("")
            out.append(betweenCPUs(cpus.map { cpu in runs.filter { $0.cpu == cpu }.map(\.ratios) }, names: cpus))
        }
        out.append("")
        // Only the runs with exact measures say how they were counted; each counter's apart.
        let counted = runs.filter { !$0.instructions.isEmpty }
        let counters = Across.ExactCounter.allCases.filter { counter in counted.contains { $0.counter == counter } }
        for counter in counters.isEmpty ? [.callgrind] : counters {
            let same = counted.filter { $0.counter == counter }
            out.append(
                exact(
                    same.map(\.instructions), harnesses: same.map(\.harness), builds: same.map(\.build), counter: counter,
                    presentedCPUs: same.map(\.presentedCPU)))
        }
        if counters.count > 1 {
            out.append(
                "  (callgrind's counts and a Mac's CPU counter's are not compared: one counts the decodes, the other the whole process)")
        }
        return out.joined(separator: "\n")
    }

    /// " under contention", " with the cache to itself", the runs' states where they differ, or
    /// nothing.
    static func stateLabel(_ key: Across.RatioKey) -> String {
        if let mixedStates = key.mixedStates { return " (states: \(mixedStates))" }
        switch key.state {
        case HostState.contended.rawValue: return " under contention"
        case HostState.quiet.rawValue: return " with the cache to itself"
        default: return ""
        }
    }

    /// The table and summary for runs' ratios, each run's by key: the Q test says whether the
    /// figures differ beyond their intervals.
    static func pooled(_ runs: [[Across.RatioKey: PairedRatio]]) -> String {
        let (shared, pooled) = Across.pooled(runs)
        var out = ["\(shared) ratios in all \(runs.count) runs"]
        for (key, ratio) in pooled {
            let values = ratio.values.map { String(format: "%.4g", $0) }.joined(separator: " ")
            out.append(
                String(format: "%6.1f%%", ratio.spread * 100) + "  " + (ratio.runsDiffer ? "differ" : "      ")
                    + "  \(key.strategy) / \(key.yardstick) on \(key.profile)\(stateLabel(key)): \(values); "
                    + String(format: "pooled %.4g (%.4g–%.4g)", ratio.pooled, ratio.low, ratio.high))
        }
        let steady = pooled.filter { $0.ratio.spread < 0.02 }
        let firm = pooled.filter { $0.ratio.high / $0.ratio.pooled - 1 <= 0.02 }
        func share(_ part: Int, _ whole: Int) -> String { String(format: "%.1f%%", Double(part) / Double(max(whole, 1)) * 100) }
        out.append("spread under 2% across the runs: \(steady.count) of \(pooled.count) (\(share(steady.count, pooled.count)))")
        out.append(
            "runs differ beyond their intervals (Q test, 5%): \(pooled.filter { $0.ratio.runsDiffer }.count) of \(pooled.count); "
                + "of the ratios that spread under 2%: \(steady.filter { $0.ratio.runsDiffer }.count) of \(steady.count)")
        out.append("pooled intervals within ±2%: \(firm.count) of \(pooled.count) (\(share(firm.count, pooled.count)))")
        return out.joined(separator: "\n")
    }

    /// Each ratio on each CPU, and how far the CPUs are apart.
    static func betweenCPUs(_ byCPU: [[[Across.RatioKey: PairedRatio]]], names: [String]) -> String {
        let rows = Across.betweenCPUs(byCPU)
        var out = [
            "Between CPUs: \(rows.count) ratios measured on all \(names.count) (\(names.enumerated().map { "\($0.offset + 1): \($0.element)" }.joined(separator: "; ")))"
        ]
        for row in rows {
            out.append(
                String(format: "%6.1f%%  ", row.spread * 100) + "\(row.key.strategy) / \(row.key.yardstick) on \(row.key.profile): "
                    + row.figures.enumerated().map { "\($0.offset + 1): \($0.element.text)" }.joined(separator: ", "))
        }
        let spreads = rows.map(\.spread).sorted()
        let tenth = spreads.isEmpty ? 0 : spreads[spreads.count * 9 / 10]
        out.append(
            "intervals overlapping on every CPU: \(rows.count { $0.overlapping }) of \(rows.count); "
                + String(format: "one ratio in ten differs between CPUs by %.1f%% or more", tenth * 100))
        return out.joined(separator: "\n")
    }

    /// Instructions per decode, pooled over every run whatever its CPU: agreeing where they are
    /// within the counter's `agreement` of each other (what one build's runs on one CPU spread by), and
    /// where not, the cells that differ.
    /// `builds`: each run's executable (its SHA-256, nil where the run did not record it).
    static func exact(
        _ runs: [[CellKey: Int]], harnesses: [String] = [], builds: [String?] = [],
        counter: Across.ExactCounter = .callgrind, presentedCPUs: [String?] = []
    ) -> String {
        let agreement = Across.ExactAgreement(runs, agreement: counter.agreement)
        guard agreement.shared > 0 else {
            return
                "Exact measures: no cell counted in two or more runs (instructions per decode are counted by runs with callgrind or a Mac's CPU counter)"
        }
        let differing = agreement.differing
        var out = [
            "Exact measures (\(counter == .callgrind ? "callgrind, every CPU together" : "\(counter.rawValue), every Mac together")): instructions per decode of \(agreement.shared) cells counted in two or more runs; "
                + "\(agreement.identical) identical in every run, \(agreement.shared - agreement.identical - differing.count) within "
                + String(format: "%.2f%%", counter.agreement * 100) + ", \(differing.count) differ beyond it"
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
                    + String(format: " (%.2f%% apart: \(why))", Across.ExactAgreement.spread(counts) * 100))
        }
        return out.joined(separator: "\n")
    }
}
