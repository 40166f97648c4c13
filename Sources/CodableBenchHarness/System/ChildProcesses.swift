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
        try starting.withLock {
            while isEnding { starting.wait() }
            try process.run()
            recording.withLock { _ = live.insert(process.processIdentifier) }
        }
    }

    /// Called once the child is known to have ended or been told to quit (its pid could be reused
    /// after that).
    static func ended(_ pid: pid_t) {
        recording.withLock { _ = live.remove(pid) }
    }

    /// SIGKILL to every child still running; from now on nothing starts (the process is ending).
    static func killAll() {
        starting.withLock {
            isEnding = true
            recording.withLock { for pid in live { kill(pid, SIGKILL) } }
        }
    }

    /// Held while a child starts, which takes milliseconds (`Process.run` lists the open
    /// descriptors), so that `killAll` waits for a start under way.
    private static let starting = NSCondition()
    /// Guards `live` alone, so that recording an end does not wait for the starts of the next
    /// generations' workers on other threads: with one lock for both, the runner waited about 3 ms
    /// per worker it let go, 4.2 s of a 55-second `--quick` run, between rounds.
    private static let recording = NSLock()
    nonisolated(unsafe) private static var live: Set<pid_t> = []
    nonisolated(unsafe) private static var isEnding = false
}
