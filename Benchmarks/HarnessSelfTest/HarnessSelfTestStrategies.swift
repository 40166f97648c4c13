import CodableBench
import Foundation

/// Hidden strategies that misbehave on purpose, so the tests can prove the harness records each
/// failure and carries on. They run only when named with `--strategy`.
public enum HarnessSelfTestStrategies {
    public static let group = "harness-selftest"

    struct Deliberate: Error, CustomStringConvertible {
        var description: String { "deliberate failure" }
    }

    /// A class instance is exactly one heap allocation.
    final class Box {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

    /// Allocates exactly `count` objects and frees them before returning.
    static func allocate(_ count: Int, _ data: Data) -> Int {
        var sum = 0
        for i in 0..<count { sum &+= Unmanaged.passRetained(Box(i)).takeRetainedValue().value }
        return sum &+ data.count
    }

    /// Six seconds, once per process, in the counting pass's worker (jemalloc without its thread
    /// cache, or the interposer, preloaded) and no other. It stands in for a counting pass run at
    /// the lowest priority beside busy processes, whose wall time says nothing of the decode.
    static let slowCountingStart: Void = {
        let environment = ProcessInfo.processInfo.environment
        let counting =
            environment["MALLOC_CONF"]?.contains("tcache:false") == true
            || environment.values.contains { $0.contains("MallocInterposer") }  // preloaded, by either OS's variable
        if counting { Thread.sleep(forTimeInterval: 6) }
    }()

    public static let all: [Strategy] = [
        Strategy(
            id: "selftest-allocates-0", group: group, summary: "allocates nothing", contract: .parseOnly,
            defaultProfiles: ["tiny"], isHidden: true, decode: { data in allocate(0, data) },
            canonical: { .processedBytes($0) }),
        Strategy(
            id: "selftest-allocates-1000", group: group, summary: "allocates exactly 1000 objects",
            contract: .parseOnly, defaultProfiles: ["tiny"], isHidden: true,
            decode: { data in allocate(1000, data) - 499_500 },
            canonical: { .processedBytes($0) }),
        Strategy(
            id: "selftest-slow-counting", group: group,
            summary: "allocates nothing; its counting pass takes 6 s, twice its timeout cap",
            contract: .parseOnly, defaultProfiles: ["tiny"], isHidden: true, timeoutCap: 3,
            decode: { data in
                slowCountingStart
                return allocate(0, data)
            },
            canonical: { .processedBytes($0) }),
        Strategy(
            id: "selftest-throws", group: group, summary: "always throws", defaultProfiles: ["tiny"],
            isHidden: true, decode: { (_: Data) throws -> Int in throw Deliberate() },
            canonical: { .processedBytes($0) }),
        Strategy(
            id: "selftest-crashes", group: group, summary: "calls fatalError", defaultProfiles: ["tiny"],
            isHidden: true, decode: { (_: Data) -> Int in fatalError("deliberate crash") },
            canonical: { .processedBytes($0) }),
        Strategy(
            id: "selftest-hangs", group: group, summary: "never returns", defaultProfiles: ["tiny"],
            isHidden: true,
            decode: { (data: Data) -> Int in
                var spins = 0
                while data.count >= 0 { spins &+= 1; blackHole(spins) }
                return spins
            },
            canonical: { .processedBytes($0) }),
    ]
}
