import Foundation

/// A finished cell: its verdict and, when it was measured, its samples and counts.
struct CellResult {
    let cell: Cell
    let identity: CellIdentity
    let verdict: Verdict
    /// One timing result per fork, in the order they ran, without the samples left out as disturbed.
    let timings: [TimingResult]
    /// Timing samples left out because the machine probe saw a slow spell (see `SlowSpellFilter`).
    var excludedSamples = 0
    let allocations: [AllocationCount]?
    /// Instructions per decode from the callgrind pass, when requested.
    var instructions: Int? = nil

    var expectedOutcome: Outcome { cell.strategy.expectedOutcome(on: cell.source) }
    /// True when the cell ended otherwise than its strategy anticipates on this payload.
    var isUnexpected: Bool { verdict.outcome != expectedOutcome }

    /// The rows this cell contributes to `results.csv`: one per metric, or one `none` row.
    func rows(provenance: Provenance) -> [ResultRow] {
        func row(_ metric: Metric, _ values: [Double]) -> ResultRow? {
            row(metric, forks: [values])
        }
        func row(_ metric: Metric, forks: [[Double]], excluded: Int = 0) -> ResultRow? {
            guard let summary = Summary(forks: forks) else { return nil }
            return ResultRow(provenance: provenance, cell: identity, outcome: verdict.outcome,
                             expectedOutcome: expectedOutcome, detail: verdict.detail, metric: metric, summary: summary,
                             excluded: excluded)
        }
        var rows: [ResultRow] = []
        if !timings.isEmpty {
            let bytes = throughputBytes
            let forks = timings.map(\.samples)
            rows += [
                row(.wallTime, forks: forks.map { $0.map(\.wallNanoseconds) }, excluded: excludedSamples),
                row(.cpuTime, forks: forks.map { $0.map(\.cpuNanoseconds) }, excluded: excludedSamples),
                // MB/s with MB = 10^6 bytes: bytes / ns * 10^9 / 10^6.
                row(.throughput, forks: forks.map { $0.map { bytes * 1_000 / $0.wallNanoseconds } }, excluded: excludedSamples),
            ].compactMap { $0 }
        }
        if let counts = allocations, !counts.isEmpty {
            rows += [
                row(.allocations, counts.map { Double($0.allocations) }),
                row(.allocatedBytes, counts.map { Double($0.allocatedBytes) }),
                row(.peakHeapBytes, counts.compactMap { $0.peakBytes.map(Double.init) }),
            ].compactMap { $0 }
        }
        if let instructions {
            rows.append(row(.instructions, [Double(instructions)])!)
        }
        if rows.isEmpty {
            rows.append(ResultRow(provenance: provenance, cell: identity, outcome: verdict.outcome,
                                  expectedOutcome: expectedOutcome, detail: verdict.detail, metric: .none, summary: nil))
        }
        return rows
    }

    /// The `samples.csv` rows of one fork's timing; `leftOut` flags the samples the statistics left out.
    static func sampleRows(_ timing: TimingResult, fork: Int, leftOut: [Bool], identity: CellIdentity,
                           runID: String) -> [SampleRow] {
        timing.samples.enumerated().map { index, sample in
            SampleRow(runID: runID, group: identity.group, strategy: identity.strategy, profile: identity.profile,
                      fork: fork, sample: index, decodes: timing.decodesPerSample,
                      wallNanoseconds: sample.wallNanoseconds, cpuNanoseconds: sample.cpuNanoseconds,
                      probeNanoseconds: sample.probeNanoseconds, disturbed: leftOut[index])
        }
    }

    /// The bytes throughput counts: payload bytes read, or the bytes an encoder wrote.
    var throughputBytes: Double { Double(timings.first?.outputBytes ?? identity.bytes) }

    var wallTimeSummary: Summary? {
        Summary(forks: timings.map { $0.samples.map(\.wallNanoseconds) }, bootstrapResamples: 500)
    }

    func median(_ metric: Metric) -> Double? {
        switch metric {
        case .wallTime: return timings.isEmpty ? nil : Summary(timings.flatMap { $0.samples.map(\.wallNanoseconds) }, bootstrapResamples: 0)?.median
        case .throughput: return median(.wallTime).map { throughputBytes * 1_000 / $0 }
        case .allocations: return allocations.flatMap { Summary($0.map { Double($0.allocations) }, bootstrapResamples: 0)?.median }
        case .allocatedBytes: return allocations.flatMap { Summary($0.map { Double($0.allocatedBytes) }, bootstrapResamples: 0)?.median }
        default: return nil
        }
    }
}
