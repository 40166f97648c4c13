import CodableBenchCore
import CodableBenchHarness
import ArgumentParser
import Foundation

struct ReportCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "report", abstract: "Write report.md, report.html and benchmark-action.json for a run.")

    @Argument(help: "The run: a results.csv, a run folder, or a run id (default: results/latest).")
    var location: String = "results/latest"

    @Option(name: .customLong("claims"), help: "Also check the claims in this file (repeatable; format in results/README.md).")
    var claimsFiles: [String] = []

    @Option(
        name: .customLong("with"),
        help:
            "Another run whose situations claims also read: a debug build's run, a --cold run (repeatable; its own report is not changed)."
    )
    var joined: [String] = []

    @Option(help: "A history (benchmarks history) whose series report.html charts for the run's groups.")
    var history: String?

    @Flag(help: "Print every answer in full (each figure, claim and caveat), not one line per question.")
    var verbose = false

    func run(in tool: ToolContext) throws {
        let claims = try tool.claims(adding: claimsFiles)
        let data = try RecordedRun.load(location)
        let others = try joined.map { try RecordedRun.load($0) }
        let past = try history.map { try HistoryStore($0, creating: false).runs() } ?? []
        let document = ReportDocument(run: data, claims: claims, facts: tool.facts, joined: others, history: past)
        let written = try ReportFiles.write(document, into: data.source.deletingLastPathComponent())
        print(
            verbose
                ? AnswersText.terminal(
                    document.answers, claims: claims, provenance: document.provenance, hostCost: document.hostCost)
                : AnswersText.terminalSummary(document.answers, report: written[0].path))
        print("")
        for file in written { print("wrote \(file.path)") }
    }
}
