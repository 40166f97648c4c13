import Foundation
import CodableBenchCore
import CodableBenchAnalysis
import CodableBenchHarness

/// `benchmark-action.json`: github-action-benchmark's `customSmallerIsBetter` format, so teams can
/// chart history with a tool they already use.
enum BenchmarkActionExport {
    struct Entry: Encodable {
        let name: String
        let unit: String
        let value: Double
        let range: String?
        let extra: String?
    }

    static func render(cells: [CellRecord]) -> String {
        var entries: [Entry] = []
        for cell in cells where cell.outcome == .ok {
            if let wall = cell.summary(of: .wallTime) {
                entries.append(
                    Entry(
                        name: "\(cell.key.group)/\(cell.key.strategy)/\(cell.key.profile) wall time",
                        unit: "ns", value: wall.median,
                        range: String(format: "%.0f – %.0f", wall.ci95Low, wall.ci95High),
                        extra: "n=\(wall.n)"))
            }
            if let allocations = cell.summary(of: .allocations) {
                entries.append(
                    Entry(
                        name: "\(cell.key.group)/\(cell.key.strategy)/\(cell.key.profile) allocations",
                        unit: "allocations", value: allocations.median, range: nil, extra: nil))
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: (try? encoder.encode(entries)) ?? Data("[]".utf8), as: UTF8.self) + "\n"
    }
}
