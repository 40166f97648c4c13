import Foundation
import CodableBenchCore

/// A known quantity the exact measure must read in every run that counts it, measured by the same
/// path as the real cells (the exact pass's forking worker under callgrind, or the CPU's counter
/// on a Mac), on the platform the run is on: a loop of no turns, one of a million turns counted in
/// two processes, and one of two million. The counter must see every turn, read the same loop
/// alike twice and count a turn alike in both loops (`ExactCanaryReading`).
///
/// Why: the counter is callgrind's region (`InstructionRegion`) or a CPU counter read through a
/// private macOS interface (`proc_pid_rusage`'s `ri_instructions`); either can read 0, count the
/// wrong region or drift on a platform nobody here runs. A run whose canary misreads reports no
/// exact figure and says what read what; `check` refuses to pass on it.
package enum ExactCanary {
    static let turns = ExactCanaryReading.turns

    /// The canary strategies, hidden: every executable's worker can run them (`WorkerCommand`).
    package static let strategies: [Strategy] = [0, turns, 2 * turns].map { turns in
        Strategy(
            id: "canary-loops-\(turns)", group: AllocationCanary.group, summary: "a loop of exactly \(turns) turns",
            contract: .parseOnly, defaultProfiles: [], isHidden: true, decode: { data in loop(turns, data) },
            canonical: { .processedBytes($0) })
    }

    /// `turns` calls of an opaque function, the same instructions each. Returns the payload's
    /// size, which verification expects of a parse-only strategy.
    static func loop(_ turns: Int, _ data: Data) -> Int {
        var sum = 0
        for turn in 0..<turns { sum = AllocationCanary.keep(sum &+ turn) }
        return data.count + sum &* 0
    }

    /// The exact pass on the canaries: no turns, a million twice, two million.
    static func read(passes: CountingPasses, planJSON: String, payloadFolder: URL) throws -> ExactCanaryReading {
        let source = AllocationCanary.source
        let payload = try PreparedPayload.prepare(source, writingTo: payloadFolder)
        let states = try [strategies[0], strategies[1], strategies[1], strategies[2]].map { strategy in
            try CellState(cell: Cell(strategy: strategy, source: source), payload: payload, planJSON: planJSON)
        }
        return ExactCanaryReading(
            read: try passes.instructions(ofEach: states, simulatingCaches: false, usingCache: false).counts.map { $0?.instructions })
    }
}
