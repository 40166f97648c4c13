import Foundation
import CodableBenchCore

/// Nanosecond clocks: monotonic wall time and this process's CPU time.
package enum Clocks {
    @inline(__always)
    package static func wall() -> UInt64 { stepped(SystemCalls.monotonicNanoseconds()) }

    /// The platform's clock step (`darwin-sim` rounds to 1 µs).
    private static let step = Platform.current.clockStepNanoseconds

    @inline(__always)
    private static func stepped(_ now: UInt64) -> UInt64 { step == 1 ? now : now / step * step }

    /// Every thread's CPU time: the time a decode ran, where wall time also holds the time the
    /// process was off its CPU (preempted, or an interrupt), and a helper thread's work counts.
    @inline(__always)
    static func processCPU() -> UInt64 { stepped(SystemCalls.processCPUNanoseconds()) }

    /// The calling thread's CPU time: what a probe in the parent (`CacheProbe`) ran for.
    @inline(__always)
    static func threadCPU() -> UInt64 { stepped(SystemCalls.threadCPUNanoseconds()) }
}
