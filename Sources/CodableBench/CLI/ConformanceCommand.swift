import CodableBenchCore
import CodableBenchHarness
import ArgumentParser
import Foundation

struct ConformanceCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "conformance",
        abstract: "Run the model-free strategies on every file of a JSONTestSuite-style folder (y_ accept, n_ reject, i_ either)."
    )

    @Option(help: "Folder of .json files (e.g. ../shared/JSONTestSuite/test_parsing).")
    var dir: String

    @Option(
        name: .customLong("strategy"),
        help: "Only this strategy (repeatable; default: groups any-json and references, but ref-memcpy, which parses nothing).")
    var strategies: [String] = []

    @Option(parsing: .unconditional, help: "Seconds a worker may take on one file.")
    var timeout: Double = 10

    @Option(help: "Results folder: writes runs/<id>/conformance.csv and conformance.md.")
    var out: String = "results"

    func validate() throws {
        guard timeout > 0 else { throw ValidationError("--timeout must be positive, got \(timeout)") }
    }

    func run(in tool: ToolContext) throws {
        let catalogue = tool.catalogue
        for id in strategies where !catalogue.contains(where: { $0.id == id }) {
            throw CommandError.usage("unknown strategy '\(id)' (see 'benchmarks list')")
        }
        let chosen =
            strategies.isEmpty
            ? catalogue.filter { !$0.isHidden && ($0.group == "any-json" || $0.group == "references") && $0.id != "ref-memcpy" }
            : catalogue.filter { strategies.contains($0.id) }
        let result = try Conformance.run(strategies: chosen, directory: URL(fileURLWithPath: dir), timeoutSeconds: timeout)
        let folder = URL(fileURLWithPath: out).appendingPathComponent("runs/conformance-\(RunFolder.makeRunID())")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(result.csv.utf8).write(to: folder.appendingPathComponent("conformance.csv"))
            try Data(result.markdown.utf8).write(to: folder.appendingPathComponent("conformance.md"))
        } catch {
            throw CommandError.harness("cannot write \(folder.path): \(error.localizedDescription)")
        }
        print(result.markdown)
        Terminal.status("wrote \(folder.path)/conformance.csv and conformance.md")
    }
}
