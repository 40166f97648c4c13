import Foundation
import CodableBenchCore

/// `run.json` beside results.csv: how the run went as a whole.
package struct RunJSON: Codable, Sendable {
    package var cells: Int
    /// Lockstep comparisons (payloads); older files said `forks` instead.
    var comparisons: Int?
    package var totalSeconds: Double
    /// Time spent inside measured decodes (the timing samples).
    var measuredSeconds: Double
    /// The ratio intervals' target half-width (`--precision`).
    package var precisionTarget: Double?
    /// Where the wall time went (newer files only).
    package var phases: GenerationPhases?
    /// Share of the timing samples taken in the machine's slow state (`SlowState`; newer files
    /// only): a run that wants to be run again when it is high can read it here.
    var slowStateShare: Double? = nil
    /// The platform the run measured on (`Platform.Kind`: linux, darwin, darwin-sim; newer files
    /// only), and what that platform does not measure (`Platform.reportNotes`; absent on Linux).
    package var platform: String? = nil
    package var platformNotes: [String]? = nil
    /// Protocol conformances the executable carries beyond the catalogue's (`benchmarks-app-size`,
    /// `scripts/app-size.sh`): its first decodes are a large app's. Absent for the catalogue's own.
    package var extraConformances: Int? = nil
    /// The CPUs that sampled, one lane each, and why that many (`TimingCPUs`; newer files only).
    package var timingCPUs: [Int]? = nil
    var timingCPUsNote: String? = nil
    /// How long the run sampled and why it stopped (`SamplingEnding`; newer files only).
    package var sampling: SamplingEnding? = nil
    /// What the host's shared cache did, from the cache probes beside the samples
    /// (`HostStateSummary`; newer files only).
    package var hostState: HostStateSummary? = nil
    /// A run a signal ended short: which, and when (newer files only).
    package var interruption: Interruption? = nil
    /// Written when the run starts, so that a run ended by any means (a kill, a full disk) can be
    /// read back from what it measured: the machine and build once, and every cell it planned
    /// with what its strategy expected (newer files only). `finished` is false until the run's end.
    package var provenance: Provenance? = nil
    /// What the allocation counter read of its canary at the start (`AllocationCanary`; newer
    /// files only, absent without counting). A failed one: the run has no allocation figures.
    package var allocationCanary: AllocationCanaryReading? = nil
    /// What the exact measure read of its canary at the start (`ExactCanary`; harness 0.9 on,
    /// absent without exact measures). A failed one: the run has no exact figures.
    package var exactCanary: ExactCanaryReading? = nil
    /// Under callgrind: the CPU valgrind presented to the counted process (`PresentedCPU`), which
    /// its glibc chose its code for, whatever the host's; nil elsewhere and before harness 0.11.
    package var exactCPU: String? = nil
    /// What paired timing read of its canary, sampled beside the cells (`TimingCanary`; harness
    /// 0.10 on; nil where the run ended before it was read, or was made before). A failed one: the
    /// run's time ratios are in its files but not in its answers, and no gate passes on them.
    package var timingCanary: TimingCanaryReading? = nil
    var plannedCells: [PlannedCell]? = nil
    package var finished: Bool? = nil
    /// How the run was started, for `run --resume` (newer files only).
    package var invocation: Invocation? = nil
    /// A resumed run: what its interrupted part had sampled when it was resumed.
    package var resumed: Resumption? = nil

    /// The `run` command's arguments, the folder they were given in, and the executable that ran
    /// them: `run --resume` continues a run only with the same build, by its SHA-256.
    package struct Invocation: Codable, Equatable, Sendable {
        package var arguments: [String]
        package var workingDirectory: String
        package var executableSHA256: String
    }

    package struct Resumption: Codable, Equatable, Sendable {
        /// The interrupted part's sampling time (0 where it was killed before recording it).
        package var afterSeconds: Double
        /// Its generations' samples read back from samples.csv.
        package var samples: Int
    }

    struct PlannedCell: Codable, Equatable, Sendable {
        var cell: CellIdentity
        var expectedOutcome: Outcome
    }

    package struct Interruption: Codable, Equatable, Sendable {
        package var signal: String
        package var afterSeconds: Double
    }

    /// Set by `benchmarks-app-size` in its own environment (its padding is compiled in; nothing
    /// else sets it).
    package static let extraConformancesVariable = "CODABLEBENCH_EXTRA_CONFORMANCES"

    /// This executable's extra conformances, nil for none.
    static var extraConformancesOfThisExecutable: Int? {
        ProcessInfo.processInfo.environment[extraConformancesVariable].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
    }

    /// Share of the run's wall time spent inside measured regions, per timing CPU.
    package var dutyCycle: Double {
        totalSeconds > 0 ? measuredSeconds / totalSeconds / Double(max(timingCPUs?.count ?? 1, 1)) : 0
    }

    /// "167 cells in 32 lockstep comparisons in 4m10s; duty cycle 81% (…)".
    package var summary: String {
        String(
            format: "%d cells%@ in %@; duty cycle %.0f%% (time inside measured decodes / total).", cells,
            comparisons.map { " in \($0) lockstep comparisons" } ?? "", Terminal.duration(totalSeconds),
            dutyCycle * 100)
    }

    func write(to directory: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do { try encoder.encode(self).write(to: directory.appendingPathComponent("run.json")) } catch {
            throw CommandError.harness("cannot write run.json: \(error.localizedDescription)")
        }
    }

    package static func read(from directory: URL) -> RunJSON? {
        guard let data = try? Data(contentsOf: directory.appendingPathComponent("run.json")) else { return nil }
        return try? JSONDecoder().decode(RunJSON.self, from: data)
    }
}
