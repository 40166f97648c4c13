import Foundation
import CodableBenchCore

/// A run's folder (`runs/<id>` under the results directory) and the files its comparisons append
/// to as they finish, so that an interrupted run keeps the rows of those that did.
package struct RunFolder {
    let runID: String
    let directory: URL
    var results: URL { directory.appendingPathComponent("results.csv") }
    var samples: URL { directory.appendingPathComponent("samples.csv") }
    var ratios: URL { directory.appendingPathComponent("ratios.csv") }
    var pairs: URL { directory.appendingPathComponent("pairs.csv") }
    var costs: URL { directory.appendingPathComponent("costs.csv") }
    /// `--cold`: every fresh process's first decodes (both builds' in `ab`), and their allocations.
    var cold: URL { directory.appendingPathComponent("cold.csv") }
    var coldAllocations: URL { directory.appendingPathComponent("cold-allocations.csv") }
    /// `--cold --instructions`: where each cell's first decode's instructions went (costs.csv's columns).
    var coldCosts: URL { directory.appendingPathComponent("cold-costs.csv") }
    /// `ab`: the baseline build's rows, apart from this build's.
    var baselineDirectory: URL { directory.appendingPathComponent("baseline") }
    var baselineResults: URL { baselineDirectory.appendingPathComponent("results.csv") }
    var baselineSamples: URL { baselineDirectory.appendingPathComponent("samples.csv") }
    var baselineCosts: URL { baselineDirectory.appendingPathComponent("costs.csv") }

    /// A build's results, samples and costs: this build's in the run's folder, the baseline
    /// build's in `baseline/`.
    func results(of build: Build) -> URL { build.isBaseline ? baselineResults : results }
    func samples(of build: Build) -> URL { build.isBaseline ? baselineSamples : samples }
    func costs(of build: Build) -> URL { build.isBaseline ? baselineCosts : costs }

    /// Creates the folder with the headers of results.csv and samples.csv, and points `latest` at it.
    static func create(runID: String, in resultsDirectory: URL) throws -> RunFolder {
        let folder = RunFolder(runID: runID, directory: resultsDirectory.appendingPathComponent("runs/\(runID)"))
        do {
            try createWithHeaders(folder.directory, results: folder.results, samples: folder.samples)
            try pointLatest(at: runID, in: resultsDirectory)
        } catch {
            throw HarnessFailure("cannot write results under \(resultsDirectory.path): \(error.localizedDescription)")
        }
        return folder
    }

    /// `ab`: the baseline build's folder, with its headers.
    func createBaseline() throws {
        do {
            try Self.createWithHeaders(baselineDirectory, results: baselineResults, samples: baselineSamples)
        } catch {
            throw HarnessFailure("cannot write results under \(baselineDirectory.path): \(error.localizedDescription)")
        }
    }

    private static func createWithHeaders(_ directory: URL, results: URL, samples: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try CSVFormat.append(ResultsCSV.header, to: results)
        try CSVFormat.append(SamplesCSV.header, to: samples)
    }

    func append(_ text: String, to file: URL) throws {
        do { try CSVFormat.append(text, to: file) } catch {
            throw HarnessFailure("cannot append to \(file.path): \(error.localizedDescription)")
        }
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
