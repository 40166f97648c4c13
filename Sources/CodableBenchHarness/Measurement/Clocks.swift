import Foundation
import CodableBenchCore

/// Nanosecond clocks: monotonic wall time and this process's CPU time.
package enum Clocks {
    @inline(__always)
    package static func wall() -> UInt64 {
        let now = SystemCalls.monotonicNanoseconds()
        return step == 1 ? now : now / step * step
    }

    /// The platform's clock step (`darwin-sim` rounds to 1 µs).
    private static let step = Platform.current.clockStepNanoseconds

    /// Every thread's CPU time: the time a decode ran, where wall time also holds the time the
    /// process was off its CPU (preempted, or an interrupt), and a helper thread's work counts.
    @inline(__always)
    static func processCPU() -> UInt64 {
        let now = SystemCalls.processCPUNanoseconds()
        return step == 1 ? now : now / step * step
    }
}
