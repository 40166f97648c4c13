import Foundation

/// A strategy's time over its yardstick's, from paired samples: each strategy sample sits between
/// two yardstick samples taken milliseconds before and after it, so both see the same machine state
/// and the ratio cancels it (the idea behind tango-bench's paired benchmarking).
///
/// Method (documented in Documentation/Method.md):
/// - a pair's log ratio is `log S − (log Y_before + log Y_after) / 2`: the geometric mean of the two
///   flanking yardstick samples, which also cancels a machine that drifts linearly across the pair;
/// - each process generation contributes one value: the interquartile mean (25% trimmed at each
///   end) of its pairs' log ratios, robust to the pair that straddles a switch of the machine's
///   speed (such a pair is off by up to ±40% where the others agree within a few percent);
/// - the generations are combined by their 20%-trimmed mean, with the Tukey–McLaughlin interval
///   (Student's t on the winsorized variance, h − 1 degrees of freedom for h values kept; Yuen's
///   one-sample interval). Generations are independent processes, so the interval includes what
///   differs between processes, and the trimming keeps out the occasional process that runs in a
///   slow mode of its own while the processes interleaved with it are not;
/// - pairs taken in a slow spell of the machine are left out first (`undisturbed(_:)`).
package struct PairedRatio: Equatable, Sendable {
    package let value: Double
    package let low: Double
    package let high: Double
    /// Pairs over all generations, and the generations they came from.
    package let pairs: Int
    package let generations: Int
    /// The standard error of the log ratio and its degrees of freedom, from which an interval at
    /// another level is drawn (`interval(at:)`); nil for a ratio read back from a file.
    package let spread: (standardError: Double, degreesOfFreedom: Int)?

    /// Generations need at least `minimumPairs` pairs to count; an interval needs two generations.
    static let minimumPairs = 1
    /// Trimmed at each end: of a generation's pairs, and of the generations.
    static let pairTrim = 0.25
    static let generationTrim = 0.20

    /// The ratio a verdict is read from: that of the pairs taken with the cache to itself where
    /// the run has them, else under contention (`StatedRatio`); for pairs without a state (no
    /// probe), those of slow spells by the yardstick's pace left out. nil without at least two
    /// generations with a pair.
    package init?(pairsByGeneration: [[Pair]]) {
        guard let stated = StatedRatio(pairsByGeneration: pairsByGeneration) else { return nil }
        self = stated.ratio
    }

    /// Pairs without a state (no probe), those of slow spells by the yardstick's pace left out.
    init?(unstatedPairsByGeneration: [[Pair]]) {
        self.init(logRatiosByGeneration: Self.undisturbed(unstatedPairsByGeneration))
    }

    /// Each generation's log ratios, without the pairs whose yardstick ran more than
    /// `slowSpellAbove` slower than its 10th percentile over all of them.
    ///
    /// Why: pairing cancels a change of the machine's speed only where both strategies change
    /// alike, and in a slow spell of the machine they do not (figures: Notebook, "Figures behind the code"), so a ratio over all
    /// pairs would depend on how much of its run fell in slow spells. Without them it describes the machine undisturbed, as the absolute times' 10th
    /// percentile does. A run spent wholly in a slow spell keeps its pairs: the percentile is taken
    /// from the run itself. Where fewer than two generations would keep a pair (a large payload gets
    /// only a few in a run), all pairs are kept rather than the ratio lost.
    static func undisturbed(_ generations: [[Pair]]) -> [[Double]] {
        let all = generations.map { $0.map(\.logRatio) }
        let paces = generations.joined().map(\.yardstickPace).sorted()
        guard !paces.isEmpty else { return all }
        let limit = paces[paces.count / 10] * (1 + slowSpellAbove)
        let kept = generations.map { $0.filter { $0.yardstickPace <= limit }.map(\.logRatio) }
        return kept.count(where: { $0.count >= minimumPairs }) >= 2 ? kept : all
    }

    /// Halfway from the machine's usual jitter (nine pairs in ten within 10% of the percentile in
    /// quiet runs) to its slow spells (40% slower and more).
    static let slowSpellAbove = 0.20

    /// nil without at least two generations with a pair.
    package init?(logRatiosByGeneration: [[Double]]) {
        let usable = logRatiosByGeneration.filter { $0.count >= Self.minimumPairs }
        guard
            let center = TrimmedMean(
                usable.map { TrimmedMean.mean($0, trim: Self.pairTrim) },
                trim: Self.generationTrim)
        else { return nil }
        value = exp(center.mean)
        low = exp(center.mean - center.halfWidth95)
        high = exp(center.mean + center.halfWidth95)
        pairs = usable.map(\.count).reduce(0, +)
        generations = usable.count
        spread = (center.standardError, center.degreesOfFreedom)
    }

    /// A ratio with an interval given directly (read back from a file, or the yardstick's own 1).
    package init(value: Double, low: Double, high: Double, pairs: Int, generations: Int) {
        self.value = value
        self.low = low
        self.high = high
        self.pairs = pairs
        self.generations = generations
        spread = nil
    }

    package static func == (a: PairedRatio, b: PairedRatio) -> Bool {
        (a.value, a.low, a.high, a.pairs, a.generations) == (b.value, b.low, b.high, b.pairs, b.generations)
    }

    /// The interval at two-sided 99.9% (the stopping rule's early looks), as a ratio with the same
    /// centre; nil without the spread (a ratio read back from a file).
    package var interval999: PairedRatio? {
        guard let spread else { return nil }
        let half = StudentT.quantile9995(degreesOfFreedom: spread.degreesOfFreedom) * spread.standardError
        return PairedRatio(
            value: value, low: value * exp(-half), high: value * exp(half), pairs: pairs, generations: generations)
    }

    /// The yardstick against itself.
    package static let one = PairedRatio(value: 1, low: 1, high: 1, pairs: 0, generations: 0)

    /// Half the interval's width on the log scale, as a fraction: ±1% is 0.01. The interval is
    /// symmetric in log space, so this is the same on both sides.
    package var precision: Double { log(high / low) / 2 }

    /// The stopping rule: this ratio is known well enough.
    package func meets(precision target: Double) -> Bool { precision <= log(1 + target) }

    /// `1.46× (1.44–1.47)`.
    package var text: String {
        let digits = value >= 10 ? "%.1f" : value < 0.1 ? "%.3f" : "%.2f"
        return String(format: "\(digits)× (\(digits)–\(digits))", value, low, high)
    }

    /// `1.462× (1.441–1.474)`: three decimals, where a 1–2% margin or threshold is read against it.
    package var preciseText: String { String(format: "%.3f× (%.3f–%.3f)", value, low, high) }
}

/// Encoded as ratios.csv records it: the value, its interval, pairs and generations (the spread an
/// interval at another level is drawn from is not kept, as in the file).
extension PairedRatio: Codable {
    private enum CodingKeys: String, CodingKey { case value, low, high, pairs, generations }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            value: try container.decode(Double.self, forKey: .value), low: try container.decode(Double.self, forKey: .low),
            high: try container.decode(Double.self, forKey: .high), pairs: try container.decode(Int.self, forKey: .pairs),
            generations: try container.decode(Int.self, forKey: .generations))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(value, forKey: .value)
        try container.encode(low, forKey: .low)
        try container.encode(high, forKey: .high)
        try container.encode(pairs, forKey: .pairs)
        try container.encode(generations, forKey: .generations)
    }
}

/// A strategy sample against the two samples of its yardstick taken just before and after it.
package struct Pair: Equatable, Sendable {
    /// `log S − (log Y_before + log Y_after) / 2`.
    package let logRatio: Double
    /// The yardstick's time per decode around the pair (the geometric mean of the two): how fast
    /// the machine ran at that moment.
    package let yardstickPace: Double
    /// The host's state when the pair was taken, from the cache probes around it (`HostState`);
    /// nil where no probe was taken (runs before harness 0.7), whose pairs are sorted by the
    /// yardstick's pace instead (`undisturbed(_:)`).
    package var state: HostState?

    package init(sample: Double, before: Double, after: Double, state: HostState? = nil) {
        logRatio = log(sample) - (log(before) + log(after)) / 2
        yardstickPace = (before * after).squareRoot()
        self.state = state
    }

}

/// A trimmed mean with the Tukey–McLaughlin 95% interval: g = ⌊trim·n⌋ values dropped at each
/// end, h = n − 2g kept; the standard error is the winsorized standard deviation over
/// (1 − 2·trim)·√n, and the quantile Student's t with h − 1 degrees of freedom.
struct TrimmedMean: Equatable, Sendable {
    let mean: Double
    let standardError: Double
    /// h − 1, for the h values kept.
    let degreesOfFreedom: Int
    var halfWidth95: Double { StudentT.quantile975(degreesOfFreedom: degreesOfFreedom) * standardError }

    /// nil for fewer than two values, or when trimming leaves fewer than two.
    init?(_ values: [Double], trim: Double) {
        let n = values.count
        let g = Int(Double(n) * trim)
        let h = n - 2 * g
        guard n >= 2, h >= 2 else { return nil }
        let sorted = values.sorted()
        mean = Self.mean(sorted, trim: trim)
        let winsorized = sorted.indices.map { sorted[min(max($0, g), n - 1 - g)] }
        let wMean = winsorized.reduce(0, +) / Double(n)
        let wVariance = winsorized.reduce(0) { $0 + ($1 - wMean) * ($1 - wMean) } / Double(n - 1)
        standardError = wVariance.squareRoot() / ((1 - 2 * Double(g) / Double(n)) * Double(n).squareRoot())
        degreesOfFreedom = h - 1
    }

    /// Mean of the values left after dropping ⌊trim·n⌋ of them at each end.
    static func mean(_ values: [Double], trim: Double) -> Double {
        let sorted = values.sorted()
        let cut = Int(Double(sorted.count) * trim)
        let kept = sorted[cut..<(sorted.count - cut)]
        return kept.reduce(0, +) / Double(kept.count)
    }
}

/// What a paired ratio says about speed, stated only when its interval supports it.
package enum SpeedVerdict: String, Sendable, CaseIterable {
    /// The interval lies wholly below 1 (and not wholly within the equivalence margin).
    case faster
    case slower
    /// The interval lies wholly within 1 ± margin: the same speed, to within the margin.
    case same = "no difference"
    /// The interval straddles 1 and reaches beyond the margin: the data cannot tell.
    case undecided

    /// `margin` is the equivalence margin (0.02: within ±2% counts as no difference).
    package init(_ ratio: PairedRatio, margin: Double) {
        if ratio.low >= 1 / (1 + margin) && ratio.high <= 1 + margin {
            self = .same
        } else if ratio.low > 1 {
            self = .slower
        } else if ratio.high < 1 {
            self = .faster
        } else {
            self = .undecided
        }
    }

    /// The equivalence margin of every run (Documentation/Method.md, "Verdicts").
    package static let defaultMargin = 0.02

    /// What an undecided interval straddles: "1 and the ±2% margin".
    package static func straddled(margin: Double = defaultMargin) -> String {
        "1 and the ±\((margin * 100).shortText)% margin"
    }
}
