import CodableBenchCore

import Foundation

/// The parent's temporary files (generated payloads, each worker's standard error and report,
/// callgrind's output), all in one folder per process that goes away however the process ends:
/// at `exit`, and on Ctrl-C, SIGTERM or SIGHUP, after which the process ends its workers
/// (`ChildProcesses`) and itself as the signal would have ended it (a shell then reports 128 + the
/// signal's number). Before, an interrupted run left its generated payloads and a folder per worker
/// in the system's temporary folder.
///
/// Each user still removes its own folder when done with it, so a long run does not pile them up.
package enum ScratchSpace {
    /// `codablebench-<pid>` in `CODABLEBENCH_SCRATCH` where set, else the system's temporary folder
    /// (on Linux `TMPDIR`, else /tmp; on Darwin the user's temporary folder from `confstr`, which
    /// wins over `TMPDIR`, so tests name the folder with the project's own variable).
    static let root: URL = {
        let parent =
            ProcessInfo.processInfo.environment[scratchVariable].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory
        removeLeftBehind(in: parent)
        let root = parent.appendingPathComponent("codablebench-\(SystemCalls.processID())")
        SystemCalls.atExit { ScratchSpace.removeRoot() }
        removeOnSignals()
        return root
    }()

    /// The folders of processes that no longer run (a run killed with SIGKILL cannot remove its
    /// own): removed when the next run starts.
    private static func removeLeftBehind(in parent: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        for name in names where name.hasPrefix("codablebench-") {
            guard let pid = pid_t(name.dropFirst("codablebench-".count)), pid != SystemCalls.processID(),
                !SystemCalls.processExists(pid)
            else { continue }
            try? FileManager.default.removeItem(at: parent.appendingPathComponent(name))
        }
    }

    /// The folder a run's scratch space goes in, where set.
    static let scratchVariable = "CODABLEBENCH_SCRATCH"

    /// What to tell the user when a signal ends the process (set by the run: where its finished
    /// rows are).
    static var interruptionNote: String? {
        get { state.lock.withLock { state.note } }
        set { state.lock.withLock { state.note = newValue } }
    }

    /// A new, empty folder for one use, named `prefix-<UUID>`.
    static func folder(_ prefix: String) throws -> URL {
        let url = root.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try state.lock.withLock {
            // The process is ending on a signal: a folder made now could outlive the removal.
            while state.isEnding { state.lock.wait() }
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }
        return url
    }

    /// What the signal's thread and the run's threads share, under `lock`, which also guards the
    /// making of folders.
    // Unchecked: every field is read and written under `lock` (a condition the folder-making waits on).
    private final class State: @unchecked Sendable {
        let lock = NSCondition()
        var note: String?
        var isEnding = false
    }
    private static let state = State()

    /// The pipe the signal handler writes to (read end, write end), made once before the
    /// handlers are installed; nil when no pipe could be made.
    private static let signalPipe = SystemCalls.pipe()

    private static func removeRoot() {
        try? FileManager.default.removeItem(at: root)
    }

    /// Ends the workers and removes the folder, again while something still writes into it: a
    /// worker told to quit (no longer among `ChildProcesses`) may still be exiting (seen in CI: the
    /// folder left behind after Ctrl-C). Up to about two seconds.
    private static func removeRootOnceQuiet() {
        for _ in 0..<100 {
            ChildProcesses.killAll()
            removeRoot()
            if !FileManager.default.fileExists(atPath: root.path) { return }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    /// The signal handler only writes the signal's number to a pipe (about all a handler may
    /// safely do); a thread waiting on the pipe ends the workers, removes the folder and raises
    /// the signal again with its default action. (Caught, not ignored: the workers would inherit
    /// an ignored signal; a caught one is back to the default in them at `exec`.)
    private static func removeOnSignals() {
        guard let readEnd = signalPipe?.read else { return }
        let signals = [SIGINT, SIGTERM, SIGHUP]
        let handler: @convention(c) (Int32) -> Void = { number in
            var byte = UInt8(truncatingIfNeeded: number)
            _ = SystemCalls.write(ScratchSpace.signalPipe?.write ?? -1, from: &byte, count: 1)
        }
        for signal in signals { SystemCalls.handle(signal, with: handler) }
        Thread.detachNewThread {
            // A parent may start this process with these signals blocked (`swift test` does);
            // this thread takes them whatever the other threads block.
            SystemCalls.unblockInThisThread(signals)
            var number: Int32 = 0
            repeat {
                var byte: UInt8 = 0
                while SystemCalls.read(readEnd, into: &byte, count: 1) != 1 {
                    if !SystemCalls.wasInterrupted { return }
                }
                number = Int32(byte)
                // The first signal of a run that can finish short: it does, and this thread waits
                // for a second.
                if Interruption.request(number) {
                    Terminal.status(
                        "\(Interruption.name(number)): finishing the run with what it has measured "
                            + "(the comparisons from the pairs taken, then the reports); again to stop at once")
                    continue
                }
                break
            } while true
            let note = state.lock.withLock {
                state.isEnding = true
                return state.note
            }
            removeRootOnceQuiet()
            if let note { Terminal.status(note) }
            SystemCalls.raiseWithItsDefaultAction(number)
        }
    }

    /// Ends the process as `signal` would have (a run that finished short, its reports written):
    /// its workers ended, the folder removed, the default action raised (a shell then reports
    /// 128 + the signal's number).
    package static func endBySignal(_ number: Int32) -> Never {
        state.lock.withLock { state.isEnding = true }
        removeRootOnceQuiet()
        // This thread may have it blocked (`swift test` starts processes so): unblocked first.
        SystemCalls.raiseWithItsDefaultAction(number)
        SystemCalls.exit(128 + number)
    }
}
