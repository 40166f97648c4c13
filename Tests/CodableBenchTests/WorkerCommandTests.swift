@testable import CodableBench
@testable import CodableBenchCore
@testable import CodableBenchHarness
import Testing

/// The worker's command line, parsed by hand (see `WorkerCommand`): what the parent sends.
@Suite("Worker command line")
struct WorkerCommandTests {
    @Test func readsWhatTheParentSends() throws {
        let command = try WorkerCommand(arguments: [
            "--report", "-", "--strategy", "synthesized", "--plan-json", "{}", "--payload-file", "/tmp/p.json",
            "--verified", "--pass", "lockstep",
        ])
        #expect(command.report == "-")
        #expect(command.strategy == "synthesized")
        #expect(command.planJSON == "{}")
        #expect(command.payloadFile == "/tmp/p.json")
        #expect(command.profileJSON == nil)
        #expect(command.pass == "lockstep")
        #expect(command.verified)
    }

    @Test func notVerifiedUnlessSaid() throws {
        let command = try WorkerCommand(arguments: [
            "--report", "r.json", "--strategy", "s", "--plan-json", "{}", "--profile-json", "{\"name\":\"x\"}", "--pass", "counting",
        ])
        #expect(!command.verified)
        #expect(command.profileJSON == "{\"name\":\"x\"}")
    }

    @Test(arguments: [
        (["--report", "-", "--strategy", "s", "--plan-json", "{}"], "worker: --pass is required"),
        (["--report", "-", "--strategy"], "worker: --strategy needs a value"),
        (["--report", "-", "--speed", "fast"], "worker: unknown option '--speed'"),
    ])
    func badCommandLinesAreUsageErrors(arguments: [String], message: String) {
        #expect(throws: UsageError.self) { try WorkerCommand(arguments: arguments) }
        do {
            _ = try WorkerCommand(arguments: arguments)
        } catch {
            #expect("\(error)" == message)
        }
    }
}
