/// What the host's shared cache was doing when a sample was taken, from the cache probe beside it
/// (`CacheProbe` in the harness). On shared hosts other tenants contend for the last-level cache
/// by the hour: memory-bound code then slows 1.3–4× and compute-bound code not at all, so a ratio
/// between the two moves with the state, and each state's ratio is stated on its own
/// (`StatedRatio`).
package enum HostState: String, Codable, Sendable, CaseIterable {
    /// The cache answered as a cache: the code ran with the cache to itself.
    case quiet
    /// Loads from the probe's working set went to memory: others held the cache.
    case contended
}
