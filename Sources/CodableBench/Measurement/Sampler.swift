import Foundation

/// Per-decode times of one sample.
struct TimingSample: Codable, Equatable, Sendable {
    var wallNanoseconds: Double
    var cpuNanoseconds: Double
    /// The slower of the two machine probes taken right before and right after this sample
    /// (nanoseconds per probe decode); the parent compares it with the run's reference.
    var probeNanoseconds: Double
}

struct TimingResult: Codable, Equatable, Sendable {
    var decodesPerSample: Int
    var samples: [TimingSample]
    /// Time spent inside measured regions, and in the whole timing pass (warm-up included).
    var measuredNanoseconds: UInt64
    var totalNanoseconds: UInt64
    /// Bytes an encoder writes per operation (throughput counts them instead of the payload's).
    var outputBytes: Int?
}

/// Warms up, calibrates how many decodes one sample needs, then takes samples, each between two
/// machine probes. Runs after the cell's verification decode, which is the first warm-up decode.
enum Sampler {
    /// `repeated(n)` runs the strategy's timed work n times (its input already prepared).
    /// `probeReference` is the run's fast-machine probe time so far: samples next to a probe slower
    /// than `plan.disturbedAbove` times it don't count towards `plan.samples`, so the pass samples
    /// on (up to three times the plan) to collect enough clean ones.
    static func time(_ repeated: (Int) throws -> Void, plan: SamplingPlan,
                     probeReference: Double? = nil) throws -> TimingResult {
        let passStart = Clocks.wall()
        let probe = MachineProbe()
        guard probe.decodesCorrectly() else { throw MachineProbe.Failure() }
        // Warm up (the verification decode before this already ran once in this process), timing
        // each decode: the last one calibrates how many decodes a sample needs.
        var single: UInt64 = 1
        repeat {
            let t0 = Clocks.wall()
            try repeated(1)
            single = max(Clocks.wall() - t0, 1)
            _ = probe.measure()
        } while Clocks.wall() - passStart < plan.warmupNanoseconds
        let perSample = Int(max(1, (plan.minSampleNanoseconds + single - 1) / single))
        let cleanLimit = probeReference.map { $0 * plan.disturbedAbove } ?? .infinity

        var samples: [TimingSample] = []
        samples.reserveCapacity(plan.samples)
        var measured: UInt64 = 0
        var clean = 0
        var probeBefore = probe.measure()
        let samplingStart = Clocks.wall()
        while true {
            let wall0 = Clocks.wall(), cpu0 = Clocks.threadCPU()
            try repeated(perSample)
            let cpu1 = Clocks.threadCPU(), wall1 = Clocks.wall()
            let probeAfter = probe.measure()
            measured += wall1 - wall0
            let sample = TimingSample(wallNanoseconds: Double(wall1 - wall0) / Double(perSample),
                                      cpuNanoseconds: Double(cpu1 - cpu0) / Double(perSample),
                                      probeNanoseconds: max(probeBefore, probeAfter))
            samples.append(sample)
            probeBefore = probeAfter
            if sample.probeNanoseconds <= cleanLimit { clean += 1 }

            let elapsed = wall1 - samplingStart
            if clean >= plan.samples { break }
            if clean >= plan.minSamples && elapsed > plan.budgetNanoseconds { break }
            // A spell longer than this: keep what there is; the parent decides what counts.
            if samples.count >= 3 * plan.samples || elapsed > 3 * plan.budgetNanoseconds { break }
        }
        return TimingResult(decodesPerSample: perSample, samples: samples,
                            measuredNanoseconds: measured, totalNanoseconds: Clocks.wall() - passStart)
    }
}
