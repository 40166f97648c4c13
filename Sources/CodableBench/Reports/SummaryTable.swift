import Foundation
import CodableBenchCore
import CodableBenchHarness

/// The table `run --verbose` prints at the end: the report's measurement table as aligned text,
/// one line per cell in the answers' order, then the cells that did not end `ok`.
enum SummaryTable {
    static func render(_ table: MeasurementTable) -> String {
        var out = table.textTable(for: .terminal).aligned(rule: true)
        let failures = table.rows.map(\.cell).filter { !$0.outcome.isMeasured && !$0.detail.isEmpty }
        if !failures.isEmpty {
            out.append("")
            out += failures.map { "\($0.key.strategy) on \($0.key.profile): \($0.outcome.rawValue): \($0.detail)" }
        }
        let unexpected = table.rows.filter(\.isUnexpected).map(\.cell)
        if !unexpected.isEmpty {
            out.append("")
            out.append(
                "\(unexpected.count) cell(s) did not end as their strategy expects: "
                    + unexpected.map { "\($0.key.strategy) on \($0.key.profile) (expected \($0.expectedOutcome.rawValue))" }
                    .joined(separator: ", "))
        }
        out += ["", ReportDocument.readingNote]
        return out.joined(separator: "\n")
    }
}
