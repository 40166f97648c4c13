import Foundation
import CodableBenchCore
import CodableBenchHarness

/// The verdicts a run left open (ratios whose interval straddles 1 and the equivalence margin), and
/// what would likely close each: more sampling where the interval is at most twice as wide as its
/// verdict needs, a steadier machine beyond (at about the square root of time, four times the
/// sampling halves an interval, and a run's budget is rarely raised more than that), and the exact
/// measure where the run counted one. What a noisy host cost a run, in place of its slow-state share
/// alone (Documentation/Method.md, "What the host cost").
package struct OpenVerdicts: Equatable, Sendable {
    enum Remedy: Equatable, Sendable {
        /// This many times the sampling would narrow the interval enough, if its centre held.
        case moreSampling(factor: Double)
        case steadierMachine
    }

    package struct Open: Equatable, Sendable {
        package let strategy: String
        package let yardstick: String
        package let profile: String
        package let ratio: PairedRatio
        let remedy: Remedy
        /// The pair's exact measure in this run (simulated cycles or instructions), if counted.
        let exactRatio: Double?
    }

    /// The run's ratios, decided or not.
    package let ratios: Int
    package let open: [Open]

    /// Beyond this factor an open verdict is put down to the machine: four times the sampling
    /// halves an interval.
    package static let largestSamplingFactor = 4.0

    package init(ratios rows: [CellRatio], margin: Double = SpeedVerdict.defaultMargin, exactRatio: (CellRatio) -> Double?) {
        ratios = rows.count
        open = rows.filter { SpeedVerdict($0.ratio, margin: margin) == .undecided }.map { row in
            let factor = Self.samplingFactor(row.ratio, margin: margin)
            return Open(
                strategy: row.strategy, yardstick: row.yardstick, profile: row.profile, ratio: row.ratio,
                remedy: factor <= Self.largestSamplingFactor ? .moreSampling(factor: factor) : .steadierMachine,
                exactRatio: exactRatio(row))
        }
    }

    /// `findings`: the run's, whose exact measures give each open pair's (the answers' findings).
    package init(run: RecordedRun, findings: RunFindings, margin: Double = SpeedVerdict.defaultMargin) {
        self.init(ratios: run.ratios, margin: margin) {
            findings.exactRatio(of: $0.strategy, against: $0.yardstick, on: $0.profile)?.ratio
        }
    }

    /// How many times its sampling an undecided ratio would need for a verdict, if its centre held
    /// and its interval narrowed as the square root of time: to exclude 1 it must be narrower
    /// than its distance from 1; to lie within the margin, narrower than the margin less that
    /// distance; whichever is nearer (in logs, as the interval is).
    static func samplingFactor(_ ratio: PairedRatio, margin: Double) -> Double {
        let distance = abs(log(ratio.value))
        let needed = max(distance, log(1 + margin) - distance)
        let factor = ratio.precision / needed
        return factor * factor
    }

    /// The open verdicts more sampling would likely close, and the most sampling one of them needs.
    package var closedBySampling: (count: Int, factor: Double) {
        let factors = open.compactMap { open -> Double? in
            if case .moreSampling(let factor) = open.remedy { return factor }
            return nil
        }
        return (factors.count, factors.max() ?? 1)
    }

    package var needSteadierMachine: Int { open.count(where: { $0.remedy == .steadierMachine }) }
    package var withExactMeasure: Int { open.count(where: { $0.exactRatio != nil }) }
}
