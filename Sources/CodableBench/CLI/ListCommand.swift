import CodableBenchCore
import CodableBenchHarness
import ArgumentParser

struct ListCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract:
            "List the strategies with group, expectation, default profiles and files, description, and what each changes against its yardstick."
    )

    @Flag(help: "Include hidden harness self-test strategies.")
    var all = false

    @Flag(help: "Print only the strategies' ids, one a line (what `ab` reads of a baseline build).")
    var ids = false

    /// Outcomes a strategy anticipates on some profiles, e.g. ` [ext-all-small: wrong-output]`.
    static func declaredOutcomes(_ strategy: Strategy) -> String {
        guard !strategy.expectedOutcomes.isEmpty else { return "" }
        let list = strategy.expectedOutcomes.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.rawValue)" }
        return " [expects \(list.joined(separator: ", "))]"
    }

    /// `vs synthesized: camelCase properties + …`: the yardstick a strategy is paired with on its
    /// default payloads and the one thing it changes against it; where it has none, on which payloads.
    static func changesLine(_ strategy: Strategy, yardsticks: Yardsticks) -> String {
        var against = yardsticks.of(strategy).map { "vs \($0)" }
        let unpaired = yardsticks.unpaired(strategy)
        if !unpaired.isEmpty { against.append("no yardstick on \(unpaired.joined(separator: ","))") }
        let what = strategy.changes.isEmpty ? "(not stated)" : strategy.changes
        return (against.isEmpty ? "not timed on its payloads (expected to fail there)" : against.joined(separator: "; ")) + ": " + what
    }

    func run(in tool: ToolContext) throws {
        let strategies = tool.catalogue.filter { all || !$0.isHidden }
        if ids {
            for strategy in strategies { print(strategy.id) }
            return
        }
        let rows = strategies.map {
            [
                $0.group, $0.id + ($0.isReference ? " (reference)" : ""), $0.expectation.rawValue,
                ($0.defaultProfiles + $0.defaultFiles).joined(separator: ","), $0.summary + Self.declaredOutcomes($0),
            ]
        }
        let header = ["group", "strategy", "expectation", "payloads", "description"]
        // The description, last, is not padded.
        let columns = AlignedColumns(([header] + rows).map { Array($0.prefix(4)) }, isNumber: { _ in false })
        let yardsticks = Yardsticks(catalogue: tool.catalogue)
        let indent = String(repeating: " ", count: columns.widths[0] + 2)
        for (index, row) in ([header] + rows).enumerated() {
            print(columns.line(Array(row.prefix(4))) + "  " + row[4])
            if index > 0 { print(indent + Self.changesLine(strategies[index - 1], yardsticks: yardsticks)) }
        }
    }
}
