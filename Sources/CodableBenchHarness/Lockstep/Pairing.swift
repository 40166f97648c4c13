import Foundation
import CodableBenchCore

/// What a run pairs, as a value the runner asks instead of checking which command started it: each
/// strategy with its yardstick on the same payload (a catalogue run), or each cell of this build
/// with the same cell measured by a baseline build's worker (`ab`).
package enum Pairing {
    case yardsticks
    /// Another build's `benchmarks` executable.
    case baselineBuild(URL)

    /// The workers that measure a cell: its own, or the baseline build's and then this build's.
    func states(for state: CellState) -> [CellState] {
        guard case .baselineBuild(let executable) = self else { return [state] }
        var baseline = state
        baseline.build = .baseline(executable)
        return [baseline, state]
    }

    /// Who is paired with whom in one comparison.
    func schedule(for members: [CellState]) -> LockstepSchedule {
        switch self {
        case .yardsticks:
            return LockstepSchedule(
                members: members.map {
                    let strategy = $0.cell.strategy
                    // A reference expected to fail here (strict, faulty data) yardsticks nothing.
                    let isReference = strategy.isReference && strategy.expectedOutcome(on: $0.cell.source) == .ok
                    return (strategy.id, strategy.group, isReference, strategy.yardstick)
                })
        case .baselineBuild:
            // Each cell of this build against the baseline build's worker for the same cell.
            return LockstepSchedule(
                yardstick: members.map { member in
                    guard !member.isBaseline else { return nil }
                    return members.firstIndex { $0.isBaseline && $0.cell.strategy.id == member.cell.strategy.id }
                })
        }
    }

    /// Generations a comparison takes before its ratios are judged: a gate needs more.
    var minimumGenerations: Int {
        switch self {
        case .yardsticks: LockstepComparison.minimumGenerations
        case .baselineBuild: LockstepComparison.minimumGenerationsToGate
        }
    }

    /// The baseline build's rows go to a folder of their own (`baseline/`).
    var keepsBaselineRows: Bool {
        if case .baselineBuild = self { return true }
        return false
    }
}

extension CellState {
    /// Measured by the baseline build's worker (`ab`), not this build's.
    var isBaseline: Bool { build.isBaseline }
}
