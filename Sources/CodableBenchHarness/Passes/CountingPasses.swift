import Foundation
import CodableBenchCore

/// The counting passes of a run: allocations (a worker with a counting allocator preloaded, beside
/// the sampling: `BackgroundPasses`) and the exact measures (instructions, and simulated cycles
/// under callgrind) of every measured cell, once the sampling has ended (`countExact`). Counts are
/// exact, so unlike timings they need no pairing.
struct CountingPasses {
    /// How the exact measures are counted: under callgrind (totals and where they went), or
    /// through the CPU's retired-instruction counter read around the decodes (totals only; macOS
    /// on Apple silicon).
    enum InstructionCounter {
        case callgrind(valgrind: String, categories: CostCategories)
        case retired
    }

    /// No backend where none was found, or where the allocation canary misread (`AllocationCanary`).
    var backend: CountingBackend
    /// With `--instructions`: every cell's exact measures with the caches simulated, and the cold
    /// pass's first decodes (`--cold --instructions`).
    private(set) var instructionCounter: InstructionCounter?
    /// Without it, the exact measures a run counts unless `--no-exact`: every cell's instructions,
    /// and simulated cycles where they are cheap (`ExactPassPlan`).
    var exactByDefault: InstructionCounter? = nil
    /// How the run counts its exact measures, if it does.
    var exactCounter: InstructionCounter? { instructionCounter ?? exactByDefault }
    /// Whether every cell's caches are simulated (`--instructions`).
    var simulatesEveryCell: Bool { instructionCounter != nil }
    /// Counts taken by earlier runs under callgrind (nil: `--no-cache`, or not callgrind).
    var exactCache: ExactCountCache? = nil

    /// No exact measures: the exact canary misread (`ExactCanary`).
    mutating func dropExactMeasures() {
        instructionCounter = nil
        exactByDefault = nil
    }
    /// The run's timeout: the counting pass's (see `allocations`).
    let timeoutSeconds: Double
    let launcher: @Sendable (CellState) -> WorkerLauncher

    /// The backend of the counting pass: the one asked for, or jemalloc, or the interposer; says
    /// once when counts will be approximate or missing.
    /// `counting`: whether the run counts allocations; `asked`: the backend `--counting` names.
    static func backend(counting: Bool, asked: CountingBackend?, log: (String) -> Void) throws -> CountingBackend {
        guard counting else { return .none }
        if let asked {
            if asked == .interposer { _ = InterposerBuild.buildIfMissing(log: log) }
            guard asked == .none || asked.libraryPath != nil else {
                throw CommandError.usage(
                    asked == .jemalloc
                        ? "--counting jemalloc needs jemalloc (\(Platform.current.jemallocInstall))"
                        : "--counting interposer needs \(Platform.current.libraryFileName("libMallocInterposerSwift")), which could not be built (swift build --target InterposerLibrary in CodableBench's checkout builds it)"
                )
            }
            return asked
        }
        for preferred in Platform.current.countingPreference.compactMap(CountingBackend.init(rawValue:)) {
            if preferred == .jemalloc, CountingBackend.jemalloc.libraryPath != nil { return .jemalloc }
            if preferred == .interposer, InterposerBuild.buildIfMissing(log: log) {
                log(
                    Platform.current.hasGlibc
                        ? "note: jemalloc not found (\(Platform.current.jemallocInstall)); allocations are counted through malloc-interposer over glibc: approximate (about 0.1%), no peak heap"
                        : "note: allocations are counted through malloc-interposer: approximate, no peak heap")
                return .interposer
            }
        }
        log("note: jemalloc not found (\(Platform.current.jemallocInstall)); allocations are not counted in this run")
        return .none
    }

    /// Where the run chose `chosen` itself (no `--counting`), the backends after it in the
    /// platform's preference that it can use: what the run counts with instead when `chosen`'s
    /// allocation canary misreads (`AllocationCanary.firstThatReads`).
    static func fallbacks(
        after chosen: CountingBackend, counting: Bool, asked: CountingBackend?, log: (String) -> Void
    ) -> [CountingBackend] {
        guard counting, asked == nil, chosen != .none else { return [] }
        let preference = Platform.current.countingPreference.compactMap(CountingBackend.init(rawValue:))
        return preference.drop { $0 != chosen }.dropFirst().filter { backend in
            backend == .jemalloc ? backend.libraryPath != nil : InterposerBuild.buildIfMissing(log: log)
        }
    }

    /// Cells known not to decode their payload are not counted (a hang would hold a pass for its
    /// whole timeout), nor the timing canary's (`TimingCanary`).
    func countsAllocations(of state: CellState) -> Bool {
        backend != .none && !state.isCanary && state.cell.strategy.expectedOutcome(on: state.cell.source) == .ok
    }

    /// The counting pass: the backend's library preloaded, deterministic hashing. The worker
    /// generates and verifies as the lockstep's first generation did: the peak heap depends on what
    /// the process allocated before the counted decodes (reading the parent's file instead moved
    /// `grdb-manual-row`'s by 1.2%). It runs at the lowest priority beside the sampling
    /// (`BackgroundPasses`), where its wall time says nothing of the decode: a strategy's short
    /// timeout cap is for its known hangs, which are not counted, so the pass has the run's timeout
    /// (figures: Notebook, "Figures behind the code").
    func allocations(_ state: CellState) throws -> CountedAllocations {
        var environment = backend.environment
        environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        if BackgroundPasses<Void>.isBesideSampling { environment[Worker.besideSamplingVariable] = "1" }
        let exit = try launcher(state).withTimeout(timeoutSeconds).start(
            state.worker(.counting), environment: environment)
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

    /// `pass` for each item, one per core at a time: counts do not depend on the machine's load,
    /// and no timing runs meanwhile (the cold pass's first decodes, the exact pass's processes).
    static func onePerCore<Item: Sendable, T: Sendable>(_ items: [Item], _ pass: @Sendable (Item) throws -> T?) throws -> [T?] {
        let results = Locked([Result<T?, Error>](repeating: .success(nil), count: items.count))
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            let result = Result { try pass(items[index]) }
            results.withLock { $0[index] = result }
        }
        return try results.withLock { $0 }.map { try $0.get() }
    }

    /// Each cell's exact measures: under callgrind, counted only inside `InstructionRegion`, with
    /// deterministic hashing (without it counts spread by ~0.2% run to run), instructions and, with
    /// `simulatingCaches`, simulated cycles (`SimulatedCycles`) per decode and where they went, each
    /// cell in a child forked from one worker process (`WorkerLauncher.launchForkServer`); or the
    /// CPU's counter around the decodes, a process a cell (totals only). Only cells the lockstep
    /// verified come here, so the worker does not verify again: under callgrind that would cost
    /// two more decodes a cell. A process has 20 times a cell's timeout. `stops`: asked while a
    /// process runs; true ends it (the run was interrupted), and its cells are not counted.
    /// `failure`: why the forking worker failed, where it did.
    /// `usingCache`: false for the exact canary, which reads the counter itself.
    func instructions(
        ofEach states: [CellState], simulatingCaches: Bool = true, usingCache: Bool = true, stops: @escaping () -> Bool = { false }
    ) throws -> (counts: [ExactCount?], failure: String?) {
        // A planted instrument's counts (`Plant`) are neither kept nor reused.
        if usingCache, let cache = exactCache, case .callgrind = exactCounter, Plant.current == nil {
            let cached = states.map { cache.count(of: $0, simulatingCaches: simulatingCaches) }
            let missing = states.indices.filter { cached[$0] == nil }
            guard !missing.isEmpty else { return (cached, nil) }
            let counted = try instructions(
                ofEach: missing.map { states[$0] }, simulatingCaches: simulatingCaches, usingCache: false, stops: stops)
            var counts = cached
            for (index, count) in zip(missing, counted.counts) {
                counts[index] = count
                if let count { cache.store(count, of: states[index], simulatingCaches: simulatingCaches) }
            }
            return (counts, counted.failure)
        }
        guard let counter = exactCounter, let first = states.first else { return ([], nil) }
        let slowLauncher = launcher(first).withTimeout(launcher(first).timeoutSeconds * 20)
        // The bytes the lockstep verified, from the parent's file (generating them again under
        // valgrind took longer than a small cell's counted decodes), and no plan (the pass reads
        // none): the arguments' lengths are the same in every run, so the child's allocations are.
        let workers = states.map { state in
            var worker = state.workerOnVerifiedBytes(.instructions)
            worker.planJSON = "{}"
            return worker
        }
        switch counter {
        case .retired:
            let counts = try zip(states, workers).map { state, worker -> ExactCount? in
                guard !stops() else { return nil }
                // Deterministic hashing, as under callgrind: without it counts spread run to run.
                let exit = try slowLauncher.start(worker, environment: ["SWIFT_DETERMINISTIC_HASHING": "1"])
                guard case .report(let report) = exit, report.outcome == .ok, report.sha256 == state.payload.sha256,
                    let perDecode = report.retiredInstructions
                else { return nil }
                return ExactCount(
                    instructions: Plant.counted(instructions: perDecode), simulatedCycles: nil, breakdown: CostBreakdown(functions: []))
            }
            return (counts, nil)
        case .callgrind(let valgrind, let categories):
            let folder = try ScratchSpace.folder("callgrind")
            defer { try? FileManager.default.removeItem(at: folder) }
            let output = folder.appendingPathComponent("callgrind.out")
            let forked: (reports: [WorkerReport?], failure: String?)
            do {
                forked = try slowLauncher.forCallgrind().launchForkServer(
                    workers, environment: ["SWIFT_DETERMINISTIC_HASHING": "1"],
                    wrapper: callgrindWrapper(
                        valgrind, output: URL(fileURLWithPath: output.path + ".%p"), simulatingCaches: simulatingCaches),
                    stops: stops)
            } catch {
                throw CommandError.harness("cannot start valgrind: \(error.localizedDescription)")
            }
            let counts = zip(states, forked.reports).map { state, report -> ExactCount? in
                guard let report, report.outcome == .ok, report.sha256 == state.payload.sha256,
                    let decodes = report.countedDecodes, let child = report.processID
                else { return nil }
                return exactCount(
                    callgrindFile: URL(fileURLWithPath: output.path + ".\(child)"), decodes: decodes, state: state,
                    categories: categories)
            }
            return (counts, forked.failure)
        }
    }

    /// What a counted worker's environment holds beyond the fixed list: deterministic hashing, and
    /// on Linux a library path of the folders this process loaded its libraries from, each through
    /// a link of a fixed name (`CountedLibraryFolders`). Without it
    /// the loader maps `/etc/ld.so.cache`, whose size changes when any package is installed, and
    /// every library after it moves: the Swift runtime's address-keyed hash maps then probe
    /// otherwise and a decode's instructions moved by 2-3% (Notebook, "What moved the exact counts").
    /// Read once a process: every counted worker of a run, and the count cache's key, get the same.
    static let countedEnvironment: [String: String] = {
        var environment = ["SWIFT_DETERMINISTIC_HASHING": "1"]
        if let path = SystemFiles.loadedLibraries().flatMap(CountedLibraryFolders.libraryPath(for:)) {
            environment["LD_LIBRARY_PATH"] = path
        }
        return environment
    }()

    /// valgrind's command line before the worker's. `env -i` with a fixed list: Foundation passes
    /// the environment in dictionary order, which changes every run, and getenv's scans inside the
    /// decode would count differently. Each build of this project switches instrumentation on
    /// around its counted decode (`InstructionRegion`), `ab`'s baseline too, and both are watched
    /// alike: the simulated caches start empty at the decode (its compulsory misses count), the
    /// same in either build. Symbols are written mangled (`--demangle=no`) and demangled by
    /// `SymbolName`, so Swift and C++ names read the same way whatever valgrind's own demangler knows.
    private func callgrindWrapper(_ valgrind: String, output: URL, simulatingCaches: Bool) -> [String] {
        // A fixed PATH: the runner's is the user's, and its length alone moved counts by up to 0.3%.
        let instrumentFromStart = !InstructionRegion.controlsInstrumentation
        return WorkerLauncher.isolatedEnvironment(Self.countedEnvironment, path: "/usr/bin:/bin") + [
            valgrind, "--tool=callgrind", "--collect-atstart=no", "--instr-atstart=\(instrumentFromStart ? "yes" : "no")",
            "--toggle-collect=\(InstructionRegion.symbol)", "--callgrind-out-file=\(output.path)", "--demangle=no",
        ] + (simulatingCaches ? SimulatedCycles.callgrindOptions : ["--cache-sim=no"])
    }

    /// A cell's exact measures from callgrind's output for its counted decodes.
    private func exactCount(callgrindFile: URL, decodes: Int, state: CellState, categories: CostCategories) -> ExactCount? {
        guard decodes > 0, let text = try? String(contentsOf: callgrindFile, encoding: .utf8),
            let callgrind = try? CallgrindOutput.parse(text)
        else { return nil }
        let executable = state.build.executable.path
        return ExactCount(
            instructions: Plant.counted(instructions: callgrind.total / decodes),
            simulatedCycles: callgrind.totalCycles.map { $0 / decodes },
            breakdown: CostBreakdown(callgrind, decodes: decodes, executable: executable, categories: categories))
    }

    /// The first decode of a fresh process under callgrind (`--cold --instructions`): the payload
    /// from the parent's file, so that nothing decodes JSON before it. Nil without callgrind.
    func firstDecodeInstructions(_ state: CellState) throws -> ExactCount? {
        guard case .callgrind(let valgrind, let categories) = instructionCounter else { return nil }
        let folder = try ScratchSpace.folder("callgrind")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("callgrind.out")
        let exit: WorkerExit
        do {
            exit = try launcher(state).withTimeout(launcher(state).timeoutSeconds * 20).forCallgrind().launch(
                state.workerOnVerifiedBytes(.coldInstructions), environment: ["SWIFT_DETERMINISTIC_HASHING": "1"],
                wrapper: callgrindWrapper(valgrind, output: output, simulatingCaches: true), fixedLengthPaths: true)
        } catch {
            throw CommandError.harness("cannot start valgrind: \(error.localizedDescription)")
        }
        guard case .report(let report) = exit, report.outcome == .ok, report.sha256 == state.payload.sha256,
            let decodes = report.countedDecodes
        else { return nil }
        return exactCount(callgrindFile: output, decodes: decodes, state: state, categories: categories)
    }
}
