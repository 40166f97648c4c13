/// When a paired ratio needs no more samples: once its verdict is reached at one of a few planned
/// looks, or once its interval is as narrow as the run asked for.
///
/// Looking at a 95% interval after every generation and stopping once it excludes 1 would turn
/// the repeated looks into false verdicts (by chance, one look in twenty excludes 1 where the truth
/// is 1). So the early looks are a group-sequential design after Haybittle and Peto: at the planned
/// generation counts in `looks` (at most 13, growing by about half each), a ratio stops when its
/// 99.9% interval already gives a verdict (faster, slower, or the same within the margin); the
/// verdict is then read from its 95% interval as always. Each early look can add a false verdict
/// with probability at most 0.1%, so the looks add at most 1.3% to the final interval's own rate
/// (a union bound; they are strongly correlated, so far less in practice).
///
/// Stopping on width alone (the interval within ±`precision` after `floor` generations) does not
/// look at where the interval lies, so it needs no correction.
package struct StoppingRule: Equatable, Sendable {
    /// The generation counts (of the generations in the verdict's state) at which a ratio's verdict
    /// is looked at early.
    package static let looks = [3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192]

    /// Which verdicts an early look stops on.
    package enum Judgement: Codable, Equatable, Sendable {
        /// The answers' (`SpeedVerdict`): faster, slower, or the same within ±margin.
        case answers(margin: Double)
        /// The A/B gate's: the interval wholly within ±threshold, or wholly beyond it either way.
        case gate(threshold: Double)

        /// The answers' verdicts, which name the host's state they hold in.
        package var isAnswers: Bool {
            if case .answers = self { return true }
            return false
        }
    }

    /// The half-width (as a fraction) at which a ratio is known well enough.
    package let precision: Double
    package let judgement: Judgement
    /// Generations before the width rule applies.
    package let floor: Int

    package init(precision: Double, judgement: Judgement, floor: Int) {
        self.precision = precision
        self.judgement = judgement
        self.floor = floor
    }

    /// Why a ratio needs no more samples, or nil while it does.
    package enum Reason: String, Sendable {
        /// Its verdict at an early look, on its 99.9% interval.
        case verdict
        /// Its 95% interval within the precision target.
        case precision
    }

    package func settled(_ ratio: PairedRatio) -> Reason? {
        if Self.looks.contains(ratio.generations), let strict = ratio.interval999, decides(strict) { return .verdict }
        return ratio.generations >= floor && ratio.meets(precision: precision) ? .precision : nil
    }

    /// The interval gives a verdict by the judgement's rule.
    func decides(_ interval: PairedRatio) -> Bool {
        switch judgement {
        case .answers(let margin):
            return SpeedVerdict(interval, margin: margin) != .undecided
        case .gate(let threshold):
            let within = interval.low >= 1 / (1 + threshold) && interval.high <= 1 + threshold
            return within || interval.low > 1 + threshold || interval.high < 1 / (1 + threshold)
        }
    }
}
