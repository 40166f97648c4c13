import Foundation
import CodableBenchCore

/// A run's rows as it measures: each generation's samples and pairs as soon as its round is taken,
/// a comparison's results and ratios when it finishes; appended to the run folder's files at once
/// (a run ended by any means keeps them) and kept in memory, so that the command that started the
/// run reports and judges it without reading the files back.
final class RunRecorder {
    let folder: RunFolder
    /// One build's rows.
    private struct BuildRows {
        var results: [ResultRow] = []
        var samples: [SampleRow] = []
        var costs: [CostRow] = []
    }
    /// This build's rows, and with `ab` the baseline build's, kept apart.
    private var builds: [Build: BuildRows] = [:]
    private var ratios: [RatioRow] = []
    /// The cold rows so far (the cold pass's stopping rule reads them).
    private(set) var cold: [ColdRow] = []
    private var coldAllocations: [ColdAllocationRow] = []
    private var coldCosts: [CostRow] = []

    /// `resumedSamples`: a resumed run's samples so far, already in the folder's samples.csv.
    init(folder: RunFolder, resumedSamples: [SampleRow] = []) {
        self.folder = folder
        if !resumedSamples.isEmpty { builds[.this] = BuildRows(samples: resumedSamples) }
    }

    /// A cell's rows; `ab`'s baseline build's rows go to its own folder and are not this run's.
    func record(_ result: CellResult, provenance: Provenance, of build: Build) throws {
        let rows = result.rows(provenance: provenance)
        try folder.append(rows.map(ResultsCSV.line).joined(), to: folder.results(of: build))
        builds[build, default: BuildRows()].results += rows
    }

    /// A generation's samples, as its round is taken.
    func record(samples rows: [SampleRow], of build: Build) throws {
        try folder.append(rows.map(SamplesCSV.line).joined(), to: folder.samples(of: build))
        builds[build, default: BuildRows()].samples += rows
    }

    func record(ratios rows: [RatioRow]) throws {
        try folder.append(rows.map(RatiosCSV.line).joined(), to: folder.ratios)
        ratios += rows
    }

    /// A generation's pairs, as its round is taken (written only: the run holds them itself).
    func record(pairs lines: String) throws {
        try folder.append(lines, to: folder.pairs)
    }

    /// Where each decode's instructions went; `ab`'s baseline build's in its own folder.
    func record(costs rows: [CostRow], of build: Build) throws {
        try folder.append(rows.map(CostsCSV.line).joined(), to: folder.costs(of: build))
        builds[build, default: BuildRows()].costs += rows
    }

    /// The cold pass's rows (headers written by the caller with the first).
    func record(cold rows: [ColdRow]) throws {
        try folder.append(rows.map(ColdCSV.line).joined(), to: folder.cold)
        cold += rows
    }

    func record(coldAllocations rows: [ColdAllocationRow]) throws {
        try folder.append(rows.map(ColdCSV.line).joined(), to: folder.coldAllocations)
        coldAllocations += rows
    }

    func record(coldCosts rows: [CostRow]) throws {
        try folder.append(rows.map(CostsCSV.line).joined(), to: folder.coldCosts)
        coldCosts += rows
    }

    /// This build's rows, as `RecordedRun.load` reads them from the run folder.
    var thisBuild: RecordedRun {
        let this = builds[.this] ?? BuildRows()
        var data = RecordedRun(source: folder.results.url, rows: this.results, sampleRows: this.samples, ratios: ratios, costs: this.costs)
        data.cold = cold
        data.coldAllocations = coldAllocations
        data.coldCosts = coldCosts
        return data
    }

    /// `ab`: the baseline build's rows, as `RecordedRun.load` reads them from `baseline/`.
    var baselineBuild: RecordedRun {
        let baseline = builds.first { $0.key.isBaseline }?.value ?? BuildRows()
        return RecordedRun(
            source: folder.baselineResults.url, rows: baseline.results, sampleRows: baseline.samples, ratios: [],
            costs: baseline.costs)
    }

    /// The files hold what memory holds (checked in debug builds, which the end-to-end tests run).
    func matchesFiles(baseline: Bool) throws -> Bool {
        func lines(_ run: RecordedRun) -> [String] {
            run.rows.map(ResultsCSV.line) + run.samples.keys.sorted().flatMap { run.samples[$0]!.map(SamplesCSV.line) }
                + run.ratios.map(RatiosCSV.line) + run.costs.map(CostsCSV.line) + run.cold.map(ColdCSV.line)
                + run.coldAllocations.map(ColdCSV.line) + run.coldCosts.map(CostsCSV.line)
        }
        let current = try lines(RecordedRun.load(folder.directory.path)) == lines(thisBuild)
        guard baseline else { return current }
        return try current && lines(RecordedRun.load(folder.baselineDirectory.path)) == lines(baselineBuild)
    }
}
