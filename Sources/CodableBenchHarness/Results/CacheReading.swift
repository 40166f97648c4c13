import CodableBenchCore

/// One cache probe's figures (`CacheProbe`), as run.json's summary and the reports read them.
struct CacheReading: Equatable, Sendable {
    /// CPU time per load of the probe's timed chain beyond a load from L1.
    var cacheNanosecondsPerLoad: Double
    /// CPU time per dependent step of arithmetic (shift, exclusive or, multiply).
    var computeNanosecondsPerOp: Double
    /// Where a load counts as contended: the probe's calibrated threshold (`CacheProbe.calibrate`).
    var contendedAboveNanoseconds: Double

    var state: HostState { cacheNanosecondsPerLoad > contendedAboveNanoseconds ? .contended : .quiet }
}
