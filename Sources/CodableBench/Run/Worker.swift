import Foundation

/// The code a worker process runs for one cell: regenerate the payload (deterministic, so it is
/// byte-identical to the parent's; the sha256 proves it), verify, then time or count.
enum Worker {
    /// Counts are exact, so a few decodes show that they repeat.
    static let countedDecodes = 3

    /// `reference` is the strategy's group reference, which outputs without ground truth (a file,
    /// or a JSON value) are compared with.
    static func run(strategy: Strategy, source: PayloadSource, reference: Strategy?, pass: WorkerReport.Pass,
                           plan: SamplingPlan, probeReference: Double? = nil) throws -> WorkerReport {
        let bytes: Data
        let verdict: Verdict
        switch source {
        case .generated(let profile):
            let payload = NewsGenerator.generate(profile)
            bytes = payload.bytes
            verdict = Verifier.verify(strategy, on: payload, reference: reference)
        case .file(let url):
            bytes = try PayloadFile.read(url)
            verdict = Verifier.verify(strategy, bytes: bytes, reference: reference)
        }
        var report = WorkerReport(pass: pass, outcome: verdict.outcome, detail: verdict.detail, bytes: bytes.count,
                                  sha256: SHA256.hex(of: bytes))
        guard verdict.outcome.isMeasured else { return report }

        do {
            switch pass {
            case .verify:
                break  // the verdict is the whole answer (conformance sweep)
            case .timing:
                report.timing = try Sampler.time(try strategy.prepareRepeated(bytes), plan: plan,
                                                 probeReference: probeReference)
                report.timing?.outputBytes = verdict.outputBytes
            case .instructions:
                let repeated = try strategy.prepareRepeated(bytes)
                try repeated(1)  // warm, outside the counted region
                var failure: Error?
                InstructionRegion.count {
                    do { try repeated(1) } catch { failure = error }
                }
                if let failure { throw failure }
                report.countedDecodes = 1
            case .counting:
                // Without a counting library loaded: no counts rather than wrong ones.
                guard let counter = CountingBackend.counterInThisProcess() else { return report }
                let repeated = try strategy.prepareRepeated(bytes)
                try repeated(1)  // warm: lazy caches allocate once
                report.allocations = try (0..<countedDecodes).map { _ in
                    try counter.count { try repeated(1) }
                }
            }
        } catch {
            // Verified once, then threw while measured: not deterministic, so not a result.
            report.outcome = .threw
            report.detail = "threw during measurement after passing verification: \(DecodingErrorDescription.oneLine(error))"
            report.timing = nil
            report.allocations = nil
        }
        return report
    }
}
