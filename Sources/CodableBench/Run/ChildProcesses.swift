#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The workers this process has started and not yet seen end, so that an interrupted run can end
/// them too. Foundation starts each child in a process group of its own, so Ctrl-C does not reach
/// them: a worker between two samples quits when its parent's pipe closes, but one verifying a
/// large payload, or hung in a strategy, ran on alone.
enum ChildProcesses {
    static func started(_ pid: pid_t) {
        lock.withLock { _ = live.insert(pid) }
    }

    /// Called once the child is known to have ended or been told to quit (its pid could be reused
    /// after that).
    static func ended(_ pid: pid_t) {
        lock.withLock { _ = live.remove(pid) }
    }

    /// SIGKILL to every child still running.
    static func killAll() {
        for pid in lock.withLock({ live }) { kill(pid, SIGKILL) }
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var live: Set<pid_t> = []
}
