import CodableBenchCore
import CodableBenchAnalysis
import CodableBenchHarness
import ArgumentParser

/// What the commands work on: the executable's strategies, the folders their default files are
/// looked up in first, and the claims files every run answers. `CommandLineTool.main` builds it
/// once and hands it to the command it parsed (`ToolCommand`).
struct ToolContext {
    var catalogue: [Strategy]
    /// Relative to the working directory.
    var payloadFolders: [String]
    var claimsFiles: [String]

    /// What the reports need of the catalogue: its references and what each strategy changes.
    var facts: StrategyFacts { StrategyFacts(catalogue) }

    /// The tool's claims files and `extra` ones, validated against the catalogue.
    func claims(adding extra: [String]) throws -> ClaimsFile {
        try ClaimsFile.load(claimsFiles + extra, knownStrategies: Set(catalogue.map(\.id)))
    }
}

/// A command that works on the tool's context; `CommandLineTool.main` runs it with `run(in:)`.
protocol ToolCommand: ParsableCommand {
    func run(in tool: ToolContext) throws
}
