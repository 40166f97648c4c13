import Foundation

/// Per-decode times of one sample.
struct TimingSample: Codable, Equatable, Sendable {
    var wallNanoseconds: Double
    var cpuNanoseconds: Double
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

/// Warms up, calibrates how many decodes one sample needs, then takes samples. Runs after the
/// cell's verification decode, which is the first warm-up decode.
enum Sampler {
    /// `repeated(n)` runs the strategy's timed work n times (its input already prepared).
    static func time(_ repeated: (Int) throws -> Void, plan: SamplingPlan) throws -> TimingResult {
        let passStart = Clocks.wall()
        // Warm up (the verification decode before this already ran once in this process), timing
        // each decode: the last one calibrates how many decodes a sample needs.
        var single: UInt64 = 1
        repeat {
            let t0 = Clocks.wall()
            try repeated(1)
            single = max(Clocks.wall() - t0, 1)
        } while Clocks.wall() - passStart < plan.warmupNanoseconds
        let perSample = Int(max(1, (plan.minSampleNanoseconds + single - 1) / single))

        var samples: [TimingSample] = []
        samples.reserveCapacity(plan.samples)
        var measured: UInt64 = 0
        let samplingStart = Clocks.wall()
        while samples.count < plan.samples {
            let wall0 = Clocks.wall(), cpu0 = Clocks.threadCPU()
            try repeated(perSample)
            let cpu1 = Clocks.threadCPU(), wall1 = Clocks.wall()
            measured += wall1 - wall0
            samples.append(TimingSample(wallNanoseconds: Double(wall1 - wall0) / Double(perSample),
                                        cpuNanoseconds: Double(cpu1 - cpu0) / Double(perSample)))
            if samples.count >= plan.minSamples && wall1 - samplingStart > plan.budgetNanoseconds { break }
        }
        return TimingResult(decodesPerSample: perSample, samples: samples,
                            measuredNanoseconds: measured, totalNanoseconds: Clocks.wall() - passStart)
    }
}
