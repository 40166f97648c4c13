import Catalogue
@testable import CodableBench
@testable import CodableBenchCore
@testable import CodableBenchHarness
import Foundation
import Testing

/// What a run pairs is a value: a catalogue run pairs strategies with their yardsticks, `ab` pairs
/// each cell with the baseline build's worker for the same cell, found by the cell, not by position.
@Suite("Pairing")
struct PairingTests {
    static func state(_ id: String) throws -> CellState {
        let payload = PreparedPayload(bytes: 1, sha256: "a", elements: 1, file: URL(fileURLWithPath: "/dev/null"))
        return try CellState(
            cell: Cell(strategy: TestSupport.strategy(id), source: .generated(try TestSupport.profile("small"))),
            payload: payload, planJSON: "{}")
    }

    @Test func aBaselineBuildMeasuresEveryCellBesideThisBuild() throws {
        let baseline = URL(fileURLWithPath: "/tmp/base/benchmarks")
        let pairing = Pairing.baselineBuild(baseline)
        let states = pairing.states(for: try Self.state("handwritten"))
        #expect(states.map(\.isBaseline) == [true, false])
        #expect(states[0].build == .baseline(baseline) && states[1].build == .this)
        // Members in any order: each of this build's cells is paired with the baseline's same cell.
        let members = try [Self.state("synthesized"), Self.state("handwritten")].flatMap(pairing.states)
        let shuffled = [members[3], members[0], members[2], members[1]]
        let schedule = pairing.schedule(for: shuffled)
        #expect(schedule.yardstick == [2, nil, nil, 1])
        #expect(pairing.minimumGenerations == LockstepComparison.minimumGenerationsToGate)
        #expect(pairing.keepsBaselineRows)
    }

    @Test func aCatalogueRunPairsStrategiesWithTheirYardsticks() throws {
        let pairing = Pairing.yardsticks
        let members = try ["synthesized", "handwritten", "snake-case-strategy"].map(Self.state)
        #expect(members.flatMap(pairing.states).count == 3)
        #expect(pairing.schedule(for: members).yardstick == [nil, 0, 0])
        #expect(!pairing.keepsBaselineRows)
    }
}
