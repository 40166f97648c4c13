@testable import CodableBench
@testable import CodableBenchCore
@testable import CodableBenchHarness
import Foundation
import Testing

/// How many decodes a lockstep worker's warm-up takes (`Worker.warmUp`). Sleeps stand in for
/// decodes: a sleep never ends early, so the counts below do not depend on the machine's speed.
@Suite("Warm-up")
struct WarmUpTests {
    /// Decodes run by a warm-up whose every decode lasts at least `seconds`.
    func decodes(lasting seconds: Double, warmup: UInt64 = 5_000_000) throws -> (count: Int, fastest: UInt64) {
        var count = 0
        let fastest = try Worker.warmUp(
            { _ in
                count += 1
                if seconds > 0 { Thread.sleep(forTimeInterval: seconds) }
            }, for: warmup)
        return (count, fastest)
    }

    @Test func aFirstDecodeOfFiftyMillisecondsIsTheWholeWarmUp() throws {
        let long = try decodes(lasting: 0.06)
        #expect(long.count == 1)
        #expect(long.fastest >= Worker.warmedByOneDecode)
    }

    @Test func shortDecodesWarmUpForTheWarmUpTimeAndAtLeastThreeDecodes() throws {
        let start = Clocks.wall()
        let instant = try decodes(lasting: 0, warmup: 20_000_000)
        #expect(instant.count >= Worker.warmupDecodes)
        #expect(Clocks.wall() - start >= 20_000_000)
    }
}
