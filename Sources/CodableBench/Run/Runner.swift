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
    /// `ab`: another build's executable; every cell is measured by its worker and this build's, in
    /// lockstep, and the baseline's rows go to the run's `baseline/` folder.
    var baseline: URL? = nil

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

/// The parent side of a run: one lockstep comparison per payload, their process generations
/// interleaved within the run's budget, counts and rows of each comparison on disk as it finishes,
/// progress on the terminal, a summary at the end.
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
        // A worker that dies between two requests must not take the parent with it.
        signal(SIGPIPE, SIG_IGN)
        let runID = Self.makeRunID()
        let runDirectory = options.resultsDirectory.appendingPathComponent("runs/\(runID)")
        let resultsFile = runDirectory.appendingPathComponent("results.csv")
        let samplesFile = runDirectory.appendingPathComponent("samples.csv")
        let ratiosFile = runDirectory.appendingPathComponent("ratios.csv")
        let costsFile = runDirectory.appendingPathComponent("costs.csv")
        do {
            try FileManager.default.createDirectory(at: runDirectory, withIntermediateDirectories: true)
            try CSVFormat.append(ResultsCSV.header, to: resultsFile)
            try CSVFormat.append(SamplesCSV.header, to: samplesFile)
            try Self.pointLatest(at: runID, in: options.resultsDirectory)
        } catch {
            throw HarnessFailure("cannot write results under \(options.resultsDirectory.path): \(error.localizedDescription)")
        }
        ScratchSpace.interruptionNote = "interrupted before any comparison finished: \(runDirectory.path) has no rows"
        defer { ScratchSpace.interruptionNote = nil }
        func append(_ text: String, to file: URL) throws {
            do { try CSVFormat.append(text, to: file) } catch {
                throw HarnessFailure("cannot append to \(file.path): \(error.localizedDescription)")
            }
        }

        let counting = try countingBackend()
        let timingEnvironment = try options.allocator.environment()
        let valgrind = options.countInstructions ? InstructionRegion.valgrindPath() : nil
        if options.countInstructions && valgrind == nil {
            throw UsageError("--instructions needs valgrind (apt-get install valgrind)")
        }
        let costCategories = options.countInstructions ? try CostCategories.standard() : nil
        if options.countInstructions { try append(CostsCSV.header, to: costsFile) }
        let provenance = Provenance.current(
            runID: runID, allocator: options.allocator.rawValue,
            countingBackend: counting.rawValue)
        if provenance.buildConfiguration == "debug" {
            log("warning: debug build; these numbers do not describe optimized code (use `swift run -c release benchmarks`)")
        }
        for warning in MachineCheck.warnings() { log("warning: \(warning)") }

        let plan = options.plan
        let cells = runPlan.cells
        var payloads: [String: PreparedPayload] = [:]
        var results: [CellResult] = []
        let start = Date()
        let payloadFolder: URL
        do { payloadFolder = try ScratchSpace.folder("payloads") } catch {
            throw HarnessFailure("cannot create a folder in \(ScratchSpace.root.path): \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(at: payloadFolder) }
        let states = try cells.flatMap { cell -> [CellState] in
            let key = cell.source.knobs
            let payload = try payloads[key] ?? PreparedPayload.prepare(cell.source, writingTo: payloadFolder)
            payloads[key] = payload
            let state = CellState(
                cell: cell, payload: payload, arguments: try workerArguments(cell, source: cell.source),
                verifiedArguments: try workerArguments(cell, source: .file(payload.file))
                    + ["--verified"])
            // ab: the baseline build's worker first, then this build's, paired with it.
            guard let baseline = options.baseline else { return [state] }
            var baselineState = state
            baselineState.executable = baseline
            return [baselineState, state]
        }
        let baselineDirectory = runDirectory.appendingPathComponent("baseline")
        let baselineResultsFile = baselineDirectory.appendingPathComponent("results.csv")
        let baselineSamplesFile = baselineDirectory.appendingPathComponent("samples.csv")
        if options.baseline != nil {
            do {
                try FileManager.default.createDirectory(at: baselineDirectory, withIntermediateDirectories: true)
                try CSVFormat.append(ResultsCSV.header, to: baselineResultsFile)
                try CSVFormat.append(SamplesCSV.header, to: baselineSamplesFile)
            } catch {
                throw HarnessFailure("cannot write results under \(baselineDirectory.path): \(error.localizedDescription)")
            }
        }
        // One lockstep comparison per payload: every strategy that runs on those bytes.
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
        log(
            "run \(runID): \(cells.count) cells in \(comparisons.count) lockstep comparisons (one per payload), "
                + String(format: "target ±%g%%", plan.precision * 100) + ", results in \(runDirectory.path)")
        runPlan.skipped.forEach(log)
        try append(RatiosCSV.header, to: ratiosFile)
        var progress = Progress(total: comparisons.count, log: log)
        var comparisonsWritten = 0

        /// Time in the instruction pass, which the timing budget leaves out: with `--instructions`
        /// the timings get the same budget as without.
        var instructionSeconds = 0.0

        typealias InstructionCount = (total: Int, breakdown: CostBreakdown)
        var instructionCounts: [Int: [InstructionCount?]] = [:]
        // Every cell's counting pass, queued now (see `BackgroundPasses`), but for the cells known
        // not to decode this payload (a hang would hold a pass for its whole timeout).
        let countingPasses = BackgroundPasses<Result<CountedAllocations?, Error>>(avoiding: Affinity.timingCPU())
        func isCounted(_ state: CellState) -> Bool {
            counting != .none && state.cell.strategy.expectedOutcome(on: state.cell.source) == .ok
        }
        for (index, members) in comparisons.enumerated() {
            countingPasses.submit(
                index,
                members.map { state in
                    guard isCounted(state) else { return { .success(nil) } }
                    return { Result { try countingPass(state, backend: counting) } }
                })
        }

        /// A finished comparison's instruction pass, while nothing samples (the timing budget
        /// leaves it out). Only the cells the lockstep verified and measured are counted.
        func finish(_ index: Int, _ comparison: LockstepComparison) throws {
            let members = comparison.members, verdicts = comparison.result.verdicts
            let measured = members.indices.filter { verdicts[$0].outcome.isMeasured }
            var counted: [InstructionCount?] = members.map { _ in nil }
            if let valgrind, let costCategories {
                let passStart = Date()
                let counts = try Self.onePerCore(measured.map { members[$0] }) {
                    try instructionPass($0, valgrind: valgrind, categories: costCategories)
                }
                for (member, count) in zip(measured, counts) { counted[member] = count }
                instructionSeconds += Date().timeIntervalSince(passStart)
            }
            instructionCounts[index] = counted
        }

        /// Rows of a finished comparison whose counting passes have run, on disk at once.
        func write(_ index: Int, _ comparison: LockstepComparison, counted: [Result<CountedAllocations?, Error>]) throws -> [CellResult] {
            let members = comparison.members, measuredComparison = comparison.result, schedule = comparison.schedule
            let name = members[0].cell.source.name
            var allocations: [[AllocationCount]?] = members.map { _ in nil }
            for (member, count) in zip(members.indices, counted) where measuredComparison.verdicts[member].outcome.isMeasured {
                switch try count.get() {
                case .counted(let counts)?: allocations[member] = counts
                case .missing(let reason)?:
                    log("warning: \(members[member].cell.strategy.id) on \(name): allocations not counted (\(reason))")
                case nil: break
                }
            }
            let instructionCounts = instructionCounts.removeValue(forKey: index) ?? members.map { _ in nil }
            let ratios = measuredComparison.ratios
            var ratioRows: [RatioRow] = []
            var done: [CellResult] = []
            for (member, state) in members.enumerated() {
                let verdict = measuredComparison.verdicts[member]
                let generations = verdict.outcome.isMeasured ? measuredComparison.timings(of: member) : []
                var result = CellResult(
                    cell: state.cell, identity: state.identity, verdict: verdict,
                    generations: generations, outputBytes: measuredComparison.outputBytes[member])
                if let y = schedule.yardstick[member], !generations.isEmpty {
                    result.yardstick = members[y].executable == nil ? members[y].cell.strategy.id : CellResult.baselineYardstick
                    result.pairedRatio = ratios[member]
                    if let ratio = ratios[member] {
                        ratioRows.append(
                            RatioRow(
                                runID: runID, profile: name, group: state.cell.strategy.group,
                                strategy: state.cell.strategy.id, yardstick: result.yardstick!,
                                ratio: ratio))
                    }
                }
                result.allocations = allocations[member]
                if verdict.outcome.isMeasured, valgrind != nil {
                    let counted = instructionCounts[member]
                    result.instructions = counted?.total
                    if let counted, state.executable == nil {
                        try append(
                            CostsCSV.lines(
                                runID: runID, group: state.cell.strategy.group, strategy: state.cell.strategy.id,
                                profile: name, counted.breakdown), to: costsFile)
                    }
                    if result.instructions == nil {
                        log(
                            "warning: \(state.cell.strategy.id) on \(name): no instruction count (valgrind failed on the worker; a build with the Simdjson trait cannot be read by valgrind 3.19)"
                        )
                    }
                }
                if state.executable != nil {
                    try append(result.rows(provenance: provenance).map(ResultsCSV.line).joined(), to: baselineResultsFile)
                    try append(result.sampleRows(runID: runID).map(SamplesCSV.line).joined(), to: baselineSamplesFile)
                    continue
                }
                done.append(result)
                try append(result.rows(provenance: provenance).map(ResultsCSV.line).joined(), to: resultsFile)
                try append(result.sampleRows(runID: runID).map(SamplesCSV.line).joined(), to: samplesFile)
            }
            try append(ratioRows.map(RatiosCSV.line).joined(), to: ratiosFile)
            comparisonsWritten += 1
            ScratchSpace.interruptionNote =
                "interrupted: \(comparisonsWritten) of \(comparisons.count) comparisons finished, their rows are in "
                + "\(resultsFile.path) (`benchmarks report \(runDirectory.path)` writes their report)"
            return done
        }

        // Interleaved: the comparisons share the budget (see `GenerationScheduler`). Three
        // generations each whatever the budget (six in `ab`); a comparison's rows are written when
        // it finishes.
        var lockstep = comparisons.map { members in
            LockstepComparison(
                members: members,
                schedule: options.baseline != nil
                    // ab: each cell against the baseline build's worker just before it.
                    ? LockstepSchedule(yardstick: members.indices.map { $0 % 2 == 1 ? $0 - 1 : nil })
                    : LockstepSchedule(
                        members: members.map {
                            ($0.cell.strategy.id, $0.cell.strategy.group, $0.cell.strategy.isReference, $0.cell.strategy.yardstick)
                        }),
                plan: plan, environment: timingEnvironment, launcher: launcher(for:))
        }
        let minimumGenerations =
            options.baseline != nil ? LockstepComparison.minimumGenerationsToGate : LockstepComparison.minimumGenerations
        let perCell = Double(plan.budgetNanosecondsPerCell) / 1e9
        let budget = perCell * Double(states.count)
        var spent = [Double](repeating: 0, count: lockstep.count)
        var finishingSeconds = 0.0
        var unfinished = Set(lockstep.indices)
        /// Finished comparisons whose rows wait for their counting passes.
        var unwritten: [Int] = []
        let scheduler = GenerationScheduler(budgetSeconds: budget, minimumGenerations: minimumGenerations)
        /// The counting passes that would be left for the end if sampling stopped now, in seconds
        /// (see `CountingBacklog`): the scheduler counts them as spent, so the run ends within its
        /// budget when they fall behind. The drain runs two at a time (this thread and theirs).
        func countingBacklogSeconds() -> Double {
            let passes = countingPasses.notStarted().compactMap { pass -> (Double?, Int)? in
                let state = comparisons[pass.key][pass.slot]
                guard isCounted(state) else { return nil }
                return (lockstep[pass.key].decodeSeconds[pass.slot], state.payload.bytes)
            }
            return CountingBacklog.seconds(of: passes, parallel: 2)
        }
        /// Finishes the comparisons that are done, then launches a generation of the next one (see
        /// `GenerationScheduler`) other than those in `busy` (with a generation in flight: a
        /// comparison never has two), or returns nil when none is left.
        func launchNext(besides busy: Set<Int>) throws -> (index: Int, launch: LockstepComparison.Launch)? {
            while true {
                let states = lockstep.indices.map {
                    GenerationScheduler.Comparison(
                        claims: lockstep[$0].claims, generations: lockstep[$0].generations,
                        spentSeconds: spent[$0])
                }
                let elapsed = Date().timeIntervalSince(start) - instructionSeconds + countingBacklogSeconds()
                let step = scheduler.next(states, candidates: unfinished.subtracting(busy), elapsed: elapsed) {
                    lockstep[$0].isSettled
                }
                switch step {
                case .none:
                    return nil
                case .launch(let index):
                    return (index, LockstepComparison.Launch(lockstep[index]))
                case .finish(let index):
                    let finishing = Date()
                    try finish(index, lockstep[index])
                    finishingSeconds += Date().timeIntervalSince(finishing)
                    unfinished.remove(index)
                    unwritten.append(index)
                }
            }
        }
        /// Rows of the finished comparisons whose counting passes have run.
        func writeCounted() throws {
            let writing = Date()
            defer { finishingSeconds += Date().timeIntervalSince(writing) }
            for index in unwritten {
                guard let counted = countingPasses.outputs(of: index) else { continue }
                unwritten.removeAll { $0 == index }
                let done = try write(index, lockstep[index], counted: counted)
                results += done
                progress.finish(
                    comparisons[index][0].cell.source.name, results: done,
                    ratios: lockstep[index].result.ratios, target: plan.precision,
                    secondsLeft: budget - Date().timeIntervalSince(start) + instructionSeconds)
            }
        }
        // Pipelined: while one generation samples on the timing CPU, the next ones' workers start
        // (verify, warm up) on the other CPUs. Up to `generationsInFlight` are launched ahead, and
        // the runner samples whichever is ready first: a comparison of many workers (`small`, 35)
        // takes longer to start than a round of a few, and rounds of others fill that time.
        var inFlight: [(index: Int, launch: LockstepComparison.Launch)] = []
        func fill() throws {
            while inFlight.count < Self.generationsInFlight, let next = try launchNext(besides: Set(inFlight.map(\.index))) {
                inFlight.append(next)
            }
        }
        var waitingSeconds = 0.0
        /// The in-flight generation to sample next: the oldest ready one, waiting for one if none
        /// is (meanwhile nothing samples, so the starting workers may use every CPU); the oldest
        /// once it has had its shortest timeout, so that `awaitReady` ends a worker that hangs.
        func nextReady() -> Int {
            let waitStart = Clocks.wall()
            defer { waitingSeconds += Double(Clocks.wall() - waitStart) / 1e9 }
            var released = Set<ObjectIdentifier>()
            while true {
                if let ready = inFlight.firstIndex(where: { $0.launch.isReady }) { return ready }
                if inFlight[0].launch.age > lockstep[inFlight[0].index].shortestTimeout { return 0 }
                var descriptors: [pollfd] = []
                for (_, launch) in inFlight {
                    guard let generation = launch.launched else { continue }
                    if released.insert(ObjectIdentifier(generation)).inserted { generation.allowEveryCPU() }
                    descriptors += generation.pendingDescriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
                }
                // Until a worker replies, or a few milliseconds for a launch still creating workers.
                _ = poll(&descriptors, nfds_t(descriptors.count), 5)
            }
        }
        try fill()
        while !inFlight.isEmpty {
            let waitedBefore = waitingSeconds
            let pick = nextReady()
            // The wait is the oldest generation's, which has been starting longest.
            spent[inFlight[0].index] += waitingSeconds - waitedBefore
            let (index, launch) = inFlight.remove(at: pick)
            let sampling = Date()
            let ready = try lockstep[index].awaitReady(launch)
            if let cpu = lockstep[index].cpu {
                for (_, other) in inFlight { other.launched?.keepOff(cpu) }
            }
            try fill()
            try lockstep[index].measure(ready)
            spent[index] += Date().timeIntervalSince(sampling)
            progress.generation(
                lockstep[index].generations, of: comparisons[index][0].cell.source.name,
                members: comparisons[index].map(\.cell.strategy.id),
                ratios: lockstep[index].result.ratios, target: plan.precision)
            try fill()
            try writeCounted()
        }
        let draining = Date()
        countingPasses.drain()
        finishingSeconds += Date().timeIntervalSince(draining)
        try writeCounted()
        let measured = lockstep.map(\.result.measuredNanoseconds).reduce(0, +)
        var phases = lockstep.map(\.result.phases).reduce(GenerationPhases(), +)
        phases.startingSeconds += waitingSeconds
        phases.finishingSeconds = finishingSeconds

        let total = Date().timeIntervalSince(start)
        let data = try RunData.load(resultsFile.path)
        let slowState = data.slowState
        let info = RunInfo(
            cells: cells.count, comparisons: comparisons.count, totalSeconds: total,
            measuredSeconds: Double(measured) / 1e9, precisionTarget: plan.precision, phases: phases,
            slowStateShare: slowState?.share)
        try info.write(to: runDirectory)
        try Reports.write(for: data, into: runDirectory, claims: options.claims)
        if options.verbose { print(SummaryTable.render(results) + "\n") }
        // An ab run's ratios are to the baseline build; its summary is the A/B gate's (ABCommand).
        if options.baseline == nil {
            print(
                AnswersText.terminal(
                    Reports.answers(run: data, claims: options.claims), claims: options.claims,
                    provenance: data.rows[0].provenance))
            print(
                "\nEvery cell, with times and allocations: \(runDirectory.appendingPathComponent("report.md").path) "
                    + "(`--verbose` prints it here).")
        }
        // Out before the closing lines on stderr, also when both go to one file.
        fflush(stdout)
        log(
            "wrote \(resultsFile.path), report.md and report.html (\(cells.count) cells in \(Terminal.duration(total)), "
                + String(format: "duty cycle %.0f%%: time inside measured decodes / total)", info.dutyCycle * 100))
        log("time went to: \(phases.shares(of: total))")
        if let slow = slowState {
            let advice = slow.isHigh ? ": intervals are wider than in a steadier run (report.md says more)" : ""
            log("the machine ran in \(slow.text)\(advice)")
        }
        return runDirectory
    }

    /// Process generations launched ahead of the one sampling (see `run`). `--no-count` default
    /// runs, same hour: with 3, duty 76% and 3,976 worker processes; with 5, 78% and 80%, 4,278
    /// and 4,380; with 8, 79% and 4,391 (1 generation ahead, taken in order: 58%, 3,426).
    static let generationsInFlight = 5

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

    private func launcher(for state: CellState) -> WorkerLauncher {
        WorkerLauncher(
            executable: state.executable ?? WorkerLauncher.currentExecutable(),
            timeoutSeconds: min(options.timeoutSeconds, state.cell.strategy.timeoutCap ?? .infinity))
    }

    /// The backend of the counting pass: the one asked for, or jemalloc, or the interposer; says
    /// once when counts will be approximate or missing.
    private func countingBackend() throws -> CountingBackend {
        guard options.countAllocations else { return .none }
        if let asked = options.countingBackend {
            if asked == .interposer { _ = InterposerBuild.buildIfMissing(log: log) }
            guard asked == .none || asked.libraryPath != nil else {
                throw UsageError(
                    asked == .jemalloc
                        ? "--counting jemalloc needs jemalloc (apt-get install libjemalloc-dev)"
                        : "--counting interposer needs libMallocInterposerSwift.so beside the executable (swift build builds it)")
            }
            return asked
        }
        if CountingBackend.jemalloc.libraryPath != nil { return .jemalloc }
        if InterposerBuild.buildIfMissing(log: log) {
            log(
                "note: jemalloc not found (apt-get install libjemalloc-dev); allocations are counted through malloc-interposer over glibc: approximate (about 0.1%), no peak heap"
            )
            return .interposer
        }
        log("note: jemalloc not found (apt-get install libjemalloc-dev); allocations are not counted in this run")
        return .none
    }

    /// The counting pass: the backend's library preloaded, deterministic hashing. The worker
    /// generates and verifies as the lockstep's first generation did: the peak heap depends on what
    /// the process allocated before the counted decodes (reading the parent's file instead moved
    /// `grdb-manual-row`'s by 1.2%). It runs at the lowest priority beside the sampling
    /// (`BackgroundPasses`), where its wall time says nothing of the decode: a strategy's short
    /// timeout cap is for its known hangs, which are not counted, so the pass has the run's timeout.
    /// (At nice 19 beside busy processes, a worker of 0.02 s CPU took 3.5–14 s; CI once lost
    /// `lossy-naive-try-loop`'s counts to its 2 s cap.)
    private func countingPass(_ state: CellState, backend: CountingBackend) throws -> CountedAllocations {
        var environment = backend.environment
        environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        let exit = try launchWorker(
            launcher(for: state).withTimeout(options.timeoutSeconds), state.arguments + ["--pass", "counting"],
            environment: environment)
        switch exit {
        case .timedOut(let seconds):
            return .missing(String(format: "the counting worker took more than %.0f s", seconds))
        case .crashed(let detail):
            return .missing("the counting worker crashed: \(detail)")
        case .report(let report):
            guard report.outcome == .ok else { return .missing("the counting worker's decode ended \(report.outcome.rawValue)") }
            guard report.sha256 == state.payload.sha256 else { return .missing("the counting worker's payload is not the timed one") }
            guard let counts = report.allocations else { return .missing("the counting worker found no counting library") }
            return .counted(counts)
        }
    }

    /// `pass` for each cell, one per core at a time: counts do not depend on the machine's load,
    /// and no timing runs meanwhile (a comparison's passes run when it is done).
    private static func onePerCore<T>(_ states: [CellState], _ pass: (CellState) throws -> T?) throws -> [T?] {
        var results = [Result<T?, Error>](repeating: .success(nil), count: states.count)
        let lock = NSLock()
        DispatchQueue.concurrentPerform(iterations: states.count) { index in
            let result = Result { try pass(states[index]) }
            lock.withLock { results[index] = result }
        }
        return try results.map { try $0.get() }
    }

    /// The decode under callgrind, counted only inside `InstructionRegion`, with deterministic
    /// hashing (without it counts spread by ~0.2% run to run): instructions per decode and where
    /// they went. Symbols are written mangled (`--demangle=no`) and demangled by `SymbolName`, so
    /// Swift and C++ names read the same way whatever valgrind's own demangler knows. Only cells
    /// the lockstep verified come here, so the worker skips verifying again: under callgrind it
    /// would cost two more decodes (the strategy's and the reference's) for every cell.
    private func instructionPass(
        _ state: CellState, valgrind: String, categories: CostCategories
    ) throws -> (
        total: Int, breakdown: CostBreakdown
    )? {
        let folder = try ScratchSpace.folder("callgrind")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("callgrind.out")
        // `env -i` with a fixed list: Foundation passes the environment in dictionary order, which
        // changes every run, and getenv's scans inside the decode would count differently.
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        // This build switches instrumentation on around the decode (`InstructionRegion`); another
        // build (`ab`'s baseline) may not, so it is watched from the start: its total is the same,
        // its call counts include the warm-up's (only this build's breakdown is written).
        let instrumentFromStart = state.executable != nil || !InstructionRegion.controlsInstrumentation
        let wrapper = [
            "/usr/bin/env", "-i", "LANG=C.UTF-8", "PATH=\(path)", "SWIFT_BACKTRACE=enable=no",
            "SWIFT_DETERMINISTIC_HASHING=1",
            valgrind, "--tool=callgrind", "--collect-atstart=no", "--instr-atstart=\(instrumentFromStart ? "yes" : "no")",
            "--toggle-collect=\(InstructionRegion.symbol)", "--callgrind-out-file=\(output.path)", "--demangle=no",
        ]
        let slowLauncher = launcher(for: state).withTimeout(launcher(for: state).timeoutSeconds * 20)
        let exit: WorkerExit
        do {
            exit = try slowLauncher.launch(
                arguments: state.arguments + ["--pass", "instructions", "--verified"],
                environment: ["SWIFT_DETERMINISTIC_HASHING": "1"], wrapper: wrapper)
        } catch {
            throw HarnessFailure("cannot start valgrind: \(error.localizedDescription)")
        }
        guard case .report(let report) = exit, report.outcome == .ok, report.sha256 == state.payload.sha256,
            let decodes = report.countedDecodes,
            let text = try? String(contentsOf: output, encoding: .utf8),
            let callgrind = try? CallgrindOutput.parse(text)
        else { return nil }
        let executable = (state.executable ?? WorkerLauncher.currentExecutable()).path
        return (
            callgrind.total / decodes,
            CostBreakdown(callgrind, decodes: decodes, executable: executable, categories: categories)
        )
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

    private func launchWorker(
        _ launcher: WorkerLauncher, _ arguments: [String],
        environment: [String: String]
    ) throws -> WorkerExit {
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
