import Foundation
import CodableBenchCore
import CodableBenchHarness

/// The files a run's report is written to: one line per format, each rendering the same
/// `ReportDocument`. A new export format is a file of its own in this folder and a line here.
enum ReportFiles {
    @discardableResult
    static func write(_ document: ReportDocument, into directory: URL) throws -> [URL] {
        let files: [(String, String)] =
            [
                ("report.md", MarkdownReport.render(document)),
                ("report.html", HTMLReport.render(document)),
                ("benchmark-action.json", BenchmarkActionExport.render(cells: document.cells)),
            ] + (document.coldCells.isEmpty ? [] : [("cold-summary.csv", ColdSummaryExport.render(document.coldCells))])
        return try files.map { name, text in
            let url = directory.appendingPathComponent(name)
            do { try Data(text.utf8).write(to: url) } catch {
                throw CommandError.harness("cannot write \(url.path): \(error.localizedDescription)")
            }
            return url
        }
    }
}
