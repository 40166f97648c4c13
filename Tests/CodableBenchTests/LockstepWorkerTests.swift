@testable import CodableBench
@testable import CodableBenchCore
@testable import CodableBenchHarness
import Foundation
import Testing

#if os(Linux)
/// The parent's handles on lockstep workers: a run starts thousands, so each must give back its
/// file descriptors once stopped.
@Suite("Lockstep worker handles")
struct LockstepWorkerTests {
    private func openDescriptors() throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/dev/fd").count
    }

    @Test func stoppedWorkersLeaveNoDescriptorsOpen() throws {
        // A worker that ends at once (`true` ignores the worker arguments); `stop` writes to its
        // closed pipe, as the runner does, with SIGPIPE ignored.
        SystemCalls.ignore(SIGPIPE)
        let launcher = WorkerLauncher(executable: URL(fileURLWithPath: "/bin/true"), timeoutSeconds: 5)
        func startAndStop() throws {
            let invocation = WorkerInvocation(strategy: "s", planJSON: "{}", payload: .file("f"), pass: .lockstep)
            let worker = try LockstepWorker(launcher: launcher, worker: invocation, environment: [:])
            worker.stop()
        }
        try startAndStop()  // Foundation's own descriptors (its process monitor) opened once
        let before = try openDescriptors()
        for _ in 0..<40 { try startAndStop() }
        // Each worker had held three (its stderr file, two pipe ends); a few may be in flight.
        #expect(try openDescriptors() - before < 10)
    }
}
#endif
