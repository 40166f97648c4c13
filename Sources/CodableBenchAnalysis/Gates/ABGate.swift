import Foundation
import CodableBenchCore
import CodableBenchHarness

/// The A/B gate: this build against a baseline build, both measured in one run (`ab`). It decides
/// on the exact measures first (instructions and simulated cycles per decode, the same on every
/// run of a build, so a shared runner's noise cannot hide a change or invent one), then on time:
/// each cell's paired ratio to the baseline build's worker. Outcomes and allocation counts as
/// `check` judges them (`Gate`, timing off).
///
/// A cell flagged slower in time is measured again, alone, in fresh processes (the confirmation
/// run) and fails the gate only if that agrees. Over a catalogue of ~170 cells an unchanged build
/// had a cell flagged in 3 of 5 quick runs (each interval excludes the threshold by chance now and
/// then); two independent measurements that must both be wrong make that rare (0 of 5 with the
/// confirmation), while a real slowdown shows in both.
package struct ABGate {
    /// Above what an unchanged strategy's exact measures move when another strategy's code
    /// changes, and below the smallest change the gate must catch (Notebook, "The exact measures").
    static let defaultExactThreshold = 0.001

    /// Where there is no callgrind (macOS on Apple silicon), the exact measure is the CPU's
    /// instruction counter read around ten decodes of a whole process, the harness's own work in
    /// it: not the same on every run, so a wider default until its spread is measured on a Mac
    /// (Documentation/MacChecklist.md has the command; Documentation/Gates.md, the figure).
    static let defaultCounterThreshold = 0.02

    /// The default for this platform's exact measure.
    package static var platformExactThreshold: Double {
        Platform.current.hasCallgrind ? defaultExactThreshold : defaultCounterThreshold
    }

    /// What the time check saw in a cell, at the threshold.
    enum TimeVerdict: Equatable {
        case slower, faster, within
        /// The interval reaches both inside and beyond the threshold: too wide to judge.
        case cannotTell
    }

    /// A cell's paired ratio to the baseline, with what the confirmation run measured, if any.
    package struct TimingFinding: Sendable {
        package let cell: CellKey
        let ratio: PairedRatio
        var confirmation: PairedRatio? = nil
        package var line: String {
            // Three decimals: with a 1% threshold, "(1.01–1.03)" would not say on which side it lies.
            "\(cell): wall time \(ratio.preciseText) of the baseline"
                + (confirmation.map { "; measured again: \($0.preciseText)" } ?? "")
        }

        func verdict(at threshold: Double) -> TimeVerdict {
            if ratio.low > 1 + threshold { return .slower }
            if ratio.high < 1 / (1 + threshold) { return .faster }
            if ratio.low >= 1 / (1 + threshold) && ratio.high <= 1 + threshold { return .within }
            return .cannotTell
        }
    }

    package let slower: [TimingFinding]
    /// Flagged slower by the run, then not beyond the threshold when measured again (not failed).
    package let notConfirmed: [TimingFinding]
    package let faster: [TimingFinding]
    /// Cells whose time interval was too wide to judge at the threshold.
    package let cannotTell: [TimingFinding]
    /// Cells judged in time (within, slower or faster).
    package let judgedInTime: Int
    /// Every cell measured exactly in both builds.
    package let exact: [ExactChange]
    /// Beyond the exact threshold, up or down, not declared.
    package let exactIncreases: [ExactChange]
    package let exactDecreases: [ExactChange]
    /// Flagged cells (exact or time) that the commit declared, and declarations that named no
    /// flagged cell.
    package let declaredCells: [(cell: CellKey, reason: String)]
    package let unusedDeclarations: [DeclaredChange]
    package let counts: Gate
    /// Cells measured in both builds, and strategies only one build has (listed, not failed).
    package let cellsCompared: Int
    package let onlyInCurrent: [String]
    package let onlyInBaseline: [String]
    package let threshold: Double
    package let exactThreshold: Double
    /// How much of this build's sampling the machine spent in its slow state (nil: no samples).
    package let slowState: SlowState?

    /// The exact measures came from the CPU's instruction counter (no simulated cycles, no
    /// breakdown), not callgrind.
    package var exactFromCounter: Bool { !exact.isEmpty && exact.allSatisfy { $0.cycles == nil && $0.functions.isEmpty } }

    /// The counter read 0 in every cell (a virtual machine that does not pass the CPU's counters to
    /// its guest, such as GitHub's macOS runners): no exact measure at all.
    package var counterReadZero: Bool {
        exactFromCounter && exact.allSatisfy { $0.instructions.baseline == 0 && $0.instructions.current == 0 }
    }

    /// Cells that neither measure could judge: time too wide and no exact measure.
    package var undecided: [CellKey] {
        let measured = Set(exact.map(\.cell))
        return cannotTell.map(\.cell).filter { !measured.contains($0) }
    }

    /// 0 pass; 1 a regression (exact, confirmed in time, or in outcomes and counts) not declared;
    /// 4 no regression seen, but some cell could be judged by neither measure, or time by nothing
    /// (the timing canary failed).
    package var exitStatus: Int32 {
        if !slower.isEmpty || !exactIncreases.isEmpty || !counts.regressions.isEmpty { return 1 }
        return undecided.isEmpty && timingCanaryFailure == nil ? 0 : 4
    }

    /// What the run's timing canary read (`TimingCanary`; nil for a run without one).
    package let timingCanary: TimingCanaryReading?
    /// What it read where it failed: no cell is judged in time, and the gate does not pass.
    package var timingCanaryFailure: String? { timingCanary.flatMap { $0.failed ? $0.sentence : nil } }

    /// `threshold`: a cell is slower in time when its ratio's whole interval lies above
    /// 1 + threshold, faster when it lies below 1 / (1 + threshold). `exactThreshold`: an exact
    /// measure changed when it moved by more than this fraction.
    /// `confirmation`: the run that measured the flagged cells again (nil: none was made). A
    /// flagged cell the confirmation has no ratio for (its workers failed) stays flagged.
    package init(
        current: RecordedRun, baseline: RecordedRun, tolerances: GateTolerances, threshold: Double,
        exactThreshold: Double = defaultExactThreshold, declared: [DeclaredChange] = [],
        onlyInCurrent: [String] = [], onlyInBaseline: [String] = [], confirmation: RecordedRun? = nil
    ) throws {
        var untimed = tolerances
        untimed.timing.enabled = false
        // The exact measures are judged below, at their own threshold.
        untimed.deterministic = untimed.deterministic.filter { Metric(rawValue: $0.key)?.isExact != true }
        counts = try Gate(baseline: baseline, current: current, tolerances: untimed)
        func isDeclared(_ cell: CellKey) -> Bool { declared.contains { $0.covers(cell) } }

        exact = ExactChange.changes(current: current, baseline: baseline)
        let exactFlagged = exact.filter { abs($0.instructions.change) > exactThreshold || abs($0.cycles?.change ?? 0) > exactThreshold }
        exactIncreases = exactFlagged.filter { $0.largestChange > 0 && !isDeclared($0.cell) }
        exactDecreases = exactFlagged.filter { $0.largestChange < 0 && !isDeclared($0.cell) }

        timingCanary = current.info?.timingCanary
        let findings = current.timingCanaryFailure != nil ? [] : Self.ratios(in: current).sorted { $0.cell < $1.cell }
        let again = Dictionary(
            (confirmation.map(Self.ratios) ?? []).map { ($0.cell, $0.ratio) }, uniquingKeysWith: { first, _ in first })
        let flagged = findings.filter { $0.verdict(at: threshold) == .slower }.map { finding in
            var measuredAgain = finding
            measuredAgain.confirmation = again[finding.cell]
            return measuredAgain
        }
        let confirmed = flagged.filter { $0.confirmation.map { $0.low > 1 + threshold } ?? true }
        slower = confirmed.filter { !isDeclared($0.cell) }
        notConfirmed = flagged.filter { $0.confirmation.map { $0.low <= 1 + threshold } ?? false }
        faster = findings.filter { $0.verdict(at: threshold) == .faster }
        cannotTell = findings.filter { $0.verdict(at: threshold) == .cannotTell }
        judgedInTime = findings.count - cannotTell.count

        let declaredFlags = Set(exactFlagged.map(\.cell) + confirmed.map(\.cell)).filter(isDeclared).sorted()
        declaredCells = declaredFlags.map { cell in (cell, declared.first { $0.covers(cell) }!.reason) }
        unusedDeclarations = declared.filter { declaration in !declaredFlags.contains(where: declaration.covers) }

        cellsCompared = Set(current.records.map(\.key)).intersection(baseline.records.map(\.key)).count
        self.onlyInCurrent = onlyInCurrent
        self.onlyInBaseline = onlyInBaseline
        self.threshold = threshold
        self.exactThreshold = exactThreshold
        slowState = current.slowState
    }

    /// Each cell's paired ratio to the baseline build's worker.
    static func ratios(in run: RecordedRun) -> [TimingFinding] {
        run.ratios.filter { $0.yardstick == CellRatio.baselineYardstick }
            .map { TimingFinding(cell: CellKey(group: $0.group, strategy: $0.strategy, profile: $0.profile), ratio: $0.ratio) }
    }
}
