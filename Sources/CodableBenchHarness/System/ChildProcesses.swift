import CodableBenchCore

import Foundation

/// The workers this process has started and not yet seen end, so that an interrupted run can end
/// them too. Foundation starts each child in a process group of its own, so Ctrl-C does not reach
/// them: a worker between two samples quits when its parent's pipe closes, but one verifying a
/// large payload, or hung in a strategy, ran on alone.
enum ChildProcesses {
    /// Starts `process` and records it, in one step that `killAll` waits for: the signal's thread
    /// could otherwise end the run between the two, and the child, started but not yet recorded,
    /// would outlive it (seen in CI: a hung self-test worker still spinning after Ctrl-C). Once the
    /// process is ending, waits instead of starting anything: the signal's thread ends the process.
    static func run(_ process: Process) throws {
        try state.starting.withLock {
            while state.isEnding { state.starting.wait() }
            try process.run()
            state.recording.withLock { _ = state.live.insert(process.processIdentifier) }
        }
    }

    /// Called once the child is known to have ended or been told to quit (its pid could be reused
    /// after that).
    static func ended(_ pid: pid_t) {
        state.recording.withLock { _ = state.live.remove(pid) }
    }

    /// SIGKILL to every child still running; from now on nothing starts (the process is ending).
    static func killAll() {
        state.starting.withLock {
            state.isEnding = true
            state.recording.withLock { for pid in state.live { SystemCalls.send(SIGKILL, to: pid) } }
        }
    }

    /// The process's children and whether it is ending, shared by the run's threads and the
    /// signal's, each field under its lock.
    // Unchecked: each field is read and written under its lock, as said beside it.
    private final class State: @unchecked Sendable {
        /// Held while a child starts, which takes milliseconds (`Process.run` lists the open
        /// descriptors), so that `killAll` waits for a start under way. Guards `isEnding`.
        let starting = NSCondition()
        /// Guards `live` alone, so that recording an end does not wait for the starts of the next
        /// generations' workers on other threads (one lock for both cost the runner seconds between
        /// rounds; figures: Notebook, "Figures behind the code").
        let recording = NSLock()
        var live: Set<pid_t> = []
        var isEnding = false
    }
    private static let state = State()
}
