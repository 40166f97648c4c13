/// An exact stand-in for time: callgrind's cache simulation turned into cycles, the estimate
/// iai-callgrind (now gungraun) reports and CodSpeed's simulation mode builds on:
///
///     cycles = L1 hits + 5 × last-level hits + 35 × memory accesses
///
/// where every instruction fetch and data read or write is an access, an L1 miss that the last
/// level holds is a last-level hit and a last-level miss goes to memory. Written over callgrind's
/// events (`Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw`) it is linear:
///
///     Ir + Dr + Dw + 4 × (I1mr + D1mr + D1mw) + 30 × (ILmr + DLmr + DLmw)
///
/// so a function's own cycles add up to the decode's. Like instructions it is the same on every
/// run of one binary on one input; unlike them it moves when a change makes reads miss the cache.
/// The cache geometry is fixed (`callgrindOptions`), not read from the CPU, so two hosts agree.
package struct SimulatedCycles: Sendable {
    /// Weight of each event, by its name in callgrind's `events:` line.
    static let weights: [String: Int] = [
        "Ir": 1, "Dr": 1, "Dw": 1, "I1mr": 4, "D1mr": 4, "D1mw": 4, "ILmr": 30, "DLmr": 30, "DLmw": 30,
    ]

    /// The simulated caches: 32 KiB 8-way L1 instruction and data caches and an 8 MiB 16-way last
    /// level, 64-byte lines (a common x86-64 server core's; a Mac's M-series caches are larger).
    package static let callgrindOptions = [
        "--cache-sim=yes", "--I1=32768,8,64", "--D1=32768,8,64", "--LL=8388608,16,64",
    ]
    package static let geometry = "L1i and L1d 32 KiB 8-way, last level 8 MiB 16-way, 64-byte lines"

    /// Weight per column of the file's cost lines.
    private let columnWeights: [Int]

    /// Nil unless `events` (callgrind's `events:` line) holds every event of the formula.
    init?(events: [String]) {
        guard Set(Self.weights.keys).isSubset(of: events) else { return nil }
        columnWeights = events.map { Self.weights[$0] ?? 0 }
    }

    /// The cycles of one cost line's event counts (callgrind leaves out trailing zeros).
    func of<Counts: Sequence<Int>>(_ counts: Counts) -> Int {
        zip(columnWeights, counts).reduce(0) { $0 + $1.0 * $1.1 }
    }
}
