import Foundation

/// Options of one run, as the `run` command collects them.
struct RunOptions {
    var plan: SamplingPlan
    var timeoutSeconds: Double
    /// Folder that holds `runs/` and the `latest` link.
    var resultsDirectory: URL
    var countAllocations: Bool
    /// The allocator of the timing pass (`TimingAllocator`).
    var allocator: TimingAllocator
    /// Count instructions per decode under valgrind's callgrind.
    var countInstructions: Bool
    /// Count allocations with this backend; nil picks jemalloc, else the interposer.
    var countingBackend: CountingBackend?
    /// The questions and claims the reports answer first.
    var claims: ClaimsFile
    /// Print the full table of cells, not only the answers.
    var verbose: Bool
    /// What the reports need of the catalogue (references, what each strategy changes).
    var facts: StrategyFacts = .none
    /// What the run pairs: strategies with their yardsticks, or (`ab`) every cell with a baseline
    /// build's worker for it, whose rows go to the run's `baseline/` folder.
    var pairing: Pairing = .yardsticks

    init(
        plan: SamplingPlan, timeoutSeconds: Double, resultsDirectory: URL, countAllocations: Bool,
        allocator: TimingAllocator = .glibcRetained, countInstructions: Bool = false,
        countingBackend: CountingBackend? = nil, claims: ClaimsFile = .none, verbose: Bool = false
    ) {
        self.claims = claims
        self.verbose = verbose
        self.countInstructions = countInstructions
        self.countingBackend = countingBackend
        self.plan = plan
        self.timeoutSeconds = timeoutSeconds
        self.resultsDirectory = resultsDirectory
        self.countAllocations = countAllocations
        self.allocator = allocator
    }
}

/// The parent side of a run: its folder, one lockstep comparison per payload, their sampling
/// (`InterleavedSampling`) and counting passes (`Runner+CountingPasses`), then run.json, the
/// reports and a summary on the terminal.
struct Runner {
    let runPlan: RunPlan
    let options: RunOptions
    let log: (String) -> Void

    init(runPlan: RunPlan, options: RunOptions, log: @escaping (String) -> Void = Terminal.status) {
        self.runPlan = runPlan
        self.options = options
        self.log = log
    }

    /// Runs every cell; returns the run folder.
    @discardableResult
    func run() throws -> URL {
        // A worker that dies between two requests must not take the parent with it.
        signal(SIGPIPE, SIG_IGN)
        let folder = try RunFolder.create(runID: RunFolder.makeRunID(), in: options.resultsDirectory)
        let runID = folder.runID
        ScratchSpace.interruptionNote = "interrupted before any comparison finished: \(folder.directory.path) has no rows"
        defer { ScratchSpace.interruptionNote = nil }

        let counting = try countingBackend()
        let timingEnvironment = try options.allocator.environment()
        var instructions: InterleavedSampling.InstructionSetup?
        if options.countInstructions {
            guard let valgrind = InstructionRegion.valgrindPath() else {
                throw UsageError("--instructions needs valgrind (apt-get install valgrind)")
            }
            instructions = (valgrind, try CostCategories.standard())
            try folder.append(CostsCSV.header, to: folder.costs)
        }
        let provenance = Provenance.current(
            runID: runID, allocator: options.allocator.rawValue,
            countingBackend: counting.rawValue)
        if provenance.buildConfiguration == "debug" {
            log("warning: debug build; these numbers do not describe optimized code (use `swift run -c release benchmarks`)")
        }
        for warning in MachineCheck.warnings() { log("warning: \(warning)") }

        let cells = runPlan.cells
        let start = Date()
        let payloadFolder: URL
        do { payloadFolder = try ScratchSpace.folder("payloads") } catch {
            throw HarnessFailure("cannot create a folder in \(ScratchSpace.root.path): \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(at: payloadFolder) }
        let comparisons = try lockstepComparisons(payloadFolder: payloadFolder)
        if options.pairing.keepsBaselineRows { try folder.createBaseline() }
        log(
            "run \(runID): \(cells.count) cells in \(comparisons.count) lockstep comparisons (one per payload), "
                + String(format: "target ±%g%%", options.plan.precision * 100) + ", results in \(folder.directory.path)")
        runPlan.skipped.forEach(log)
        try folder.append(RatiosCSV.header, to: folder.ratios)

        let sampling = InterleavedSampling(
            runner: self, comparisons: comparisons, folder: folder, provenance: provenance, counting: counting,
            instructions: instructions, environment: timingEnvironment, start: start)
        let (measured, phases) = try sampling.run()

        let total = Date().timeIntervalSince(start)
        let data = try RunData.load(folder.results.path)
        let slowState = data.slowState
        let info = RunInfo(
            cells: cells.count, comparisons: comparisons.count, totalSeconds: total,
            measuredSeconds: Double(measured) / 1e9, precisionTarget: options.plan.precision, phases: phases,
            slowStateShare: slowState?.share)
        try info.write(to: folder.directory)
        try Reports.write(for: data, into: folder.directory, facts: options.facts, claims: options.claims)
        // Built once for the terminal's table and answers (an ab run prints neither unless --verbose).
        let answers =
            options.verbose || options.pairing.printsAnswers
            ? Reports.answers(run: data, claims: options.claims, facts: options.facts) : []
        if options.verbose {
            // The report's cells in the answers' order (questions first, references last).
            let cells = CellSummary.all(in: data, references: options.facts.references)
            let ordered = Reports.groups(cells, answers: answers).flatMap(\.cells)
            print(SummaryTable.render(MeasurementTable(ordered, all: cells)) + "\n")
        }
        // An ab run's ratios are to the baseline build; its summary is the A/B gate's (ABCommand).
        if options.pairing.printsAnswers {
            print(AnswersText.terminal(answers, claims: options.claims, provenance: data.rows[0].provenance))
            print(
                "\nEvery cell, with times and allocations: \(folder.directory.appendingPathComponent("report.md").path) "
                    + "(`--verbose` prints it here).")
        }
        // Out before the closing lines on stderr, also when both go to one file.
        fflush(stdout)
        log(
            "wrote \(folder.results.path), report.md and report.html (\(cells.count) cells in \(Terminal.duration(total)), "
                + String(format: "duty cycle %.0f%%: time inside measured decodes / total)", info.dutyCycle * 100))
        log("time went to: \(phases.shares(of: total))")
        if let slow = slowState {
            let advice = slow.isHigh ? ": intervals are wider than in a steadier run (report.md says more)" : ""
            log("the machine ran in \(slow.text)\(advice)")
        }
        return folder.directory
    }

    /// The run's cells, one lockstep comparison per payload (every strategy that runs on those
    /// bytes), each payload prepared once and written to `payloadFolder` for later generations.
    private func lockstepComparisons(payloadFolder: URL) throws -> [[CellState]] {
        var payloads: [String: PreparedPayload] = [:]
        let states = try runPlan.cells.flatMap { cell -> [CellState] in
            let key = cell.source.knobs
            let payload = try payloads[key] ?? PreparedPayload.prepare(cell.source, writingTo: payloadFolder)
            payloads[key] = payload
            let state = CellState(
                cell: cell, payload: payload, arguments: try workerArguments(cell, source: cell.source),
                verifiedArguments: try workerArguments(cell, source: .file(payload.file))
                    + ["--verified"])
            return options.pairing.states(for: state)
        }
        var comparisons: [[CellState]] = []
        var position: [String: Int] = [:]
        for state in states {
            let key = state.cell.source.knobs
            if let index = position[key] {
                comparisons[index].append(state)
            } else {
                position[key] = comparisons.count
                comparisons.append([state])
            }
        }
        return comparisons
    }

    /// What the parent knows about a cell while its forks run.
    struct CellState {
        let cell: Cell
        let payload: PreparedPayload
        /// A worker's arguments: it generates or reads the payload and verifies the decode.
        let arguments: [String]
        /// The same for a later process generation: the payload from the parent's file and no
        /// verification. (The counting and instruction passes generate the payload as the first
        /// generation does: with the file's path, whose length changes with the run id, the
        /// instruction counts differed run to run by ~0.01%, and the peak heap moved by 1.2%.)
        let verifiedArguments: [String]
        /// Another build's executable whose workers measure this cell (`ab`'s baseline); nil: this one.
        var executable: URL? = nil

        init(cell: Cell, payload: PreparedPayload, arguments: [String], verifiedArguments: [String], executable: URL? = nil) {
            self.cell = cell
            self.payload = payload
            self.arguments = arguments
            self.verifiedArguments = verifiedArguments
            self.executable = executable
        }

        var identity: CellIdentity {
            CellIdentity(
                group: cell.strategy.group, strategy: cell.strategy.id,
                expectation: cell.strategy.expectation.rawValue, profile: cell.source.name,
                bytes: payload.bytes, sha256: payload.sha256, elements: payload.elements,
                seed: cell.source.seed, knobs: cell.source.knobs)
        }
    }

    func launcher(for state: CellState) -> WorkerLauncher {
        WorkerLauncher(
            executable: state.executable ?? WorkerLauncher.currentExecutable(),
            timeoutSeconds: min(options.timeoutSeconds, state.cell.strategy.timeoutCap ?? .infinity))
    }

    /// A worker's arguments for `cell`, its bytes from `source`.
    private func workerArguments(_ cell: Cell, source: PayloadSource) throws -> [String] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let planJSON = String(decoding: try encoder.encode(options.plan), as: UTF8.self)
        let payload: [String]
        switch source {
        case .generated(let profile):
            payload = ["--profile-json", String(decoding: try encoder.encode(profile), as: UTF8.self)]
        case .file(let url):
            payload = ["--payload-file", url.path]
        }
        return ["--strategy", cell.strategy.id, "--plan-json", planJSON] + payload
    }
}
