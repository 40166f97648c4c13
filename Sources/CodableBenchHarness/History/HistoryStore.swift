import Foundation
import CodableBenchCore
import GRDB

/// A history of runs in one SQLite file (through GRDB): `benchmarks history add`, and `run` and
/// `ab` with `--history`. Each run is added in one transaction, kept once (by its id, commit and
/// time), and read back as `HistoryEntry`s in commit order. Two jobs adding at once both land: a
/// writer waits for the other's transaction instead of failing. The tables are documented in
/// results/README.md, for readers who query the file directly.
package struct HistoryStore {
    package static let defaultPath = "results/history.sqlite"

    private let database: DatabaseQueue
    private let path: String

    /// How long a writer waits for another's transaction before it gives up (exit status 2):
    /// `CODABLEBENCH_HISTORY_WAIT` seconds, else a minute.
    static var wait: TimeInterval {
        ProcessInfo.processInfo.environment["CODABLEBENCH_HISTORY_WAIT"].flatMap(TimeInterval.init) ?? 60
    }

    /// Opens `path`, creating it (and its tables) with `creating`; otherwise it must exist. A file
    /// that is not a history, or one written by a later CodableBench, is refused with exit status 2.
    package init(_ path: String, creating: Bool) throws {
        self.path = path
        guard creating || FileManager.default.fileExists(atPath: path) else {
            throw CommandError.input("no history at \(path) (benchmarks history add RUN… --history \(path) starts one)")
        }
        var configuration = Configuration()
        // Another job's transaction holds the file for seconds at most.
        configuration.busyMode = .timeout(Self.wait)
        do {
            if creating {
                try FileManager.default.createDirectory(
                    at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
            }
            database = try DatabaseQueue(path: path, configuration: configuration)
            let migrator = Self.migrator
            if try database.read(migrator.hasBeenSuperseded) {
                throw CommandError.input("\(path) was written by a later CodableBench (its tables are newer than this version's)")
            }
            try migrator.migrate(database)
        } catch let error as CommandError {
            throw error
        } catch {
            throw Self.failure(error, path: path)
        }
    }

    /// Adds `run` unless the history has it; false when it had. `commitTime`: see `HistoryEntry`.
    @discardableResult
    package func add(_ run: RecordedRun, commitTime: String?) throws -> Bool {
        let version = run.provenance.harnessVersion
        guard let known = HarnessVersion(version), known <= HarnessVersion(Provenance.harnessVersion)! else {
            throw CommandError.input(
                "\(run.source.deletingLastPathComponent().path) was recorded by harness \(version), which this CodableBench (\(Provenance.harnessVersion)) does not know"
            )
        }
        do {
            return try database.write { db in
                let p = run.provenance
                let existing = try Int64.fetchOne(
                    db, sql: "SELECT id FROM run WHERE run_id = ? AND git_commit = ? AND time = ?",
                    arguments: [p.runID, p.gitCommit, p.time])
                guard existing == nil else { return false }
                let provenanceJSON = String(decoding: try JSONEncoder().encode(p), as: UTF8.self)
                try db.execute(
                    sql: """
                        INSERT INTO run (run_id, git_commit, git_dirty, time, commit_time, cpu, exact_cpu, os, swift_version,
                          foundation, build_configuration, build_flags, harness_version, counting_backend, provenance)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        p.runID, p.gitCommit, p.gitDirty, p.time, commitTime, p.timedOn.label, run.info?.exactCPU, p.os,
                        p.swiftVersion, p.foundation, p.buildConfiguration, p.buildFlags, p.harnessVersion, p.countingBackend,
                        provenanceJSON,
                    ])
                try Self.insertCells(of: run, as: db.lastInsertedRowID, into: db)
                return true
            }
        } catch {
            throw Self.failure(error, path: path)
        }
    }

    /// A run's figures, costs and ratios, as rows of `run`'s id `id`.
    private static func insertCells(of run: RecordedRun, as id: Int64, into db: Database) throws {
        for record in run.records {
            let cell = record.key
            for measure in record.measures {
                try db.execute(
                    sql: "INSERT INTO figure VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    arguments: [
                        id, cell.group, cell.strategy, cell.profile, measure.metric.rawValue, measure.summary.median,
                        measure.summary.ci95Low, measure.summary.ci95High,
                    ])
            }
            for function in record.costs {
                try db.execute(
                    sql: "INSERT INTO cost VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    arguments: [
                        id, cell.group, cell.strategy, cell.profile, function.name, function.object, function.category,
                        function.selfInstructions, function.inclusiveInstructions, function.calls, function.allocations,
                        function.selfCycles,
                    ])
            }
        }
        for ratio in run.ratios {
            try db.execute(
                sql: "INSERT INTO ratio VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                arguments: [
                    id, ratio.group, ratio.strategy, ratio.profile, ratio.yardstick, ratio.ratio.value, ratio.ratio.low,
                    ratio.ratio.high, ratio.ratio.pairs, ratio.ratio.generations, ratio.state?.rawValue,
                ])
        }
    }

    /// Every run, in commit order (`HistoryEntry.order`).
    package func runs() throws -> [HistoryEntry] {
        do {
            return try database.read { db in
                var runs: [Int64: HistoryEntry] = [:]
                for row in try Row.fetchAll(db, sql: "SELECT id, provenance, exact_cpu, commit_time FROM run") {
                    let provenance = try JSONDecoder().decode(Provenance.self, from: Data((row["provenance"] as String).utf8))
                    runs[row["id"]] = HistoryEntry(
                        provenance: provenance, exactCPU: row["exact_cpu"], commitTime: row["commit_time"], figures: [:],
                        ratios: [], costs: [:])
                }
                func cell(_ row: Row) -> CellKey { CellKey(group: row["grp"], strategy: row["strategy"], profile: row["profile"]) }
                for row in try Row.fetchAll(db, sql: "SELECT * FROM figure") {
                    guard let metric = Metric(rawValue: row["metric"]) else { continue }
                    runs[row["run"]]?.figures[cell(row), default: [:]][metric] = HistoryEntry.Figure(
                        median: row["median"], low: row["low"], high: row["high"])
                }
                for row in try Row.fetchAll(db, sql: "SELECT * FROM ratio ORDER BY rowid") {
                    var ratio = CellRatio(
                        profile: row["profile"], group: row["grp"], strategy: row["strategy"], yardstick: row["yardstick"],
                        ratio: PairedRatio(
                            value: row["value"], low: row["low"], high: row["high"], pairs: row["pairs"],
                            generations: row["generations"]))
                    ratio.state = (row["state"] as String?).flatMap(HostState.init(rawValue:))
                    runs[row["run"]]?.ratios.append(ratio)
                }
                var functions: [Int64: [CellKey: [CostBreakdown.Function]]] = [:]
                for row in try Row.fetchAll(db, sql: "SELECT * FROM cost ORDER BY rowid") {
                    var function = CostBreakdown.Function(
                        name: row["function"], object: row["object"], category: row["category"],
                        selfInstructions: row["self_instructions"], inclusiveInstructions: row["inclusive_instructions"],
                        calls: row["calls"])
                    function.allocations = row["allocations"]
                    function.selfCycles = row["self_cycles"]
                    functions[row["run"], default: [:]][cell(row), default: []].append(function)
                }
                for (id, cells) in functions { runs[id]?.costs = cells.mapValues { CostBreakdown(functions: $0) } }
                return runs.values.sorted { $0.order < $1.order }
            }
        } catch let error as CommandError {
            throw error
        } catch {
            throw Self.failure(error, path: path)
        }
    }

    /// The tables, one migration a change of them (a later version's file is refused above).
    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE run (
                      id INTEGER PRIMARY KEY, run_id TEXT NOT NULL, git_commit TEXT NOT NULL, git_dirty INTEGER NOT NULL,
                      time TEXT NOT NULL, commit_time TEXT, cpu TEXT NOT NULL, exact_cpu TEXT, os TEXT NOT NULL,
                      swift_version TEXT NOT NULL, foundation TEXT NOT NULL, build_configuration TEXT NOT NULL,
                      build_flags TEXT NOT NULL, harness_version TEXT NOT NULL, counting_backend TEXT NOT NULL,
                      provenance TEXT NOT NULL, UNIQUE (run_id, git_commit, time));
                    CREATE TABLE figure (
                      run INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE, grp TEXT NOT NULL, strategy TEXT NOT NULL,
                      profile TEXT NOT NULL, metric TEXT NOT NULL, median REAL NOT NULL, low REAL NOT NULL, high REAL NOT NULL);
                    CREATE TABLE ratio (
                      run INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE, grp TEXT NOT NULL, strategy TEXT NOT NULL,
                      profile TEXT NOT NULL, yardstick TEXT NOT NULL, value REAL NOT NULL, low REAL NOT NULL, high REAL NOT NULL,
                      pairs INTEGER NOT NULL, generations INTEGER NOT NULL, state TEXT);
                    CREATE TABLE cost (
                      run INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE, grp TEXT NOT NULL, strategy TEXT NOT NULL,
                      profile TEXT NOT NULL, function TEXT NOT NULL, object TEXT NOT NULL, category TEXT NOT NULL,
                      self_instructions INTEGER NOT NULL, inclusive_instructions INTEGER NOT NULL, calls INTEGER NOT NULL,
                      allocations INTEGER NOT NULL, self_cycles INTEGER NOT NULL);
                    CREATE INDEX figure_run ON figure(run);
                    CREATE INDEX ratio_run ON ratio(run);
                    CREATE INDEX cost_run ON cost(run);
                    """)
        }
        return migrator
    }

    /// One line for what SQLite or GRDB said (a file that is not a database, one another job holds
    /// past the wait): exit status 2, and the history as it was, since every change is one
    /// transaction.
    private static func failure(_ error: Error, path: String) -> CommandError {
        if let error = error as? DatabaseError {
            let what = error.message ?? "\(error.resultCode)"
            return CommandError.input("history \(path): \(what) (nothing was changed)")
        }
        return CommandError.input("history \(path): \(error.localizedDescription) (nothing was changed)")
    }
}

/// A harness version, compared part by part ("0.9.0" < "0.10.2").
package struct HarnessVersion: Comparable, Sendable {
    let parts: [Int]

    package init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else { return nil }
        self.parts = parts.map { $0! }
    }

    package static func < (a: HarnessVersion, b: HarnessVersion) -> Bool { a.parts.lexicographicallyPrecedes(b.parts) }
}
