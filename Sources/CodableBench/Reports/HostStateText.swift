import Foundation
import CodableBenchCore
import CodableBenchHarness

/// The host's state during a run, in the words of its reports: from the cache probes beside the
/// samples where the run took them (`HostStateSummary`, run.json), else (runs before harness 0.7)
/// the slow-state share of its timing samples (`SlowState`).
enum HostStateText {
    /// "the host: other tenants contended for the shared cache in 55% of 640 probes (…)".
    static func sentence(_ info: RunJSON?, run: RecordedRun) -> String? {
        if let host = run.hostState ?? info?.hostState { return "the host: \(host.sentence)" }
        return run.slowState.map { "the machine ran in \($0.text)" }
    }

    /// For a parenthesis: "other tenants held the shared cache in 55% of the probes".
    static func share(_ info: RunJSON?, run: RecordedRun) -> String? {
        if let host = run.hostState ?? info?.hostState {
            guard host.labelsKept else { return "the cache probe could not observe the host's state on this CPU" }
            return String(format: "other tenants held the shared cache in %.0f%% of the probes", host.contendedShare * 100)
        }
        return run.slowState.map { String(format: "the machine was in its slow state in %.0f%% of the timing samples", $0.share * 100) }
    }

    /// A warning for the top of a report where other tenants held the cache in more than a tenth
    /// of the probes (or, without probes, the slow state was high).
    static func warning(_ info: RunJSON?, run: RecordedRun) -> ReportWarning? {
        if let host = run.hostState ?? info?.hostState {
            guard host.labelsKept, host.contendedShare > 0.10 else { return nil }
            return ReportWarning(
                summary: String(
                    format:
                        "other tenants contended for the shared cache in %.0f%% of the probes: a ratio between memory-bound and compute-bound code moves with that, so each is stated for the state it holds in",
                    host.contendedShare * 100),
                details: [host.sentence], advice: contentionAdvice)
        }
        guard let slow = run.slowState, slow.isHigh else { return nil }
        return ReportWarning(
            summary: "the machine ran in \(slow.text): intervals are wider than in a steadier run",
            details: run.slowStateByProfile.map {
                String(format: "%@: %.1f%% of %d samples", $0.profile, $0.state.share * 100, $0.state.samples)
            },
            advice: ReportWarning.slowStateAdvice)
    }

    /// What to do about a run under contention (Documentation/Method.md, "The host's state").
    static let contentionAdvice: Prose =
        "A verdict is the quiet state's where the run had at least two process generations of it, else the "
        + "contended state's (marked under contention); where both were measured and differ beyond their intervals, "
        + "the answer shows both. For the quiet figures, run again at a quieter hour; "
        + "\(code: "benchmarks across") pools runs, and run.json's \(code: "hostState") tells them apart."
}
