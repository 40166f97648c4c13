@testable import CodableBench
@testable import CodableBenchAnalysis
@testable import CodableBenchCore
@testable import CodableBenchHarness
import Foundation
import Testing

/// What the host cost a run: which verdicts it left open, what would close each (figures computed
/// by hand from the intervals), and the sentence the answers and the run's last lines give.
@Suite("Open verdicts")
struct OpenVerdictsTests {
    static let rows = [
        // Undecided: 1.01 (0.99–1.03) needs its half-width (log(1.03/0.99)/2 = 0.019805) to fall to
        // its distance from 1 (log 1.01 = 0.009950): (0.019805/0.009950)² = 3.96× the sampling.
        ClaimsTests.row("a", vs: "y", on: "small", ClaimsTests.ratio(1.01, 0.99, 1.03)),
        // Undecided and wide: 1.0 (0.9–1.1111) needs log(1.02) = 0.019803 against 0.105365: 28.3×.
        ClaimsTests.row("b", vs: "y", on: "small", ClaimsTests.ratio(1.0, 0.9, 1.1111)),
        // Decided: slower, and the same speed.
        ClaimsTests.row("c", vs: "y", on: "small", ClaimsTests.ratio(1.5, 1.4, 1.6)),
        ClaimsTests.row("d", vs: "y", on: "small", ClaimsTests.ratio(1.0, 0.99, 1.01)),
    ]

    @Test("undecided ratios only, each with more sampling up to 4× or a steadier machine")
    func remedies() {
        let open = OpenVerdicts(ratios: Self.rows) { $0.strategy == "b" ? 1.004 : nil }
        #expect(open.ratios == 4)
        #expect(open.open.map(\.strategy) == ["a", "b"])
        guard case .moreSampling(let factor) = open.open[0].remedy else {
            Issue.record("a: \(open.open[0].remedy)")
            return
        }
        #expect(abs(factor - 3.9615) < 0.001)
        #expect(open.open[1].remedy == .steadierMachine)
        #expect(open.closedBySampling.count == 1)
        #expect(open.needSteadierMachine == 1)
        #expect(open.withExactMeasure == 1)
        #expect(open.open[1].exactRatio == 1.004)
    }

    @Test("the nearer verdict sets the factor: within the margin, or excluding 1")
    func nearerVerdict() {
        // 0.995 (0.97–1.02): within ±2% needs 0.019803 − 0.005013 = 0.014790 against 0.025131.
        #expect(abs(OpenVerdicts.samplingFactor(ClaimsTests.ratio(0.995, 0.97, 1.02), margin: 0.02) - 2.8872) < 0.001)
        // 1.03 (0.99–1.07): excluding 1 needs log 1.03 = 0.029559 against 0.038855.
        #expect(abs(OpenVerdicts.samplingFactor(ClaimsTests.ratio(1.03, 0.99, 1.07), margin: 0.02) - 1.7279) < 0.001)
    }

    @Test("the sentence counts what was left open and why; none when every verdict was decided")
    func sentence() {
        let slow = "the machine was in its slow state in 10% of the timing samples"
        let open = OpenVerdicts(ratios: Self.rows) { $0.strategy == "b" ? 1.004 : nil }
        #expect(
            HostCostText.sentence(open, hostState: slow)?.markdown
                == "This run left 2 of 4 verdicts open (the machine was in its slow state in 10% of the timing samples): "
                + "1 would likely close with up to 4.0× the sampling (`--budget`, a projection from their interval widths); "
                + "1 need more than 4× the sampling: a steadier machine, or runs pooled with `benchmarks across`. "
                + "1 of them show their exact measure after the time figure, which no machine state moves.")
        let decided = OpenVerdicts(ratios: Array(Self.rows.suffix(2))) { _ in nil }
        #expect(decided.open.isEmpty)
        #expect(HostCostText.sentence(decided, hostState: slow) == nil)
    }
}
