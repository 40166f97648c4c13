import CodableBenchCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Nanosecond clocks: monotonic wall time and this process's CPU time.
package enum Clocks {
    @inline(__always)
    package static func wall() -> UInt64 { read(CLOCK_MONOTONIC) }

    /// Every thread's CPU time: the time a decode ran, where wall time also holds the time the
    /// process was off its CPU (preempted, or an interrupt), and a helper thread's work counts.
    @inline(__always)
    static func processCPU() -> UInt64 { read(CLOCK_PROCESS_CPUTIME_ID) }

    @inline(__always)
    private static func read(_ clock: clockid_t) -> UInt64 {
        var ts = timespec()
        clock_gettime(clock, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }
}
