import Foundation
import CodableBenchCore

/// Pins lockstep workers to one CPU. Why: on a VM the two vCPUs can run at different speeds for
/// minutes (their placement on the host), and the scheduler keeps a process on the vCPU it last ran
/// on, so two interleaved workers on different vCPUs can differ widely in the same milliseconds
/// (figures: Notebook, "Figures behind the code"). On one CPU, a strategy and its yardstick see the same CPU's state and their ratio
/// cancels it.
///
/// Where the platform has no affinity call (Darwin, `darwin-sim`), nothing is pinned
/// (`Platform.pinsTimingCPU`): pairing alone carries the ratio.
enum Affinity {
    /// The CPU lockstep workers are pinned to: the last one this process may use, or nil where
    /// there is only one (nothing to choose) or the platform has no affinity call.
    static func timingCPU() -> Int? {
        guard let allowed = allowed(), allowed.count > 1 else { return nil }
        return allowed.last
    }

    /// Where a generation's workers start.
    enum Placement {
        /// Beside the CPU that samples (nil: anywhere): the next generation starts while another
        /// samples there.
        case avoiding(Int?)
        /// On the CPU that will sample them, which samples nothing meanwhile.
        case on(Int?)
    }

    /// Runs `body` with this thread placed as `placement` says, so that the processes it starts
    /// inherit that.
    static func placing<T>(_ placement: Placement, _ body: () throws -> T) rethrows -> T {
        switch placement {
        case .avoiding(let cpu): return try avoiding(cpu, body)
        case .on(let cpu): return try on(cpu, body)
        }
    }

    /// Runs `body` with this thread kept off `cpu`, so that the processes it starts inherit that:
    /// the lockstep workers of the next generation verify and warm up beside the timing CPU while
    /// the current one samples on it. Nil: `body` as is.
    static func avoiding<T>(_ cpu: Int?, _ body: () throws -> T) rethrows -> T {
        guard let cpu, let saved = allowed() else { return try body() }
        let others = saved.filter { $0 != cpu }
        guard !others.isEmpty, apply(others, to: 0) else { return try body() }
        defer { _ = apply(saved, to: 0) }
        return try body()
    }

    /// Runs `body` with this thread allowed on `cpus`, so that the processes it starts may use them
    /// all: the exact pass's workers, started from threads the sampling kept off a timing CPU (one
    /// lane's run ran its two forking workers on one CPU, one after the other). Nil: `body` as is.
    static func within<T>(_ cpus: [Int]?, _ body: () throws -> T) rethrows -> T {
        guard let cpus, let saved = allowed(), apply(cpus, to: 0) else { return try body() }
        defer { _ = apply(saved, to: 0) }
        return try body()
    }

    /// Runs `body` with this thread on `cpu` alone, so that the processes it starts begin there:
    /// the cold pass's fresh workers, whose first decode is the sample. Nil: `body` as is.
    static func on<T>(_ cpu: Int?, _ body: () throws -> T) rethrows -> T {
        guard let cpu, let saved = allowed(), saved.contains(cpu), apply([cpu], to: 0) else { return try body() }
        defer { _ = apply(saved, to: 0) }
        return try body()
    }

    /// Lets process `pid` run on every CPU this process may use (a generation's workers while
    /// the runner waits for them and nothing samples).
    @discardableResult
    static func release(_ pid: pid_t) -> Bool {
        guard let all = allowed() else { return false }
        return apply(all, to: pid)
    }

    /// Keeps process `pid` off `cpu` (a starting worker while another generation samples there).
    @discardableResult
    static func keep(_ pid: pid_t, off cpu: Int) -> Bool {
        guard let all = allowed() else { return false }
        let others = all.filter { $0 != cpu }
        return !others.isEmpty && apply(others, to: pid)
    }

    /// True when process `pid` now runs on `cpu` only.
    @discardableResult
    static func pin(_ pid: pid_t, to cpu: Int) -> Bool { apply([cpu], to: pid) }

    /// The CPUs this thread may run on.
    static func allowed() -> [Int]? {
        Platform.current.pinsTimingCPU ? SystemCalls.allowedCPUs() : nil
    }

    private static func apply(_ cpus: [Int], to pid: pid_t) -> Bool {
        SystemCalls.setAllowedCPUs(cpus, of: pid)
    }
}
