import Foundation
import CodableBenchCore

/// A run as it measures: each generation's samples and pairs as soon as its round is taken, each
/// cell's record when its comparison finishes, exported at once to the run folder's files (a run
/// ended by any means keeps them) and kept in memory, so that the command that started the run
/// reports and judges it without reading the files back.
final class RunRecorder {
    let folder: RunFolder
    /// Where and how the run is measured, which every row of results.csv carries.
    let provenance: Provenance
    /// One build's cells and samples.
    private struct Kept {
        var cells: [CellRecord] = []
        var samples: [CellKey: [TimingSample]] = [:]
    }
    /// This build's, and with `ab` the baseline build's, kept apart.
    private var builds: [Build: Kept] = [:]
    /// The cold rows so far (the cold pass's stopping rule reads them).
    private(set) var cold: [ColdProcess] = []
    private var coldAllocations: [ColdDecodeAllocations] = []
    private var coldCosts: [CostRow] = []

    /// `resumedSamples`: a resumed run's samples so far, already in the folder's samples.csv.
    init(folder: RunFolder, provenance: Provenance, resumedSamples: [CellKey: [TimingSample]] = [:]) {
        self.folder = folder
        self.provenance = provenance
        if !resumedSamples.isEmpty { builds[.this] = Kept(samples: resumedSamples) }
    }

    /// A cell's record, exported: its rows of results.csv and costs.csv (`ab`'s baseline build's
    /// to its own folder) and its ratio to ratios.csv.
    func record(_ cell: CellRecord, of build: Build) throws {
        let runID = folder.runID
        if !cell.costs.isEmpty {
            try folder.costs(of: build).append(cell.costRows(runID: runID).map(CostsCSV.line).joined())
        }
        try folder.results(of: build).append(cell.resultRows(provenance: provenance).map(ResultsCSV.line).joined())
        if let ratio = cell.pairedRatio { try folder.ratios.append(RatiosCSV.line(ratio, runID: runID)) }
        builds[build, default: Kept()].cells.append(cell)
    }

    /// A generation's samples, as its round is taken.
    func record(samples: [TimingSample], of cell: CellIdentity, build: Build) throws {
        let rows = samples.enumerated().map { SampleRow($1, of: cell, index: $0, runID: folder.runID) }
        try folder.samples(of: build).append(rows.map(SamplesCSV.line).joined())
        // As a run read back has them: no comparison's member.
        builds[build, default: Kept()].samples[cell.key, default: []] += samples.map { sample in
            var kept = sample
            kept.member = 0
            return kept
        }
    }

    /// A generation's pairs, as its round is taken (written only: the run holds them itself).
    func record(pairs lines: String) throws {
        try folder.pairs.append(lines)
    }

    /// The cold pass's rows (headers written by the caller with the first).
    func record(cold rows: [ColdProcess]) throws {
        try folder.cold.append(rows.map(ColdCSV.line).joined())
        cold += rows
    }

    func record(coldAllocations rows: [ColdDecodeAllocations]) throws {
        try folder.coldAllocations.append(rows.map(ColdCSV.line).joined())
        coldAllocations += rows
    }

    func record(coldCosts rows: [CostRow]) throws {
        try folder.coldCosts.append(rows.map(CostsCSV.line).joined())
        coldCosts += rows
    }

    /// This build's run, as `RecordedRun.load` reads it from the run folder.
    var thisBuild: RecordedRun {
        let this = builds[.this] ?? Kept()
        var run = RecordedRun(source: folder.results.url, provenance: provenance, records: this.cells, samples: this.samples)
        run.cold = cold
        run.coldAllocations = coldAllocations
        run.coldCostBreakdowns = CostsCSV.breakdowns(coldCosts)
        return run
    }

    /// `ab`: the baseline build's run, as `RecordedRun.load` reads it from `baseline/`.
    var baselineBuild: RecordedRun {
        let baseline = builds.first { $0.key.isBaseline }?.value ?? Kept()
        return RecordedRun(
            source: folder.baselineResults.url, provenance: provenance, records: baseline.cells, samples: baseline.samples)
    }

    /// The files hold what memory holds (checked in debug builds, which the end-to-end tests run).
    func matchesFiles(baseline: Bool) throws -> Bool {
        func lines(_ run: RecordedRun) -> [String] {
            run.resultRows.map(ResultsCSV.line) + run.ratios.map { RatiosCSV.line($0, runID: run.provenance.runID) }
                + run.costRows.map(CostsCSV.line)
                + run.cold.map(ColdCSV.line)
                + run.coldAllocations.map(ColdCSV.line)
        }
        let read = try RecordedRun.load(folder.directory.path), kept = thisBuild
        let current =
            lines(read) == lines(kept) && read.samples == kept.samples && read.coldCostBreakdowns == kept.coldCostBreakdowns
        guard baseline else { return current }
        let baselineRead = try RecordedRun.load(folder.baselineDirectory.path)
        return current && lines(baselineRead) == lines(baselineBuild) && baselineRead.samples == baselineBuild.samples
    }
}
