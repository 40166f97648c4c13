@testable import CodableBenchCore
@testable import CodableBenchHarness
import Foundation
import Testing

/// A run's folder as it is written while the run measures, and read back when the run did not
/// reach its end.
@Suite("A run's record, written as measured")
struct RunRecordTests {
    static let cell = CellIdentity(
        group: "g", strategy: "fast", expectation: "strict", profile: "small", bytes: 100_000, sha256: String(repeating: "a", count: 64),
        elements: 30, seed: 1, knobs: "k")

    /// Each file's header is written once, by the first append.
    @Test func aFilesHeaderIsWrittenByItsFirstAppend() throws {
        let folder = try RunFolder.create(runID: "r", in: try TestSupport.temporaryDirectory())
        try folder.costs.append("a\n")
        try folder.costs.append("b\n")
        #expect(try String(contentsOf: folder.costs.url, encoding: .utf8) == CostsCSV.header + "a\nb\n")
        // The run's four files exist from its start, with their headers only.
        #expect(try String(contentsOf: folder.pairs.url, encoding: .utf8) == PairsCSV.header)
    }

    /// results.csv and ratios.csv are written once, as each cell is recorded: a labelled ratio
    /// carries every pair's beside it, and the run's finding in run.json decides which one its
    /// readers take. Reading changes no file.
    @Test func ratiosAreWrittenOnceAndReadByTheRunsFinding() throws {
        let folder = try RunFolder.create(runID: "r", in: try TestSupport.temporaryDirectory())
        let recorder = RunRecorder(folder: folder, provenance: SyntheticRuns.provenance)
        var slow = CellRecord(cell: Self.cell, outcome: .ok, expectedOutcome: .ok, detail: "")
        slow.cell.strategy = "slow"
        var fast = CellRecord(cell: Self.cell, outcome: .ok, expectedOutcome: .ok, detail: "")
        fast.measures = CellRecord.measures(
            timings: [10, 11, 12].map { [TimingSample(wallNanoseconds: $0, cpuNanoseconds: $0, decodes: 1, sequence: 0, generation: 0)] },
            throughputBytes: 100,
            allocations: nil, instructions: 7, simulatedCycles: nil)
        // Each generation one quiet pair at 0.1 and one contended at 0.3: quiet e^0.1, all e^0.2.
        let generations = zip(
            HostStateTests.pairs([[0.1], [0.1], [0.1]], .quiet), HostStateTests.pairs([[0.3], [0.3], [0.3]], .contended)
        )
        .map { $0 + $1 }
        fast.pair(with: "slow", pairsByGeneration: generations)
        try recorder.record(slow, of: .this)
        try recorder.record(fast, of: .this)
        let files = [folder.results.url, folder.ratios.url]
        let written = try files.map { try Data(contentsOf: $0) }
        let row = try #require(RatiosCSV.read(folder.ratios.url).first)
        #expect(row.state == .quiet && abs(row.ratio.value - exp(0.1)) < 1e-9)
        #expect(abs((row.allPairs?.value ?? 0) - exp(0.2)) < 1e-9 && row.allPairs?.pairs == 6 && row.allPairs?.generations == 3)

        func read(finding: HostStateCheck.Finding) throws -> RecordedRun {
            var info = RunJSON(cells: 2, totalSeconds: 0, measuredSeconds: 0)
            info.provenance = SyntheticRuns.provenance
            var hostState = try #require(
                HostStateSummary([CacheReading(cacheNanosecondsPerLoad: 50, computeNanosecondsPerOp: 1, contendedAboveNanoseconds: 40)]))
            var check = HostStateCheck(cells: [])
            check.finding = finding
            hostState.labels = check
            info.hostState = hostState
            try info.write(to: folder.directory)
            return try RecordedRun.load(folder.directory.path)
        }
        let unlabelled = try read(finding: .doesNotPredict)
        #expect(unlabelled.ratios.count == 1 && unlabelled.ratios[0].state == nil && unlabelled.ratios[0].allPairs == nil)
        #expect(abs(unlabelled.ratios[0].ratio.value - exp(0.2)) < 1e-9 && unlabelled.ratios[0].ratio.pairs == 6)
        let wall = try #require(unlabelled.resultRows.first { $0.metric == .wallTime && $0.cell.strategy == "fast" })
        #expect(wall.ratio?.to == "slow" && abs((wall.ratio?.value.value ?? 0) - exp(0.2)) < 1e-9)
        let labelled = try read(finding: .predicts)
        #expect(labelled.ratios.map(\.state) == [.quiet] && abs(labelled.ratios[0].ratio.value - exp(0.1)) < 1e-9)
        #expect(try files.map { try Data(contentsOf: $0) } == written)
    }

    /// A run killed before it finished: run.json from its start names the planned cells; the cell it
    /// sampled is read back from samples.csv and pairs.csv, marked interrupted, with its ratio.
    @Test func aKilledRunIsReadBackFromItsSamplesAndPairs() throws {
        let folder = try Self.killedRun()
        var info = try #require(RecordedRun.load(folder.directory.path).info)
        let run = try RecordedRun.load(folder.directory.path)
        let wall = try #require(run.resultRows.first { $0.cell.strategy == "fast" && $0.metric == .wallTime })
        #expect(wall.detail == "interrupted: not settled; figures from the 3 generation(s) sampled")
        #expect(wall.summary?.median == 1_000_000)
        let ratio = try #require(run.ratios.first { $0.strategy == "fast" })
        #expect(ratio.yardstick == "slow" && ratio.state == .quiet && abs(ratio.ratio.value - 0.505) < 0.001)
        // A finished run is read as it is: no estimate beside its rows.
        info.finished = true
        try info.write(to: folder.directory)
        #expect(throws: CommandError.self) { try RecordedRun.load(folder.directory.path) }  // results.csv has no rows
    }

    /// `run --resume` continues only a run that `run` started and did not finish, with the build
    /// that measured it; each refusal is a usage error that says why.
    @Test func aRunIsResumedOnlyByItsOwnBuild() throws {
        let folder = try Self.killedRun()
        let path = folder.directory.path
        func refusal() -> String? {
            do {
                _ = try ResumedRun.load(path)
                return nil
            } catch let error as CommandError { return error.description } catch { return "\(error)" }
        }
        #expect(refusal()?.contains("not started by 'run' of harness 0.7.1 or later") == true)
        var info = try #require(RecordedRun.load(path).info)
        info.invocation = RunJSON.Invocation(
            arguments: ["--quick"], workingDirectory: "/", executableSHA256: String(repeating: "0", count: 64))
        try info.write(to: folder.directory)
        #expect(refusal()?.contains("was measured by another build (its executable's SHA-256 000000000000…") == true)
        info.invocation?.executableSHA256 = CurrentExecutable.sha256
        try info.write(to: folder.directory)
        let resumed = try ResumedRun.load(path)
        #expect(resumed.runID == "synthetic" && resumed.sampleCount == 6 && resumed.invocation.arguments == ["--quick"])
        // Finished: its rows written (here, the estimate's) and run.json saying so.
        try folder.results.append(try RecordedRun.load(path).resultRows.map(ResultsCSV.line).joined())
        info.finished = true
        try info.write(to: folder.directory)
        #expect(refusal()?.hasSuffix("is a finished run; there is nothing to resume") == true)
        #expect(throws: CommandError.self) { try ResumedRun.load(folder.directory.appendingPathComponent("missing").path) }
    }

    /// A run folder as a run killed after three generations of one ratio leaves it: run.json from
    /// its start, samples.csv and pairs.csv, no results.
    static func killedRun() throws -> RunFolder {
        let results = try TestSupport.temporaryDirectory()
        let folder = try RunFolder.create(runID: "r", in: results)
        var info = RunJSON(cells: 2, totalSeconds: 0, measuredSeconds: 0)
        info.provenance = SyntheticRuns.provenance
        var yardstick = Self.cell
        yardstick.strategy = "slow"
        info.plannedCells = [
            RunJSON.PlannedCell(cell: Self.cell, expectedOutcome: .ok), RunJSON.PlannedCell(cell: yardstick, expectedOutcome: .ok),
        ]
        info.finished = false
        try info.write(to: folder.directory)
        var samples: [SampleRow] = []
        var pairs = ""
        for generation in 0..<3 {
            for (strategy, nanoseconds) in [("slow", 2_000_000.0), ("fast", 1_000_000.0)] {
                samples.append(
                    SampleRow(
                        runID: "r", group: "g", strategy: strategy, profile: "small", generation: generation, sample: 0, decodes: 1,
                        wallNanoseconds: nanoseconds, cpuNanoseconds: nanoseconds, sequence: 0, state: .quiet))
            }
            let pair = Pair(sample: 1_000_000 * (1 + 0.01 * Double(generation)), before: 2_000_000, after: 2_000_000, state: .quiet)
            pairs += PairsCSV.lines(
                runID: "r", profile: "small", group: "g", strategy: "fast", yardstick: "slow", generation: generation, pairs: [pair])
        }
        try folder.samples.append(samples.map(SamplesCSV.line).joined())
        try folder.pairs.append(pairs)
        return folder
    }

    @Test func theSamplingEndingSaysWhyItStopped() {
        var ending = SamplingEnding(sampledSeconds: 48, budgetSeconds: 120, openRatios: 0, budgetSpent: false)
        #expect(
            ending.sentence == "sampled for 48.0s of its 2m00s budget and stopped: every ratio's verdict reached or narrowed to the target")
        ending.budgetSpent = true
        ending.openRatios = 3
        #expect(ending.sentence.hasPrefix("sampled for its whole 2m00s budget and stopped there with 3 ratios still open"))
        ending.stoppedBy = "SIGINT (Ctrl-C)"
        #expect(
            ending.sentence == "sampled for 48.0s of its 2m00s budget and was stopped there by SIGINT (Ctrl-C), with 3 ratios still open")
    }
    /// A cell's record is what the run folder's files hold: recorded, exported to results.csv,
    /// ratios.csv and costs.csv, and read back, it is the same record; so is it through JSON.
    @Test func aCellRecordIsReadBackFromItsExportsAsItWasRecorded() throws {
        let summary = try #require(Summary([1_000, 1_250.5, 1_500]))
        func cell(_ strategy: String) -> CellIdentity {
            var cell = Self.cell
            cell.strategy = strategy
            return cell
        }
        var fast = CellRecord(cell: cell("fast"), outcome: .ok, expectedOutcome: .ok, detail: "")
        fast.measures = [.wallTime, .cpuTime, .throughput, .instructions, .simulatedCycles].map {
            CellRecord.Measure(metric: $0, summary: summary)
        }
        let ratio = PairedRatio(value: 0.75, low: 0.5, high: 1.25, pairs: 12, generations: 3)
        fast.rowRatio = fast.ratio(to: "slow", ratio)
        fast.pairedRatio = CellRatio(
            profile: fast.cell.profile, group: fast.cell.group, strategy: fast.cell.strategy, yardstick: "slow", ratio: ratio,
            state: .quiet, contended: .one)
        fast.costs = [
            CostBreakdown.Function(
                name: "f", object: "benchmarks", category: "parsing", selfInstructions: 10, inclusiveInstructions: 20, calls: 1),
            CostBreakdown.Function(
                name: "g, with a comma", object: "libc.so", category: "allocation", selfInstructions: 5, inclusiveInstructions: 5,
                calls: 2, allocations: 2, selfCycles: 7),
        ]
        var slow = CellRecord(cell: cell("slow"), outcome: .ok, expectedOutcome: .ok, detail: "")
        slow.measures = [CellRecord.Measure(metric: .wallTime, summary: summary)]
        slow.rowRatio = slow.ratio(to: "slow", .one)
        let broken = CellRecord(
            cell: cell("broken"), outcome: .threw, expectedOutcome: .ok, detail: "keyNotFound: \"id\", at articles[3]")

        let folder = try RunFolder.create(runID: SyntheticRuns.provenance.runID, in: try TestSupport.temporaryDirectory())
        let recorder = RunRecorder(folder: folder, provenance: SyntheticRuns.provenance)
        for record in [fast, slow, broken] { try recorder.record(record, of: .this) }
        let back = try RecordedRun.load(folder.directory.path)
        #expect(back.records == [fast, slow, broken] && recorder.thisBuild.records == back.records)
        // One row per measure, one `none` row for the cell without any; one ratio; one row per function.
        #expect(back.resultRows.map(\.metric) == fast.measures.map(\.metric) + [.wallTime, .none])
        #expect(back.ratios.count == 1 && back.costRows.count == 2)
        let json = try JSONEncoder().encode(back.records)
        #expect(try JSONDecoder().decode([CellRecord].self, from: json) == back.records)
    }
}
