import Foundation

/// Options of one run, as the `run` command collects them.
public struct RunOptions {
    public var plan: SamplingPlan
    public var timeoutSeconds: Double
    /// Folder that holds `runs/` and the `latest` link.
    public var resultsDirectory: URL
    public var countAllocations: Bool

    public init(plan: SamplingPlan, timeoutSeconds: Double, resultsDirectory: URL, countAllocations: Bool) {
        self.plan = plan
        self.timeoutSeconds = timeoutSeconds
        self.resultsDirectory = resultsDirectory
        self.countAllocations = countAllocations
    }
}

/// The parent side of a run: one worker process per cell and pass, rows appended to disk as each
/// cell finishes, progress on the terminal, a summary at the end.
public struct Runner {
    public let runPlan: RunPlan
    public let options: RunOptions
    private let log: (String) -> Void

    public init(runPlan: RunPlan, options: RunOptions, log: @escaping (String) -> Void = Terminal.status) {
        self.runPlan = runPlan
        self.options = options
        self.log = log
    }

    /// Runs every cell; returns the run folder.
    @discardableResult
    public func run() throws -> URL {
        let runID = Self.makeRunID()
        let runDirectory = options.resultsDirectory.appendingPathComponent("runs/\(runID)")
        let resultsFile = runDirectory.appendingPathComponent("results.csv")
        let samplesFile = runDirectory.appendingPathComponent("samples.csv")
        do {
            try FileManager.default.createDirectory(at: runDirectory, withIntermediateDirectories: true)
            try CSVFormat.append(ResultsCSV.header, to: resultsFile)
            try CSVFormat.append(SamplesCSV.header, to: samplesFile)
            try Self.pointLatest(at: runID, in: options.resultsDirectory)
        } catch {
            throw HarnessFailure("cannot write results under \(options.resultsDirectory.path): \(error.localizedDescription)")
        }

        let jemalloc = options.countAllocations ? JemallocCounter.libraryPath() : nil
        if options.countAllocations && jemalloc == nil {
            log("note: jemalloc not found (apt-get install libjemalloc-dev); allocations are not counted in this run")
        }
        let provenance = Provenance.current(runID: runID, allocator: "system",
                                            countingBackend: jemalloc == nil ? "none" : "jemalloc")
        if provenance.buildConfiguration == "debug" {
            log("warning: debug build; these numbers do not describe optimized code (use `swift run -c release benchmarks`)")
        }
        var payloads: [String: GeneratedPayload] = [:]
        var results: [CellResult] = []
        let start = Date()
        let cells = runPlan.cells
        log("run \(runID): \(cells.count) cells, results in \(runDirectory.path)")

        for (index, cell) in cells.enumerated() {
            let payload = payloads[cell.profile.name] ?? NewsGenerator.generate(cell.profile)
            payloads[cell.profile.name] = payload
            let timeout = min(options.timeoutSeconds, cell.strategy.timeoutCap ?? .infinity)
            let result = try measure(cell, payload: payload, launcher: WorkerLauncher(timeoutSeconds: timeout),
                                     jemalloc: jemalloc)
            results.append(result)
            do {
                try CSVFormat.append(result.rows(provenance: provenance).map(ResultsCSV.line).joined(), to: resultsFile)
                try CSVFormat.append(result.sampleRows(runID: runID).map(SamplesCSV.line).joined(), to: samplesFile)
            } catch {
                throw HarnessFailure("cannot append to \(resultsFile.path): \(error.localizedDescription)")
            }
            let elapsed = Date().timeIntervalSince(start)
            let eta = elapsed / Double(index + 1) * Double(cells.count - index - 1)
            log(Terminal.progressLine(index: index + 1, of: cells.count, result: result, eta: eta))
        }

        print(SummaryTable.render(results))
        try Reports.write(for: try RunData.load(resultsFile.path), into: runDirectory)
        log("wrote \(resultsFile.path), report.md and report.html (\(results.count) cells in \(Terminal.duration(Date().timeIntervalSince(start))))")
        return runDirectory
    }

    /// Timing pass, then (for `ok` cells) a counting pass, each in a fresh worker.
    private func measure(_ cell: Cell, payload: GeneratedPayload, launcher: WorkerLauncher,
                         jemalloc: String?) throws -> CellResult {
        let identity = CellIdentity(
            group: cell.strategy.group, strategy: cell.strategy.id, expectation: cell.strategy.expectation.rawValue,
            profile: cell.profile.name, bytes: payload.bytes.count, sha256: payload.sha256,
            elements: payload.manifest.elements, seed: cell.profile.seed, knobs: cell.profile.knobSummary)
        let arguments = try workerArguments(cell)

        let timing: WorkerReport
        switch try launchWorker(launcher, arguments + ["--pass", "timing"], environment: [:]) {
        case .timedOut(let seconds):
            return CellResult(cell: cell, identity: identity,
                              verdict: Verdict(.timeout, "no result within \(Terminal.duration(seconds)) (killed)"),
                              timing: nil, allocations: nil)
        case .crashed(let detail):
            return CellResult(cell: cell, identity: identity, verdict: Verdict(.crashed, detail), timing: nil, allocations: nil)
        case .report(let report):
            timing = report
        }
        if timing.sha256 != payload.sha256 {
            throw HarnessFailure("worker generated different bytes for profile \(cell.profile.name) (sha256 \(timing.sha256) vs \(payload.sha256))")
        }
        let verdict = Verdict(timing.outcome, timing.detail)
        guard verdict.outcome.isMeasured else {
            return CellResult(cell: cell, identity: identity, verdict: verdict, timing: nil, allocations: nil)
        }

        var allocations: [AllocationCount]?
        if let jemalloc {
            // Deterministic hashing: dictionary-heavy decodes must count the same in every process.
            let environment = ["LD_PRELOAD": jemalloc, "MALLOC_CONF": "tcache:false", "SWIFT_DETERMINISTIC_HASHING": "1"]
            if case .report(let report) = try launchWorker(launcher, arguments + ["--pass", "counting"],
                                                           environment: environment),
               report.outcome == .ok {
                allocations = report.allocations
            }
        }
        return CellResult(cell: cell, identity: identity, verdict: verdict, timing: timing.timing, allocations: allocations)
    }

    private func workerArguments(_ cell: Cell) throws -> [String] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let profileJSON = String(decoding: try encoder.encode(cell.profile), as: UTF8.self)
        let planJSON = String(decoding: try encoder.encode(options.plan), as: UTF8.self)
        return ["--strategy", cell.strategy.id, "--profile-json", profileJSON, "--plan-json", planJSON]
    }

    private func launchWorker(_ launcher: WorkerLauncher, _ arguments: [String],
                              environment: [String: String]) throws -> WorkerExit {
        do { return try launcher.launch(arguments: arguments, environment: environment) } catch {
            throw HarnessFailure("cannot start a worker (\(launcher.executable.path)): \(error.localizedDescription)")
        }
    }

    /// `20261122-031500-4f2a`: sortable by time, unique across runs started in the same second.
    static func makeRunID() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter.string(from: Date()) + "-" + String(UInt16.random(in: 0...UInt16.max), radix: 16)
    }

    /// `results/latest` → `runs/<id>`, replaced atomically enough for a single user.
    static func pointLatest(at runID: String, in resultsDirectory: URL) throws {
        let link = resultsDirectory.appendingPathComponent("latest")
        try? FileManager.default.removeItem(at: link)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "runs/\(runID)")
    }
}
