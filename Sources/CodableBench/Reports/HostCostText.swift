import Foundation
import CodableBenchCore
import CodableBenchAnalysis
import CodableBenchHarness

/// What the host cost a run, in words: how many verdicts it left open and what would close them
/// (`OpenVerdicts`), for the answers' opening and the run's last lines.
enum HostCostText {
    /// Nil when every ratio was decided (or the run has none).
    /// `hostState`: the host's state as a parenthesis (`HostStateText.share`).
    static func sentence(_ open: OpenVerdicts, hostState: String?) -> Prose? {
        guard !open.open.isEmpty else { return nil }
        var parts: [Prose] = []
        let sampling = open.closedBySampling
        if sampling.count > 0 {
            parts.append(
                "\(sampling.count) would likely close with up to \(String(format: "%.1f", sampling.factor))× the sampling "
                    + "(\(code: "--budget"), a projection from their interval widths)")
        }
        if open.needSteadierMachine > 0 {
            parts.append(
                "\(open.needSteadierMachine) need more than \(Int(OpenVerdicts.largestSamplingFactor))× the sampling: "
                    + "a steadier machine, or runs pooled with \(code: "benchmarks across")")
        }
        let slow = hostState.map { " (\($0))" } ?? ""
        var text: Prose = "This run left \(open.open.count) of \(open.ratios) verdicts open\(slow): \(parts.joined(separator: "; "))."
        if open.withExactMeasure > 0 {
            text += " \(open.withExactMeasure) of them show their exact measure after the time figure, which no machine state moves."
        }
        return text
    }
}
