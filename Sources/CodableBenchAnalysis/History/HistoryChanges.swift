import Foundation
import CodableBenchCore
import CodableBenchHarness

/// The changes a history shows (`benchmarks history changes`), found two ways.
///
/// - **Exact measures and allocations**: deterministic, so a change is a step between two
///   consecutive commits beyond what untouched code moves between builds: the A/B gate's
///   threshold, with the functions that follow the binary's layout left out of both counts
///   (`ExactChange.followsLayout`), and named by the functions that moved (the runs' costs).
/// - **Time ratios**: E-divisive change points (`ChangePoints`) over one CPU's series only, never
///   across CPUs, build configurations, toolchains, Foundations, host states or harness versions
///   that changed how time is measured: each such series is its own.
package struct HistoryChanges: Sendable {
    /// A step of an exact measure between two consecutive commits of its series.
    package struct ExactStep: Sendable {
        package let series: ExactSeries
        package let commit: String
        package let previousCommit: String
        package let before: Double
        package let after: Double
        /// The functions whose own counts moved most (instructions or cycles), where both commits'
        /// runs say where their counts went.
        package let functions: [ExactChange.Shift]
        /// What else differs between the two commits' runs (a harness version, the toolchain, the
        /// CPU valgrind presented): a step may be theirs rather than the code's.
        package let alsoChanged: [String]

        package var change: Double { before == 0 ? 0 : after / before - 1 }
    }

    /// A change point of a time ratio's series.
    package struct TimeChange: Sendable {
        package let series: TimeSeries
        package let commit: String
        package let points: Int
        package let change: ChangePoints.Change
    }

    /// What an exact measure's value depends on besides the code: a series holds one value of each.
    package struct ExactSeries: Hashable, Sendable, Comparable {
        package let cell: CellKey
        package let metric: Metric
        /// Build configuration and flags, toolchain, Foundation, and the instrument: callgrind or
        /// a CPU's counter for instructions, the counting backend for allocations.
        package let setting: String

        package static func < (a: ExactSeries, b: ExactSeries) -> Bool {
            (a.cell, a.metric.rawValue, a.setting) < (b.cell, b.metric.rawValue, b.setting)
        }
    }

    /// A time ratio's series: one cell's ratio to one yardstick, on one CPU, in one setting.
    package struct TimeSeries: Hashable, Sendable, Comparable {
        package let cell: CellKey
        package let yardstick: String
        package let cpu: String
        /// Build configuration and flags, toolchain, Foundation, the host state the ratio holds in,
        /// and the harness version since which time is measured the same way (`timeProcedure`).
        package let setting: String

        package static func < (a: TimeSeries, b: TimeSeries) -> Bool {
            (a.cell, a.yardstick, a.cpu, a.setting) < (b.cell, b.yardstick, b.cpu, b.setting)
        }
    }

    package let exactSteps: [ExactStep]
    package let timeChanges: [TimeChange]
    /// Every commit of the history, in its order.
    package let commits: [String]

    /// The harness versions whose timing procedure differs from the one before
    /// (Documentation/Changelog.md): a time series never spans one of them.
    static let timeProcedureVersions = ["0.2.0", "0.3.0", "0.4.0", "0.5.0", "0.6.3", "0.7.0", "0.10.2"]

    package init(_ runs: [HistoryEntry], exactThreshold: Double = ABGate.defaultExactThreshold, maxPValue: Double = 0.001) {
        var commits: [String] = []
        for run in runs where commits.last != run.provenance.gitCommit { commits.append(run.provenance.gitCommit) }
        self.commits = commits
        exactSteps = Self.exactSteps(runs, threshold: exactThreshold)
        timeChanges = Self.timeChanges(runs, maxPValue: maxPValue)
    }

    // MARK: Exact measures

    private static func exactSteps(_ runs: [HistoryEntry], threshold: Double) -> [ExactStep] {
        // Each series' value at each commit: the run whose value is the median of that commit's runs.
        var series: [ExactSeries: [(commit: String, value: Double, run: HistoryEntry)]] = [:]
        for run in runs {
            for (cell, figures) in run.figures {
                for (metric, figure) in figures where metric.isDeterministic && metric != .instructionsPerByte {
                    let key = ExactSeries(cell: cell, metric: metric, setting: exactSetting(run.provenance, metric))
                    series[key, default: []].append((run.provenance.gitCommit, layoutFree(figure.median, metric, run.costs[cell]), run))
                }
            }
        }
        var steps: [ExactStep] = []
        for key in series.keys.sorted() {
            let byCommit = collapsed(series[key]!)
            // One threshold a series: its setting holds the instrument and the counting backend.
            guard let threshold = stepThreshold(key.metric, byCommit[0].run.provenance, exact: threshold) else { continue }
            for (previous, current) in zip(byCommit, byCommit.dropFirst()) {
                guard previous.value > 0, abs(current.value / previous.value - 1) > threshold else { continue }
                var functions: [ExactChange.Shift] = []
                if key.metric == .instructions || key.metric == .simulatedCycles,
                    let after = current.run.costs[key.cell], let before = previous.run.costs[key.cell]
                {
                    functions = Array(
                        ExactChange.shifts(
                            ExactChange.withoutLayout(after), ExactChange.withoutLayout(before), byCycles: key.metric == .simulatedCycles,
                            name: \.name
                        ).prefix(3))
                }
                steps.append(
                    ExactStep(
                        series: key, commit: current.commit, previousCommit: previous.commit, before: previous.value,
                        after: current.value, functions: functions,
                        alsoChanged: differences(previous.run, current.run)))
            }
        }
        return steps
    }

    /// The smallest step a series counts: the A/B gate's threshold for instructions (`exact` under
    /// callgrind, its wider one for a Mac's CPU counter), 0.3% for simulated cycles; for allocations the gate
    /// tolerances' (an approximate backend's own, and none where it reads too loosely to compare:
    /// nil, the series is not judged).
    static func stepThreshold(_ metric: Metric, _ p: Provenance, exact: Double) -> Double? {
        if metric == .simulatedCycles { return max(exact, cyclesThreshold) }
        guard metric.isAllocation else { return p.ranOnMacOS ? ABGate.defaultCounterThreshold : exact }
        return GateTolerances.standard.tolerance(for: metric, approximate: p.countingBackend == CountingBackend.interposer.rawValue)
    }

    /// Simulated cycles of a decode that builds dictionaries move with where its allocations land:
    /// across this project's own commits, steps of up to 0.2% that no code made (Notebook, "The
    /// project's own history"), where instructions stayed within 0.1%.
    static let cyclesThreshold = 0.003

    /// What an exact series holds constant: see `ExactSeries.setting`.
    package static func exactSetting(_ p: Provenance, _ metric: Metric) -> String {
        let instrument =
            metric.isAllocation ? "counted by \(p.countingBackend)" : (p.ranOnMacOS ? "the CPU counter" : "callgrind")
        return (build(p) + [instrument]).joined(separator: "; ")
    }

    /// Instructions or cycles without what the layout-following functions count (where the run has
    /// the cell's costs): the same left-out part as the A/B gate's.
    package static func layoutFree(_ value: Double, _ metric: Metric, _ costs: CostBreakdown?) -> Double {
        guard let costs, metric == .instructions || metric == .simulatedCycles else { return value }
        let layout = ExactChange.layoutCounts(costs)
        return value - Double(metric == .instructions ? layout.instructions : layout.cycles)
    }

    /// What every series holds constant about the build: configuration and flags, toolchain, Foundation.
    private static func build(_ p: Provenance) -> [String] {
        [p.buildConfiguration + (p.buildFlags.isEmpty ? "" : " " + p.buildFlags), p.swiftVersion, p.foundation]
    }

    /// One point a commit: of several runs of one commit, the one with the median value.
    private static func collapsed(
        _ points: [(commit: String, value: Double, run: HistoryEntry)]
    ) -> [(commit: String, value: Double, run: HistoryEntry)] {
        var result: [(commit: String, value: Double, run: HistoryEntry)] = []
        var start = 0
        while start < points.count {
            var end = start
            while end < points.count, points[end].commit == points[start].commit { end += 1 }
            let sorted = points[start..<end].sorted { $0.value < $1.value }
            result.append(sorted[(sorted.count - 1) / 2])
            start = end
        }
        return result
    }

    /// What differs between two runs besides their commit, as "what: before → after".
    static func differences(_ before: HistoryEntry, _ after: HistoryEntry) -> [String] {
        let facts: [(String, (HistoryEntry) -> String)] = [
            ("harness", { $0.provenance.harnessVersion }),
            ("toolchain", { $0.provenance.swiftVersion }),
            ("CPU valgrind presented", { $0.exactCPU ?? "not recorded" }),
            ("counting backend", { $0.provenance.countingBackend }),
            ("OS", { $0.provenance.os }),
        ]
        return facts.compactMap { name, fact in
            fact(before) == fact(after) ? nil : "\(name) \(fact(before)) → \(fact(after))"
        }
    }

    // MARK: Time ratios

    private static func timeChanges(_ runs: [HistoryEntry], maxPValue: Double) -> [TimeChange] {
        var series: [TimeSeries: [(commit: String, value: Double)]] = [:]
        for run in runs {
            let p = run.provenance
            for ratio in run.ratios where ratio.yardstick != CellRatio.baselineYardstick {
                let key = TimeSeries(
                    cell: CellKey(group: ratio.group, strategy: ratio.strategy, profile: ratio.profile), yardstick: ratio.yardstick,
                    cpu: p.timedOn.label, setting: timeSetting(p, ratio.state))
                series[key, default: []].append((p.gitCommit, ratio.ratio.value))
            }
        }
        return series.keys.sorted().flatMap { key -> [TimeChange] in
            let points = series[key]!
            return ChangePoints(points.map(\.value), maxPValue: maxPValue).changes.map {
                TimeChange(series: key, commit: points[$0.index].commit, points: points.count, change: $0)
            }
        }
    }

    /// What a time series holds constant besides its CPU: see `TimeSeries.setting`.
    package static func timeSetting(_ p: Provenance, _ state: HostState?) -> String {
        (build(p) + [
            state.map { "\($0.rawValue) host" } ?? "host state not labelled",
            "timed as since harness \(timeProcedure(p.harnessVersion))",
        ]).joined(separator: "; ")
    }

    /// The latest version at or before `version` that changed how time is measured.
    static func timeProcedure(_ version: String) -> String {
        guard let run = HarnessVersion(version) else { return version }
        return timeProcedureVersions.last { HarnessVersion($0)! <= run } ?? "0.1.0"
    }
}
