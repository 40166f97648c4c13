/// Sets apart the timing samples taken while the machine was in a slow spell, by the machine probe
/// that runs between samples (see `MachineProbe`). The run's reference is the 10th percentile of
/// every probe so far: its fast state. Slow spells are a minority of the time, and a percentile
/// rather than the minimum, which one lucky probe would set.
///
/// Disturbed samples stay in `samples.csv` (flagged); the statistics of `results.csv` leave them
/// out and say how many (`excluded`). Timing only: counts and instructions are exact anyway.
struct SlowSpellFilter {
    /// A sample is disturbed when its probe took more than `threshold` × the reference.
    let threshold: Double
    /// Fewer probes than this and there is no reference yet (nothing is disturbed).
    static let minimumProbes = 20
    private var probes: [Double] = []

    init(threshold: Double) {
        self.threshold = threshold
    }

    mutating func record(_ timing: TimingResult) {
        probes += timing.samples.map(\.probeNanoseconds)
    }

    var reference: Double? {
        guard probes.count >= Self.minimumProbes else { return nil }
        return Summary.percentile(probes.sorted(), 0.10)
    }

    /// What one cell keeps: its forks without disturbed samples, unless fewer than `minimum` clean
    /// samples would be left, then everything (and `keptDisturbed` says so).
    struct Split {
        var kept: [TimingResult]
        /// Per fork and sample: left out of the statistics.
        var leftOut: [[Bool]]
        var excluded: Int
        var keptDisturbed: Bool
    }

    func split(_ timings: [TimingResult], minimum: Int) -> Split {
        let limit = reference.map { $0 * threshold } ?? .infinity
        let disturbed = timings.map { $0.samples.map { $0.probeNanoseconds > limit } }
        let excluded = disturbed.joined().filter { $0 }.count
        let total = timings.map(\.samples.count).reduce(0, +)
        guard excluded > 0, total - excluded >= minimum else {
            let none = timings.map { [Bool](repeating: false, count: $0.samples.count) }
            return Split(kept: timings, leftOut: none, excluded: 0, keptDisturbed: excluded > 0)
        }
        let kept = zip(timings, disturbed).map { timing, flags in
            var clean = timing
            clean.samples = zip(timing.samples, flags).filter { !$0.1 }.map(\.0)
            return clean
        }
        return Split(kept: kept, leftOut: disturbed, excluded: excluded, keptDisturbed: false)
    }
}
