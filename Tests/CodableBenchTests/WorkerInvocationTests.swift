@testable import CodableBench
@testable import CodableBenchCore
@testable import CodableBenchHarness
import Testing

/// The worker's command line (`WorkerInvocation`): what the parent builds, the worker parses back.
@Suite("Worker command line")
struct WorkerInvocationTests {
    @Test func readsWhatTheParentSends() throws {
        let invocation = try WorkerInvocation(parsing: [
            "--report", "-", "--strategy", "synthesized", "--plan-json", "{}", "--payload-file", "/tmp/p.json",
            "--verified", "--pass", "lockstep",
        ])
        #expect(invocation.report == "-")
        #expect(invocation.strategy == "synthesized")
        #expect(invocation.planJSON == "{}")
        #expect(invocation.payload == .file("/tmp/p.json"))
        #expect(invocation.pass == .lockstep)
        #expect(invocation.verified)
    }

    @Test func notVerifiedUnlessSaid() throws {
        let invocation = try WorkerInvocation(parsing: [
            "--report", "r.json", "--strategy", "s", "--plan-json", "{}", "--profile-json", "{\"name\":\"x\"}", "--pass", "counting",
        ])
        #expect(!invocation.verified)
        #expect(invocation.payload == .profileJSON("{\"name\":\"x\"}"))
    }

    /// What the parent builds is what the worker reads, in the order the worker has always been
    /// sent (the exact pass's argument strings allocate alike run to run).
    @Test func theParentsCommandLineParsesBackToItself() throws {
        var invocation = WorkerInvocation(
            strategy: "handwritten", planJSON: "{\"a\":1}", payload: .profileJSON("{}"), pass: .instructions, verified: true)
        invocation.report = "/tmp/report.json"
        #expect(
            invocation.arguments == [
                "worker", "--report", "/tmp/report.json", "--strategy", "handwritten", "--plan-json", "{\"a\":1}",
                "--profile-json", "{}", "--pass", "instructions", "--verified",
            ])
        #expect(try WorkerInvocation(parsing: Array(invocation.arguments.dropFirst())) == invocation)
        let cold = WorkerInvocation(strategy: "s", planJSON: "{}", payload: .file("/p.json"), pass: .coldCounting)
        #expect(try WorkerInvocation(parsing: Array(cold.arguments.dropFirst())) == cold)
    }

    /// The CLI's hidden command is a shim over it.
    @Test func theWorkerCommandParsesWithIt() throws {
        let command = try WorkerCommand(arguments: [
            "--report", "-", "--strategy", "s", "--plan-json", "{}", "--payload-file", "f", "--pass", "verify",
        ])
        #expect(command.invocation.pass == .verify && command.invocation.payload == .file("f"))
    }

    @Test(arguments: [
        (["--report", "-", "--strategy", "s", "--plan-json", "{}"], "worker: --pass is required"),
        (["--report", "-", "--strategy"], "worker: --strategy needs a value"),
        (["--report", "-", "--speed", "fast"], "worker: unknown option '--speed'"),
        (["--report", "-", "--strategy", "s", "--plan-json", "{}", "--pass", "warm"], "worker: unknown pass 'warm'"),
        (
            ["--report", "-", "--strategy", "s", "--plan-json", "{}", "--pass", "verify"],
            "worker: --profile-json or --payload-file is required"
        ),
        (
            ["--report", "-", "--strategy", "s", "--plan-json", "{}", "--pass", "verify", "--payload-file", "f", "--profile-json", "{}"],
            "worker: --profile-json and --payload-file exclude each other"
        ),
    ])
    func badCommandLinesAreUsageErrors(arguments: [String], message: String) {
        #expect(throws: CommandError.self) { try WorkerInvocation(parsing: arguments) }
        do {
            _ = try WorkerInvocation(parsing: arguments)
        } catch {
            #expect("\(error)" == message)
        }
    }
}
