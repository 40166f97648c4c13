import CodableBenchCore

/// One decode's exact measures from the instruction pass: the same on every run of one build.
struct ExactCount {
    let instructions: Int
    /// Nil where nothing simulated the caches (the CPU's counter on macOS).
    let simulatedCycles: Int?
    /// Where they went; empty from the CPU's counter.
    let breakdown: CostBreakdown
}
