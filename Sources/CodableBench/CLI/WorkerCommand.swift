import Foundation
import CodableBenchCore
import CodableBenchHarness

/// The hidden command the parent runs in a fresh process for each lockstep worker and pass.
///
/// Parsed by hand, not by ArgumentParser: a run starts thousands of workers, and ArgumentParser's
/// reflection over every command was a fifth of a `small` worker's instructions before it was
/// ready (19M of 89M under callgrind), on the CPU where the next generation's workers start.
struct WorkerCommand {
    static let name = "worker"

    var report: String
    var strategy: String
    var profileJSON: String?
    var payloadFile: String?
    var planJSON: String
    var pass: String
    /// A worker of this binary verified this decode of these bytes already (all passes but `verify`).
    var verified = false

    /// `--report R --strategy S --plan-json J (--profile-json P | --payload-file F) --pass P [--verified]`.
    init(arguments: [String]) throws {
        var values: [String: String] = [:]
        var verified = false
        var rest = arguments[...]
        while let option = rest.popFirst() {
            if option == "--verified" {
                verified = true
                continue
            }
            let known = ["--report", "--strategy", "--profile-json", "--payload-file", "--plan-json", "--pass"]
            guard known.contains(option) else { throw UsageError("worker: unknown option '\(option)'") }
            guard let value = rest.popFirst() else { throw UsageError("worker: \(option) needs a value") }
            values[option] = value
        }
        func required(_ option: String) throws -> String {
            guard let value = values[option] else { throw UsageError("worker: \(option) is required") }
            return value
        }
        report = try required("--report")
        strategy = try required("--strategy")
        planJSON = try required("--plan-json")
        pass = try required("--pass")
        profileJSON = values["--profile-json"]
        payloadFile = values["--payload-file"]
        self.verified = verified
    }

    func run(in tool: ToolContext) throws {
        guard let chosen = tool.catalogue.first(where: { $0.id == strategy }) else {
            throw UsageError("worker: unknown strategy '\(strategy)'")
        }
        guard let pass = WorkerReport.Pass(rawValue: pass) else { throw UsageError("worker: unknown pass '\(pass)'") }
        // A cold pass decodes nothing with JSONDecoder before its first decode: reading the plan
        // or a profile would set up JSONDecoder's machinery first (the cold runner passes a file).
        if pass.isCold, payloadFile == nil {
            throw UsageError("worker: the \(pass.rawValue) pass reads its payload from --payload-file")
        }
        let decoder = JSONDecoder()
        let source: PayloadSource
        if let payloadFile {
            source = .file(URL(fileURLWithPath: payloadFile))
        } else if let profileJSON {
            source = .generated(try decoder.decode(Profile.self, from: Data(profileJSON.utf8)))
        } else {
            throw UsageError("worker: --profile-json or --payload-file is required")
        }
        let reference = tool.catalogue.reference(for: chosen)
        if pass == .lockstep {
            let plan = try decoder.decode(SamplingPlan.self, from: Data(planJSON.utf8))
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
