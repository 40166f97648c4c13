import CodableBenchCore

/// One cache probe's figures (`CacheProbe`), as run.json's summary and the reports read them.
struct CacheReading: Equatable, Sendable {
    /// CPU time per load of the probe's timed chain beyond a load from L1.
    var cacheNanosecondsPerLoad: Double
    /// CPU time per dependent step of arithmetic (shift, exclusive or, multiply).
    var computeNanosecondsPerOp: Double

    /// Contended where a load from the ring takes more than `contendedAboveNanoseconds` beyond an
    /// L1 hit: between a last-level cache hit (10–20 ns on the x86 servers and Apple chips of the
    /// last decade) and memory (70–150 ns, more under contention). In nanoseconds, not cycles: an
    /// unoptimized build's arithmetic is several times slower, while the chain's difference
    /// cancels the loop around it.
    var state: HostState { cacheNanosecondsPerLoad > Self.contendedAboveNanoseconds ? .contended : .quiet }
    static let contendedAboveNanoseconds = 40.0
}
