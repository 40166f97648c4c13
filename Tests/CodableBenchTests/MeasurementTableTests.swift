@testable import CodableBench
@testable import CodableBenchAnalysis
@testable import CodableBenchCore
@testable import CodableBenchHarness
import Foundation
import Testing

/// The Markdown, HTML and terminal tables render one model, so a cell reads the same in all three.
@Suite("One measurement table for every report")
struct MeasurementTableTests {
    @Test func everyRendererShowsTheSameValues() throws {
        let ratio = PairedRatio(value: 1.25, low: 1.2, high: 1.3, pairs: 40, generations: 12)
        let run = try SyntheticRuns.run([
            .init(strategy: "synthesized"),
            .init(strategy: "handwritten", outcome: .wrongOutput),
            .init(strategy: "snake-case-strategy", ratio: ratio),
        ])
        let cells = run.records.sorted { $0.key < $1.key }
        let table = MeasurementTable(cells, all: cells, references: ["synthesized"])
        let row = try #require(table.rows.first { $0.cell.key.strategy == "snake-case-strategy" })
        #expect(row.ratio == "vs synthesized: 1.250× (1.200–1.300)")
        #expect(row.verdict == "slower")
        #expect(table.rows.first { $0.cell.key.strategy == "handwritten" }?.isUnexpected == true)
        let markdown = MarkdownReport.table(table).joined(separator: "\n")
        let html = HTMLReport.table(table)
        let terminal = SummaryTable.render(table)
        for text in [markdown, html, terminal] {
            #expect(text.contains(row.median) && text.contains(row.allocations))
            #expect(text.contains(SVGChart.escape(row.ratio)) || text.contains(row.ratio))
        }
        #expect(markdown.contains("| synthesized (ref) | small |"))
        #expect(markdown.contains("wrong-output (unexpected)"))
        #expect(html.contains("<td class=\"bad\">wrong-output (unexpected)</td>"))
        #expect(terminal.contains("wrong-output (unexpected)"))
    }
}
