/// What one fresh worker process measured of its first decodes (the cold pass): the first three
/// decodes one by one, then a warm decode, each in this process's CPU time, so that a decode's
/// first cost (type metadata, generic instantiation, conformance lookups, Foundation's lazy set-up)
/// reads against the decode it becomes. The first decode's wall time is kept beside its CPU time:
/// it also holds what the process waited for (page faults on the binary's code, preemption).
struct ColdDecodes: Codable, Equatable, Sendable {
    var firstNanoseconds: UInt64
    var firstWallNanoseconds: UInt64
    var secondNanoseconds: UInt64
    var thirdNanoseconds: UInt64
    /// The median of `warmDecodes` decodes after the third.
    var warmNanoseconds: UInt64
}
