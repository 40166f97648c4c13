import Foundation
import CodableBenchCore
import CodableBenchHarness

/// The hidden command the parent runs in a fresh process for each lockstep worker and pass: its
/// command line is a `WorkerInvocation`; this finds the strategy in the tool's catalogue and runs
/// the pass (`Worker`).
struct WorkerCommand {
    static let name = WorkerInvocation.command

    var invocation: WorkerInvocation

    /// The arguments after `worker`.
    init(arguments: [String]) throws {
        invocation = try WorkerInvocation(parsing: arguments)
    }

    func run(in tool: ToolContext) throws {
        let strategy = invocation.strategy, pass = invocation.pass
        // The canaries run in every executable's workers, beside its own strategies (`AllocationCanary`);
        // looked up only when asked for, so that a cell's worker allocates nothing more before its
        // counted decodes (the peak heap depends on what it allocated before).
        guard
            let chosen = tool.catalogue.first(where: { $0.id == strategy })
                ?? (AllocationCanary.strategies + ExactCanary.strategies + TimingCanary.strategies).first(where: { $0.id == strategy })
        else {
            throw CommandError.usage("worker: unknown strategy '\(strategy)'")
        }
        let decoder = JSONDecoder()
        let source: PayloadSource
        switch invocation.payload {
        case .file(let path):
            source = .file(URL(fileURLWithPath: path))
        case .profileJSON(let json):
            // A cold pass decodes nothing with JSONDecoder before its first decode: reading a
            // profile would set up JSONDecoder's machinery first (the cold runner passes a file).
            if pass.isCold { throw CommandError.usage("worker: the \(pass.rawValue) pass reads its payload from --payload-file") }
            source = .generated(try decoder.decode(Profile.self, from: Data(json.utf8)))
        }
        let reference = tool.catalogue.reference(for: chosen)
        if pass == .lockstep {
            let plan = try decoder.decode(SamplingPlan.self, from: Data(invocation.planJSON.utf8))
            try Worker.serve(
                strategy: chosen, source: source, reference: reference, plan: plan,
                alreadyVerified: invocation.verified, channel: LockstepProtocol.WorkerSide())
            return
        }
        let result = try Worker.run(
            strategy: chosen, source: source, reference: reference, pass: pass, alreadyVerified: invocation.verified)
        try JSONEncoder().encode(result).write(to: URL(fileURLWithPath: invocation.report))
    }
}
