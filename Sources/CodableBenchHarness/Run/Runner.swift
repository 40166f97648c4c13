import Foundation
import CodableBenchCore

/// Options of one run, as the `run` command collects them.
package struct RunOptions {
    package var plan: SamplingPlan
    var timeoutSeconds: Double
    /// Folder that holds `runs/` and the `latest` link.
    package var resultsDirectory: URL
    package var countAllocations: Bool
    /// The allocator of the timing pass (`TimingAllocator`).
    var allocator: TimingAllocator
    /// `--instructions`: every cell's exact measures with the caches simulated.
    package var countInstructions: Bool
    /// Without `countInstructions`: every cell's exact measures, the caches simulated for the
    /// short decodes (`ExactPassPlan`), counted beside the sampling on CPUs it leaves spare and
    /// after it, where callgrind or the CPU's counter is (`run`'s default; `--no-exact` turns it off).
    package var countsExact = false
    /// Exact counts kept between runs and reused (`ExactCountCache`); false: `--no-cache`.
    package var cachesExactCounts = true
    /// Count allocations with this backend; nil picks jemalloc, else the interposer.
    var countingBackend: CountingBackend?
    /// What the run pairs: strategies with their yardsticks, or (`ab`) every cell with a baseline
    /// build's worker for it, whose rows go to the run's `baseline/` folder.
    package var pairing: Pairing = .yardsticks
    /// Also time first decodes in fresh processes (`ColdSampling`).
    package var cold: Bool
    /// `--timing-cpus`: sample on this many CPUs (nil: two where the check at the start allows).
    package var timingCPUs: Int? = nil
    /// The `run` command's arguments as given, recorded in run.json for `run --resume` (nil: the
    /// run cannot be resumed, as `ab`'s cannot).
    package var arguments: [String]? = nil
    /// `run --resume`: the interrupted run this one continues, in its folder.
    package var resuming: ResumedRun? = nil

    package init(
        plan: SamplingPlan, timeoutSeconds: Double, resultsDirectory: URL, countAllocations: Bool,
        allocator: TimingAllocator = .platformDefault, countInstructions: Bool = false,
        countingBackend: CountingBackend? = nil, cold: Bool = false
    ) {
        self.cold = cold
        self.countInstructions = countInstructions
        self.countingBackend = countingBackend
        self.plan = plan
        self.timeoutSeconds = timeoutSeconds
        self.resultsDirectory = resultsDirectory
        self.countAllocations = countAllocations
        self.allocator = allocator
    }
}

/// What a run measured: its rows in memory (also on disk in its folder) and where its time went.
package struct FinishedRun {
    package let folder: URL
    /// This build's rows.
    package private(set) var thisBuild: RecordedRun
    /// `ab`: the baseline build's rows (in `baseline/`); nil for other runs.
    package let baselineBuild: RecordedRun?
    /// Its run.json, held once: this build's run carries it (`init`).
    package var info: RunJSON { thisBuild.info! }
    /// Where its time went (run.json's `phases`).
    package var phases: GenerationPhases { info.phases ?? GenerationPhases() }
    /// The signal that ended the run short (its reports written, the process ends by it).
    package var interruptedBy: Int32? = nil

    init(folder: URL, thisBuild: RecordedRun, info: RunJSON, baselineBuild: RecordedRun?, interruptedBy: Int32?) {
        self.folder = folder
        self.thisBuild = thisBuild.with(info: info)
        self.baselineBuild = baselineBuild
        self.interruptedBy = interruptedBy
    }
}

/// The parent side of a run: its folder, one lockstep comparison per payload, their sampling
/// (`InterleavedSampling`) and counting passes (`CountingPasses`), then run.json. The command
/// that started it writes the reports (`FinishedRunReport.writeAndPrint`).
package struct Runner {
    let runPlan: RunPlan
    let options: RunOptions
    let log: (String) -> Void

    package init(runPlan: RunPlan, options: RunOptions, log: @escaping (String) -> Void = Terminal.status) {
        self.runPlan = runPlan
        self.options = options
        self.log = log
    }

    /// Runs every cell.
    package func run() throws -> FinishedRun {
        // A worker that dies between two requests must not take the parent with it.
        SystemCalls.ignore(SIGPIPE)
        SystemCalls.raiseOpenFileLimit()
        let folder =
            try options.resuming.map { try RunFolder.reopen($0.folder, runID: $0.runID) }
            ?? RunFolder.create(runID: RunFolder.makeRunID(), in: options.resultsDirectory)
        ScratchSpace.interruptionNote =
            "stopped at once: the samples and pairs taken so far are in \(folder.directory.path) "
            + "('benchmarks report \(folder.directory.path)' writes a report of them)"
        defer { ScratchSpace.interruptionNote = nil }
        var passes = try countingPasses(folder)
        if Provenance.buildConfiguration == "debug" {
            log("warning: debug build; these numbers do not describe optimized code (use 'swift run -c release benchmarks')")
        }
        for warning in MachineCheck.warnings() { log("warning: \(warning)") }
        for note in Platform.current.reportNotes { log("note (\(Platform.current.kind.rawValue)): \(note)") }

        // A resumed run's budget counts on from what its interrupted part sampled.
        let start = Date(timeIntervalSinceNow: -(options.resuming?.sampledSeconds ?? 0))
        let payloadFolder: URL
        do { payloadFolder = try ScratchSpace.folder("payloads") } catch {
            throw CommandError.harness("cannot create a folder in \(ScratchSpace.root.path): \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(at: payloadFolder) }
        let (canary, exactCanary) = try readCanaries(&passes, payloadFolder: payloadFolder)
        let provenance = Provenance.current(
            runID: folder.runID, allocator: options.allocator.rawValue, countingBackend: passes.backend.rawValue)
        let comparisons = try lockstepComparisons(payloadFolder: payloadFolder)
        if options.pairing.keepsBaselineRows {
            try folder.createBaseline()
            if case .callgrind = passes.instructionCounter { try folder.baselineCosts.create() }
        }
        log(
            "run \(folder.runID): \(runPlan.cells.count) cells in \(comparisons.count) lockstep comparisons (one per payload), "
                + String(format: "target ±%g%%", options.plan.precision * 100) + ", results in \(folder.directory.path)")
        runPlan.skipped.forEach(log)

        let record = RunRecorder(folder: folder, provenance: provenance, resumedSamples: options.resuming?.samples ?? [:])
        if let resuming = options.resuming {
            log(
                "resuming run \(folder.runID): \(resuming.sampleCount) samples read back from its samples.csv; sampling what they "
                    + "did not settle (each comparison verifies its strategies again; counts and exact measures are taken again)")
        }
        var info = startingRecord(comparisons, provenance: provenance, canaries: (canary, exactCanary))
        if case .callgrind(let valgrind, _) = passes.exactCounter {
            info.exactCPU = PresentedCPU.read(valgrind: valgrind)
            if options.cachesExactCounts {
                passes.exactCache = ExactCountCache(valgrind: valgrind, presentedCPU: info.exactCPU)
            }
        }
        try info.write(to: folder.directory)
        let timingCPUs = TimingCPUs.choose(asked: options.timingCPUs)
        log("sampling on \(timingCPUs.note)")
        let setup = InterleavedSampling.Setup(
            plan: options.plan, pairing: options.pairing, environment: try options.allocator.environment(),
            launcher: launcher, passes: passes, provenance: provenance, log: log, start: start,
            timingCPUs: timingCPUs, probesHostState: options.plan.judgement.isAnswers,
            resumedSamples: options.resuming?.samples ?? [:])
        // Paired timing reads a known work ratio in every run, sampled as the cells are.
        let canaryComparison = try TimingCanary.comparison(planJSON: try planJSON(), payloadFolder: payloadFolder)
        let sampling = try InterleavedSampling(setup, comparisons: [canaryComparison] + comparisons, record: record).run()
        if let cache = passes.exactCache, cache.reused > 0 {
            log(
                "exact measures: \(cache.reused) cells' counts reused from earlier runs of this build (\(cache.folder.path); "
                    + "--no-cache counts them again)")
        }
        if options.cold, sampling.interruptedBy == nil {
            try ColdSampling(
                pairing: options.pairing, environment: setup.environment, passes: passes,
                launcher: launcher, record: record, log: log
            ).run(comparisons)
        }
        #if DEBUG
        let matches = try record.matchesFiles(baseline: options.pairing.keepsBaselineRows)
        precondition(matches, "the run's files differ from its rows in memory")
        #endif

        let data = record.thisBuild
        info.finish(sampling, slowState: data.slowState, timingCPUs: timingCPUs, start: start)
        try info.write(to: folder.directory)
        return FinishedRun(
            folder: folder.directory, thisBuild: data, info: info,
            baselineBuild: options.pairing.keepsBaselineRows ? record.baselineBuild : nil, interruptedBy: sampling.interruptedBy)
    }

    /// The counting passes this run asked for; with callgrind's (either way), costs.csv's header.
    private func countingPasses(_ folder: RunFolder) throws -> CountingPasses {
        var counter: CountingPasses.InstructionCounter?
        if options.countInstructions, Platform.current.hasCallgrind {
            guard let valgrind = InstructionRegion.valgrindPath() else {
                throw CommandError.usage("--instructions needs valgrind (apt-get install valgrind)")
            }
            counter = .callgrind(valgrind: valgrind, categories: try CostCategories.standard())
        } else if options.countInstructions {
            guard SystemCalls.retiredInstructions() != nil else {
                throw CommandError.usage(
                    "--instructions needs valgrind's callgrind (Linux) or a readable instruction counter (macOS on Apple silicon); this platform has neither"
                )
            }
            counter = .retired
        }
        var passes = CountingPasses(
            backend: try CountingPasses.backend(counting: options.countAllocations, asked: options.countingBackend, log: log),
            instructionCounter: counter,
            timeoutSeconds: options.timeoutSeconds, launcher: launcher)
        if counter == nil, options.countsExact {
            if Platform.current.hasCallgrind, let valgrind = InstructionRegion.valgrindPath() {
                passes.exactByDefault = .callgrind(valgrind: valgrind, categories: try CostCategories.standard())
            } else if !Platform.current.hasCallgrind, SystemCalls.retiredInstructions() != nil {
                passes.exactByDefault = .retired
            } else {
                // Said, not silent: an Intel Mac, a VM (GitHub's macOS runners), Linux without valgrind.
                log(
                    Platform.current.hasCallgrind
                        ? "note: no exact measures in this run (valgrind not found: apt-get install valgrind)"
                        : "note: no exact measures in this run (this CPU's instruction counter cannot be read: it reads 0 on Intel Macs and in virtual machines)"
                )
            }
        }
        if case .callgrind = passes.exactCounter {
            try folder.costs.create()
            if let problem = ExecutableWithoutDebugInfo.copy(of: WorkerLauncher.currentExecutable()).problem {
                log(
                    "note: \(problem); callgrind counts the executable as built, which valgrind 3.19 cannot read where a C dependency carries DWARF 5"
                )
            }
        }
        return passes
    }

    /// The run's cells, one lockstep comparison per payload (every strategy that runs on those
    /// bytes), each payload prepared once and written to `payloadFolder` for later generations.
    private func lockstepComparisons(payloadFolder: URL) throws -> [[CellState]] {
        var payloads: [String: PreparedPayload] = [:]
        let planJSON = try planJSON()
        let states = try runPlan.cells.flatMap { cell -> [CellState] in
            let key = cell.source.knobs
            let payload = try payloads[key] ?? PreparedPayload.prepare(cell.source, writingTo: payloadFolder)
            payloads[key] = payload
            let state = try CellState(cell: cell, payload: payload, planJSON: planJSON)
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

    /// The run's record as it starts: a run ended by any means is read back from it and the
    /// samples and pairs it appended (`RecordedRun.load`).
    private func startingRecord(
        _ comparisons: [[CellState]], provenance: Provenance,
        canaries: (allocation: AllocationCanaryReading?, exact: ExactCanaryReading?)
    ) -> RunJSON {
        var info = RunJSON(
            cells: runPlan.cells.count, comparisons: comparisons.count, totalSeconds: 0, measuredSeconds: 0,
            precisionTarget: options.plan.precision, platform: Platform.current.kind.rawValue,
            platformNotes: Platform.current.reportNotes.isEmpty ? nil : Platform.current.reportNotes,
            extraConformances: RunJSON.extraConformancesOfThisExecutable)
        info.provenance = provenance
        info.allocationCanary = canaries.allocation
        info.exactCanary = canaries.exact
        info.plannedCells = comparisons.joined().filter { !$0.isBaseline }.map {
            RunJSON.PlannedCell(cell: $0.identity, expectedOutcome: $0.cell.strategy.expectedOutcome(on: $0.cell.source))
        }
        info.finished = false
        info.invocation = options.arguments.map {
            RunJSON.Invocation(
                arguments: $0, workingDirectory: FileManager.default.currentDirectoryPath,
                executableSHA256: CurrentExecutable.sha256)
        }
        info.resumed = options.resuming.map {
            RunJSON.Resumption(afterSeconds: $0.sampledSeconds, samples: $0.sampleCount)
        }
        return info
    }

    /// The counters read their known quantities before anything is sampled: the allocation counter
    /// (where it misreads, the next backend, else no count is taken) and the exact measure (where
    /// it misreads, no exact figure is taken). The timing canary is sampled with the cells.
    private func readCanaries(
        _ passes: inout CountingPasses, payloadFolder: URL
    ) throws -> (AllocationCanaryReading?, ExactCanaryReading?) {
        func logged(_ passed: Bool, _ sentence: String, since start: Date) {
            let took = String(format: " (%.2f s)", Date().timeIntervalSince(start))
            log(passed ? "canary\(took): \(sentence)" : "warning: \(sentence)")
        }
        var start = Date()
        var allocation: AllocationCanaryReading?
        if passes.backend != .none {
            let chosen = passes.backend
            let reading = try AllocationCanary.firstThatReads(
                passes: &passes,
                fallbacks: {
                    CountingPasses.fallbacks(
                        after: chosen, counting: options.countAllocations, asked: options.countingBackend, log: log)
                },
                planJSON: try planJSON(), payloadFolder: payloadFolder, log: log)
            logged(reading.passed, reading.sentence, since: start)
            if !reading.passed {
                passes.backend = .none
                // What to do: on macOS 15+ Swift allocates through malloc_type_*, which
                // malloc-interposer does not interpose; Homebrew's jemalloc is counted instead.
                log(
                    "note: to count allocations, install jemalloc (\(Platform.current.jemallocInstall)), which the next run "
                        + "counts with where its canary reads right, or pass --no-count; check compares no counts of this run")
            }
            allocation = reading
        }
        start = Date()
        var exact: ExactCanaryReading?
        if passes.exactCounter != nil {
            let reading = try ExactCanary.read(passes: passes, planJSON: try planJSON(), payloadFolder: payloadFolder)
            logged(reading.passed, reading.sentence, since: start)
            if !reading.passed {
                if case .callgrind(let valgrind, _) = passes.exactCounter, reading.read.allSatisfy({ $0 == nil }) {
                    let counted = ExecutableWithoutDebugInfo.copy(of: WorkerLauncher.currentExecutable()).url.path
                    log("note: valgrind ran no worker; to see why: \(valgrind) --tool=none \(counted) --version")
                }
                passes.dropExactMeasures()
            }
            exact = reading
        }
        return (allocation, exact)
    }

    /// The run's sampling plan as the workers read it.
    private func planJSON() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(options.plan), as: UTF8.self)
    }

    /// Each cell's worker launcher: the cell's build, with the run's timeout or its strategy's cap.
    var launcher: @Sendable (CellState) -> WorkerLauncher {
        let timeoutSeconds = options.timeoutSeconds
        return { state in
            WorkerLauncher(
                executable: state.build.executable,
                timeoutSeconds: min(timeoutSeconds, state.cell.strategy.timeoutCap ?? .infinity))
        }
    }
}

extension RunJSON {
    /// What the run's end adds to its record: its time, where it went, how its sampling ended and
    /// what its canary and probes read.
    fileprivate mutating func finish(
        _ sampling: InterleavedSampling.SamplingOutcome, slowState: SlowState?, timingCPUs: TimingCPUs, start: Date
    ) {
        totalSeconds = Date().timeIntervalSince(start)
        measuredSeconds = sampling.measuredNanoseconds / 1e9
        phases = sampling.phases
        slowStateShare = slowState?.share
        finished = true
        self.timingCPUs = timingCPUs.cpus.compactMap { $0 }
        timingCPUsNote = timingCPUs.note
        self.sampling = sampling.ending
        timingCanary = sampling.timingCanary
        hostState = sampling.hostState
        interruption = sampling.interruptedBy.map {
            Interruption(signal: CodableBenchHarness.Interruption.name($0), afterSeconds: totalSeconds)
        }
    }
}
