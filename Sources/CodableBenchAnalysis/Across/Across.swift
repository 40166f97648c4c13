import Foundation
import CodableBenchCore
import CodableBenchHarness

/// Runs made at different times, set side by side (`benchmarks across`): each ratio pooled over
/// the runs of one CPU in one host state, each ratio's figures on each CPU, and the exact counts
/// compared over every run. `AcrossText` says it.
package enum Across {
    /// One run as `across` reads it: the CPU it was timed on, its ratios, its exact counts.
    package struct Reading {
        package var cpu: String
        package var ratios: [RatioKey: PairedRatio]
        package var instructions: [CellKey: Int] = [:]
        /// The harness version that made the run: how it counted its exact measures.
        package var harness = ""
        /// Its executable's SHA-256, where the run recorded it.
        package var build: String? = nil
        /// What counted its exact measures: the two count different things, never compared.
        package var counter = ExactCounter.callgrind
        /// The CPU valgrind presented to its counted decodes (run.json's `exactCPU`, harness 0.11+).
        package var presentedCPU: String? = nil

        package init(
            cpu: String, ratios: [RatioKey: PairedRatio], instructions: [CellKey: Int] = [:], harness: String = "",
            build: String? = nil, counter: ExactCounter = .callgrind, presentedCPU: String? = nil
        ) {
            self.cpu = cpu
            self.ratios = ratios
            self.instructions = instructions
            self.harness = harness
            self.build = build
            self.counter = counter
            self.presentedCPU = presentedCPU
        }

        /// A recorded run, its time ratios left out where its timing canary failed (`TimingCanary`).
        package init(_ data: RecordedRun) {
            self.init(
                cpu: data.provenance.timedOn.label,
                ratios: data.timingCanaryFailure != nil
                    ? [:] : Dictionary(data.ratios.map { (RatioKey($0), $0.ratio) }, uniquingKeysWith: { a, _ in a }),
                instructions: data.exactCounts.mapValues(\.instructions), harness: data.provenance.harnessVersion,
                build: data.info?.invocation?.executableSHA256,
                counter: data.provenance.ranOnMacOS ? .cpuCounter : .callgrind, presentedCPU: data.info?.exactCPU)
        }
    }

    /// callgrind counts the decodes' region, on x86-64 or whatever valgrind runs; a Mac's CPU
    /// counter (`proc_pid_rusage`) the whole process's instructions, kernel's included, on arm64.
    package enum ExactCounter: String, CaseIterable, Sendable {
        case callgrind = "callgrind"
        case cpuCounter = "a Mac's CPU counter"

        /// How far one build's runs spread: callgrind's, measured (two default runs of one build on
        /// one CPU: at most 0.031% apart; Notebook, "How exact the exact measures are"); the CPU
        /// counter's, not yet measured on a Mac: `ab`'s margin for it.
        package var agreement: Double { self == .callgrind ? 0.0005 : 0.02 }
    }

    /// A ratio in a host state: runs pool a ratio only with the same ratio in the same state.
    package struct RatioKey: Hashable, Comparable {
        package let profile: String, strategy: String, yardstick: String
        /// `quiet`, `contended`, or empty (a run before the cache probe, or whose probe could not
        /// observe the host's state).
        package var state = ""
        /// Pooled over runs that state it in different states: theirs, in the runs' order.
        package var mixedStates: String? = nil
        package init(_ row: CellRatio) {
            (profile, strategy, yardstick, state) = (row.profile, row.strategy, row.yardstick, row.state?.rawValue ?? "")
        }
        package init(profile: String, strategy: String, yardstick: String) {
            (self.profile, self.strategy, self.yardstick) = (profile, strategy, yardstick)
        }
        package static func < (a: Self, b: Self) -> Bool {
            (a.profile, a.strategy, a.yardstick, a.state) < (b.profile, b.strategy, b.yardstick, b.state)
        }
    }

    /// The ratios every run has, each pooled over the runs in the state each run states it in (its
    /// verdict's; where the states differ, `mixedStates` names them), widest spread first.
    package static func pooled(_ runs: [[RatioKey: PairedRatio]]) -> (shared: Int, rows: [(key: RatioKey, ratio: PooledRatio)]) {
        let byCell = runs.map { run in
            Dictionary(
                run.map { (RatioKey(profile: $0.key.profile, strategy: $0.key.strategy, yardstick: $0.key.yardstick), $0) },
                uniquingKeysWith: { first, _ in first })
        }
        let shared = byCell.dropFirst().reduce(Set(byCell[0].keys)) { $0.intersection($1.keys) }
        let rows = shared.sorted().compactMap { cell -> (key: RatioKey, ratio: PooledRatio)? in
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
        .sorted { ($0.ratio.spread, $0.key) > ($1.ratio.spread, $1.key) }
        return (shared.count, rows)
    }

    /// A ratio measured on every CPU: its figure on each (pooled where a CPU has several runs, in
    /// the state it holds in there: quiet first, then unlabelled, then contended), how far the CPUs
    /// are apart, and whether their intervals overlap.
    package struct BetweenCPUs {
        package let key: RatioKey
        package let figures: [PairedRatio]
        package let spread: Double
        package let overlapping: Bool
    }

    /// Widest spread first.
    package static func betweenCPUs(_ byCPU: [[[RatioKey: PairedRatio]]]) -> [BetweenCPUs] {
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
        return keys.sorted().compactMap { key -> BetweenCPUs? in
            let found = byCPU.map { figure($0, key) }
            guard found.allSatisfy({ $0 != nil }) else { return nil }
            let figures = found.map { $0! }
            let logs = figures.map { log($0.value) }
            return BetweenCPUs(
                key: key, figures: figures, spread: exp(logs.max()! - logs.min()!) - 1,
                overlapping: figures.map(\.low).max()! <= figures.map(\.high).min()!)
        }.sorted { ($0.spread, $0.key) > ($1.spread, $1.key) }
    }

    /// Instructions per decode over runs of one counter, whatever their CPU: the cells counted in
    /// two or more runs, identical, within the counter's agreement, or differing beyond it.
    package struct ExactAgreement {
        package let shared: Int
        package let identical: Int
        /// Beyond the agreement, in cell order, with each run's count.
        package let differing: [(cell: CellKey, counts: [Int])]

        package init(_ runs: [[CellKey: Int]], agreement: Double) {
            var byCell: [CellKey: [Int]] = [:]
            for run in runs { for (cell, count) in run { byCell[cell, default: []].append(count) } }
            let counted = byCell.filter { $0.value.count >= 2 }
            shared = counted.count
            identical = counted.count { Set($0.value).count == 1 }
            differing = counted.filter { Self.spread($0.value) > agreement }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        }

        /// Largest over smallest, less one.
        package static func spread(_ counts: [Int]) -> Double { Double(counts.max()!) / Double(counts.min()!) - 1 }
    }
}
