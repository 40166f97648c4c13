import Foundation
import CodableBenchCore
import CodableBenchAnalysis
import CodableBenchHarness

/// One kind of warning: a line for the top of a report, and the cases it counts.
struct ReportWarning {
    let summary: String
    var details: [String] = []
    /// What the reader can do about it, shown with the details.
    var advice: Prose? = nil

    /// Noise and configuration warnings, one per kind; the top of a report shows the summaries.
    /// `info`: the run's run.json; its platform (`Platform.Kind`) is nil for runs before it was
    /// recorded (Linux), and its platform notes name what that platform does not measure.
    static func all(run: RecordedRun, cells: [CellRecord], info: RunJSON? = nil) -> [ReportWarning] {
        var out: [ReportWarning] = []
        let platform = info?.platform
        let p = run.provenance
        let systemMalloc =
            platform.map { $0 == "linux" } ?? true
            ? "glibc's malloc through malloc-interposer (jemalloc not found, or --counting interposer)"
            : "the system's malloc through malloc-interposer (the default on macOS)"
        if p.buildConfiguration != "release" {
            out.append(ReportWarning(summary: "debug build: these numbers do not describe optimized code"))
        }
        if let canary = info?.timingCanary, canary.failed {
            out.append(ReportWarning(summary: "the timing canary failed: \(canary.sentence)"))
        }
        if let canary = info?.exactCanary, !canary.passed {
            out.append(ReportWarning(summary: "exact measures were not counted: \(canary.sentence)"))
        }
        if let canary = info?.allocationCanary, !canary.passed {
            out.append(ReportWarning(summary: "allocations were not counted: \(canary.sentence)"))
        } else if p.countingBackend == "none" {
            out.append(ReportWarning(summary: "allocations were not counted (--no-count, or nothing to count them with)"))
        }
        if p.countingBackend == "interposer" {
            out.append(
                ReportWarning(
                    summary:
                        "allocation counts are approximate: \(systemMalloc); Swift grows buffers by usable size, so counts move by up to about 0.1% between runs and bytes by several %, and there is no peak heap"
                ))
        }
        let unexpected = cells.filter { $0.outcome != $0.expectedOutcome }
        if !unexpected.isEmpty {
            out.append(
                ReportWarning(
                    summary: "\(unexpected.count) cell(s) did not end as their strategy expects",
                    details: unexpected.map { "\($0.key) ended \($0.outcome.rawValue), expected \($0.expectedOutcome.rawValue)" }))
        }
        if let host = HostStateText.warning(info, run: run) { out.append(host) }
        // Ratios are the headline; absolute times describe this machine at this time.
        let wide = run.ratios.filter { $0.ratio.precision > log(1.02) }
        if !wide.isEmpty {
            out.append(
                ReportWarning(
                    summary: "\(wide.count) of \(run.ratios.count) paired ratios have a 95% interval wider than ±2%",
                    details: wide.map { "\($0.strategy) vs \($0.yardstick) on \($0.profile): \($0.ratio.text)" },
                    advice: wideRatioAdvice))
        }
        if let notes = info?.platformNotes, !notes.isEmpty {
            out.append(
                ReportWarning(summary: "measured on \(platform ?? "another platform"), which lacks what Linux measures", details: notes))
        }
        return out
    }

    /// What to do about wide intervals (Documentation/Notebook.md, "Scheduling and stopping" and "What an
    /// interval covers").
    static let wideRatioAdvice: Prose =
        "An interval narrows about as the square root of the sampling time: \(code: "--budget") gives every cell more "
        + "(seconds per cell: 1.4 by default, 0.3 with \(code: "--quick")). A ratio between different kinds of code also "
        + "moves from run to run (see the Answers' opening): run again at other times and pool the runs with "
        + "\(code: "benchmarks across RUN RUN …")."

    /// What to do about a run spent much in the slow state (Documentation/Notebook.md, "The machine's slow state").
    static let slowStateAdvice: Prose =
        "Pairs taken in a slow spell are left out of the ratios, but fewer pairs remain and the spells come and go "
        + "within pairs too. Runs with more of their samples in the slow state reach their targets less often; "
        + "run again when the machine is steadier (\(code: "benchmarks compare") and each report give a run's share)."
}
