/// A member's sample in one generation: `batches` batches of `decodes` decodes, of which the worker
/// reports the median batch (see `LockstepProtocol`).
struct SampleSize: Equatable {
    var decodes: Int
    var batches: Int
    /// Whether the sample is preceded by one decode that is not timed (see `rewarmBelow`).
    var rewarm = false

    /// The sizes of one generation's members, from each one's decode time: the same odd number of
    /// batches for every member, and enough decodes a batch for a sample to last `target`.
    ///
    /// Why the same number: the estimator depends on it. Within one process (`paired-reference` on
    /// `small`, 600 alternations, `scripts/sample-estimators.py`), against the median of five
    /// batches of one ~1 ms decode, the median of three read +0.5%, of four +1.4% and of two +3.3%
    /// (an even count's median is its upper middle), and a single batch +1.5%. Sized member by
    /// member from each worker's own warm-up, the counts differed within a generation, and not at
    /// random: the first worker launched, the yardstick, warms up beside the others' starts, and in
    /// noisy hours got one-batch samples about twice as often as the members paired with it (the
    /// self-test's A/A ratio read about 0.993 in those hours; that this was the cause is not shown).
    ///
    /// The count is the most batches, at most `LockstepProtocol.batchesPerSample`, that the slowest
    /// member fits in `target` with one decode each, rounded up to odd (2 → 3, 4 → 5): that
    /// member's samples then last a little longer than `target` rather than lose their median.
    static func forGeneration(nanosecondsPerDecode: [Int: Double], target: Double) -> [Int: SampleSize] {
        let perDecode = alike(nanosecondsPerDecode.mapValues { max($0, 1) })
        let slowest = perDecode.values.max() ?? target
        let fitting = min(LockstepProtocol.batchesPerSample, max(1, Int((target / slowest).rounded(.up))))
        let batches = fitting.isMultiple(of: 2) ? fitting + 1 : fitting
        let batchTarget = target / Double(batches)
        return perDecode.mapValues { time in
            SampleSize(
                decodes: Int(max(1, (batchTarget / time).rounded(.up))), batches: batches,
                rewarm: batches == 1 && time < rewarmBelow)
        }
    }

    /// A sample of one batch has no median to leave out its cold start, so where the decode is
    /// shorter than this, one untimed decode comes first. The first decode after another worker
    /// ran on the CPU pays for what that worker evicted: 0.15 ms on a 4 ms decode (`optional-50`),
    /// 0.4 ms for `synthesized` and 0.9 ms for `encode-synthesized` on `medium` (10–12 ms). Timed,
    /// that cost differs by strategy and is spread over samples of different lengths:
    /// `optional-ifpresent` against `synthesized` on `optional-50` read 1.035 in one run and 0.980
    /// in the next, each ±0.35%, as their samples were one decode and two, then two and one
    /// (rewarmed: 1.009 and 1.008); `encode-synthesized` against `synthesized` on `medium` read
    /// 0.82–0.85 cold and 0.78–0.79 rewarmed. Above 50 ms such a cost is under 2% of a decode, and a
    /// second decode of a `large` payload would halve its comparison's samples.
    static let rewarmBelow = 50_000_000.0

    /// Members within `alikeWithin` of a faster one take its time, so that members of about the same
    /// speed get the same size, where their warm-ups could fall either side of a step (one or two
    /// decodes a batch): within one process, five batches of two decodes read 0.6% ± 0.6% slower a
    /// decode than five of one.
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
    /// variant, 4.4% slower than its reference, sizes as the reference does).
    static let alikeWithin = 0.10
}
