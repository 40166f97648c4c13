@testable import CodableBench
@testable import CodableBenchAnalysis
@testable import CodableBenchCore
@testable import CodableBenchHarness
import Foundation
import GRDB
import Testing

/// The history: its change points against Otava's on recorded series, the changes found in
/// synthetic histories (a planted step, steady runs, a step on one CPU and one split across two),
/// and the SQLite store (kept once, refused input, two writers, exit statuses).
@Suite("History")
struct HistoryTests {
    // MARK: The statistics, against SciPy and Otava

    @Test("the t-test's p-value is SciPy's")
    func pValue() {
        // scipy.stats.t.sf(t, df) * 2, recorded.
        for (t, df, expected) in [
            (2.228, 10.0, 0.050011771817111327), (1.0, 3.0, 0.39100221895577053), (5.0, 30.0, 2.3296685467007786e-05),
            (0.1, 1.0, 0.9365489651388929),
        ] {
            #expect(abs(StudentT.twoSidedPValue(t: t, degreesOfFreedom: df) / expected - 1) < 1e-9)
        }
    }

    /// 1% of deterministic noise, as the series fed to Otava 0.8.0's `compute_change_points`
    /// (window 50, max p-value 0.001) were built.
    static func noise(_ i: Int) -> Double { sin(Double(i) * 1.7) * 0.01 }
    static func series(_ levels: [(count: Int, level: Double)]) -> [Double] {
        var values: [Double] = []
        for (count, level) in levels { values += (0..<count).map { level + noise(values.count + $0) } }
        return values
    }

    @Test("change points and p-values are Otava's on the same series")
    func changePointsAsOtava() {
        // Otava's indices and p-values on these series, recorded.
        let cases: [([Double], [(Int, Double?)])] = [
            (Self.series([(20, 1), (20, 1.05)]), [(20, nil)]),
            (Self.series([(40, 1)]), []),
            (Self.series([(15, 1), (20, 0.97), (25, 1.02)]), [(15, nil), (35, nil)]),
            (Self.series([(15, 1), (15, 1.008)]), []),
            (Self.series([(15, 1), (15, 1.0095)]), [(15, 0.0008766658495952849)]),
            (Self.series([(15, 1), (15, 1.01)]), [(15, 0.0005223054502292057)]),
            // Longer than a window: the second change is found at 61, as Otava finds it.
            (Self.series([(30, 1), (30, 1.02), (20, 1.01)]), [(30, 2.248199599536142e-16), (61, 1.038118202752238e-05)]),
        ]
        for (series, expected) in cases {
            let found = ChangePoints(series).changes
            #expect(found.map(\.index) == expected.map(\.0))
            for (change, (_, p)) in zip(found, expected) {
                guard let p else { continue }
                #expect(abs(change.pValue / p - 1) < 1e-6)
            }
        }
    }

    // MARK: Synthetic histories

    static func provenance(commit: String, run: Int, cpu: String = "CPU A") -> Provenance {
        var p = Provenance(
            runID: "run-\(run)", time: String(format: "2026-11-%02dT00:00:00Z", 1 + run), gitCommit: commit, gitDirty: false,
            swiftVersion: "6.3.1", os: "Debian 12", kernel: "6", cpuModel: cpu, cores: 2, buildConfiguration: "release",
            buildFlags: "-O", harnessVersion: Provenance.harnessVersion, allocator: "glibc-retained", countingBackend: "jemalloc")
        p.cpu = CPUIdentity(name: cpu)
        return p
    }

    static let cell = CellKey(group: "g", strategy: "handwritten", profile: "medium")

    static func function(_ name: String, _ instructions: Int) -> CostBreakdown.Function {
        CostBreakdown.Function(
            name: name, object: "benchmarks", category: "decode", selfInstructions: instructions,
            inclusiveInstructions: instructions, calls: 1)
    }

    /// A run whose cell has `instructions` in two functions (the second `extra` larger) and the
    /// runtime's hash map with `layout`, and a time ratio `ratio`.
    static func run(
        commit: String, index: Int, extra: Int = 0, layout: Int = 10_000, ratio: Double = 1, cpu: String = "CPU A"
    ) -> HistoryEntry {
        let functions = [
            function("Model.init(from:)", 600_000), function("JSONDecoder.decode", 390_000 + extra),
            function("ConcurrentReadableHashMap.find", layout),
        ]
        let instructions = Double(functions.reduce(0) { $0 + $1.selfInstructions })
        return HistoryEntry(
            provenance: provenance(commit: commit, run: index, cpu: cpu), exactCPU: "haswell", commitTime: nil,
            figures: [cell: [.instructions: .init(median: instructions, low: instructions, high: instructions)]],
            ratios: [
                CellRatio(
                    profile: cell.profile, group: cell.group, strategy: cell.strategy, yardstick: "synthesized",
                    ratio: PairedRatio(value: ratio, low: ratio - 0.01, high: ratio + 0.01, pairs: 20, generations: 10))
            ],
            costs: [cell: CostBreakdown(functions: functions)])
    }

    @Test("a planted +0.5% instructions step is found at its commit and named by its function")
    func plantedExactStep() {
        // The hash map moves by up to 0.3% of the decode between builds, as layout does: left out.
        let runs = (0..<12).map { k in
            Self.run(commit: "c\(k)", index: k, extra: k >= 6 ? 5_000 : 0, layout: 10_000 + (k % 3) * 3_000)
        }
        let changes = HistoryChanges(runs)
        #expect(changes.exactSteps.count == 1)
        let step = changes.exactSteps[0]
        #expect(step.commit == "c6" && step.previousCommit == "c5")
        #expect(abs(step.change - 5_000.0 / 990_000) < 1e-12)
        #expect(step.functions.first == ExactChange.Shift(name: "JSONDecoder.decode", instructions: 5_000, cycles: 0))
        #expect(step.alsoChanged.isEmpty)
    }

    @Test("twenty runs of one build give no change point")
    func steadyBuild() {
        let runs = (0..<20).map { Self.run(commit: "c0", index: $0, ratio: 1 + Self.noise($0)) }
        let changes = HistoryChanges(runs)
        #expect(changes.exactSteps.isEmpty)
        #expect(changes.timeChanges.isEmpty)
        #expect(changes.commits == ["c0"])
    }

    @Test("a 5% time step on one CPU is found at its commit")
    func timeStep() {
        let runs = (0..<30).map { Self.run(commit: "c\($0)", index: $0, ratio: ($0 >= 15 ? 1.05 : 1) + Self.noise($0)) }
        let changes = HistoryChanges(runs)
        #expect(changes.timeChanges.map(\.commit) == ["c15"])
        let change = changes.timeChanges[0].change
        #expect(abs(change.relativeChange - 0.05) < 0.005)
        #expect(change.differenceLow > 0)
    }

    @Test("the same step split across two CPUs is not pooled into one")
    func stepAcrossCPUs() {
        let runs = (0..<30).map {
            Self.run(commit: "c\($0)", index: $0, ratio: ($0 >= 15 ? 1.05 : 1) + Self.noise($0), cpu: $0 >= 15 ? "CPU B" : "CPU A")
        }
        let changes = HistoryChanges(runs)
        #expect(changes.timeChanges.isEmpty)
    }

    @Test("a step where the harness changed says so")
    func harnessChange() {
        var runs = (0..<4).map { Self.run(commit: "c\($0)", index: $0, extra: $0 >= 2 ? 9_000 : 0) }
        runs[2].provenance.harnessVersion = "99.0.0"
        runs[3].provenance.harnessVersion = "99.0.0"
        let step = HistoryChanges(runs).exactSteps
        #expect(step.map(\.commit) == ["c2"])
        #expect(step.first?.alsoChanged == ["harness \(Provenance.harnessVersion) → 99.0.0"])
    }

    @Test("allocations step beyond the gate's tolerances; an approximate backend's bytes are not judged")
    func allocationSteps() {
        func run(_ k: Int, backend: String, allocations: Double, bytes: Double) -> HistoryEntry {
            var past = Self.run(commit: "c\(k)", index: k)
            past.provenance.countingBackend = backend
            past.figures = [
                Self.cell: [
                    .allocations: .init(median: allocations, low: allocations, high: allocations),
                    .allocatedBytes: .init(median: bytes, low: bytes, high: bytes),
                ]
            ]
            return past
        }
        // jemalloc: +1% allocations is beyond 0.5%, +0.2% bytes is not.
        let exact = HistoryChanges([
            run(0, backend: "jemalloc", allocations: 3_000, bytes: 700_000),
            run(1, backend: "jemalloc", allocations: 3_030, bytes: 701_400),
        ])
        #expect(exact.exactSteps.map(\.series.metric) == [.allocations])
        // The interposer: bytes move by several percent run to run, and are not judged.
        let approximate = HistoryChanges([
            run(0, backend: "interposer", allocations: 3_000, bytes: 700_000),
            run(1, backend: "interposer", allocations: 3_001, bytes: 735_000),
        ])
        #expect(approximate.exactSteps.isEmpty)
    }

    @Test("time series are kept apart by the harness version that changed how time is measured")
    func timeProcedure() {
        #expect(HistoryChanges.timeProcedure("0.10.1") == "0.7.0")
        #expect(HistoryChanges.timeProcedure("0.10.2") == "0.10.2")
        #expect(HistoryChanges.timeProcedure("0.11.0") == "0.10.2")
        #expect(HistoryChanges.timeProcedure("0.1.0") == "0.1.0")
    }

    @Test("Otava's export has no empty value, keeps CPUs apart and names every test in its group")
    func otavaExport() throws {
        // Runs 0–9 on CPU A, 10–14 on CPU B; run 12 lacks the exact figure.
        var runs = (0..<15).map { Self.run(commit: "c\($0)", index: $0, cpu: $0 >= 10 ? "CPU B" : "CPU A") }
        runs[12].figures = [:]
        let files = HistoryExport.otava(runs)
        let csvs = files.filter { $0.key.hasSuffix(".csv") }
        // Exact: runs with the figure, and run 12 apart from them is none (it has no exact figure):
        // one file of 14 rows. Time: one file per CPU.
        #expect(csvs.count == 3)
        var rowCounts: [Int] = []
        for (_, text) in csvs {
            let lines = text.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
            #expect(lines.allSatisfy { $0.count == lines[0].count && !$0.contains("") })
            rowCounts.append(lines.count - 1)
        }
        #expect(rowCounts.sorted() == [5, 10, 14])
        let yaml = try #require(files["otava.yaml"])
        for name in csvs.keys { #expect(yaml.contains("file: \(name)")) }
        #expect(yaml.contains("  all: [exact-001, time-002, time-003]"))
        let bmf = HistoryExport.bmf(runs)
        #expect(bmf.count == 15)
        let first = try JSONSerialization.jsonObject(with: Data(try #require(bmf["bmf-001-c0.json"]).utf8)) as? [String: Any]
        let measures = first?["g/handwritten/medium"] as? [String: [String: Double]]
        #expect(measures?["instructions"]?["value"] == 1_000_000)
        #expect(measures?["ratio-to-synthesized"]?["lower_value"] == 0.99)
    }

    @Test("report.html charts a history's ratios from the run's CPU only, and its instructions")
    func reportCharts() throws {
        let run = try SyntheticRuns.run([
            .init(strategy: "synthesized", instructions: 1_000_000),
            .init(
                strategy: "handwritten", instructions: 1_000_000,
                ratio: PairedRatio(value: 1, low: 0.99, high: 1.01, pairs: 9, generations: 3)),
        ])
        let cell = CellKey(group: "g", strategy: "handwritten", profile: "small")
        // Four runs on the run's CPU ("test"), one on another: its ratio is not drawn.
        let history = (0..<5).map { k -> HistoryEntry in
            var past = Self.run(commit: "c\(k)", index: k, cpu: k == 2 ? "other" : "test")
            past.figures = [cell: [.instructions: .init(median: 1_000_000 + Double(k) * 1_000, low: 0, high: 0)]]
            past.ratios = [
                CellRatio(
                    profile: "small", group: "g", strategy: "handwritten", yardstick: "synthesized",
                    ratio: PairedRatio(value: 1 + Double(k) / 100, low: 0.9, high: 1.1, pairs: 9, generations: 3))
            ]
            return past
        }
        let document = ReportDocument(run: run, history: history)
        let charts = document.historyCharts
        #expect(charts.map(\.yLabel) == ["ratio", "× first"])
        #expect(charts[0].series.map(\.name) == ["handwritten"])
        #expect(charts[0].series[0].points.map(\.x) == [1, 2, 4, 5])
        #expect(charts[1].series[0].points.map(\.y).last == 1.004)
        #expect(HTMLReport.render(document).contains("<section id=\"history\"><h2>History</h2>"))
        #expect(!HTMLReport.render(ReportDocument(run: run)).contains("id=\"history\""))
    }

    // MARK: The store

    /// A synthetic run folder of `commit` with one cell.
    static func recordedRun(commit: String, id: String, harness: String = Provenance.harnessVersion) throws -> RecordedRun {
        let run = try SyntheticRuns.run([.init(strategy: "handwritten", instructions: 1_000_000, cycles: 1_500_000)])
        var p = run.provenance
        p.gitCommit = commit
        p.runID = id
        p.harnessVersion = harness
        return RecordedRun(source: run.source, provenance: p, records: run.records, samples: [:])
    }

    @Test("a run added twice is kept once, and reads back as it was added")
    func keptOnce() throws {
        let file = try TestSupport.temporaryDirectory().appendingPathComponent("h/history.sqlite").path
        let store = try HistoryStore(file, creating: true)
        let run = try Self.recordedRun(commit: "abc", id: "r1")
        #expect(try store.add(run, commitTime: "2026-11-01T00:00:00Z"))
        #expect(try !store.add(run, commitTime: "2026-11-01T00:00:00Z"))
        let runs = try HistoryStore(file, creating: false).runs()
        #expect(runs.count == 1)
        #expect(runs[0].provenance == run.provenance)
        let key = CellKey(group: "g", strategy: "handwritten", profile: "small")
        #expect(runs[0].figures[key]?[.instructions]?.median == 1_000_000)
        #expect(runs[0].figures[key]?[.wallTime]?.median == run.records[0].summary(of: .wallTime)?.median)
    }

    @Test("a file that is not a history, a missing one and a later harness's run are refused with exit status 2")
    func refused() throws {
        let folder = try TestSupport.temporaryDirectory()
        let garbage = folder.appendingPathComponent("garbage.sqlite")
        let bytes = Data(String(repeating: "not a database ", count: 100).utf8)
        try bytes.write(to: garbage)
        #expect(throws: CommandError.self) { try HistoryStore(garbage.path, creating: true) }
        do { _ = try HistoryStore(garbage.path, creating: true) } catch let error as CommandError {
            #expect(error.exitStatus == 2)
            #expect(!error.description.contains("\n"))
        }
        #expect(try Data(contentsOf: garbage) == bytes)
        #expect(throws: CommandError.self) { try HistoryStore(folder.appendingPathComponent("none.sqlite").path, creating: false) }
        // A file whose tables a later CodableBench migrated further is refused, not changed.
        let later = folder.appendingPathComponent("later.sqlite").path
        _ = try HistoryStore(later, creating: true)
        try DatabaseQueue(path: later).write { try $0.execute(sql: "INSERT INTO grdb_migrations VALUES ('v99')") }
        #expect { try HistoryStore(later, creating: false) } throws: { error in
            (error as? CommandError)?.description.contains("written by a later CodableBench") == true
        }

        let file = folder.appendingPathComponent("history.sqlite").path
        let store = try HistoryStore(file, creating: true)
        try store.add(Self.recordedRun(commit: "a", id: "r1"), commitTime: nil)
        #expect(throws: CommandError.self) { try store.add(Self.recordedRun(commit: "b", id: "r2", harness: "9.0.0"), commitTime: nil) }
        #expect(try store.runs().count == 1)
    }

    @Test("a history another process holds locked is a one-line error, exit status 2, and keeps what it had")
    func locked() throws {
        let folder = try TestSupport.temporaryDirectory()
        let file = folder.appendingPathComponent("history.sqlite").path
        try HistoryStore(file, creating: true).add(Self.recordedRun(commit: "a", id: "r1"), commitTime: nil)
        // A connection of this process holds an exclusive lock on the file while the command waits.
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true  // the lock stays between two accesses
        let holder = try DatabaseQueue(path: file, configuration: configuration)
        try holder.writeWithoutTransaction { try $0.execute(sql: "BEGIN EXCLUSIVE") }
        let run = try Self.recordedRun(commit: "b", id: "r2")
        let folderOfRun = run.source.deletingLastPathComponent().path
        let add = try TestSupport.run(
            ["history", "add", folderOfRun, "--history", file], environment: ["CODABLEBENCH_HISTORY_WAIT": "1"])
        #expect(add.status == 2)
        #expect(add.stderr.hasPrefix("error: history \(file): ") && add.stderr.split(separator: "\n").count == 1, "\(add.stderr)")
        try holder.writeWithoutTransaction { try $0.execute(sql: "ROLLBACK") }
        #expect(try HistoryStore(file, creating: false).runs().map(\.provenance.runID) == ["r1"])
    }

    @Test("two writers adding at once both land")
    func twoWriters() throws {
        let file = try TestSupport.temporaryDirectory().appendingPathComponent("history.sqlite").path
        _ = try HistoryStore(file, creating: true)
        let runs = try (0..<8).map { try Self.recordedRun(commit: "c\($0)", id: "r\($0)") }
        let failures = Locked(0)
        DispatchQueue.concurrentPerform(iterations: runs.count) { index in
            do { try HistoryStore(file, creating: true).add(runs[index], commitTime: nil) } catch {
                failures.withLock { $0 += 1 }
            }
        }
        #expect(failures.withLock { $0 } == 0)
        #expect(try HistoryStore(file, creating: false).runs().count == 8)
    }

    @Test("history changes exits 1 on a new undeclared change, 0 when declared or before --since, 2 on bad input")
    func exitStatuses() throws {
        let folder = try TestSupport.temporaryDirectory()
        let file = folder.appendingPathComponent("history.sqlite").path
        let store = try HistoryStore(file, creating: true)
        for (k, instructions) in [1_000_000.0, 1_000_000, 1_010_000].enumerated() {
            let run = try SyntheticRuns.run([.init(strategy: "handwritten", instructions: instructions)])
            var p = run.provenance
            p.gitCommit = "c\(k)"
            p.runID = "r\(k)"
            p.time = "2026-11-0\(k + 1)T00:00:00Z"
            try store.add(RecordedRun(source: run.source, provenance: p, records: run.records, samples: [:]), commitTime: nil)
        }
        let changes = try TestSupport.run(["history", "changes", "--history", file])
        #expect(changes.status == 1)
        #expect(changes.stdout.contains("[new] c2 (after c1): 1 step(s), +1.00%"))
        #expect(try TestSupport.run(["history", "changes", "--history", file, "--since", "c1"]).status == 1)
        #expect(try TestSupport.run(["history", "changes", "--history", file, "--since", "c2"]).status == 0)
        #expect(try TestSupport.run(["history", "changes", "--history", file, "--declare", "handwritten: faster keys"]).status == 0)
        let unknown = try TestSupport.run(["history", "changes", "--history", file, "--since", "zzz"])
        #expect(unknown.status == 2 && unknown.stderr.contains("no run of that commit"))
        let missing = try TestSupport.run(["history", "show", "--history", folder.appendingPathComponent("none").path])
        #expect(missing.status == 2 && missing.stderr.split(separator: "\n").count == 1)
        let noResults = try TestSupport.run(["history", "add", folder.path, "--history", file])
        #expect(noResults.status == 2)
        #expect(try store.runs().count == 3)
    }
}
