import CodableBenchCore
import Foundation

/// What paired timing read of its canary (`TimingCanary`): a loop paired with itself under another
/// name, and with a loop of twice its turns, sampled as every comparison of the run is, on the
/// lanes the run uses. run.json's `timingCanary`.
package struct TimingCanaryReading: Codable, Equatable, Sendable {
    /// How far a canary ratio may read from its work ratio: the answers' own margin of "same
    /// speed" (`SpeedVerdict.defaultMargin`), below which no verdict rests on a time ratio.
    static let tolerance = SpeedVerdict.defaultMargin

    /// One canary ratio: the work ratio it should read, and what it read with its 99.9% interval
    /// (nil where the run ended before the canary had two generations with a pair).
    package struct Ratio: Codable, Equatable, Sendable {
        package var expected: Double
        package var value: Double?
        package var low: Double?
        package var high: Double?
        /// The process generations its pairs came from.
        package var generations: Int?

        package init(expected: Double, read: PairedRatio?) {
            self.expected = expected
            value = read?.value
            low = read?.low
            high = read?.high
            generations = read?.generations
        }

        /// Its work ratio give or take the tolerance.
        private var band: ClosedRange<Double> {
            expected * (1 - TimingCanaryReading.tolerance)...expected * (1 + TimingCanaryReading.tolerance)
        }

        /// Its whole interval lies further from its work ratio than the tolerance: the data show
        /// the timing wrong (an interval that reaches within it shows nothing either way).
        var isOff: Bool {
            guard let low, let high else { return false }
            return low > band.upperBound || high < band.lowerBound
        }

        /// Its whole interval lies within the tolerance of its work ratio.
        var isWithin: Bool {
            guard let low, let high else { return false }
            return band.contains(low) && band.contains(high)
        }

        package var text: String {
            guard let value, let low, let high else { return "nothing" }
            return String(format: "%.3f× (%.3f–%.3f)", value, low, high)
        }
    }

    /// The same loop under two names: 1.00.
    package var sameWork: Ratio
    /// Twice the loop's turns: 2.00.
    package var twiceTheWork: Ratio
    /// What its comparison took of the lanes' time: its generations' starts and rounds.
    var laneSeconds: Double? = nil

    package init(sameWork: Ratio, twiceTheWork: Ratio) {
        self.sameWork = sameWork
        self.twiceTheWork = twiceTheWork
    }

    /// Both ratios read, neither off its work ratio.
    package var passed: Bool { wasRead && !failed }
    /// Either ratio's interval lies wholly beyond the tolerance of its work ratio: the run's time
    /// ratios are not reported.
    package var failed: Bool { sameWork.isOff || twiceTheWork.isOff }
    /// Both ratios have a figure.
    var wasRead: Bool { sameWork.value != nil && twiceTheWork.value != nil }

    /// "paired timing read 1.002× (0.998–1.006) for a loop against itself and 2.003× (1.998–2.009)
    /// for twice its turns (99.9% intervals, 8 generations): within ±2% of 1 and 2", and where it
    /// misread, what follows.
    package var sentence: String {
        let margin = Int((Self.tolerance * 100).rounded())
        let generations = [sameWork.generations, twiceTheWork.generations].compactMap { $0 }.max().map { ", \($0) generations" } ?? ""
        let read =
            "paired timing read \(sameWork.text) for a canary loop against itself and \(twiceTheWork.text) for twice its turns"
            + " (99.9% intervals\(generations))"
        if failed { return read + ", more than \(margin)% from 1 and 2: time ratios are not reported in this run" }
        if !wasRead { return read + ": the run ended before the timing canary was read" }
        if sameWork.isWithin && twiceTheWork.isWithin { return read + ": within ±\(margin)% of 1 and 2" }
        return read + ": its intervals reach within ±\(margin)% of 1 and 2"
    }
}
