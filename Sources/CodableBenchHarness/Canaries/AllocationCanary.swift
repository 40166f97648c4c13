import Foundation
import CodableBenchCore

/// A known quantity the allocation counter must read in every run, measured by the same path as
/// the real cells (the counting pass's worker, the run's backend preloaded), on the platform the
/// run is on: a decode that makes exactly `count` Swift objects, `count` arrays and `count` native
/// strings (the runtime's own allocation paths, not only `malloc`), and one that allocates nothing.
///
/// Why: the counter is a library preloaded into a process, and what it sees depends on the
/// platform's allocator entry points. On macOS 15 Swift's runtime may allocate objects through
/// `malloc_type_malloc`, which malloc-interposer 1.6.1 does not interpose: the counts would read
/// near zero and nothing else in a run would notice. A run whose canary reads otherwise reports no
/// allocation figure and says what read what; `check` refuses to pass on it.
package enum AllocationCanary {
    static let count = AllocationCanaryReading.count
    /// Allocations a canary decode makes: an object, an array and a string per turn.
    static let expected = 3 * count
    package static let group = "harness-canary"

    /// The canary strategies, hidden: every executable's worker can run them (`WorkerCommand`).
    package static let strategies: [Strategy] = [
        Strategy(
            id: "canary-allocates-3000", group: group,
            summary: "makes exactly 1000 objects, 1000 arrays and 1000 strings", contract: .parseOnly,
            defaultProfiles: [], isHidden: true, decode: { data in allocate(count, data) },
            canonical: { .processedBytes($0) }),
        Strategy(
            id: "canary-allocates-0", group: group, summary: "allocates nothing", contract: .parseOnly,
            defaultProfiles: [], isHidden: true, decode: { data in allocate(0, data) },
            canonical: { .processedBytes($0) }),
    ]

    /// A class instance is exactly one heap allocation.
    final class Box {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

    /// `count` objects, arrays of four integers and strings of 32 or 33 bytes (too long to be
    /// stored inline), each handed to `keep` so that none is promoted to the stack or hoisted.
    /// Returns the payload's size, which verification expects of a parse-only strategy.
    static func allocate(_ count: Int, _ data: Data) -> Int {
        var sum = 0
        for i in 0..<count {
            sum &+= keep(Box(i)).value
            sum &+= keep([i, i, i, i])[3]
            sum &+= keep(String(repeating: "c", count: 32 + i % 2)).utf8.count
        }
        return data.count + keep(sum) &* 0
    }

    /// Opaque to the optimizer: what it is given escapes.
    @_optimize(none)
    static func keep<T>(_ value: T) -> T { value }

    /// The payload the canaries run on: a handful of generated articles (their content is not read).
    static let source = PayloadSource.generated(
        Profile.plain(name: "canary", description: "the allocation canary's bytes", seed: 7, elements: 8))

    /// The canary read with the run's backend, then with each of `fallbacks` while it misreads: the
    /// run counts with the first backend whose canary reads right, or with none. Where the backend
    /// the platform prefers misses an allocation path (malloc-interposer 1.6.1 interposes no
    /// `malloc_type_*` entry point, which Swift's runtime calls on macOS 15), another one may not.
    /// `fallbacks` is asked only once the first reading misread (it may build the interposer).
    static func firstThatReads(
        passes: inout CountingPasses, fallbacks: () -> [CountingBackend], planJSON: String, payloadFolder: URL,
        log: (String) -> Void
    ) throws -> AllocationCanaryReading {
        var reading = try read(passes: passes, planJSON: planJSON, payloadFolder: payloadFolder)
        guard !reading.passed else { return reading }
        for fallback in fallbacks() where !reading.passed {
            log("warning: with \(passes.backend.rawValue), \(reading.whatItRead); counting with \(fallback.rawValue) instead")
            passes.backend = fallback
            reading = try read(passes: passes, planJSON: planJSON, payloadFolder: payloadFolder)
        }
        return reading
    }

    /// The counting pass on both canaries, one after the other.
    static func read(passes: CountingPasses, planJSON: String, payloadFolder: URL) throws -> AllocationCanaryReading {
        let payload = try PreparedPayload.prepare(source, writingTo: payloadFolder)
        let read = try strategies.map { strategy -> [Int] in
            let state = try CellState(cell: Cell(strategy: strategy, source: source), payload: payload, planJSON: planJSON)
            guard case .counted(let counts) = try passes.allocations(state) else { return [] }
            return counts.map(\.allocations)
        }
        return AllocationCanaryReading(expected: [expected, 0], read: read)
    }
}
