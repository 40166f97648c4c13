import ArgumentParser
import Foundation

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report", abstract: "Write report.md, report.html and benchmark-action.json for a run.")

    @Argument(help: "The run: a results.csv, a run folder, or a run id (default: results/latest).")
    var location: String = "results/latest"

    func run() throws {
        let data = try RunData.load(location)
        let written = try Reports.write(for: data, into: data.source.deletingLastPathComponent())
        for file in written { print("wrote \(file.path)") }
    }
}
