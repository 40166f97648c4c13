import Foundation
import CodableBenchCore
import CodableBenchAnalysis
import CodableBenchHarness

/// The end of a run that `run`, `check` or `ab` started: its reports written, its answers (and
/// with `--verbose` every cell) printed, and where its time went.
enum FinishedRunReport {
    /// `printsAnswers`: false for `ab`, whose ratios are to the baseline build and whose summary
    /// is the A/B gate's.
    static func writeAndPrint(
        _ outcome: FinishedRun, claims: ClaimsFile, facts: StrategyFacts, verbose: Bool = false, printsAnswers: Bool = true,
        log: (String) -> Void = Terminal.status
    ) throws {
        let data = outcome.thisBuild, info = outcome.info
        let document = ReportDocument(run: data, claims: claims, facts: facts)
        if let headline = document.interruptionHeadline { log(headline) }
        try ReportFiles.write(document, into: outcome.folder)
        if verbose { print(SummaryTable.render(document.allCellsTable) + "\n") }
        if !document.cold.rows.isEmpty {
            print("First decodes in a fresh process (cold):\n" + document.cold.table.aligned().joined(separator: "\n") + "\n")
            if !document.coldCosts.isEmpty {
                print(
                    ColdTable.costsIntroduction + "\n"
                        + document.coldCosts.map { "  - " + $0.plain }.joined(separator: "\n") + "\n")
            }
        }
        if printsAnswers {
            let report = outcome.folder.appendingPathComponent("report.md").path
            if verbose {
                print(
                    AnswersText.terminal(
                        document.answers, claims: claims, provenance: document.provenance, hostCost: document.hostCost))
                print("\nEvery cell, with times and allocations: \(report).")
            } else {
                print(AnswersText.terminalSummary(document.answers, report: report))
            }
        }
        // Out before the closing lines on stderr, also when both go to one file.
        SystemCalls.flushOutputStreams()
        log(
            "wrote \(outcome.folder.appendingPathComponent("results.csv").path), report.md and report.html (\(info.cells) cells in \(Terminal.duration(info.totalSeconds)), "
                + String(format: "duty cycle %.0f%%: time inside measured decodes / total)", info.dutyCycle * 100))
        let lanes = Double(max(info.timingCPUs?.count ?? 1, 1))
        log("time went to: \(outcome.phases.shares(of: info.totalSeconds * lanes))\(lanes > 1 ? " (of both timing CPUs' time)" : "")")
        if let sampling = info.sampling { log("the run \(sampling.sentence)") }
        if let host = HostStateText.sentence(info, run: data) {
            let warned = HostStateText.warning(info, run: data) != nil
            log(host + (warned ? " (report.md says what it means for the ratios)" : ""))
        }
        if let canary = info.allocationCanary { log("canary: \(canary.sentence)") }
        if let canary = info.exactCanary { log("canary: \(canary.sentence)") }
        if let canary = info.timingCanary { log("canary: \(canary.sentence)") }
        let exact = data.exactCoverage
        if exact.counted > 0, !Platform.current.hasCallgrind {
            log(
                "exact measures: instructions for \(exact.counted) of \(exact.timed) timed cells, from the CPU's counter (no caches simulated on this platform)"
            )
        } else if exact.counted > 0 {
            log(
                "exact measures: instructions for \(exact.counted) of \(exact.timed) timed cells, simulated cycles for \(exact.simulated)"
                    + (exact.simulated < exact.counted
                        ? String(
                            format: " (decodes up to %.0f ms; --instructions simulates the caches for every cell)",
                            ExactPassPlan.simulatedUpToSeconds * 1000) : "")
                    + (info.exactCPU.map { "; valgrind presented \($0) to the counted decodes, whatever this host's CPU" } ?? ""))
        }
        if let hostCost = document.hostCost { log(hostCost.plain) }
    }
}
