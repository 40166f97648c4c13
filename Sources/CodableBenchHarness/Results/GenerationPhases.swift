import CodableBenchCore

/// Where a run's wall time went, phase by phase (run.json's `phases`): what the duty cycle leaves
/// unexplained, so that the harness's own overhead can be seen and cut.
package struct GenerationPhases: Codable, Equatable, Sendable {
    /// Waiting, with nothing to sample, until some generation's workers had been created, had
    /// verified and had warmed up (they start beside the rounds of others, see `InterleavedSampling`).
    var startingSeconds = 0.0
    /// The round whose samples are recorded (the measured decodes and the parent's turns between them).
    var samplingSeconds = 0.0
    /// Telling the workers to quit (they exit off the timing CPU, not waited for).
    var stoppingSeconds = 0.0
    /// After a comparison is done: its instruction pass and rows; at the end, the counting passes
    /// still left (the others ran beside the sampling, see `BackgroundPasses`).
    var finishingSeconds = 0.0
    /// The exact measures after the sampling (`countExact`), on every timing CPU: seconds times
    /// CPUs, as the other phases are (nil in runs before 0.9). Those counted beside the sampling
    /// on spare CPUs (`SpareCPUExactPass`) take no timing CPU's time and are not in it.
    var exactSeconds: Double?

    /// "waiting for workers 20%, sampling 72%, stopping workers 2%, counting and writing 6%" of `total`.
    package func shares(of total: Double) -> String {
        let parts =
            [
                ("waiting for workers", startingSeconds), ("sampling", samplingSeconds),
                ("stopping workers", stoppingSeconds), ("counting and writing", finishingSeconds),
            ] + (exactSeconds.map { [("exact measures", $0)] } ?? [])
        return parts.map { String(format: "%@ %.0f%%", $0.0, total > 0 ? $0.1 / total * 100 : 0) }.joined(separator: ", ")
    }

    static func + (a: Self, b: Self) -> Self {
        Self(
            startingSeconds: a.startingSeconds + b.startingSeconds,
            samplingSeconds: a.samplingSeconds + b.samplingSeconds,
            stoppingSeconds: a.stoppingSeconds + b.stoppingSeconds,
            finishingSeconds: a.finishingSeconds + b.finishingSeconds,
            exactSeconds: a.exactSeconds.map { $0 + (b.exactSeconds ?? 0) } ?? b.exactSeconds)
    }
}
