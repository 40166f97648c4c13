import Foundation
import CodableBenchCore

/// The counting passes of a run: allocations (a worker with a counting allocator preloaded, beside
/// the sampling: `BackgroundPasses`) and, with `--instructions`, instructions under callgrind (when
/// a comparison has finished). Counts are exact, so unlike timings they need no pairing.
struct CountingPasses {
    /// How `--instructions` counts: under callgrind (totals and where they went), or through the
    /// CPU's retired-instruction counter read around the decodes (totals only; macOS on Apple silicon).
    enum InstructionCounter {
        case callgrind(valgrind: String, categories: CostCategories)
        case retired
    }

    /// No backend where none was found, or where the allocation canary misread (`AllocationCanary`).
    var backend: CountingBackend
    /// With `--instructions`: every measured cell, once its comparison has finished.
    let instructionCounter: InstructionCounter?
    /// Without it, where callgrind is: as many cells as the run's time allows, counted beside the
    /// sampling (`InterleavedSampling`); nil with `--instructions`, `--no-exact` or no callgrind.
    var besideSampling: InstructionCounter? = nil
    /// The run's timeout: the counting pass's (see `allocations`).
    let timeoutSeconds: Double
    let launcher: @Sendable (CellState) -> WorkerLauncher

    /// The backend of the counting pass: the one asked for, or jemalloc, or the interposer; says
    /// once when counts will be approximate or missing.
    static func backend(for options: RunOptions, log: (String) -> Void) throws -> CountingBackend {
        guard options.countAllocations else { return .none }
        if let asked = options.countingBackend {
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

    /// Cells known not to decode their payload are not counted (a hang would hold a pass for its
    /// whole timeout).
    func countsAllocations(of state: CellState) -> Bool {
        backend != .none && state.cell.strategy.expectedOutcome(on: state.cell.source) == .ok
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

    /// `pass` for each cell, one per core at a time: counts do not depend on the machine's load,
    /// and no timing runs meanwhile (a comparison's passes run when it is done).
    static func onePerCore<T: Sendable>(_ states: [CellState], _ pass: @Sendable (CellState) throws -> T?) throws -> [T?] {
        let results = Locked([Result<T?, Error>](repeating: .success(nil), count: states.count))
        DispatchQueue.concurrentPerform(iterations: states.count) { index in
            let result = Result { try pass(states[index]) }
            results.withLock { $0[index] = result }
        }
        return try results.withLock { $0 }.map { try $0.get() }
    }

    /// The decode under callgrind, counted only inside `InstructionRegion`, with deterministic
    /// hashing (without it counts spread by ~0.2% run to run): instructions and simulated cycles
    /// (its cache simulation, `SimulatedCycles`) per decode and where they went. Symbols are written mangled (`--demangle=no`) and demangled by `SymbolName`, so
    /// Swift and C++ names read the same way whatever valgrind's own demangler knows. Only cells
    /// the lockstep verified come here, so the worker skips verifying again: under callgrind it
    /// would cost two more decodes (the strategy's and the reference's) for every cell.
    func instructions(_ state: CellState) throws -> ExactCount? {
        try instructions(state, counter: instructionCounter)
    }

    /// The same pass for a cell counted beside the sampling (`besideSampling`), given up at
    /// `deadline` (soon after the run's sampling is due to end): at the lowest priority on a busy
    /// machine a pass can take minutes, and the run does not wait for it.
    func instructionsBesideSampling(_ state: CellState, until deadline: Date) throws -> ExactCount? {
        let seconds = deadline.timeIntervalSinceNow
        guard seconds > 0 else { return nil }
        return try instructions(state, counter: besideSampling, timeoutSeconds: seconds)
    }

    private func instructions(
        _ state: CellState, counter: InstructionCounter?, timeoutSeconds: Double? = nil
    ) throws -> ExactCount? {
        switch counter {
        case nil: return nil
        case .retired: return try retiredInstructions(state)
        case .callgrind(let valgrind, let categories):
            return try instructions(
                state, worker: state.worker(.instructions, verified: true), valgrind: valgrind,
                categories: categories, timeoutSeconds: timeoutSeconds)
        }
    }

    /// The first decode of a fresh process under callgrind (`--cold --instructions`): the payload
    /// from the parent's file, so that nothing decodes JSON before it. Nil without callgrind.
    func firstDecodeInstructions(_ state: CellState) throws -> ExactCount? {
        guard case .callgrind(let valgrind, let categories) = instructionCounter else { return nil }
        return try instructions(
            state, worker: state.workerOnVerifiedBytes(.coldInstructions), valgrind: valgrind,
            categories: categories, timeoutSeconds: nil)
    }

    /// The instructions pass without callgrind: the worker reads the CPU's counter around its
    /// decodes; no breakdown (an empty one, which writes no costs.csv rows).
    private func retiredInstructions(_ state: CellState) throws -> ExactCount? {
        // Deterministic hashing, as under callgrind: without it counts spread run to run.
        let exit = try launcher(state).start(
            state.worker(.instructions, verified: true), environment: ["SWIFT_DETERMINISTIC_HASHING": "1"])
        guard case .report(let report) = exit, report.outcome == .ok, report.sha256 == state.payload.sha256,
            let perDecode = report.retiredInstructions
        else { return nil }
        return ExactCount(instructions: perDecode, simulatedCycles: nil, breakdown: CostBreakdown(functions: []))
    }

    /// `timeoutSeconds`: nil for 20 times the cell's timeout (a decode under callgrind).
    private func instructions(
        _ state: CellState, worker: WorkerInvocation, valgrind: String, categories: CostCategories, timeoutSeconds: Double?
    ) throws -> ExactCount? {
        let folder = try ScratchSpace.folder("callgrind")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("callgrind.out")
        // `env -i` with a fixed list: Foundation passes the environment in dictionary order, which
        // changes every run, and getenv's scans inside the decode would count differently.
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        // Each build of this project switches instrumentation on around its counted decode
        // (`InstructionRegion`), `ab`'s baseline too, and both are watched alike: the simulated
        // caches start empty at the decode (its compulsory misses count), the same in either build.
        let instrumentFromStart = !InstructionRegion.controlsInstrumentation
        let wrapper =
            WorkerLauncher.isolatedEnvironment(["SWIFT_DETERMINISTIC_HASHING": "1"], path: path) + [
                valgrind, "--tool=callgrind", "--collect-atstart=no", "--instr-atstart=\(instrumentFromStart ? "yes" : "no")",
                "--toggle-collect=\(InstructionRegion.symbol)", "--callgrind-out-file=\(output.path)", "--demangle=no",
            ] + SimulatedCycles.callgrindOptions
        let slowLauncher = launcher(state).withTimeout(
            min(launcher(state).timeoutSeconds * 20, timeoutSeconds ?? .infinity))
        let exit: WorkerExit
        do {
            exit = try slowLauncher.launch(
                worker,
                environment: ["SWIFT_DETERMINISTIC_HASHING": "1"], wrapper: wrapper, fixedLengthPaths: true)
        } catch {
            throw CommandError.harness("cannot start valgrind: \(error.localizedDescription)")
        }
        guard case .report(let report) = exit, report.outcome == .ok, report.sha256 == state.payload.sha256,
            let decodes = report.countedDecodes,
            let text = try? String(contentsOf: output, encoding: .utf8),
            let callgrind = try? CallgrindOutput.parse(text)
        else { return nil }
        let executable = state.build.executable.path
        return ExactCount(
            instructions: callgrind.total / decodes, simulatedCycles: callgrind.totalCycles.map { $0 / decodes },
            breakdown: CostBreakdown(callgrind, decodes: decodes, executable: executable, categories: categories))
    }

}
