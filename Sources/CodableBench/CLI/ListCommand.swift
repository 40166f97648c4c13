import ArgumentParser

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the strategies with group, expectation, default profiles and files, and description."
    )

    @Flag(help: "Include hidden harness self-test strategies.")
    var all = false

    /// Outcomes a strategy anticipates on some profiles, e.g. ` [ext-all-small: wrong-output]`.
    static func declaredOutcomes(_ strategy: Strategy) -> String {
        guard !strategy.expectedOutcomes.isEmpty else { return "" }
        let list = strategy.expectedOutcomes.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.rawValue)" }
        return " [expects \(list.joined(separator: ", "))]"
    }

    func run() throws {
        let strategies = CommandLineTool.catalogue.filter { all || !$0.isHidden }
        let rows = strategies.map {
            [
                $0.group, $0.id + ($0.isReference ? " (reference)" : ""), $0.expectation.rawValue,
                ($0.defaultProfiles + $0.defaultFiles).joined(separator: ","), $0.summary + Self.declaredOutcomes($0),
            ]
        }
        let header = ["group", "strategy", "expectation", "payloads", "description"]
        let widths = (0..<4).map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        for row in [header] + rows {
            let padded = (0..<4).map { row[$0] + String(repeating: " ", count: widths[$0] - row[$0].count) }
            print((padded + [row[4]]).joined(separator: "  "))
        }
    }
}
