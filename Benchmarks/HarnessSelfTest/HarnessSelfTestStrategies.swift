import CodableBench
import Foundation

/// Hidden strategies that misbehave on purpose, so the tests can prove the harness records each
/// failure and carries on. They run only when named with `--strategy`.
public enum HarnessSelfTestStrategies {
    public static let group = "harness-selftest"

    struct Deliberate: Error, CustomStringConvertible {
        var description: String { "deliberate failure" }
    }

    public static let all: [Strategy] = [
        Strategy(id: "selftest-throws", group: group, summary: "always throws", defaultProfiles: ["tiny"],
                 isHidden: true, decode: { (_: Data) throws -> Int in throw Deliberate() },
                 canonical: { .processedBytes($0) }),
        Strategy(id: "selftest-crashes", group: group, summary: "calls fatalError", defaultProfiles: ["tiny"],
                 isHidden: true, decode: { (_: Data) -> Int in fatalError("deliberate crash") },
                 canonical: { .processedBytes($0) }),
        Strategy(id: "selftest-hangs", group: group, summary: "never returns", defaultProfiles: ["tiny"],
                 isHidden: true, decode: { (data: Data) -> Int in
                     var spins = 0
                     while data.count >= 0 { spins &+= 1; blackHole(spins) }
                     return spins
                 },
                 canonical: { .processedBytes($0) }),
    ]
}
