import Foundation
import CodableBenchCore

/// The code a worker process runs for one cell: regenerate the payload (deterministic, so it is
/// byte-identical to the parent's; the sha256 proves it), verify, then time or count.
package enum Worker {
    /// Counts are exact, so a few decodes show that they repeat.
    static let countedDecodes = 3
    /// Set in a counting worker's environment when it runs beside the sampling
    /// (`BackgroundPasses.isBesideSampling`): it then lowers its own priority.
    static let besideSamplingVariable = "CODABLEBENCH_BESIDE_SAMPLING"
    /// Instructions between two reads of the CPU's instruction counter (the instructions pass
    /// without callgrind), at least: as many decodes as reach them, so that the reads' own
    /// instructions (a system call each, subtracted as measured between two empty reads) are a
    /// small share of a tiny decode's count.
    static let retiredRegionInstructions: UInt64 = 50_000_000
    /// Warm-up decodes of a lockstep worker, at least (see `warmUp`).
    static let warmupDecodes = 3
    /// A first decode at least this long is the whole warm-up (see `warmUp`): ten times the
    /// sample's 5 ms, so that a cold first decode cannot size a sample of a decode that is
    /// shorter warm (`small`'s first decode takes 15 ms for 1 ms warm).
    static let warmedByOneDecode: UInt64 = 50_000_000

    /// The payload's bytes and the strategy's verdict on them, in a report of the given pass.
    /// `reference` is the strategy's group reference, which outputs without ground truth (a file,
    /// or a JSON value) are compared with. `alreadyVerified`: a lockstep worker of a later process
    /// generation, whose decode of these bytes (the parent checks their sha256) a worker of this
    /// binary verified in the first; the decode is a function of the bytes, so it is not repeated.
    static func verified(
        strategy: Strategy, source: PayloadSource, reference: Strategy?,
        pass: WorkerReport.Pass, alreadyVerified: Bool = false
    ) throws -> (bytes: Data, report: WorkerReport) {
        let bytes: Data
        var verdict = VerifiedOutcome(.ok)
        switch source {
        case .generated(let profile):
            let payload = NewsGenerator.generate(profile)
            bytes = payload.bytes
            if !alreadyVerified { verdict = Verifier.verify(strategy, on: payload, reference: reference) }
        case .file(let url):
            bytes = try PayloadFile.read(url)
            if !alreadyVerified { verdict = Verifier.verify(strategy, bytes: bytes, reference: reference) }
        }
        var report = WorkerReport(
            pass: pass, outcome: verdict.outcome, detail: verdict.detail, bytes: bytes.count,
            sha256: SHA256.hex(of: bytes))
        report.outputBytes = verdict.outputBytes
        return (bytes, report)
    }

    /// The counting, instruction and verify passes: one report, then the process ends.
    package static func run(
        strategy: Strategy, source: PayloadSource, reference: Strategy?, pass: WorkerReport.Pass,
        alreadyVerified: Bool = false
    ) throws
        -> WorkerReport
    {
        // A verifying decode first would leave nothing cold to time.
        if pass.isCold, !alreadyVerified {
            throw CommandError.usage("worker: the \(pass.rawValue) pass needs --verified (a decode verified by a lockstep worker)")
        }
        var (bytes, report) = try verified(
            strategy: strategy, source: source, reference: reference, pass: pass, alreadyVerified: alreadyVerified)
        guard report.outcome.isMeasured else { return report }
        do {
            switch pass {
            case .verify, .lockstep:
                break  // the verdict is the whole answer (conformance sweep); lockstep is `serve`
            case .cold:
                // Unpinned (Darwin): a first decode of milliseconds could start and end on an
                // efficiency core; the lockstep's sampled workers run at this QoS too.
                if !Platform.current.pinsTimingCPU { SystemCalls.raiseThisThreadsPriority() }
                // Nothing decoded before: the lockstep verified this binary's decode of these bytes.
                report.coldDecodes = try ColdDecodes.measure(try strategy.prepareRepeated(bytes))
            case .coldCounting:
                if !Platform.current.pinsTimingCPU { SystemCalls.raiseThisThreadsPriority() }
                guard let counter = CountingBackend.counterInThisProcess() else { return report }
                let repeated = try strategy.prepareRepeated(bytes)
                // The first three decodes, then a warm one (the fourth): cold-allocations.csv's rows.
                report.allocations = try ColdDecodeAllocations.decodes.map { _ in try counter.count { try repeated(1) } }
            case .coldInstructions:
                // The process's first decode, the only one in the counted region.
                guard Platform.current.hasCallgrind else { return report }
                let repeated = try strategy.prepareRepeated(bytes)
                try countedDecode(repeated)
                report.countedDecodes = 1
            case .instructions where !Platform.current.hasCallgrind:
                // The CPU's counter around a few decodes, whole-process: totals only, no breakdown.
                let repeated = try strategy.prepareRepeated(bytes)
                guard let first = SystemCalls.retiredInstructions() else { return report }
                try repeated(1)  // warm: lazy caches and metadata; its count sizes the region
                guard let warmed = SystemCalls.retiredInstructions(), let empty = SystemCalls.retiredInstructions(),
                    let before = SystemCalls.retiredInstructions()
                else { return report }
                let decodes = RetiredRegion.decodes(first: first, warmed: warmed, atLeast: retiredRegionInstructions)
                try repeated(decodes)
                guard let after = SystemCalls.retiredInstructions(),
                    let perDecode = RetiredRegion.perDecode(empty: (warmed, empty), region: (before, after), decodes: decodes)
                else { return report }
                report.countedDecodes = decodes
                report.retiredInstructions = perDecode
            case .instructions:
                let repeated = try strategy.prepareRepeated(bytes)
                try repeated(1)  // warm, outside the counted region
                try countedDecode(repeated)
                report.countedDecodes = 1
                report.processID = SystemCalls.processID()
            case .counting:
                // Beside the sampling, at background priority on every platform (see the call);
                // between a lane's rounds or after the sampling, at full priority.
                if SystemCalls.environmentVariable(besideSamplingVariable) != nil { SystemCalls.lowerThisProcessesPriority() }
                // Without a counting library loaded: no counts rather than wrong ones.
                guard let counter = CountingBackend.counterInThisProcess() else { return report }
                let repeated = try strategy.prepareRepeated(bytes)
                try repeated(1)  // warm: lazy caches allocate once
                report.allocations = try (0..<countedDecodes).map { _ in
                    Plant.counted(try counter.count { try repeated(1) }, byJemalloc: counter is JemallocCounter)
                }
            }
        } catch {
            report.markThrewDuringMeasurement(error)
        }
        return report
    }

    /// The lockstep pass: verify, warm up, report ready on `channel`, then take one sample per
    /// request until told to stop (see `LockstepProtocol`).
    /// (The parent chooses the CPUs it runs on, see `Affinity`.)
    package static func serve(
        strategy: Strategy, source: PayloadSource, reference: Strategy?, plan: SamplingPlan,
        alreadyVerified: Bool, channel: LockstepProtocol.WorkerSide
    ) throws {
        // Unpinned (Darwin): verify and warm up below the sampled worker's QoS, which this one
        // takes at its first request; the highest QoS keeps the sampling thread on a performance
        // core, and the workers starting meanwhile off it.
        let unpinned = !Platform.current.pinsTimingCPU
        if unpinned { SystemCalls.yieldToTheSampledThread() }
        var (bytes, report) = try verified(
            strategy: strategy, source: source, reference: reference, pass: .lockstep,
            alreadyVerified: alreadyVerified)
        var repeated: ((Int) throws -> Void)?
        if report.outcome.isMeasured {
            do {
                let prepared = try strategy.prepareRepeated(bytes)
                report.warmupDecodeNanoseconds = try warmUp(prepared, for: plan.warmupNanoseconds)
                repeated = prepared
            } catch {
                report.markThrewDuringMeasurement(error)
            }
        }
        report.readyCPUNanoseconds = Clocks.processCPU()
        try channel.sendReport(report)
        guard let repeated else { return }
        var raised = false
        while let (decodes, count) = channel.nextRequest() {
            if unpinned && !raised {
                SystemCalls.raiseThisThreadsPriority()
                raised = true
            }
            var walls = [UInt64](repeating: 0, count: count)
            var cpus = [UInt64](repeating: 0, count: count)
            do {
                for batch in walls.indices {
                    let wall0 = Clocks.wall()
                    let cpu0 = Clocks.processCPU()
                    try repeated(decodes)
                    cpus[batch] = Clocks.processCPU() - cpu0
                    walls[batch] = Clocks.wall() - wall0
                }
            } catch {
                channel.sendFailure(DecodingErrorDescription.oneLine(error))
                return
            }
            walls.sort()
            cpus.sort()
            channel.sendSample(wallNanoseconds: walls[count / 2], cpuNanoseconds: cpus[count / 2])
        }
    }
}

extension Worker {
    /// One decode inside the region callgrind counts (the instruction passes); a decode that
    /// throws there throws here.
    static func countedDecode(_ repeated: @escaping (Int) throws -> Void) throws {
        var failure: Error?
        InstructionRegion.count {
            do { try repeated(1) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Decodes for about `nanoseconds`; returns the fastest decode, which sets the sample size. The
    /// first decode is cold and the others run while the comparison's other workers start on the
    /// same cores, so at least three decodes and the warm-up time, or two when they outlast it:
    /// without a warm-up, a process's second decode is still markedly slower than its third.
    ///
    /// A first decode of `warmedByOneDecode` or more is the whole warm-up: its sample is one decode
    /// whatever the warm time, and the round's first sample of each worker is never in a pair
    /// (`LockstepSchedule`), so the first paired sample is still the process's third decode; a
    /// second warm-up decode would cost a large payload's workers much of their start, on the CPU
    /// where the next generations start (figures: Notebook, "Figures behind the code").
    static func warmUp(_ decode: (Int) throws -> Void, for nanoseconds: UInt64) throws -> UInt64 {
        let start = Clocks.wall()
        var fastest = UInt64.max
        var decodes = 0
        while true {
            let t0 = Clocks.wall()
            try decode(1)
            fastest = min(fastest, max(Clocks.wall() - t0, 1))
            decodes += 1
            let enough = decodes >= warmupDecodes && Clocks.wall() - start >= nanoseconds
            let long = decodes >= 2 && fastest >= nanoseconds
            if enough || long || fastest >= warmedByOneDecode { return fastest }
        }
    }
}

extension WorkerReport {
    /// Verified once, then threw while measured: not deterministic, so not a result.
    mutating func markThrewDuringMeasurement(_ error: Error) {
        outcome = .threw
        detail = "threw during measurement after passing verification: \(DecodingErrorDescription.oneLine(error))"
        allocations = nil
    }
}

/// The instructions pass through the CPU's counter (macOS): how many decodes a region holds, and a
/// decode's count from the region's, less one read of the counter.
enum RetiredRegion {
    /// Enough decodes to reach `atLeast` instructions (from the warm-up decode's count between the
    /// readings `first` and `warmed`), 10 to 10,000.
    static func decodes(first: UInt64, warmed: UInt64, atLeast: UInt64) -> Int {
        let oneDecode = warmed > first ? warmed - first : 1
        return Int(min(max(atLeast / oneDecode, 10), 10_000))
    }

    /// The region's instructions less one read's (`empty`: two readings back to back), per decode;
    /// nil where the counter went backwards or the region read less than an empty one.
    static func perDecode(empty: (UInt64, UInt64), region: (UInt64, UInt64), decodes: Int) -> Int? {
        guard empty.1 >= empty.0, region.1 > region.0, decodes > 0 else { return nil }
        let read = empty.1 - empty.0, counted = region.1 - region.0
        guard counted > read else { return nil }
        return Int((counted - read) / UInt64(decodes))
    }
}
