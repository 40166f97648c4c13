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
        let rows = strategies.map {
            [
                $0.group, $0.id + ($0.isReference ? " (reference)" : ""), $0.expectation.rawValue,
                ($0.defaultProfiles + $0.defaultFiles).joined(separator: ","), $0.summary + Self.declaredOutcomes($0),
            ]
        }
        let header = ["group", "strategy", "expectation", "payloads", "description"]
        let widths = (0..<4).map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        let yardsticks = Yardsticks(catalogue: tool.catalogue)
        let indent = String(repeating: " ", count: widths[0] + 2)
        for (index, row) in ([header] + rows).enumerated() {
            let padded = (0..<4).map { row[$0] + String(repeating: " ", count: widths[$0] - row[$0].count) }
            print((padded + [row[4]]).joined(separator: "  "))
            if index > 0 { print(indent + Self.changesLine(strategies[index - 1], yardsticks: yardsticks)) }
        }
    }
}
