/// Where a run's wall time went, phase by phase (run.json's `phases`): what the duty cycle leaves
/// unexplained, so that the harness's own overhead can be seen and cut.
struct GenerationPhases: Codable, Equatable, Sendable {
    /// Waiting for a generation's workers to be created (they are launched on a thread of their
    /// own while the round before samples).
    var launchingSeconds = 0.0
    /// Waiting for a generation's workers to verify and warm up, after the round before (whose
    /// sampling they started beside) ended.
    var startingSeconds = 0.0
    /// The round whose samples are recorded (the measured decodes and the parent's turns between them).
    var samplingSeconds = 0.0
    /// Telling the workers to quit and waiting until they have.
    var stoppingSeconds = 0.0
    /// After a comparison is done: its counting pass (allocations), instruction pass and rows.
    var finishingSeconds = 0.0

    /// "launching workers 5%, waiting for workers 20%, sampling 67%, stopping workers 2%, counting and writing 6%" of `total`.
    func shares(of total: Double) -> String {
        let parts = [
            ("launching workers", launchingSeconds), ("waiting for workers", startingSeconds), ("sampling", samplingSeconds),
            ("stopping workers", stoppingSeconds), ("counting and writing", finishingSeconds),
        ]
        return parts.map { String(format: "%@ %.0f%%", $0.0, total > 0 ? $0.1 / total * 100 : 0) }.joined(separator: ", ")
    }

    static func + (a: Self, b: Self) -> Self {
        Self(
            launchingSeconds: a.launchingSeconds + b.launchingSeconds,
            startingSeconds: a.startingSeconds + b.startingSeconds,
            samplingSeconds: a.samplingSeconds + b.samplingSeconds,
            stoppingSeconds: a.stoppingSeconds + b.stoppingSeconds,
            finishingSeconds: a.finishingSeconds + b.finishingSeconds)
    }
}
