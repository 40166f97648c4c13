import CodableBenchCore
import CodableBenchHarness
import ArgumentParser
import Foundation

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report", abstract: "Write report.md, report.html and benchmark-action.json for a run.")

    @Argument(help: "The run: a results.csv, a run folder, or a run id (default: results/latest).")
    var location: String = "results/latest"

    @Option(name: .customLong("claims"), help: "Also check the claims in this file (repeatable; format in results/README.md).")
    var claimsFiles: [String] = []

    func run() throws {
        let claims = try CommandLineTool.claims(adding: claimsFiles)
        let data = try RunData.load(location)
        let document = ReportDocument(run: data, claims: claims, facts: CommandLineTool.facts)
        let written = try Reports.write(document, into: data.source.deletingLastPathComponent())
        print(AnswersText.terminal(document.answers, claims: claims, provenance: document.provenance))
        print("")
        for file in written { print("wrote \(file.path)") }
    }
}
