import Foundation

/// Options of one run, as the `run` command collects them.
struct RunOptions {
    var plan: SamplingPlan
    var timeoutSeconds: Double
    /// Folder that holds `runs/` and the `latest` link.
    var resultsDirectory: URL
    var countAllocations: Bool
    /// The allocator of the timing pass: `system` (glibc) or `jemalloc` (preloaded, default settings).
    var allocator: TimingAllocator
    /// Count instructions per decode under valgrind's callgrind.
    var countInstructions: Bool
    /// Count allocations with this backend; nil picks jemalloc, else the interposer.
    var countingBackend: CountingBackend?

    init(plan: SamplingPlan, timeoutSeconds: Double, resultsDirectory: URL, countAllocations: Bool,
                allocator: TimingAllocator = .system, countInstructions: Bool = false,
                countingBackend: CountingBackend? = nil) {
        self.countInstructions = countInstructions
        self.countingBackend = countingBackend
        self.plan = plan
        self.timeoutSeconds = timeoutSeconds
        self.resultsDirectory = resultsDirectory
        self.countAllocations = countAllocations
        self.allocator = allocator
    }
}

/// The allocator timing workers run with; recorded on every row.
enum TimingAllocator: String, CaseIterable, Sendable {
    case system, jemalloc
}

/// The parent side of a run: one worker process per cell and pass, rows appended to disk as each
/// cell finishes, progress on the terminal, a summary at the end.
struct Runner {
    let runPlan: RunPlan
    let options: RunOptions
    private let log: (String) -> Void

    init(runPlan: RunPlan, options: RunOptions, log: @escaping (String) -> Void = Terminal.status) {
        self.runPlan = runPlan
        self.options = options
        self.log = log
    }

    /// Runs every cell; returns the run folder.
    @discardableResult
    func run() throws -> URL {
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
        func append(_ text: String, to file: URL) throws {
            do { try CSVFormat.append(text, to: file) } catch {
                throw HarnessFailure("cannot append to \(file.path): \(error.localizedDescription)")
            }
        }

        let counting = try countingBackend()
        var timingEnvironment: [String: String] = [:]
        if options.allocator == .jemalloc {
            guard let library = JemallocCounter.libraryPath() else {
                throw UsageError("--allocator jemalloc needs jemalloc (apt-get install libjemalloc-dev)")
            }
            timingEnvironment["LD_PRELOAD"] = library
        }
        let valgrind = options.countInstructions ? InstructionRegion.valgrindPath() : nil
        if options.countInstructions && valgrind == nil {
            throw UsageError("--instructions needs valgrind (apt-get install valgrind)")
        }
        let provenance = Provenance.current(runID: runID, allocator: options.allocator.rawValue,
                                            countingBackend: counting.rawValue)
        if provenance.buildConfiguration == "debug" {
            log("warning: debug build; these numbers do not describe optimized code (use `swift run -c release benchmarks`)")
        }
        for warning in MachineCheck.warnings() { log("warning: \(warning)") }

        let plan = options.plan
        let cells = runPlan.cells
        var payloads: [String: PreparedPayload] = [:]
        var results: [CellResult] = []
        var progress = Progress(total: cells.count * plan.forks, log: log)
        var measured: UInt64 = 0
        let start = Date()
        log("run \(runID): \(cells.count) cells × \(plan.forks) forks, results in \(runDirectory.path)")
        runPlan.skipped.forEach(log)

        // `forks` rounds, each visiting every cell in a new shuffled order: a slow spell of the
        // machine lands on random forks of random cells instead of on one group.
        var states = try cells.map { cell -> CellState in
            let key = cell.source.knobs
            let payload = try payloads[key] ?? PreparedPayload.prepare(cell.source)
            payloads[key] = payload
            return CellState(cell: cell, payload: payload, arguments: try workerArguments(cell))
        }
        var finished: [Int: CellResult] = [:]
        var slowSpells = SlowSpellFilter(threshold: plan.disturbedAbove)
        func finish(_ index: Int) throws {
            let state = states[index]
            var allocations: [AllocationCount]?
            if state.verdict.outcome.isMeasured, counting != .none {
                allocations = try countingPass(state, backend: counting)
            }
            let split = slowSpells.split(state.timings, minimum: plan.minSamples)
            if split.keptDisturbed {
                log("warning: \(state.cell.strategy.id) on \(state.cell.source.name): most samples ran in slow spells of the machine; its statistics include them")
            }
            for (fork, timing) in state.timings.enumerated() {
                try append(CellResult.sampleRows(timing, fork: fork, leftOut: split.leftOut[fork], identity: state.identity,
                                                 runID: runID).map(SamplesCSV.line).joined(), to: samplesFile)
            }
            var result = CellResult(cell: state.cell, identity: state.identity, verdict: state.verdict,
                                    timings: split.kept, allocations: allocations)
            result.excludedSamples = split.excluded
            if state.verdict.outcome.isMeasured, let valgrind {
                result.instructions = try instructionPass(state, valgrind: valgrind)
                if result.instructions == nil {
                    log("warning: \(state.cell.strategy.id) on \(state.cell.source.name): no instruction count (valgrind failed on the worker; a build with the Simdjson trait cannot be read by valgrind 3.19)")
                }
            }
            finished[index] = result
            try append(result.rows(provenance: provenance).map(ResultsCSV.line).joined(), to: resultsFile)
        }
        for fork in 0..<plan.forks {
            for index in states.indices.shuffled() where finished[index] == nil {
                switch try timingPass(states[index], fork: fork, environment: timingEnvironment,
                                      probeReference: slowSpells.reference) {
                case .measured(let result):
                    measured += result.measuredNanoseconds
                    states[index].timings.append(result)
                    slowSpells.record(result)
                case .ended(let verdict):
                    states[index].verdict = verdict
                    states[index].timings = []
                    progress.skip(plan.forks - fork - 1)
                }
                progress.step(states[index], fork: fork, forks: plan.forks)
                if fork == plan.forks - 1 || !states[index].verdict.outcome.isMeasured { try finish(index) }
            }
        }
        results = states.indices.compactMap { finished[$0] }

        let total = Date().timeIntervalSince(start)
        let info = RunInfo(cells: cells.count, forks: plan.forks, totalSeconds: total,
                           measuredSeconds: Double(measured) / 1e9)
        try info.write(to: runDirectory)
        print(SummaryTable.render(results))
        // Out before the closing lines on stderr, also when both go to one file.
        fflush(stdout)
        let data = try RunData.load(resultsFile.path)
        try Reports.write(for: data, into: runDirectory)
        if let note = Reports.slowSpellNote(data) { log("note: \(note)") }
        log("wrote \(resultsFile.path), report.md and report.html (\(cells.count) cells in \(Terminal.duration(total)), "
            + String(format: "duty cycle %.0f%%: time inside measured decodes / total)", info.dutyCycle * 100))
        return runDirectory
    }

    /// What the parent knows about a cell while its forks run.
    struct CellState {
        let cell: Cell
        let payload: PreparedPayload
        let arguments: [String]
        var verdict = Verdict(.ok)
        var timings: [TimingResult] = []

        init(cell: Cell, payload: PreparedPayload, arguments: [String]) {
            self.cell = cell
            self.payload = payload
            self.arguments = arguments
        }

        var identity: CellIdentity {
            CellIdentity(group: cell.strategy.group, strategy: cell.strategy.id,
                         expectation: cell.strategy.expectation.rawValue, profile: cell.source.name,
                         bytes: payload.bytes, sha256: payload.sha256, elements: payload.elements,
                         seed: cell.source.seed, knobs: cell.source.knobs)
        }
    }

    enum TimingOutcome {
        case measured(TimingResult)
        case ended(Verdict)
    }

    private func launcher(for cell: Cell) -> WorkerLauncher {
        WorkerLauncher(timeoutSeconds: min(options.timeoutSeconds, cell.strategy.timeoutCap ?? .infinity))
    }

    /// One fork's timing pass in a fresh worker.
    private func timingPass(_ state: CellState, fork: Int, environment: [String: String],
                            probeReference: Double?) throws -> TimingOutcome {
        let reference = probeReference.map { ["--probe-reference", "\($0)"] } ?? []
        switch try launchWorker(launcher(for: state.cell), state.arguments + ["--pass", "timing"] + reference,
                                environment: environment) {
        case .timedOut(let seconds):
            return .ended(Verdict(.timeout, "no result within \(Terminal.duration(seconds)) (killed)"))
        case .crashed(let detail):
            return .ended(Verdict(.crashed, detail))
        case .report(let report):
            if report.sha256 != state.payload.sha256 {
                throw HarnessFailure("worker read different bytes for \(state.cell.source.name) (sha256 \(report.sha256) vs \(state.payload.sha256))")
            }
            guard report.outcome.isMeasured, let timing = report.timing else {
                return .ended(Verdict(report.outcome, report.detail))
            }
            return .measured(timing)
        }
    }

    /// The backend of the counting pass: the one asked for, or jemalloc, or the interposer; says
    /// once when counts will be approximate or missing.
    private func countingBackend() throws -> CountingBackend {
        guard options.countAllocations else { return .none }
        if let asked = options.countingBackend {
            guard asked == .none || asked.libraryPath != nil else {
                throw UsageError(asked == .jemalloc
                    ? "--counting jemalloc needs jemalloc (apt-get install libjemalloc-dev)"
                    : "--counting interposer needs libMallocInterposerSwift.so beside the executable (swift build builds it)")
            }
            return asked
        }
        if CountingBackend.jemalloc.libraryPath != nil { return .jemalloc }
        if CountingBackend.interposer.libraryPath != nil {
            log("note: jemalloc not found (apt-get install libjemalloc-dev); allocations are counted through malloc-interposer over glibc: approximate (about 0.1%), no peak heap")
            return .interposer
        }
        log("note: jemalloc not found (apt-get install libjemalloc-dev); allocations are not counted in this run")
        return .none
    }

    /// The counting pass: the backend's library preloaded, deterministic hashing.
    private func countingPass(_ state: CellState, backend: CountingBackend) throws -> [AllocationCount]? {
        var environment = backend.environment
        environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        guard case .report(let report) = try launchWorker(launcher(for: state.cell), state.arguments + ["--pass", "counting"],
                                                         environment: environment),
              report.outcome == .ok else { return nil }
        return report.allocations
    }

    /// The decode under callgrind, counted only inside `InstructionRegion`, with deterministic
    /// hashing (without it counts spread by ~0.2% run to run).
    private func instructionPass(_ state: CellState, valgrind: String) throws -> Int? {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("callgrind-\(UUID().uuidString).out")
        defer { try? FileManager.default.removeItem(at: output) }
        // `env -i` with a fixed list: Foundation passes the environment in dictionary order, which
        // changes every run, and getenv's scans inside the decode would count differently.
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let wrapper = ["/usr/bin/env", "-i", "LANG=C.UTF-8", "PATH=\(path)", "SWIFT_BACKTRACE=enable=no",
                       "SWIFT_DETERMINISTIC_HASHING=1",
                       valgrind, "--tool=callgrind", "--collect-atstart=no",
                       "--toggle-collect=\(InstructionRegion.symbol)", "--callgrind-out-file=\(output.path)"]
        let slowLauncher = WorkerLauncher(timeoutSeconds: launcher(for: state.cell).timeoutSeconds * 20)
        let exit: WorkerExit
        do {
            exit = try slowLauncher.launch(arguments: state.arguments + ["--pass", "instructions"],
                                           environment: ["SWIFT_DETERMINISTIC_HASHING": "1"], wrapper: wrapper)
        } catch {
            throw HarnessFailure("cannot start valgrind: \(error.localizedDescription)")
        }
        guard case .report(let report) = exit, report.outcome == .ok, let decodes = report.countedDecodes,
              let text = try? String(contentsOf: output, encoding: .utf8),
              let total = InstructionRegion.totalInstructions(callgrindOutput: text) else { return nil }
        return total / decodes
    }

    private func workerArguments(_ cell: Cell) throws -> [String] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let planJSON = String(decoding: try encoder.encode(options.plan), as: UTF8.self)
        let source: [String]
        switch cell.source {
        case .generated(let profile):
            source = ["--profile-json", String(decoding: try encoder.encode(profile), as: UTF8.self)]
        case .file(let url):
            source = ["--payload-file", url.path]
        }
        return ["--strategy", cell.strategy.id, "--plan-json", planJSON] + source
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
