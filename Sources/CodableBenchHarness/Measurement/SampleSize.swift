import CodableBenchCore

/// A member's sample in one generation: `batches` batches of `decodes` decodes, of which the worker
/// reports the median batch (the parent asks for it over `LockstepProtocol`).
struct SampleSize: Equatable {
    var decodes: Int
    var batches: Int

    /// Batches per sample where the generation's slowest decode is short enough.
    static let mostBatches = 5

    /// The sizes of one generation's members, from each one's decode time: the same odd number of
    /// batches for every member, and enough decodes a batch for a sample to last `target`.
    ///
    /// Why the same number: the estimator depends on it (an even count's median is its upper
    /// middle, and fewer batches read higher). Sized member by member from each worker's own
    /// warm-up, the counts differed within a generation, and not at random: the first worker
    /// launched, the yardstick, warms up beside the others' starts (figures: Notebook, "Figures behind the code").
    ///
    /// The count is the most batches, at most `mostBatches`, that the slowest
    /// member fits in `target` with one decode each, rounded up to odd (2 → 3, 4 → 5): that
    /// member's samples then last a little longer than `target` rather than lose their median.
    static func forGeneration(nanosecondsPerDecode: [Int: Double], target: Double) -> [Int: SampleSize] {
        let perDecode = alike(nanosecondsPerDecode.mapValues { max($0, 1) })
        let slowest = perDecode.values.max() ?? target
        let fitting = min(Self.mostBatches, max(1, Int((target / slowest).rounded(.up))))
        let batches = fitting.isMultiple(of: 2) ? fitting + 1 : fitting
        let batchTarget = target / Double(batches)
        return perDecode.mapValues { SampleSize(decodes: Int(max(1, (batchTarget / $0).rounded(.up))), batches: batches) }
    }

    /// The time per decode that sizes a member's samples: the 10th percentile of its samples' CPU
    /// times per decode once it has some (`sampled`), else its fastest warm-up decode, else (a
    /// worker that does not say) a whole `sample`.
    ///
    /// Why not the warm-up throughout: a sample of one batch (a comparison whose slowest decode
    /// outlasts the sample) keeps the cost of its first decode after another worker ran, so its
    /// decodes per sample are part of what it measures, and members of the same speed must take the
    /// same number. Warm-ups did not give them that: the yardstick's worker, launched first, warms
    /// up beside the others' starts (figures: Notebook, "Figures behind the code"). Samples are taken beside the other members' samples,
    /// so members of the same speed read alike whatever the machine's state, and the low percentile
    /// leaves out slow spells.
    static func decodeTime(sampled: [Double], fastestWarmup: UInt64?, sample: Double) -> Double {
        if !sampled.isEmpty { return sampled.sorted()[sampled.count / 10] }
        return fastestWarmup.map { Double($0) } ?? sample
    }

    /// Members within `alikeWithin` of a faster one take its time, so that members of about the same
    /// speed get the same size, where their warm-ups could fall either side of a step (one or two
    /// decodes a batch), which read differently a decode (figures: Notebook, "Figures behind the code").
    static func alike(_ perDecode: [Int: Double]) -> [Int: Double] {
        var leader: Double?
        var result: [Int: Double] = [:]
        for (member, time) in perDecode.sorted(by: { ($0.value, $0.key) < ($1.value, $1.key) }) {
            if let fast = leader, time <= fast * (1 + alikeWithin) {
                result[member] = fast
            } else {
                leader = time
                result[member] = time
            }
        }
        return result
    }

    /// How close two decode times are to count as the same speed for sizing (the self-test's
    /// variant, about 3% slower than its reference, sizes as the reference does).
    static let alikeWithin = 0.10
}
