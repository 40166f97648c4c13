import Foundation
import CodableBenchCore

/// A run's folder (`runs/<id>` under the results directory) and its files, each appended to as
/// the run measures, so that a run ended by any means keeps what it measured.
package struct RunFolder {
    let runID: String
    let directory: URL

    /// One of the run's CSV files (or the gate's baseline): where it is and its header, which
    /// `append` writes when the file is first made (the one place any file's header is written).
    struct CSVFile {
        let url: URL
        let header: String

        /// A results file anywhere: the gate's baseline (`baseline update`).
        static func results(at url: URL) -> CSVFile { CSVFile(url: url, header: ResultsCSV.header) }

        /// Makes the file with its header, where it does not exist yet: a run's files exist from
        /// its start, so that a reader finds each with its columns even before a row.
        func create() throws { try append("") }

        /// Appends `text`, writing the header first if the file is new.
        package func append(_ text: String) throws {
            do {
                let isNew = !FileManager.default.fileExists(atPath: url.path)
                try CSVFormat.append((isNew ? header : "") + text, to: url)
            } catch {
                throw CommandError.harness("cannot append to \(url.path): \(error.localizedDescription)")
            }
        }
    }

    var results: CSVFile { .results(at: directory.appendingPathComponent("results.csv")) }
    var samples: CSVFile { CSVFile(url: directory.appendingPathComponent("samples.csv"), header: SamplesCSV.header) }
    var ratios: CSVFile { CSVFile(url: directory.appendingPathComponent("ratios.csv"), header: RatiosCSV.header) }
    var pairs: CSVFile { CSVFile(url: directory.appendingPathComponent("pairs.csv"), header: PairsCSV.header) }
    var costs: CSVFile { CSVFile(url: directory.appendingPathComponent("costs.csv"), header: CostsCSV.header) }
    /// `--cold`: every fresh process's first decodes (both builds' in `ab`), and their allocations.
    var cold: CSVFile { CSVFile(url: directory.appendingPathComponent("cold.csv"), header: ColdCSV.header) }
    var coldAllocations: CSVFile {
        CSVFile(url: directory.appendingPathComponent("cold-allocations.csv"), header: ColdCSV.allocationHeader)
    }
    /// `--cold --instructions`: where each cell's first decode's instructions went (costs.csv's columns).
    var coldCosts: CSVFile { CSVFile(url: directory.appendingPathComponent("cold-costs.csv"), header: CostsCSV.header) }
    /// `ab`: the baseline build's rows, apart from this build's.
    var baselineDirectory: URL { directory.appendingPathComponent("baseline") }
    var baselineResults: CSVFile { .results(at: baselineDirectory.appendingPathComponent("results.csv")) }
    var baselineSamples: CSVFile { CSVFile(url: baselineDirectory.appendingPathComponent("samples.csv"), header: SamplesCSV.header) }
    var baselineCosts: CSVFile { CSVFile(url: baselineDirectory.appendingPathComponent("costs.csv"), header: CostsCSV.header) }

    /// A build's results, samples and costs: this build's in the run's folder, the baseline
    /// build's in `baseline/`.
    func results(of build: Build) -> CSVFile { build.isBaseline ? baselineResults : results }
    func samples(of build: Build) -> CSVFile { build.isBaseline ? baselineSamples : samples }
    func costs(of build: Build) -> CSVFile { build.isBaseline ? baselineCosts : costs }

    /// Creates the folder with results.csv, samples.csv, ratios.csv and pairs.csv (their headers:
    /// a run that measured nothing still has them), and points `latest` at it.
    static func create(runID: String, in resultsDirectory: URL) throws -> RunFolder {
        let folder = RunFolder(runID: runID, directory: resultsDirectory.appendingPathComponent("runs/\(runID)"))
        do {
            try FileManager.default.createDirectory(at: folder.directory, withIntermediateDirectories: true)
            try pointLatest(at: runID, in: resultsDirectory)
        } catch {
            throw CommandError.harness("cannot write results under \(resultsDirectory.path): \(error.localizedDescription)")
        }
        for file in [folder.results, folder.samples, folder.ratios, folder.pairs] { try file.create() }
        return folder
    }

    /// An interrupted run's folder, to continue (`run --resume`): its samples and pairs stay and
    /// grow; what is written from them when cells settle (results, ratios, costs, the first
    /// decodes) starts again, and `latest` points at it.
    static func reopen(_ directory: URL, runID: String) throws -> RunFolder {
        let folder = RunFolder(runID: runID, directory: directory)
        let resultsDirectory = directory.deletingLastPathComponent().deletingLastPathComponent()
        do {
            for file in [folder.results, folder.ratios, folder.costs, folder.cold, folder.coldAllocations, folder.coldCosts]
            where FileManager.default.fileExists(atPath: file.url.path) {
                try FileManager.default.removeItem(at: file.url)
            }
            if resultsDirectory.appendingPathComponent("runs/\(runID)").standardizedFileURL.path == directory.standardizedFileURL.path {
                try pointLatest(at: runID, in: resultsDirectory)
            }
        } catch {
            throw CommandError.harness("cannot write results in \(directory.path): \(error.localizedDescription)")
        }
        for file in [folder.results, folder.samples, folder.ratios, folder.pairs] { try file.create() }
        return folder
    }

    /// `ab`: the baseline build's folder, with its results.csv and samples.csv.
    func createBaseline() throws {
        do { try FileManager.default.createDirectory(at: baselineDirectory, withIntermediateDirectories: true) } catch {
            throw CommandError.harness("cannot write results under \(baselineDirectory.path): \(error.localizedDescription)")
        }
        for file in [baselineResults, baselineSamples] { try file.create() }
    }

    /// `20261122-031500-4f2a`: sortable by time, unique across runs started in the same second.
    package static func makeRunID() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter.string(from: Date()) + "-" + String(UInt16.random(in: 0...UInt16.max), radix: 16)
    }

    /// `results/latest` → `runs/<id>`, replaced atomically enough for a single user.
    static func pointLatest(at runID: String, in resultsDirectory: URL) throws {
        let link = resultsDirectory.appendingPathComponent("latest")
        try? FileManager.default.removeItem(at: link)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "runs/\(runID)")
    }
}
