import CodableBenchCore
import CodableBenchAnalysis
import CodableBenchHarness
import ArgumentParser
import Foundation

/// `benchmarks history`: runs kept in one SQLite file across commits, their series, the changes
/// in them, and exports for other history tools.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Keep runs across commits in one file; show a cell's series; find the changes; export for Otava and Bencher.",
        subcommands: [Add.self, Show.self, Changes.self, Export.self]
    )

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add runs to the history (a run already in it is kept once).")

        @Argument(help: "Run folders, results.csv files or run ids.")
        var runs: [String]

        @Option(help: "The history file.")
        var history = HistoryStore.defaultPath

        func run() throws {
            // Every run is read before the history is touched: a bad one changes nothing.
            let loaded = try runs.map { try RecordedRun.load($0) }
            let store = try HistoryStore(history, creating: true)
            for run in loaded {
                let added = try HistoryHook.add(run, to: store)
                print("\(added ? "added" : "already in the history"): \(run.provenance.runID) (\(run.provenance.gitCommit.prefix(7)))")
            }
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "A cell's figures and ratios over the history's commits.")

        @Option(help: "The history file.")
        var history = HistoryStore.defaultPath
        @Option(help: "Only this group.") var group: String?
        @Option(help: "Only this strategy.") var strategy: String?
        @Option(help: "Only this profile.") var profile: String?
        @Option(help: "Only time ratios measured on a CPU whose label contains this.") var cpu: String?
        @Option(help: "The figure to show besides the ratios (a results.csv metric).")
        var metric = Metric.instructions.rawValue
        @Flag(help: "Only the history's commits, one a line, oldest first.")
        var commits = false

        func run() throws {
            guard let metric = Metric(rawValue: metric) else {
                throw CommandError.usage("--metric \(self.metric): not a metric (results/README.md lists them)")
            }
            let runs = try HistoryStore(history, creating: false).runs()
            if commits {
                return print(HistoryChanges(runs).commits.joined(separator: "\n"))
            }
            let series = HistorySeriesText(runs: runs)
            let text = series.render(
                matching: { cell in
                    (group.map { $0 == cell.group } ?? true) && (strategy.map { $0 == cell.strategy } ?? true)
                        && (profile.map { $0 == cell.profile } ?? true)
                }, cpu: cpu, metric: metric)
            guard !text.isEmpty else { throw CommandError.usage("no cell of the history matches") }
            print(text)
        }
    }

    struct Changes: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The changes: exact measures' steps between commits, by function; each CPU's time change points.",
            discussion: """
                Exit status: 0 no change after --since (or none at all), 1 a change after it that no \
                --declare covers, 2 bad input.
                """)

        @Option(help: "The history file.")
        var history = HistoryStore.defaultPath
        @Option(help: "Only changes at commits after this one (a prefix of its hash) decide the exit status.")
        var since: String?
        @Option(help: "A change made on purpose: 'STRATEGY: why' or 'STRATEGY/PROFILE: why' (repeatable).")
        var declare: [String] = []
        @Flag(help: "Only exact changes decide the exit status (time change points are listed).")
        var exactOnly = false
        @Flag(help: "List every step, not the largest five of each commit.")
        var verbose = false
        @Option(help: "Also write every change to this CSV file (kind, commit, series, setting, before, after, p).")
        var csv: String?

        func run() throws {
            let declared = try declare.map(DeclaredChange.init(parsing:))
            let runs = try HistoryStore(history, creating: false).runs()
            let changes = HistoryChanges(runs)
            var firstNew = 0
            if let since {
                guard let index = changes.commits.lastIndex(where: { $0.hasPrefix(since) }) else {
                    throw CommandError.usage("--since \(since): no run of that commit in \(history)")
                }
                firstNew = index + 1
            }
            let report = HistoryChangesText(changes: changes, runs: runs.count, firstNew: firstNew, declared: declared)
            print(report.render(history: history, exactOnly: exactOnly, verbose: verbose))
            if let csv {
                do { try Data(report.csv.utf8).write(to: URL(fileURLWithPath: csv)) } catch {
                    throw CommandError.harness("cannot write \(csv): \(error.localizedDescription)")
                }
            }
            if report.failing(exactOnly: exactOnly) > 0 { throw ExitCode(1) }
        }
    }

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write the history for other tools: Otava's CSV files and configuration, or Bencher's BMF JSON per run.")

        @Option(help: "The history file.")
        var history = HistoryStore.defaultPath
        @Option(help: "otava or bmf.") var format: String
        @Option(help: "The folder to write into.") var out: String

        func run() throws {
            let runs = try HistoryStore(history, creating: false).runs()
            let folder = URL(fileURLWithPath: out)
            let files: [String: String]
            switch format {
            case "otava": files = HistoryExport.otava(runs)
            case "bmf": files = HistoryExport.bmf(runs)
            default: throw CommandError.usage("--format \(format): write otava or bmf")
            }
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                for (name, text) in files.sorted(by: { $0.key < $1.key }) {
                    try Data(text.utf8).write(to: folder.appendingPathComponent(name))
                }
            } catch {
                throw CommandError.harness("cannot write \(out): \(error.localizedDescription)")
            }
            print("wrote \(files.count) file(s) to \(out)")
        }
    }
}

/// A run added to a history, by `history add` and by `run` and `ab` with `--history`.
enum HistoryHook {
    static func add(_ run: RecordedRun, to store: HistoryStore) throws -> Bool {
        try store.add(run, commitTime: Provenance.commitTime(run.provenance.gitCommit))
    }

    /// `--history FILE` on `run` and `ab`: the build's run just finished, unless it was cut short
    /// (its unsettled cells are estimates, which a history would read as changes).
    static func add(_ outcome: FinishedRun, toHistory path: String?) throws {
        guard let path else { return }
        guard outcome.interruptedBy == nil, outcome.info.finished != false else {
            return Terminal.status("not added to the history \(path): the run did not reach its end")
        }
        let added = try add(outcome.thisBuild, to: HistoryStore(path, creating: true))
        Terminal.status(added ? "added to the history \(path)" : "already in the history \(path)")
    }
}
