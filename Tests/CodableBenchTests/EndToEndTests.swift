@testable import CodableBench
@testable import CodableBenchCore
@testable import CodableBenchHarness
import Foundation
import Testing

/// Runs the built `benchmarks` executable as a user would. Serialized: each run starts workers
/// that want the machine's cores.
@Suite("benchmarks executable end to end", .serialized)
struct EndToEndTests {
    /// pairs.csv as (profile, strategy, yardstick) → its pairs by generation, generations without
    /// a pair left out.
    static func pairs(_ file: URL) throws -> [[String]: [[Pair]]] {
        RatioPairs.byKey(try PairsCSV.read(file))
    }

    @Test(.slow) func quickRunWritesVerifiedRowsAndLatest() throws {
        let out = try TestSupport.temporaryDirectory()
        let run = try TestSupport.run([
            "run", "--allow-debug", "--quick", "--strategy", "synthesized", "--strategy", "jsonserialization-manual",
            "--strategy", "ref-foundation-scan", "--profile", "tiny", "--profile", "faulty-small", "--out", out.path,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let latest = out.appendingPathComponent("latest")
        let rows = try ResultsCSV.read(latest.appendingPathComponent("results.csv"))
        func outcome(_ strategy: String, _ profile: String) -> Outcome? {
            rows.first { $0.cell.strategy == strategy && $0.cell.profile == profile }?.outcome
        }
        #expect(outcome("synthesized", "tiny") == .ok)
        #expect(outcome("jsonserialization-manual", "tiny") == .ok)
        #expect(outcome("synthesized", "faulty-small") == .threwAsExpected)
        #expect(outcome("ref-foundation-scan", "faulty-small") == .ok)
        let wall = try #require(rows.first { $0.cell.strategy == "synthesized" && $0.cell.profile == "tiny" && $0.metric == .wallTime })
        #expect(wall.provenance.buildConfiguration == "debug" && wall.provenance.allocator == TimingAllocator.platformDefault.rawValue)
        #expect(wall.summary!.n >= 5)
        #expect(wall.cell.sha256 == NewsGenerator.generate(try TestSupport.profile("tiny")).sha256)
        let throughput = try #require(rows.first { $0.cell.strategy == "synthesized" && $0.metric == .throughput })
        // MB/s = bytes / ns × 1000, on the same samples.
        #expect(throughput.summary!.n == wall.summary!.n)
        if JemallocCounter.libraryPath() != nil {
            #expect(rows.contains { $0.cell.strategy == "synthesized" && $0.metric == .allocations })
        }
        let samples = try String(contentsOf: latest.appendingPathComponent("samples.csv"), encoding: .utf8)
        #expect(samples.hasPrefix("run_id,group,strategy,profile,fork,sample,decodes,wall_ns,cpu_ns,sequence,state,cpu\n"))
        // Every sample of the cell is in its statistics, and each has its place in the lockstep sequence.
        let cellSamples = try SamplesCSV.read(latest.appendingPathComponent("samples.csv"))
            .filter { $0.strategy == "synthesized" && $0.profile == "tiny" }
        #expect(cellSamples.count == wall.summary!.n)
        #expect(cellSamples.allSatisfy { $0.sequence != nil })
        // A reference's own ratio is 1; the others are paired with the comparison's anchor.
        #expect(wall.ratio == YardstickRatio(to: "synthesized", value: .one))
        let ratios = try RatiosCSV.read(latest.appendingPathComponent("ratios.csv"))
        let manual = try #require(ratios.first { $0.strategy == "jsonserialization-manual" && $0.profile == "tiny" })
        #expect(
            manual.yardstick == "synthesized" && manual.ratio.low <= manual.ratio.value
                && manual.ratio.value <= manual.ratio.high && manual.ratio.generations >= 3)
        // pairs.csv holds the pairs every ratio was estimated from: estimated again, the same ratio
        // in its state, and beside a labelled one the ratio of all of them, whatever their state.
        let pairs = try Self.pairs(latest.appendingPathComponent("pairs.csv"))
        #expect(Set(pairs.keys) == Set(ratios.map { [$0.profile, $0.strategy, $0.yardstick] }))
        func same(_ a: PairedRatio, _ b: PairedRatio?) -> Bool {
            guard let b else { return false }
            return abs(a.value - b.value) < 1e-9 && a.generations == b.generations && a.pairs == b.pairs
        }
        var allPairs: [[String]: PairedRatio] = [:]
        for row in ratios {
            let cellPairs = pairs[[row.profile, row.strategy, row.yardstick]] ?? []
            let stated = try #require(StatedRatio(pairsByGeneration: cellPairs))
            #expect(same(stated.ratio, row.ratio) && row.state == stated.state, "\(row.strategy)")
            let all = try #require(StatedRatio(pooling: cellPairs)).ratio
            #expect(all.pairs == cellPairs.joined().count && (row.state == nil || same(all, row.allPairs)), "\(row.strategy)")
            allPairs[[row.profile, row.strategy, row.yardstick]] = all
        }
        // Read back, a ratio keeps its state where the probe's label predicted the ratios, and is
        // every pair's where it did not: the files, written once, hold both.
        let labelsKept = try #require(RunJSON.read(from: latest)?.hostState).labelsKept
        for row in try RecordedRun.load(latest.path).ratios where !labelsKept {
            #expect(row.state == nil && same(row.ratio, allPairs[[row.profile, row.strategy, row.yardstick]]), "\(row.strategy)")
        }
        // On faulty-small only the parse-only reference decodes: nothing to pair it with.
        #expect(!ratios.contains { $0.profile == "faulty-small" })
        #expect(run.stdout.contains("synthesized"))  // the summary table
        // Two payloads, two lockstep comparisons: a line per generation, one when each is done.
        #expect(run.stderr.contains("tiny: generation 3") && run.stderr.contains("/2] faulty-small: done"))
        // What the host's cache did, from the probes beside the samples: on stderr, and in run.json
        // for scripts (with the older slow-state share beside it).
        let info = try #require(RunJSON.read(from: latest))
        let host = try #require(info.hostState)
        #expect(host.probes > 0 && run.stderr.contains("the host: \(host.sentence)"))
        #expect(info.slowStateShare == (try RecordedRun.load(latest.path).slowState)?.share)
        // Each sample has its state; each pair, its three samples'.
        #expect(try SamplesCSV.read(latest.appendingPathComponent("samples.csv")).allSatisfy { $0.state != nil })
        // How the sampling ended, and on how many CPUs.
        #expect(info.sampling != nil && run.stderr.contains("the run sampled for") && run.stderr.contains("sampling on "))
    }

    @Test(.slow) func throwingCrashingAndHangingStrategiesAreRecordedAndTheRunCompletes() throws {
        let out = try TestSupport.temporaryDirectory()
        let run = try TestSupport.run([
            "run", "--allow-debug", "--quick", "--timeout", "5", "--profile", "tiny", "--out", out.path,
            "--strategy", "selftest-throws", "--strategy", "selftest-crashes", "--strategy", "selftest-hangs",
            "--strategy", "handwritten",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let rows = try ResultsCSV.read(out.appendingPathComponent("latest/results.csv"))
        func row(_ strategy: String) -> ResultRow? { rows.first { $0.cell.strategy == strategy } }
        #expect(row("selftest-throws")?.outcome == .threw)
        #expect(row("selftest-throws")?.detail == "deliberate failure")
        #expect(row("selftest-crashes")?.outcome == .crashed)
        #expect(row("selftest-crashes")?.detail.contains("deliberate crash") == true)
        #expect(row("selftest-hangs")?.outcome == .timeout)
        // The cell after the failures still ran and was measured.
        #expect(row("handwritten")?.outcome == .ok)
    }

    @Test(.slow, .enabled(if: JemallocCounter.libraryPath() != nil, "needs libjemalloc-dev"))
    func allocationCountsAreExactAndRepeatable() throws {
        func counts() throws -> [String: ResultRow] {
            let out = try TestSupport.temporaryDirectory()
            let run = try TestSupport.run([
                "run", "--allow-debug", "--quick", "--profile", "tiny", "--out", out.path, "--counting", "jemalloc",
                "--strategy", "selftest-allocates-0", "--strategy", "selftest-allocates-1000", "--strategy", "handwritten",
                "--strategy", "synthesized",
            ])
            #expect(run.status == 0, "\(run.stderr)")
            let rows = try ResultsCSV.read(out.appendingPathComponent("latest/results.csv"))
            #expect(rows.allSatisfy { $0.provenance.countingBackend == "jemalloc" })
            return Dictionary(uniqueKeysWithValues: rows.filter { $0.metric == .allocations }.map { ($0.cell.strategy, $0) })
        }
        let first = try counts(), second = try counts()
        #expect(first["selftest-allocates-0"]?.summary?.median == 0)
        #expect(first["selftest-allocates-0"]?.summary?.max == 0)
        #expect(first["selftest-allocates-1000"]?.summary?.median == 1000)
        #expect(first["selftest-allocates-1000"]?.summary?.min == 1000 && first["selftest-allocates-1000"]?.summary?.max == 1000)
        let decode = try #require(first["handwritten"]?.summary)
        #expect(decode.min == decode.max)
        // The same container calls allocate the same: hand-written and synthesized, exactly.
        #expect(first["synthesized"]?.summary?.median == decode.median && decode.median > 100)
        #expect(second["handwritten"]?.summary?.median == decode.median)
    }

    /// `--cold`: fresh processes paired in rounds, first-decode figures in cold.csv and the reports,
    /// and the first decodes' allocations the same in two runs.
    @Test(.slow, .enabled(if: JemallocCounter.libraryPath() != nil, "needs libjemalloc-dev"))
    func coldRunsPairFirstDecodesAndCountThemExactly() throws {
        func coldRun() throws -> (rows: [ColdProcess], counts: [ColdDecodeAllocations], report: String) {
            let out = try TestSupport.temporaryDirectory()
            let run = try TestSupport.run([
                "run", "--allow-debug", "--quick", "--cold", "--profile", "tiny", "--out", out.path, "--counting", "jemalloc",
                "--strategy", "synthesized", "--strategy", "handwritten",
            ])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("First decodes in a fresh process (cold):"))
            let latest = out.appendingPathComponent("latest")
            return (
                try ColdCSV.read(latest.appendingPathComponent("cold.csv")),
                try ColdCSV.readAllocations(latest.appendingPathComponent("cold-allocations.csv")),
                try String(contentsOf: latest.appendingPathComponent("report.md"), encoding: .utf8)
            )
        }
        let first = try coldRun(), second = try coldRun()
        // Rounds of one process per cell, in order, at least the minimum.
        let rounds = first.rows.count / 2
        #expect(rounds >= ColdSampling.minimumRounds && first.rows.count == 2 * rounds)
        #expect(first.rows.map(\.process) == Array(1...first.rows.count))
        #expect(first.rows.filter { $0.strategy == "handwritten" }.allSatisfy { $0.yardstick == "synthesized" })
        #expect(first.rows.allSatisfy { $0.decodes.firstNanoseconds > 0 && $0.decodes.warmNanoseconds > 0 })
        #expect(first.counts.count == 8)  // two cells × first, second, third, warm
        #expect(first.counts.map(\.allocations) == second.counts.map(\.allocations))
        #expect(first.counts.map(\.allocatedBytes) == second.counts.map(\.allocatedBytes))
        #expect(first.report.contains("## First decodes in a fresh process (cold)"))
        #expect(first.report.contains("| handwritten | tiny | \(rounds) |"))
    }

    /// `--cold --instructions`: each cell's first decode under callgrind, where it went, and the
    /// report's sentence against its warm decode.
    @Test(.slow, .enabled(if: Platform.current.hasCallgrind && InstructionRegion.valgrindPath() != nil, "needs valgrind's callgrind"))
    func aFirstDecodesInstructionsSayWhereTheyWent() throws {
        let out = try TestSupport.temporaryDirectory()
        let run = try TestSupport.run([
            "run", "--allow-debug", "--quick", "--cold", "--instructions", "--no-count", "--profile", "tiny", "--out", out.path,
            "--strategy", "synthesized",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let latest = out.appendingPathComponent("latest")
        let first = CostsCSV.breakdowns(try CostsCSV.read(latest.appendingPathComponent("cold-costs.csv")))
        let warm = CostsCSV.breakdowns(try CostsCSV.read(latest.appendingPathComponent("costs.csv")))
        let firstDecode = try #require(first["synthesized"]?["tiny"]), warmDecode = try #require(warm["synthesized"]?["tiny"])
        // The first decode does what the warm one does and asks the runtime what it has not cached.
        #expect(firstDecode.total > warmDecode.total)
        #expect((firstDecode.byCategory["conformances"] ?? 0) > (warmDecode.byCategory["conformances"] ?? 0))
        let report = try String(contentsOf: latest.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(report.contains("- `synthesized's first decode` vs `its warm decode` on tiny: +"))
    }

    /// Without jemalloc: glibc's malloc through malloc-interposer, counts exact for whole objects,
    /// no peak heap, and the rows and the report say the counts are approximate.
    @Test(.slow) func interposerCountsWhereJemallocIsMissing() throws {
        let out = try TestSupport.temporaryDirectory()
        let run = try TestSupport.run([
            "run", "--allow-debug", "--quick", "--profile", "tiny", "--out", out.path, "--counting", "interposer",
            "--strategy", "selftest-allocates-0", "--strategy", "selftest-allocates-1000", "--strategy", "handwritten",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let rows = try ResultsCSV.read(out.appendingPathComponent("latest/results.csv"))
        #expect(rows.allSatisfy { $0.provenance.countingBackend == "interposer" })
        let counts = Dictionary(uniqueKeysWithValues: rows.filter { $0.metric == .allocations }.map { ($0.cell.strategy, $0.summary) })
        #expect(counts["selftest-allocates-0"]??.max == 0)
        #expect(counts["selftest-allocates-1000"]??.min == 1000 && counts["selftest-allocates-1000"]??.max == 1000)
        #expect((counts["handwritten"]??.median ?? 0) > 0)
        #expect(!rows.contains { $0.metric == .peakHeapBytes })
        let report = try String(contentsOf: out.appendingPathComponent("latest/report.md"), encoding: .utf8)
        #expect(report.contains("allocation counts are approximate"))
    }

    /// The allocation canary in every run that counts: read exactly with either backend, and on the
    /// platform's policies (the darwin-sim pass of the slow tests runs it through the interposer).
    /// Planted, a counter that misses a third of the allocations fails it: the run says what read
    /// what, records it in run.json, reports no allocation figure, and `check` refuses to pass.
    @Test(.slow) func theAllocationCanaryCatchesACounterThatMisses() throws {
        func run(counting: String, plant: String? = nil) throws -> (folder: URL, stderr: String) {
            let out = try TestSupport.temporaryDirectory()
            let run = try TestSupport.run(
                [
                    "run", "--allow-debug", "--quick", "--profile", "tiny", "--out", out.path, "--counting", counting,
                    "--strategy", "synthesized",
                ], environment: plant.map { ["CODABLEBENCH_PLANT": $0] } ?? [:])
            #expect(run.status == 0, "\(run.stderr)")
            return (out.appendingPathComponent("latest"), run.stderr)
        }
        for counting in ["jemalloc", "interposer"] where counting != "jemalloc" || CountingBackend.jemalloc.libraryPath != nil {
            let clean = try run(counting: counting)
            #expect(
                clean.stderr.contains(
                    "canary: the allocation counter read 3000 of the canary's 3000 allocations (1000 objects, 1000 arrays, 1000 strings) and 0 where it makes none"
                ), "\(counting)")
            #expect(try ResultsCSV.read(clean.folder.appendingPathComponent("results.csv")).contains { $0.metric == .allocations })
        }
        let planted = try run(counting: "interposer", plant: "counter-misses-a-third")
        #expect(
            planted.stderr.contains(
                "warning: the allocation counter read 2000 of the canary's 3000 allocations (1000 objects, 1000 arrays, 1000 strings) and 0 where it makes none: allocations are not reported in this run"
            ))
        let rows = try ResultsCSV.read(planted.folder.appendingPathComponent("results.csv"))
        #expect(!rows.contains { $0.metric == .allocations } && rows.allSatisfy { $0.provenance.countingBackend == "none" })
        let info = try #require(RunJSON.read(from: planted.folder))
        #expect(info.allocationCanary?.passed == false && info.allocationCanary?.read.first == [2000, 2000, 2000])
        let report = try String(contentsOf: planted.folder.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(report.contains("allocations were not counted: the allocation counter read 2000"))
        let clean = try run(counting: "interposer")
        let check = try TestSupport.run(["check", "--baseline", clean.folder.path, "--current", planted.folder.path])
        #expect(check.status == 1)
        #expect(check.stdout.contains("REGRESSION canary on canary: allocations"))
    }

    /// Where the backend a run chose itself misreads the allocation canary, the run counts with
    /// the next one its platform prefers whose canary reads right (on Linux: jemalloc, then the
    /// interposer), and says so; asked for by name, it does not.
    @Test(
        .slow,
        .enabled(
            if: Platform.current.countingPreference.first == CountingBackend.jemalloc.rawValue
                && CountingBackend.jemalloc.libraryPath != nil,
            "needs a platform that prefers jemalloc (Linux; darwin-sim prefers the interposer), and jemalloc"))
    func aBackendThatMisreadsItsCanaryGivesWayToTheNext() throws {
        func run(_ arguments: [String]) throws -> (folder: URL, stderr: String) {
            let out = try TestSupport.temporaryDirectory()
            let run = try TestSupport.run(
                ["run", "--allow-debug", "--quick", "--no-exact", "--profile", "tiny", "--out", out.path, "--strategy", "synthesized"]
                    + arguments, environment: ["CODABLEBENCH_PLANT": "jemalloc-misses-a-third"])
            #expect(run.status == 0, "\(run.stderr)")
            return (out.appendingPathComponent("latest"), run.stderr)
        }
        let chosen = try run([])
        #expect(
            chosen.stderr.contains(
                "warning: with jemalloc, the allocation counter read 2000 of the canary's 3000 allocations (1000 objects, 1000 arrays, 1000 strings) and 0 where it makes none; counting with interposer instead"
            ), "\(chosen.stderr)")
        let rows = try ResultsCSV.read(chosen.folder.appendingPathComponent("results.csv"))
        #expect(rows.contains { $0.metric == .allocations } && rows.allSatisfy { $0.provenance.countingBackend == "interposer" })
        #expect(try #require(RunJSON.read(from: chosen.folder)).allocationCanary?.passed == true)
        let asked = try run(["--counting", "jemalloc"])
        #expect(!asked.stderr.contains("instead") && asked.stderr.contains(": allocations are not reported in this run"))
    }

    /// The exact measure reads a fixed loop in every run that counts it; a planted counter that
    /// drifts fails the canary, and the run reports no exact figure, says why, and fails `check`.
    @Test(.slow, .enabled(if: InstructionRegion.canCount, "needs valgrind's callgrind or a Mac's instruction counter"))
    func theExactCanaryCatchesACounterThatDriftsOrReadsZero() throws {
        func run(plant: String? = nil) throws -> (folder: URL, stderr: String) {
            let out = try TestSupport.temporaryDirectory()
            let run = try TestSupport.run(
                ["run", "--allow-debug", "--quick", "--no-count", "--profile", "tiny", "--out", out.path, "--strategy", "synthesized"],
                environment: plant.map { ["CODABLEBENCH_PLANT": $0] } ?? [:])
            #expect(run.status == 0, "\(run.stderr)")
            return (out.appendingPathComponent("latest"), run.stderr)
        }
        let clean = try run()
        #expect(clean.stderr.contains("canary: the exact measure read "), "\(clean.stderr)")
        #expect(try ResultsCSV.read(clean.folder.appendingPathComponent("results.csv")).contains { $0.metric == .instructions })
        let planted = try run(plant: "exact-counter-drifts")
        #expect(
            planted.stderr.contains("warning: the exact measure read ")
                && planted.stderr.contains(": exact measures are not reported in this run"), "\(planted.stderr)")
        #expect(!(try ResultsCSV.read(planted.folder.appendingPathComponent("results.csv"))).contains { $0.metric == .instructions })
        let info = try #require(RunJSON.read(from: planted.folder))
        #expect(info.exactCanary?.passed == false)
        let report = try String(contentsOf: planted.folder.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(report.contains("exact measures were not counted: the exact measure read"))
        // `check` gates no exact measure with the committed tolerances: a note, not a failure.
        let check = try TestSupport.run(["check", "--baseline", clean.folder.path, "--current", planted.folder.path])
        #expect(check.status == 0, "\(check.stdout)")
        #expect(check.stdout.contains("the exact canary failed ("), "\(check.stdout)")
        // A counter that reads 0 (a virtual machine that does not pass the CPU's counter through).
        let zero = try run(plant: "exact-counter-reads-zero")
        #expect(
            zero.stderr.contains("warning: the exact measure read 0 instructions for a canary loop of no turns, 0 and 0"), "\(zero.stderr)")
        #expect(!(try ResultsCSV.read(zero.folder.appendingPathComponent("results.csv"))).contains { $0.metric == .instructions })
    }

    /// Paired timing reads a known work ratio in every run; a planted lane that times one half of
    /// its pairs a quarter slower fails the canary, and the run leaves time out of its answers, says
    /// why, and fails a `check` that judges ratios.
    @Test(.slow) func theTimingCanaryCatchesALaneThatSlowsOneHalfOfItsPairs() throws {
        func run(plant: String? = nil) throws -> (folder: URL, stderr: String) {
            let out = try TestSupport.temporaryDirectory()
            let run = try TestSupport.run(
                [
                    "run", "--allow-debug", "--quick", "--no-count", "--no-exact", "--profile", "tiny", "--out", out.path,
                    "--strategy", "synthesized", "--strategy", "handwritten",
                ],
                environment: plant.map { ["CODABLEBENCH_PLANT": $0] } ?? [:])
            #expect(run.status == 0, "\(run.stderr)")
            return (out.appendingPathComponent("latest"), run.stderr)
        }
        let clean = try run()
        #expect(clean.stderr.contains(": paired timing read "), "\(clean.stderr)")
        let cleanInfo = try #require(RunJSON.read(from: clean.folder))
        #expect(cleanInfo.timingCanary?.failed == false, "\(clean.stderr)")
        // The canary's samples are no cell's.
        #expect(!(try String(contentsOf: clean.folder.appendingPathComponent("samples.csv"), encoding: .utf8)).contains("canary-loops"))
        let planted = try run(plant: "lane-slows-one-half")
        #expect(
            planted.stderr.contains("warning: paired timing read ") && planted.stderr.contains("time ratios are not reported in this run"))
        let info = try #require(RunJSON.read(from: planted.folder))
        #expect(info.timingCanary?.failed == true)
        let report = try String(contentsOf: planted.folder.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(report.contains("the timing canary failed: paired timing read"))
        #expect(report.contains("its time ratio is not reported (the timing canary failed"))
        let tolerances = try TestSupport.temporaryDirectory().appendingPathComponent("tolerances.json")
        try Data(
            #"{"deterministic": {}, "timing": {"enabled": false, "relative": 0.1, "alpha": 0.01}, "noiseFloor": 0.05, "ratio": {"enabled": true, "relative": 0.05}}"#
                .utf8
        ).write(to: tolerances)
        let check = try TestSupport.run([
            "check", "--baseline", clean.folder.path, "--current", planted.folder.path, "--tolerances", tolerances.path,
        ])
        #expect(check.status == 1)
        #expect(check.stdout.contains("REGRESSION canary on canary: time"), "\(check.stdout)")
    }

    /// A strategy's timeout cap bounds its timed workers, not its counting pass, which runs at the
    /// lowest priority beside the sampling; a count still missing is said, never a silent gap.
    @Test(.slow) func aCountingPassHasTheRunsTimeoutAndAMissingCountIsSaid() throws {
        func run(timeout: String) throws -> (rows: [ResultRow], stderr: String) {
            let out = try TestSupport.temporaryDirectory()
            let run = try TestSupport.run([
                "run", "--allow-debug", "--quick", "--profile", "tiny", "--out", out.path, "--timeout", timeout,
                "--strategy", "selftest-slow-counting",
            ])
            #expect(run.status == 0, "\(run.stderr)")
            return (try ResultsCSV.read(out.appendingPathComponent("latest/results.csv")), run.stderr)
        }
        let beyondTheCap = try run(timeout: "120")
        #expect(beyondTheCap.rows.contains { $0.metric == .allocations && $0.summary?.max == 0 }, "\(beyondTheCap.stderr)")
        #expect(!beyondTheCap.stderr.contains("allocations not counted"))
        let beyondTheRun = try run(timeout: "5")
        #expect(beyondTheRun.rows.contains { $0.metric == .wallTime && $0.outcome == .ok })
        #expect(!beyondTheRun.rows.contains { $0.metric == .allocations })
        #expect(
            beyondTheRun.stderr.contains(
                "warning: selftest-slow-counting on tiny: allocations not counted (the counting worker took more than 5 s)"))
    }

    /// Without `--instructions`, a run counts every cell's exact measures after its sampling, a
    /// short decode's with simulated cycles: the same worker as `--instructions`, so the same counts,
    /// whether a process counts a cell alone or after others (four cells make two processes of
    /// two); `--no-exact` counts none.
    @Test(.slow, .enabled(if: Platform.current.hasCallgrind && InstructionRegion.valgrindPath() != nil, "needs valgrind's callgrind"))
    func everyCellGetsTheSameExactMeasuresWhateverItsProcessCountedBefore() throws {
        func instructions(_ options: [String], strategies: [String] = ["handwritten", "synthesized"]) throws -> [String: Double] {
            let out = try TestSupport.temporaryDirectory()
            let run = try TestSupport.run(
                ["run", "--allow-debug", "--quick", "--no-count", "--profile", "tiny", "--out", out.path]
                    + strategies.flatMap { ["--strategy", $0] } + options)
            #expect(run.status == 0, "\(run.stderr)")
            let rows = try ResultsCSV.read(out.appendingPathComponent("latest/results.csv"))
            #expect(
                Set(rows.filter { $0.metric == .instructions }.map(\.cell.strategy))
                    == Set(rows.filter { $0.metric == .simulatedCycles }.map(\.cell.strategy)))
            return Dictionary(
                rows.filter { $0.metric == .instructions }.compactMap { row in row.summary.map { (row.cell.strategy, $0.median) } },
                uniquingKeysWith: { a, _ in a })
        }
        let every = try instructions(["--instructions"])
        #expect(every.count == 2)
        #expect(try instructions([]) == every)
        let four = try instructions(
            [], strategies: ["handwritten", "synthesized", "handwritten-container-per-property", "synthesized-cross-module"])
        #expect(four.count == 4)
        for (strategy, count) in every { #expect(four[strategy] == count, "\(strategy)") }
        #expect(try instructions(["--no-exact"]).isEmpty)
        let both = try TestSupport.run(["run", "--allow-debug", "--instructions", "--no-exact", "--profile", "tiny"])
        #expect(both.status == 2 && both.stderr.contains("--instructions and --no-exact ask for opposite things"))
    }

    @Test func unknownCountingBackendIsAUsageError() throws {
        let run = try TestSupport.run(["run", "--allow-debug", "--counting", "tcmalloc", "--profile", "tiny"])
        #expect(run.status != 0 && run.stderr.contains("--counting must be jemalloc or interposer, got 'tcmalloc'"))
    }

    @Test(.slow, .enabled(if: Platform.current.hasCallgrind && InstructionRegion.valgrindPath() != nil, "needs valgrind's callgrind"))
    func instructionCountsAndTheirBreakdownAreIdenticalRunToRun() throws {
        func count(allocations: Bool) throws -> (instructions: Double?, costs: [CostRow]) {
            let out = try TestSupport.temporaryDirectory()
            let run = try TestSupport.run(
                [
                    "run", "--allow-debug", "--quick", "--instructions", "--profile", "tiny", "--out", out.path,
                    "--strategy", "handwritten", "--strategy", "synthesized", "--strategy", "selftest-allocates-0",
                ] + (allocations ? [] : ["--no-count"]))
            #expect(run.status == 0, "\(run.stderr)")
            let rows = try ResultsCSV.read(out.appendingPathComponent("latest/results.csv"))
            let idle = rows.first { $0.cell.strategy == "selftest-allocates-0" && $0.metric == .instructions }
            #expect((idle?.summary?.median ?? .infinity) < 5_000)  // a decode that does almost nothing
            let instructions = rows.first { $0.cell.strategy == "handwritten" && $0.metric == .instructions }?.summary?
                .median
            // costs.csv: every function of the decode, adding up to its instruction count.
            let costs = try CostsCSV.read(out.appendingPathComponent("latest/costs.csv"))
            let handwritten = costs.filter { $0.strategy == "handwritten" }
            #expect(Double(handwritten.map(\.function.selfInstructions).reduce(0, +)) == instructions)
            #expect(Set(handwritten.map(\.function.category)).isSuperset(of: ["json", "key-lookup", "allocation", "model"]))
            // The allocations callgrind saw in the decode (malloc calls, so call counts of that one
            // decode: none from the warm-up before it) are the counting pass's, give or take the
            // harness's few inside the region.
            if let counted = rows.first(where: { $0.cell.strategy == "handwritten" && $0.metric == .allocations })?
                .summary?.median
            {
                let seen = Double(handwritten.map(\.function.allocations).reduce(0, +))
                #expect(abs(seen - counted) <= counted * 0.01, "callgrind \(seen), counting pass \(counted)")
            }
            let report = try String(contentsOf: out.appendingPathComponent("latest/report.md"), encoding: .utf8)
            #expect(report.contains("Where the instructions go") && report.contains("`handwritten` vs `synthesized` on tiny: "))
            let html = try String(contentsOf: out.appendingPathComponent("latest/report.html"), encoding: .utf8)
            #expect(html.contains("instructions per decode by category (callgrind)"))
            // Cells finish in any order; a cell's rows are its own.
            let ordered = costs.map { row in
                var same = row
                same.runID = ""
                return same
            }.sorted {
                ($0.strategy, $0.profile, $0.function.category, $0.function.name) < (
                    $1.strategy, $1.profile, $1.function.category, $1.function.name
                )
            }
            return (instructions, ordered)
        }
        let first = try count(allocations: true)
        #expect(try #require(first.instructions) > 100_000)
        let second = try count(allocations: false)
        #expect(second.instructions == first.instructions)
        #expect(second.costs == first.costs)
    }

    @Test(.slow) func naiveTryLoopPitfallNeverEndsOnAFaultyPayload() throws {
        let out = try TestSupport.temporaryDirectory()
        let run = try TestSupport.run([
            "run", "--allow-debug", "--quick", "--timeout", "3", "--no-count", "--out", out.path,
            "--strategy", "lossy-naive-try-loop", "--strategy", "lossy-superdecoder", "--profile", "faulty-small",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let rows = try ResultsCSV.read(out.appendingPathComponent("latest/results.csv"))
        #expect(rows.first { $0.cell.strategy == "lossy-naive-try-loop" }?.outcome == .timeout)
        #expect(rows.first { $0.cell.strategy == "lossy-naive-try-loop" }?.cell.expectation == "pitfall")
        #expect(rows.first { $0.cell.strategy == "lossy-superdecoder" }?.outcome == .ok)
    }

    @Test(arguments: [
        (["run", "--allow-debug", "--strategy", "no-such-strategy"], "unknown strategy 'no-such-strategy'"),
        (["run", "--allow-debug", "--group", "no-such-group"], "unknown group 'no-such-group'"),
        (["run", "--allow-debug", "--profile", "no-such-profile"], "unknown profile 'no-such-profile'"),
        (["run", "--allow-debug", "--timeout", "0"], "--timeout must be positive"),
        // A negative number after a numeric option is its value, not an unknown option.
        (["run", "--allow-debug", "--precision", "-1"], "--precision must be a fraction between 0 and 1"),
        (["run", "--allow-debug", "--budget", "-2"], "--budget must be between 0 and 3600 seconds, got -2.0"),
        (["ab", "--baseline", "/bin/true", "--threshold", "-0.5"], "--threshold must be a fraction in [0, 1), got -0.5"),
        (["conformance", "--dir", "/tmp", "--timeout", "-1"], "--timeout must be positive, got -1.0"),
        (
            ["run", "--allow-debug", "--allocator", "tcmalloc"],
            "--allocator must be one of glibc-retained, system, jemalloc, got 'tcmalloc'"
        ),
        (["run", "--no-such-flag"], "Unknown option '--no-such-flag'"),
        (["run", "--allow-debug", "--profiles-dir", "/nonexistent"], "--profiles-dir /nonexistent is not a folder"),
        (["generate", "--profile", "tiny", "--out", "x.json", "--profiles-dir", "/nonexistent"], "--profiles-dir /nonexistent"),
        (["generate", "--profile", "tiny", "--out", "/nonexistent-dir/x.json"], "cannot write /nonexistent-dir/x.json"),
        (["run"], "this is a debug build"),
        (["worker", "--strategy", "synthesized", "--bogus"], "worker: unknown option '--bogus'"),
        (
            ["worker", "--report", "-", "--strategy", "no-such-strategy", "--plan-json", "{}", "--pass", "verify", "--payload-file", "x"],
            "worker: unknown strategy 'no-such-strategy'"
        ),
    ])
    func badInputIsOneLineAndExitTwo(arguments: [String], message: String) throws {
        let run = try TestSupport.run(arguments)
        #expect(run.status == 2)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("error: ") && run.stderr.contains(message), "\(run.stderr)")
    }

    @Test func malformedProfileIsOneLineAndExitTwo() throws {
        let dir = try TestSupport.temporaryDirectory()
        try Data(#"{"name": "broken", "elements": 10, "nullRate": "lots"}"#.utf8)
            .write(to: dir.appendingPathComponent("broken.json"))
        let run = try TestSupport.run(["run", "--allow-debug", "--profiles-dir", dir.path, "--profile", "broken"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("error: malformed profile broken.json"))
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test func unwritableResultsFolderIsAHarnessFailure() throws {
        let run = try TestSupport.run([
            "run", "--allow-debug", "--strategy", "ref-memcpy", "--profile", "tiny",
            "--out", "/dev/null/codablebench",
        ])
        #expect(run.status == 3)
        #expect(run.stderr.hasPrefix("error: cannot write results under /dev/null/codablebench"))
    }

    /// `benchmarks run 2>&1 | head -n 1`: once `head` has gone, every progress line meets a closed
    /// pipe. The run drops them and still writes its results (it trapped in `FileHandle.write`,
    /// exit 132, with the run half done).
    @Test(.slow) func aClosedOutputPipeDoesNotEndTheRun() throws {
        let out = try TestSupport.temporaryDirectory()
        let status = out.appendingPathComponent("status")
        let shell = #"{ "$0" "$@" 2>&1; echo $? > "$STATUS"; } | head -n 1 > /dev/null"#
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")  // dash ends a group whose command died of a signal
        process.arguments = [
            "-c", shell, TestSupport.executable.path, "run", "--allow-debug", "--quick", "--no-count",
            "--strategy", "synthesized", "--strategy", "handwritten", "--profile", "tiny", "--out", out.path,
        ]
        process.environment = ProcessInfo.processInfo.environment.merging(["STATUS": status.path]) { $1 }
        process.currentDirectoryURL = TestSupport.packageRoot
        try process.run()
        process.waitUntilExit()
        let exitStatus = try String(contentsOf: status, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(exitStatus == "0")
        let rows = try ResultsCSV.read(out.appendingPathComponent("latest/results.csv"))
        #expect(rows.contains { $0.cell.strategy == "handwritten" && $0.ratio != nil })
    }

    /// Ctrl-C (or SIGTERM) mid-run: the run finishes short (every comparison from what it has, the
    /// reports written, opening with "Interrupted after"), ends as the signal would end it, ends its
    /// workers (one of them hung in its strategy, which it does not wait out) and leaves nothing in
    /// the temporary folder (before, the generated payloads and a folder per worker stayed there,
    /// and a hung worker spun on alone).
    @Test(.slow, arguments: [SIGINT, SIGTERM])
    func aSignalMidRunEndsItsWorkersAndLeavesNoTemporaryFiles(signal: Int32) throws {
        let temporary = try TestSupport.temporaryDirectory()
        let out = try TestSupport.temporaryDirectory()
        let process = Process()
        process.executableURL = TestSupport.executable
        // A budget and a target it cannot meet before the signal comes.
        process.arguments = [
            "run", "--allow-debug", "--no-count", "--strategy", "synthesized", "--strategy", "ref-foundation-scan",
            "--strategy", "selftest-hangs", "--profile", "tiny", "--budget", "120", "--precision", "0.00001",
            "--out", out.path,
        ]
        // The project's own variable: on Darwin the temporary folder comes from confstr, not TMPDIR.
        process.environment = ProcessInfo.processInfo.environment.merging([ScratchSpace.scratchVariable: temporary.path]) { $1 }
        let errors = try TestSupport.temporaryDirectory().appendingPathComponent("stderr.txt")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errors)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Wait (polling, at most a minute) until the run's scratch folder holds its three workers'
        // folders and the three have started (a worker's folder is made before its process).
        let scratch = temporary.appendingPathComponent("codablebench-\(process.processIdentifier)")
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline,
            ((try? FileManager.default.contentsOfDirectory(atPath: scratch.path)) ?? []).count(where: { $0.hasPrefix("worker-") }) < 3
                || Self.children(of: process.processIdentifier).count < 3
        {
            Thread.sleep(forTimeInterval: 0.05)
        }
        // The run's scratch space was where the test looks (else the checks below would hold vacuously).
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: scratch.path)) ?? []).count(where: { $0.hasPrefix("worker-") }) >= 3)
        let workers = Self.children(of: process.processIdentifier)
        SystemCalls.send(signal, to: process.processIdentifier)
        process.waitUntilExit()
        let stderr = try String(contentsOf: errors, encoding: .utf8)
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal, "\(stderr)")
        #expect(stderr.contains("finishing the run with what it has measured"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("latest/results.csv").path))
        let report = try String(contentsOf: out.appendingPathComponent("latest/report.md"), encoding: .utf8)
        #expect(report.contains("**Interrupted after"), "\(report.prefix(400))")
        // Every worker ended, the hung one too (allow the kernel a few seconds).
        #expect(workers.count >= 3)
        let deadline2 = Date().addingTimeInterval(10)
        while Date() < deadline2, workers.contains(where: Self.isRunning) { Thread.sleep(forTimeInterval: 0.05) }
        #expect(!workers.contains(where: Self.isRunning), "still running: \(workers.filter(Self.isRunning))")
    }

    /// `run --resume` continues a run that did not reach its end, in its folder, from its samples
    /// (kept as they were, the new ones after them, the generations numbered on), to a run with no
    /// cell left interrupted; it takes no other option. The folder is made as a kill after two
    /// generations leaves it (a signal's timing cannot be chosen: these comparisons settle in under
    /// a second): a whole run's, cut back to its first two generations, run.json not finished.
    @Test(.slow) func aResumedRunContinuesFromItsSamples() throws {
        let out = try TestSupport.temporaryDirectory()
        let whole = try TestSupport.run([
            "run", "--allow-debug", "--no-count", "--strategy", "synthesized", "--strategy", "ref-foundation-scan",
            "--profile", "tiny", "--profile", "small", "--budget", "4", "--out", out.path,
        ])
        #expect(whole.status == 0, "\(whole.stderr)")
        let folder = out.appendingPathComponent("latest").resolvingSymlinksInPath()
        var info = try #require(RecordedRun.load(folder.path).info)
        info.finished = false
        info.sampling = nil
        try info.write(to: folder)
        let samplesFile = folder.appendingPathComponent("samples.csv")
        let before = try SamplesCSV.read(samplesFile).filter { $0.generation < 2 }
        try (SamplesCSV.header + before.map(SamplesCSV.line).joined()).write(to: samplesFile, atomically: true, encoding: .utf8)
        let pairsFile = folder.appendingPathComponent("pairs.csv")
        let pairLines = try String(contentsOf: pairsFile, encoding: .utf8).split(separator: "\n")
        let keptPairs = pairLines.dropFirst().filter { Int($0.split(separator: ",")[5])! < 2 }
        try ([pairLines[0]] + keptPairs).map { $0 + "\n" }.joined().write(to: pairsFile, atomically: true, encoding: .utf8)
        try ResultsCSV.header.write(to: folder.appendingPathComponent("results.csv"), atomically: true, encoding: .utf8)
        #expect(Set(before.map(\.generation)) == [0, 1] && !keptPairs.isEmpty)

        let alone = try TestSupport.run(["run", "--resume", folder.path, "--quick"])
        #expect(alone.status == 2 && alone.stderr.contains("pass it alone"), "\(alone.stderr)")
        let resumed = try TestSupport.run(["run", "--resume", folder.path])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("resuming run \(folder.lastPathComponent): \(before.count) samples read back"))
        let after = try SamplesCSV.read(samplesFile)
        #expect(Array(after.prefix(before.count)) == before)
        #expect(after.count > before.count && after.dropFirst(before.count).allSatisfy { $0.generation >= 2 })
        #expect(try PairsCSV.read(pairsFile).reduce(0) { $0 + $1.byGeneration.values.joined().count } > keptPairs.count)
        let run = try RecordedRun.load(folder.path)
        #expect(run.info?.finished == true && run.info?.resumed?.samples == before.count)
        #expect(run.resultRows.count(where: { $0.metric == .wallTime }) == 4)
        #expect(run.resultRows.allSatisfy { $0.outcome == $0.expectedOutcome && !$0.detail.contains("interrupted") })
        let finished = try TestSupport.run(["run", "--resume", folder.path])
        #expect(finished.status == 2 && finished.stderr.contains("nothing to resume"), "\(finished.stderr)")
    }

    /// The process table through `ps` (procps on Linux, BSD's on macOS): pid, parent, state.
    static func processTable() -> [(pid: pid_t, parent: pid_t, state: Substring)] {
        let run = try? TestSupport.run(["ps", "-A", "-o", "pid=,ppid=,stat="], program: URL(fileURLWithPath: "/usr/bin/env"))
        return (run?.stdout ?? "").split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count >= 3, let pid = pid_t(fields[0]), let parent = pid_t(fields[1]) else { return nil }
            return (pid, parent, fields[2])
        }
    }

    /// The pids whose parent is `pid`.
    static func children(of pid: pid_t) -> [pid_t] {
        processTable().filter { $0.parent == pid }.map(\.pid)
    }

    /// Alive and not a zombie (an orphan's zombie waits for whoever reaps it, maybe no one here).
    static func isRunning(_ pid: pid_t) -> Bool {
        guard let state = processTable().first(where: { $0.pid == pid })?.state.first else { return false }
        return state != "Z" && state != "X"
    }

    @Test func generateWritesTheProfilesBytes() throws {
        let file = try TestSupport.temporaryDirectory().appendingPathComponent("tiny.json")
        let run = try TestSupport.run(["generate", "--profile", "tiny", "--out", file.path])
        #expect(run.status == 0)
        let payload = NewsGenerator.generate(try TestSupport.profile("tiny"))
        #expect(try Data(contentsOf: file) == payload.bytes)
        #expect(run.stdout.contains(payload.sha256))
    }

    @Test func checkExitCodesFollowTheGatesDecision() throws {
        typealias Spec = SyntheticRuns.CellSpec
        let baseline = try SyntheticRuns.file([Spec(strategy: "synthesized")])
        let same = try SyntheticRuns.file([Spec(strategy: "synthesized")])
        let worse = try SyntheticRuns.file([Spec(strategy: "synthesized", allocations: 3_030)])
        let pass = try TestSupport.run(["check", "--baseline", baseline, "--current", same])
        #expect(pass.status == 0 && pass.stdout.contains("check passed"))
        let fail = try TestSupport.run(["check", "--baseline", baseline, "--current", worse])
        #expect(fail.status == 1)
        #expect(fail.stdout.contains("REGRESSION synthesized on small: allocations 3000 → 3030"))
        let missing = try TestSupport.run(["check", "--baseline", "/nonexistent/baseline.csv", "--current", same])
        #expect(missing.status == 2 && missing.stderr == "error: baseline not found: /nonexistent/baseline.csv\n")
        let other = try SyntheticRuns.file([Spec(strategy: "synthesized", sha: String(repeating: "c", count: 64))])
        let mismatch = try TestSupport.run(["check", "--baseline", baseline, "--current", other])
        #expect(mismatch.status == 2 && mismatch.stderr.contains("different payloads"))
        #expect(mismatch.stderr.split(separator: "\n").count == 1)
    }

    /// `baseline update` writes the run's rows under one header, and again in place of the file.
    @Test func baselineUpdateWritesOneHeaderAndReplacesTheFile() throws {
        typealias Spec = SyntheticRuns.CellSpec
        let run = try SyntheticRuns.file([Spec(strategy: "synthesized"), Spec(strategy: "handwritten")])
        let target = try TestSupport.temporaryDirectory().appendingPathComponent("baseline/ci.csv")
        for _ in 0..<2 {
            let update = try TestSupport.run(["baseline", "update", "--from", run, "--to", target.path])
            #expect(update.status == 0, "\(update.stderr)")
        }
        let text = try String(contentsOf: target, encoding: .utf8)
        #expect(text.components(separatedBy: ResultsCSV.header).count == 2)
        #expect(try ResultsCSV.read(target) == (try ResultsCSV.read(URL(fileURLWithPath: run))))
        let unwritable = try TestSupport.run(["baseline", "update", "--from", run, "--to", "/proc/none/ci.csv"])
        #expect(unwritable.status == 3 && unwritable.stderr.hasPrefix("error: cannot write /proc/none/ci.csv"))
    }

    @Test func acrossNeedsTwoRunsWithRatiosAndSaysSoInOneLine() throws {
        let good = try SyntheticRuns.file([.init(strategy: "a")])
        for arguments in [["across", good], ["across", good, "/nonexistent/results.csv"]] {
            let run = try TestSupport.run(arguments)
            #expect(
                run.status == 2 && run.stderr.hasPrefix("error: ") && run.stderr.split(separator: "\n").count == 1,
                "\(arguments): \(run.status) \(run.stderr)")
        }
    }

    @Test func aMissingCorpusFolderIsOneLineAndExitTwo() throws {
        let run = try TestSupport.run(["run", "--allow-debug", "--corpus-dir", "/nonexistent/corpora"])
        #expect(
            run.status == 2 && run.stderr.hasPrefix("error: --corpus-dir /nonexistent/corpora does not exist")
                && run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    }

    @Test func compareRejectsCorruptInputWithExitTwo() throws {
        let dir = try TestSupport.temporaryDirectory()
        let empty = dir.appendingPathComponent("empty.csv")
        try Data().write(to: empty)
        let good = try SyntheticRuns.file([.init(strategy: "a")])
        for bad in [empty.path, "/nonexistent/results.csv"] {
            let run = try TestSupport.run(["compare", bad, good])
            #expect(
                run.status == 2 && run.stderr.hasPrefix("error: ") && run.stderr.split(separator: "\n").count == 1,
                "\(run.stderr)")
        }
        let ok = try TestSupport.run(["compare", good, good])
        #expect(ok.status == 0 && ok.stdout.contains("no change"))
    }

    @Test(.slow) func anyJSONFileRunsTheModelFreeStrategies() throws {
        // A file the project has never seen: a generated payload, rewritten by JSONSerialization
        // (sorted keys), plus a hand-written one with values the type-guessing readers change.
        let dir = try TestSupport.temporaryDirectory()
        let object = try JSONSerialization.jsonObject(with: NewsGenerator.generate(try TestSupport.profile("tiny")).bytes)
        let rewritten = dir.appendingPathComponent("rewritten.json")
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]).write(to: rewritten)
        let drift = dir.appendingPathComponent("drift.json")
        try Data(#"{"values": [1, 2.0, true], "name": "x"}"#.utf8).write(to: drift)
        let run = try TestSupport.run([
            "run", "--allow-debug", "--quick", "--no-count", "--out", dir.path,
            "--payload", rewritten.path, "--payload", drift.path,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let rows = try ResultsCSV.read(dir.appendingPathComponent("latest/results.csv"))
        func outcome(_ strategy: String, _ file: String) -> Outcome? {
            rows.first { $0.cell.strategy == strategy && $0.cell.profile == file }?.outcome
        }
        #expect(Set(rows.map(\.cell.group)) == ["any-json", "references"])
        for strategy in ["any-jsonserialization-exact", "ref-foundation-scan", "ref-jsonserialization-parse", "ref-memcpy"] {
            #expect(outcome(strategy, "rewritten.json") == .ok && outcome(strategy, "drift.json") == .ok, "\(strategy)")
        }
        #expect(outcome("any-json-enum", "drift.json") == .wrongOutput)
        #expect(rows.first { $0.cell.profile == "rewritten.json" }?.cell.knobs == "file=\(rewritten.path)")
        // JSONSerialization rewrote 2.0 as 2, so the JSON enum agrees with the exact reading; the
        // payload's integers 1 still turn into true for the as?-casts reading.
        #expect(outcome("any-json-enum", "rewritten.json") == .ok)
        #expect(outcome("any-jsonserialization-casts", "rewritten.json") == .wrongOutput)
    }

    @Test func hostilePayloadFilesGetAnOutcomeNeverACrashOfTheHarness() throws {
        let dir = try TestSupport.temporaryDirectory()
        let tiny = NewsGenerator.generate(try TestSupport.profile("tiny")).bytes
        let files: [(String, Data)] = [
            ("empty.json", Data()),
            ("truncated.json", tiny.prefix(tiny.count / 2)),
            ("not-utf8.json", Data([0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x3A, 0x31, 0x7D])),
            ("deep.json", Data(String(repeating: "[", count: 100_000).utf8) + Data(String(repeating: "]", count: 100_000).utf8)),
        ]
        for (name, bytes) in files { try bytes.write(to: dir.appendingPathComponent(name)) }
        let run = try TestSupport.run(
            [
                "run", "--allow-debug", "--quick", "--no-count", "--timeout", "20", "--out", dir.path,
                "--strategy", "any-json-enum", "--strategy", "any-jsonserialization-exact",
            ]
                + files.flatMap { ["--payload", dir.appendingPathComponent($0.0).path] })
        #expect(run.status == 0, "\(run.stderr)")
        let rows = try ResultsCSV.read(dir.appendingPathComponent("latest/results.csv"))
        #expect(Set(rows.map(\.cell.profile)) == Set(files.map(\.0)))
        for name in ["empty.json", "truncated.json", "not-utf8.json"] {
            for row in rows where row.cell.profile == name {
                #expect(row.outcome == .threw, "\(row.cell.strategy) on \(name): \(row.outcome)")
                #expect(!row.detail.isEmpty && !row.detail.contains("\n"))
            }
        }
        // 100,000 nested arrays: whatever each parser does, the cell has an outcome and the run went on.
        #expect(rows.filter { $0.cell.profile == "deep.json" }.count >= 2)
    }

    @Test(arguments: [("/nonexistent/x.json", "payload not found: /nonexistent/x.json"), ("/tmp", "payload is a directory")])
    func badPayloadFileIsOneLineAndExitTwo(path: String, message: String) throws {
        let run = try TestSupport.run(["run", "--allow-debug", "--payload", path])
        #expect(
            run.status == 2 && run.stderr.hasPrefix("error: \(message)") && run.stderr.split(separator: "\n").count == 1,
            "\(run.stderr)")
    }

    static let testSuite = TestSupport.shared.appendingPathComponent("JSONTestSuite/test_parsing")

    @Test(.enabled(if: FileManager.default.fileExists(atPath: testSuite.path), "needs ../shared/JSONTestSuite"))
    func conformanceSweepOnASampleOfJSONTestSuite() throws {
        let dir = try TestSupport.temporaryDirectory()
        let sample = [
            "y_array_empty.json", "y_structure_lonely_int.json", "n_structure_unclosed_array.json",
            "n_array_extra_comma.json", "n_number_0.1.2.json", "n_structure_100000_opening_arrays.json",
        ]
        for file in sample {
            try FileManager.default.copyItem(at: Self.testSuite.appendingPathComponent(file), to: dir.appendingPathComponent(file))
        }
        let out = try TestSupport.temporaryDirectory()
        let run = try TestSupport.run(["conformance", "--dir", dir.path, "--timeout", "20", "--out", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        let folder = try #require(try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("runs").path).first)
        let (header, rows) = try CSVFormat.read(out.appendingPathComponent("runs/\(folder)/conformance.csv"))
        #expect(header == ["file", "expected", "strategy", "result", "disagrees", "detail"])
        func result(_ file: String, _ strategy: String) -> String? {
            rows.first { $0[0] == file && $0[2] == strategy }?[3]
        }
        #expect(rows.count == sample.count * 6)  // any-json (4) and the references but memcpy (2)
        #expect(!rows.contains { $0[2] == "ref-memcpy" })
        for strategy in ["any-jsonserialization-exact", "any-json-enum", "ref-foundation-scan"] {
            #expect(result("y_array_empty.json", strategy) == "accept")
            #expect(result("n_structure_unclosed_array.json", strategy) == "reject")
            // Foundation's parsers accept a trailing comma, which the standard forbids.
            #expect(result("n_array_extra_comma.json", strategy) == "accept")
        }
        // JSONSerialization's default options refuse a top-level scalar; with .fragmentsAllowed it is read.
        #expect(result("y_structure_lonely_int.json", "ref-jsonserialization-parse") == "reject")
        #expect(result("y_structure_lonely_int.json", "any-jsonserialization-exact") == "accept")
        // JSONDecoder does not check a number it never decodes: the empty struct "accepts" 0.1.2.
        #expect(result("n_number_0.1.2.json", "ref-foundation-scan") == "accept")
        #expect(result("n_number_0.1.2.json", "any-json-enum") == "reject")
        // 100,000 nested arrays: rejected, crashed or timed out, but the sweep itself completed.
        #expect(["reject", "crash", "timeout"].contains(result("n_structure_100000_opening_arrays.json", "any-json-enum") ?? ""))
        #expect(run.stdout.contains("| any-json-enum |"))
    }

    @Test func listShowsEveryVisibleStrategyWithItsGroupAndExpectation() throws {
        let run = try TestSupport.run(["list"])
        #expect(run.status == 0)
        for id in VerificationTests.visible { #expect(run.stdout.contains(id)) }
        #expect(!run.stdout.contains("selftest-"))
        #expect(run.stdout.contains("synthesized-vs-handwritten") && run.stdout.contains("strict"))
    }
}

/// A count under callgrind is a function of the build, the payload and the cell: a second run of
/// one build takes it from the cache (`ExactCountCache`), and an entry that cannot be read is
/// counted again.
@Suite("Exact counts kept between runs", .slow)
struct ExactCountCacheTests {
    @Test(.enabled(if: Platform.current.hasCallgrind && InstructionRegion.valgrindPath() != nil, "needs valgrind's callgrind"))
    func aSecondRunOfOneBuildCountsNothingAgain() throws {
        let cache = try TestSupport.temporaryDirectory()
        func run(_ extra: [String] = []) throws -> (stderr: String, counts: [String: Double]) {
            let out = try TestSupport.temporaryDirectory()
            let run = try TestSupport.run(
                ["run", "--allow-debug", "--quick", "--no-count", "--profile", "tiny", "--strategy", "synthesized", "--out", out.path]
                    + extra, environment: ["CODABLEBENCH_EXACT_CACHE": cache.path])
            #expect(run.status == 0, "\(run.stderr)")
            let rows = try ResultsCSV.read(out.appendingPathComponent("latest/results.csv")).filter { $0.metric == .instructions }
            return (run.stderr, Dictionary(uniqueKeysWithValues: rows.map { ($0.cell.strategy, $0.summary?.median ?? 0) }))
        }
        let first = try run()
        #expect(!first.counts.isEmpty && !first.stderr.contains("reused from earlier runs"))
        let entries = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasSuffix(".json") }
        #expect(entries.count == first.counts.count)
        let second = try run()
        #expect(second.stderr.contains("exact measures: \(first.counts.count) cells' counts reused from earlier runs"), "\(second.stderr)")
        #expect(second.counts == first.counts)
        // A corrupt entry is counted again, with a warning, to the same count.
        try Data("{".utf8).write(to: cache.appendingPathComponent(entries[0]))
        let third = try run()
        #expect(third.stderr.contains("warning: a cached exact count could not be read"), "\(third.stderr)")
        #expect(third.counts == first.counts)
        // --no-cache neither reuses nor keeps.
        let fourth = try run(["--no-cache"])
        #expect(!fourth.stderr.contains("reused from earlier runs") && fourth.counts == first.counts)
    }
}

/// The exact pass beside the sampling on spare CPUs (`SpareCPUExactPass`) counts what the pass
/// after it would: one lane leaves a CPU spare, two on a two-CPU machine none. Every cell
/// simulates the caches (`--instructions`): otherwise whether a cell's decode is short enough to
/// (`ExactPassPlan`) is timed, and a debug build's decodes here are near the threshold.
@Suite("Exact counts beside the sampling", .slow)
struct SpareCPUExactPassTests {
    @Test(
        .enabled(
            if: Platform.current.hasCallgrind && InstructionRegion.valgrindPath() != nil && (Affinity.allowed()?.count ?? 0) >= 2,
            "needs valgrind's callgrind and two CPUs"))
    func countsTakenBesideTheSamplingAreTheCountsTakenAfterIt() throws {
        func run(lanes: Int) throws -> (stderr: String, counts: [String: Double]) {
            let out = try TestSupport.temporaryDirectory()
            let run = try TestSupport.run([
                "run", "--allow-debug", "--quick", "--no-count", "--no-cache", "--instructions", "--group",
                "missing-and-defaults", "--timing-cpus", "\(lanes)", "--out", out.path,
            ])
            #expect(run.status == 0, "\(run.stderr)")
            let rows = try ResultsCSV.read(out.appendingPathComponent("latest/results.csv")).filter(\.metric.isExact)
            let counts = rows.map { ("\($0.cell.strategy) on \($0.cell.profile), \($0.metric)", $0.summary?.median ?? 0) }
            return (run.stderr, Dictionary(uniqueKeysWithValues: counts))
        }
        let beside = try run(lanes: 1)
        let line = beside.stderr.split(separator: "\n").first { $0.contains("cells counted beside the sampling") }
        let figures = line.map { $0.split(separator: " ").compactMap { Int($0) } } ?? []
        // "exact measures: N of 9 cells counted beside the sampling (CPU 0)": the first comparison
        // to finish is counted while the others sample.
        #expect(figures.count >= 2 && figures[0] >= 1 && figures[1] == 9, "\(beside.stderr)")
        let after = try run(lanes: 2)
        let differing = Set(beside.counts.keys).union(after.counts.keys).sorted().filter {
            after.counts[$0] != beside.counts[$0]
        }
        let figuresOfDiffering = differing.map { "\($0): \(beside.counts[$0] ?? 0) beside, \(after.counts[$0] ?? 0) after" }
        #expect(!beside.counts.isEmpty && differing.isEmpty, "\(figuresOfDiffering)")
    }
}
