import ArgumentParser
import Foundation

/// The hidden command the parent runs in a fresh process for each cell and pass.
struct WorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "worker", abstract: "Internal: measure one cell in this process.", shouldDisplay: false)

    @Option var report: String
    @Option var strategy: String
    @Option var profileJson: String?
    @Option var payloadFile: String?
    @Option var planJson: String
    @Option var pass: String
    /// A worker of this binary verified this decode of these bytes already (all passes but `verify`).
    @Flag var verified = false

    func run() throws {
        guard let chosen = CommandLineTool.catalogue.first(where: { $0.id == strategy }) else {
            throw UsageError("worker: unknown strategy '\(strategy)'")
        }
        guard let pass = WorkerReport.Pass(rawValue: pass) else { throw UsageError("worker: unknown pass '\(pass)'") }
        let decoder = JSONDecoder()
        let source: PayloadSource
        if let profileJson {
            source = .generated(try decoder.decode(Profile.self, from: Data(profileJson.utf8)))
        } else if let payloadFile {
            source = .file(URL(fileURLWithPath: payloadFile))
        } else {
            throw UsageError("worker: --profile-json or --payload-file is required")
        }
        let plan = try decoder.decode(SamplingPlan.self, from: Data(planJson.utf8))
        let reference = CommandLineTool.catalogue.reference(for: chosen)
        if pass == .lockstep {
            try Worker.serve(
                strategy: chosen, source: source, reference: reference, plan: plan,
                alreadyVerified: verified, channel: LockstepProtocol.WorkerSide())
            return
        }
        let result = try Worker.run(
            strategy: chosen, source: source, reference: reference, pass: pass, alreadyVerified: verified)
        try JSONEncoder().encode(result).write(to: URL(fileURLWithPath: report))
    }
}
